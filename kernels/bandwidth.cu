/*
 * Streaming kernels of `gpuperf bandwidth`, plus fill, verify and the
 * expected sum of the read kernel.
 *
 * Every stream kernel is grid-stride with 64-bit indices: each iteration
 * of the grid covers the next U x T vectors (T threads), in one of two
 * layouts (see stream_kernel).  Each iteration issues U independent loads per
 * input, all of them before the first store, so a thread keeps U x width
 * bytes in flight per input.  The inputs are deliberately not
 * `const __restrict__`: that turns the loads into LDG.CONSTANT, which ptxas
 * then schedules after the first stores (a store waits for its data, so
 * the later loads wait a full memory latency).  Plain pointers keep the
 * source order: U x LDG.E.128, then U x STG.E.128 (checked in the SASS of
 * sm_90).  An iteration that runs past the end of the array (the last,
 * with fewer than U x T vectors left) takes a second path of the same
 * shape with each access guarded, so no element is dropped.  That path is
 * chosen inside the loop, from the iteration's own index: computed once
 * before the loop (as it was), its addresses were invariant across the
 * passes, so ptxas kept U of them per array live in registers through the
 * whole kernel: at 4 bytes and unroll 4 the kernels that store took 40 to
 * 56 registers a thread and ran at half to three quarters of full
 * occupancy (issue 42); now 32, so all of 2048 threads fit an SM.
 *
 * `passes` re-reads the arrays within one launch so that cache-sized
 * working sets run long enough to time; an empty asm with a memory
 * clobber between passes stops the compiler from reusing loaded values.
 */
#include <stdint.h>

#include "kernels/kernels.h"
#include "model/bandwidth-pattern.h"

namespace {

/* Kernel ids: the first six of enum bw_kernel (model/bandwidth.h). */
enum { K_READ, K_WRITE, K_COPY, K_SCALE, K_ADD, K_TRIAD, K_NSTREAM };

template <int K> __device__ __forceinline__ float op1(float a, float b, float s)
{
	if (K == K_SCALE)
		return s * a;
	if (K == K_ADD)
		return a + b;
	if (K == K_TRIAD)
		return a + s * b;
	return a;  /* copy */
}

/* Lanes of the three vector types, element-wise. */
template <int K> __device__ __forceinline__ float op(float a, float b, float s)
{
	return op1<K>(a, b, s);
}
template <int K> __device__ __forceinline__ float2 op(float2 a, float2 b, float s)
{
	return make_float2(op1<K>(a.x, b.x, s), op1<K>(a.y, b.y, s));
}
template <int K> __device__ __forceinline__ float4 op(float4 a, float4 b, float s)
{
	return make_float4(op1<K>(a.x, b.x, s), op1<K>(a.y, b.y, s),
			   op1<K>(a.z, b.z, s), op1<K>(a.w, b.w, s));
}

__device__ __forceinline__ unsigned bitsum(float v)
{
	return __float_as_uint(v);
}
__device__ __forceinline__ unsigned bitsum(float2 v)
{
	return __float_as_uint(v.x) + __float_as_uint(v.y);
}
__device__ __forceinline__ unsigned bitsum(float4 v)
{
	return __float_as_uint(v.x) + __float_as_uint(v.y) +
	       __float_as_uint(v.z) + __float_as_uint(v.w);
}

/* The write kernel's value for vector i (scalars 1, 2 or 4 x i onwards). */
template <class V> __device__ __forceinline__ V pattern_w(uint64_t i);
template <> __device__ __forceinline__ float pattern_w<float>(uint64_t i)
{
	return bw_pat_w(i);
}
template <> __device__ __forceinline__ float2 pattern_w<float2>(uint64_t i)
{
	return make_float2(bw_pat_w(2 * i), bw_pat_w(2 * i + 1));
}
template <> __device__ __forceinline__ float4 pattern_w<float4>(uint64_t i)
{
	return make_float4(bw_pat_w(4 * i), bw_pat_w(4 * i + 1),
			   bw_pat_w(4 * i + 2), bw_pat_w(4 * i + 3));
}

/* The read kernel's sum over a block, one atomic per block, spread over cache lines. */
__device__ __forceinline__ void block_sum(unsigned acc, unsigned *__restrict__ sink)
{
	__shared__ unsigned warp_sum[32];

	for (int o = 16; o > 0; o >>= 1)
		acc += __shfl_xor_sync(0xffffffffu, acc, o);
	if ((threadIdx.x & 31) == 0)
		warp_sum[threadIdx.x / 32] = acc;
	__syncthreads();
	if (threadIdx.x < 32) {
		acc = threadIdx.x < blockDim.x / 32 ? warp_sum[threadIdx.x] : 0;
		for (int o = 16; o > 0; o >>= 1)
			acc += __shfl_xor_sync(0xffffffffu, acc, o);
		if (threadIdx.x == 0)
			atomicAdd(sink + blockIdx.x % (BW_SINK_WORDS / 32) * 32, acc);
	}
}

/*
 * One iteration of a thread's work: vectors i + u*S for u < U.  TAIL
 * predicates each access on the array's end.
 */
template <class V, int U, int K, bool TAIL>
__device__ __forceinline__ void step(const V *a, const V *b,
				     V *c, uint64_t i, uint64_t S,
				     uint64_t n, float s, unsigned &acc)
{
	const bool reads_a = K != K_WRITE;
	const bool reads_b = K == K_ADD || K == K_TRIAD;
	V ra[U], rb[U];

#pragma unroll
	for (int u = 0; u < U; u++)
		if (reads_a && (!TAIL || i + u * S < n))
			ra[u] = a[i + u * S];
#pragma unroll
	for (int u = 0; u < U; u++)
		if (reads_b && (!TAIL || i + u * S < n))
			rb[u] = b[i + u * S];
#pragma unroll
	for (int u = 0; u < U; u++) {
		if (TAIL && i + u * S >= n)
			continue;
		if (K == K_READ)
			acc += bitsum(ra[u]);
		else if (K == K_WRITE)
			c[i + u * S] = pattern_w<V>(i + u * S);
		else
			c[i + u * S] = op<K>(ra[u], reads_b ? rb[u] : ra[u], s);
	}
}

template <class V, int U, int K>
__global__ void
stream_kernel(const V *a, const V *b, V *c, uint64_t n, float s, unsigned passes,
	      int tiles, unsigned *__restrict__ sink, int check)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;
	const uint64_t chunk = T * U;
	/*
	 * Grid layout: a thread's accesses are T apart (each jumps the whole
	 * grid).  Tile layout: block b sweeps a contiguous tile of blockDim x U
	 * vectors, its threads' accesses blockDim apart.  Either way one
	 * iteration of the grid covers `chunk` contiguous vectors exactly once,
	 * and a thread's first access i is its lowest: the loop runs while it
	 * is in the array, the guarded path when its last, i + last, is not.
	 */
	const uint64_t S = tiles ? blockDim.x : T;
	const uint64_t start = (uint64_t)blockIdx.x * (tiles ? (uint64_t)blockDim.x * U : blockDim.x) +
			       threadIdx.x;
	const uint64_t last = (U - 1) * S;
	unsigned acc = 0;

