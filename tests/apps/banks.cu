// Shared-memory bank conflicts of a known degree: lane l of every warp
// reads word l x S (plus a multiple of 32 x S, which changes no bank) of a
// 4096-word buffer, 64 times.  S = 2, 4 and 32 give 2-, 4- and 32-way
// conflicts: 2, 4 and 32 wavefronts per shared load instruction.  Global
// traffic is small and coalesced, so the conflicts are each kernel's
// verdict ("shared_load_conflicts").
#include "app.h"

#define SMEM 4096
#define REPS 64
#define BLOCKS 4096
#define THREADS 256

template <int S>
__global__ void bank_conflict(float *out, const float *in)
{
	__shared__ float s[SMEM];
	unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	float acc = 0;

	for (int k = threadIdx.x; k < SMEM; k += blockDim.x)
		s[k] = in[(blockIdx.x % 64) * SMEM + k];
	__syncthreads();
#pragma unroll 8
	for (int r = 0; r < REPS; r++)
		acc += s[(lane * S + (r + warp) * 32 * S) % SMEM];
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

/* What thread t of block b computes, in the same order of additions. */
template <int S>
static float expect(const float *h, unsigned b, unsigned t)
{
	unsigned lane = t % 32, warp = t / 32;
	float acc = 0;

	for (int r = 0; r < REPS; r++)
		acc += h[(b % 64) * SMEM + (lane * S + (r + warp) * 32 * S) % SMEM];
	return acc;
}

template <int S>
static void run(float *out, const float *in, const float *h)
{
	for (int k = 0; k < APP_LAUNCHES; k++)
		bank_conflict<S><<<BLOCKS, THREADS>>>(out, in);
	CHECK(cudaDeviceSynchronize());
	app_expect("bank_conflict", app_at(out, 77 * THREADS + 45), expect<S>(h, 77, 45));
}

int main()
{
	const size_t nin = 64 * SMEM;
	float *in = app_alloc(nin, 1), *out = app_alloc(BLOCKS * THREADS, 0);
	float *h = (float *)malloc(nin * sizeof(float));

	CHECK(cudaMemcpy(h, in, nin * sizeof(float), cudaMemcpyDeviceToHost));
	run<2>(out, in, h);
	run<4>(out, in, h);
	run<32>(out, in, h);
	free(h);
	return 0;
}
