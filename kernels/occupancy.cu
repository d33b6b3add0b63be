// Probe kernels for `gpuperf occupancy --check-runtime`: fixed, distinct
// resource footprints whose occupancy the runtime reports and the
// calculator predicts.  What each kernel computes does not matter beyond
// out[i] = tag + i, which proves that a launch ran.
#include "kernels/kernels.h"

static __global__ void occ_k_light(unsigned *out, unsigned tag, int flag)
{
	(void)flag;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = tag + i;
}

// Neighbour exchange through N words of shared memory, so the array stays:
// the kernels below differ only in their footprint.
template <unsigned N>
static __device__ void exchange(unsigned *out, unsigned tag)
{
	__shared__ unsigned s[N];
	unsigned t = threadIdx.x, n = blockDim.x, base = blockIdx.x * n;
	unsigned j = (t + 1) % n;

	s[t] = tag + base + t;
	__syncthreads();
	out[base + t] = s[j] - j + t;
}

static __global__ void occ_k_static4k(unsigned *out, unsigned tag, int flag)
{
	(void)flag;
	exchange<1024>(out, tag);
}

static __global__ void __launch_bounds__(256, 2) occ_k_bounds(unsigned *out, unsigned tag, int flag)
{
	(void)flag;
	exchange<512>(out, tag);
}

// Many values live at once: the register count is whatever ptxas makes
// of it, read back through cudaFuncGetAttributes and the cubin.
#define OCC_HEAVY_N 72
static __global__ void occ_k_heavy(unsigned *out, unsigned tag, int flag)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned a[OCC_HEAVY_N];
	unsigned sum = 0;

#pragma unroll
	for (int k = 0; k < OCC_HEAVY_N; k++)
		a[k] = tag * (k + 3) + i * (k + 1);
#pragma unroll
	for (int r = 0; r < 4; r++)
#pragma unroll
		for (int k = 0; k < OCC_HEAVY_N; k++)
			a[k] = a[k] * a[(k + 7) % OCC_HEAVY_N] + r;
#pragma unroll
	for (int k = 0; k < OCC_HEAVY_N; k++)
		sum ^= a[k];
	/* The launcher passes flag 0 or 1 (whether dynamic shared memory came
	 * with the launch): the sum is never stored, yet the compiler cannot
	 * drop the work that keeps the registers busy. */
	out[i] = flag > 1 ? sum : tag + i;
}

// Named barriers 1-3 besides __syncthreads (barrier 0): four in all.
static __global__ void occ_k_barriers(unsigned *out, unsigned tag, int flag)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	(void)flag;
	__syncthreads();
	asm volatile("bar.sync 1;" ::: "memory");
	asm volatile("bar.sync 2;" ::: "memory");
	asm volatile("bar.sync 3;" ::: "memory");
	out[i] = tag + i;
}

static __global__ void occ_k_dynamic(unsigned *out, unsigned tag, int flag)
{
	extern __shared__ unsigned dyn[];
	unsigned t = threadIdx.x, n = blockDim.x, base = blockIdx.x * n;
	unsigned j = (t + 1) % n;

	// only when the launch gave one word per thread
	if (flag) {
		dyn[t] = tag + base + t;
		__syncthreads();
		out[base + t] = dyn[j] - j + t;
	} else {
		out[base + t] = tag + base + t;
	}
}

typedef void (*occ_kernel_fn)(unsigned *, unsigned, int);

static const struct {
	const char *name;
	occ_kernel_fn fn;
} occ_kernels[] = {
	{ "occ_k_light", occ_k_light },
	{ "occ_k_static4k", occ_k_static4k },
	{ "occ_k_bounds", occ_k_bounds },
	{ "occ_k_heavy", occ_k_heavy },
	{ "occ_k_barriers", occ_k_barriers },
	{ "occ_k_dynamic", occ_k_dynamic },
};

static const int occ_nkernels = (int)(sizeof(occ_kernels) / sizeof(occ_kernels[0]));

extern "C" int occ_kernel_count(void)
{
	return occ_nkernels;
}

extern "C" const char *occ_kernel_name(int k)
{
	return k >= 0 && k < occ_nkernels ? occ_kernels[k].name : NULL;
}

extern "C" cudaError_t occ_kernel_attributes(int k, struct cudaFuncAttributes *attr)
{
	if (k < 0 || k >= occ_nkernels)
		return cudaErrorInvalidValue;
	return cudaFuncGetAttributes(attr, (const void *)occ_kernels[k].fn);
}

extern "C" cudaError_t occ_kernel_allow_dynamic_smem(int k, int bytes)
{
	if (k < 0 || k >= occ_nkernels)
		return cudaErrorInvalidValue;
	return cudaFuncSetAttribute((const void *)occ_kernels[k].fn,
				    cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
}

extern "C" cudaError_t occ_kernel_max_active_blocks(int k, int threads, size_t dynamic_smem,
						    int *blocks)
{
	if (k < 0 || k >= occ_nkernels)
		return cudaErrorInvalidValue;
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, (const void *)occ_kernels[k].fn,
							     threads, dynamic_smem);
}

extern "C" cudaError_t launch_occ_kernel(int k, int blocks, int threads, size_t dynamic_smem,
					 unsigned *out, unsigned tag, cudaStream_t stream)
{
	if (k < 0 || k >= occ_nkernels)
		return cudaErrorInvalidValue;
	int flag = dynamic_smem >= (size_t)threads * sizeof(unsigned);
	occ_kernels[k].fn<<<blocks, threads, dynamic_smem, stream>>>(out, tag, flag);
	return cudaGetLastError();
}
