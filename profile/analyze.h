/*
 * What `gpuperf profile` makes of the records (profile/record.h): one row
 * per kernel, aggregated over its launches, joined with gpuperf's own
 * occupancy calculator and the ceilings of the device (profile/bound.h),
 * with what bounds it (compute, memory, latency, underfilled) and one
 * verdict each: the thing most worth fixing, pointing at the gpuperf
 * command that shows it.  Pure: no CUDA, no output.
 *
 *     struct prof_records rs = { 0 };
 *     struct prof_analysis a;
 *     prof_decode(text, len, &rs, &err);        // keeps what decoded before an error
 *     prof_analyze(&rs, &opts, &a);
 *     ... a.k[0 .. a.n) in the order asked for, a.notes, a.summary ...
 *     prof_analysis_free(&a);
 *     prof_records_free(&rs);
 *
 * Aggregation: counts are summed over a kernel's profiled launches and the
 * ratios taken of the sums; achieved occupancy is the duration-weighted
 * mean, hit rates are weighted by the sectors they are rates of.  GPU time
 * adds the activity records' times of unprofiled launches to the counter
 * duration of profiled ones (a profiled launch's own wall time includes
 * its replays).  Shape, registers and shared memory are the first
 * profiled launch's (config_varies says when later ones differ).
 */
#ifndef GP_PROFILE_ANALYZE_H
#define GP_PROFILE_ANALYZE_H

#include <stddef.h>
#include "occupancy/occupancy.h"
#include "profile/bound.h"
#include "profile/record.h"
#include "util/demangle.h"

enum prof_sort {
	PROF_SORT_TIME,    /* GPU time, most first (the default) */
	PROF_SORT_WASTE,   /* time the verdict's problem costs, most first */
	PROF_SORT_NAME,
};

/* Names in enum order, NULL-terminated: "time", "waste", "name". */
extern const char *const prof_sort_names[];

enum prof_verdict {
	PV_NOT_PROFILED,           /* no launch of it has counters */
	PV_NONE,                   /* nothing found worth fixing, bound unknown */
	PV_COMPUTE_BOUND,          /* near a compute ceiling, nothing wasted worth more */
	PV_MEMORY_BOUND,           /* near a memory ceiling, nothing wasted worth more */
	PV_LATENCY_BOUND,          /* no ceiling near although enough warps */
	PV_LOAD_COALESCING,        /* global loads fetch more bytes than they use */
	PV_STORE_COALESCING,
	PV_SHARED_LOAD_CONFLICTS,  /* shared loads take more wavefronts than needed */
	PV_SHARED_STORE_CONFLICTS,
	PV_CP_ASYNC_COALESCING,    /* cp.async (LDGSTS) fetches more bytes than it uses */
	PV_ATOMIC_COALESCING,      /* atomics and reductions touch more sectors than needed */
	PV_SHARED_ATOMIC_CONFLICTS,    /* shared atomics take more wavefronts than needed */
	PV_OCCUPANCY_LIMIT,        /* underfilled: a resource holds theoretical occupancy low */
	PV_UNDERFILLED,            /* underfilled: too few blocks, or warps idle */
	PV_NVERDICTS
};

/* Stable snake_case code of a verdict, for CSV and JSON ("load_coalescing"). */
const char *prof_verdict_code(enum prof_verdict v);

/*
 * One kind of global access of a kernel (LDG, STG, atomics, cp.async),
 * summed over its profiled launches; NAN: not read.  The full set counts
 * each kind apart by instrumented code; the light set reads the
 * hardware's loads and stores, whose sectors also take in cp.async's.
 */
struct prof_access {
	double requests;             /* warp instructions */
	double sectors;              /* 32-byte sectors L1TEX looked up */
	double bytes;                /* bytes the active lanes asked for */
	double excess;               /* sectors beyond the ideal (never below 0) */
	double sectors_per_request;
	double ideal_per_request;    /* sectors the asked-for bytes fill: bytes / 32 per request,
					never below 1 (a request touches a sector at least) */
	double efficiency_pct;       /* bytes asked for / bytes fetched */
	double fetched_bytes;        /* 32 x sectors */
	double ratio;                /* sectors / ideal sectors: 1 when coalesced */
	unsigned width;              /* bytes per lane of a full warp (4, 8, 16), 0 unknown */
	int assumed;                 /* bytes not counted: ratio assumes full warps of 4 bytes */
	int one_lane;                /* 16 bytes or fewer per request: one lane of the warp asks */
};

