/*
 * What `gpuperf pcie` ran and measured: the plan of transfers (or of
 * copy/compute overlap), a row per direction x memory kind x size and
 * the link and placement seen meanwhile; its two machine tables and the
 * contract of each.  Pure C.
 */
#ifndef GP_RESULTS_PCIE_H
#define GP_RESULTS_PCIE_H

#include <stddef.h>
#include <stdint.h>
#include "results/contract.h"
#include "results/device.h"
#include "results/trust.h"
#include "util/stats.h"

enum pcie_dir {
	PCIE_H2D,
	PCIE_D2H,
	PCIE_BIDIR,   /* H2D and D2H at once on two streams */
	PCIE_NDIRS
};

enum pcie_mem {
	PCIE_PAGEABLE,    /* malloc: staged by the driver through a pinned bounce buffer */
	PCIE_PINNED,      /* cudaHostAlloc, page-locked, cached */
	PCIE_WC,          /* cudaHostAlloc(WriteCombined): uncached for the CPU */
	PCIE_REGISTERED,  /* malloc + cudaHostRegister */
	PCIE_MAPPED,      /* zero-copy: a kernel reads/writes host memory directly */
	PCIE_NMEMS
};

/* What one result row measured: a direction alone, or one part of a bidirectional pair. */
enum pcie_part {
	PCIE_PART_H2D,
	PCIE_PART_D2H,
	PCIE_PART_BIDIR_H2D,  /* the H2D half while D2H runs */
	PCIE_PART_BIDIR_D2H,
	PCIE_PART_BIDIR_SUM,  /* both: 2 x size over the wall time of the pair */
	PCIE_NPARTS
};

/* Names used in options and CSV: "h2d", "pinned", "bidir-sum"... */
extern const char *const pcie_dir_names[];   /* NULL-terminated */
extern const char *const pcie_mem_names[];   /* NULL-terminated */
extern const char *const pcie_part_names[];

/*
 * Experiments on pinned transfers (issue 18: pinned H2D moved by 8 %
 * between invocations a minute apart while D2H did not), each a candidate
 * cause made switchable; all off by default.  bench/pcie-stability.sh
 * runs each beside nvbandwidth.
 */
enum pcie_host_src {
	PCIE_HOST_DRIVER,   /* cudaHostAlloc: whatever pages the driver takes (the default) */
	PCIE_HOST_HUGETLB,  /* mmap(MAP_HUGETLB) 2 MiB pages, THP when none are reserved */
	PCIE_HOST_THP,      /* mmap + madvise(MADV_HUGEPAGE): transparent huge pages */
	PCIE_HOST_SMALL,    /* mmap + madvise(MADV_NOHUGEPAGE): 4 KiB pages */
};

#define PCIE_MAX_SPLIT 8
#define PCIE_MAX_CHUNK_MIB 1024

struct pcie_variant {
	int host;      /* enum pcie_host_src; mmap'ed kinds are touched, then cudaHostRegister'ed */
	int bind_node; /* mmap'ed kinds: pages bound (mbind) to the GPU's NUMA node before the touch */
	int split;     /* 0 or 1: one copy per transfer; N: N chunks on N streams (copy engines) */
	int nogate;    /* queue copies without the gate kernel in front */
	int nosample;  /* no thread reading the link from sysfs while transfers run */
	/*
	 * Pageable copies (issue 31: host to device read 0.88 of
	 * bandwidthTest's), each a way bandwidthTest or a user differs;
	 * bench/pageable-variants.sh runs them beside it.
	 */
	int pmalloc;   /* buffers from malloc (16 bytes past a page), not page-aligned */
	int psync;     /* one direction: cudaMemcpy on the legacy stream, not cudaMemcpyAsync */
	int plegacy;   /* one direction: cudaMemcpyAsync on the legacy stream */
	int pchunk_mib; /* > 0: each transfer as copies of this many MiB in sequence */
	/*
	 * Pageable copies move by tens of percent within one run (issue 42);
	 * bench/pageable-variants.sh runs these beside bandwidthTest.
	 */
	int pflush;    /* the CPU caches emptied before each repetition, as bandwidthTest's */
	int plastcpu;  /* the measuring thread on one CPU, the last of those it may use */
};

/* One measurement to make: a direction, a memory kind, a transfer size. */
struct pcie_job {
	enum pcie_dir dir;
	enum pcie_mem mem;
	uint64_t size;
};

struct pcie_plan {
	struct pcie_job *jobs;
	size_t njobs;
	int reps, warmup;
	int bind;  /* move the thread to the GPU's local CPUs while measuring */
	/*
	 * Pinned-transfer experiments.  All default: GPUPERF_PCIE_VARIANT, when
	 * set, gives them (bench/pcie-stability.sh uses it until options do).
	 */
	struct pcie_variant var;
};

