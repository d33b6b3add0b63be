/*
 * A driver-API program in C: its own context (cuCtxCreate, not the
 * primary one the runtime would use), a module loaded from the fat binary
 * beside it (driver-kernel.fatbin), and launches through cuLaunchKernel
 * and cuLaunchKernelEx.  The profiling library must profile on the
 * program's context and leave the primary context alone.
 */
#include <cuda.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N (1u << 22)

static void check(CUresult r, const char *what)
{
	const char *s = NULL;

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorString(r, &s);
	fprintf(stderr, "%s: %s\n", what, s ? s : "?");
	exit(1);
}

int main(int argc, char **argv)
{
	char exe[PATH_MAX], path[PATH_MAX + 64];
	CUcontext ctx;
	CUdevice dev;
	CUmodule mod;
	CUfunction f;
	CUdeviceptr x;
	CUlaunchConfig cfg;
	float a = 2.0f, h[4];
	unsigned n = N;
	void *args[] = { &x, &a, &n };
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (len <= 0)
		return 1;
	exe[len] = '\0';
	snprintf(path, sizeof(path), "%s/driver-kernel.fatbin", argc > 1 ? argv[1] : dirname(exe));
	check(cuInit(0), "cuInit");
	check(cuDeviceGet(&dev, 0), "cuDeviceGet");
	check(cuCtxCreate(&ctx, NULL, 0, dev), "cuCtxCreate");
	check(cuModuleLoad(&mod, path), path);
	check(cuModuleGetFunction(&f, mod, "scale"), "cuModuleGetFunction");
	check(cuMemAlloc(&x, N * sizeof(float)), "cuMemAlloc");
	check(cuMemsetD32(x, 0x3f800000u, N), "cuMemsetD32");   /* 1.0f */
	for (int k = 0; k < 4; k++)
		check(cuLaunchKernel(f, N / 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL),
		      "cuLaunchKernel");
	memset(&cfg, 0, sizeof(cfg));
	cfg.gridDimX = N / 256;
	cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = 256;
	cfg.blockDimY = cfg.blockDimZ = 1;
	for (int k = 0; k < 2; k++)
		check(cuLaunchKernelEx(&cfg, f, args, NULL), "cuLaunchKernelEx");
	check(cuCtxSynchronize(), "cuCtxSynchronize");
	check(cuMemcpyDtoH(h, x, sizeof(h)), "cuMemcpyDtoH");
	if (h[3] != 64.0f) {
		fprintf(stderr, "scale: got %g, want 64\n", h[3]);
		return 1;
	}
	/* the profiler must not have made the primary context for us (tests/gpu check it) */
	{
		unsigned flags;
		int active = 0;
		check(cuDevicePrimaryCtxGetState(dev, &flags, &active), "cuDevicePrimaryCtxGetState");
		printf("primary context active: %d\n", active);
	}
	check(cuMemFree(x), "cuMemFree");
	check(cuModuleUnload(mod), "cuModuleUnload");
	check(cuCtxDestroy(ctx), "cuCtxDestroy");
	printf("driver API: 6 launches\n");
	return 0;
}
