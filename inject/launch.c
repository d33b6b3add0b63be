/*
 * The launch callbacks.  At a launch's entry: learn the kernel, count the
 * launch, and decide whether to profile it (it matches --kernel, fewer
 * than --launches of it were profiled, its stream is not being captured
 * into a graph).  A profiled launch is bracketed from its entry to its
 * exit.  Where the counters take one pass, the bracket is a user range
 * pushed and popped in a session that stays open across launches: its
 * ranges are read when it holds BATCH of them, when the context goes and
 * at the exit, so CUPTI's start and stop (tens of ms) are paid once a
 * batch, not once a launch.  Otherwise the bracket is a session of its
 * own, auto range and kernel replay, the passes run inside the launch
 * call.  Launches from other threads wait at their entry while a bracket
 * is open, or a range would count them in.
 *
 * Covered: cuLaunchKernel, cuLaunchKernelEx, cuLaunchCooperativeKernel
 * and their per-thread-stream (_ptsz) forms, which the CUDA runtime's
 * launches (<<< >>>, cudaLaunchKernel, cudaLaunchCooperativeKernel,
 * cudaLaunchKernelEx) go through too.  Kernels run by graphs are timed
 * from activity records (activity.c) but not profiled.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "counters/counters.h"
#include "inject/inject.h"
#include "profile/analyze.h"
#include "profile/stalls.h"
#include "util/error.h"
#include "util/stats.h"

/* the values of one launch: a fixed buffer, the list (profile/record.h) is short */
#define MAX_IDS 96
/* user ranges one session holds before they are read: the session's start and stop
   (~45 ms on an H200) shared by this many launches, at most this many records late */
#define BATCH 64
_Static_assert(CTR_COUNT <= MAX_IDS, "MAX_IDS holds every counter");

/* What a launch's parameters say. */
struct launch {
	CUfunction f;
	CUstream stream;
	struct prof_dim3 grid, block, cluster;
	unsigned long long dyn_smem;
	const char *api;
	unsigned long long nth;    /* which launch of its kernel */
};

/* A profiled launch between its entry and exit callbacks (one per thread). */
static _Thread_local struct {
	int open;
	uint32_t corr;
	struct inj_kernel *k;
	struct prof_rec rec;       /* the launch record, counters filled when its session ends */
	int dev;
	struct ctr_set *set;
	CUfunction f;              /* its resources are read at the exit */
	double t0;                 /* gp_now_ms() at its entry */
	double t_begun;            /* ... once the session started */
	int user_range;            /* pushed a user range at the entry */
} br;

/* The brackets' cost, for gpuperf -v (all threads). */
static struct {
	pthread_mutex_t lock;
	unsigned n;
	double ms, setup_ms;
	unsigned sessions;        /* ended, each read its launches' counters */
	double late_ms;           /* reading sessions outside a bracket (context end, exit) */
	double *each;             /* every bracket's ms, for the median */
	double *call;             /* ... of it inside the launch call (the replays) */
	size_t neach, cap;
	size_t passes;            /* of the last set opened */
	int user_range;           /* it ran without replay: a user range per launch */
} cost = { .lock = PTHREAD_MUTEX_INITIALIZER };

void inj_counters_off(const char *why)
{
	int said;

	pthread_mutex_lock(&inj.lock);
	said = inj.off_said;
	inj.off_said = 1;
	atomic_store(&inj.counters_on, 0);
	pthread_mutex_unlock(&inj.lock);
	if (!said)
		inj_note("warning", "profiling with counters stopped: %s", why);
}

void inj_launch_costs(void)
{
	pthread_mutex_lock(&cost.lock);
	if (cost.n) {
		double first = cost.neach ? cost.each[0] : NAN, med, call;
		struct stats st;

		stats_compute(cost.each, cost.neach, &st);
		med = cost.neach ? st.median : NAN;
		stats_compute(cost.call, cost.neach, &st);
		call = cost.neach ? st.median : NAN;
		gp_debug("profile: %u profiled launch%s took %.0f ms from entry to exit, %.0f ms "
			 "of it setting up counters; median %.1f ms a launch (the first %.1f ms); "
			 "%zu pass%s each, %s; median %.1f ms inside the launch call (%.1f ms a "
			 "pass)", cost.n, cost.n == 1 ? "" : "es", cost.ms,
			 cost.setup_ms, med, first, cost.passes, cost.passes == 1 ? "" : "es",
			 cost.user_range ? "a user range around the launch, no replay" :
			 "kernel replay", call, cost.passes ? call / (double)cost.passes : NAN);
		gp_debug("profile: their counters were read in %u session%s, %.0f ms of it at a "
			 "context's end or the exit; %.1f ms a launch on average, everything counted",
			 cost.sessions, cost.sessions == 1 ? "" : "s", cost.late_ms,
			 (cost.ms + cost.late_ms) / cost.n);
	}
	pthread_mutex_unlock(&cost.lock);
}

