/*
 * Hardware counters: the one interface probes use to read what a kernel
 * did (sectors, requests, DRAM bytes, bank conflicts, wavefronts,
 * occupancy).  Logical names map to per-chip metric names inside the
 * module; callers never see CUPTI, which is loaded at run time.
 *
 *     struct ctr_set *cs;
 *     if ((rc = ctr_open(dev, mode, ids, n, &cs)))   // exit 4 when required but unavailable
 *             return rc;
 *     if (cs) {                       // NULL: unavailable, reason already said once
 *             if ((rc = ctr_begin(cs)))
 *                     goto out;
 *             ... launch one kernel per configuration ...   // each launch is one range
 *             if ((rc = ctr_end(cs)))
 *                     goto out;
 *             ctr_read(cs, i, values);  // values for the i-th launch, NAN where missing
 *     }
 *     ctr_close(cs);
 *
 * Between ctr_begin and ctr_end every kernel launch on the device becomes
 * one range (CUPTI auto range), and a metric set that needs several passes
 * is replayed kernel by kernel (kernel replay): so launch only the kernels
 * you want counted there (poison, memset and verification outside), and
 * never time inside that bracket, since replay serialises and reruns
 * kernels.  Put a whole sweep inside one bracket: that is one profiling
 * session however many configurations it has.  A set can be bracketed
 * again; range numbers continue.  Several sets may be open, but their
 * brackets must not overlap.
 */
#ifndef GP_COUNTERS_COUNTERS_H
#define GP_COUNTERS_COUNTERS_H

#include <stddef.h>
#include "results/counters-mode.h"
#include "results/device.h"

