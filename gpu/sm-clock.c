/* Measure the SM clock by letting one thread spin against the global timer. */
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "gpu/sm-clock.h"
#include "kernels/kernels.h"

int sm_clock_measure(double *mhz)
{
	unsigned long long *d_out = NULL, out[2] = { 0, 0 };
	int rc;

	if ((rc = cuda_check(cudaMalloc((void **)&d_out, sizeof(out)), "cudaMalloc")))
		return rc;
	/* The first spin wakes the clock from idle; the second is measured (~10 ms at 2 GHz). */
	if ((rc = cuda_check(launch_clock_spin(20000000, d_out, 0), "clock kernel")) ||
	    (rc = cuda_check(launch_clock_spin(20000000, d_out, 0), "clock kernel")) ||
	    (rc = cuda_check(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost),
			     "cudaMemcpy")))
		goto out;
	*mhz = out[1] ? (double)out[0] / (double)out[1] * 1e3 : 0;
out:
	cudaFree(d_out);
	return rc;
}
