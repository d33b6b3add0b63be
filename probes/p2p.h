/*
 * The peer-to-peer probe: for ordered pairs of GPUs, whether one can
 * address the other's memory, and copy bandwidth one way (the copy engine
 * of the writing or of the reading device, the SMs of either) and both
 * ways at once, every copy verified.  A pair of one device with itself is
 * that device's own copy engines and SMs (nvbandwidth's local copy).
 * Never prints results.
 */
#ifndef GP_PROBES_P2P_H
#define GP_PROBES_P2P_H

#include <stddef.h>
#include <stdint.h>
#include "gpu/device.h"
#include "results/p2p.h"

struct p2p_opts {
	uint64_t size;          /* bytes per copy, per direction */
	int reps, warmup;
	const int *pairs;       /* src, dst, src, dst, ... */
	size_t npairs;
	void (*progress)(size_t done, size_t total, void *arg);
	void *progress_arg;
};

/*
 * Measure o's pairs; devs[i] must be opened for every index a pair names
 * (run->devs, run->ndevs filled by the caller).  0, or GP_EXIT_FAIL
 * (CUDA error, a copy that arrived wrong) after a message.  Peer access
 * enabled here is disabled again.
 */
int p2p_probe(const struct p2p_opts *o, struct p2p_run *run);

#endif
