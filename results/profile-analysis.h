/*
 * What `gpuperf profile` finds: its analysis (profile/analyze.h makes it)
 * of one row per kernel, the ceilings each is judged against and what
 * bounds it (profile/bound.h), and the kernels by NVTX range
 * (profile/ranges.h).  The types alone, for the results, the tables and
 * the judging above them.  Pure C.
 */
#ifndef GP_RESULTS_PROFILE_ANALYSIS_H
#define GP_RESULTS_PROFILE_ANALYSIS_H

#include <stddef.h>
#include "results/occupancy-calc.h"
#include "results/stalls.h"
#include "results/roofline.h"

/* A launch's shape (profile/record.h). */
struct prof_dim3 {
	unsigned x, y, z;
};

/* ---- the ceilings (profile/bound.h) ---- */

enum prof_roof_source {
	PROF_ROOF_UNKNOWN,
	PROF_ROOF_THEORETICAL,   /* the chip's peak: the throughput table, the memory bus, CUPTI's */
	PROF_ROOF_MEASURED,      /* gpuperf roofline on this GPU */
};

struct prof_roof {
	double per_s;                  /* NAN: unknown */
	enum prof_roof_source source;
};

/*
 * The roofline's ceilings (results/roofline.h), by enum roof_ceiling:
 * bytes/s for memory, FLOP/s (an FMA counts 2; OP/s for INT8) for
 * compute.  A kernel's L1 and shared memory are one data path, judged by
 * the ROOF_L1 slot; the ROOF_SHARED slot stays unknown.
 */
struct prof_roofs {
	struct prof_roof r[ROOF_NCEILINGS];
};

enum prof_bound_kind {
	PB_UNKNOWN,        /* nothing to judge by: no counters, no roofs */
	PB_COMPUTE,        /* a compute ceiling (a pipe, a precision's FLOP/s) near */
	PB_MEMORY,         /* a memory level's bandwidth near */
	PB_LATENCY,        /* neither near although enough warps: they wait */
	PB_UNDERFILLED,    /* too few blocks or warps to fill the GPU */
	PB_NKINDS
};

/* The ceilings a kernel is measured against, in the order of use[]. */
enum prof_use_id {
	USE_FP64, USE_FP32, USE_FP16,        /* FLOP/s over the roof */
	USE_FMA_PIPE, USE_TENSOR_PIPE, USE_FP64_PIPE,  /* the pipes' own busy fraction */
	USE_DRAM, USE_L2, USE_L1,            /* bytes/s over the roof */
	USE_N
};

struct prof_bound {
	enum prof_bound_kind kind;
	double use[USE_N];             /* fraction of each ceiling reached, NAN unknown */
	int nearest;                   /* the use[] nearest its ceiling; -1 none */
	double roof_frac;              /* use[nearest], NAN with none */
	double compute_frac;           /* the largest compute use, NAN none */
	double at_stake;               /* fraction of the kernel's time to gain: 1 - roof_frac */
	int little_to_gain;            /* a ceiling at PROF_LITTLE_TO_GAIN or more */
	unsigned over;                 /* bit u: use u read above its ceiling, which no
					  hardware does; judged at the ceiling, not shown */
	char *text;                    /* the classification with its evidence ("compute-bound: the
					  tensor pipe busy 94 % of the time"); what there is to gain
					  is the verdict's to say */
	char *brief;                   /* "compute-bound (tensor pipe 94 %)" */
	char *advice;                  /* latency-bound: what to do, when no waste is the fix */
};

/* ---- the analysis (profile/analyze.h) ---- */

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

/*
 * Where a memory or bank verdict's excess sits (profile/where.h): the
 * per-instruction counts of one patched launch of the kernel.
 */
