/*
 * What `gpuperf bandwidth` ran and measured: the request, a result per
 * kernel x width x size, the --tune findings; its machine table and the
 * contract of its rows.  Pure C: probes/bandwidth.c fills it,
 * tables/bandwidth.c reads it.
 */
#ifndef GP_RESULTS_BANDWIDTH_H
#define GP_RESULTS_BANDWIDTH_H

#include <stddef.h>
#include <stdint.h>
#include "results/bandwidth-config.h"
#include "results/contract.h"
#include "results/counters-mode.h"
#include "results/trust.h"
#include "util/stats.h"

struct bw_request {
	unsigned kernels;          /* bit (1 << enum bw_kernel) per kernel */
	const int *widths;         /* access widths, 4/8/16 */
	size_t nwidths;
	const uint64_t *sizes;     /* bytes per array, each a multiple of 16 */
	size_t nsizes;
	int reps, warmup;
	int cold;                  /* flush L2 before every sample, one pass per launch */
	int tune;                  /* search configurations first */
	struct bw_cfg fixed;       /* fields set on the command line (0 = free) */
	int shared_lines;          /* read sets of the L2 method: a second row, method L2 shared */
	enum counters_mode counters; /* read each row's level from the counters where possible */
};

struct bw_result {
	enum bw_kernel kernel;
	int width;                 /* bytes per access; 0 for memcpy */
	uint64_t size;             /* bytes per array */
	unsigned passes;           /* sweeps over the arrays per repetition */
	uint64_t bytes;            /* bytes moved per repetition (read + written) */
	struct bw_cfg cfg;         /* resolved; all 0 for memcpy */
	int grid;                  /* blocks; 0 for memcpy */
	int reps;
	struct stats ms;           /* time per repetition */
	enum bw_method method;     /* stream, or the L1, L2 and L2 shared window reads */
	uint64_t window_bytes;     /* windows: bytes each block re-reads per pass */
	double overlap;            /* windows: blocks reading each vector, on average */
	int counted;               /* traffic was read from counters */
	struct bw_traffic traffic; /* one more launch's counters (NaN where missing) */
};

/* What --tune found for one kernel and width. */
struct bw_tuning {
	enum bw_kernel kernel;
	int width;
	uint64_t size;             /* bytes per array it was tuned at */
	int nconfigs;
	struct bw_cfg def, best;   /* resolved (blocks_per_sm set) */
	double def_gbs, best_gbs;  /* median */
};

struct bw_outcome {
	struct bw_result *res;
	size_t nres;
	struct bw_tuning *tune;
	size_t ntune;
	uint64_t flush_bytes;      /* --cold: bytes written to flush L2 */
	double warmup_ms;          /* GPU time of the clock warm-up */
	uint64_t l1_bytes;         /* unified L1 per SM the methods were chosen by (0: unknown) */
	int counted;               /* the rows' traffic was read from counters */
};

/* Free what the probe filled in out. */
void bw_outcome_free(struct bw_outcome *out);

/* What `gpuperf bandwidth` ran: the request, owning its arrays, and the outcome. */
struct bw_run {
	struct bw_request req;
	struct bw_outcome out;
	int *widths;               /* req.widths */
	uint64_t *sizes;           /* req.sizes */
	struct trust_summary watch;  /* the device while it measured (cli/steps.c fills it) */
};
void bw_run_free(void *bw_run);

/* The machine table's columns, in order (the command row lists them for the docs test). */
#define BW_NCOLUMNS 32
extern const struct report_col bw_columns[BW_NCOLUMNS];
extern const struct result_contract bandwidth_contract;

/* all's headlines (tables/bandwidth.h's summarize hooks). */
#define BANDWIDTH_HEADLINES \
	{ "dram_copy_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "dram_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "dram_write_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "dram_triad_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "l1_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "l2_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	/* the L2 read as SMs sharing lines receive it (bandwidth --shared-lines) */ \
	{ "l2_shared_read_gbs", RESULT_HIGHER, RESULT_KIND_SHARED, "cov_pct" }

#endif
