// A known arithmetic intensity below the ridge: each element read (4 B)
// and written (4 B) after K dependent FFMAs, so 2K FLOPs per 8 DRAM bytes:
// K / 4 FLOP per byte (4 for K = 16; an H100's FP32 ridge is near 20).
// FLOPs per launch, exactly: 2 x K x N.
//   intensity [N]   (default 64 Mi elements)
// Expect profile: bound memory, intensity_dram ~ 4, fp32_flop exact.
#include "app.h"

#define K 16

__global__ void poly16(float *y, const float *x, unsigned n)
{
	for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		float v = x[i], p = v;
#pragma unroll
		for (int k = 0; k < K; k++)
			p = fmaf(p, v, 0.5f);
		y[i] = p;
	}
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 64u << 20;
	float *x = app_alloc(n, 0), *y = app_alloc(n, 0);
	int sms;

	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	for (int k = 0; k < APP_LAUNCHES; k++)
		poly16<<<sms * 8, 256>>>(y, x, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	for (unsigned i = 3; i < n; i += n / 5) {
		float v = (float)(i % 1024), p = v;
		for (int k = 0; k < K; k++)
			p = fmaf(p, v, 0.5f);
		app_expect("poly16", app_at(y, i), p);
	}
	return 0;
}
