/*
 * Device code of gpuperf pcie: the zero-copy (mapped) transfer kernel, a
 * gate that holds a stream until the host has queued a whole repetition,
 * pattern fill/check for verifying transfers, and the compute kernel of
 * --overlap whose duration is set by an iteration count.
 */
#include <climits>
#include "kernels/kernels.h"
#include "kernels/pcie-pattern.h"

#define PCIE_THREADS 256
#define PCIE_COPY_THREADS 512
#define PCIE_UNROLL 4  /* independent 16-byte loads in flight per thread */

static __device__ __forceinline__ unsigned long long globaltimer_ns(void)
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

/*
 * One thread spins until the host writes a non-zero release flag, so the
 * copies queued behind it start back to back instead of at the host's
 * enqueue rate.  A timeout keeps a lost release from hanging the process.
 */
static __global__ void gate_kernel(volatile unsigned *flag, unsigned long long timeout_ns,
				   volatile unsigned *timed_out)
{
	unsigned long long t0 = globaltimer_ns();

	while (*flag == 0) {
		if (globaltimer_ns() - t0 > timeout_ns) {
			*timed_out = 1;
			return;
		}
		__nanosleep(200);
	}
}

/*
 * Zero-copy transfer: consecutive threads move consecutive 16-byte
 * vectors (coalesced), each thread issuing PCIE_UNROLL loads before its
 * first store so enough bytes are in flight to cover the PCIe round trip;
 * loads skip L1 (.cg): host data is read once.
 * One of src/dst is host memory seen through its device pointer.
 */
static __global__ void mapped_copy_kernel(uint4 *__restrict__ dst, const uint4 *__restrict__ src,
					  size_t n16, unsigned char *__restrict__ dst_tail,
					  const unsigned char *__restrict__ src_tail, unsigned tail)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	for (; i < n16; i += PCIE_UNROLL * stride) {
		uint4 v[PCIE_UNROLL];
#pragma unroll
		for (int k = 0; k < PCIE_UNROLL; k++)
			if (i + k * stride < n16)
				v[k] = __ldcg(&src[i + k * stride]);
#pragma unroll
		for (int k = 0; k < PCIE_UNROLL; k++)
			if (i + k * stride < n16)
				dst[i + k * stride] = v[k];
	}
	if (blockIdx.x == 0 && threadIdx.x < tail)
		dst_tail[threadIdx.x] = src_tail[threadIdx.x];
}

static __device__ __forceinline__ unsigned char pattern_byte(size_t off, uint64_t seed)
{
	return (unsigned char)(pcie_pattern(off / 8, seed) >> (8 * (off % 8)));
}

static __global__ void fill_kernel(uint64_t *p, size_t n8, unsigned tail, uint64_t seed)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n8; i += stride)
		p[i] = pcie_pattern(i, seed);
	if (blockIdx.x == 0 && threadIdx.x < tail)
		((unsigned char *)(p + n8))[threadIdx.x] = pattern_byte(n8 * 8 + threadIdx.x, seed);
}

/* result[0] += mismatching words/bytes, result[1] = lowest mismatching byte offset. */
static __global__ void check_kernel(const uint64_t *p, size_t n8, unsigned tail, uint64_t seed,
				    unsigned long long *result)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	unsigned long long bad = 0, first = ULLONG_MAX;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n8; i += stride)
		if (p[i] != pcie_pattern(i, seed)) {
			bad++;
			first = min(first, (unsigned long long)i * 8);
		}
	if (blockIdx.x == 0 && threadIdx.x < tail) {
		size_t off = n8 * 8 + threadIdx.x;
		if (((const unsigned char *)(p + n8))[threadIdx.x] != pattern_byte(off, seed)) {
			bad++;
			first = min(first, (unsigned long long)off);
		}
	}
	if (bad) {
		atomicAdd(&result[0], bad);
		atomicMin(&result[1], first);
	}
}

