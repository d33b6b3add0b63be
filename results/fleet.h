/*
 * What `gpuperf fleet` read and found (judge/fleet.h), and its machine
 * table: a row per GPU and compared figure, and one per GPU-less node.
 * No contract: fleet, like diff, judges outputs that carry their own.
 * Pure C.
 */
#ifndef GP_RESULTS_FLEET_H
#define GP_RESULTS_FLEET_H

#include "judge/fleet.h"
#include "report/report.h"

struct fleet_run {
	struct fleet fleet;
	size_t nfiles;
};
void fleet_run_free(void *fleet_run);

#define FLEET_NCOLUMNS 13
extern const struct report_col fleet_columns[FLEET_NCOLUMNS];

#endif
