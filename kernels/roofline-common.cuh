/*
 * What every roofline kernel does at its start and end (kernels/roofline.cu,
 * kernels/roofline-sm90a.cu): thread 0 notes the SM clock and the global
 * timer, and at the end, once the block's threads have counted their
 * wrong values, adds the block's cycles, nanoseconds and its completion to
 * the launch's struct roof_check.
 */
#ifndef GP_KERNELS_ROOFLINE_COMMON_CUH
#define GP_KERNELS_ROOFLINE_COMMON_CUH

#include "kernels/kernels.h"

namespace roof {

__device__ __forceinline__ unsigned long long global_ns()
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

struct block_clock {
	long long c0;
	unsigned long long t0;
};

__device__ __forceinline__ void begin(block_clock &bc)
{
	if (threadIdx.x == 0) {
		bc.c0 = clock64();
		bc.t0 = global_ns();
	}
}

__device__ __forceinline__ void end(const block_clock &bc, unsigned bad, roof_check *chk)
{
	if (bad)
		atomicAdd(&chk->bad, (unsigned long long)bad);
	__syncthreads();
	if (threadIdx.x == 0) {
		long long c1 = clock64();
		unsigned long long t1 = global_ns();

		atomicAdd(&chk->cycles, (unsigned long long)(c1 - bc.c0));
		atomicAdd(&chk->ns, t1 - bc.t0);
		atomicAdd(&chk->blocks, 1ull);
	}
}

/* Block 0's thread 0 keeps its first values' bits, for the message of a failed check. */
template <int N>
__device__ __forceinline__ void sample(roof_check *chk, const uint32_t (&words)[N])
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
#pragma unroll
		for (int i = 0; i < N && i < ROOF_SAMPLE_WORDS; i++)
			chk->sample[i] = words[i];
	}
}

}  // namespace roof

#endif
