// Compute-bound by construction, FP64: as fma-chain, with DFMA chains.
// FLOPs per launch, exactly: 2 x threads x iters x CHAINS, all FP64.
//   dfma [BLOCKS [THREADS [ITERS]]]   (default 1024 256 1024)
// Expect profile: bound compute, bound_by fp64 (the FP64 pipe is not
// counted: its FLOP/s against the DFMA roof says it).
#include <cmath>
#include "app.h"

#define CHAINS 8

__global__ void dfma_chain(double *out, double a, double b, int iters)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	double x[CHAINS];

#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		x[j] = (double)(i % 1024 + j);
#pragma unroll 4
	for (int it = 0; it < iters; it++)
#pragma unroll
		for (int j = 0; j < CHAINS; j++)
			x[j] = fma(x[j], a, b);
#pragma unroll
	for (int j = 0; j < CHAINS; j++)
		out[(size_t)i * CHAINS + j] = x[j];
}

int main(int argc, char **argv)
{
	unsigned blocks = argc > 1 ? (unsigned)atoi(argv[1]) : 1024;
	unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 256;
	int iters = argc > 3 ? atoi(argv[3]) : 1024;
	size_t n = (size_t)blocks * threads * CHAINS;
	const double a = 0.999, b = 0.001;
	double *out, got;

	CHECK(cudaMalloc(&out, n * sizeof(double)));
	for (int k = 0; k < APP_LAUNCHES; k++)
		dfma_chain<<<blocks, threads>>>(out, a, b, iters);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	for (unsigned t = 0; t < blocks * threads; t += 7919) {
		double x = (double)(t % 1024 + 5);
		for (int it = 0; it < iters; it++)
			x = fma(x, a, b);
		CHECK(cudaMemcpy(&got, out + (size_t)t * CHAINS + 5, sizeof(got), cudaMemcpyDeviceToHost));
		if (got != x) {
			fprintf(stderr, "dfma_chain: thread %u got %.17g, want %.17g\n", t, got, x);
			return 1;
		}
	}
	CHECK(cudaFree(out));
	return 0;
}
