/*
 * What every chase of the latency probe shares (probes/latency-priv.h):
 * its untimed loads, the seed of its chain, fetching its timed segments
 * and the message of a chase that ended in the wrong place.  The global
 * sweep (latency.c) and the other rows (latency-extra.c) both call it.
 */
#include <cuda_runtime_api.h>

#include "gpu/cuda-check.h"
#include "kernels/kernels.h"
#include "probes/latency-priv.h"
#include "util/error.h"

unsigned lat_untimed(uint64_t n)
{
	uint64_t u = n < LAT_UNTIMED_MAX ? n : LAT_UNTIMED_MAX;

	return (unsigned)((u + LAT_UNROLL - 1) / LAT_UNROLL * LAT_UNROLL);
}

uint64_t lat_seed(uint64_t n, enum chase_pattern p)
{
	return 0x6770757065726600ull ^ (n << 1) ^ (uint64_t)p;
}

int lat_wrong_end(const char *what, uint64_t got, uint64_t want)
{
	return gp_error(GP_EXIT_FAIL, "verification failed: %s: the chase ended at 0x%llx, the "
			"host's walk of the chain at 0x%llx", what, (unsigned long long)got,
			(unsigned long long)want);
}

int lat_fetch(struct lat_ctx *c, unsigned steps, struct stats *per_load, uint64_t *end)
{
	long long cyc[LAT_SEGMENTS];
	double v[LAT_SEGMENTS];
	int rc;

	if ((rc = cuda_check(cudaMemcpyAsync(cyc, c->d_cycles, sizeof(cyc), cudaMemcpyDeviceToHost,
					     c->st), "cudaMemcpyAsync")) ||
	    (rc = cuda_check(cudaMemcpyAsync(end, c->d_end, sizeof(*end), cudaMemcpyDeviceToHost,
					     c->st), "cudaMemcpyAsync")) ||
	    (rc = cuda_check(cudaStreamSynchronize(c->st), "latency chase")))
		return rc;
	for (int s = 0; s < LAT_SEGMENTS; s++)
		v[s] = (double)cyc[s] / steps;
	stats_compute(v, LAT_SEGMENTS, per_load);
	return 0;
}
