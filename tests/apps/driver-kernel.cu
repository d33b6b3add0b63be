// The kernel driver-api.c loads from a fat binary (extern "C": found by name).
extern "C" __global__ void scale(float *x, float a, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] *= a;
}
