/*
 * The profiling library gpuperf injects into a program (CUDA_INJECTION64_PATH):
 * internal interfaces.  It runs inside someone else's process, so every
 * part follows the same rules: never write to the program's stdout or
 * stderr (records go to gpuperf; one stderr line only when even that
 * channel is missing), never exit, never install a signal handler, and on
 * any failure turn itself off and let the program run on.
 *
 *   state.c     the shared state (inj)
 *   inject.c    InitializeInjection: settings, subscription, the exit flush
 *   launch.c    the launch callbacks: which launches to profile, the bracket
 *   kernel-table.c  per-kernel counts and times, written as time records
 *   activity.c  CUPTI activity records: the GPU time of every kernel
 *   range-times.c  --by range: kernels' time by NVTX range path (ranges.h: the NVTX side)
 *   channel.c   the record file, and messages turned into note records
 *   api.c       driver and CUPTI functions, resolved at run time
 *   device.c    the driver-API side counters/ needs (context, sync, CC)
 *   turns.c     the program's processes take turns with a GPU's counters
 *   pcsample.c  PC sampling: what a kernel's warps wait on (profile --stalls)
 *   sass.c      per-instruction counts of one kernel: sectors and wavefronts, ideal and
 *               not (SASS metrics)
 *   cubins.c    the loaded modules' cubins, for the PCs' files and lines
 */
#ifndef GP_INJECT_INJECT_H
#define GP_INJECT_INJECT_H

#include <pthread.h>
#include <stdint.h>
#include "counters/cupti-api.h"
#include "occupancy/lines.h"
#include "profile/record.h"
#include "profile/sample-when.h"
#include "util/clock.h"
#include "util/filter.h"

/* all of CUPTI's callback side, with the launch calls' parameter structs */
#include <cupti.h>
#include <cupti_pcsampling.h>
#include <cupti_sass_metrics.h>

#define INJ_MAX_DEV 64
#define INJ_DEFAULT_LAUNCHES 1

/* ---- api.c ---- */

#define INJ_DRIVER_FUNCTIONS(X) \
	X(cuGetErrorString, 12000, 1) \
	X(cuCtxGetCurrent, 12000, 1) \
	X(cuCtxGetDevice, 12000, 1) \
	X(cuCtxSynchronize, 12000, 1) \
	X(cuCtxPushCurrent, 12000, 1) \
	X(cuCtxPopCurrent, 12000, 1) \
	X(cuStreamSynchronize, 12000, 1) \
	X(cuStreamIsCapturing, 12000, 1) \
	X(cuFuncGetAttribute, 12000, 1) \
	X(cuDeviceGetAttribute, 12000, 1) \
	X(cuDeviceGetName, 12000, 1) \
	X(cuDeviceGetUuid, 12000, 0) /* cuda.h makes it cuDeviceGetUuid_v2 */ \
	X(cuDriverGetVersion, 12000, 0) \
	X(cuFuncGetName, 12030, 0) \
	X(cuKernelGetFunction, 12000, 0) \
	X(cuFuncLoad, 12040, 0)

#define INJ_CUPTI_FUNCTIONS(X) \
	X(cuptiSubscribe) \
	X(cuptiUnsubscribe) \
	X(cuptiEnableCallback) \
	X(cuptiActivityEnable) \
	X(cuptiActivityDisable) \
	X(cuptiActivityRegisterCallbacks) \
	X(cuptiActivityGetNextRecord) \
	X(cuptiActivityGetNumDroppedRecords) \
	X(cuptiActivityFlushAll) \
	X(cuptiGetGraphNodeId) \
	X(cuptiGetCubinCrc) \
	X(cuptiPCSamplingEnable) \
	X(cuptiPCSamplingDisable) \
	X(cuptiPCSamplingGetNumStallReasons) \
	X(cuptiPCSamplingGetStallReasons) \
	X(cuptiPCSamplingSetConfigurationAttribute) \
	X(cuptiPCSamplingStart) \
	X(cuptiPCSamplingStop) \
	X(cuptiPCSamplingGetData) \
	X(cuptiSassMetricsGetProperties) \
	X(cuptiSassMetricsSetConfig) \
	X(cuptiSassMetricsUnsetConfig) \
	X(cuptiSassMetricsEnable) \
	X(cuptiSassMetricsDisable) \
	X(cuptiSassMetricsGetDataProperties) \
	X(cuptiSassMetricsFlushData)

