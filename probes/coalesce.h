/*
 * The coalescing probe: runs offset, stride, AoS and transpose kernels,
 * times them, verifies their output and reads the global-memory counters.
 * Never prints results.
 */
#ifndef GP_PROBES_COALESCE_H
#define GP_PROBES_COALESCE_H

#include <stddef.h>
#include <stdint.h>
#include "counters/counters.h"
#include "gpu/device.h"
#include "results/coalesce.h"

#define COAL_BLOCK 256          /* threads per block (offset, stride, AoS) */
#define COAL_PER_THREAD 4       /* independent accesses per thread */
#define COAL_MIN_ACCESSES 65536 /* fewer than this measures nothing useful */
#define COAL_TILE 32            /* transpose tile */

/*
 * Plan cfg for buffers of size bytes (pure: probes/coalesce-plan.c, so
 * the CLI refuses what does not fit before a GPU is touched).  0, or -1 when the configuration
 * does not fit (offset or stride overrun the buffer before
 * COAL_MIN_ACCESSES accesses, or the matrix would be under 64 x 64).
 */
int coal_plan(const struct coal_config *cfg, uint64_t size, struct coal_plan *p);

struct coal_opts {
	uint64_t size;          /* bytes of each of the two buffers */
	int warmup, reps;
	enum counters_mode counters;
	/* Optional progress report, called before each configuration. */
	void (*progress)(size_t done, size_t total, void *arg);
	void *progress_arg;
};

/*
 * Run cfgs[0..n) on dev (already opened), filling res[0..n).  Every
 * configuration must have passed coal_plan.  0, or GP_EXIT_FAIL
 * (CUDA error, not enough memory, wrong output), or GP_EXIT_NOCOUNTERS.
 */
int coal_probe(const struct gp_device *dev, const struct coal_opts *o,
	       const struct coal_config *cfgs, size_t n, struct coal_result *res);

#endif