/*
 * One kind of shared-memory access (loads, stores, ldmatrix, cp.async's
 * writes, atomics).  Its ideal is its wavefronts less the hardware's bank
 * conflicts of that kind (the full set counts loads' and stores' instructions
 * and wavefronts apart, by instrumented code); unknown where no conflict
 * counter reads the kind (ldmatrix alone, cp.async's writes).
 */
struct prof_shared {
	double instructions, wavefronts, conflicts;
	double bytes;                  /* bytes the active lanes moved; NAN: not counted */
	double excess;                 /* wavefronts beyond the ideal (never below 0) */
	double wavefronts_per_instruction;
	double conflicts_per_instruction;
	double ideal_per_instruction;  /* wavefronts without conflicts: 1, 2 or 4 by width */
	double ways;                   /* the n-way conflict: wavefronts / ideal */
};

struct prof_kernel {
	char *kernel;                  /* mangled */
	char *name;                    /* demangled */
	char *short_name;              /* demangled, without parameters */
	int dev;
	/* the device (its device record); cc 0.0 when none came */
	char *device_name;
	int cc_major, cc_minor, sms;
	double dram_peak_gbs;          /* theoretical; NAN unknown */
	/* launches */
	unsigned long long launches;   /* seen: API launches + graph kernels */
	unsigned long long profiled;   /* with counters */
	unsigned long long graph;      /* run by CUDA graphs */
	unsigned long long timed;      /* with a GPU time */
	double time_ns, time_per_launch_ns;  /* NAN: no time */
	/* configuration */
	struct prof_dim3 grid, block, cluster;
	int regs, carveout;
	unsigned long long static_smem, dyn_smem, local_bytes;
	int config_varies;             /* launches differ in shape or memory */
	/* coalescing, shared memory: each kind apart */
	struct prof_access ld, st;     /* LDG, STG */
	struct prof_access atom;       /* atomics and reductions to global memory */
	struct prof_shared sld, sst;   /* loads (LDS and ldmatrix), stores (STS) */
	struct prof_shared ldsm;       /* ldmatrix alone (an .x4 takes 4 wavefronts by design) */
	struct prof_shared cpw;        /* cp.async's writes to shared memory */
	struct prof_shared satom;      /* shared atomics (ATOMS) */
	int per_kind;                  /* the kinds were counted apart (the full set) */
	double sectors_all;            /* global sectors of every instruction (the kinds' sum
					  where not counted) */
	double wavefronts_all;         /* shared wavefronts likewise */
	double global_excess_pct;      /* global sectors beyond the ideal, % of all, every kind */
	double shared_excess_pct;      /* shared wavefronts beyond the ideal, % of all */
	char *disagree;                /* counters that contradict each other, in words; NULL */
	char *counter_set;            /* which sets the profiled launches read: "full", "light",
					  "full 1, light 2" (a row merges their figures); NULL */
	/* occupancy */
	double achieved_pct;
	int have_occ;                  /* the calculator knew the architecture and shape */
	struct occ_result occ;
	char *limiter;                 /* "registers", "shared memory+warps"; NULL without occ */
	char *next_step;               /* "<= 128 registers per thread would allow 4 blocks (25.0 %)" */
	/* memory */
	double dram_read_bytes, dram_write_bytes;
	double dram_gbs, dram_pct;     /* over the profiled launches' duration */
	double l1_hit_pct, l2_hit_pct;
	/*
	 * Work and traffic for the roofline, summed over the profiled launches
	 * (NAN: not counted); rates over those launches' duration.
	 */
	double flop[3];                /* FP64, FP32, FP16 on CUDA cores; an FMA counts 2 */
	double flop_total;             /* their sum */
	double gflops;                 /* flop_total per ns of the launches that counted them */
	double fma_pipe_pct, tensor_pipe_pct;  /* busy, duration-weighted */
	double fp64_pipe_pct;          /* the FP64 pipe's likewise (the full set) */
	double l1_bytes;               /* through L1TEX's tag stage (global, local, cp.async) */
	double shared_bytes;           /* of shared-memory instructions, wgmma's operands excluded */
	double l2_bytes;               /* L2 lookups, every source (TMA included) */
	double l1_gbs, l2_gbs;         /* l1: L1TEX and shared together */
	double intensity_dram, intensity_l2;   /* FLOP per byte of the level */
	struct prof_access cp;         /* cp.async (LDGSTS) loads */
	double tma_loads;              /* TMA load instructions (warp level) */
	struct prof_roofs roofs;       /* the ceilings it is judged against */
	struct prof_bound bound;       /* what bounds it (profile/bound.h) */
	/* the verdict */
	enum prof_verdict verdict;
	double waste;                  /* fraction of the kernel's time at stake, 0..1 */
	char *verdict_text;            /* a sentence */
	char *verdict_short;           /* a few words, for the summary line */
	char *command;                 /* the gpuperf command that shows it; NULL: none */
};

