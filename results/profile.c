/* gpuperf profile's results: freeing them, its machine table and contract. */
#include <stdlib.h>
#include "results/profile.h"
#include "util/compat.h"

void profile_run_free(void *profile_run)
{
	struct profile_run *run = profile_run;

	prof_analysis_free(&run->a);
	prof_ranges_free(&run->ranges);
	prof_instrs_free(&run->instrs);
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
	/* the roofline (issue 27) */
	{ "bound", "bound", REPORT_STR, 0 },
	{ "bound_by", "nearest ceiling", REPORT_STR, 0 },
	{ "roof_pct", "of the ceiling (%)", REPORT_DBL, 1 },
	{ "roof_source", "ceiling from", REPORT_STR, 0 },
	{ "time_at_stake_ms", "at stake (ms)", REPORT_DBL, 3 },
	{ "fp64_flop", "FP64 FLOP", REPORT_DBL, 0 },
	{ "fp32_flop", "FP32 FLOP", REPORT_DBL, 0 },
	{ "fp16_flop", "FP16 FLOP", REPORT_DBL, 0 },
	{ "gflops", "GFLOP/s", REPORT_DBL, 1 },
	{ "fma_pipe_pct", "FMA pipe (%)", REPORT_DBL, 1 },
	{ "tensor_pipe_pct", "tensor pipe (%)", REPORT_DBL, 1 },
	{ "l2_bytes", "L2 (B)", REPORT_DBL, 0 },
	{ "l1_bytes", "L1TEX (B)", REPORT_DBL, 0 },
	{ "shared_bytes", "shared (B)", REPORT_DBL, 0 },
	{ "l2_bandwidth_gbs", "L2 (GB/s)", REPORT_DBL, 1 },
	{ "l1_bandwidth_gbs", "L1/shared (GB/s)", REPORT_DBL, 1 },
	{ "intensity_dram_flop_per_byte", "FLOP/DRAM byte", REPORT_DBL, 3 },
	{ "intensity_l2_flop_per_byte", "FLOP/L2 byte", REPORT_DBL, 3 },
	{ "dram_roof_gbs", "DRAM roof (GB/s)", REPORT_DBL, 0 },
	{ "l2_roof_gbs", "L2 roof (GB/s)", REPORT_DBL, 0 },
	{ "l1_roof_gbs", "L1/shared roof (GB/s)", REPORT_DBL, 0 },
	{ "fp64_roof_gflops", "FP64 roof (GFLOP/s)", REPORT_DBL, 0 },
	{ "fp32_roof_gflops", "FP32 roof (GFLOP/s)", REPORT_DBL, 0 },
	{ "fp16_roof_gflops", "FP16 roof (GFLOP/s)", REPORT_DBL, 0 },
	{ "cp_async_sectors_per_request", "cp.async sect/req", REPORT_DBL, 2 },
	{ "cp_async_ideal_sectors_per_request", "cp.async ideal", REPORT_DBL, 2 },
	{ "cp_async_efficiency_pct", "cp.async efficiency (%)", REPORT_DBL, 1 },
	{ "cp_async_fetched_bytes", "cp.async fetched (B)", REPORT_DBL, 0 },
	{ "cp_async_requested_bytes", "cp.async requested (B)", REPORT_DBL, 0 },
	{ "tma_loads", "TMA loads", REPORT_DBL, 0 },
	/* each kind of access apart, the FP64 pipe, what the counters say of themselves (issue 37) */
	{ "fp64_pipe_pct", "FP64 pipe (%)", REPORT_DBL, 1 },
	{ "atomic_sectors_per_request", "atomic sect/req", REPORT_DBL, 2 },
	{ "atomic_ideal_sectors_per_request", "atomic ideal", REPORT_DBL, 2 },
	{ "atomic_efficiency_pct", "atomic efficiency (%)", REPORT_DBL, 1 },
	{ "shared_load_ideal_wavefronts_per_request", "smem ld ideal wf/req", REPORT_DBL, 2 },
	{ "shared_store_ideal_wavefronts_per_request", "smem st ideal wf/req", REPORT_DBL, 2 },
	{ "ldsm_wavefronts_per_request", "ldmatrix wf/req", REPORT_DBL, 2 },
	{ "cp_async_shared_wavefronts_per_request", "cp.async smem wf/req", REPORT_DBL, 2 },
	{ "shared_atomic_wavefronts_per_request", "smem atomic wf/req", REPORT_DBL, 2 },
	{ "shared_atomic_ways", "smem atomic ways", REPORT_DBL, 1 },
	{ "global_excess_pct", "global excess (%)", REPORT_DBL, 1 },
	{ "shared_excess_pct", "shared excess (%)", REPORT_DBL, 1 },
	{ "counters_disagree", "counters disagree", REPORT_STR, 0 },
	{ "verdict", "verdict", REPORT_STR, 0 },
	{ "verdict_text", "verdict", REPORT_STR, 0 },
	{ "verdict_command", "see", REPORT_STR, 0 },
	/* how its counters were read (--set): another set reads some of them otherwise */
	{ "counter_set", "counter set", REPORT_STR, 0 },
	/* what the warps waited on, where PC sampling ran (--stalls; issue 38) */
	{ "stall_samples", "stall samples", REPORT_INT, 0 },
	{ "stall_launch", "sampled launch", REPORT_INT, 0 },
	{ "stall_top", "top stall", REPORT_STR, 0 },
	{ "stall_top_pct", "top stall (%)", REPORT_DBL, 1 },
	{ "stall_at", "stall at", REPORT_STR, 0 },
	{ "stalls", "warp states", REPORT_STR, 0 },
	/* where a memory or bank verdict sits: the patched launch's counts (issue 38) */
	{ "where_launch", "patched launch", REPORT_INT, 0 },
	{ "where_at", "excess at", REPORT_STR, 0 },
	{ "where_line_pct", "line's excess (%)", REPORT_DBL, 1 },
	{ "where_instructions", "line's instructions", REPORT_INT, 0 },
	{ "where_offset", "worst instruction", REPORT_STR, 0 },
	{ "where_op", "its operation", REPORT_STR, 0 },
	{ "where_op_bytes", "its bytes a thread", REPORT_INT, 0 },
	{ "where_sass", "its SASS", REPORT_STR, 0 },
	{ "where_offset_pct", "its excess (%)", REPORT_DBL, 1 },
};