static _Thread_local int busy;   /* inside our callback: our own driver calls come back */

/* A profiled launch whose range waits in its session to be read. */
struct waiting {
	struct prof_rec rec;      /* the launch record; its kernel name malloc'd */
	struct inj_kernel *k;
	int launched;             /* the launch call succeeded: the record is written */
};

/*
 * Counter sets per device, opened at the first profiled launch there:
 * what gpuperf profile reads (profile/record.h), or, when a launch got no
 * range with that, the same less the counters CUPTI gets by patching the
 * kernel's code (SASS instrumentation), the part most likely to be refused.
 */
static struct {
	int tried;
	struct ctr_set *set;
	const enum ctr_id *ids;
	size_t nids;
	int fallback;             /* set is the one without instrumented counters */
	const char *set_name;     /* what it reads (prof_set_names), for the launch records */
	int failed;               /* a bracket gave no range even so: counters broke here */
	int user_range;           /* one pass: each launch a user range, no replay */
	int replay_tried;         /* user ranges gave nothing: the set again, with kernel replay */
	/* the session: begun at a profiled launch, ended when read (read_session) */
	int session;
	unsigned sessions;        /* ended so far: the first ends after one launch, a check */
	size_t n0;                /* the set's ranges before the session */
	CUcontext ctx;            /* the context the set profiles */
	struct waiting *wait;     /* the session's launches, in range order */
	size_t nwait;
} devs[INJ_MAX_DEV];

static enum ctr_id plain_ids[MAX_IDS];

#define FROM_GRID_PARAMS(p, name) \
	do { \
		l->f = (p)->f; \
		l->grid = (struct prof_dim3){ (p)->gridDimX, (p)->gridDimY, (p)->gridDimZ }; \
		l->block = (struct prof_dim3){ (p)->blockDimX, (p)->blockDimY, (p)->blockDimZ }; \
		l->dyn_smem = (p)->sharedMemBytes; \
		l->stream = (p)->hStream; \
		l->api = name; \
	} while (0)

static void from_config(struct launch *l, CUfunction f, const CUlaunchConfig *c)
{
	l->f = f;
	l->api = "cuLaunchKernelEx";
	if (!c)
		return;
	l->grid = (struct prof_dim3){ c->gridDimX, c->gridDimY, c->gridDimZ };
	l->block = (struct prof_dim3){ c->blockDimX, c->blockDimY, c->blockDimZ };
	l->dyn_smem = c->sharedMemBytes;
	l->stream = c->hStream;
	for (unsigned i = 0; c->attrs && i < c->numAttrs; i++) {
		const CUlaunchAttribute *a = &c->attrs[i];
		if (a->id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
			l->cluster = (struct prof_dim3){ a->value.clusterDim.x, a->value.clusterDim.y,
							 a->value.clusterDim.z };
		else if (a->id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE && a->value.cooperative)
			l->api = "cuLaunchKernelEx (cooperative)";
	}
}

/* 1 for a launch this library handles, with *l filled. */
static int parse(CUpti_CallbackId id, const void *params, struct launch *l)
{
	int ptsz = 0;

	memset(l, 0, sizeof(*l));
	if (!params)
		return 0;
	switch (id) {
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
		FROM_GRID_PARAMS((const cuLaunchKernel_params *)params, "cuLaunchKernel");
		break;
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
		FROM_GRID_PARAMS((const cuLaunchKernel_ptsz_params *)params, "cuLaunchKernel");
		ptsz = 1;
		break;
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
		FROM_GRID_PARAMS((const cuLaunchCooperativeKernel_params *)params,
				 "cuLaunchCooperativeKernel");
		break;
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
		FROM_GRID_PARAMS((const cuLaunchCooperativeKernel_ptsz_params *)params,
				 "cuLaunchCooperativeKernel");
		ptsz = 1;
		break;
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx: {
		const cuLaunchKernelEx_params *p = params;
		from_config(l, p->f, p->config);
		break;
	}
	case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
		const cuLaunchKernelEx_ptsz_params *p = params;
		from_config(l, p->f, p->config);
		ptsz = 1;
		break;
	}
	default:
		return 0;
	}
	/* the _ptsz forms' NULL stream is the thread's own, not the legacy one */
	if (ptsz && !l->stream)
		l->stream = CU_STREAM_PER_THREAD;
	return 1;
}

