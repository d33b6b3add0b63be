// Compute-bound by construction, FP32: every thread runs CHAINS independent
// FFMA chains (enough in flight to fill the FMA pipe), nothing but FFMA
// touches a float, and each chain's end is stored (no FADD to sum them).
// FLOPs per launch, exactly: 2 x FFMA = 2 x threads x iters x CHAINS.
//   fma-chain [BLOCKS [THREADS [ITERS]]]   (default 1024 256 4096)
// Expect profile: bound compute (FMA pipe or FP32 near its roof),
// fp32_flop = launches_profiled x 2 x BLOCKS x THREADS x ITERS x 8.
#include <cmath>
#include "app.h"

#define CHAINS 8

__global__ void fma_chain(float *out, float a, float b, int iters)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	float x[CHAINS];

#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		x[j] = (float)(i % 1024 + j);   /* a conversion, not an FP32 operation */
#pragma unroll 4
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < CHAINS; j++)
			x[j] = fmaf(x[j], a, b);
#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		out[(size_t)i * CHAINS + j] = x[j];
}

int main(int argc, char **argv)
{
	unsigned blocks = argc > 1 ? (unsigned)atoi(argv[1]) : 1024;
	unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 256;
	int iters = argc > 3 ? atoi(argv[3]) : 4096;
	size_t n = (size_t)blocks * threads * CHAINS;
	const float a = 0.999f, b = 0.001f;
	float *out;

	CHECK(cudaMalloc(&out, n * sizeof(float)));
	for (int k = 0; k < APP_LAUNCHES; k++)
		fma_chain<<<blocks, threads>>>(out, a, b, iters);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	for (unsigned t = 0; t < blocks * threads; t += 7919) {
		float x = (float)(t % 1024 + 3);
		for (int it = 0; it < iters; it++)
			x = fmaf(x, a, b);
		app_expect("fma_chain", app_at(out, (size_t)t * CHAINS + 3), x);
	}
	CHECK(cudaFree(out));
	return 0;
}
