/* CUDA runtime errors mapped to messages and exit statuses. */
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "util/error.h"

int cuda_check(cudaError_t err, const char *what)
{
	int status = GP_EXIT_FAIL;

	if (err == cudaSuccess)
		return 0;
	if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
	    err == cudaErrorDevicesUnavailable || err == cudaErrorInvalidDevice)
		status = GP_EXIT_NODEV;
	return gp_error(status, "%s: %s: %s", what, cudaGetErrorName(err),
			cudaGetErrorString(err));
}