static int capturing(CUstream s)
{
	CUstreamCaptureStatus st = CU_STREAM_CAPTURE_STATUS_NONE;

	/* an error (say, the legacy stream beside a capture) counts as capturing */
	return inj_api.cuStreamIsCapturing(s, &st) || st != CU_STREAM_CAPTURE_STATUS_NONE;
}

static int func_attr(CUfunction f, CUfunction_attribute a, int dflt, CUresult *err)
{
	int v = dflt;
	CUresult e = inj_api.cuFuncGetAttribute(&v, a, f);

	if (e) {
		v = dflt;
		if (!*err)
			*err = e;
	}
	return v;
}

/*
 * The function's resources, read once its launch returned: at the entry
 * of the first launch a lazily loaded function may not be loaded yet.  The
 * runtime launches through a CUkernel (context-independent loading) where
 * the driver API passes a CUfunction: the launch takes either, the
 * attribute query only a CUfunction, the kernel's in this context.
 */
static void func_resources(CUfunction f, struct prof_rec *r)
{
	static int said;
	CUresult err = CUDA_SUCCESS;
	CUfunction g;

	if (inj_api.cuFuncLoad)
		inj_api.cuFuncLoad(f);  /* a no-op for a loaded function */
	r->regs = func_attr(f, CU_FUNC_ATTRIBUTE_NUM_REGS, 0, &err);
	if (err == CUDA_ERROR_INVALID_HANDLE && inj_api.cuKernelGetFunction &&
	    !inj_api.cuKernelGetFunction(&g, (CUkernel)f)) {
		f = g;
		err = CUDA_SUCCESS;
		r->regs = func_attr(f, CU_FUNC_ATTRIBUTE_NUM_REGS, 0, &err);
	}
	r->static_smem = (unsigned)func_attr(f, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, 0, &err);
	r->local_bytes = (unsigned)func_attr(f, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, 0, &err);
	r->carveout = func_attr(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, -1, &err);
	if (r->carveout < -1 || r->carveout > 100)
		r->carveout = -1;
	if (err && !said++)
		inj_note("warning", "registers and shared memory of %s unknown (cuFuncGetAttribute: %s): "
			 "no theoretical occupancy", r->kernel, inj_cuda_error(err));
}

/*
 * Open the set of list on dev; NULL when unavailable (COUNTERS_AUTO: a
 * warning, a note).  A set of one pass needs no replay: each profiled
 * launch is a user range (push at its entry, pop at its exit) in a
 * session shared with the next launches, unless replay is asked for
 * (no_user_range, or GPUPERF_PROFILE_REPLAY=kernel).  Kernel replay costs
 * tens of ms a launch even in one pass (save, restore, serialise); a user
 * range two synchronisations, and its share of the session's start and
 * stop.
 */
static struct ctr_set *open_set(int dev, const enum ctr_id *list, size_t n, int no_user_range)
{
	const char *replay = getenv("GPUPERF_PROFILE_REPLAY");
	struct ctr_set *set;
	struct gp_device d;

	memset(&d, 0, sizeof(d));
	d.index = dev;
	if (n > MAX_IDS || ctr_open(&d, COUNTERS_AUTO, list, n, &set))
		set = NULL;
	devs[dev].user_range = set && ctr_passes(set) == 1 && !no_user_range &&
			       !(replay && !strcmp(replay, "kernel"));
	if (devs[dev].user_range)
		ctr_bracketed_ranges(set);
	pthread_mutex_lock(&cost.lock);
	cost.passes = ctr_passes(set);
	cost.user_range = devs[dev].user_range;
	pthread_mutex_unlock(&cost.lock);
	/* enable the profiler once; an image for a batch of user ranges, or for one
	   replayed launch and a few more (another thread's launch that slips into auto
	   range is dropped: read_session sees it) */
	ctr_one_launch_at_a_time(set, devs[dev].user_range ? BATCH : 4);
	devs[dev].ids = list;
	devs[dev].nids = n;
	__atomic_store_n(&devs[dev].set, set, __ATOMIC_RELEASE);
	return set;
}

