// Source of the fuzz seed corpus (tests/fuzz/corpus), rebuilt with:
//   nvcc -cubin -arch=sm_90 -o corpus/seed-sm90.cubin seed.cu
//   nvcc -cubin -arch=sm_75 -o corpus/seed-sm75.cubin seed.cu
//   nvcc -fatbin -gencode arch=compute_80,code=[sm_80,compute_80] -o corpus/seed.fatbin seed.cu
//   nvcc -c -arch=sm_90 -o corpus/seed.o seed.cu
//   nvcc -fatbin -Xfatbin -compress-all -arch=sm_90 -o corpus/seed-zstd.fatbin seed.cu
// (sm_75 and sm_80 refuse __cluster_dims__, so the second kernel has a register cap)
__global__ void __launch_bounds__(128, 4) seed_tile(float *o, int n)
{
	__shared__ float t[128];
	t[threadIdx.x] = threadIdx.x;
	__syncthreads();
	if (threadIdx.x < n)
		o[threadIdx.x] = t[127 - threadIdx.x];
}

__global__ void __maxnreg__(32) seed_plain(int *o)
{
	o[threadIdx.x] = 1;
}
