/*
 * `gpuperf latency` results as tables: a row per chased set and a row per
 * level (the plateaus of the sweep, shared memory, host memory, the
 * cudaMemcpy round trips), the staircase as a chart.
 */
#ifndef GP_TABLES_LATENCY_H
#define GP_TABLES_LATENCY_H

#include "model/chase.h"
#include "model/levels.h"
#include "results/latency.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

/* The command's tabulate step: dev, struct lat_run. */
void tab_latency(struct report *r, const struct gp_device *dev, const void *lat_run);
/* gpuperf all's summary: L1, L2 and DRAM latency. */
void tab_latency_summary(struct all_summary *s, const struct gp_device *dev, const void *lat_run);

/* One level's figure, for gpuperf all's summary. */
struct lat_level {
	const char *name;          /* "L1", "L2", "L2-far", "DRAM", "DRAM-TLB", "shared", "host", ... */
	enum lv_source source;
	uint64_t size_lo, size_hi; /* the sizes of its plateau (chases of one set: both the set) */
	double cycles, ns;         /* cycles NaN for the memcpy round trips */
};

/*
 * The levels of a run in order (plateaus of the sweep, then shared, host,
 * memcpy h2d, d2h); up to max into out; returns how many.
 */
size_t lat_levels(const struct gp_device *dev, const struct lat_run *run,
		  struct lat_level *out, size_t max);

#endif
