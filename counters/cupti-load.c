/*
 * Finding and loading CUPTI at run time, and the one-off check that
 * counters can be read on a device.
 *
 * The binary links the CUDA runtime statically and must start without a
 * driver and without CUPTI, so libcupti is dlopen'ed and every function
 * comes through dlsym.  libcupti itself dlopens libnvperf_host.so by bare
 * name, which the executable's RUNPATH does not reach; preloading it
 * RTLD_GLOBAL from libcupti's own directory lets that bare-name lookup
 * find the copy already in memory (glibc matches loaded sonames).
 */
#include <dlfcn.h>
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/error.h"
#include "counters/cupti.h"
#include "counters/cupti-api.h"
#include "counters/reason.h"

#ifndef GP_CUDA_LIBDIR
#define GP_CUDA_LIBDIR "/usr/local/cuda/lib64"
#endif
#define CUPTI_SONAME "libcupti.so.13"
#define NVPERF_HOST "libnvperf_host.so"

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define GP_ASAN 1
#else
#define GP_ASAN 0
#endif

#define MAX_DEVICES 64

#if GP_HAVE_CUPTI

/* reason.h restates CUPTI's codes so the messages are testable without it. */
#define SAME(ours, cuptis) _Static_assert((int)(ours) == (int)(cuptis), #ours)
SAME(CTR_CUPTI_INSUFFICIENT_PRIVILEGES, CUPTI_ERROR_INSUFFICIENT_PRIVILEGES);
SAME(CTR_CUPTI_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED, CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
SAME(CTR_CUPTI_HARDWARE_BUSY, CUPTI_ERROR_HARDWARE_BUSY);
SAME(CTR_CUPTI_NOT_SUPPORTED, CUPTI_ERROR_NOT_SUPPORTED);
SAME(CTR_CUPTI_NOT_INITIALIZED, CUPTI_ERROR_NOT_INITIALIZED);
SAME(CTR_CUPTI_NOT_COMPATIBLE, CUPTI_ERROR_NOT_COMPATIBLE);
SAME(CTR_CUPTI_VIRTUALIZED_DEVICE_NOT_SUPPORTED, CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED);
SAME(CTR_CUPTI_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES,
     CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES);
SAME(CTR_CUPTI_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED,
     CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED);
SAME(CTR_CUPTI_CMP_DEVICE_NOT_SUPPORTED, CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED);
SAME(CTR_CUPTI_MIG_DEVICE_NOT_SUPPORTED, CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED);
SAME(CTR_CUPTI_SLI_DEVICE_NOT_SUPPORTED, CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED);
SAME(CTR_CUPTI_WSL_DEVICE_NOT_SUPPORTED, CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED);
SAME(CTR_CUPTI_INVALID_CHIP_NAME, CUPTI_ERROR_INVALID_CHIP_NAME);
SAME(CTR_CUPTI_OUT_OF_MEMORY, CUPTI_ERROR_OUT_OF_MEMORY);
SAME(CTR_CUPTI_OLD_PROFILER_API_INITIALIZED, CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED);
SAME(CTR_CUPTI_LEGACY_PROFILER_NOT_SUPPORTED, CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED);
SAME(CTR_SUPPORT_UNSUPPORTED, CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED);
SAME(CTR_SUPPORT_DISABLED, CUPTI_PROFILER_CONFIGURATION_DISABLED);
SAME(CTR_SUPPORT_SUPPORTED, CUPTI_PROFILER_CONFIGURATION_SUPPORTED);
#undef SAME

struct cupti_api cupti_api;

static struct {
	int done;
	char *reason;      /* NULL once loaded */
	char *path;
	void *handle;
	int profiler_initialized;
} lib;

static struct devstate {
	int checked;
	char *reason;
	char chip[64];
	uint8_t *avail;
	size_t avail_size;
} devs[MAX_DEVICES];

/* Appends "path (why)" to the list of places tried. */
static void tried_add(char **tried, const char *path, const char *why)
{
	char *t = gp_xasprintf("%s%s%s (%s)", *tried ? *tried : "", *tried ? ", " : "",
			       path, why);
	free(*tried);
	*tried = t;
}

static void preload_nvperf(const char *dir)
{
	char *p = gp_xasprintf("%s/%s", dir, NVPERF_HOST);

	if (!access(p, R_OK) && !dlopen(p, RTLD_NOW | RTLD_GLOBAL))
		gp_debug("counters: cannot preload %s: %s", p, dlerror());
	free(p);
}

/* dlopen one candidate file, preloading libnvperf_host.so beside it. */
static void *open_file(const char *path, char **tried)
{
	char *copy, *msg;
	void *h;

	if (access(path, F_OK)) {
		tried_add(tried, path, strerror(errno));
		return NULL;
	}
	copy = gp_xstrdup(path);
	preload_nvperf(dirname(copy));
	free(copy);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		/* dlerror() starts with the path we already name */
		const char *err = dlerror();

		msg = gp_xstrdup(err ? err : "cannot be loaded");
		tried_add(tried, path, strncmp(msg, path, strlen(path)) ? msg :
				       msg + strlen(path) + strspn(msg + strlen(path), ": "));
		free(msg);
	}
	return h;
}

