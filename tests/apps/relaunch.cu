// Many profiled launches of two kernels in turn: a coalesced copy (4
// sectors a load request) and a stride-2 gather (8).  gpuperf profile
// reads a batch of launches' counters at once (inject/launch.c); a range
// matched to the wrong launch would mix the two figures.
//
//   relaunch [PAIRS] [reset]
//
// PAIRS launches of each kernel (default 70), in turn; with "reset", half
// of them, cudaDeviceReset (the context goes, and with it the session
// holding their ranges), then the other half on a new context.
#include <cstring>
#include "app.h"

__global__ void relaunch_copy(float *out, const float *in, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i];
}

__global__ void relaunch_stride2(float *out, const float *in, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[2 * i];
}

// Elements a launch copies: small, so that a launch costs microseconds.
#define RELAUNCH_N (1u << 20)

static void pairs(int n)
{
	float *in = app_alloc(2 * RELAUNCH_N, 1), *out = app_alloc(RELAUNCH_N, 0);

	for (int k = 0; k < n; k++) {
		relaunch_copy<<<RELAUNCH_N / 256, 256>>>(out, in, RELAUNCH_N);
		relaunch_stride2<<<RELAUNCH_N / 256, 256>>>(out, in, RELAUNCH_N);
	}
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("relaunch_stride2", app_at(out, 1000), app_at(in, 2000));
	CHECK(cudaFree(in));
	CHECK(cudaFree(out));
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 70;
	int reset = argc > 2 && !strcmp(argv[2], "reset");

	if (n < 1 || (argc > 2 && !reset)) {
		fprintf(stderr, "usage: relaunch [PAIRS] [reset]\n");
		return 2;
	}
	if (reset) {
		pairs(n / 2);
		CHECK(cudaDeviceReset());
		pairs(n - n / 2);
	} else {
		pairs(n);
	}
	return 0;
}
