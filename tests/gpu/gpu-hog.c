/*
 * Test fixture for tests/gpu/faults.bats and trust.bats: take all but
 * LEAVE MiB of GPU 0's free memory, print "held N MiB, M MiB free", and
 * keep it until killed.  With "busy", also keep the GPU working: copy
 * 256 MiB to and fro with gpuperf's own copy kernel, from every SM, in a
 * loop, as another user's job would (its kernels time-share the GPU with
 * gpuperf's and take memory bandwidth).
 *
 *   gpu-hog LEAVE_MIB [busy]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cuda_runtime_api.h>
#include "kernels/kernels.h"

#define BUSY_BYTES ((size_t)256 << 20)

/* Copy a to b and back for ever, a few launches queued at a time. */
static int busy_loop(void *a, void *b)
{
	int sms = 0;
	uint64_t n = BUSY_BYTES / 16;

	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
	for (unsigned i = 0;; i++) {
		/* kernel 2 = copy, 16-byte accesses, unroll 4, grid-stride */
		if (launch_bw_stream(2, 16, 4, 0, 4 * (sms > 0 ? sms : 1), 256, i % 2 ? b : a, NULL,
				     i % 2 ? a : b, n, 1.0f, 1, NULL, 0, 0) != cudaSuccess) {
			fprintf(stderr, "gpu-hog: launch failed: %s\n", cudaGetErrorString(cudaGetLastError()));
			return 1;
		}
		if (i % 8 == 7 && cudaDeviceSynchronize() != cudaSuccess)
			return 1;
	}
}

int main(int argc, char **argv)
{
	size_t leave, free_b, total_b, held = 0, chunk = (size_t)256 << 20;
	int busy = argc == 3 && !strcmp(argv[2], "busy");
	void *p, *a = NULL, *b = NULL;

	if (argc != 2 && !busy) {
		fprintf(stderr, "usage: gpu-hog LEAVE_MIB [busy]\n");
		return 2;
	}
	leave = strtoull(argv[1], NULL, 10) << 20;
	if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
		fprintf(stderr, "gpu-hog: no GPU\n");
		return 1;
	}
	if (busy && (cudaMalloc(&a, BUSY_BYTES) != cudaSuccess ||
		     cudaMalloc(&b, BUSY_BYTES) != cudaSuccess ||
		     cudaMemset(a, 1, BUSY_BYTES) != cudaSuccess)) {
		fprintf(stderr, "gpu-hog: cannot allocate its copy buffers\n");
		return 1;
	}
	/* Large chunks first, then smaller ones as the remainder nears LEAVE. */
	while (chunk >= ((size_t)1 << 20)) {
		if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess)
			return 1;
		if (free_b < leave + chunk || cudaMalloc(&p, chunk) != cudaSuccess) {
			(void)cudaGetLastError();
			chunk /= 2;
			continue;
		}
		held += chunk;
	}
	cudaMemGetInfo(&free_b, &total_b);
	printf("held %zu MiB, %zu MiB free%s\n", held >> 20, free_b >> 20, busy ? ", copying" : "");
	fflush(stdout);
	if (busy)
		return busy_loop(a, b);
	for (;;)
		pause();
}