	for (unsigned p = 0; p < passes; p++) {
		for (uint64_t i = start; i < n; i += chunk) {
			if (i + last < n)
				step<V, U, K, false>(a, b, c, i, S, n, s, acc);
			else
				step<V, U, K, true>(a, b, c, i, S, n, s, acc);
		}
		asm volatile("" ::: "memory");
	}
	if (K == K_READ && !check) {
		/* A store the compiler cannot rule out keeps every load alive, at no cost. */
		if (acc == BW_READ_NEVER)
			*sink = acc;
	} else if (K == K_READ) {
		block_sum(acc, sink);  /* the checked launch */
	}
}

template <bool CG, class V> __device__ __forceinline__ V load_v(const V *p)
{
	return CG ? __ldcg(p) : *p;
}

/*
 * The read kernel's L1 and L2 methods (model/bandwidth-method.h): block b
 * re-reads its window of win vectors, passes times, unroll independent
 * loads per thread per iteration (win is a multiple of blockDim x U, so
 * there is no tail), plain loads that stay in L1 or ld.global.cg from L2.
 * The window never runs past the set: the host keeps b x step <= n - win.
 */
template <class V, int U, bool CG>
__global__ void __launch_bounds__(1024)
window_kernel(const V *a, uint64_t win, uint64_t step, unsigned passes,
	      unsigned *__restrict__ sink, int check)
{
	const uint64_t bd = blockDim.x;
	const V *p = a + bw_window_start(step, blockIdx.x, 128 / sizeof(V)) + threadIdx.x;
	unsigned acc = 0;

	for (unsigned q = 0; q < passes; q++) {
		for (uint64_t o = 0; o < win; o += bd * U) {
			V r[U];

#pragma unroll
			for (int u = 0; u < U; u++)
				r[u] = load_v<CG>(p + o + u * bd);
#pragma unroll
			for (int u = 0; u < U; u++)
				acc += bitsum(r[u]);
		}
		asm volatile("" ::: "memory");
	}
	if (!check) {
		if (acc == BW_READ_NEVER)
			*sink = acc;
	} else {
		block_sum(acc, sink);
	}
}

