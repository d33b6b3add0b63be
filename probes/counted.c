/* One counter session over a sweep's launches, shared by the probes that count. */
#include <math.h>
#include "gpu/cuda-check.h"
#include "probes/counted.h"

int probe_count_launches(const struct gp_device *dev, enum counters_mode mode,
			 const enum ctr_id *ids, size_t nids, timing_work_fn fn,
			 void *args, size_t arg_size, size_t n, cudaStream_t s,
			 const char *what, double *values)
{
	struct ctr_set *cs = NULL;
	int rc = 0, crc;

	for (size_t i = 0; i < n * nids; i++)
		values[i] = NAN;
	if ((crc = ctr_open(dev, mode, ids, nids, &cs)) || !cs)
		return crc;
	if (!(crc = ctr_begin(cs))) {
		for (size_t i = 0; i < n && !rc; i++)
			rc = cuda_check(fn((char *)args + i * arg_size, s), what);
		if (!rc)
			rc = cuda_check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
		crc = ctr_end(cs);
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
