/* CUDA runtime errors mapped to messages and exit statuses. */
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "util/error.h"

/*
 * Fault injection for the test suite: GPUPERF_FAULT=TEXT:N makes the Nth
 * checked call whose description contains TEXT fail, after it ran, with
 * cudaErrorMemoryAllocation when TEXT names an allocation ("alloc" or
 * "Alloc") and cudaErrorLaunchFailure otherwise.  Every later such call
 * fails too, as after a real sticky error.
 */
static cudaError_t injected(const char *what)
{
	static const char *text;
	static size_t len;
	static long nth, seen;
	static int parsed;

	if (!parsed) {
		const char *env = getenv("GPUPERF_FAULT");
		const char *colon = env ? strrchr(env, ':') : NULL;

		parsed = 1;
		if (colon && colon > env && (nth = strtol(colon + 1, NULL, 10)) > 0) {
			text = env;
			len = (size_t)(colon - env);
		}
	}
	if (!text || !memmem(what, strlen(what), text, len) || ++seen < nth)
		return cudaSuccess;
	return memmem(text, len, "lloc", 4) ? cudaErrorMemoryAllocation : cudaErrorLaunchFailure;
}

int cuda_check(cudaError_t err, const char *what)
{
	int status = GP_EXIT_FAIL;
	const char *note = "";

	if (err == cudaSuccess && (err = injected(what)) != cudaSuccess)
		note = " (injected by GPUPERF_FAULT)";
	if (err == cudaSuccess)
		return 0;
	if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
	    err == cudaErrorDevicesUnavailable || err == cudaErrorInvalidDevice)
		status = GP_EXIT_NODEV;
	return gp_error(status, "%s: %s: %s%s", what, cudaGetErrorName(err),
			cudaGetErrorString(err), note);
}
