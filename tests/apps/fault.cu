// A program whose second kernel faults (a store to an address nobody
// allocated).  It prints a line, runs a good kernel, then the bad one, and
// reports the error itself with exit status 2; under gpuperf profile it
// must do exactly the same, whichever launch the profiler was bracketing.
#include "app.h"

__global__ void fill(float *p, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] = 1.0f;
}

__global__ void fault_store(float *p)
{
	p[threadIdx.x] = 1.0f;
}

int main()
{
	float *good;
	cudaError_t e;

	printf("before the fault\n");
	fflush(stdout);
	CHECK(cudaMalloc(&good, 1 << 20));
	fill<<<1024, 256>>>(good, 1 << 18);
	CHECK(cudaDeviceSynchronize());
	fault_store<<<1, 32>>>((float *)(uintptr_t)0x1000);
	e = cudaDeviceSynchronize();
	if (e != cudaSuccess) {
		fprintf(stderr, "fault: %s\n", cudaGetErrorString(e));
		return 2;
	}
	printf("no fault?\n");
	return 0;
}
