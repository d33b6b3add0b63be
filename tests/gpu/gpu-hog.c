/*
 * Test fixture for tests/gpu/faults.bats: take all but LEAVE MiB of GPU 0's
 * free memory, print "held N MiB, M MiB free", and keep it until killed.
 *
 *   gpu-hog LEAVE_MIB
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cuda_runtime_api.h>

int main(int argc, char **argv)
{
	size_t leave, free_b, total_b, held = 0, chunk = (size_t)256 << 20;
	void *p;

	if (argc != 2) {
		fprintf(stderr, "usage: gpu-hog LEAVE_MIB\n");
		return 2;
	}
	leave = strtoull(argv[1], NULL, 10) << 20;
	if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
		fprintf(stderr, "gpu-hog: no GPU\n");
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
	printf("held %zu MiB, %zu MiB free\n", held >> 20, free_b >> 20);
	fflush(stdout);
	for (;;)
		pause();
}
