// A CUDA program that launches no kernel: it initialises CUDA, allocates
// and copies, and exits 0.  gpuperf profile says so and exits 0 too.
#include "app.h"

int main()
{
	float *d = app_alloc(1024, 1);

	app_expect("copy back", app_at(d, 3), 4);
	CHECK(cudaFree(d));
	printf("no kernel launched\n");
	return 0;
}