struct inj_api {
#define INJ_DRV_MEMBER(f, v, req) __typeof__(&f) f;
	INJ_DRIVER_FUNCTIONS(INJ_DRV_MEMBER)
#undef INJ_DRV_MEMBER
#define INJ_CUPTI_MEMBER(f) __typeof__(&f) f;
	INJ_CUPTI_FUNCTIONS(INJ_CUPTI_MEMBER)
#undef INJ_CUPTI_MEMBER
};

extern struct inj_api inj_api;

/* Resolve the driver's functions.  NULL, or why not (a static string). */
const char *inj_api_driver(void);
/* Resolve the CUPTI functions (after cupti_load).  NULL, or why not (malloc'd). */
char *inj_api_cupti(void);
/* CUPTI's or the driver's words for an error, for notes. */
const char *inj_cupti_error(CUptiResult r);
const char *inj_cuda_error(CUresult r);

/* ---- state.c: the shared state ---- */

struct inj_state {
	_Atomic int counters_on;       /* profile launches with counters */
	_Atomic int dead;              /* everything off: callbacks return at once */
	unsigned launches;             /* profile at most this many launches per kernel */
	struct prof_filter filter;
	long long pid;
	pthread_mutex_t lock;          /* the kernel table and the counters below */
	pthread_mutex_t bracket;       /* held from a profiled launch's entry to its exit */
	unsigned long long api_launches, profiled;
	unsigned quiet;                /* launches in a row that were not profiled (sample-when.h) */
	int off_said;                  /* a note said why profiling stopped */
};

extern struct inj_state inj;

/* ---- channel.c ---- */

