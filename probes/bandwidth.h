/*
 * The `gpuperf bandwidth` probe: allocates the arrays, fills and poisons
 * them, times each kernel with CUDA events, verifies every output and
 * returns typed results.  It never prints results (errors only).
 */
#ifndef GP_PROBES_BANDWIDTH_H
#define GP_PROBES_BANDWIDTH_H

#include <stddef.h>
#include <stdint.h>
#include "gpu/device.h"
#include "results/bandwidth.h"

/* Bytes after each array that must keep the poison (catches overruns). */
#define BW_GUARD_BYTES (16u << 10)

/* Device memory kept aside besides the arrays (context, guards, sums). */
#define BW_RESERVE_BYTES (64ull << 20)

/* Minimum GPU time spent on real work before the first sample. */
#define BW_CLOCK_WARMUP_MS 100.0

/*
 * Run the request on dev (already opened and current).  0, GP_EXIT_FAIL
 * (CUDA error, wrong result) or GP_EXIT_USAGE (a fixed configuration the
 * kernel cannot launch), message printed.  Free out with bw_outcome_free()
 * whatever the result.
 */
int bw_probe(const struct gp_device *dev, const struct bw_request *req,
	     struct bw_outcome *out);

#endif