struct prof_note {
	char *level;                   /* "info", "warning" */
	char *text;
	unsigned count;                /* processes that said it */
};

struct prof_analysis {
	struct prof_kernel *k;         /* the rows kept, in the order asked for */
	size_t n;
	size_t nkernels;               /* kernels before --top and the filter */
	size_t others;                 /* kernels left out by --top or the filter */
	unsigned long long other_launches;
	double other_time_ns;
	unsigned long long launches;   /* every kernel */
	double time_ns;
	size_t processes;              /* that loaded the profiling library */
	size_t ended;                  /* of them, that ended normally (an end record) */
	int counters_seen;             /* some launch has counters */
	struct prof_note *notes;       /* the library's and the analysis's own, in order */
	size_t nnotes;
	char *summary;                 /* one line: the worst offenders first, or why none */
};

struct prof_opts {
	enum prof_sort sort;
	size_t top;                    /* keep the top N kernels by GPU time; 0: all */
	const char *kernel_regex;      /* show only these (demangled names); NULL: all */
	/*
	 * Measured ceilings by CUDA device ordinal (gpuperf roofline), laid
	 * over each kernel's theoretical ones; NULL or short: theoretical only.
	 */
	const struct prof_roofs *roofs;
	size_t nroofs;
};

/*
 * Analyse rs.  0, or -1 when kernel_regex does not compile (*a is then
 * empty; check it with prof_filter_check first).
 */
int prof_analyze(const struct prof_records *rs, const struct prof_opts *o,
		 struct prof_analysis *a);
void prof_analysis_free(struct prof_analysis *a);

/*
 * A run without a kernel where no GPU can be used (why: gpuperf's own
 * look, "no NVIDIA driver found (...)"): the summary says so, rather than
 * guess at what the program did.  Nothing changes when kernels ran.
 */
void prof_no_gpu(struct prof_analysis *a, const char *why);

/*
 * The verdict of one row whose counters, occupancy, DRAM figures and
 * bound are filled (profile/verdict.c; prof_analyze calls it).
 */
void prof_verdict(struct prof_kernel *k);

/*
 * The name people read: the short name (the demangled one without its
 * parameters), cut to PROF_NAME_SHOWN characters with "..." at the end;
 * the table's and the summary line's.  Returns buf (n bytes).
 */
#define PROF_NAME_SHOWN KERNEL_LABEL_MAX
const char *prof_kernel_label(const struct prof_kernel *k, char *buf, size_t n);

/*
 * The GPU time a profiled launch's record adds to its kernel's: its
 * counters' (the kernel's own, as prof_analyze takes it); NAN when it
 * has no counter.  For grouping kernels' times otherwise (profile/ranges.h).
 */
double prof_launch_ns(const struct prof_rec *l);

/* Whether a row belongs in "worth fixing first": time at stake, and not at a ceiling. */
int prof_worth_fixing(const struct prof_kernel *k);

#endif
