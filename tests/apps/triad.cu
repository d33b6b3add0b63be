// Memory-bound by construction: the STREAM triad a[i] = b[i] + s * c[i]
// over 3 x 256 MiB, one FFMA per element, 12 bytes of DRAM traffic.
// FLOPs per launch, exactly: 2 x N; intensity 2 / 12 FLOP per DRAM byte.
//   triad [N]   (default 64 Mi elements)
// Expect profile: bound memory, bound_by dram, intensity_dram ~ 0.167.
#include "app.h"

__global__ void triad(float *a, const float *b, const float *c, float s, unsigned n)
{
	for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		a[i] = fmaf(s, c[i], b[i]);
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 64u << 20;
	float *a = app_alloc(n, 0), *b = app_alloc(n, 1), *c = app_alloc(n, 2);
	int sms;

	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	for (int k = 0; k < APP_LAUNCHES; k++)
		triad<<<sms * 8, 256>>>(a, b, c, 3.0f, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	for (unsigned i = 1; i < n; i += n / 7)
		app_expect("triad", app_at(a, i), fmaf(3.0f, 2.0f + (float)(i % 1024), 1.0f + (float)(i % 1024)));
	return 0;
}
