// Coalesced copies at 8 and 16 bytes a lane (double, float4): lane i of a
// warp reads element i, so a request of 32 lanes touches 8 (16) sectors,
// its ideal, every byte used.  A profile that assumes 4-byte accesses
// calls them "2.0x" and "4.0x the bytes used" (issue 37); the right one
// finds no waste.
#include "app.h"

__global__ void copy_double(double *out, const double *in, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i] + 1.0;
}

__global__ void copy_float4(float4 *out, const float4 *in, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float4 v = in[i];
		out[i] = make_float4(v.x + 1, v.y + 1, v.z + 1, v.w + 1);
	}
}

int main()
{
	/* the same 64 MiB seen as doubles and as float4s */
	float *in = app_alloc(APP_N, 1), *out = app_alloc(APP_N, 0);
	unsigned nd = APP_N / 2, n4 = APP_N / 4;

	for (int k = 0; k < APP_LAUNCHES; k++)
		copy_double<<<nd / 256, 256>>>((double *)out, (const double *)in, nd);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	double hin, hout;
	CHECK(cudaMemcpy(&hin, (double *)in + 999, sizeof(hin), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&hout, (double *)out + 999, sizeof(hout), cudaMemcpyDeviceToHost));
	if (hout != hin + 1.0) {
		fprintf(stderr, "copy_double: %g, want %g\n", hout, hin + 1.0);
		return 1;
	}
	for (int k = 0; k < APP_LAUNCHES; k++)
		copy_float4<<<n4 / 256, 256>>>((float4 *)out, (const float4 *)in, n4);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("copy_float4", app_at(out, 4001), app_at(in, 4001) + 1);
	return 0;
}