/* Open the record file from the environment.  0, or -1 (nothing can be said). */
int inj_channel_open(void);
/* Write one record; silently dropped when the channel is gone or in a fork. */
void inj_write(const struct prof_rec *r);
/* A note record ("info", "warning"). */
void inj_note(const char *level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* util/error.h messages (from counters/) as notes. */
void inj_message_sink(const char *level, const char *text);
/* The one stderr line, for when there is no channel. */
void inj_stderr_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- kernel-table.c ---- */

struct inj_kernel;

/*
 * The kernel of (mangled name, device), created at first sight; with
 * inj.lock held.  NULL out of memory.
 */
struct inj_kernel *inj_kernel_get(const char *name, int dev);
/* Filter and limit decided, count an API launch; returns 1 to profile it.  Lock held. */
int inj_kernel_launch(struct inj_kernel *k, int counters_allowed);
/*
 * Whether to PC-sample this unprofiled launch: the kernel has no samples
 * yet and prof_sample_now says now (w without waited, which this fills);
 * else it waits.  Lock held.
 */
int inj_kernel_sample(struct inj_kernel *k, struct prof_sample_when *w);
/* Its counted launch took ns (profile/analyze.h's prof_launch_ns; NAN: no time).  Lock held. */
void inj_kernel_counted_ns(struct inj_kernel *k, double ns);
/* Its counted launch was judged to wait (latency-bound or underfilled): sample it.  Lock held. */
void inj_kernel_wants_samples(struct inj_kernel *k);
/* Whether it was.  Lock held. */
int inj_kernel_waits(const struct inj_kernel *k);
/* Whether a launch of it was profiled with counters.  Lock held. */
int inj_kernel_counted(const struct inj_kernel *k);
/* A profile reservation that did not happen (the bracket failed to start).  Lock held. */
void inj_kernel_unprofile(struct inj_kernel *k);
/* The launch chosen for its samples was not sampled: a later one is.  Lock held. */
void inj_kernel_unsample(struct inj_kernel *k);
/* The GPU time of one unprofiled kernel run.  Lock held. */
void inj_kernel_time(struct inj_kernel *k, uint64_t ns, int graph, const struct prof_rec *config);
/* Write a time record for every kernel with news since the last one.  Lock held. */
void inj_kernels_flush(void);
/* Its launches through the API so far, this one too: the launch record's nth.  Lock held. */
unsigned long long inj_kernel_seen(const struct inj_kernel *k);
/* Its mangled name, and its device in *dev.  Lock held. */
const char *inj_kernel_name(const struct inj_kernel *k, int *dev);

/*
 * Correlation ids of profiled launches: their activity records are not
 * counted again.  With inj.lock held.
 */
void inj_profiled_add(uint32_t corr);
int inj_profiled_has(uint32_t corr);

/* ---- activity.c ---- */

/* Ask CUPTI for kernel activity records.  0, or -1 (timing off, a note said why). */
int inj_activity_start(void);
/* Deliver every pending record now (exit, context teardown). */
void inj_activity_flush(void);
/* Kernel activity records off (1), or on again (0), around a call that needs them off. */
void inj_activity_pause(int pause);
/* Activity records CUPTI dropped, so far. */
unsigned long long inj_activity_dropped(void);

/* ---- range-times.c: gpuperf profile --by range ---- */

/*
 * With GPUPERF_PROFILE_RANGES=1: kernels' times by range path from now
 * on, graph launches and graph nodes' making followed through sub.
 */
void inj_ranges_start(CUpti_SubscriberHandle sub);
/* The callbacks of graph launches and graph nodes it asked for (takes inj.lock). */
void inj_ranges_callback(CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data);
/* A kernel launch's entry: note its path under its correlation id.  Lock held. */
void inj_range_launch(uint32_t corr);
/*
 * The path of a kernel's activity record (its launch's correlation id,
 * its graph and node, 0 when not a graph's), the launch's note
 * forgotten: call it for every record, a profiled launch's too.  Lock held.
 */
uint32_t inj_range_of(uint32_t corr, uint32_t graph, uint64_t node);
/* Add one kernel run's GPU time to (k, path, graph).  Lock held. */
void inj_range_time(struct inj_kernel *k, uint32_t path, uint32_t graph, uint64_t node,
		    uint64_t ns);
/* The calling thread's path as a record carries it (a profiled launch's); NULL: none. */
const char *inj_range_now(void);
/* Write a range record for every (kernel, path, graph) with time since the last (takes inj.lock). */
void inj_ranges_flush(void);

/* ---- judge.c ---- */

/*
 * Judge a counted launch as gpuperf will (profile/analyze.h), where
 * something here acts on it: which kernel to patch (sass.c), and whether
 * its warps are to be sampled (k marked).  With inj.lock held.
 */
void inj_judge(const struct prof_rec *launch, struct inj_kernel *k);

/* ---- launch.c ---- */

void inj_launch_callback(CUpti_CallbackId cbid, const CUpti_CallbackData *cb);

/*
 * Stop profiling launches (counters) for the rest of the process, with a
 * note saying why; timing goes on.  Thread-safe; the first reason wins.
 */
void inj_counters_off(const char *why);

/*
 * Read the counters of the launches waiting in an open session, and
 * write their records: every device's at the exit (ctx NULL), or the
 * sessions of a context about to go, whose counter sets close with it.
 */
void inj_launch_flush(CUcontext ctx);

/* Under -v, at the exit: the profiled launches' brackets, their count and total time. */
void inj_launch_costs(void);

/* ---- device.c ---- */

/* The stream the next cupti_synchronize on this thread waits for: the profiled launch's. */
void inj_sync_stream(CUstream s);
/* A device record for dev, once per device; chip NULL when counters are unknown. */
void inj_device_record(int dev, const char *chip);
/* dev's device record, once written with its chip; NULL before. */
const struct prof_rec *inj_device_of(int dev);

/* ---- turns.c ---- */

/*
 * Take dev's counters for this process before opening them there (a
 * counter set, a turn of PC sampling, a patched launch): 1 when ours (at
 * once, after waiting for a sibling process, or with no turns to take),
 * 0 when a sibling kept them (a note said so): run this launch without
 * them.  With inj.bracket held.
 */
int inj_turn_take(int dev, const char *kernel);
/*
 * Give dev's turn back: its counter set has closed, its turn of sampling
 * ended, its patched launch ran.  With inj.bracket held.
 */
void inj_turn_give(int dev);
/* Another process of the program waits for dev's counters, which we hold. */
int inj_turn_wanted(int dev);

/* ---- pcsample.c (GPUPERF_PROFILE_STALLS=1: every kernel; =judged: those judged to wait) ---- */

/* Whether the program's launches are to be sampled (read once, at start). */
int inj_pcs_wanted(void);
/* Whether sampling is still on: wanted, and no step of it failed. */
int inj_pcs_on(void);
/*
 * Whether only the kernels whose counted launch was judged latency-bound
 * or underfilled are sampled (the default): their verdicts say what the
 * warps wait on.
 */
int inj_pcs_judged(void);
/*
 * Start sampling a launch of kernel (its mangled name) on ctx, of device
 * dev, which has no counter set (launch.c closes it) and whose turn
 * launch.c took: a turn of sampling begins there unless one is on, and
 * gives dev's turn back when it ends.  1 when it started; 0 when it failed
 * or dev's counters cannot be read (a warning said why, and sampling ends).
 */
int inj_pcs_begin(CUcontext ctx, int dev, const char *kernel);
/*
 * Stop, and put the launch's samples by state and its hot spot into r,
 * r->sampled set where its samples were read (none, for a short launch).
 */
void inj_pcs_end(CUcontext ctx, struct prof_rec *r);
/* Whether a turn of sampling is on ctx. */
int inj_pcs_sampling(CUcontext ctx);
/* End the turn of sampling on ctx (NULL: wherever it is): before counters, at the end. */
void inj_pcs_off(CUcontext ctx);
/* Under -v, at the exit: the sampled launches and the turns' cost. */
void inj_pcs_costs(void);
/* No more sampling in this process (the counters failed): a turn on ends.  inj.bracket held. */
void inj_pcs_stop(void);

/* ---- sass.c (GPUPERF_PROFILE_SASS=1) ---- */

struct prof_kernel;   /* results/profile-analysis.h */

/* Whether one kernel's instructions are to be counted (read once, at start). */
int inj_sass_wanted(void);
/* Whether a kernel is still to be chosen: wanted, and none patched or tried. */
int inj_sass_open(void);
/*
 * A counted launch's kernel as judged (judge.c): the one with the most
 * time at stake in a memory or bank verdict is the one to patch.  With
 * inj.lock held.
 */
void inj_sass_consider(const struct prof_kernel *k, const struct prof_rec *launch);
/*
 * Whether to count this unprofiled launch's instructions: the kernel
 * chosen, once the program has settled (profile/sample-when.h's rule),
 * and no kernel patched or tried before.  With inj.lock held.
 */
int inj_sass_pick(struct inj_kernel *k, const char *name, int dev);
/* Patch the kernel of the launch now entering on ctx (no counter set, no sampling there). */
int inj_sass_begin(CUcontext ctx, int dev);
/* No launch is patched in this process from now on (the counters failed). */
void inj_sass_stop(void);
/* After it: its instructions' counts, a pc record each; the patching undone for good. */
void inj_sass_end(CUcontext ctx, const struct prof_rec *launch);

/* ---- cubins.c ---- */

/* A loaded module: its cubin kept, for the PCs' lines. */
void inj_cubins_keep(const CUpti_ModuleResourceData *m);
/* One kernel's line table, read at its first use. */
struct inj_lines {
	int tried, ok;
	struct line_table t;
	const unsigned char *text;   /* its code (the kept cubin's), NULL unknown */
	size_t text_size;
};
/* The file and line of a PC into r's hot_file and hot_line, where its cubin has a line table. */
void inj_line_of(struct inj_lines *ll, uint64_t crc, const char *function, uint64_t offset,
		 struct prof_rec *r);
void inj_lines_free(struct inj_lines *ll);
/* Write q, a pc record of launch's kernel at offset, with its file and line. */
void inj_write_pc(struct prof_rec *q, const struct prof_rec *launch, uint64_t crc,
		  const char *function, uint64_t offset, struct inj_lines *ll);

#endif
