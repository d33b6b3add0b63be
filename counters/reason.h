/*
 * Why counters are unavailable, in words a user can act on: every message
 * is "<what is wrong>; <what would fix it>".  Internal to counters/; pure
 * apart from ctr_env_probe, so the mapping is unit-tested without CUPTI.
 */
#ifndef GP_COUNTERS_REASON_H
#define GP_COUNTERS_REASON_H

/*
 * The CUptiResult values the messages distinguish (cupti_result.h; they
 * are ABI and never change; counters/cupti.c checks them at compile time).
 */
enum ctr_cupti_result {
	CTR_CUPTI_SUCCESS = 0,
	CTR_CUPTI_INVALID_DEVICE = 2,
	CTR_CUPTI_INVALID_CONTEXT = 3,
	CTR_CUPTI_OUT_OF_MEMORY = 8,
	CTR_CUPTI_NOT_COMPATIBLE = 14,
	CTR_CUPTI_NOT_INITIALIZED = 15,
	CTR_CUPTI_INVALID_METRIC_NAME = 17,
	CTR_CUPTI_HARDWARE_BUSY = 26,
	CTR_CUPTI_NOT_SUPPORTED = 27,
	CTR_CUPTI_VIRTUALIZED_DEVICE_NOT_SUPPORTED = 33,
	CTR_CUPTI_INSUFFICIENT_PRIVILEGES = 35,
	CTR_CUPTI_OLD_PROFILER_API_INITIALIZED = 36,
	CTR_CUPTI_LEGACY_PROFILER_NOT_SUPPORTED = 38,
	CTR_CUPTI_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED = 39,
	CTR_CUPTI_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES = 40,
	CTR_CUPTI_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED = 41,
	CTR_CUPTI_CMP_DEVICE_NOT_SUPPORTED = 42,
	CTR_CUPTI_MIG_DEVICE_NOT_SUPPORTED = 43,
	CTR_CUPTI_SLI_DEVICE_NOT_SUPPORTED = 44,
	CTR_CUPTI_WSL_DEVICE_NOT_SUPPORTED = 45,
	CTR_CUPTI_INVALID_CHIP_NAME = 46,
};

/* CUpti_Profiler_Support_Level */
enum ctr_support_level {
	CTR_SUPPORT_UNKNOWN = 0,
	CTR_SUPPORT_UNSUPPORTED = 1,
	CTR_SUPPORT_DISABLED = 2,
	CTR_SUPPORT_SUPPORTED = 3,
};

/* What the machine says about permissions, for a better privilege message. */
struct ctr_env {
	int admin_only;     /* driver's RmProfilingAdminOnly: 1, 0, or -1 unknown */
	int cap_sys_admin;  /* this process has CAP_SYS_ADMIN (root usually has) */
	int in_container;   /* docker, podman, kubernetes... */
};

/* Fill env from /proc and the file system. */
void ctr_env_probe(struct ctr_env *env);

/*
 * A failed CUPTI call (what: its name; name: cuptiGetResultString's text,
 * or NULL) as a message.  Every return is malloc'd.
 */
char *ctr_reason_cupti(int result, const char *what, const char *name,
		       const struct ctr_env *env);

/* cuptiProfilerDeviceSupported's verdict, fields CUpti_Profiler_Support_Level. */
struct ctr_support {
	int architecture, sli, vgpu, confidential_compute, cmp, wsl;
};
char *ctr_reason_support(const struct ctr_support *s, int cc_major, int cc_minor);

/*
 * libcupti could not be loaded: tried lists the paths with why each failed;
 * env is GPUPERF_CUPTI_LIB when that named the only place to look, else NULL
 * (only whether it is set matters: tried names the path).
 */
char *ctr_reason_nolib(const char *tried, const char *env);
/* libcupti at path lacks symbol: too old for the Range Profiler. */
char *ctr_reason_oldlib(const char *path, const char *symbol);
/* This CUPTI does not know chip. */
char *ctr_reason_chip(const char *chip);
/* None of the counters asked for exists on chip. */
char *ctr_reason_nometrics(const char *chip);

#endif
