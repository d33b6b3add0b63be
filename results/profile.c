/* gpuperf profile's results: freeing them, its machine table and contract. */
#include <stdlib.h>
#include "results/profile.h"
#include "util/compat.h"

void profile_run_free(void *profile_run)
{
	struct profile_run *run = profile_run;

	prof_analysis_free(&run->a);
	free(run->command);
	run->command = NULL;
}

const struct report_col profile_columns[PROFILE_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "kernel_mangled", "symbol", REPORT_STR, 0 },
	{ "launches", "launches", REPORT_INT, 0 },
	{ "launches_profiled", "profiled", REPORT_INT, 0 },
	{ "launches_graph", "in graphs", REPORT_INT, 0 },
	{ "grid", "grid", REPORT_STR, 0 },
	{ "block", "block", REPORT_STR, 0 },
	{ "registers_per_thread", "regs", REPORT_INT, 0 },
	{ "static_smem_bytes", "static smem (B)", REPORT_INT, 0 },
	{ "dynamic_smem_bytes", "dynamic smem (B)", REPORT_INT, 0 },
	{ "local_bytes_per_thread", "local (B)", REPORT_INT, 0 },
	{ "gpu_time_ms", "GPU time (ms)", REPORT_DBL, 3 },
	{ "time_per_launch_us", "per launch (us)", REPORT_DBL, 2 },
	{ "time_pct", "of GPU time (%)", REPORT_DBL, 1 },
	{ "load_sectors_per_request", "ld sect/req", REPORT_DBL, 2 },
	{ "load_ideal_sectors_per_request", "ld ideal", REPORT_DBL, 2 },
	{ "load_efficiency_pct", "ld efficiency (%)", REPORT_DBL, 1 },
	{ "load_fetched_bytes", "ld fetched (B)", REPORT_DBL, 0 },
	{ "load_requested_bytes", "ld requested (B)", REPORT_DBL, 0 },
	{ "store_sectors_per_request", "st sect/req", REPORT_DBL, 2 },
	{ "store_ideal_sectors_per_request", "st ideal", REPORT_DBL, 2 },
	{ "store_efficiency_pct", "st efficiency (%)", REPORT_DBL, 1 },
	{ "store_fetched_bytes", "st fetched (B)", REPORT_DBL, 0 },
	{ "store_requested_bytes", "st requested (B)", REPORT_DBL, 0 },
	{ "shared_load_wavefronts_per_request", "smem ld wf/req", REPORT_DBL, 2 },
	{ "shared_load_conflicts_per_request", "smem ld conflicts/req", REPORT_DBL, 2 },
	{ "shared_load_ways", "smem ld ways", REPORT_DBL, 1 },
	{ "shared_store_wavefronts_per_request", "smem st wf/req", REPORT_DBL, 2 },
	{ "shared_store_conflicts_per_request", "smem st conflicts/req", REPORT_DBL, 2 },
	{ "shared_store_ways", "smem st ways", REPORT_DBL, 1 },
	{ "achieved_occupancy_pct", "achieved occupancy (%)", REPORT_DBL, 1 },
	{ "theoretical_occupancy_pct", "theoretical occupancy (%)", REPORT_DBL, 1 },
	{ "blocks_per_sm", "blocks/SM", REPORT_INT, 0 },
	{ "occupancy_limiter", "limited by", REPORT_STR, 0 },
	{ "occupancy_next_step", "next step", REPORT_STR, 0 },
	{ "dram_read_bytes", "DRAM read (B)", REPORT_DBL, 0 },
	{ "dram_write_bytes", "DRAM written (B)", REPORT_DBL, 0 },
	{ "dram_bandwidth_gbs", "DRAM (GB/s)", REPORT_DBL, 1 },
	{ "dram_peak_pct", "of DRAM peak (%)", REPORT_DBL, 1 },
	{ "l1_hit_rate_pct", "L1 hits (%)", REPORT_DBL, 1 },
	{ "l2_hit_rate_pct", "L2 hits (%)", REPORT_DBL, 1 },
	{ "verdict", "verdict", REPORT_STR, 0 },
	{ "verdict_text", "verdict", REPORT_STR, 0 },
	{ "verdict_command", "see", REPORT_STR, 0 },
};

/*
 * A row per kernel: its GPU time, the counters' verdicts on its accesses
 * (sectors and wavefronts per request: fewer is better; efficiency, hit
 * rates and achieved occupancy: higher) and the DRAM traffic it made.
 */
static const struct result_figure figures[] = {
	{ "gpu_time_ms", RESULT_LOWER, RESULT_KIND_TIME },
	{ "time_per_launch_us", RESULT_LOWER, RESULT_KIND_TIME },
	{ "load_sectors_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "load_efficiency_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "load_fetched_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "store_sectors_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "store_efficiency_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "store_fetched_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_load_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_load_conflicts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_load_ways", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_store_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_store_conflicts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_store_ways", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "achieved_occupancy_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "theoretical_occupancy_pct", RESULT_HIGHER, RESULT_KIND_CALCULATED },
	{ "dram_read_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "dram_write_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "dram_bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "dram_peak_pct", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "l1_hit_rate_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "l2_hit_rate_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
};

const struct result_contract profile_contract = {
	.command = "profile",
	.cols = profile_columns,
	.ncols = PROFILE_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
};
