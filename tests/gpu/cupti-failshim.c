/*
 * Test fixture for tests/gpu/faults.bats: a CUPTI that fails mid-session.
 * gpuperf loads it through GPUPERF_CUPTI_LIB; it links the real libcupti,
 * so every function it does not define comes from there.  The functions
 * below forward to the real ones, except that the Nth and later calls of
 * the one named by GPUPERF_CUPTI_FAIL=NAME:N return CUPTI_ERROR_UNKNOWN.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#define CUPTI_ERROR_UNKNOWN 999

typedef int (*params_fn)(void *);

static int should_fail(const char *name, int call)
{
	const char *env = getenv("GPUPERF_CUPTI_FAIL");
	const char *colon = env ? strrchr(env, ':') : NULL;

	return colon && (size_t)(colon - env) == strlen(name) &&
	       !strncmp(env, name, strlen(name)) && call >= atoi(colon + 1);
}

static params_fn real(const char *name)
{
	void *h = dlopen(REAL_CUPTI, RTLD_NOW | RTLD_LOCAL);
	void *p = h ? dlsym(h, name) : NULL;
	params_fn f;

	if (!p)
		abort();
	memcpy(&f, &p, sizeof(p));
	return f;
}

/* Each CUPTI profiler call takes one parameter struct and returns CUptiResult. */
#define FORWARD(name) \
	int name(void *params); \
	int name(void *params) \
	{ \
		static int calls; \
		if (should_fail(#name, ++calls)) \
			return CUPTI_ERROR_UNKNOWN; \
		return real(#name)(params); \
	}

FORWARD(cuptiProfilerInitialize)
FORWARD(cuptiRangeProfilerEnable)
FORWARD(cuptiRangeProfilerSetConfig)
FORWARD(cuptiRangeProfilerStart)
FORWARD(cuptiRangeProfilerStop)
FORWARD(cuptiRangeProfilerPushRange)
FORWARD(cuptiRangeProfilerPopRange)
FORWARD(cuptiRangeProfilerDecodeData)
FORWARD(cuptiProfilerHostEvaluateToGpuValues)
