/*
 * The CUPTI functions gpuperf calls, as a table of pointers filled by
 * dlsym (counters/cupti-load.c), so nothing links against libcupti.
 * Types and structs come from the toolkit's own headers.  Only
 * counters/cupti*.c include this.
 */
#ifndef GP_COUNTERS_CUPTI_API_H
#define GP_COUNTERS_CUPTI_API_H

/*
 * Without the CUPTI headers the module builds as a stub that explains why
 * counters are unavailable.  cupti_profiler_host.h needs an empty <string>
 * on the include path (counters/cshim, added by the Makefile).
 */
#if defined(__has_include)
# if __has_include(<cupti_range_profiler.h>) && __has_include(<cupti_profiler_host.h>)
#  if !__has_include(<string>)
#   error "cupti_profiler_host.h needs -Icounters/cshim (an empty <string>)"
#  endif
#  define GP_HAVE_CUPTI 1
# endif
#endif
#ifndef GP_HAVE_CUPTI
# define GP_HAVE_CUPTI 0
#endif

#if GP_HAVE_CUPTI
#include <cuda.h>
#include <cupti_result.h>
#include <cupti_target.h>
#include <cupti_profiler_target.h>
#include <cupti_profiler_host.h>
#include <cupti_range_profiler.h>

#define CUPTI_FUNCTIONS(X) \
	X(cuptiGetResultString) \
	X(cuptiProfilerInitialize) \
	X(cuptiProfilerDeviceSupported) \
	X(cuptiDeviceGetChipName) \
	X(cuptiProfilerGetCounterAvailability) \
	X(cuptiProfilerHostInitialize) \
	X(cuptiProfilerHostDeinitialize) \
	X(cuptiProfilerHostGetSupportedChips) \
	X(cuptiProfilerHostGetMetricProperties) \
	X(cuptiProfilerHostConfigAddMetrics) \
	X(cuptiProfilerHostGetConfigImageSize) \
	X(cuptiProfilerHostGetConfigImage) \
	X(cuptiProfilerHostGetNumOfPasses) \
	X(cuptiProfilerHostEvaluateToGpuValues) \
	X(cuptiRangeProfilerEnable) \
	X(cuptiRangeProfilerDisable) \
	X(cuptiRangeProfilerGetCounterDataSize) \
	X(cuptiRangeProfilerCounterDataImageInitialize) \
	X(cuptiRangeProfilerSetConfig) \
	X(cuptiRangeProfilerStart) \
	X(cuptiRangeProfilerStop) \
	X(cuptiRangeProfilerPushRange) \
	X(cuptiRangeProfilerPopRange) \
	X(cuptiRangeProfilerDecodeData) \
	X(cuptiRangeProfilerGetCounterDataInfo) \
	X(cuptiRangeProfilerCounterDataGetRangeInfo)

struct cupti_api {
#define CUPTI_MEMBER(f) __typeof__(&f) f;
	CUPTI_FUNCTIONS(CUPTI_MEMBER)
#undef CUPTI_MEMBER
};

/* Filled by cupti_load(); call only after it returned NULL. */
extern struct cupti_api cupti_api;

/* Every *_Params: zeroed, structSize set, pPriv NULL. */
#define CUPTI_PARAMS(type, var) \
	type var; \
	memset(&var, 0, sizeof(var)); \
	var.structSize = type##_STRUCT_SIZE

/* The message for a failed call (counters/reason.h), malloc'd. */
char *cupti_fail(CUptiResult r, const char *what);

/*
 * How counters reaches the device: three functions that gpuperf takes
 * from counters/cupti-rt.c (the CUDA runtime, the primary context) and
 * the injected profiling library from inject/ (the driver API, the
 * profiled program's own context, whose runtime it must not touch).
 */
/* The context to profile on device dev, current.  0 or -1 with *reason. */
int cupti_context(int dev, CUcontext *ctx, CUdevice *cudev, char **reason);
/* Wait for the profiled work on dev.  0, or -1 with *reason (the CUDA error). */
int cupti_synchronize(int dev, char **reason);
/* Compute capability of dev, 0.0 when unknown. */
void cupti_device_cc(int dev, int *major, int *minor);

/* The counter availability image of device dev (after a successful check). */
const uint8_t *cupti_device_availability(int dev);

#endif /* GP_HAVE_CUPTI */
#endif
