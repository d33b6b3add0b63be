/*
 * Inside the latency probe: what its global sweep (latency.c) and its
 * other chases (latency-extra.c) share; the helpers in latency-chase.c.
 */
#ifndef GP_PROBES_LATENCY_PRIV_H
#define GP_PROBES_LATENCY_PRIV_H

#include <cuda_runtime_api.h>
#include "probes/latency.h"

/* Device outputs of the chases: one timed launch and the two counted ones. */
#define LAT_END_WORDS 6

struct lat_ctx {
	const struct gp_device *dev;
	cudaStream_t st;
	long long *d_cycles;       /* LAT_SEGMENTS x LAT_COUNT_SCALE: counted chases time too */
	uint64_t *d_end;           /* LAT_END_WORDS: [0..1] timed, [2..3] and [4..5] counted */
};

/*
 * After a timed chase of `segments` x `steps` loads: its cycles per load
 * into *per_load and the pointer (or offset) it reached into *end.
 */
int lat_fetch(struct lat_ctx *c, unsigned steps, struct stats *per_load, uint64_t *end);

/* "verification failed" for a chase that ended at got instead of want. */
int lat_wrong_end(const char *what, uint64_t got, uint64_t want);

/* Untimed loads before the timed ones: one pass of a short chain, else LAT_UNTIMED_MAX. */
unsigned lat_untimed(uint64_t n);

/* The seed of a chain's order: the same chain every run. */
uint64_t lat_seed(uint64_t n, enum chase_pattern p);

/* Shared-memory chase, host-memory chase, memcpy round trips: one row each (two for memcpy). */
int lat_shared_row(struct lat_ctx *c, const struct lat_request *req, struct lat_row *row);
int lat_host_row(struct lat_ctx *c, const struct lat_request *req, struct lat_row *row);
int lat_memcpy_rows(struct lat_ctx *c, struct lat_row *h2d, struct lat_row *d2h);

#endif
