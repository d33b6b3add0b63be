/*
 * Every contract (results/contract.h) and the lookups `all`, `diff` and
 * `check` read them through.
 */
#include <string.h>
#include "results/all.h"
#include "results/bandwidth.h"
#include "results/check.h"
#include "results/banks.h"
#include "results/coalesce.h"
#include "results/contract.h"
#include "results/info.h"
#include "results/latency.h"
#include "results/occupancy.h"
#include "results/p2p.h"
#include "results/pcie.h"
#include "results/profile.h"
#include "results/roofline.h"
#include "util/compat.h"

const struct result_contract *const result_contracts[] = {
	&info_contract,
	&bandwidth_contract,
	&coalesce_contract,
	&coalesce_model_contract,
	&banks_contract,
	&banks_model_contract,
	&latency_contract,
	&occupancy_contract,
	&occupancy_sweep_contract,
	&occupancy_kernel_contract,
	&occupancy_check_contract,
	&pcie_contract,
	&pcie_overlap_contract,
	&p2p_contract,
	&roofline_contract,
	&profile_contract,
	&profile_range_contract,
	&profile_instr_contract,
	&all_contract,
	&all_summary_contract,
	&all_devices_contract,
	&check_contract,
	&check_gpus_contract,
};
const size_t result_ncontracts = ARRAY_SIZE(result_contracts);

const struct result_contract *result_contract_of(const char *command)
{
	for (size_t i = 0; command && i < result_ncontracts; i++)
		if (!strcmp(result_contracts[i]->command, command))
			return result_contracts[i];
	return NULL;
}

int result_noise_column(const struct result_contract *c, const char *name)
{
	for (size_t i = 0; i < c->nfigures; i++) {
		const struct result_figure *f = &c->figures[i];
		if ((f->cov_column && !strcmp(f->cov_column, name)) ||
		    (f->best_column && !strcmp(f->best_column, name)) ||
		    (f->worst_column && !strcmp(f->worst_column, name)))
			return 1;
	}
	return 0;
}

/* names[0..n) are c's columns in order, with noise columns left out where lacking is 1. */
static int has_columns(const struct result_contract *c, const char *const *names, size_t n,
		       int lacking)
{
	size_t k = 0;

	for (size_t i = 0; i < c->ncols; i++) {
		if (k < n && names[k] && !strcmp(c->cols[i].name, names[k]))
			k++;
		else if (!lacking || !result_noise_column(c, c->cols[i].name))
			return 0;
	}
	return k == n;
}

const struct result_contract *result_contract_by_columns(const char *const *names, size_t n)
{
	const struct result_shape *earlier;

	for (int lacking = 0; lacking < 2; lacking++)
		for (size_t i = 0; n && i < result_ncontracts; i++)
			if (has_columns(result_contracts[i], names, n, lacking))
				return result_contracts[i];
	earlier = result_shape_of(names, n);
	return earlier ? earlier->contract : NULL;
}

const struct result_figure *result_headline_of(const char *command, const char *name)
{
	const struct result_contract *c = result_contract_of(command);

	for (size_t i = 0; c && name && i < c->nheadlines; i++)
		if (!strcmp(c->headlines[i].column, name))
			return &c->headlines[i];
	return NULL;
}

const struct result_figure *result_figure_of(const struct result_contract *c, const char *name)
{
	for (size_t i = 0; c && name && i < c->nfigures; i++)
		if (!strcmp(c->figures[i].column, name))
			return &c->figures[i];
	return NULL;
}

/*
 * What a difference must exceed, in percent of the figure, to be more
 * than noise when the row carries none of its own (no CoV, no best and
 * worst); a row's own noise, where it has some, comes first, above the
 * kind's floor (result_floor_noise_pct).
 */
