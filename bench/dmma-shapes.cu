/*
 * The FP64 tensor shapes of mma.sync side by side on one GPU: m8n8k4
 * (sm_80) and Hopper's m16n8k4, m16n8k8 and m16n8k16 (PTX ISA 7.8, sm_90),
 * each as gpuperf roofline runs its tensor-fp64 kernel: 8 warps per block,
 * 8 independent accumulator tiles per warp of all-ones inputs, as many
 * blocks as fit on every SM, every sum checked exactly.  Prints one CSV line
 * per shape: TFLOP/s (an FMA counts 2) of the median of 9 timed launches,
 * and the SM clock during them.  bench/dmma-shapes.sh builds and runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

const int BLOCK = 256, CHAINS = 8, STEPS = 4, ITERS = 4096;

template <int M, int K> struct shape;

#define MMA_ASM(ptx) asm volatile(ptx : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) :
template <> struct shape<8, 4> {
	static const int nd = 2, na = 1, nb = 1;
	static __device__ void step(double *d, const double *a, const double *b)
	{
		asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
			     : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
	}
};
template <> struct shape<16, 4> {
	static const int nd = 4, na = 2, nb = 1;
	static __device__ void step(double *d, const double *a, const double *b)
	{
		MMA_ASM("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
			"{%0,%1,%2,%3};") "d"(a[0]), "d"(a[1]), "d"(b[0]));
	}
};
template <> struct shape<16, 8> {
	static const int nd = 4, na = 4, nb = 2;
	static __device__ void step(double *d, const double *a, const double *b)
	{
		MMA_ASM("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
			"{%8,%9}, {%0,%1,%2,%3};") "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]),
			"d"(b[1]));
	}
};
template <> struct shape<16, 16> {
	static const int nd = 4, na = 8, nb = 4;
	static __device__ void step(double *d, const double *a, const double *b)
	{
		MMA_ASM("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, "
			"{%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};")
			"d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]),
			"d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
	}
};

/* one: 1.0 at run time, so nothing folds; bad counts sums that are not ITERS x STEPS x K */
template <int M, int K>
__global__ void __launch_bounds__(BLOCK) kernel(double one, unsigned long long *bad,
						 unsigned long long *cycles)
{
	typedef shape<M, K> S;
	double d[CHAINS][4] = {}, a[8], b[4];
	long long c0 = clock64();

	for (int i = 0; i < 8; i++)
		a[i] = b[i % 4] = one;
	for (int i = 0; i < ITERS; i++) {
#pragma unroll
		for (int s = 0; s < STEPS; s++) {
#pragma unroll
			for (int c = 0; c < CHAINS; c++)
				S::step(d[c], a, b);
		}
	}
	unsigned n = 0;
#pragma unroll
	for (int c = 0; c < CHAINS; c++)
		for (int j = 0; j < S::nd; j++)
			n += d[c][j] != (double)ITERS * STEPS * K;
	if (n)
		atomicAdd(bad, (unsigned long long)n);
	if (threadIdx.x == 0)
		atomicAdd(cycles, (unsigned long long)(clock64() - c0));
}

template <int M, int K>
static void run(const char *name, int sms)
{
	unsigned long long *dev, host[2];
	int per_sm = 0;
	float ms[9];
	cudaEvent_t e0, e1;

	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel<M, K>, BLOCK, 0));
	int grid = per_sm * sms;
	CHECK(cudaMalloc(&dev, sizeof(host)));
	CHECK(cudaEventCreate(&e0));
	CHECK(cudaEventCreate(&e1));
	kernel<M, K><<<grid, BLOCK>>>(1.0, dev, dev + 1);   /* warm-up */
	CHECK(cudaMemset(dev, 0, sizeof(host)));
	for (int r = 0; r < 9; r++) {
		CHECK(cudaEventRecord(e0));
		kernel<M, K><<<grid, BLOCK>>>(1.0, dev, dev + 1);
		CHECK(cudaEventRecord(e1));
		CHECK(cudaEventSynchronize(e1));
		CHECK(cudaEventElapsedTime(&ms[r], e0, e1));
	}
	CHECK(cudaMemcpy(host, dev, sizeof(host), cudaMemcpyDeviceToHost));
	std::sort(ms, ms + 9);
	double flop = 2.0 * M * 8 * K * CHAINS * STEPS * (double)ITERS * (BLOCK / 32) * grid;
	double mhz = host[1] / (9.0 * grid) / (ms[4] * 1e3);
	printf("%s,%.1f,%.0f,%d,%s\n", name, flop / (ms[4] * 1e-3) / 1e12, mhz, per_sm,
	       host[0] ? "WRONG SUMS" : "exact");
	CHECK(cudaFree(dev));
}

int main(void)
{
	int sms;

	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	printf("shape,tflops,sm_clock_mhz,blocks_per_sm,check\n");
	run<8, 4>("m8n8k4", sms);
	run<16, 4>("m16n8k4", sms);
	run<16, 8>("m16n8k8", sms);
	run<16, 16>("m16n8k16", sms);
	return 0;
}
