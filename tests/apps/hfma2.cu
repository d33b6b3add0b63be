// Compute-bound by construction, FP16 on the CUDA cores: every thread runs
// CHAINS independent HFMA2 chains (two halves each, x = x * 1 + 1, exact
// up to 2048), nothing else touches a half, and each chain's end is stored.
// An HFMA2 counts 4 FLOPs (two halves, an FMA each: NVIDIA's convention,
// gpuperf profile's and its FP16 roof's): FLOPs per launch, exactly,
// 4 x threads x iters x CHAINS.
//   hfma2 [BLOCKS [THREADS [ITERS]]]   (default 4096 256 1024; ITERS <= 2032)
// Expect profile: bound compute (FP16 or the FMA pipe near its roof),
// fp16_flop = launches_profiled x 4 x BLOCKS x THREADS x ITERS x 8, and the
// FP16 FLOP/s at most its roof (both count an HFMA2 as 4).
#include <cuda_fp16.h>
#include "app.h"

#define CHAINS 8

__global__ void hfma2_chain(__half2 *out, float a, float b, float start, int iters)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	const __half2 a2 = __float2half2_rn(a), b2 = __float2half2_rn(b);
	__half2 x[CHAINS];

#pragma unroll
	for (int j = 0; j < CHAINS; j++)   /* from an argument: no HFMA2 moves a constant in */
		x[j] = __floats2half2_rn(start + j, start + j + CHAINS);
#pragma unroll 4
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < CHAINS; j++)
			x[j] = __hfma2(x[j], a2, b2);
#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		out[(size_t)i * CHAINS + j] = x[j];
}

int main(int argc, char **argv)
{
	unsigned blocks = argc > 1 ? (unsigned)atoi(argv[1]) : 4096;
	unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 256;
	int iters = argc > 3 ? atoi(argv[3]) : 1024;
	size_t n = (size_t)blocks * threads * CHAINS;
	__half2 *out, h;

	if (iters > 2048 - 2 * CHAINS) {
		fprintf(stderr, "hfma2: ITERS at most %d (halves stay exact to 2048)\n", 2048 - 2 * CHAINS);
		return 2;
	}
	CHECK(cudaMalloc(&out, n * sizeof(*out)));
	for (int k = 0; k < APP_LAUNCHES; k++)
		hfma2_chain<<<blocks, threads>>>(out, 1.0f, 1.0f, 0.0f, iters);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	for (size_t t = 0; t < (size_t)blocks * threads; t += 7919) {
		CHECK(cudaMemcpy(&h, out + t * CHAINS + 3, sizeof(h), cudaMemcpyDeviceToHost));
		app_expect("hfma2_chain low", __low2float(h), (float)(3 + iters));
		app_expect("hfma2_chain high", __high2float(h), (float)(3 + CHAINS + iters));
	}
	CHECK(cudaFree(out));
	return 0;
}
