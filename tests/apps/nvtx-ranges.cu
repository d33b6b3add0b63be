// Kernels inside nested NVTX ranges, for gpuperf profile --by range
// (tests/gpu/profile-ranges.bats).  Every way a range is named or opened:
//
//   setup                       fill x2                        pushed (nvtxRangePushA)
//   epoch/train/step/forward    forward x2 a step, 6 steps     a start/end range outermost;
//                                                              "step, seq = N, op_id = M"
//                                                              as PyTorch names its calls
//   epoch/train/step/backward   backward x1 a step             a domain's range, a
//                                                              registered string
//   replay/capture, graph G     graph_add x2 a replay, 3       the graph's launch inside
//                                                              "replay", its nodes captured
//                                                              inside "capture"
//   (no range)                  tail x1
//
// x stays 1 through the steps (forward: y = x + 1; backward: x = y - 1),
// the graph adds 2 a replay: 7 at the end, checked.
#include <nvtx3/nvToolsExt.h>
#include "app.h"

#define STEPS 6
#define REPLAYS 3

__global__ void fill(float *x, unsigned n, float v)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = v;
}

__global__ void forward(float *y, const float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = x[i] + 1.0f;
}

__global__ void backward(float *x, const float *y, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = y[i] - 1.0f;
}

__global__ void graph_add(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] += 1.0f;
}

__global__ void tail(float *x, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] *= 1.0f;
}

static nvtxEventAttributes_t registered(nvtxStringHandle_t s)
{
	nvtxEventAttributes_t a = {};

	a.version = NVTX_VERSION;
	a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
	a.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
	a.message.registered = s;
	return a;
}

static void train(float *x, float *y, unsigned n)
{
	nvtxDomainHandle_t app = nvtxDomainCreateA("nvtx-ranges");
	nvtxEventAttributes_t back = registered(nvtxDomainRegisterStringA(app, "backward"));
	nvtxRangeId_t epoch = nvtxRangeStartA("epoch");
	char name[64];

	nvtxRangePushA("train");
	for (int i = 0; i < STEPS; i++) {
		snprintf(name, sizeof(name), "step, seq = %d, op_id = %d", i, 100 + i);
		nvtxRangePushA(name);
		nvtxRangePushA("forward");
		forward<<<n / 256, 256>>>(y, x, n);
		forward<<<n / 256, 256>>>(y, x, n);
		nvtxRangePop();
		nvtxDomainRangePushEx(app, &back);
		backward<<<n / 256, 256>>>(x, y, n);
		nvtxDomainRangePop(app);
		nvtxRangePop();
	}
	nvtxRangePop();
	nvtxRangeEnd(epoch);
}

static void graph(float *x, unsigned n)
{
	cudaStream_t s;
	cudaGraph_t g;
	cudaGraphExec_t ge;

	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	nvtxRangePushA("capture");
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	graph_add<<<n / 256, 256, 0, s>>>(x, n);
	graph_add<<<n / 256, 256, 0, s>>>(x, n);
	CHECK(cudaStreamEndCapture(s, &g));
	nvtxRangePop();
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	nvtxRangePushA("replay");
	for (int k = 0; k < REPLAYS; k++)
		CHECK(cudaGraphLaunch(ge, s));
	CHECK(cudaStreamSynchronize(s));
	nvtxRangePop();
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaStreamDestroy(s));
}

int main()
{
	const unsigned n = 1u << 22;
	float *x, *y;

	CHECK(cudaMalloc(&x, n * sizeof(float)));
	CHECK(cudaMalloc(&y, n * sizeof(float)));
	nvtxRangePushA("setup");
	fill<<<n / 256, 256>>>(x, n, 1.0f);
	fill<<<n / 256, 256>>>(y, n, 0.0f);
	nvtxRangePop();
	train(x, y, n);
	graph(x, n);
	tail<<<n / 256, 256>>>(x, n);
	CHECK(cudaDeviceSynchronize());
	app_expect("nvtx-ranges", app_at(x, 3), 1 + 2 * REPLAYS);
	return 0;
}
