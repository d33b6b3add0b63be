/*
 * `gpuperf diff` results as tables: the verdict of every figure for
 * machines, the changes first for people with the count of the rest and
 * what differs between the runs, and the changes as bars (--plot).
 */
#ifndef GP_TABLES_DIFF_H
#define GP_TABLES_DIFF_H

#include "diff/compare.h"
#include "tables/tables.h"

/* What `gpuperf diff` read and found. */
struct diff_run {
	struct diff_input before, after;
	struct diff_opts opts;
	struct diff_result res;
};
void diff_run_free(void *diff_run);

#define DIFF_NCOLUMNS 10
extern const struct report_col diff_columns[DIFF_NCOLUMNS];

/* The command's tabulate step (dev unused: diff reads files). */
void tab_diff(struct report *r, const struct gp_device *dev, const void *diff_run);

#endif