/* Last resort: the dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache). */
static void *open_bare(char **tried)
{
	char origin[4096];
	void *h = dlopen(CUPTI_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		tried_add(tried, CUPTI_SONAME, "not on the loader's search path");
		return NULL;
	}
	if (!dlinfo(h, RTLD_DI_ORIGIN, origin))
		preload_nvperf(origin);
	return h;
}

/* libcupti already in the process, or NULL; *path its file. */
static void *open_loaded(char **path)
{
	char origin[4096];
	void *h = dlopen(CUPTI_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);

	if (!h)
		return NULL;
	if (!dlinfo(h, RTLD_DI_ORIGIN, origin)) {
		preload_nvperf(origin);
		*path = gp_xasprintf("%s/%s", origin, CUPTI_SONAME);
	} else {
		*path = gp_xstrdup(CUPTI_SONAME);
	}
	return h;
}

static const char *resolve(void *h, const char *path)
{
	void *p;

#define CUPTI_RESOLVE(f) \
	if (!(p = dlsym(h, #f))) \
		return lib.reason = ctr_reason_oldlib(path, #f); \
	memcpy(&cupti_api.f, &p, sizeof(p));
	CUPTI_FUNCTIONS(CUPTI_RESOLVE)
#undef CUPTI_RESOLVE
	return NULL;
}

const char *cupti_load(void)
{
	const char *env = getenv("GPUPERF_CUPTI_LIB");
	char *tried = NULL, *path = NULL;
	struct stat st;
	void *h = NULL;

	if (lib.done)
		return lib.reason;
	lib.done = 1;
	if (env && *env) {
		if (!stat(env, &st) && S_ISDIR(st.st_mode))
			path = gp_xasprintf("%s/%s", env, CUPTI_SONAME);
		else
			path = gp_xstrdup(env);
		h = open_file(path, &tried);
		if (!h) {
			lib.reason = ctr_reason_nolib(tried, env);
			goto out;
		}
	} else {
		const char *const dirs[] = { GP_CUDA_LIBDIR, GP_CUDA_LIBDIR "/../extras/CUPTI/lib64" };

		/*
		 * A libcupti the process already holds (a framework's, when the
		 * profiling library runs inside a program) is the one to use:
		 * two copies of CUPTI in one process cannot both attach.
		 */
		if ((h = open_loaded(&path)))
			goto loaded;
		for (size_t i = 0; !h && i < sizeof(dirs) / sizeof(dirs[0]); i++) {
			free(path);
			path = gp_xasprintf("%s/%s", dirs[i], CUPTI_SONAME);
			h = open_file(path, &tried);
		}
		if (!h) {
			free(path);
			path = gp_xstrdup(CUPTI_SONAME);
			h = open_bare(&tried);
		}
		if (!h) {
			lib.reason = ctr_reason_nolib(tried, NULL);
			goto out;
		}
	}
loaded:
	if (resolve(h, path))
		goto out;
	if (GP_ASAN) {
		/*
		 * Found, but ASan aborts the process at the RTLD_DEEPBIND
		 * dlopen libcupti makes on its first host call.
		 */
		lib.reason = gp_xstrdup("counters are not available in AddressSanitizer builds "
					"(libcupti loads libnvperf_host.so with RTLD_DEEPBIND, "
					"which ASan refuses); use the normal build");
	} else {
		lib.path = path;
		lib.handle = h;
		path = NULL;
		gp_debug("counters: loaded %s", lib.path);
	}
out:
	free(path);
	free(tried);
	return lib.reason;
}

const char *cupti_lib_path(void)
{
	return lib.reason ? NULL : lib.path;
}

void *cupti_symbol(const char *name)
{
	return cupti_load() || !lib.handle ? NULL : dlsym(lib.handle, name);
}

char *cupti_fail(CUptiResult r, const char *what)
{
	static struct ctr_env env;
	static int probed;
	const char *name = NULL;

	if (!probed) {
		ctr_env_probe(&env);
		probed = 1;
	}
	if (cupti_api.cuptiGetResultString)
		cupti_api.cuptiGetResultString(r, &name);
	gp_debug("counters: %s: CUPTI error %d (%s)", what, (int)r, name ? name : "?");
	return ctr_reason_cupti((int)r, what, name, &env);
}

static char *check_support(CUdevice cudev, int dev)
{
	CUPTI_PARAMS(CUpti_Profiler_DeviceSupported_Params, p);
	struct ctr_support s;
	int major = 0, minor = 0;
	CUptiResult r;

	p.cuDevice = cudev;
	p.api = CUPTI_PROFILER_RANGE_PROFILING;
	if ((r = cupti_api.cuptiProfilerDeviceSupported(&p)))
		return cupti_fail(r, "cuptiProfilerDeviceSupported");
	if (p.isSupported == CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
		return NULL;
	s.architecture = p.architecture;
	s.sli = p.sli;
	s.vgpu = p.vGpu;
	s.confidential_compute = p.confidentialCompute;
	s.cmp = p.cmp;
	s.wsl = p.wsl;
	cupti_device_cc(dev, &major, &minor);
	return ctr_reason_support(&s, major, minor);
}

static char *check_device(struct devstate *d, int dev)
{
	CUcontext ctx;
	CUdevice cudev;
	CUptiResult r;
	char *reason = NULL;

	if (!lib.profiler_initialized) {
		CUPTI_PARAMS(CUpti_Profiler_Initialize_Params, init);
		if ((r = cupti_api.cuptiProfilerInitialize(&init)))
			return cupti_fail(r, "cuptiProfilerInitialize");
		lib.profiler_initialized = 1;
	}
	if (cupti_context(dev, &ctx, &cudev, &reason))
		return reason;
	if ((reason = check_support(cudev, dev)))
		return reason;

	{
		CUPTI_PARAMS(CUpti_Device_GetChipName_Params, p);
		p.deviceIndex = (size_t)cudev;
		if ((r = cupti_api.cuptiDeviceGetChipName(&p)))
			return cupti_fail(r, "cuptiDeviceGetChipName");
		snprintf(d->chip, sizeof(d->chip), "%s", p.pChipName);
	}
	{
		/* Once for the size, once for the image. */
		CUPTI_PARAMS(CUpti_Profiler_GetCounterAvailability_Params, p);
		p.ctx = ctx;
		if ((r = cupti_api.cuptiProfilerGetCounterAvailability(&p)))
			return cupti_fail(r, "cuptiProfilerGetCounterAvailability");
		d->avail_size = p.counterAvailabilityImageSize;
		d->avail = gp_xcalloc(1, d->avail_size ? d->avail_size : 1);
		p.pCounterAvailabilityImage = d->avail;
		if ((r = cupti_api.cuptiProfilerGetCounterAvailability(&p)))
			return cupti_fail(r, "cuptiProfilerGetCounterAvailability");
	}
	{
		/* The host side must know the chip ... */
		CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params, p);
		p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
		p.pChipName = d->chip;
		p.pCounterAvailabilityImage = d->avail;
		if ((r = cupti_api.cuptiProfilerHostInitialize(&p)))
			return r == CUPTI_ERROR_INVALID_CHIP_NAME || r == CUPTI_ERROR_NOT_SUPPORTED ?
			       ctr_reason_chip(d->chip) :
			       cupti_fail(r, "cuptiProfilerHostInitialize");
		CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params, q);
		q.pHostObject = p.pHostObject;
		cupti_api.cuptiProfilerHostDeinitialize(&q);
	}
	{
		/* ... and enabling the target is where permissions and other profilers show. */
		CUPTI_PARAMS(CUpti_RangeProfiler_Enable_Params, p);
		p.ctx = ctx;
		if ((r = cupti_api.cuptiRangeProfilerEnable(&p)))
			return cupti_fail(r, "cuptiRangeProfilerEnable");
		CUPTI_PARAMS(CUpti_RangeProfiler_Disable_Params, q);
		q.pRangeProfilerObject = p.pRangeProfilerObject;
		if ((r = cupti_api.cuptiRangeProfilerDisable(&q)))
			return cupti_fail(r, "cuptiRangeProfilerDisable");
	}
	gp_debug("counters: device %d is chip %s, counters available", dev, d->chip);
	return NULL;
}

const char *cupti_device_check(int dev)
{
	struct devstate *d;
	const char *reason;

	if ((reason = cupti_load()))
		return reason;
	if (dev < 0 || dev >= MAX_DEVICES)
		return "device index out of range for counters; use a device below 64";
	d = &devs[dev];
	if (!d->checked) {
		d->checked = 1;
		d->reason = check_device(d, dev);
	}
	return d->reason;
}

const char *cupti_device_chip(int dev)
{
	if (dev < 0 || dev >= MAX_DEVICES || !devs[dev].checked || devs[dev].reason)
		return NULL;
	return devs[dev].chip;
}

const uint8_t *cupti_device_availability(int dev)
{
	if (!cupti_device_chip(dev))
		return NULL;
	return devs[dev].avail;
}

int cupti_supported_chips(const char *const **chips, size_t *n)
{
	CUPTI_PARAMS(CUpti_Profiler_Host_GetSupportedChips_Params, p);

	if (cupti_load() || cupti_api.cuptiProfilerHostGetSupportedChips(&p))
		return -1;
	*chips = p.ppChipNames;
	*n = p.numChips;
	return 0;
}

#else /* !GP_HAVE_CUPTI: a build without the CUPTI headers */

static const char no_headers[] =
	"this gpuperf was built without the CUPTI headers (cupti_range_profiler.h, "
	"cupti_profiler_host.h); rebuild it with a CUDA toolkit that includes CUPTI";

const char *cupti_load(void)
{
	return no_headers;
}

const char *cupti_lib_path(void)
{
	return NULL;
}

void *cupti_symbol(const char *name)
{
	(void)name;
	return NULL;
}

const char *cupti_device_check(int dev)
{
	(void)dev;
	return no_headers;
}

const char *cupti_device_chip(int dev)
{
	(void)dev;
	return NULL;
}

int cupti_supported_chips(const char *const **chips, size_t *n)
{
	(void)chips;
	(void)n;
	return -1;
}

struct cupti_config *cupti_config_new(const char *chip, int dev,
				      const char *const *metrics, size_t n,
				      unsigned char *valid, char **reason)
{
	(void)chip, (void)dev, (void)metrics, (void)n, (void)valid;
	*reason = gp_xstrdup(no_headers);
	return NULL;
}

size_t cupti_config_passes(const struct cupti_config *cfg)
{
	(void)cfg;
	return 0;
}

int cupti_config_begin(struct cupti_config *cfg, size_t max_ranges, int bracketed,
		       char **reason)
{
	(void)cfg, (void)max_ranges, (void)bracketed;
	*reason = gp_xstrdup(no_headers);
	return -1;
}

int cupti_range_push(struct cupti_config *cfg, char **reason)
{
	(void)cfg;
	*reason = gp_xstrdup(no_headers);
	return -1;
}

int cupti_range_pop(struct cupti_config *cfg, char **reason)
{
	(void)cfg;
	*reason = gp_xstrdup(no_headers);
	return -1;
}

int cupti_config_end(struct cupti_config *cfg, double **values, size_t *nranges,
		     size_t *dropped, char **reason)
{
	(void)cfg, (void)values, (void)nranges, (void)dropped;
	*reason = gp_xstrdup(no_headers);
	return -1;
}

void cupti_config_free(struct cupti_config *cfg)
{
	(void)cfg;
}

const struct cupti_timing *cupti_config_timing(const struct cupti_config *cfg)
{
	(void)cfg;
	return NULL;
}

void cupti_config_keep(struct cupti_config *cfg)
{
	(void)cfg;
}

#endif
