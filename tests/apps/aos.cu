// An array of float3 read field by field: each of the three 4-byte loads of
// a warp spans 384 bytes, 12 sectors where 4 would do (3.0x, like stride 3).
// Expect "load_coalescing" and 'gpuperf coalesce --pattern stride,aos --stride 3'.
#include "app.h"

struct point {
	float x, y, z;
};

__global__ void aos_sum(float *out, const point *p, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = p[i].x + p[i].y + p[i].z;
}

int main()
{
	const unsigned n = APP_N / 4;
	float *pts = app_alloc((size_t)3 * n, 1), *out = app_alloc(n, 0);

	for (int k = 0; k < APP_LAUNCHES; k++)
		aos_sum<<<n / 256, 256>>>(out, (const point *)pts, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	app_expect("aos_sum", app_at(out, 10),
		   app_at(pts, 30) + app_at(pts, 31) + app_at(pts, 32));
	return 0;
}
