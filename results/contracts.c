/*
 * Every contract (results/contract.h) and the lookups `all`, `diff` and
 * `check` read them through.
 */
#include <string.h>
#include "results/all.h"
#include "results/bandwidth.h"
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
	&all_contract,
	&all_summary_contract,
	&all_devices_contract,
};
const size_t result_ncontracts = ARRAY_SIZE(result_contracts);

const struct result_contract *result_contract_of(const char *command)
{
	for (size_t i = 0; command && i < result_ncontracts; i++)
		if (!strcmp(result_contracts[i]->command, command))
			return result_contracts[i];
	return NULL;
}

const struct result_contract *result_contract_by_columns(const char *const *names, size_t n)
{
	for (size_t i = 0; i < result_ncontracts; i++) {
		const struct result_contract *c = result_contracts[i];
		size_t k = 0;

		if (c->ncols != n)
			continue;
		while (k < n && names[k] && !strcmp(c->cols[k].name, names[k]))
			k++;
		if (k == n)
			return c;
	}
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
 * worst); a row's own noise, where it has some, comes first.
 */
double result_default_noise_pct(enum result_kind kind)
{
	switch (kind) {
	case RESULT_KIND_BANDWIDTH:
	case RESULT_KIND_TIME:
		/*
		 * 2 %: five invocations on one H100 (bench/NOTES.md) moved pinned
		 * PCIe H2D by 0.3 %, D2H by 0.1 %, DRAM copy by under 1 % between
		 * lent machines; twice the worst of those.  The PCIe sum of both
		 * ways moves by 5 %: its rows carry their min and max.
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
		/* 0: a calculation or a reading gives the same figure every time. */
		return 0.0;
	}
	return 0.0;
}
