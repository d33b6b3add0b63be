// Latency-bound by construction: a dependent pointer chase, one thread per
// block, over one random cycle of 32 Mi indices (128 MiB, beyond any L2):
// each load waits for the one before, one lane of its warp asks for 4
// bytes.  No floating-point work.
//   chase [BLOCKS [STEPS]]   (default 4096 blocks, 1000 steps)
// Expect profile: bound latency (or underfilled on a GPU whose SMs hold too
// few of the one-warp blocks), a verdict that says one lane of the warp
// asks and names no stride.
#include <vector>
#include "app.h"

__global__ void chase(const unsigned *next, unsigned *end, unsigned n, int steps)
{
	unsigned p = (unsigned)(((unsigned long long)blockIdx.x * n) / gridDim.x);

	for (int s = 0; s < steps; s++)
		p = next[p];
	end[blockIdx.x] = p;
}

int main(int argc, char **argv)
{
	unsigned blocks = argc > 1 ? (unsigned)atoi(argv[1]) : 4096;
	int steps = argc > 2 ? atoi(argv[2]) : 1000;
	const unsigned n = 32u << 20;
	std::vector<unsigned> h(n);
	unsigned *next, *end, got;
	unsigned long long r = 88172645463325252ull;

	/* Sattolo: one cycle through every index, so no chase ends early */
	for (unsigned i = 0; i < n; i++)
		h[i] = i;
	for (unsigned i = n - 1; i > 0; i--) {
		r ^= r << 13;
		r ^= r >> 7;
		r ^= r << 17;
		unsigned j = (unsigned)(r % i), t = h[i];
		h[i] = h[j];
		h[j] = t;
	}
	CHECK(cudaMalloc(&next, (size_t)n * sizeof(unsigned)));
	CHECK(cudaMalloc(&end, blocks * sizeof(unsigned)));
	CHECK(cudaMemcpy(next, h.data(), (size_t)n * sizeof(unsigned), cudaMemcpyHostToDevice));
	for (int k = 0; k < APP_LAUNCHES; k++)
		chase<<<blocks, 1>>>(next, end, n, steps);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	for (unsigned b = 0; b < blocks; b += blocks / 4 + 1) {
		unsigned p = (unsigned)(((unsigned long long)b * n) / blocks);
		for (int s = 0; s < steps; s++)
			p = h[p];
		CHECK(cudaMemcpy(&got, end + b, sizeof(got), cudaMemcpyDeviceToHost));
		if (got != p) {
			fprintf(stderr, "chase: block %u ended at %u, want %u\n", b, got, p);
			return 1;
		}
	}
	return 0;
}
