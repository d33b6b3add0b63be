/* CUDA runtime errors mapped to messages and exit statuses. */
#include <string.h>
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "util/error.h"
#include "util/fault.h"

int cuda_check(cudaError_t err, const char *what)
{
	int status = GP_EXIT_FAIL;
	const char *note = "";

	/* GPUPERF_FAULT: the call ran; report it failed as an allocation or a launch can */
	if (err == cudaSuccess && gp_fault(what)) {
		err = strstr(what, "lloc") ? cudaErrorMemoryAllocation : cudaErrorLaunchFailure;
		note = " (injected by GPUPERF_FAULT)";
	}
	if (err == cudaSuccess)
		return 0;
	if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
	    err == cudaErrorDevicesUnavailable || err == cudaErrorInvalidDevice)
		status = GP_EXIT_NODEV;
	return gp_error(status, "%s: %s: %s%s", what, cudaGetErrorName(err),
			cudaGetErrorString(err), note);
}