/*
 * What to read when the full set's instrumented counters give nothing:
 * the light set, one pass of hardware counters, user ranges.
 */
static size_t plain_list(void)
{
	size_t n;
	const enum ctr_id *light = prof_set_counters(PROF_SET_LIGHT, &n);

	memcpy(plain_ids, light, n * sizeof(*light));
	return n;
}

/* GPUPERF_PROFILE_WARP_STATES=1: profile --count-stalls' run counts the warps' states alone. */
static int warp_states(void)
{
	const char *v = getenv("GPUPERF_PROFILE_WARP_STATES");

	return v && !strcmp(v, "1");
}

/*
 * The counter set of dev; NULL when counters cannot be read there (a note
 * said why).  GPUPERF_PROFILE_COUNTERS=plain reads the light set from the
 * start, as the fall-back does (instrumentation adds instructions to the
 * kernel in its pass).
 */
static struct ctr_set *device_set(int dev)
{
	if (!devs[dev].tried) {
		const char *which = getenv("GPUPERF_PROFILE_COUNTERS");
		int plain = which && !strcmp(which, "plain");
		int which_set = prof_set_lookup(getenv("GPUPERF_PROFILE_SET"));
		const enum ctr_id *list;
		struct gp_device d;
		size_t n;

		double t0 = gp_now_ms();

		__atomic_store_n(&devs[dev].tried, 1, __ATOMIC_RELAXED);
		if (!(devs[dev].wait = calloc(BATCH, sizeof(*devs[dev].wait)))) {
			inj_note("warning", "out of memory: no counters on device %d", dev);
			__atomic_store_n(&devs[dev].failed, 1, __ATOMIC_RELAXED);
			return NULL;
		}
		memset(&d, 0, sizeof(d));
		d.index = dev;
		if (which_set < 0) {
			inj_note("warning", "GPUPERF_PROFILE_SET=%s is no counter set (light, "
				 "standard, full): the light one is read", getenv("GPUPERF_PROFILE_SET"));
			which_set = PROF_SET_LIGHT;
		}
		list = prof_set_counters(which_set, &n);
		/* the light set has no instrumented counter: nothing to fall back from */
		devs[dev].fallback = plain || which_set == PROF_SET_LIGHT;
		devs[dev].set_name = prof_set_names[plain ? PROF_SET_LIGHT : which_set];
		if (warp_states()) {   /* profile --count-stalls' run: hardware counters alone */
			list = prof_stall_counters(&n);
			devs[dev].fallback = 1;
			devs[dev].set_name = "warp-states";
			plain = 0;
		}
		inj_device_record(dev, (plain ? open_set(dev, plain_ids, plain_list(), 0)
					      : open_set(dev, list, n, 0)) ?
				  ctr_chip_name(&d) : NULL);
		pthread_mutex_lock(&cost.lock);
		cost.setup_ms += gp_now_ms() - t0;
		pthread_mutex_unlock(&cost.lock);
	}
	return devs[dev].failed ? NULL : devs[dev].set;
}

/*
 * No more counters on dev (a note said why): its set closes, its turn goes
 * to a sibling, and the program's launches are timed only.  No sampling
 * or patching either: they use the same hardware (busy, if another tool
 * holds it), and after a sampling Start failed so the program hung (two
 * processes, bench/NOTES.md, the third session of 2026-11-30).
 */
static void give_up(int dev)
{
	struct ctr_set *old = devs[dev].set;

	__atomic_store_n(&devs[dev].failed, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&devs[dev].set, NULL, __ATOMIC_RELEASE);
	ctr_close(old);
	inj_pcs_stop();
	inj_sass_stop();
	inj_turn_give(dev);
}

/*
 * A bracket gave no range: once, the same counters with kernel replay
 * where user ranges gave nothing; once, without the instrumented counters.
 */