enum ctr_id {
	CTR_GLOBAL_LOAD_SECTORS,        /* 32-byte sectors of global loads (L1TEX) */
	CTR_GLOBAL_LOAD_REQUESTS,       /* global load instructions, one per warp */
	CTR_GLOBAL_STORE_SECTORS,
	CTR_GLOBAL_STORE_REQUESTS,
	CTR_DRAM_READ_BYTES,
	CTR_DRAM_WRITE_BYTES,
	CTR_SHARED_LOAD_BANK_CONFLICTS,
	CTR_SHARED_STORE_BANK_CONFLICTS,
	CTR_SHARED_LOAD_WAVEFRONTS,
	CTR_SHARED_STORE_WAVEFRONTS,
	CTR_SHARED_LOAD_INSTRUCTIONS,   /* per warp */
	CTR_SHARED_STORE_INSTRUCTIONS,
	CTR_ACHIEVED_OCCUPANCY_PCT,     /* active warps / maximum, while SMs are active */
	CTR_ELAPSED_CYCLES,             /* GPC clock cycles of the kernel */
	CTR_L2_READ_SECTORS,            /* L2 sectors read on behalf of L1TEX */
	CTR_L2_WRITE_SECTORS,
	CTR_DURATION_NS,                /* kernel duration as the profiler saw it */
	/*
	 * Hits and misses as sums, not rates, so that the counts of two
	 * launches can be subtracted (latency's timed loads: a launch less its
	 * warm-up twin).  With load sectors and DRAM reads they take one pass
	 * on GH100, so no replay disturbs the caches being measured.
	 */
	CTR_L1_LOAD_HIT_SECTORS,        /* sectors of global loads that hit in L1TEX */
	CTR_L2_READ_MISS_SECTORS,       /* L2 sectors read for L1TEX that missed */
	/*
	 * For gpuperf profile.  The requested bytes are counted by
	 * instrumented code (SASS patching): one more pass, and only the
	 * Range Profiler on Turing and later reads them.
	 */
	CTR_GLOBAL_LOAD_BYTES,          /* bytes the active lanes of global loads asked for */
	CTR_GLOBAL_STORE_BYTES,
	CTR_L1_HIT_RATE_PCT,            /* sectors of global loads that hit in L1TEX */
	CTR_L2_HIT_RATE_PCT,            /* L2 sector lookups that hit, every source */
	/*
	 * For gpuperf profile's roofline (issue 27).  With the ones above they
	 * take the same three passes on Turing and later (checked offline by
	 * tests/unit/t-counters.c): the pipes and the bytes of each level
	 * share the two hardware passes, the SASS counts (FLOPs, cp.async,
	 * shared bytes, TMA) the instrumented one, and the peaks are no
	 * counters at all: the chip's own figures, per cycle or per second.
	 */
	CTR_FMA_PIPE_PCT,               /* FMA pipe busy, % of its peak over the kernel */
	CTR_TENSOR_PIPE_PCT,            /* tensor pipe busy, % of its peak over the kernel */
	CTR_L1_BYTES,                   /* bytes through L1TEX's tag stage: global, local, cp.async */
	CTR_L2_BYTES,                   /* bytes of L2 lookups, every source (TMA included) */
	CTR_SM_CLOCK_HZ,                /* SM cycles per second during the kernel */
	CTR_FFMA_PEAK_PER_CYCLE,        /* the GPU's FFMA thread instructions per SM cycle, at most */
	CTR_DFMA_PEAK_PER_CYCLE,
	CTR_HFMA_PEAK_PER_CYCLE,
	CTR_DRAM_PEAK_BYTES_PER_S,      /* the chip's DRAM peak at the kernel's clocks */
	CTR_L2_PEAK_BYTES_PER_S,
	CTR_L1_PEAK_BYTES_PER_S,
	/* thread instructions with the predicate on (SASS instrumentation) */
	CTR_DADD, CTR_DMUL, CTR_DFMA,
	CTR_FADD, CTR_FMUL, CTR_FFMA,
	CTR_HADD, CTR_HMUL, CTR_HFMA,
	CTR_CP_ASYNC_REQUESTS,          /* LDGSTS warp instructions (cp.async) */
	CTR_CP_ASYNC_SECTORS,           /* their global sectors */
	CTR_CP_ASYNC_BYTES,             /* bytes their active lanes asked for */
	CTR_SHARED_BYTES,               /* bytes of every shared-memory instruction (LDS, STS, LDSM, */
					/* cp.async's and TMA's writes, wgmma's operand reads) */
	CTR_TMA_LOAD_REQUESTS,          /* TMA load instructions (UTMALDG) */
	CTR_SHARED_GMMA_BYTES,          /* of the shared bytes, wgmma's operand reads (Hopper) */
	/*
	 * FMA-pipe instructions issued, % of the pipe's peak over the kernel:
	 * profile's light set reads it where the pipe's busy cycles
	 * (CTR_FMA_PIPE_PCT) would not share the one pass with the
	 * instruction counts (GH100); the two agree on a pipe kept full.
	 */
	CTR_FMA_ISSUE_PCT,
	/*
	 * Cycles the busiest SM had a warp: the kernel's own time inside a
	 * user range, which also spans the idle GPU before the launch
	 * reaches it (profile's light set rescales by it; its raw counter is
	 * occupancy's, so no pass is added).
	 */
	CTR_SM_ACTIVE_CYCLES_MAX,
	/*
	 * Each kind of access counted apart, by instrumented code (profile's
	 * full set, issue 37).  The hardware's global load sectors also count
	 * cp.async's (a cuBLAS GEMM read 5462 sectors a request), and its
	 * shared wavefronts count ldmatrix, cp.async's and TMA's writes with
	 * the plain loads and stores ("117-way conflicts"): a ratio of one
	 * kind's sectors to another's requests is meaningless.  Per kind:
	 * warp instructions, 32-byte sectors or shared wavefronts, and the
	 * bytes the active lanes asked for (the ideal comes from them).
	 */
	CTR_LDG_REQUESTS, CTR_LDG_SECTORS,          /* LDG (CTR_GLOBAL_LOAD_BYTES: its bytes) */
	CTR_STG_REQUESTS, CTR_STG_SECTORS,          /* STG (CTR_GLOBAL_STORE_BYTES) */
	CTR_ATOM_REQUESTS, CTR_ATOM_SECTORS, CTR_ATOM_BYTES,   /* ATOM, ATOMG */
	CTR_RED_REQUESTS, CTR_RED_SECTORS, CTR_RED_BYTES,      /* REDG */
	CTR_LDS_INSTRUCTIONS, CTR_LDS_WAVEFRONTS, CTR_LDS_BYTES,
	CTR_STS_INSTRUCTIONS, CTR_STS_WAVEFRONTS, CTR_STS_BYTES,
	CTR_LDSM_INSTRUCTIONS, CTR_LDSM_WAVEFRONTS, CTR_LDSM_BYTES,   /* ldmatrix */
	CTR_LDGSTS_SHARED_WAVEFRONTS, CTR_LDGSTS_SHARED_BYTES,       /* cp.async's writes */
	CTR_SHARED_ATOM_INSTRUCTIONS, CTR_SHARED_ATOM_WAVEFRONTS,   /* ATOMS (SASS counts) */
	/* every kind together, as Nsight Compute's source counters total them */
	CTR_GLOBAL_SECTORS_ALL,         /* global sectors of every instruction */
	CTR_SHARED_WAVEFRONTS_ALL,      /* shared wavefronts, wgmma's and TMA's included */
	/* the FP64 pipe's busy share: a kernel bound by FP64 arithmetic (hardware) */
	CTR_FP64_PIPE_PCT,
	/*
	 * Warp-cycles in each state, as Nsight Compute's WarpStateStats counts
	 * them (its per-issue ratios share one denominator, so each state's
	 * share is its count over their sum): profile --count-stalls reads
	 * them in a run of their own, six passes on GH100 (t-counters).
	 */
	CTR_WARPS_LONG_SCOREBOARD, CTR_WARPS_SHORT_SCOREBOARD, CTR_WARPS_BARRIER,
	CTR_WARPS_MEMBAR, CTR_WARPS_WAIT, CTR_WARPS_MATH_PIPE_THROTTLE, CTR_WARPS_MIO_THROTTLE,
	CTR_WARPS_LG_THROTTLE, CTR_WARPS_TEX_THROTTLE, CTR_WARPS_NO_INSTRUCTION,
	CTR_WARPS_IMC_MISS, CTR_WARPS_BRANCH_RESOLVING, CTR_WARPS_DISPATCH_STALL,
	CTR_WARPS_DRAIN, CTR_WARPS_SLEEPING, CTR_WARPS_GMMA, CTR_WARPS_MISC,
	CTR_WARPS_NOT_SELECTED, CTR_WARPS_SELECTED,
	CTR_COUNT
};

