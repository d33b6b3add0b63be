/*
 * The bank-conflict probe: a throughput kernel issuing BANK_UNROLL
 * independent shared-memory accesses per loop iteration from every warp,
 * with the lanes' addresses from the model's table, timed, verified and
 * checked with the shared-memory counters.  Never prints results.
 */
#ifndef GP_PROBES_BANKS_H
#define GP_PROBES_BANKS_H

#include <stddef.h>
#include "counters/counters.h"
#include "gpu/device.h"
#include "results/banks.h"

#define BANK_BLOCK 256          /* threads per block */

struct bank_opts {
	int warmup, reps;
	int iters;              /* loop iterations per warp (each BANK_UNROLL accesses) */
	enum counters_mode counters;
	void (*progress)(size_t done, size_t total, void *arg);
	void *progress_arg;
};

/* Run cfgs[0..n) on dev (already opened).  0 or a GP_EXIT_* status. */
int bank_probe(const struct gp_device *dev, const struct bank_opts *o,
	       const struct bank_config *cfgs, size_t n, struct bank_result *res);

#endif
