/*
 * Messages for unavailable counters.  Each names the cause first and the
 * remedy after "; ", since the user reads them in one warning line:
 *
 *   gpuperf: warning: hardware counters unavailable: <cause>; <remedy>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/error.h"
#include "counters/reason.h"

#define PERM_URL "https://developer.nvidia.com/ERR_NVGPUCTRPERM"
#define NEWER_CUPTI "point GPUPERF_CUPTI_LIB at the libcupti.so.13 of a newer CUDA toolkit"

/* The value of "Key: value" in a /proc file, or -1. */
static long proc_value(const char *path, const char *key, int base)
{
	char line[256];
	size_t n = strlen(key);
	long v = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':') {
			v = strtol(line + n + 1, NULL, base);
			break;
		}
	fclose(f);
	return v;
}

static int file_mentions(const char *path, const char *const *words)
{
	char line[512];
	int found = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		for (const char *const *w = words; *w; w++)
			if (strstr(line, *w))
				found = 1;
	fclose(f);
	return found;
}

void ctr_env_probe(struct ctr_env *env)
{
	static const char *const runtimes[] = { "docker", "kubepods", "containerd",
						"libpod", "lxc", NULL };
	long caps = proc_value("/proc/self/status", "CapEff", 16);

	env->admin_only = (int)proc_value("/proc/driver/nvidia/params",
					  "RmProfilingAdminOnly", 10);
	/* CAP_SYS_ADMIN is capability 21. */
	env->cap_sys_admin = caps >= 0 ? (int)((caps >> 21) & 1) : geteuid() == 0;
	env->in_container = !access("/.dockerenv", F_OK) ||
			    !access("/run/.containerenv", F_OK) ||
			    getenv("container") != NULL ||
			    file_mentions("/proc/1/cgroup", runtimes);
}

static char *privileges(const struct ctr_env *env)
{
	static const struct ctr_env unknown = { -1, 0, 0 };
	const char *why;

	if (!env)
		env = &unknown;
	why = env->admin_only == 1 ?
		" (the driver allows them to administrators only: RmProfilingAdminOnly=1)" : "";

	if (env->in_container && !env->cap_sys_admin)
		return gp_xasprintf("no permission to read GPU performance counters%s; "
				    "give the container CAP_SYS_ADMIN (docker run --cap-add SYS_ADMIN), "
				    "or set NVreg_RestrictProfilingToAdminUsers=0 for the nvidia "
				    "module on the host (%s)", why, PERM_URL);
	if (!env->cap_sys_admin)
		return gp_xasprintf("no permission to read GPU performance counters%s; "
				    "run as root or with CAP_SYS_ADMIN, or set "
				    "NVreg_RestrictProfilingToAdminUsers=0 for the nvidia module "
				    "and reload it (%s)", why, PERM_URL);
	return gp_xasprintf("no permission to read GPU performance counters, even with "
			    "CAP_SYS_ADMIN%s; set NVreg_RestrictProfilingToAdminUsers=0 for the "
			    "nvidia module%s (%s)", why,
			    env->in_container ? " on the host" : "", PERM_URL);
}