/* Table of instantiations: [kernel][width 4/8/16][unroll 1/2/4/8/16]. */
template <class V, int U, int K> struct entry {
	static void *fn()
	{
		return (void *)stream_kernel<V, U, K>;
	}
};

template <class V, int K> struct by_unroll {
	static void fill(void **row)
	{
		row[0] = entry<V, 1, K>::fn();
		row[1] = entry<V, 2, K>::fn();
		row[2] = entry<V, 4, K>::fn();
		row[3] = entry<V, 8, K>::fn();
		row[4] = entry<V, 16, K>::fn();
	}
};

template <int K> void fill_kernel_row(void *row[3][5])
{
	by_unroll<float, K>::fill(row[0]);
	by_unroll<float2, K>::fill(row[1]);
	by_unroll<float4, K>::fill(row[2]);
}

struct table {
	void *fn[K_NSTREAM][3][5];
	table()
	{
		fill_kernel_row<K_READ>(fn[K_READ]);
		fill_kernel_row<K_WRITE>(fn[K_WRITE]);
		fill_kernel_row<K_COPY>(fn[K_COPY]);
		fill_kernel_row<K_SCALE>(fn[K_SCALE]);
		fill_kernel_row<K_ADD>(fn[K_ADD]);
		fill_kernel_row<K_TRIAD>(fn[K_TRIAD]);
	}
};

const table kernels_table;

int width_index(int width)
{
	return width == 4 ? 0 : width == 8 ? 1 : width == 16 ? 2 : -1;
}

int unroll_index(int unroll)
{
	switch (unroll) {
	case 1: return 0;
	case 2: return 1;
	case 4: return 2;
	case 8: return 3;
	case 16: return 4;
	default: return -1;
	}
}

void *lookup(int kernel, int width, int unroll)
{
	int w = width_index(width), u = unroll_index(unroll);

	if (kernel < 0 || kernel >= K_NSTREAM || w < 0 || u < 0)
		return nullptr;
	return kernels_table.fn[kernel][w][u];
}

/* Window kernels: [cg][width 4/8/16][unroll 1/2/4/8/16]. */
template <class V, bool CG> struct window_row {
	static void fill(void **row)
	{
		row[0] = (void *)window_kernel<V, 1, CG>;
		row[1] = (void *)window_kernel<V, 2, CG>;
		row[2] = (void *)window_kernel<V, 4, CG>;
		row[3] = (void *)window_kernel<V, 8, CG>;
		row[4] = (void *)window_kernel<V, 16, CG>;
	}
};

template <bool CG> void fill_window_rows(void *row[3][5])
{
	window_row<float, CG>::fill(row[0]);
	window_row<float2, CG>::fill(row[1]);
	window_row<float4, CG>::fill(row[2]);
}

struct window_table {
	void *fn[2][3][5];
	window_table()
	{
		fill_window_rows<false>(fn[0]);
		fill_window_rows<true>(fn[1]);
	}
};

const window_table windows_table;

void *lookup_window(int width, int unroll, int cg)
{
	int w = width_index(width), u = unroll_index(unroll);

	if (w < 0 || u < 0)
		return nullptr;
	return windows_table.fn[cg ? 1 : 0][w][u];
}

__global__ void fill_kernel(float *__restrict__ a, float *__restrict__ b, uint64_t n)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;

	for (uint64_t j = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += T) {
		if (a)
			a[j] = bw_pat_a(j);
		if (b)
			b[j] = bw_pat_b(j);
	}
}

/*
 * Count elements of c that differ from the expected value in [0, n) or
 * from the poison in [n, end); out[0] += count, out[1] = min(first bad).
 */
__global__ void verify_kernel(const float *__restrict__ c, uint64_t n, uint64_t end,
			      int kernel, unsigned long long *out)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;
	unsigned long long bad = 0;

	for (uint64_t j = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; j < end; j += T) {
		uint32_t want = j < n ? bw_bits(bw_expected(kernel, j)) : BW_POISON;

		if (__float_as_uint(c[j]) != want) {
			bad++;
			atomicMin(&out[1], (unsigned long long)j);
		}
	}
	for (int o = 16; o > 0; o >>= 1)
		bad += __shfl_xor_sync(0xffffffffu, bad, o);
	if ((threadIdx.x & 31) == 0 && bad)
		atomicAdd(&out[0], bad);
}