struct prof_where {
	int known;                     /* counted, and some instruction of the verdict's kind
					  has excess */
	unsigned long long launch;     /* which launch of the kernel was patched */
	char *file;                    /* the line with the most excess; NULL: no line table */
	unsigned line;
	double line_share;             /* its instructions' share of the kind's excess, 0-1 */
	unsigned line_instrs;          /* its instructions of the kind with excess */
	unsigned long long offset;     /* the instruction with the most excess, in the SASS */
	char *op;                      /* its operation ("STG"); NULL: unknown */
	int bytes;                     /* the bytes each thread moves; 0: unknown */
	char *sass;                    /* the instruction, as nvdisasm names it; NULL: not named */
	double share;                  /* its share, 0-1 */
	unsigned instrs;               /* instructions of the kind with excess, in all */
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
	struct prof_stalls stalls;     /* its warps' states, where PC sampling ran (total 0: not) */
	/* the verdict */
	enum prof_verdict verdict;
	double waste;                  /* fraction of the kernel's time at stake, 0..1 */
	char *verdict_text;            /* a sentence */
	char *verdict_short;           /* a few words, for the summary line */
	char *command;                 /* the gpuperf command that shows it; NULL: none */
	struct prof_where where;       /* the verdict's instruction and line */
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

/* ---- by instruction (profile/instructions.h) ---- */

/*
 * One instruction of a kernel (--by instruction): sampled, or a memory
 * instruction of the patched launch (its counts), or both.
 */
struct prof_instr {
	const struct prof_kernel *k;   /* its kernel's row in the analysis */
	unsigned long long launch;     /* which launch of the kernel was sampled; 0: none */
	unsigned long long offset;     /* the instruction's offset in the kernel's SASS */
	char *file;                    /* its source file; NULL: no line table */
	unsigned line;
	struct prof_stalls st;         /* its samples by state (st.hot_* unused) */
	double kernel_share;           /* its samples' share of its kernel's, 0-1 */
	/* the patched launch's counts (profile/where.h); counted_launch 0: not counted */
	unsigned long long counted_launch, executed, sectors, sectors_ideal, wavefronts,
			   wavefronts_ideal;
	double excess;                 /* its sectors and wavefronts beyond their ideal */
	char *op;                      /* its memory operation ("STG"); NULL: unknown */
	int op_bytes;                  /* bytes a thread; 0: unknown */
	char *sass;                    /* the instruction, as nvdisasm names it; NULL: not named */
};

/* A source line's share of a kernel's samples: its instructions' together (an unrolled loop's). */
struct prof_line {
	const struct prof_kernel *k;
	char *file;                    /* its source file */
	unsigned line;
	double samples, kernel_share;  /* 0-1 */
};

struct prof_instrs {
	struct prof_instr *v;          /* by kernel, in the analysis's order; most samples first */
	size_t n;
	struct prof_line *lines;       /* by kernel likewise, every line with samples, most first */
	size_t nlines;
	size_t kernels;                /* kernels with sampled instructions */
	size_t others;                 /* instructions left out by --top */
};

/* ---- by NVTX range (profile/ranges.h) ---- */

struct prof_range {
	char *path;                    /* the levels joined by PROF_RANGE_SEP; "": no range */
	char *label;                   /* joined by '/', or PROF_RANGE_NONE */
	int depth;                     /* levels: 0 outside any range */
	int dev;
	unsigned long long graph_id;   /* CUPTI's id of the graph that ran them; 0: none */
	unsigned long long graph_node; /* their node, while it is one; 0: several, or none */
	double time_ns;
	unsigned long long launches;   /* kernel runs timed (graph kernels included) */
	size_t kernels;                /* distinct kernels */
	/*
	 * The bound is the dominant kernel's: where the range's time goes.
	 * The verdict is the one with the most time at stake here (its
	 * verdict's fraction times its time in the range) among those worth
	 * fixing (prof_worth_fixing), else the dominant kernel's: what to
	 * fix first.  Rows of the analysis, not owned.
	 */
	const struct prof_kernel *top;
	double top_ns;                 /* its time in the range */
	const struct prof_kernel *worst;
	double stake_ns;               /* its time at stake in the range */
};

struct prof_ranges {
	struct prof_range *r;          /* the rows kept, in the order asked for */
	size_t n;
	size_t nranges;                /* before --top */
	size_t others;                 /* left out by --top */
	unsigned long long other_launches;
	double other_time_ns;
	double time_ns;                /* every range's */
	double unranged_ns;            /* the kernels' time no range record holds */
	char *summary;                 /* one line: the ranges worth fixing first, or why none
					  (without any range, the analysis' says more) */
};

/* Free what each holds, not the struct itself. */
void prof_bound_free(struct prof_bound *b);
void prof_kernel_free(struct prof_kernel *k);
void prof_analysis_free(struct prof_analysis *a);
void prof_range_free(struct prof_range *r);
void prof_ranges_free(struct prof_ranges *g);
void prof_instrs_free(struct prof_instrs *in);

#endif
