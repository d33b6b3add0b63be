/*
 * check --baseline: the run's figures against an earlier run's, through
 * diff's engine (judge/compare.h).  The run's own table is made by its
 * caller (tables/check.h, tab_check_records), so judging never reaches
 * back into tabulating.
 */
#ifndef GP_JUDGE_BASELINE_H
#define GP_JUDGE_BASELINE_H

#include "judge/read.h"
#include "report/report.h"
#include "results/check.h"

/*
 * Compare now, run's checks table, with base (an earlier check's CSV, or
 * its JSON's section "checks") through diff_tables: each figure found
 * worse fails (warns where contended); every figure the baseline holds is
 * set beside the run's.  The GPUs are matched in order, the nth GPU of
 * each run.  now's key may be set to the baseline's.
 */
void check_judge_against(struct check_run *run, const struct diff_input *base,
			 struct report_table *now);

#endif