static void fall_back(int dev)
{
	struct ctr_set *old = devs[dev].set;
	int replay = devs[dev].user_range && !devs[dev].replay_tried, opened;

	if (!replay && devs[dev].fallback) {
		give_up(dev);
		return;
	}
	/* the old set disables the profiler on the context first: one enabled at a time */
	__atomic_store_n(&devs[dev].set, NULL, __ATOMIC_RELEASE);
	ctr_close(old);
	if (replay) {
		devs[dev].replay_tried = 1;
		opened = open_set(dev, devs[dev].ids, devs[dev].nids, 1) != NULL;
	} else {
		devs[dev].fallback = 1;
		devs[dev].set_name = prof_set_names[PROF_SET_LIGHT];
		opened = open_set(dev, plain_ids, plain_list(), 0) != NULL;
	}
	if (!opened)
		give_up(dev);
	else if (replay)
		inj_note("info", "profiling goes on with kernel replay: a user range around "
			 "the launch gave no counters here");
	else
		inj_note("info", "profiling goes on with the light set: the counts of instrumented "
			 "code gave no result here, so each kind of access is not counted apart "
			 "(coalescing is judged against 4-byte accesses, no bank conflicts), nor "
			 "FLOPs (compute is judged by the FMA and tensor pipes alone)");
}

/* Can counters be read on dev (as far as we know before trying)? */
static int usable(int dev)
{
	return !__atomic_load_n(&devs[dev].failed, __ATOMIC_RELAXED) &&
	       !(__atomic_load_n(&devs[dev].tried, __ATOMIC_RELAXED) &&
		 !__atomic_load_n(&devs[dev].set, __ATOMIC_RELAXED));
}

/* Hold the other threads' launches while a bracket is open elsewhere. */
static void wait_for_bracket(void)
{
	if (inj.counters_on && !br.open) {
		pthread_mutex_lock(&inj.bracket);
		pthread_mutex_unlock(&inj.bracket);
	}
}

/* A launch record of the launch entering: its kernel, shape and range; no counters yet. */
static void launch_rec(struct prof_rec *r, const CUpti_CallbackData *cb, const struct launch *l,
		       const char *name, int dev)
{
	prof_rec_init(r, PROF_LAUNCH, inj.pid);
	r->dev = dev;
	r->kernel = strdup(name);
	r->api = (char *)l->api;
	r->corr = cb->correlationId;
	r->range = (char *)inj_range_now();
	r->grid = l->grid;
	r->block = l->block;
	r->cluster = l->cluster;
	r->dyn_smem = l->dyn_smem;
	r->nth = l->nth;
}

/* A profiled, sampled or patched launch: its activity records are no launch's time. */
static void untimed(uint32_t corr)
{
	pthread_mutex_lock(&inj.lock);
	inj_profiled_add(corr);
	pthread_mutex_unlock(&inj.lock);
}

static void begin(const CUpti_CallbackData *cb, const struct launch *l, struct inj_kernel *k,
		  const char *name, int dev)
{
	struct prof_rec *r = &br.rec;
	struct ctr_set *set;
	double t0 = gp_now_ms();

	pthread_mutex_lock(&inj.bracket);
	br.t0 = t0;
	inj_pcs_off(NULL);   /* CUPTI starts no counter session while sampling is on */
	if (!inj.counters_on || !inj_turn_take(dev, name) || !(set = device_set(dev))) {
		if (!devs[dev].set)
			inj_turn_give(dev);   /* nothing enabled here (turns.c) */
		pthread_mutex_lock(&inj.lock);
		inj_kernel_unprofile(k);
		pthread_mutex_unlock(&inj.lock);
		pthread_mutex_unlock(&inj.bracket);
		return;
	}
	launch_rec(r, cb, l, name, dev);
	r->counter_set = (char *)devs[dev].set_name;
	br.f = l->f;
	/*
	 * Its activity records (the replays) must not count as the program's
	 * launches; marked now, before CUPTI's thread can deliver them.
	 */
	untimed(cb->correlationId);
	br.open = 1;
	br.corr = cb->correlationId;
	br.k = k;
	br.dev = dev;
	br.set = set;
	br.user_range = devs[dev].user_range;
	if (br.user_range)
		/* a user range counts whatever runs on the GPU: let the program's queued work end */
		inj_api.cuCtxSynchronize();
	else
		inj_sync_stream(l->stream);
	/* a failure is a note, and shows as no range when the session is read */
	if (!devs[dev].session) {
		devs[dev].session = 1;
		devs[dev].n0 = ctr_nranges(set);
		devs[dev].ctx = cb->context;
		if (ctr_begin(set))
			devs[dev].session = 0;
	}
	if (devs[dev].session && br.user_range)
		ctr_range_push(set);
	br.t_begun = gp_now_ms();
}

