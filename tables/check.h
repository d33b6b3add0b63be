/*
 * gpuperf check: a row per GPU and item for people and machines
 * ("checks") and a record per GPU for the fleet ("gpus", JSON only).
 */
#ifndef GP_TABLES_CHECK_H
#define GP_TABLES_CHECK_H

#include "report/report.h"
#include "results/check.h"
#include "tables/tables.h"

/* Every table of a judged run; dev is unused (the run holds its GPUs). */
void tab_check(struct report *r, const struct gp_device *dev, const void *check_run);

/* The run's checks table into r (keyed "checks"), for diff and for tab_check. */
struct report_table *tab_check_records(struct report *r, const struct check_run *run);

#endif