/* Free the plan's jobs. */
void pcie_plan_free(struct pcie_plan *plan);

#define PCIE_NODE_UNKNOWN (-1)
#define PCIE_NODE_MIXED   (-2)  /* pages on more than one node */

struct pcie_row {
	enum pcie_part part;
	enum pcie_mem mem;
	uint64_t size;          /* bytes per transfer, per direction */
	uint64_t bytes;         /* bytes one timed transfer moves: size, or 2 x size for the sum */
	int per_rep;            /* transfers per timed repetition (small sizes are batched) */
	int host_timer;         /* 1: host clock (pageable), 0: CUDA events */
	struct stats time_us;   /* time of one transfer, over the repetitions */
	int host_node;          /* NUMA node of the host buffer, or PCIE_NODE_* */
};

/* The link and placement as seen while the plan ran. */
struct pcie_env {
	struct pcie_link idle;  /* read before any transfer */
	struct pcie_link busy;  /* highest generation (then width) seen while transferring */
	int busy_samples;       /* link readings taken during transfers */
	int gpu_node;           /* -1 when unknown */
	int bound;              /* 1 when the thread ran on the GPU's local CPUs */
	char cpulist[128];      /* those CPUs, as sysfs lists them */
	char variant[96];       /* pcie_variant_text of the variant run */
	unsigned long long mapped_bytes;  /* pinned buffers from mmap (variant host != driver) */
	unsigned long long huge_bytes;    /* of them, in huge pages */
};

struct pcie_results {
	struct pcie_row *rows;
	size_t nrows;
	struct pcie_env env;
};

void pcie_results_free(struct pcie_results *r);

/* ---- --overlap ---- */

#define PCIE_MAX_STREAMS 32

struct pcie_overlap_plan {
	const enum pcie_mem *mems;  /* PCIE_PINNED or PCIE_REGISTERED */
	size_t nmems;
	const uint64_t *sizes;      /* whole buffer, a multiple of 4 bytes */
	size_t nsizes;
	int chunks, streams;
	double kernel_us;     /* 0: match the copy time (H2D + D2H) */
	int reps, warmup;
	int bind;
};

/* Free the overlap plan's lists. */
void pcie_overlap_plan_free(struct pcie_overlap_plan *plan);

struct pcie_overlap_row {
	enum pcie_mem mem;
	uint64_t size;
	int chunks;           /* chunks actually used (small buffers get fewer) */
	int streams;
	unsigned iters;       /* compute kernel iterations per word */
	double h2d_us, kernel_us, d2h_us;  /* each alone, whole buffer (medians) */
	struct stats serial_us;      /* H2D, kernel, D2H on one stream */
	struct stats overlapped_us;  /* chunks spread over the streams */
	int host_node;
};

struct pcie_overlap_results {
	struct pcie_overlap_row *rows;
	size_t nrows;
	struct pcie_env env;
};

void pcie_overlap_results_free(struct pcie_overlap_results *r);

/* Speed-up and hidden share of the shorter activity (copies vs kernel), percent. */
double pcie_overlap_speedup(const struct pcie_overlap_row *r);
double pcie_overlap_hidden_pct(const struct pcie_overlap_row *r);

/* What `gpuperf pcie` ran: transfers, or (overlap) copy/compute overlap. */
struct pcie_run {
	int overlap;
	struct pcie_plan plan;
	struct pcie_results res;
	struct pcie_overlap_plan oplan;
	struct pcie_overlap_results ores;
	struct trust_summary watch;  /* the device while it measured (cli/steps.c fills it) */
};
void pcie_run_free(void *pcie_run);

/*
 * The machine tables: every row carries the link and NUMA context.  The
 * human table is narrower: what varies per row, with the link, the
 * formula, verdicts and NUMA placement as notes under it.
 */
#define PCIE_TRANSFER_NCOLS 28
#define PCIE_OVERLAP_NCOLS 27
extern const struct report_col pcie_transfer_cols[PCIE_TRANSFER_NCOLS];
extern const struct report_col pcie_overlap_cols[PCIE_OVERLAP_NCOLS];
/* The transfers' (the command's default table), then --overlap's. */
extern const struct result_contract pcie_contract, pcie_overlap_contract;

/* all's headlines. */
#define PCIE_HEADLINES \
	{ "pcie_pinned_h2d_gbs", RESULT_HIGHER, RESULT_KIND_LINK, "cov_pct" }, \
	{ "pcie_pinned_d2h_gbs", RESULT_HIGHER, RESULT_KIND_LINK, "cov_pct" }, \
	{ "pcie_pinned_bidir_gbs", RESULT_HIGHER, RESULT_KIND_LINK, "cov_pct" }

#endif