/* A profiled kernel failed: counters stop, timing goes on. */
static void kernel_failed(void)
{
	inj_counters_off("a profiled kernel failed (its error is the program's to report); "
			 "the rest of the run is timed only");
}

/*
 * End dev's session and read its ranges into the waiting launches'
 * records, which are written then.  With inj.bracket held.  0, or
 * ctr_end's status when a profiled kernel failed.
 */
static int read_session(int dev)
{
	struct ctr_set *set = devs[dev].set;
	size_t got, n = devs[dev].nwait;
	int rc = devs[dev].session ? ctr_end(set) : 0, written = 0, other_work;

	devs[dev].session = 0;
	devs[dev].sessions++;
	devs[dev].nwait = 0;
	got = ctr_nranges(set) - devs[dev].n0;
	/* auto range: a range per kernel, so more than one is someone else's work inside */
	other_work = !devs[dev].user_range && got > 1;
	if (other_work)
		inj_note("warning", "a profiled launch of %s made %zu ranges (other work ran inside "
			 "its bracket): its counters are left out", devs[dev].wait[0].rec.kernel, got);
	else if (got && got < n)
		inj_note("warning", "%zu of %zu profiled launches got no counters (CUPTI dropped "
			 "their ranges)", n - got, n);
	for (size_t i = 0; i < n; i++) {
		struct waiting *w = &devs[dev].wait[i];
		int counted = !other_work && i < got;

		if (counted) {
			double v[MAX_IDS];
			if (!ctr_read(set, devs[dev].n0 + i, v))
				for (size_t j = 0; j < devs[dev].nids; j++)
					w->rec.ctr[devs[dev].ids[j]] = isfinite(v[j]) ? v[j] : NAN;
		}
		pthread_mutex_lock(&inj.lock);
		if (!w->launched || (!counted && !rc && !other_work))
			inj_kernel_unprofile(w->k);
		if (counted) {
			inj_kernel_counted_ns(w->k, prof_launch_ns(&w->rec));
			inj_judge(&w->rec, w->k);
		}
		if (w->launched) {
			inj_write(&w->rec);
			inj.profiled += counted;
			written = 1;
		}
		pthread_mutex_unlock(&inj.lock);
		free(w->rec.kernel);
	}
	pthread_mutex_lock(&cost.lock);
	cost.sessions++;
	pthread_mutex_unlock(&cost.lock);
	if (ctr_dead(set))
		give_up(dev);     /* CUPTI failed: its warning said why */
	else if (!got && !rc && written)
		fall_back(dev);   /* the set reads nothing here: another may */
	return rc;
}

static void leave(const CUpti_CallbackData *cb)
{
	struct prof_rec *r = &br.rec;
	CUresult launched = cb->functionReturnValue ? *(const CUresult *)cb->functionReturnValue :
				CUDA_SUCCESS;
	int dev = br.dev, rc = 0, failed = 0;
	struct waiting *w;
	char steps[256], name[160];
	double t_exit = gp_now_ms(), t_end;

	br.open = 0;
	if (br.user_range && devs[dev].session) {
		/*
		 * Close the range on an idle GPU, as kernel replay does: popped
		 * behind the launch, it read the naive transpose's stores 0.002 %
		 * short of 32 sectors a request on an H200, the last stores likely
		 * still in flight (not proven).  A kernel that failed ends the
		 * session now, which reports it.
		 */
		failed = inj_api.cuCtxSynchronize() != CUDA_SUCCESS;
		ctr_range_pop(br.set);
	}
	t_end = gp_now_ms();
	func_resources(br.f, r);
	snprintf(name, sizeof(name), "%s", r->kernel ? r->kernel : "(unnamed kernel)");
	w = &devs[dev].wait[devs[dev].nwait++];
	w->rec = *r;
	w->k = br.k;
	w->launched = !launched;
	r->kernel = NULL;
	/* the first session is read at once: a check that this set gives counters here */
	if (!br.user_range || failed || !devs[dev].session || devs[dev].nwait == BATCH ||
	    !devs[dev].sessions)
		rc = read_session(dev);
	/* now: a fall-back in read_session may have closed the set */
	if (!devs[dev].set || !ctr_timing(devs[dev].set, steps, sizeof(steps)))
		snprintf(steps, sizeof(steps), "no session");
	pthread_mutex_lock(&cost.lock);
	cost.n++;
	cost.ms += gp_now_ms() - br.t0;
	if (cost.neach == cost.cap) {
		size_t cap = cost.cap ? 2 * cost.cap : 64;
		double *v = realloc(cost.each, cap * sizeof(*v));
		double *u = v ? realloc(cost.call, cap * sizeof(*u)) : NULL;

		if (v)
			cost.each = v;
		if (u) {
			cost.call = u;
			cost.cap = cap;
		}
	}
	if (cost.neach < cost.cap) {
		cost.call[cost.neach] = t_exit - br.t_begun;
		cost.each[cost.neach++] = gp_now_ms() - br.t0;
	}
	pthread_mutex_unlock(&cost.lock);
	gp_debug("profile: launch of %s: %.1f ms from entry to exit: %.1f ms to begin, %.1f ms "
		 "in the launch call%s, %.1f ms to end%s (%s)", name,
		 gp_now_ms() - br.t0, br.t_begun - br.t0, t_exit - br.t_begun,
		 br.user_range ? "" : " (the replays)", gp_now_ms() - t_end,
		 devs[dev].nwait ? ", its counters read later" : " and read", steps);
	pthread_mutex_unlock(&inj.bracket);
	if (rc)
		kernel_failed();
}

