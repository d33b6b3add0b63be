/*
 * InitializeInjection: the CUDA driver calls it during cuInit when
 * CUDA_INJECTION64_PATH names this library.  It reads gpuperf's settings,
 * subscribes to kernel launches and asks for kernel activity records, and
 * returns; everything else happens in callbacks and at exit.
 *
 * Settings (environment, set by gpuperf profile):
 *   GPUPERF_PROFILE_PATH      the record file (profile/record.h), opened for appending
 *   GPUPERF_PROFILE_FD        N:DEV:INO, the same file inherited, when the path fails
 *   GPUPERF_PROFILE_LAUNCHES  launches to profile per kernel (default 1; 0: time only)
 *   GPUPERF_PROFILE_KERNEL    profile only kernels whose demangled name matches this ERE
 *   GPUPERF_PROFILE_VERBOSE   1: counters' debug lines as info notes
 *   GPUPERF_PROFILE_RANGES    1: kernels' times by NVTX range path too (range-times.c);
 *                             NVTX_INJECTION64_PATH names this library then (nvtx.c)
 *   GPUPERF_CUPTI_LIB         which libcupti (counters/cupti.h)
 *   GPUPERF_FAULT             "inject subscribe:1", "inject activity:1": pretend CUPTI
 *                             refused, for the fail-open tests; "inject pcs start:1",
 *                             "inject pcs overflow:1": sampling gets no hardware buffer
 *                             (CUPTI refuses its Start) or 1 MB (a long launch overflows)
 *
 * Fail open: every failure is a note record and less profiling, never a
 * change to what the program does.  Without a record file there is no one
 * to tell, and one line goes to stderr.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/error.h"
#include "util/fault.h"
#include "counters/cupti.h"
#include "inject/inject.h"

static const CUpti_CallbackId launch_cbids[] = {
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
	CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
};

static int timing;   /* activity records were enabled */

static void CUPTIAPI callback(void *user, CUpti_CallbackDomain domain, CUpti_CallbackId id,
			      const void *data)
{
	(void)user;
	if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
		inj_ranges_callback(domain, id, data);
		inj_launch_callback(id, data);
	} else if (domain == CUPTI_CB_DOMAIN_RESOURCE && !inj.dead &&
		   id == CUPTI_CBID_RESOURCE_MODULE_LOADED) {
		inj_cubins_keep(((const CUpti_ResourceData *)data)->resourceDescriptor);
	} else if (domain == CUPTI_CB_DOMAIN_RESOURCE && !inj.dead &&
		   id == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING) {
		/* a context is going: take its counters and records first */
		inj_launch_flush(((const CUpti_ResourceData *)data)->context);
		if (timing)
			inj_activity_flush();
		inj_ranges_flush();
	} else if (domain == CUPTI_CB_DOMAIN_RESOURCE && !inj.dead) {
		inj_ranges_callback(domain, id, data);
	}
}

static void at_exit(void)
{
	struct prof_rec r;

	if ((long long)getpid() != inj.pid)
		return;   /* a forked child: its parent writes the end */
	inj_launch_flush(NULL);
	if (timing)
		inj_activity_flush();
	atomic_store(&inj.dead, 1);
	prof_rec_init(&r, PROF_END, inj.pid);
	pthread_mutex_lock(&inj.lock);
	inj_kernels_flush();
	r.launches = inj.api_launches;
	r.profiled = inj.profiled;
	r.off = inj.off_said;
	pthread_mutex_unlock(&inj.lock);
	inj_ranges_flush();
	r.dropped = inj_activity_dropped();
	inj_launch_costs();
	inj_pcs_costs();
	inj_write(&r);
}

