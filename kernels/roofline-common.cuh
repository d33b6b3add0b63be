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

/*
 * The largest sum the FP8 (E4M3) tensor instructions of Ada and Hopper
 * keep exact.  They accumulate into FP32 registers with about 14
 * significant bits, not 24: the products are aligned to the largest
 * exponent and cut to their highest 14 bits, sign included, and an
 * accumulator of more than 13 mantissa bits loses its last 10
 * (DeepSeek-V3's report, section 3.3.2; SageAttention2, arXiv
 * 2411.10958).  An H100 summing 1.5 million ones got every value wrong.
 * Integers to 2^11 keep two bits spare, so the FP8 kernels restart from
 * zero every 2^11 / (K x steps) iterations.  FP16, BF16 and TF32 into
 * FP32 are exact to 2^24, INT8 into INT32 to 2^31.
 */
const int FP8_EXACT = 1 << 11;

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
