// A copy shifted by one element: lane i loads element i + 1, so every
// warp's 128 bytes straddle 5 sectors where 4 would do (1.25x); stores are
// coalesced.  Expect the verdict "load_coalescing", pointing at
// 'gpuperf coalesce --pattern offset --offset 1'.
#include "app.h"

__global__ void copy_offset(float *out, const float *in, unsigned n, unsigned offset)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i + offset];
}

int main()
{
	const unsigned n = APP_N - 256;
	float *in = app_alloc(APP_N, 1), *out = app_alloc(APP_N, 0);

	for (int k = 0; k < APP_LAUNCHES; k++)
		copy_offset<<<n / 256, 256>>>(out, in, n, 1);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("copy_offset", app_at(out, 1000), app_at(in, 1001));
	return 0;
}
