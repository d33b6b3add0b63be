/*
 * The bank-conflict probe: a throughput kernel issuing BANK_UNROLL
 * independent shared-memory accesses per loop iteration from every warp,
 * with the lanes' addresses from the model's table, timed, verified and
 * checked with the shared-memory counters.  Never prints results.
 */
#ifndef GP_PROBES_BANKS_H
#define GP_PROBES_BANKS_H

#include <stddef.h>
#include "counters/counters.h"
#include "gpu/device.h"
#include "model/banks.h"
#include "model/trust.h"
#include "util/stats.h"

#define BANK_BLOCK 256          /* threads per block */

struct bank_opts {
	int warmup, reps;
	int iters;              /* loop iterations per warp (each BANK_UNROLL accesses) */
	enum counters_mode counters;
	void (*progress)(size_t done, size_t total, void *arg);
	void *progress_arg;
};

struct bank_result {
	struct bank_config cfg;
	double expected_instructions;   /* warp-level accesses the loop issues */
	struct stats ms;                /* per launch */
	double time_per_access_ns;      /* median time / (accesses per SM) */
	double bandwidth_gbs;           /* bytes the lanes asked for / median time */
	double bytes_per_clock_per_sm;  /* NAN when no clock is known */
	int clock_from_counter;         /* 1: elapsed-cycles counter; 0: peak clock */
	/* Counters for one launch (the primary op); NAN when missing. */
	double instructions, wavefronts, conflicts, cycles;
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

/* Run cfgs[0..n) on dev (already opened).  0 or a GP_EXIT_* status. */
int bank_probe(const struct gp_device *dev, const struct bank_opts *o,
	       const struct bank_config *cfgs, size_t n, struct bank_result *res);

#endif
