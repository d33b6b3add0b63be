/*
 * `gpuperf bandwidth` results as report tables: the machine table (one row
 * per kernel x width x size), the conventions and verdict under it, the
 * --tune summary and the sweep chart.
 */
#ifndef GP_TABLES_BANDWIDTH_H
#define GP_TABLES_BANDWIDTH_H

#include "model/bandwidth.h"
#include "results/bandwidth.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

/* The tables of a struct bw_run (the command's tabulate step). */
void tab_bandwidth_run(struct report *r, const struct gp_device *dev, const void *bw_run);

/*
 * gpuperf all's summary (struct gp_cmd's summarize): DRAM copy, read,
 * write and triad; from the levels step, the L1 and L2 reads.
 */
void tab_bandwidth_summary(struct all_summary *s, const struct gp_device *dev, const void *bw_run);
void tab_bandwidth_levels_summary(struct all_summary *s, const struct gp_device *dev,
				  const void *bw_run);

/* Add the tables of a finished run to r; watch: the device meanwhile (NULL: unknown). */
void tab_bandwidth(struct report *r, const struct gp_device *dev,
		   const struct bw_request *req, const struct bw_outcome *o,
		   const struct trust_summary *watch);

/* The level of a row and how it is known ("counters", "size", "cold"). */
const char *bw_row_level(const struct gp_device *dev, const struct bw_request *req,
			 const struct bw_outcome *o, const struct bw_result *r, const char **source);

/*
 * "copy reaches 89.9 % of theoretical (3012 of 3352 GB/s at 1 GiB)", from
 * copy (else the first kernel) at the largest size, with the ratio to
 * cudaMemcpy and a warning when that working set fits in a cache; buf,
 * or NULL without rows or theoretical bandwidth.
 */
const char *bw_verdict(char *buf, size_t n, const struct gp_device *dev,
		       const struct bw_request *req, const struct bw_outcome *o);

#endif
