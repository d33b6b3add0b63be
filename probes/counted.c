/* One counter session over a sweep's launches, shared by the probes that count. */
#include <math.h>
#include <stdlib.h>
#include "gpu/cuda-check.h"
#include "probes/counted.h"
#include "util/error.h"

/* values[i * nids + j]: counter ids[j] of launch i, NAN where it could not be read. */
static int count_launches(const struct gp_device *dev, enum counters_mode mode,
			  const struct probe_counted *c, size_t n, cudaStream_t s, double *values)
{
	struct ctr_set *cs = NULL;
	size_t nids = c->nids;
	int rc = 0, crc, user;

	for (size_t i = 0; i < n * nids; i++)
		values[i] = NAN;
	if ((crc = ctr_open(dev, mode, c->ids, nids, &cs)) || !cs)
		return crc;
	ctr_expect_ranges(cs, n);   /* one range per launch: an image for n, not 1024 */
	/*
	 * A set of one pass: each launch a user range of its own, no replay
	 * (auto range with kernel replay costs ~30 ms a launch even then).
	 */
	user = ctr_passes(cs) == 1;
	if (user) {
		ctr_bracketed_ranges(cs);
		/* a user range counts whatever runs: the sweep's timed runs end first */
		rc = cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
	}
	if (!rc && !(crc = ctr_begin(cs))) {
		int erc;

		for (size_t i = 0; i < n && !rc && !crc; i++) {
			if (user && (crc = ctr_range_push(cs)))
				break;
			rc = cuda_check(c->launch((char *)c->args + i * c->arg_size, s), c->what);
			if (user && !rc)
				crc = ctr_range_pop(cs);
		}
		if (!rc)
			rc = cuda_check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
		erc = ctr_end(cs);
		if (!crc)
			crc = erc;
	}
	for (size_t i = 0; !rc && !crc && i < n && i < ctr_nranges(cs); i++)
		if (ctr_read(cs, i, values + i * nids))
			for (size_t j = 0; j < nids; j++)
				values[i * nids + j] = NAN;
	ctr_close(cs);
	if (rc)
		return rc;
	/* a counter failure mid-run leaves the columns empty unless counters are required */
	return mode == COUNTERS_REQUIRE ? crc : 0;
}

int probe_count_sweep(const struct gp_device *dev, enum counters_mode mode,
		      const struct probe_counted *c, size_t n, cudaStream_t s)
{
	double *v = gp_xmalloc(n * c->nids * sizeof(*v));
	int rc = count_launches(dev, mode, c, n, s, v);

	for (size_t i = 0; !rc && i < n; i++)
		c->store(v + i * c->nids, (char *)c->results + i * c->result_size);
	free(v);
	return rc;
}