double result_default_noise_pct(enum result_kind kind)
{
	switch (kind) {
	case RESULT_KIND_BANDWIDTH:
	case RESULT_KIND_TIME:
		/*
		 * 2 %: cudaMemcpy D2D moved by under 1 % between lent H100s (3002
		 * on one, 3018-3022 GB/s on another, bench/NOTES.md), two idle runs
		 * of all DRAM, L1 and L2-slice reads by 1.7 % at most
		 * (tests/fixtures/diff/h100); twice the former.  The PCIe link's
		 * figures move more: RESULT_KIND_LINK.
		 */
		return 2.0;
	case RESULT_KIND_LATENCY:
		/*
		 * 1 %: a dependent chase has one load in flight, nothing to
		 * contend for; gpuperf's L1 and L2 latencies sat within 0.2 % of
		 * gpu-benches' in the same run and across runs (README).
		 */
		return 1.0;
	case RESULT_KIND_CLOCK:
		/* 1 %: the SM clock under load read 1979.6-1980 MHz across runs on the H100. */
		return 1.0;
	case RESULT_KIND_COUNTER:
		/*
		 * 0.5 %: counters are totals over whole launches, exact up to the
		 * launches' edges; the tolerance within which the banks and
		 * coalesce tables call a count equal to the model's.
		 */
		return 0.5;
	case RESULT_KIND_CALCULATED:
	case RESULT_NKINDS:   /* not a kind */
		/* 0: a calculation or a reading gives the same figure every time. */
		return 0.0;
	case RESULT_KIND_LINK:
		/*
		 * 6 %: the link's other traffic moves its figures from one
		 * invocation to the next.  On the H100 (bench/NOTES.md)
		 * five invocations of pcie --memory pinned moved the both-ways
		 * sum by 5.6 % and ten rounds by 4.4 %; two idle runs of all
		 * (tests/fixtures/diff/h100) moved pinned H2D by 2.5 %, two of
		 * latency the host-mapped chase by 3.3 %.  The most seen, rounded up.
		 */
		return 6.0;
	case RESULT_KIND_SHARED:
		/*
		 * 8 %: how the crossbar hands a line to the SMs that share it
		 * changes from one invocation to the next, not within one.  Two
		 * idle runs of all on the H100 (tests/fixtures/diff/h100) read
		 * the 2 MiB l2-shared set at 20921 and 20119 GB/s (3.8 %), each
		 * with a CoV of 0.1-0.15 %; the same windows gave 20.7-21.4 TB/s
		 * in earlier sessions (3.4 %, bench/NOTES.md).  On an H200
		 * (2026-11-28) three invocations read 21360, 21637 and 22812
		 * GB/s (6.8 %), two of them in a row 5.4 % apart.  Rounded up.
		 */
		return 8.0;
	case RESULT_KIND_LINK_BOTH_WAYS:
		/*
		 * 14 %: copies both ways at once share the link unevenly, and
		 * differently from one invocation to the next.  Over 10
		 * alternating rounds on an H200 (bench/peers.sh, 2026-11-28) the
		 * host-to-device part moved by 13.7 % (nvbandwidth's own by
		 * 13.1 %), and two idle runs of all gave its time 6.3 % apart.
		 */
		return 14.0;
	case RESULT_KIND_HOST_CALL:
		/*
		 * 20 %: a synchronous cudaMemcpy of 8 bytes is mostly the
		 * driver's path on the CPU that runs it.  On a lent H200 VM
		 * (2026-11-28) its median was 7118 ns from CPU 0 and 5966-6283
		 * ns from CPUs 5, 10, 15 or wherever the scheduler put it (19 %;
		 * CPU 0 likely takes the VM's interrupts, not proven); two idle
		 * runs of latency read 6273 and 7221 ns (15.1 %).  Rounded up.
		 */
		return 20.0;
	}
	return 0.0;
}

const char *result_kind_name(enum result_kind kind)
{
	static const char *const names[] = {
		[RESULT_KIND_BANDWIDTH] = "bandwidth",
		[RESULT_KIND_TIME] = "time",
		[RESULT_KIND_LATENCY] = "latency",
		[RESULT_KIND_COUNTER] = "counter ratios",
		[RESULT_KIND_CALCULATED] = "calculations",
		[RESULT_KIND_CLOCK] = "clock",
		[RESULT_KIND_LINK] = "over the PCIe link",
		[RESULT_KIND_SHARED] = "L2 lines shared between SMs",
		[RESULT_KIND_LINK_BOTH_WAYS] = "both ways over the link at once",
		[RESULT_KIND_HOST_CALL] = "a CUDA call timed on the host",
	};
	_Static_assert(ARRAY_SIZE(names) == RESULT_NKINDS, "every kind has its name");

	return (unsigned)kind < RESULT_NKINDS && names[kind] ? names[kind] : "?";
}

double result_floor_noise_pct(enum result_kind kind)
{
	return kind == RESULT_KIND_LINK || kind == RESULT_KIND_SHARED ||
	       kind == RESULT_KIND_LINK_BOTH_WAYS || kind == RESULT_KIND_HOST_CALL ?
	       result_default_noise_pct(kind) : 0.0;
}

double result_floor_abs(enum result_kind kind, const char *column)
{
	static const struct { const char *suffix; double per_us; } units[] = {
		{ "_ms", 1e-3 }, { "_us", 1 }, { "_ns", 1e3 },
	};
	size_t len = column ? strlen(column) : 0;

	/*
	 * Times: 0.5 us, what a CUDA event resolves ("a resolution of around
	 * 0.5 microseconds", the CUDA Runtime API on cudaEventElapsedTime);
	 * every timed repetition starts and ends on one.
	 */
	for (size_t i = 0; kind == RESULT_KIND_TIME && i < ARRAY_SIZE(units); i++)
		if (len > 3 && !strcmp(column + len - 3, units[i].suffix))
			return 0.5 * units[i].per_us;
	return 0;
}

/* key holds the word "column=value" (words are separated by spaces). */
static int key_has(const char *key, const char *column, const char *value)
{
	size_t lc = strlen(column), lv = strlen(value);

	for (const char *p = key; p && *p; p = strchr(p, ' '), p = p ? p + 1 : NULL)
		if (!strncmp(p, column, lc) && p[lc] == '=' && !strncmp(p + lc + 1, value, lv) &&
		    (p[lc + 1 + lv] == ' ' || !p[lc + 1 + lv]))
			return 1;
	return 0;
}

enum result_kind result_kind_in_row(const struct result_contract *c, const struct result_figure *f,
				    const char *key)
{
	for (size_t i = 0; c && key && i < c->nrow_kinds; i++)
		if (key_has(key, c->row_kinds[i].column, c->row_kinds[i].value))
			return c->row_kinds[i].kind;
	return f->kind;
}
