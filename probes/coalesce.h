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
#include "model/coalesce.h"
#include "model/trust.h"
#include "util/stats.h"

#define COAL_BLOCK 256          /* threads per block (offset, stride, AoS) */
#define COAL_PER_THREAD 4       /* independent accesses per thread */
#define COAL_MIN_ACCESSES 65536 /* fewer than this measures nothing useful */
#define COAL_TILE 32            /* transpose tile */

/* What one launch of a configuration does, worked out without a GPU. */
struct coal_plan {
	uint64_t accesses;      /* per op: warp lanes x instructions (elements of width) */
	uint64_t span_bytes;    /* bytes of each buffer the launch reaches */
	uint64_t pitch;         /* transpose: matrix side in elements */
	double bytes_requested; /* loads + stores the threads ask for */
};

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

struct coal_result {
	struct coal_config cfg; /* as run (pitch filled in for transposes) */
	struct coal_plan plan;
	struct stats ms;        /* per launch */
	double bandwidth_gbs;   /* bytes requested / median time, 10^9 B/s */
	/* Counters for one launch; NAN when missing. */
	double ld_sectors, ld_requests;
	double st_sectors, st_requests;
	double dram_read_bytes, dram_write_bytes;
};

/*
 * What `gpuperf coalesce` measured, or (model) only predicts: cfgs[0] is
 * the coalesced copy every bandwidth is compared with, not a row.
 */
struct coal_run {
	int model;                 /* predictions only: res is NULL */
	struct coal_config *cfgs;
	size_t n;
	struct coal_result *res;   /* res[i] for cfgs[i] */
	unsigned width;            /* bytes per access of every configuration */
	int reps, warmup;
	struct trust_summary watch;  /* the device while it measured (cli/steps.c fills it) */
};
void coal_run_free(void *coal_run);

/*
 * Run cfgs[0..n) on dev (already opened), filling res[0..n).  Every
 * configuration must have passed coal_plan.  0, or GP_EXIT_FAIL
 * (CUDA error, not enough memory, wrong output), or GP_EXIT_NOCOUNTERS.
 */
int coal_probe(const struct gp_device *dev, const struct coal_opts *o,
	       const struct coal_config *cfgs, size_t n, struct coal_result *res);

#endif