char *ctr_reason_cupti(int result, const char *what, const char *name,
		       const struct ctr_env *env)
{
	switch (result) {
	case CTR_CUPTI_INSUFFICIENT_PRIVILEGES:
		return privileges(env);
	case CTR_CUPTI_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
		return gp_xstrdup("another profiler (Nsight Compute, Nsight Systems or a "
				  "CUPTI tool) is attached to this process; run gpuperf on its "
				  "own, or with --no-counters under the profiler");
	case CTR_CUPTI_HARDWARE_BUSY:
		return gp_xstrdup("the GPU's performance counters are in use by another tool "
				  "(DCGM profiling, Nsight, another gpuperf); stop or pause it "
				  "(dcgmi profile --pause) and run again");
	case CTR_CUPTI_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
	case CTR_CUPTI_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
		return gp_xstrdup("the hypervisor does not allow profiling on this virtual GPU; "
				  "ask its administrator to enable profiling for the vGPU, or use "
				  "a GPU passed through whole");
	case CTR_CUPTI_MIG_DEVICE_NOT_SUPPORTED:
		return gp_xstrdup("this MIG instance shares its GPU instance, which cannot be "
				  "profiled; use a MIG GPU instance of its own (a whole GI) or a GPU "
				  "without MIG");
	case CTR_CUPTI_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
		return gp_xstrdup("the GPU runs in confidential computing mode, which forbids "
				  "profiling; use a GPU with confidential computing off");
	case CTR_CUPTI_CMP_DEVICE_NOT_SUPPORTED:
		return gp_xstrdup("crypto mining processors (CMP) cannot be profiled; use "
				  "another GPU");
	case CTR_CUPTI_SLI_DEVICE_NOT_SUPPORTED:
		return gp_xstrdup("SLI is enabled, which forbids profiling; disable SLI");
	case CTR_CUPTI_WSL_DEVICE_NOT_SUPPORTED:
		return gp_xstrdup("this driver does not support profiling under WSL; update "
				  "the Windows driver or run on native Linux");
	case CTR_CUPTI_NOT_INITIALIZED:
		/* libcupti dlopens libnvperf_host.so by bare name and fails here. */
		return gp_xasprintf("CUPTI could not load libnvperf_host.so (%s failed); put "
				    "the directory of libcupti.so.13 on LD_LIBRARY_PATH or point "
				    "GPUPERF_CUPTI_LIB at it", what);
	case CTR_CUPTI_NOT_COMPATIBLE:
		return gp_xasprintf("this CUPTI does not work with the installed driver (%s: "
				    "not compatible); update the driver, or point "
				    "GPUPERF_CUPTI_LIB at the libcupti.so.13 of the CUDA release "
				    "the driver supports", what);
	case CTR_CUPTI_INVALID_CHIP_NAME:
		return gp_xasprintf("this CUPTI does not know the GPU (%s); %s", what,
				    NEWER_CUPTI);
	case CTR_CUPTI_NOT_SUPPORTED:
		return gp_xasprintf("CUPTI's Range Profiler does not support this device (%s); "
				    "it needs compute capability 7.5 or newer and a supported "
				    "configuration", what);
	case CTR_CUPTI_OLD_PROFILER_API_INITIALIZED:
	case CTR_CUPTI_LEGACY_PROFILER_NOT_SUPPORTED:
		return gp_xasprintf("an older CUPTI profiling API is active in this process "
				    "(%s); run gpuperf without other CUDA tools injected "
				    "(CUDA_INJECTION64_PATH)", what);
	case CTR_CUPTI_OUT_OF_MEMORY:
		return gp_xasprintf("CUPTI ran out of memory (%s); free device memory or "
				    "measure fewer configurations at once", what);
	default:
		return gp_xasprintf("%s failed: CUPTI error %d%s%s; run with -v for details "
				    "or with --no-counters to go without", what, result,
				    name ? ", " : "", name ? name : "");
	}
}

char *ctr_reason_support(const struct ctr_support *s, int cc_major, int cc_minor)
{
	if (s->architecture == CTR_SUPPORT_UNSUPPORTED)
		return gp_xasprintf("compute capability %d.%d is too old for CUPTI's Range "
				    "Profiler; counters need 7.5 or newer", cc_major, cc_minor);
	if (s->vgpu == CTR_SUPPORT_DISABLED)
		return ctr_reason_cupti(CTR_CUPTI_VIRTUALIZED_DEVICE_NOT_SUPPORTED, NULL, NULL, NULL);
	if (s->vgpu == CTR_SUPPORT_UNSUPPORTED)
		return gp_xstrdup("this virtual GPU cannot be profiled; use a GPU passed "
				  "through whole");
	if (s->confidential_compute == CTR_SUPPORT_UNSUPPORTED)
		return ctr_reason_cupti(CTR_CUPTI_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED, NULL, NULL, NULL);
	if (s->cmp == CTR_SUPPORT_UNSUPPORTED)
		return ctr_reason_cupti(CTR_CUPTI_CMP_DEVICE_NOT_SUPPORTED, NULL, NULL, NULL);
	if (s->sli == CTR_SUPPORT_UNSUPPORTED)
		return ctr_reason_cupti(CTR_CUPTI_SLI_DEVICE_NOT_SUPPORTED, NULL, NULL, NULL);
	if (s->wsl == CTR_SUPPORT_UNSUPPORTED)
		return ctr_reason_cupti(CTR_CUPTI_WSL_DEVICE_NOT_SUPPORTED, NULL, NULL, NULL);
	return gp_xstrdup("CUPTI says this device cannot be profiled and gives no reason; "
			  "check the driver and CUDA versions");
}

char *ctr_reason_nolib(const char *tried, const char *env)
{
	if (env)
		return gp_xasprintf("CUPTI library not found where GPUPERF_CUPTI_LIB says: %s; "
				    "point GPUPERF_CUPTI_LIB at libcupti.so.13 or its directory",
				    tried);
	return gp_xasprintf("CUPTI library not found (tried %s); install CUPTI (part of the "
			    "CUDA toolkit, or the nvidia-cuda-cupti wheel) and point "
			    "GPUPERF_CUPTI_LIB at libcupti.so.13 or its directory", tried);
}

char *ctr_reason_oldlib(const char *path, const char *symbol)
{
	return gp_xasprintf("%s has no %s, so it predates the Range Profiler API; %s "
			    "(12.8 or later)", path, symbol, NEWER_CUPTI);
}

char *ctr_reason_chip(const char *chip)
{
	return gp_xasprintf("this CUPTI does not support the GPU's chip %s; %s", chip,
			    NEWER_CUPTI);
}

char *ctr_reason_nometrics(const char *chip)
{
	return gp_xasprintf("chip %s has none of the counters this measurement reads; "
			    "nothing to do but measure without them", chip);
}
