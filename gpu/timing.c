/* Event timing of repeated device work. */
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "gpu/timing.h"
#include "util/error.h"

int timing_run(timing_work_fn fn, void *arg, cudaStream_t stream,
	       int warmup, int reps, double *ms)
{
	cudaEvent_t start = NULL, stop = NULL;
	int rc;

	if ((rc = cuda_check(cudaEventCreate(&start), "cudaEventCreate")) ||
	    (rc = cuda_check(cudaEventCreate(&stop), "cudaEventCreate")))
		goto out;
	for (int i = 0; i < warmup; i++)
		if ((rc = cuda_check(fn(arg, stream), "warm-up launch")))
			goto out;
	for (int i = 0; i < reps; i++) {
		float t = 0;
		if ((rc = cuda_check(cudaEventRecord(start, stream), "cudaEventRecord")) ||
		    (rc = cuda_check(fn(arg, stream), "timed launch")) ||
		    (rc = cuda_check(cudaEventRecord(stop, stream), "cudaEventRecord")) ||
		    (rc = cuda_check(cudaEventSynchronize(stop), "cudaEventSynchronize")) ||
		    (rc = cuda_check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime")))
			goto out;
		ms[i] = t;
	}
out:
	if (start)
		cudaEventDestroy(start);
	if (stop)
		cudaEventDestroy(stop);
	return rc;
}
