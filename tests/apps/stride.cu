// A strided copy: lane i loads element i x STRIDE (default 4, or argv[1]),
// so a warp's loads touch STRIDE times the sectors they need; stores are
// coalesced.  Expect "load_coalescing" with 4 x STRIDE sectors per request
// (up to 32) and 'gpuperf coalesce --pattern stride --stride STRIDE'.
#include "app.h"

__global__ void copy_stride(float *out, const float *in, unsigned n, unsigned stride)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[(size_t)i * stride];
}

int main(int argc, char **argv)
{
	unsigned stride = argc > 1 ? (unsigned)atoi(argv[1]) : 4;
	unsigned n = APP_N / 16;
	float *in = app_alloc(APP_N, 1), *out = app_alloc(n, 0);

	if (stride < 1 || stride > 16) {
		fprintf(stderr, "stride: 1 to 16\n");
		return 2;
	}
	for (int k = 0; k < APP_LAUNCHES; k++)
		copy_stride<<<n / 256, 256>>>(out, in, n, stride);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("copy_stride", app_at(out, 1000), app_at(in, (size_t)1000 * stride));
	return 0;
}
