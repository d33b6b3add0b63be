/*
 * STAND-IN, to be replaced at merge by the real results/contracts.c of
 * the "contract" branch (issue #26), which holds every command's
 * contract in results/NAME.c.  This file only lets `gpuperf diff` be
 * built and tested end to end meanwhile: the contracts of the commands
 * its tests and its fixture run use (bandwidth, latency, profile,
 * coalesce, banks, all), derived from the real column arrays of
 * tables/NAME.c, and the lookups of results/contract.h.
 */
#include <string.h>
#include "results/contract.h"
#include "tables/all.h"
#include "tables/bandwidth.h"
#include "tables/banks.h"
#include "tables/coalesce.h"
#include "tables/latency.h"
#include "tables/profile.h"
#include "util/compat.h"

#define HI RESULT_HIGHER
#define LO RESULT_LOWER
#define CFG REPORT_COL_CONFIG

/*
 * The machine tables of the modes that need no GPU, whose column arrays
 * are static in tables/: copied here, name for name, until the real
 * contracts export them (coalesce --model, banks --model, occupancy).
 */
static const struct report_col coalesce_model_cols[] = {
	{ "pattern", "pattern", REPORT_STR, 0, CFG },
	{ "op", "op", REPORT_STR, 0, CFG },
	{ "offset", "offset", REPORT_INT, 0, CFG },
	{ "stride", "stride", REPORT_INT, 0, CFG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, CFG },
	{ "predicted_sectors_per_request", "sectors/req", REPORT_DBL, 1 },
	{ "predicted_sectors_per_request_st", "st sectors/req", REPORT_DBL, 1 },
	{ "ideal_sectors_per_request", "ideal", REPORT_INT, 0 },
	{ "efficiency_pct", "efficiency (%)", REPORT_DBL, 1 },
};

static const struct report_col banks_model_cols[] = {
	{ "pattern", "pattern", REPORT_STR, 0, CFG },
	{ "op", "op", REPORT_STR, 0, CFG },
	{ "stride", "stride", REPORT_INT, 0, CFG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, CFG },
	{ "predicted_ways", "ways", REPORT_INT, 0 },
	{ "predicted_wavefronts_per_request", "wavefronts/req", REPORT_DBL, 1 },
	{ "ideal_wavefronts_per_request", "ideal", REPORT_INT, 0 },
	{ "predicted_conflicts_per_request", "conflicts/req", REPORT_DBL, 1 },
};

#define OCC_RESULT_COLS \
	{ "carveout_pct", "carveout (%)", REPORT_INT, 0, CFG }, \
	{ "barriers_per_block", "barriers/block", REPORT_INT, 0, CFG }, \
	{ "regs_per_block_alloc", "regs/block alloc", REPORT_INT, 0 }, \
	{ "smem_per_block_alloc_bytes", "smem/block alloc (B)", REPORT_INT, 0 }, \
	{ "smem_per_sm_config_bytes", "smem/SM config (B)", REPORT_INT, 0 }, \
	{ "active_blocks_per_sm", "blocks/SM", REPORT_INT, 0 }, \
	{ "active_warps_per_sm", "warps/SM", REPORT_INT, 0 }, \
	{ "active_threads_per_sm", "threads/SM", REPORT_INT, 0 }, \
	{ "max_warps_per_sm", "max warps/SM", REPORT_INT, 0 }, \
	{ "occupancy_pct", "occupancy (%)", REPORT_DBL, 1 }, \
	{ "limiter", "limited by", REPORT_STR, 0 }, \
	{ "blocks_limit_warps", "limit: warps", REPORT_INT, 0 }, \
	{ "blocks_limit_blocks", "limit: blocks", REPORT_INT, 0 }, \
	{ "blocks_limit_regs", "limit: regs", REPORT_INT, 0 }, \
	{ "blocks_limit_smem", "limit: smem", REPORT_INT, 0 }, \
	{ "blocks_limit_barriers", "limit: barriers", REPORT_INT, 0 }
#define OCC_CONFIG_COLS \
	TAB_IDENTITY_COLS, \
	{ "arch", "arch", REPORT_STR, 0, CFG }, \
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG }, \
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0, CFG }, \
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0, CFG }, \
	OCC_RESULT_COLS

static const struct report_col occ_config_cols[] = { OCC_CONFIG_COLS };
static const struct report_col occ_sweep_cols[] = {
	OCC_CONFIG_COLS,
	{ "current", "current", REPORT_INT, 0 },
};