struct ctr_set;

/* Logical name ("global_load_sectors"), or NULL for an invalid id. */
const char *ctr_name(enum ctr_id id);

/* The id of a logical name, or -1. */
int ctr_lookup(const char *name);

/*
 * Whether id is counted by patching the kernel's code (SASS
 * instrumentation): the part of a set most likely to be refused, and a
 * pass of its own.
 */
int ctr_instrumented(enum ctr_id id);

/*
 * Why counters cannot be read on dev ("<reason>; <what would fix it>"),
 * or NULL when they can.  Computed once per device and cached.  This
 * loads CUPTI: with --no-counters, do not call it (`info` prints "off").
 */
const char *ctr_unavailable_reason(const struct gp_device *dev);

/* CUPTI's chip name for dev ("GH100"), or NULL when counters are unavailable. */
const char *ctr_chip_name(const struct gp_device *dev);

/*
 * Prepare to read counters ids[0..n) on dev.  Returns 0 with *out set, or
 * 0 with *out NULL when counters are off or unavailable (in AUTO mode the
 * reason goes to stderr once per process), or GP_EXIT_NOCOUNTERS when
 * mode is COUNTERS_REQUIRE and they are unavailable.  A counter that the
 * chip lacks is not an error: it reads as NAN.
 */
int ctr_open(const struct gp_device *dev, enum counters_mode mode,
	     const enum ctr_id *ids, size_t n, struct ctr_set **out);

/*
 * Every kernel launched between begin and end becomes one range.  At most
 * CTR_MAX_RANGES launches per bracket; more are dropped (a warning, NAN).
 * Both return 0 or a GP_EXIT_* status; when profiling fails mid-way in
 * AUTO mode they warn once and return 0, and the set reads NAN from then on
 * (REQUIRE: exit 4).  ctr_end waits for the device; a kernel that failed
 * is GP_EXIT_FAIL.  Both accept NULL (unavailable counters) and do nothing.
 */
#define CTR_MAX_RANGES 1024
int ctr_begin(struct ctr_set *cs);
int ctr_end(struct ctr_set *cs);

/*
 * The next brackets record at most n ranges (at most CTR_MAX_RANGES): the
 * counter data image, and what CUPTI sets up on the GPU, is sized for
 * them.  An image for 1024 ranges takes 14-60 MB for a handful of
 * counters, and setting it up is most of a session's cost; a sweep
 * knows how many launches it counts.  NULL is fine; n 0 leaves it as is.
 */
void ctr_expect_ranges(struct ctr_set *cs, size_t n);

/*
 * For a caller that brackets a launch or a few at a time over a long run
 * (the library injected by gpuperf profile): each bracket records at most
 * `ranges` launches, and the profiler stays enabled between brackets, so
 * only the first pays for enabling it; ctr_close disables it.  NULL is fine.
 */
void ctr_one_launch_at_a_time(struct ctr_set *cs, size_t ranges);

/*
 * For a caller that counts parts of a sequence (latency: one chase of
 * several launches, but not the launches that prepare it): call before
 * ctr_begin; from then on each ctr_range_push .. ctr_range_pop is one
 * range, whatever it launches, and launches outside any are not counted.
 * The profiler then costs nothing per launch (auto ranges cost ~30 ms
 * each on the H100).  Only for counters that take one pass: ctr_begin
 * of a set that needs more fails as profiling does (AUTO: NAN, warned
 * once).  Push and pop accept NULL, and do nothing on a failed set.
 */
void ctr_bracketed_ranges(struct ctr_set *cs);
int ctr_range_push(struct ctr_set *cs);
int ctr_range_pop(struct ctr_set *cs);

/*
 * What the last bracket's steps cost, as one line of text into buf (for
 * gpuperf -v); NULL for a set without a session.
 */
char *ctr_timing(const struct ctr_set *cs, char *buf, size_t len);

/* Passes the set's counters take on its chip (0 for NULL). */
size_t ctr_passes(const struct ctr_set *cs);

/* Ranges recorded so far, over every begin/end bracket. */
size_t ctr_nranges(const struct ctr_set *cs);

/* 1 once CUPTI failed on the set (said on stderr): it reads nothing more. */
int ctr_dead(const struct ctr_set *cs);

/*
 * Values of range i, in the order of ids given to ctr_open; NAN when
 * missing (the chip lacks the counter, the launch was dropped, or
 * profiling failed: all said on stderr already).  0, or GP_EXIT_FAIL
 * (message printed) for a range that was never launched.
 */
int ctr_read(const struct ctr_set *cs, size_t range, double *values);

/* Frees cs; NULL is fine. */
void ctr_close(struct ctr_set *cs);

#endif