/*
 * A row per kernel: its GPU time, the counters' verdicts on its accesses
 * (sectors and wavefronts per request: fewer is better; efficiency, hit
 * rates and achieved occupancy: higher), the traffic it made at each
 * level and its place on the roofline.  Not figures: what describes the
 * program rather than how well it ran (launches, grid, registers, the
 * ideal sectors and requested bytes, TMA loads issued) and the words
 * (bound, bound_by, roof_source, the verdict).
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
	/* the roofline: how near its ceiling, the time a fix could gain */
	{ "roof_pct", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "time_at_stake_ms", RESULT_LOWER, RESULT_KIND_TIME },
	/* the work done, exact from SASS: fewer FLOPs for the same result is better */
	{ "fp64_flop", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "fp32_flop", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "fp16_flop", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "gflops", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "fma_pipe_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "tensor_pipe_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "l2_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "l1_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "l2_bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "l1_bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	/* FLOP per byte moved: more reuse of each byte is better */
	{ "intensity_dram_flop_per_byte", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "intensity_l2_flop_per_byte", RESULT_HIGHER, RESULT_KIND_COUNTER },
	/* the ceilings judged against: the chip's peaks at the clocks the kernel ran at */
	{ "dram_roof_gbs", RESULT_HIGHER, RESULT_KIND_CLOCK },
	{ "l2_roof_gbs", RESULT_HIGHER, RESULT_KIND_CLOCK },
	{ "l1_roof_gbs", RESULT_HIGHER, RESULT_KIND_CLOCK },
	{ "fp64_roof_gflops", RESULT_HIGHER, RESULT_KIND_CLOCK },
	{ "fp32_roof_gflops", RESULT_HIGHER, RESULT_KIND_CLOCK },
	{ "fp16_roof_gflops", RESULT_HIGHER, RESULT_KIND_CLOCK },
	/* cp.async's global reads, judged as loads are */
	{ "cp_async_sectors_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "cp_async_efficiency_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "cp_async_fetched_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "fp64_pipe_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "atomic_sectors_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "atomic_efficiency_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "ldsm_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "cp_async_shared_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_atomic_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	/* the waste Nsight Compute's source counters call excessive */
	{ "global_excess_pct", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "shared_excess_pct", RESULT_LOWER, RESULT_KIND_COUNTER },
};

const struct result_contract profile_contract = {
	.command = "profile",
	.cols = profile_columns,
	.ncols = PROFILE_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.kernel_column = "kernel",
	.method_column = "counter_set",
};
