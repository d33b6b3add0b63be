/*
 * Pointer-chase kernels of `gpuperf latency`: each load's address is the
 * value of the load before, so the chasing warp has one load in flight and
 * the time per step is the latency of the level the chain sits in.  The
 * whole first warp chases, every lane the same chain (one request a step,
 * as a kernel's warp-wide load): on the H100 a lone lane's load returns 2
 * cycles sooner from L1 (32.06 against 34.06 cycles, measured), and the
 * public reference chase (gpu-benches' gpu-latency) runs whole warps too.
 *
 * Global and host memory: the chain holds 64-bit pointers and a step is
 * one generic 64-bit load (LD.E.64 R, [R] in the SASS, the instruction of
 * the public reference chase), 32 steps unrolled per loop iteration so the
 * loop's own instructions overlap the loads.  The loads are inline PTX
 * `ld.u64` in asm volatile: the compiler can neither fold them nor move
 * them across the clock reads.  A timed segment reads %clock64 before its
 * first step and again after its last, the second read waiting for the
 * last load's value (a predicate computed from it), so the segment's
 * cycles cover every load it made.
 *
 * Shared memory: the same with 32-bit shared addresses (LDS R, [R]).
 */
#include <stdint.h>

#include "kernels/kernels.h"
#include "model/chase.h"

namespace {

__device__ __forceinline__ long long clock_now()
{
	long long t;

	asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) : : "memory");
	return t;
}

/* %clock64 once p has arrived: the read waits for the load that produced p. */
__device__ __forceinline__ long long clock_after(uint64_t p)
{
	long long t;

	asm volatile("{\n\t.reg .pred z;\n\tsetp.eq.u64 z, %1, 0;\n\t@z trap;\n\t"
		     "mov.u64 %0, %%clock64;\n\t}" : "=l"(t) : "l"(p) : "memory");
	return t;
}

__device__ __forceinline__ uint64_t step(uint64_t p)
{
	uint64_t q;

	asm volatile("ld.u64 %0, [%1];" : "=l"(q) : "l"(p) : "memory");
	return q;
}

__device__ __forceinline__ uint32_t step_shared(uint32_t p)
{
	uint32_t q;

	asm volatile("ld.shared.u32 %0, [%1];" : "=r"(q) : "r"(p) : "memory");
	return q;
}

/* steps (a multiple of LAT_UNROLL) dependent loads from p, each by STEP. */
template <class P, P (*STEP)(P)> __device__ __forceinline__ P chase_with(P p, unsigned steps)
{
#pragma unroll 1
	for (unsigned k = 0; k < steps; k += LAT_UNROLL) {
#pragma unroll
		for (int u = 0; u < LAT_UNROLL; u++)
			p = STEP(p);
	}
	return p;
}

__device__ __forceinline__ uint64_t chase(uint64_t p, unsigned steps)
{
	return chase_with<uint64_t, step>(p, steps);
}

__device__ __forceinline__ uint32_t chase_shared(uint32_t p, unsigned steps)
{
	return chase_with<uint32_t, step_shared>(p, steps);
}

/*
 * The chasing warp's run: untimed steps, then segments of steps, each
 * timed with %clock64 up to its last load's arrival; lane 0 writes
 * cycles[s].  Returns the pointer reached.
 */
template <class P, P (*CHASE)(P, unsigned)>
__device__ __forceinline__ P timed_chase(P p, unsigned untimed, unsigned steps, unsigned segments,
					 long long *__restrict__ cycles)
{
	p = CHASE(p, untimed);
	for (unsigned s = 0; s < segments; s++) {
		long long t0 = clock_now();

		p = CHASE(p, steps);
		t0 = clock_after(p) - t0;
		if (!threadIdx.x)
			cycles[s] = t0;
	}
	return p;
}

__global__ void build_kernel(char *base, const uint32_t *__restrict__ next, uint64_t n,
			     uint64_t slot, uint64_t stride)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;

	for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += T)
		*(uint64_t *)(base + chase_pos(slot, stride, i)) =
			(uint64_t)(base + chase_pos(slot, stride, next[i]));
}

/*
 * One block: with warm, every thread first reads its share of the
 * elements (so the set sits in whatever caches can hold it, this SM's L1
 * included), then the first warp chases (lane 0 writes the times).
 */
