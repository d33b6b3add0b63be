/*
 * Driver and CUPTI functions, found at run time: the library links
 * neither libcuda nor libcupti, so a program on a machine where either is
 * missing or older still loads it and runs (it only stops profiling).
 * The driver is already in the process (it is what loaded us); CUPTI is
 * the one counters/ loaded (cupti_symbol), so both APIs share one copy.
 */
#include <dlfcn.h>
#include <string.h>
#include "util/error.h"
#include "counters/cupti.h"
#include "inject/inject.h"

struct inj_api inj_api;

/* cuGetProcAddress of CUDA 12+: the ABI of a given version, never a later _v2. */
typedef CUresult (*proc_address_fn)(const char *, void **, int, cuuint64_t,
				    CUdriverProcAddressQueryResult *);

const char *inj_api_driver(void)
{
	void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
	proc_address_fn get = NULL;
	void *p;

	if (!h)
		return "the CUDA driver (libcuda.so.1) is not in the process";
	if ((p = dlsym(h, "cuGetProcAddress_v2")))
		memcpy(&get, &p, sizeof(p));
#define INJ_DRV_RESOLVE(f, version, required) \
	{ \
		CUdriverProcAddressQueryResult q; \
		p = NULL; \
		if (!get || get(#f, &p, version, CU_GET_PROC_ADDRESS_DEFAULT, &q) || !p) \
			p = dlsym(h, #f); \
		if (!p && required) \
			return "the CUDA driver lacks " #f "; update the driver"; \
		memcpy(&inj_api.f, &p, sizeof(p)); \
	}
	INJ_DRIVER_FUNCTIONS(INJ_DRV_RESOLVE)
#undef INJ_DRV_RESOLVE
	dlclose(h);   /* NOLOAD took a reference; the driver stays */
	return NULL;
}

char *inj_api_cupti(void)
{
	void *p;

#define INJ_CUPTI_RESOLVE(f) \
	if (!(p = cupti_symbol(#f))) \
		return gp_xasprintf("%s has no %s; point GPUPERF_CUPTI_LIB at the libcupti.so.13 " \
				    "of a CUDA 13 toolkit", cupti_lib_path() ? cupti_lib_path() : \
				    "libcupti", #f); \
	memcpy(&inj_api.f, &p, sizeof(p));
	INJ_CUPTI_FUNCTIONS(INJ_CUPTI_RESOLVE)
#undef INJ_CUPTI_RESOLVE
	return NULL;
}

const char *inj_cupti_error(CUptiResult r)
{
	const char *s = NULL;

	if (cupti_api.cuptiGetResultString)
		cupti_api.cuptiGetResultString(r, &s);
	return s ? s : "unknown CUPTI error";
}

const char *inj_cuda_error(CUresult r)
{
	const char *s = NULL;

	if (inj_api.cuGetErrorString)
		inj_api.cuGetErrorString(r, &s);
	return s ? s : "unknown CUDA error";
}