static __device__ __forceinline__ uint32_t lcg_steps(uint32_t x, unsigned iters)
{
	for (unsigned k = 0; k < iters; k++)
		x = x * PCIE_LCG_A + PCIE_LCG_C;
	return x;
}

/*
 * The --overlap workload: iters dependent multiply-adds on every 32-bit
 * word, in place.  Four words per thread give independent chains; the
 * result is an affine map of the input the host can check exactly.
 */
static __global__ void compute_kernel(uint32_t *p, size_t words, unsigned iters)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	size_t n4 = words / 4;
	uint4 *v = (uint4 *)p;

	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
		uint4 x = v[i];
		for (unsigned k = 0; k < iters; k++) {
			x.x = x.x * PCIE_LCG_A + PCIE_LCG_C;
			x.y = x.y * PCIE_LCG_A + PCIE_LCG_C;
			x.z = x.z * PCIE_LCG_A + PCIE_LCG_C;
			x.w = x.w * PCIE_LCG_A + PCIE_LCG_C;
		}
		v[i] = x;
	}
	if (blockIdx.x == 0 && threadIdx.x < words % 4)
		p[n4 * 4 + threadIdx.x] = lcg_steps(p[n4 * 4 + threadIdx.x], iters);
}

static unsigned grid_for(size_t items, unsigned cap)
{
	size_t b = (items + PCIE_THREADS - 1) / PCIE_THREADS;
	return b == 0 ? 1 : b > cap ? cap : (unsigned)b;
}

extern "C" cudaError_t launch_pcie_gate(volatile unsigned *flag, unsigned long long timeout_ns,
					volatile unsigned *timed_out, cudaStream_t stream)
{
	gate_kernel<<<1, 1, 0, stream>>>(flag, timeout_ns, timed_out);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_pcie_mapped_copy(void *dst, const void *src, size_t bytes,
					       int blocks, cudaStream_t stream)
{
	size_t n16 = bytes / 16;

	if (((uintptr_t)dst | (uintptr_t)src) % 16 || blocks < 1)
		return cudaErrorInvalidValue;
	mapped_copy_kernel<<<blocks, PCIE_COPY_THREADS, 0, stream>>>(
		(uint4 *)dst, (const uint4 *)src, n16, (unsigned char *)dst + n16 * 16,
		(const unsigned char *)src + n16 * 16, (unsigned)(bytes % 16));
	return cudaGetLastError();
}

extern "C" cudaError_t launch_pcie_fill(void *dst, size_t bytes, uint64_t seed, cudaStream_t stream)
{
	if ((uintptr_t)dst % 8)
		return cudaErrorInvalidValue;
	fill_kernel<<<grid_for(bytes / 8, 8192), PCIE_THREADS, 0, stream>>>(
		(uint64_t *)dst, bytes / 8, (unsigned)(bytes % 8), seed);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_pcie_check(const void *p, size_t bytes, uint64_t seed,
					 unsigned long long *result, cudaStream_t stream)
{
	cudaError_t err;

	if ((uintptr_t)p % 8)
		return cudaErrorInvalidValue;
	if ((err = cudaMemsetAsync(result, 0, sizeof(*result), stream)) != cudaSuccess ||
	    (err = cudaMemsetAsync(result + 1, 0xff, sizeof(*result), stream)) != cudaSuccess)
		return err;
	check_kernel<<<grid_for(bytes / 8, 8192), PCIE_THREADS, 0, stream>>>(
		(const uint64_t *)p, bytes / 8, (unsigned)(bytes % 8), seed, result);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_pcie_compute(uint32_t *p, size_t words, unsigned iters,
					   int blocks, cudaStream_t stream)
{
	if ((uintptr_t)p % 16 || blocks < 1)
		return cudaErrorInvalidValue;
	compute_kernel<<<blocks, PCIE_THREADS, 0, stream>>>(p, words, iters);
	return cudaGetLastError();
}
