// The transpose exercise in three steps, on a 4096 x 4096 float matrix:
//   transpose_naive       reads rows, writes columns: every lane of a store
//                         its own sector (32 per request where 4 would do)
//   transpose_tiled<0>    through a 32 x 32 shared tile read by column: a
//                         32-way bank conflict on the shared loads
//   transpose_tiled<1>    the tile padded to 33 columns: coalesced and
//                         conflict-free (expect "dram_bound" or "none")
#include "app.h"

#define TILE 32
#define ROWS 8      // threads per block: 32 x 8, each moving 4 elements
#define DIM 4096

__global__ void transpose_naive(float *out, const float *in, int n)
{
	int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;

	for (int j = 0; j < TILE; j += ROWS)
		out[(size_t)x * n + y + j] = in[(size_t)(y + j) * n + x];
}

template <int PAD>
__global__ void transpose_tiled(float *out, const float *in, int n)
{
	__shared__ float tile[TILE][TILE + PAD];
	int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;

	for (int j = 0; j < TILE; j += ROWS)
		tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		out[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

static void check(const char *what, const float *out, const float *in)
{
	app_expect(what, app_at(out, (size_t)5 * DIM + 7), app_at(in, (size_t)7 * DIM + 5));
	app_expect(what, app_at(out, (size_t)4000 * DIM + 17), app_at(in, (size_t)17 * DIM + 4000));
}

int main()
{
	dim3 grid(DIM / TILE, DIM / TILE), block(TILE, ROWS);
	float *in = app_alloc((size_t)DIM * DIM, 1), *out = app_alloc((size_t)DIM * DIM, 0);

	for (int k = 0; k < APP_LAUNCHES; k++)
		transpose_naive<<<grid, block>>>(out, in, DIM);
	CHECK(cudaDeviceSynchronize());
	check("transpose_naive", out, in);
	CHECK(cudaMemset(out, 0, (size_t)DIM * DIM * sizeof(float)));
	for (int k = 0; k < APP_LAUNCHES; k++)
		transpose_tiled<0><<<grid, block>>>(out, in, DIM);
	CHECK(cudaDeviceSynchronize());
	check("transpose_tiled<0>", out, in);
	CHECK(cudaMemset(out, 0, (size_t)DIM * DIM * sizeof(float)));
	for (int k = 0; k < APP_LAUNCHES; k++)
		transpose_tiled<1><<<grid, block>>>(out, in, DIM);
	CHECK(cudaDeviceSynchronize());
	check("transpose_tiled<1>", out, in);
	return 0;
}