void inj_launch_flush(CUcontext ctx)
{
	double t0 = gp_now_ms();
	int rc = 0, any = 0;

	pthread_mutex_lock(&inj.bracket);
	for (int dev = 0; dev < INJ_MAX_DEV; dev++) {
		CUcontext was;
		int pushed;

		if (!devs[dev].set || (ctx && devs[dev].ctx != ctx))
			continue;
		if (devs[dev].nwait) {
			/* Stop and the synchronisation before it need the session's context current */
			pushed = !inj_api.cuCtxPushCurrent(devs[dev].ctx);
			rc |= read_session(dev);
			if (pushed)
				inj_api.cuCtxPopCurrent(&was);
			any = 1;
		}
		if (ctx) {
			/* the set's profiler goes with its context: the next launch opens a new one */
			ctr_close(devs[dev].set);
			free(devs[dev].wait);
			memset(&devs[dev], 0, sizeof(devs[dev]));
			inj_turn_give(dev);   /* the counters are free for a sibling (turns.c) */
		}
	}
	inj_pcs_off(ctx);
	pthread_mutex_unlock(&inj.bracket);
	if (any) {
		pthread_mutex_lock(&cost.lock);
		cost.late_ms += gp_now_ms() - t0;
		pthread_mutex_unlock(&cost.lock);
	}
	if (rc)
		kernel_failed();
}

/*
 * A launch run alone, without counters, with PC sampling on (pcsample.c;
 * profile --stalls: when profile/sample-when.h says) or patched to count
 * its instructions (sass.c: one launch of one kernel), written as a launch
 * record without counters: a run of its kernel and range, timed by
 * nothing.  CUPTI does neither with a counter set enabled on the context.
 */
enum alone { SAMPLED, PATCHED };

static struct {
	int open;
	enum alone kind;
	uint32_t corr;
	struct prof_rec rec;
} alone;

static void alone_begin(enum alone kind, const CUpti_CallbackData *cb, const struct launch *l,
			struct inj_kernel *k, const char *name, int dev)
{
	/* the counter set closes; a turn of sampling on this context stays for a sampled one */
	if (kind == PATCHED || !inj_pcs_sampling(cb->context))
		inj_launch_flush(cb->context);
	pthread_mutex_lock(&inj.bracket);
	/*
	 * Sampling and patching hold the GPU's counters as a set does: beside
	 * a sibling process's set or sampling, CUPTI refused both (HARDWARE_BUSY)
	 * and the sibling hung.  Without the turn, a later launch tries again.
	 */
	if (!inj_turn_take(dev, name)) {
		if (kind == SAMPLED) {
			pthread_mutex_lock(&inj.lock);
			inj_kernel_unsample(k);
			pthread_mutex_unlock(&inj.lock);
		}
		pthread_mutex_unlock(&inj.bracket);
		return;
	}
	inj_api.cuCtxSynchronize();   /* the launch's samples or counts are its own */
	gp_debug("%s: a launch of %s", kind == SAMPLED ? "PC sampling" : "per-instruction counts",
		 name);
	if (kind == SAMPLED ? !inj_pcs_begin(cb->context, dev, name) :
			      !inj_sass_begin(cb->context, dev)) {
		if (!inj_pcs_sampling(cb->context))
			inj_turn_give(dev);   /* nothing of ours runs there now */
		pthread_mutex_unlock(&inj.bracket);
		return;
	}
	launch_rec(&alone.rec, cb, l, name, dev);
	alone.kind = kind;
	alone.corr = cb->correlationId;
	alone.open = 1;
	untimed(cb->correlationId);
	/* inj.bracket stays held until alone_end: other threads' launches wait */
}

