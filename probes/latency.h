/*
 * The latency probe: dependent-load pointer chases through global memory
 * at each working-set size, through shared memory and through mapped
 * host memory, and the round trip of a small cudaMemcpy.  Every chase is
 * checked against the host's walk of the same chain; the timed loads'
 * counters say which level served them.  Never prints results.
 */
#ifndef GP_PROBES_LATENCY_H
#define GP_PROBES_LATENCY_H

#include "gpu/device.h"
#include "results/latency.h"

/* Run req on dev (open and current) into run->rows.  0 or a GP_EXIT_* status. */
int lat_probe(const struct gp_device *dev, struct lat_run *run);

#endif
