/*
 * What `gpuperf diff` read and found: the two outputs, the options and
 * the verdict of every figure (judge/compare.h); its machine table.  No
 * contract: diff makes no results of a device, it judges two outputs
 * that carry their own.  Pure C.
 */
#ifndef GP_RESULTS_DIFF_H
#define GP_RESULTS_DIFF_H

#include "judge/compare.h"
#include "judge/read.h"
#include "report/report.h"

struct diff_run {
	struct diff_input before, after;
	struct diff_opts opts;
	struct diff_result res;
};
void diff_run_free(void *diff_run);

/* A row per figure of a matched row, and one per row found on one side only. */
#define DIFF_NCOLUMNS 10
extern const struct report_col diff_columns[DIFF_NCOLUMNS];

#endif
