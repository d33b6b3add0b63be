/*
 * Bank-conflict probe kernels.  Every warp issues BANK_UNROLL independent
 * shared-memory accesses per loop iteration, at byte offsets the model
 * chose (model/banks.h), from enough warps that the shared-memory pipe,
 * not latency, sets the pace: time per access then follows the wavefronts.
 *
 * The accesses are inline PTX ld/st.volatile.shared inside asm volatile:
 * the compiler may neither drop nor hoist them (a plain loop of loads from
 * loop-invariant addresses is hoisted and then measures nothing), and
 * ptxas keeps volatile accesses as issued.  The counters then prove it:
 * shared instructions executed == blocks x 8 warps x iters x BANK_UNROLL.
 */
#include <stdint.h>
#include <cuda_runtime.h>
#include "kernels/kernels.h"
#include "model/banks.h"

namespace {

const unsigned BLOCK = 256;  /* BANK_BLOCK */
const unsigned WORDS = BANK_BUF_BYTES / 4;

template <unsigned W> struct access;

template <> struct access<1> {
	static __device__ __forceinline__ void ld(uint32_t a, uint32_t *v)
	{
		asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v[0]) : "r"(a) : "memory");
	}
	static __device__ __forceinline__ void st(uint32_t a, const uint32_t *v)
	{
		asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"(a), "r"(v[0]) : "memory");
	}
};

template <> struct access<2> {
	static __device__ __forceinline__ void ld(uint32_t a, uint32_t *v)
	{
		asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];"
			     : "=r"(v[0]), "=r"(v[1]) : "r"(a) : "memory");
	}
	static __device__ __forceinline__ void st(uint32_t a, const uint32_t *v)
	{
		asm volatile("st.volatile.shared.v2.u32 [%0], {%1, %2};"
			     :: "r"(a), "r"(v[0]), "r"(v[1]) : "memory");
	}
};

template <> struct access<4> {
	static __device__ __forceinline__ void ld(uint32_t a, uint32_t *v)
	{
		asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
			     : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]) : "r"(a) : "memory");
	}
	static __device__ __forceinline__ void st(uint32_t a, const uint32_t *v)
	{
		asm volatile("st.volatile.shared.v4.u32 [%0], {%1, %2, %3, %4};"
			     :: "r"(a), "r"(v[0]), "r"(v[1]), "r"(v[2]), "r"(v[3]) : "memory");
	}
};

/* W words per access.  out[thread] = sum of every word the thread loaded. */
template <unsigned W>
__global__ void __launch_bounds__(BLOCK) bank_load(const uint32_t *table, int iters,
						   uint32_t seed, uint32_t *out)
{
	__shared__ uint32_t buf[WORDS];
	uint32_t base = (uint32_t)__cvta_generic_to_shared(buf), addr[BANK_UNROLL], acc = 0;
	unsigned lane = threadIdx.x % 32;

	for (unsigned k = threadIdx.x; k < WORDS; k += BLOCK)
		buf[k] = BANK_WORD_VALUE(k, seed);
#pragma unroll
	for (unsigned u = 0; u < BANK_UNROLL; u++)
		addr[u] = base + table[u * 32 + lane];
	__syncthreads();

	for (int it = 0; it < iters; it++) {
#pragma unroll
		for (unsigned u = 0; u < BANK_UNROLL; u++) {
			uint32_t v[W];
			access<W>::ld(addr[u], v);
#pragma unroll
			for (unsigned j = 0; j < W; j++)
				acc += v[j];
		}
	}
	out[blockIdx.x * BLOCK + threadIdx.x] = acc;
}

/* Word k gets k ^ seed, whichever lane or warp writes it; then each thread checks its words. */
template <unsigned W>
__global__ void __launch_bounds__(BLOCK) bank_store(const uint32_t *table, int iters,
						    uint32_t seed, uint32_t *out)
{
	__shared__ uint32_t buf[WORDS];
	uint32_t base = (uint32_t)__cvta_generic_to_shared(buf), addr[BANK_UNROLL];
	uint32_t val[BANK_UNROLL][W], bad = 0;
	unsigned lane = threadIdx.x % 32;

#pragma unroll
	for (unsigned u = 0; u < BANK_UNROLL; u++) {
		uint32_t off = table[u * 32 + lane];
		addr[u] = base + off;
#pragma unroll
		for (unsigned j = 0; j < W; j++)
			val[u][j] = (off / 4 + j) ^ seed;
	}
	for (int it = 0; it < iters; it++) {
#pragma unroll
		for (unsigned u = 0; u < BANK_UNROLL; u++)
			access<W>::st(addr[u], val[u]);
	}
	__syncthreads();
#pragma unroll
	for (unsigned u = 0; u < BANK_UNROLL; u++) {
		uint32_t v[W];
		access<W>::ld(addr[u], v);
#pragma unroll
		for (unsigned j = 0; j < W; j++)
			bad += v[j] != val[u][j];
	}
	out[blockIdx.x * BLOCK + threadIdx.x] = bad;
}

template <unsigned W>
cudaError_t launch(int store, const uint32_t *table, int iters, uint32_t seed,
		   unsigned blocks, uint32_t *out, cudaStream_t s)
{
	if (store)
		bank_store<W><<<blocks, BLOCK, 0, s>>>(table, iters, seed, out);
	else
		bank_load<W><<<blocks, BLOCK, 0, s>>>(table, iters, seed, out);
	return cudaGetLastError();
}

template <unsigned W>
cudaError_t occupancy(int store, int *blocks)
{
	return store ? cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, bank_store<W>, BLOCK, 0)
		     : cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, bank_load<W>, BLOCK, 0);
}

}  // namespace

extern "C" cudaError_t launch_banks(int store, unsigned width, const uint32_t *table, int iters,
				    uint32_t seed, unsigned blocks, uint32_t *out,
				    cudaStream_t stream)
{
	switch (width) {
	case 4: return launch<1>(store, table, iters, seed, blocks, out, stream);
	case 8: return launch<2>(store, table, iters, seed, blocks, out, stream);
	case 16: return launch<4>(store, table, iters, seed, blocks, out, stream);
	default: return cudaErrorInvalidValue;
	}
}

extern "C" cudaError_t banks_blocks_per_sm(int store, unsigned width, int *blocks)
{
	switch (width) {
	case 4: return occupancy<1>(store, blocks);
	case 8: return occupancy<2>(store, blocks);
	case 16: return occupancy<4>(store, blocks);
	default: return cudaErrorInvalidValue;
	}
}
