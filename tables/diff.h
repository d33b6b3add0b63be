/*
 * `gpuperf diff` results as tables: the verdict of every figure for
 * machines, the changes first for people with the count of the rest and
 * what differs between the runs, and the changes as bars (--plot).
 */
#ifndef GP_TABLES_DIFF_H
#define GP_TABLES_DIFF_H

#include "results/diff.h"
#include "tables/tables.h"

/* The command's tabulate step (dev unused: diff reads files). */
void tab_diff(struct report *r, const struct gp_device *dev, const void *diff_run);

#endif
