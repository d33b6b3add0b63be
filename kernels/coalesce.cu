/*
 * Coalescing probe kernels: offset/stride load, store and copy; float3-style
 * array of structures read directly, staged through shared memory, and as
 * structure of arrays; the matrix transpose in five steps; and the kernels
 * that fill the source and verify every output on the device.
 *
 * Element types by width: 4 bytes uint32_t, 8 uint2, 16 uint4, so a lane's
 * access is one LDG/STG of that width.  Pointers are not __restrict__, so
 * loads stay plain LDG (the counters' pipe_lsu global loads).
 */
#include <stdint.h>
#include <cuda_runtime.h>
#include "kernels/kernels.h"

namespace {

const unsigned BLOCK = 256;   /* COAL_BLOCK */
const unsigned PER = 4;       /* COAL_PER_THREAD */
const unsigned TILE = 32;
const unsigned ROWS = 8;      /* transpose-multi: 32 x 8 threads, 4 rows each */

template <typename T> struct words { static const unsigned n = sizeof(T) / 4; };

__device__ __forceinline__ uint32_t *w32(void *p) { return (uint32_t *)p; }

/* Element e of the source: its words hold COAL_WORD_VALUE(word index). */
template <typename T> __device__ __forceinline__ T value_of(uint64_t e)
{
	T v;
	uint32_t *w = w32(&v);
	for (unsigned j = 0; j < words<T>::n; j++)
		w[j] = COAL_WORD_VALUE(e * words<T>::n + j);
	return v;
}

template <typename T> __device__ __forceinline__ T plus1(T v)
{
	uint32_t *w = w32(&v);
	for (unsigned j = 0; j < words<T>::n; j++)
		w[j] += 1;
	return v;
}

template <typename T> __device__ __forceinline__ uint32_t word_sum(T v)
{
	uint32_t *w = w32(&v), s = 0;
	for (unsigned j = 0; j < words<T>::n; j++)
		s += w[j];
	return s;
}

/* Index of access k of this thread: whole warps of consecutive i. */
__device__ __forceinline__ uint64_t access_index(unsigned k)
{
	return (uint64_t)blockIdx.x * (BLOCK * PER) + k * BLOCK + threadIdx.x;
}

/* The slides' offsetCopy/strideCopy, four independent accesses per thread. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) strided_copy(const T *in, T *out, uint64_t offset,
						      uint64_t stride)
{
	T v[PER];
#pragma unroll
	for (unsigned k = 0; k < PER; k++)
		v[k] = in[offset + access_index(k) * stride];
#pragma unroll
	for (unsigned k = 0; k < PER; k++)
		out[offset + access_index(k) * stride] = v[k];
}

/* Loads only: one 4-byte sum per warp keeps them alive and checkable. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) strided_load(const T *in, uint32_t *sums,
						      uint64_t offset, uint64_t stride)
{
	T v[PER];
	uint32_t s = 0;
#pragma unroll
	for (unsigned k = 0; k < PER; k++)
		v[k] = in[offset + access_index(k) * stride];
#pragma unroll
	for (unsigned k = 0; k < PER; k++)
		s += word_sum(v[k]);
	for (int d = 16; d; d >>= 1)
		s += __shfl_xor_sync(0xffffffffu, s, d);
	if ((threadIdx.x & 31) == 0)
		sums[(uint64_t)blockIdx.x * (BLOCK / 32) + threadIdx.x / 32] = s;
}

template <typename T>
__global__ void __launch_bounds__(BLOCK) strided_store(T *out, uint64_t offset, uint64_t stride)
{
#pragma unroll
	for (unsigned k = 0; k < PER; k++) {
		uint64_t e = offset + access_index(k) * stride;
		out[e] = value_of<T>(e);
	}
}

__device__ __forceinline__ void count_bad(unsigned long long n, unsigned long long *bad)
{
	if (n)
		atomicAdd(bad, n);
}

/* Every element of out: the source's value where the pattern touched it, poison elsewhere. */
template <typename T>
__global__ void verify_strided(const T *out, uint64_t nelem, uint64_t offset, uint64_t stride,
			       uint64_t accesses, unsigned long long *bad)
{
	unsigned long long n = 0;
	for (uint64_t e = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; e < nelem;
	     e += (uint64_t)gridDim.x * blockDim.x) {
		int touched = e >= offset && (stride == 1 ? e - offset < accesses
					      : (e - offset) % stride == 0 &&
						(e - offset) / stride < accesses);
		T v = out[e];
		const uint32_t *w = (const uint32_t *)&v;
		for (unsigned j = 0; j < words<T>::n; j++)
			n += w[j] != (touched ? COAL_WORD_VALUE(e * words<T>::n + j) : 0xffffffffu);
	}
	count_bad(n, bad);
}

/* Each warp's sum recomputed from the pattern. */
template <typename T>
__global__ void verify_sums(const uint32_t *sums, uint64_t nwarps, uint64_t offset,
			    uint64_t stride, unsigned long long *bad)
{
	unsigned long long n = 0;
	for (uint64_t g = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; g < nwarps;
	     g += (uint64_t)gridDim.x * blockDim.x) {
		uint64_t blk = g / (BLOCK / 32), warp = g % (BLOCK / 32);
		uint32_t s = 0;
		for (unsigned k = 0; k < PER; k++)
			for (unsigned l = 0; l < 32; l++) {
				uint64_t i = blk * (BLOCK * PER) + k * BLOCK + warp * 32 + l;
				s += word_sum(value_of<T>(offset + i * stride));
			}
		n += sums[g] != s;
	}
	count_bad(n, bad);
}

template <typename T> struct S3 { T x, y, z; };

/* calc_float3: each field a separate access 3 elements from the next lane's. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) aos_direct(const S3<T> *in, S3<T> *out)
{
	uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x;
	S3<T> a = in[i];
	a.x = plus1(a.x);
	a.y = plus1(a.y);
	a.z = plus1(a.z);
	out[i] = a;
}

/* The fix: the block moves its structs as a flat, coalesced array through shared memory. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) aos_staged(const T *in, T *out)
{
	__shared__ T sm[3 * BLOCK];
	uint64_t base = (uint64_t)blockIdx.x * 3 * BLOCK;
	unsigned t = threadIdx.x;

	for (unsigned k = 0; k < 3; k++)
		sm[t + k * BLOCK] = in[base + t + k * BLOCK];
	__syncthreads();
	for (unsigned k = 0; k < 3; k++)
		sm[3 * t + k] = plus1(sm[3 * t + k]);
	__syncthreads();
	for (unsigned k = 0; k < 3; k++)
		out[base + t + k * BLOCK] = sm[t + k * BLOCK];
}

/* Structure of arrays: x[], y[], z[] one after another. */
template <typename T>
__global__ void __launch_bounds__(BLOCK) soa(const T *in, T *out, uint64_t structs)
{
	uint64_t i = (uint64_t)blockIdx.x * BLOCK + threadIdx.x;
	T x = in[i], y = in[structs + i], z = in[2 * structs + i];
	out[i] = plus1(x);
	out[structs + i] = plus1(y);
	out[2 * structs + i] = plus1(z);
}

__global__ void verify_plus1(const uint32_t *out, uint64_t words, uint64_t span,
			     unsigned long long *bad)
{
	unsigned long long n = 0;
	for (uint64_t k = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; k < words;
	     k += (uint64_t)gridDim.x * blockDim.x)
		n += out[k] != (k < span ? COAL_WORD_VALUE(k) + 1 : 0xffffffffu);
	count_bad(n, bad);
}

/* Transpose steps.  Block (x, y) owns tile (x, y) of an n x n row-major matrix. */
template <typename T>
__global__ void __launch_bounds__(TILE * ROWS) tr_copy(const T *in, T *out, uint64_t n)
{
	uint64_t x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
	for (unsigned j = 0; j < TILE; j += ROWS)
		out[(y + j) * n + x] = in[(y + j) * n + x];
}

template <typename T>
__global__ void __launch_bounds__(TILE * TILE) tr_naive(const T *in, T *out, uint64_t n)
{
	uint64_t x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
	out[x * n + y] = in[y * n + x];
}

/* PAD 0: 32-way conflicts reading the tile's columns; PAD 1: none. */
template <typename T, unsigned PAD>
__global__ void __launch_bounds__(TILE * TILE) tr_tiled(const T *in, T *out, uint64_t n)
{
	__shared__ T tile[TILE][TILE + PAD];
	uint64_t x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;

	tile[threadIdx.y][threadIdx.x] = in[y * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

template <typename T>
__global__ void __launch_bounds__(TILE * ROWS) tr_multi(const T *in, T *out, uint64_t n)
{
	__shared__ T tile[TILE][TILE + 1];
	uint64_t x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;

#pragma unroll
	for (unsigned j = 0; j < TILE; j += ROWS)
		tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
	for (unsigned j = 0; j < TILE; j += ROWS)
		out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

/* out (n x n, then poison up to words) against the source, transposed or not. */
template <typename T>
__global__ void verify_transpose(const T *out, uint64_t n, uint64_t nelem, int transposed,
				 unsigned long long *bad)
{
	unsigned long long bad_here = 0;
	for (uint64_t e = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; e < nelem;
	     e += (uint64_t)gridDim.x * blockDim.x) {
		uint64_t r = e / n, c = e % n, src = transposed ? c * n + r : e;
		T v = out[e];
		const uint32_t *w = (const uint32_t *)&v;
		for (unsigned j = 0; j < words<T>::n; j++)
			bad_here += w[j] != (e < n * n ? COAL_WORD_VALUE(src * words<T>::n + j)
					     : 0xffffffffu);
	}
	count_bad(bad_here, bad);
}

__global__ void fill_source(uint32_t *buf, uint64_t words)
{
	for (uint64_t k = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; k < words;
	     k += (uint64_t)gridDim.x * blockDim.x)
		buf[k] = COAL_WORD_VALUE(k);
}

/* Grid of the grid-stride helpers: enough blocks to fill any GPU. */
const unsigned HELPER_BLOCKS = 4096, HELPER_THREADS = 256;

template <typename T>
cudaError_t strided(int op, const void *in, void *out, uint64_t offset, uint64_t stride,
		    uint64_t accesses, cudaStream_t s)
{
	unsigned blocks = (unsigned)(accesses / (BLOCK * PER));
	switch (op) {
	case 0:
		strided_load<T><<<blocks, BLOCK, 0, s>>>((const T *)in, (uint32_t *)out, offset, stride);
		break;
	case 1:
		strided_store<T><<<blocks, BLOCK, 0, s>>>((T *)out, offset, stride);
		break;
	default:
		strided_copy<T><<<blocks, BLOCK, 0, s>>>((const T *)in, (T *)out, offset, stride);
		break;
	}
	return cudaGetLastError();
}

template <typename T>
cudaError_t verify_strided_t(int op, const void *out, uint64_t out_elems, uint64_t offset,
			     uint64_t stride, uint64_t accesses, unsigned long long *bad,
			     cudaStream_t s)
{
	if (op == 0)
		verify_sums<T><<<HELPER_BLOCKS, HELPER_THREADS, 0, s>>>(
			(const uint32_t *)out, accesses / (32 * PER), offset, stride, bad);
	else
		verify_strided<T><<<HELPER_BLOCKS, HELPER_THREADS, 0, s>>>(
			(const T *)out, out_elems, offset, stride, accesses, bad);
	return cudaGetLastError();
}

template <typename T>
cudaError_t aos(int variant, const void *in, void *out, uint64_t structs, cudaStream_t s)
{
	unsigned blocks = (unsigned)(structs / BLOCK);
	switch (variant) {
	case 0:
		aos_direct<T><<<blocks, BLOCK, 0, s>>>((const S3<T> *)in, (S3<T> *)out);
		break;
	case 1:
		aos_staged<T><<<blocks, BLOCK, 0, s>>>((const T *)in, (T *)out);
		break;
	default:
		soa<T><<<blocks, BLOCK, 0, s>>>((const T *)in, (T *)out, structs);
		break;
	}
	return cudaGetLastError();
}

template <typename T>
cudaError_t transpose(int variant, const void *in, void *out, uint64_t n, cudaStream_t s)
{
	dim3 grid((unsigned)(n / TILE), (unsigned)(n / TILE));
	dim3 full(TILE, TILE), part(TILE, ROWS);
	const T *i = (const T *)in;
	T *o = (T *)out;

	switch (variant) {
	case 0: tr_copy<T><<<grid, part, 0, s>>>(i, o, n); break;
	case 1: tr_naive<T><<<grid, full, 0, s>>>(i, o, n); break;
	case 2: tr_tiled<T, 0><<<grid, full, 0, s>>>(i, o, n); break;
	case 3: tr_tiled<T, 1><<<grid, full, 0, s>>>(i, o, n); break;
	default: tr_multi<T><<<grid, part, 0, s>>>(i, o, n); break;
	}
	return cudaGetLastError();
}

template <typename T>
cudaError_t verify_tr(int transposed, const void *out, uint64_t n, uint64_t out_words,
		      unsigned long long *bad, cudaStream_t s)
{
	verify_transpose<T><<<HELPER_BLOCKS, HELPER_THREADS, 0, s>>>(
		(const T *)out, n, out_words / words<T>::n, transposed, bad);
	return cudaGetLastError();
}

}  // namespace

#define BY_WIDTH(width, call)                                                  \
	((width) == 4 ? call<uint32_t> : (width) == 8 ? call<uint2> : call<uint4>)

extern "C" cudaError_t launch_coal_fill(uint32_t *buf, uint64_t words, cudaStream_t stream)
{
	fill_source<<<HELPER_BLOCKS, HELPER_THREADS, 0, stream>>>(buf, words);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_coal_strided(int op, unsigned width, const void *in, void *out,
					   uint64_t offset, uint64_t stride, uint64_t accesses,
					   cudaStream_t stream)
{
	return BY_WIDTH(width, strided)(op, in, out, offset, stride, accesses, stream);
}

extern "C" cudaError_t launch_coal_verify_strided(int op, unsigned width, const void *out,
						  uint64_t out_elems, uint64_t offset,
						  uint64_t stride, uint64_t accesses,
						  unsigned long long *bad, cudaStream_t stream)
{
	return BY_WIDTH(width, verify_strided_t)(op, out, out_elems, offset, stride, accesses,
						 bad, stream);
}

extern "C" cudaError_t launch_coal_aos(int variant, unsigned width, const void *in, void *out,
				       uint64_t structs, cudaStream_t stream)
{
	return BY_WIDTH(width, aos)(variant, in, out, structs, stream);
}

extern "C" cudaError_t launch_coal_verify_plus1(const uint32_t *out, uint64_t words,
						uint64_t span_words, unsigned long long *bad,
						cudaStream_t stream)
{
	verify_plus1<<<HELPER_BLOCKS, HELPER_THREADS, 0, stream>>>(out, words, span_words, bad);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_coal_transpose(int variant, unsigned width, const void *in,
					     void *out, uint64_t n, cudaStream_t stream)
{
	return BY_WIDTH(width, transpose)(variant, in, out, n, stream);
}

extern "C" cudaError_t launch_coal_verify_transpose(int transposed, unsigned width,
						    const void *out, uint64_t n,
						    uint64_t out_words, unsigned long long *bad,
						    cudaStream_t stream)
{
	return BY_WIDTH(width, verify_tr)(transposed, out, n, out_words, bad, stream);
}
