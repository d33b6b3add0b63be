/*
 * How counters reaches the device in gpuperf itself: the CUDA runtime and
 * the device's primary context (counters/cupti-api.h).  The injected
 * profiling library leaves this file out and brings its own, on the
 * driver API (inject/device.c).
 */
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "counters/cupti-api.h"

#if GP_HAVE_CUPTI

#include <cuda_runtime_api.h>

int cupti_context(int dev, CUcontext *ctx, CUdevice *cudev, char **reason)
{
	CUresult (*get_current)(CUcontext *) = NULL;
	CUresult (*device_get)(CUdevice *, int) = NULL;
	enum cudaDriverEntryPointQueryResult q;
	cudaError_t e;
	void *p;

	/* cudaFree(0) creates the primary context if nothing has yet. */
	e = cudaSetDevice(dev);
	if (!e)
		e = cudaFree(0);
	/* Ask for the 12.0 ABI of each symbol: stable, never a later _v2. */
	if (!e && !(e = cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &p, 12000,
							  cudaEnableDefault, &q)))
		memcpy(&get_current, &p, sizeof(p));
	if (!e && !(e = cudaGetDriverEntryPointByVersion("cuDeviceGet", &p, 12000,
							  cudaEnableDefault, &q)))
		memcpy(&device_get, &p, sizeof(p));
	if (e || !get_current || !device_get) {
		*reason = gp_xasprintf("cannot use CUDA device %d (%s); check the driver with "
				       "nvidia-smi", dev, e ? cudaGetErrorString(e) :
				       "no driver entry point");
		return -1;
	}
	*ctx = NULL;
	if (get_current(ctx) || !*ctx || device_get(cudev, dev)) {
		*reason = gp_xasprintf("no CUDA context on device %d; check the driver with "
				       "nvidia-smi", dev);
		return -1;
	}
	return 0;
}

int cupti_synchronize(int dev, char **reason)
{
	cudaError_t e;

	(void)dev;  /* the current device: cupti_context made it so */
	if ((e = cudaDeviceSynchronize())) {
		*reason = gp_xstrdup(cudaGetErrorString(e));
		return -1;
	}
	return 0;
}

void cupti_device_cc(int dev, int *major, int *minor)
{
	*major = *minor = 0;
	cudaDeviceGetAttribute(major, cudaDevAttrComputeCapabilityMajor, dev);
	cudaDeviceGetAttribute(minor, cudaDevAttrComputeCapabilityMinor, dev);
}

#endif /* GP_HAVE_CUPTI */
