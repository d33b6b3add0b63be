/*
 * SM clock as the device sees it: one thread spins for a number of SM
 * cycles and reports how many cycles and nanoseconds (%globaltimer) went
 * by.  Their ratio is the clock the SM actually ran at, without NVML or
 * root, and without changing any clock setting.
 */
#include "kernels/kernels.h"

static __device__ unsigned long long global_ns(void)
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

static __global__ void clock_spin_kernel(long long cycles, unsigned long long *out)
{
	long long c0 = clock64();
	unsigned long long t0 = global_ns();
	long long c1;

	do {
		c1 = clock64();
	} while (c1 - c0 < cycles);
	if (out) {
		out[1] = global_ns() - t0;
		out[0] = (unsigned long long)(c1 - c0);
	}
}

extern "C" cudaError_t launch_clock_spin(long long cycles, unsigned long long *out,
					 cudaStream_t stream)
{
	clock_spin_kernel<<<1, 1, 0, stream>>>(cycles, out);
	return cudaGetLastError();
}
