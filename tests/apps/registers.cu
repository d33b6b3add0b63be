// A register-heavy kernel: 96 values live per thread, and __launch_bounds__
// (128, 1) lets the compiler take as many registers as it likes.  Over 64
// registers per thread hold a 9.0 SM below 50 % theoretical occupancy;
// the kernel is compute-bound and long, so achieved follows theoretical.
// Expect "occupancy_limit" held by registers, with the calculator's next step.
#include <cmath>
#include "app.h"

#define NV 96
#define ITERS 32

__global__ void __launch_bounds__(128, 1) registers_heavy(float *out, const float *in, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	float v[NV], s = 0;

#pragma unroll
	for (int k = 0; k < NV; k++)
		v[k] = in[(i + k * 4096u) % n] * (1.0f / 1024);
#pragma unroll 1
	for (int it = 0; it < ITERS; it++) {
#pragma unroll
		for (int k = 0; k < NV; k++)
			v[k] = fmaf(v[k], 0.5f, 0.25f * v[(k + 1) % NV]);
	}
#pragma unroll
	for (int k = 0; k < NV; k++)
		s += v[k];
	out[i] = s;
}

static float expect(const float *h, unsigned i, unsigned n)
{
	float v[NV], s = 0;

	for (int k = 0; k < NV; k++)
		v[k] = h[(i + k * 4096u) % n] * (1.0f / 1024);
	for (int it = 0; it < ITERS; it++)
		for (int k = 0; k < NV; k++)
			v[k] = fmaf(v[k], 0.5f, 0.25f * v[(k + 1) % NV]);
	for (int k = 0; k < NV; k++)
		s += v[k];
	return s;
}

int main()
{
	const unsigned n = APP_N;
	float *in = app_alloc(n, 0), *out = app_alloc(n, 0);
	float *h = (float *)malloc(n * sizeof(float));

	CHECK(cudaMemcpy(h, in, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
	for (int k = 0; k < APP_LAUNCHES; k++)
		registers_heavy<<<n / 128, 128>>>(out, in, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("registers_heavy", app_at(out, 12345), expect(h, 12345, n));
	free(h);
	return 0;
}