/* The settings; a --kernel pattern that does not compile turns counters off. */
static void settings(void)
{
	const char *n = getenv("GPUPERF_PROFILE_LAUNCHES"), *re = getenv("GPUPERF_PROFILE_KERNEL");
	const char *v = getenv("GPUPERF_PROFILE_VERBOSE");
	char err[256], *end;

	if (n && *n) {
		unsigned long x = strtoul(n, &end, 10);
		if (!*end && x <= 1000000)
			inj.launches = (unsigned)x;
		else
			inj_note("warning", "GPUPERF_PROFILE_LAUNCHES='%s' is not a count; profiling %u "
				 "launches per kernel", n, inj.launches);
	}
	if (prof_filter_init(&inj.filter, re, err, sizeof(err))) {
		inj_note("warning", "the kernel pattern '%s' does not compile (%s); nothing is "
			 "profiled with counters", re, err);
		inj.launches = 0;
	}
	if (v && !strcmp(v, "1"))
		gp_verbosity = 1;
}

/* Subscribe to the launches and the context teardown.  NULL, or why not. */
static char *subscribe(void)
{
	CUpti_SubscriberHandle sub;
	CUptiResult r;

	if (gp_fault("inject subscribe"))
		return gp_xstrdup("cuptiSubscribe failed (injected by GPUPERF_FAULT)");
	if ((r = inj_api.cuptiSubscribe(&sub, callback, NULL)))
		return r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED ?
		       gp_xstrdup("another CUDA tool (Nsight Systems, Nsight Compute, a profiler) "
				  "is attached to the program; run gpuperf profile without it") :
		       gp_xasprintf("cuptiSubscribe failed: %s", inj_cupti_error(r));
	for (size_t i = 0; i < sizeof(launch_cbids) / sizeof(launch_cbids[0]); i++)
		if ((r = inj_api.cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API,
						     launch_cbids[i]))) {
			inj_api.cuptiUnsubscribe(sub);
			return gp_xasprintf("cuptiEnableCallback failed: %s", inj_cupti_error(r));
		}
	inj_api.cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RESOURCE,
				    CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING);
	if (inj_pcs_wanted() | inj_sass_wanted())   /* the cubins, for the PCs' lines */
		inj_api.cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RESOURCE,
					    CUPTI_CBID_RESOURCE_MODULE_LOADED);
	inj_ranges_start(sub);
	return NULL;
}

static void start(void)
{
	const char *why;
	char *reason;

	if ((why = cupti_load()) || (why = inj_api_driver())) {
		inj_note("warning", "nothing profiled: %s", why);
		return;
	}
	if ((reason = inj_api_cupti()) || (reason = subscribe())) {
		inj_note("warning", "nothing profiled: %s", reason);
		free(reason);
		return;
	}
	if (gp_fault("inject activity"))
		inj_note("warning", "kernel times unavailable: activity records refused (injected "
			 "by GPUPERF_FAULT)");
	else
		timing = !inj_activity_start();
	atomic_store(&inj.counters_on, inj.launches > 0);
}

__attribute__((visibility("default"))) int InitializeInjection(void);

int InitializeInjection(void)
{
	static int once;
	struct prof_rec hello;
	double t0 = gp_now_ms();

	if (once++)
		return 1;
	inj.pid = getpid();
	if (inj_channel_open()) {
		if (getenv("GPUPERF_PROFILE_PATH") || getenv("GPUPERF_PROFILE_FD"))
			inj_stderr_line("cannot open the record file gpuperf named "
					"(GPUPERF_PROFILE_PATH); this process is not profiled");
		else
			inj_stderr_line("loaded without gpuperf profile (no GPUPERF_PROFILE_PATH); "
					"this process is not profiled");
		atomic_store(&inj.dead, 1);
		return 1;
	}
	prof_rec_init(&hello, PROF_HELLO, inj.pid);
	inj_write(&hello);
	gp_set_message_sink(inj_message_sink);
	atexit(at_exit);
	settings();
	start();
	gp_debug("profile: the profiling library started in %.0f ms", gp_now_ms() - t0);
	return 1;
}
