/*
 * A plain STREAM-style reference for bench/bandwidth.sh, in the shape most
 * public GPU STREAM ports use by default: one double per thread, blocks of
 * 1024 threads, one block per 1024 elements, no unrolling, kernels
 * copy (c = a), mul (b = s*c), add (c = a + b), triad (a = b + s*c), run in
 * turn NTIMES times; the first round is dropped and the best (minimum)
 * time per kernel is reported, beside the median.  Bytes: copy and mul
 * 2 x N x 8, add and triad 3 x N x 8; GB = 10^9 B.
 *
 *   nvcc -O3 -arch=sm_90 -o stream-ref bench/stream-ref.cu
 *   stream-ref [bytes per array]     (default 1 GiB, like gpuperf bandwidth)
 *
 * Output: one CSV line per kernel, "kernel,best_gbs,median_gbs".
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define NTIMES 100
#define BLOCK 1024

static const double scalar = 0.4;

__global__ void k_init(double *a, double *b, double *c, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		a[i] = 0.1;
		b[i] = 0.2;
		c[i] = 0.0;
	}
}

__global__ void k_copy(const double *a, double *c, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i];
}

__global__ void k_mul(double *b, const double *c, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		b[i] = scalar * c[i];
}

__global__ void k_add(const double *a, const double *b, double *c, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

__global__ void k_triad(double *a, const double *b, const double *c, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = b[i] + scalar * c[i];
}

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "stream-ref: %s: %s\n", what, cudaGetErrorString(e));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	size_t bytes = argc > 1 ? strtoull(argv[1], NULL, 0) : (size_t)1 << 30;
	size_t n = bytes / sizeof(double);
	unsigned grid = (unsigned)((n + BLOCK - 1) / BLOCK);
	double *a, *b, *c;
	cudaEvent_t ev[5];
	std::vector<double> t[4];
	static const char *names[4] = { "copy", "mul", "add", "triad" };
	static const double arrays[4] = { 2, 2, 3, 3 };

	check(cudaMalloc(&a, n * sizeof(double)), "cudaMalloc");
	check(cudaMalloc(&b, n * sizeof(double)), "cudaMalloc");
	check(cudaMalloc(&c, n * sizeof(double)), "cudaMalloc");
	for (int i = 0; i < 5; i++)
		check(cudaEventCreate(&ev[i]), "cudaEventCreate");
	k_init<<<grid, BLOCK>>>(a, b, c, n);
	for (int r = 0; r < NTIMES; r++) {
		cudaEventRecord(ev[0]);
		k_copy<<<grid, BLOCK>>>(a, c, n);
		cudaEventRecord(ev[1]);
		k_mul<<<grid, BLOCK>>>(b, c, n);
		cudaEventRecord(ev[2]);
		k_add<<<grid, BLOCK>>>(a, b, c, n);
		cudaEventRecord(ev[3]);
		k_triad<<<grid, BLOCK>>>(a, b, c, n);
		cudaEventRecord(ev[4]);
		check(cudaEventSynchronize(ev[4]), "kernels");
		for (int k = 0; k < 4 && r > 0; k++) {
			float ms;
			cudaEventElapsedTime(&ms, ev[k], ev[k + 1]);
			t[k].push_back(ms);
		}
	}

	/* The values every element must hold after NTIMES rounds. */
	double ga = 0.1, gb = 0.2, gc = 0.0;
	for (int r = 0; r < NTIMES; r++) {
		gc = ga;
		gb = scalar * gc;
		gc = ga + gb;
		ga = gb + scalar * gc;
	}
	std::vector<double> h(n);
	double *dev[3] = { a, b, c }, want[3] = { ga, gb, gc };
	for (int k = 0; k < 3; k++) {
		check(cudaMemcpy(h.data(), dev[k], n * sizeof(double), cudaMemcpyDeviceToHost), "cudaMemcpy");
		for (size_t i = 0; i < n; i++)
			if (std::fabs(h[i] - want[k]) > 1e-8 * std::fabs(want[k])) {
				fprintf(stderr, "stream-ref: array %d element %zu is %g, expected %g\n",
					k, i, h[i], want[k]);
				return 1;
			}
	}
	for (int k = 0; k < 4; k++) {
		std::vector<double> s = t[k];
		std::sort(s.begin(), s.end());
		double moved = arrays[k] * (double)n * sizeof(double);
		printf("%s,%.1f,%.1f\n", names[k], moved / (s.front() * 1e-3) / 1e9,
		       moved / (s[s.size() / 2] * 1e-3) / 1e9);
	}
	return 0;
}