static void alone_end(const CUpti_CallbackData *cb)
{
	alone.open = 0;
	inj_api.cuCtxSynchronize();
	if (alone.kind == SAMPLED) {
		inj_pcs_end(cb->context, &alone.rec);
	} else {
		inj_sass_end(cb->context, &alone.rec);
		inj_turn_give(alone.rec.dev);   /* the patch is undone: no set, no sampling there */
	}
	pthread_mutex_lock(&inj.lock);
	/* a sampled launch with no sample too: it was sampled, too short to catch one */
	if (alone.rec.kernel && (alone.kind == PATCHED || alone.rec.sampled))
		inj_write(&alone.rec);
	pthread_mutex_unlock(&inj.lock);
	free(alone.rec.kernel);
	free(alone.rec.hot_file);
	alone.rec.kernel = alone.rec.hot_file = NULL;
	pthread_mutex_unlock(&inj.bracket);
}

static void enter(CUpti_CallbackId cbid, const CUpti_CallbackData *cb)
{
	struct launch l;
	struct inj_kernel *k;
	const char *name = cb->symbolName;
	CUdevice dev;
	int profile = 0, sample = 0, patch = 0;

	if (!parse(cbid, cb->functionParams, &l) || !cb->context || capturing(l.stream))
		return;   /* captured launches run later, as graph kernels */
	if (inj_api.cuCtxGetDevice(&dev) || dev < 0 || dev >= INJ_MAX_DEV)
		return;
	if (!name && inj_api.cuFuncGetName)
		inj_api.cuFuncGetName(&name, l.f);
	if (!name)
		name = "(unnamed kernel)";
	if (inj_turn_wanted(dev))   /* a sibling process waits: our set closes (turns.c) */
		inj_launch_flush(cb->context);
	pthread_mutex_lock(&inj.lock);
	inj.api_launches++;
	if ((k = inj_kernel_get(name, dev))) {
		profile = inj_kernel_launch(k, inj.counters_on && usable(dev));
		l.nth = inj_kernel_seen(k);
	}
	if (k && !profile && inj_pcs_on() && (!inj_pcs_judged() || inj_kernel_waits(k))) {
		struct prof_sample_when w = {
			.sampling = inj_pcs_sampling(cb->context),
			.counting = __atomic_load_n(&devs[dev].set, __ATOMIC_RELAXED) != NULL,
			.quiet = inj.quiet,
			.every = !inj_pcs_judged(),
		};
		sample = inj_kernel_sample(k, &w);
	}
	if (k && !profile && !sample)
		patch = inj_sass_pick(k, name, dev);
	inj.quiet = profile ? 0 : inj.quiet + 1;
	inj_range_launch(cb->correlationId);
	pthread_mutex_unlock(&inj.lock);
	if (profile)
		begin(cb, &l, k, name, dev);
	else if (sample || patch)
		alone_begin(sample ? SAMPLED : PATCHED, cb, &l, k, name, dev);
	else
		wait_for_bracket();
	inj_device_record(dev, NULL);   /* once per device; the profiled path sent the chip */
}

void inj_launch_callback(CUpti_CallbackId cbid, const CUpti_CallbackData *cb)
{
	if (busy || inj.dead || !cb)
		return;
	busy = 1;
	if (cb->callbackSite == CUPTI_API_ENTER)
		enter(cbid, cb);
	else if (br.open && br.corr == cb->correlationId)
		leave(cb);
	else if (alone.open && alone.corr == cb->correlationId)
		alone_end(cb);
	busy = 0;
}
