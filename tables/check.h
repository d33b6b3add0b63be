/*
 * gpuperf check: a row per GPU and item for people and machines
 * ("checks"), a record per GPU for the fleet ("gpus", JSON only), and the
 * comparison with an earlier run through diff's engine.
 */
#ifndef GP_TABLES_CHECK_H
#define GP_TABLES_CHECK_H

#include "diff/read.h"
#include "report/report.h"
#include "results/check.h"
#include "tables/tables.h"

/* Every table of a judged run; dev is unused (the run holds its GPUs). */
void tab_check(struct report *r, const struct gp_device *dev, const void *check_run);

/*
 * --baseline: compare run's figures with base (an earlier check's CSV,
 * or its JSON's section "checks") through diff_tables
 * (diff/compare.h): each figure found worse fails (warns where
 * contended); every figure the baseline holds is set beside the run's.
 * The GPUs are matched in order, the nth GPU of each run.
 */
void tab_check_baseline(struct check_run *run, const struct diff_input *base);

/* The run's checks table into r (keyed "checks"), for diff and for tab_check. */
struct report_table *tab_check_records(struct report *r, const struct check_run *run);

#endif
