// One kernel, `transpose`, before and after its fix, for gpuperf diff's
// "did my fix help?" (README, bench/record-diff-fixtures.sh): the same
// source built twice, as a user edits and rebuilds a kernel that keeps its
// name.  Built plain, the naive version: rows read, columns written, every
// lane of a store its own sector.  Built with -DFIXED, the tiled one:
// through a padded 32 x 33 shared tile, coalesced both ways and free of
// bank conflicts.  4096 x 4096 floats, as tests/apps/transpose.cu.
#include "app.h"

#define TILE 32
#define ROWS 8      // threads per block: 32 x 8, each moving 4 elements
#define DIM 4096

__global__ void transpose(float *out, const float *in, int n)
{
	int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
#ifndef FIXED
	for (int j = 0; j < TILE; j += ROWS)
		out[(size_t)x * n + y + j] = in[(size_t)(y + j) * n + x];
#else
	__shared__ float tile[TILE][TILE + 1];

	for (int j = 0; j < TILE; j += ROWS)
		tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		out[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
#endif
}

int main()
{
	dim3 grid(DIM / TILE, DIM / TILE), block(TILE, ROWS);
	float *in = app_alloc((size_t)DIM * DIM, 1), *out = app_alloc((size_t)DIM * DIM, 0);

	for (int k = 0; k < APP_LAUNCHES; k++)
		transpose<<<grid, block>>>(out, in, DIM);
	CHECK(cudaDeviceSynchronize());
	app_expect("transpose", app_at(out, (size_t)5 * DIM + 7), app_at(in, (size_t)7 * DIM + 5));
	app_expect("transpose", app_at(out, (size_t)4000 * DIM + 17),
		   app_at(in, (size_t)17 * DIM + 4000));
	return 0;
}
