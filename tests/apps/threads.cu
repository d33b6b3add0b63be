// Two host threads launching two kernels on their own streams at once:
// the profiling library must keep one thread's launches out of the other's
// profiled bracket (auto range would count them) and profile both kernels.
#include <thread>
#include "app.h"

__global__ void thread_a(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] += 1.0f;
}

__global__ void thread_b(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] *= 2.0f;
}

static void work(void (*kernel)(float *, unsigned), float *x)
{
	cudaStream_t s;

	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	for (int k = 0; k < 4 * APP_LAUNCHES; k++)
		kernel<<<APP_N / 256, 256, 0, s>>>(x, APP_N);
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaStreamDestroy(s));
}

int main()
{
	float *a = app_alloc(APP_N, 1), *b = app_alloc(APP_N, 1);

	CHECK(cudaFree(0));
	std::thread ta(work, thread_a, a), tb(work, thread_b, b);
	ta.join();
	tb.join();
	app_expect("thread_a", app_at(a, 5), 6 + 4 * APP_LAUNCHES);
	app_expect("thread_b", app_at(b, 5), 6.0f * (1 << (4 * APP_LAUNCHES)));
	return 0;
}
