// Shared by the test programs of gpuperf profile (tests/apps): each is a
// small, ordinary CUDA program whose kernels have a known memory
// behaviour, checks its own results, and says nothing gpuperf could
// mistake for its own output.  Built by `make test-gpu` (never by `make`).
#ifndef GP_TESTS_APPS_APP_H
#define GP_TESTS_APPS_APP_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call) \
	do { \
		cudaError_t e_ = (call); \
		if (e_ != cudaSuccess) { \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
				cudaGetErrorString(e_)); \
			exit(1); \
		} \
	} while (0)

// Launches of each kernel: more than gpuperf profile profiles by default
// (1, or 3 in the tests' --launches), so some run unprofiled, timed only.
#define APP_LAUNCHES 5

// Elements of the big buffers: 64 MiB of floats, beyond any L2.
#define APP_N (1u << 24)

static inline float *app_alloc(size_t n, float fill)
{
	float *d, *h = (float *)malloc(n * sizeof(float));

	for (size_t i = 0; i < n; i++)
		h[i] = fill + (float)(i % 1024);
	CHECK(cudaMalloc(&d, n * sizeof(float)));
	CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
	free(h);
	return d;
}

// Element i of the device buffer, for a spot check.
static inline float app_at(const float *d, size_t i)
{
	float v;

	CHECK(cudaMemcpy(&v, d + i, sizeof(v), cudaMemcpyDeviceToHost));
	return v;
}

static inline void app_expect(const char *what, float got, float want)
{
	if (got != want) {
		fprintf(stderr, "%s: got %g, want %g\n", what, got, want);
		exit(1);
	}
}

#endif