__global__ void __launch_bounds__(LAT_BLOCK)
chase_kernel(const char *base, uint64_t n, uint64_t slot, uint64_t stride, int warm,
	     unsigned untimed, unsigned steps, unsigned segments,
	     long long *__restrict__ cycles, uint64_t *__restrict__ end)
{
	uint64_t p = (uint64_t)(base + chase_pos(slot, stride, 0));

	if (warm) {
		uint64_t acc = 0;

		for (uint64_t i = threadIdx.x; i < n; i += blockDim.x)
			acc += step((uint64_t)(base + chase_pos(slot, stride, i)));
		if (acc == 1)  /* never: keeps the warm-up loads */
			end[1] = acc;
		__syncthreads();
	}
	if (threadIdx.x >= 32)
		return;
	p = timed_chase<uint64_t, chase>(p, untimed, steps, segments, cycles);
	if (!threadIdx.x)
		end[0] = p;
}

/*
 * Shared memory: the block copies the chain in (element i at i x stride
 * bytes holds the shared address of element next[i]), then the first
 * warp chases.  end[0] gets the byte offset reached.
 */
__global__ void chase_shared_kernel(const uint32_t *__restrict__ next, unsigned n,
				    unsigned stride, unsigned untimed, unsigned steps,
				    unsigned segments, long long *__restrict__ cycles,
				    uint64_t *__restrict__ end)
{
	extern __shared__ uint32_t smem[];
	const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
	uint32_t p = base;

	for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
		smem[i * (stride / 4)] = base + next[i] * stride;
	__syncthreads();
	if (threadIdx.x >= 32)
		return;
	p = timed_chase<uint32_t, chase_shared>(p, untimed, steps, segments, cycles);
	if (!threadIdx.x)
		end[0] = p - base;
}

/* Writes over the L2 so the next chase starts from a cache holding none of its chain. */
__global__ void flush_kernel(uint4 *buf, uint64_t n, unsigned seed)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;

	for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += T)
		buf[i] = make_uint4(seed, (unsigned)i, seed, (unsigned)i);
}

bool valid_steps(unsigned untimed, unsigned steps)
{
	return untimed % LAT_UNROLL == 0 && steps % LAT_UNROLL == 0;
}

} /* namespace */

extern "C" cudaError_t launch_lat_build(char *base, const uint32_t *next, uint64_t n,
					uint64_t slot, uint64_t stride, cudaStream_t stream)
{
	uint64_t g = (n + 255) / 256;

	build_kernel<<<(unsigned)(g > 4096 ? 4096 : g ? g : 1), 256, 0, stream>>>(base, next, n,
										    slot, stride);
	return cudaGetLastError();
}

extern "C" cudaError_t lat_chase_setup(void)
{
	/* no shared memory: the whole unified L1 for the chain */
	return cudaFuncSetAttribute(chase_kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0);
}

extern "C" cudaError_t launch_lat_chase(const char *base, uint64_t n, uint64_t slot,
					uint64_t stride, int warm, unsigned untimed, unsigned steps,
					unsigned segments, long long *cycles, uint64_t *end,
					cudaStream_t stream)
{
	if (!valid_steps(untimed, steps))
		return cudaErrorInvalidValue;
	chase_kernel<<<1, LAT_BLOCK, 0, stream>>>(base, n, slot, stride, warm, untimed, steps,
						   segments, cycles, end);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_lat_shared(const uint32_t *next, unsigned n, unsigned stride,
					 unsigned untimed, unsigned steps, unsigned segments,
					 long long *cycles, uint64_t *end, cudaStream_t stream)
{
	size_t bytes = (size_t)n * stride;

	if (!valid_steps(untimed, steps) || stride % 4 || bytes > LAT_SHARED_MAX)
		return cudaErrorInvalidValue;
	chase_shared_kernel<<<1, LAT_BLOCK, bytes, stream>>>(next, n, stride, untimed, steps,
							       segments, cycles, end);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_lat_flush(void *buf, uint64_t bytes, unsigned seed,
					int blocks, cudaStream_t stream)
{
	flush_kernel<<<blocks > 0 ? blocks : 1, 512, 0, stream>>>((uint4 *)buf, bytes / 16, seed);
	return cudaGetLastError();
}
