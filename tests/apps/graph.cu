// A kernel captured into a CUDA graph and replayed 10 times, beside one
// ordinary launch of another kernel.  The graph's kernels are timed (and
// counted as graph launches) but not profiled; the capture must not be
// disturbed by the profiler (it would fail the instantiation).
#include "app.h"

__global__ void graph_step(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] += 1.0f;
}

__global__ void plain_step(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] *= 1.0f;
}

int main()
{
	const unsigned n = 1u << 20;
	float *x = app_alloc(n, 0);
	cudaStream_t s;
	cudaGraph_t g;
	cudaGraphExec_t ge;

	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	graph_step<<<n / 256, 256, 0, s>>>(x, n);
	CHECK(cudaStreamEndCapture(s, &g));
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	for (int k = 0; k < 10; k++)
		CHECK(cudaGraphLaunch(ge, s));
	plain_step<<<n / 256, 256, 0, s>>>(x, n);
	CHECK(cudaStreamSynchronize(s));
	app_expect("graph_step", app_at(x, 3), 3 + 10);
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g));
	return 0;
}
