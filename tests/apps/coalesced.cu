// A coalesced copy: lane i of a warp loads and stores element i.
// Expect 4 sectors per request (the ideal for 4-byte lanes) both ways, and
// DRAM busy: gpuperf profile's verdict "dram_bound" (or "none").
// Built twice: with the static CUDA runtime (the default) and -cudart shared.
#include "app.h"

__global__ void copy_coalesced(float *out, const float *in, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i];
}

int main()
{
	float *in = app_alloc(APP_N, 1), *out = app_alloc(APP_N, 0);

	for (int k = 0; k < APP_LAUNCHES; k++)
		copy_coalesced<<<APP_N / 256, 256>>>(out, in, APP_N);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("copy_coalesced", app_at(out, 1000), app_at(in, 1000));
	return 0;
}
