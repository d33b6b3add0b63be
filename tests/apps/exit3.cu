// A program that exits with status 3 after its kernels ran: gpuperf
// profile reports the kernels and exits 3 as the program did.
#include "app.h"

__global__ void scale3(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] *= 3.0f;
}

int main()
{
	float *x = app_alloc(APP_N, 1);

	for (int k = 0; k < APP_LAUNCHES; k++)
		scale3<<<APP_N / 256, 256>>>(x, APP_N);
	CHECK(cudaDeviceSynchronize());
	printf("kernels done, exiting with 3\n");
	return 3;
}
