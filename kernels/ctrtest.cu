// Kernels with known counter values, for the counters self-test: one
// access per thread, so sectors, requests and wavefronts follow from the
// stride alone.  Plain (not __restrict__) pointers keep the loads LDG.E,
// the path the global-load counters see.
#include "kernels/kernels.h"

#define CTRTEST_BLOCK 256
#define CTRTEST_TILE 1024

static __global__ void ctrtest_load(const float *in, float *out, int stride)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	out[i] = in[i * (size_t)stride];
}

static __global__ void ctrtest_store(const float *in, float *out, int stride)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	out[i * (size_t)stride] = in[i];
}

static __global__ void ctrtest_shared(const float *in, float *out, int stride)
{
	__shared__ float tile[CTRTEST_TILE];
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	unsigned lane = threadIdx.x % 32;

	for (int k = threadIdx.x; k < CTRTEST_TILE; k += blockDim.x)
		tile[k] = in[k];
	__syncthreads();
	// The value comes from shared memory another thread wrote, so the
	// compiler cannot fold the load away.
	out[i] = tile[(lane * (unsigned)stride) % CTRTEST_TILE];
}

static dim3 grid_of(size_t n)
{
	return dim3((unsigned)(n / CTRTEST_BLOCK));
}

extern "C" cudaError_t launch_ctrtest_load(const float *in, float *out, size_t n, int stride,
					   cudaStream_t stream)
{
	if (n % CTRTEST_BLOCK || stride < 1)
		return cudaErrorInvalidValue;
	ctrtest_load<<<grid_of(n), CTRTEST_BLOCK, 0, stream>>>(in, out, stride);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_ctrtest_store(const float *in, float *out, size_t n, int stride,
					    cudaStream_t stream)
{
	if (n % CTRTEST_BLOCK || stride < 1)
		return cudaErrorInvalidValue;
	ctrtest_store<<<grid_of(n), CTRTEST_BLOCK, 0, stream>>>(in, out, stride);
	return cudaGetLastError();
}

extern "C" cudaError_t launch_ctrtest_shared(const float *in, float *out, size_t n, int stride,
					     cudaStream_t stream)
{
	if (n % CTRTEST_BLOCK || stride < 0)
		return cudaErrorInvalidValue;
	ctrtest_shared<<<grid_of(n), CTRTEST_BLOCK, 0, stream>>>(in, out, stride);
	return cudaGetLastError();
}
