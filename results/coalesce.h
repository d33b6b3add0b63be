/*
 * What `gpuperf coalesce` measured, or (--model) only predicts; its
 * machine table in each mode and the contract of its rows.  Pure C.
 */
#ifndef GP_RESULTS_COALESCE_H
#define GP_RESULTS_COALESCE_H

#include <stddef.h>
#include <stdint.h>
#include "results/coalesce-config.h"
#include "results/contract.h"
#include "results/trust.h"
#include "util/stats.h"

/* What one launch of a configuration does, worked out without a GPU. */
struct coal_plan {
	uint64_t accesses;      /* per op: warp lanes x instructions (elements of width) */
	uint64_t span_bytes;    /* bytes of each buffer the launch reaches */
	uint64_t pitch;         /* transpose: matrix side in elements */
	double bytes_requested; /* loads + stores the threads ask for */
};

struct coal_result {
	struct coal_config cfg; /* as run (pitch filled in for transposes) */
	struct coal_plan plan;
	struct stats ms;        /* per launch */
	double bandwidth_gbs;   /* bytes requested / median time, 10^9 B/s */
	/* Counters for one launch; NAN when missing. */
	double ld_sectors, ld_requests;
	double st_sectors, st_requests;
	double dram_read_bytes, dram_write_bytes;
};

/*
 * What `gpuperf coalesce` measured, or (model) only predicts: cfgs[0] is
 * the coalesced copy every bandwidth is compared with, not a row.
 */
struct coal_run {
	int model;                 /* predictions only: res is NULL */
	struct coal_config *cfgs;
	size_t n;
	struct coal_result *res;   /* res[i] for cfgs[i] */
	unsigned width;            /* bytes per access of every configuration */
	int reps, warmup;
	struct trust_summary watch;  /* the device while it measured (cli/steps.c fills it) */
};
void coal_run_free(void *coal_run);

#define COALESCE_NCOLUMNS 24
extern const struct report_col coalesce_columns[COALESCE_NCOLUMNS];
extern const struct result_contract coalesce_contract;

/* --model's table: the predictions alone, no device, so no identity. */
#define COALESCE_MODEL_NCOLUMNS 9
extern const struct report_col coalesce_model_columns[COALESCE_MODEL_NCOLUMNS];
extern const struct result_contract coalesce_model_contract;

/* all's headlines: the share of the aligned, unit-stride copy they keep. */
#define COALESCE_HEADLINES \
	{ "misaligned_copy_pct", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "stride2_copy_pct", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }, \
	{ "stride32_copy_pct", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }

#endif