static const struct result_figure bw_figures[] = {
	{ "bandwidth_gbs", HI, RESULT_KIND_BANDWIDTH, "cov_pct", "best_gbs", "min_gbs" },
	{ "dram_bytes_per_byte", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
};

static const struct result_figure lat_figures[] = {
	{ "cycles", LO, RESULT_KIND_LATENCY, NULL, NULL, NULL },
	{ "ns", LO, RESULT_KIND_LATENCY, NULL, "ns_min", "ns_max" },
};

static const struct result_figure profile_figures[] = {
	{ "gpu_time_ms", LO, RESULT_KIND_TIME, NULL, NULL, NULL },
	{ "time_per_launch_us", LO, RESULT_KIND_TIME, NULL, NULL, NULL },
	{ "load_sectors_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "load_efficiency_pct", HI, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "store_sectors_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "store_efficiency_pct", HI, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "shared_load_wavefronts_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "shared_store_wavefronts_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "achieved_occupancy_pct", HI, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "dram_bandwidth_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
};

static const struct result_figure coalesce_figures[] = {
	{ "predicted_sectors_per_request", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "measured_sectors_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "predicted_sectors_per_request_st", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "measured_sectors_per_request_st", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "efficiency_pct", HI, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "bandwidth_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
};

static const struct result_figure banks_figures[] = {
	{ "predicted_wavefronts_per_request", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "measured_wavefronts_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "measured_conflicts_per_request", LO, RESULT_KIND_COUNTER, NULL, NULL, NULL },
	{ "time_per_access_ns", LO, RESULT_KIND_TIME, NULL, NULL, NULL },
	{ "bandwidth_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
};

static const struct result_figure coalesce_model_figures[] = {
	{ "predicted_sectors_per_request", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "predicted_sectors_per_request_st", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "efficiency_pct", HI, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
};

static const struct result_figure banks_model_figures[] = {
	{ "predicted_ways", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "predicted_wavefronts_per_request", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "predicted_conflicts_per_request", LO, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
};

static const struct result_figure occ_figures[] = {
	{ "active_warps_per_sm", HI, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
	{ "occupancy_pct", HI, RESULT_KIND_CALCULATED, NULL, NULL, NULL },
};

/* all's summary: one figure per row, named in its metric column. */
static const struct result_figure all_figures[] = {
	{ "dram_copy_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "dram_read_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "dram_write_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "l1_read_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "l2_read_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "misaligned_copy_pct", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "stride2_copy_pct", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "stride32_copy_pct", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "pcie_pinned_h2d_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "pcie_pinned_d2h_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "pcie_pinned_bidir_gbs", HI, RESULT_KIND_BANDWIDTH, NULL, NULL, NULL },
	{ "latency_l1_cycles", LO, RESULT_KIND_LATENCY, NULL, NULL, NULL },
	{ "latency_l2_cycles", LO, RESULT_KIND_LATENCY, NULL, NULL, NULL },
	{ "latency_dram_cycles", LO, RESULT_KIND_LATENCY, NULL, NULL, NULL },
};

static const struct result_contract bandwidth_contract = {
	"bandwidth", bw_columns, BW_NCOLUMNS, bw_figures, ARRAY_SIZE(bw_figures), NULL, NULL,
};
static const struct result_contract latency_contract = {
	"latency", lat_columns, LAT_NCOLUMNS, lat_figures, ARRAY_SIZE(lat_figures), NULL, NULL,
};
static const struct result_contract profile_contract = {
	"profile", profile_columns, PROFILE_NCOLUMNS, profile_figures, ARRAY_SIZE(profile_figures),
	NULL, NULL,
};
static const struct result_contract coalesce_contract = {
	"coalesce", coalesce_columns, COALESCE_NCOLUMNS, coalesce_figures,
	ARRAY_SIZE(coalesce_figures), NULL, NULL,
};
static const struct result_contract banks_contract = {
	"banks", banks_columns, BANKS_NCOLUMNS, banks_figures, ARRAY_SIZE(banks_figures), NULL, NULL,
};
static const struct result_contract all_contract = {
	"all", all_summary_columns, ALL_SUMMARY_NCOLUMNS, all_figures, ARRAY_SIZE(all_figures),
	"metric", "value",
};
static const struct result_contract coalesce_model_contract = {
	"coalesce", coalesce_model_cols, ARRAY_SIZE(coalesce_model_cols), coalesce_model_figures,
	ARRAY_SIZE(coalesce_model_figures), NULL, NULL,
};
static const struct result_contract banks_model_contract = {
	"banks", banks_model_cols, ARRAY_SIZE(banks_model_cols), banks_model_figures,
	ARRAY_SIZE(banks_model_figures), NULL, NULL,
};
static const struct result_contract occ_config_contract = {
	"occupancy", occ_config_cols, ARRAY_SIZE(occ_config_cols), occ_figures,
	ARRAY_SIZE(occ_figures), NULL, NULL,
};
static const struct result_contract occ_sweep_contract = {
	"occupancy", occ_sweep_cols, ARRAY_SIZE(occ_sweep_cols), occ_figures,
	ARRAY_SIZE(occ_figures), NULL, NULL,
};
/* all's long CSV: its metrics are the columns of the command its probe column names. */
static const struct result_contract all_long_contract = {
	"all", all_long_columns, ALL_LONG_NCOLUMNS, NULL, 0, "metric", "value",
};

const struct result_contract *const result_contracts[] = {
	&bandwidth_contract, &coalesce_contract, &coalesce_model_contract, &banks_contract,
	&banks_model_contract, &latency_contract, &occ_config_contract, &occ_sweep_contract,
	&profile_contract, &all_contract, &all_long_contract,
};
const size_t result_ncontracts = ARRAY_SIZE(result_contracts);

const struct result_contract *result_contract_of(const char *command)
{
	for (size_t i = 0; i < result_ncontracts; i++)
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
		while (k < n && !strcmp(c->cols[k].name, names[k]))
			k++;
		if (k == n)
			return c;
	}
	return NULL;
}

const struct result_figure *result_figure_of(const struct result_contract *c, const char *name)
{
	for (size_t i = 0; c && i < c->nfigures; i++)
		if (!strcmp(c->figures[i].column, name))
			return &c->figures[i];
	return NULL;
}

double result_default_noise_pct(enum result_kind kind)
{
	switch (kind) {
	case RESULT_KIND_BANDWIDTH: return 1.0;
	case RESULT_KIND_TIME: return 2.0;
	case RESULT_KIND_LATENCY: return 1.0;
	case RESULT_KIND_COUNTER: return 0.5;
	case RESULT_KIND_CALCULATED: return 0.0;
	}
	return 0.0;
}
