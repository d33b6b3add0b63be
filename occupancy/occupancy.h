/*
 * The occupancy calculator: how many blocks of a kernel fit on one SM,
 * and which limit decides it.
 *
 * From CC 3.0 on the answer is exactly the one NVIDIA's cuda_occupancy.h
 * gives (and the runtime's cudaOccupancyMaxActiveBlocksPerMultiprocessor),
 * with the function's opt-in to the large per-block shared-memory limit
 * assumed and partitioned global caching off; CC 1.x and 2.x follow the
 * Occupancy Calculator spreadsheet (v2.4 and v11.1).  The rules are
 * written out in shared/reference/occupancy.md.
 *
 * Pure C: no CUDA types.  Every number comes from the struct sm_arch row.
 */
#ifndef GP_OCCUPANCY_OCCUPANCY_H
#define GP_OCCUPANCY_OCCUPANCY_H

#include <stddef.h>
#include "arch/arch.h"
#include "results/occupancy-calc.h"

/*
 * Compute the occupancy of in on arch a.  Returns 0, or -1 when the input
 * is out of range (threads < 1, negative counts, carveout outside
 * -1..100, or a device row whose shared memory fits no configuration).
 * A configuration that cannot launch is not an error: blocks == 0 and
 * why says which limit refused it.
 */
int occ_compute(const struct sm_arch *a, const struct occ_input *in, struct occ_result *out);

/* Short lower-case name of one limiter bit ("warps", "registers", ...). */
const char *occ_limiter_name(unsigned bit);
/* The bits of mask as "registers+shared memory" into buf; returns buf. */
char *occ_limiters_string(unsigned mask, char *buf, size_t n);
/* One line on why a configuration cannot launch. */
const char *occ_why_string(enum occ_why why);

/*
 * Distance to the next step: the largest value of r (registers or shared
 * memory) below the current one that allows more blocks than now.
 * Returns 1 with *out filled, 0 when lowering r alone gains nothing.
 */
int occ_next_step(const struct sm_arch *a, const struct occ_input *in,
		  enum occ_resource r, struct occ_step *out);

/*
 * Headroom: the largest value of r at or above the current one that
 * keeps the current number of blocks (> 0).  Returns 1, or 0 when the
 * configuration cannot launch.
 */
int occ_headroom(const struct sm_arch *a, const struct occ_input *in,
		 enum occ_resource r, struct occ_step *out);

/*
 * The spreadsheet's graphs: occupancy as one input varies, the others
 * held.  Threads: every multiple of the warp size up to the per-block
 * maximum; registers: 1 to the per-thread maximum; shared memory: 0 to
 * the per-block limit in allocation units.  The current value is always
 * among the points.  Returns a malloc'ed array of *n points (free it).
 */
struct occ_step *occ_sweep(const struct sm_arch *a, const struct occ_input *in,
			   enum occ_resource r, size_t *n);

#endif