/* Sum of the bits of a[0..n), computed from the pattern, not from memory. */
__global__ void pattern_sum_kernel(uint64_t n, unsigned *out)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;
	unsigned acc = 0;

	for (uint64_t j = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += T)
		acc += bw_bits(bw_pat_a(j));
	for (int o = 16; o > 0; o >>= 1)
		acc += __shfl_xor_sync(0xffffffffu, acc, o);
	if ((threadIdx.x & 31) == 0)
		atomicAdd(out, acc);
}

/* A grid for the helper kernels: enough blocks to fill any GPU, never more than needed. */
unsigned helper_grid(uint64_t n, unsigned block)
{
	uint64_t g = (n + block - 1) / block;

	if (g > 4096)
		g = 4096;
	return g ? (unsigned)g : 1;
}

} /* namespace */

extern "C" cudaError_t launch_bw_stream(int kernel, int width, int unroll, int tiles,
					int grid, int block, const void *a, const void *b,
					void *c, uint64_t n, float s, unsigned passes,
					unsigned *sink, int check, cudaStream_t stream)
{
	void *fn = lookup(kernel, width, unroll);
	void *args[] = { &a, &b, &c, &n, &s, &passes, &tiles, &sink, &check };

	if (!fn || grid <= 0 || block <= 0 || block % 32)
		return cudaErrorInvalidValue;
	return cudaLaunchKernel(fn, dim3(grid), dim3(block), args, 0, stream);
}

extern "C" cudaError_t bw_stream_max_blocks(int kernel, int width, int unroll, int block,
					    int *blocks_per_sm)
{
	void *fn = lookup(kernel, width, unroll);

	*blocks_per_sm = 0;
	if (!fn)
		return cudaErrorInvalidValue;
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, fn, block, 0);
}

extern "C" cudaError_t bw_stream_regs(int kernel, int width, int unroll, int *regs)
{
	void *fn = lookup(kernel, width, unroll);
	cudaFuncAttributes attr;
	cudaError_t err;

	*regs = 0;
	if (!fn)
		return cudaErrorInvalidValue;
	err = cudaFuncGetAttributes(&attr, fn);
	if (err == cudaSuccess)
		*regs = attr.numRegs;
	return err;
}

/* The device (its number + 1) each L1-method kernel's carveout was last set on. */
static int windows_carved[3][5];

extern "C" cudaError_t launch_bw_window(int width, int unroll, int cg, int grid, int block,
					const void *a, uint64_t win, uint64_t step,
					unsigned passes, unsigned *sink, int check,
					cudaStream_t stream)
{
	void *fn = lookup_window(width, unroll, cg);
	void *args[] = { &a, &win, &step, &passes, &sink, &check };
	cudaError_t err;

	if (!fn || grid <= 0 || block <= 0 || block % 32 || !win ||
	    win % ((uint64_t)block * (uint64_t)unroll))
		return cudaErrorInvalidValue;
	/*
	 * L1 method: as much of the unified L1 as the driver gives (the
	 * kernel's shared memory is 128 B); once per kernel, so that no host
	 * call sits between a timed launch and its start event.
	 */
	if (!cg) {
		int dev = 0, *carved = &windows_carved[width_index(width)][unroll_index(unroll)];

		if ((err = cudaGetDevice(&dev)))
			return err;
		if (*carved != dev + 1) {
			err = cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, 0);
			if (err)
				return err;
			*carved = dev + 1;
		}
	}
	return cudaLaunchKernel(fn, dim3(grid), dim3(block), args, 0, stream);
}

extern "C" cudaError_t bw_window_max_blocks(int width, int unroll, int cg, int block,
					    int *blocks_per_sm)
{
	void *fn = lookup_window(width, unroll, cg);

	*blocks_per_sm = 0;
	if (!fn)
		return cudaErrorInvalidValue;
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, fn, block, 0);
}

extern "C" cudaError_t launch_bw_fill(float *a, float *b, uint64_t n, cudaStream_t stream)
{
	fill_kernel<<<helper_grid(n, 256), 256, 0, stream>>>(a, b, n);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_bw_verify(const float *c, uint64_t n, uint64_t end,
					int kernel, unsigned long long *out,
					cudaStream_t stream)
{
	verify_kernel<<<helper_grid(end, 256), 256, 0, stream>>>(c, n, end, kernel, out);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_bw_pattern_sum(uint64_t n, unsigned *out, cudaStream_t stream)
{
	pattern_sum_kernel<<<helper_grid(n, 256), 256, 0, stream>>>(n, out);
	return cudaGetLastError();
}
