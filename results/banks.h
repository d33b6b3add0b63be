/*
 * What `gpuperf banks` measured, or (--model) only predicts; its machine
 * table in each mode and the contract of its rows.  Pure C.
 */
#ifndef GP_RESULTS_BANKS_H
#define GP_RESULTS_BANKS_H

#include <stddef.h>
#include "results/banks-config.h"
#include "results/contract.h"
#include "results/trust.h"
#include "util/stats.h"

struct bank_result {
	struct bank_config cfg;
	double expected_instructions;   /* warp-level accesses the loop issues */
	struct stats ms;                /* per launch */
	double time_per_access_ns;      /* median time / (accesses per SM) */
	double bandwidth_gbs;           /* bytes the lanes asked for / median time */
	double bytes_per_clock_per_sm;  /* NAN when no clock is known */
	int clock_from_counter;         /* 1: the SM clock the counters saw; 0: peak clock */
	/* Counters for one launch (the primary op); NAN when missing. */
	double instructions, wavefronts, conflicts, sm_clock_hz;
};

/*
 * What `gpuperf banks` measured, or (model) only predicts: cfgs[0] is the
 * conflict-free baseline (stride 1) every slowdown uses, not a row.
 */
struct bank_run {
	int model;                 /* predictions only: res is NULL */
	struct bank_config *cfgs;
	size_t n;
	struct bank_result *res;   /* res[i] for cfgs[i] */
	int reps, warmup;
	struct trust_summary watch;  /* the device while it measured (cli/steps.c fills it) */
};
void bank_run_free(void *bank_run);

#define BANKS_NCOLUMNS 23
extern const struct report_col banks_columns[BANKS_NCOLUMNS];
extern const struct result_contract banks_contract;

/* --model's table: the predictions alone, no device, so no identity. */
#define BANKS_MODEL_NCOLUMNS 8
extern const struct report_col banks_model_columns[BANKS_MODEL_NCOLUMNS];
extern const struct result_contract banks_model_contract;

/* all's headlines: time per access against the conflict-free stride, and the bandwidth. */
#define BANKS_HEADLINES \
	{ "bank_conflict_2way_slowdown", RESULT_LOWER, RESULT_KIND_TIME, "cov_pct" }, \
	{ "bank_conflict_32way_slowdown", RESULT_LOWER, RESULT_KIND_TIME, "cov_pct" }, \
	{ "shared_bytes_per_clock_per_sm", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" }

#endif
