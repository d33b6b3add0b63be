// Another tool's process that holds the GPU's counters: under gpuperf
// profile, its one kernel's launch opens a counter set, which stays open
// while the process lives.  It launches the kernel, checks it, creates
// READY (so a test knows the counters are held), then sleeps SECONDS with
// its CUDA context alive and exits.
//   hold SECONDS READY
#include <unistd.h>
#include "app.h"

__global__ void hold_add(float *a, float v)
{
	a[blockIdx.x * blockDim.x + threadIdx.x] += v;
}

int main(int argc, char **argv)
{
	float *a;

	if (argc != 3) {
		fprintf(stderr, "usage: hold SECONDS READY\n");
		return 2;
	}
	a = app_alloc(1024, 1);
	hold_add<<<4, 256>>>(a, 2);
	CHECK(cudaDeviceSynchronize());
	app_expect("hold_add", app_at(a, 1000), 1 + (1000 % 1024) + 2);
	FILE *f = fopen(argv[2], "w");
	if (!f) {
		perror(argv[2]);
		return 1;
	}
	fclose(f);
	sleep((unsigned)atoi(argv[1]));
	return 0;
}
