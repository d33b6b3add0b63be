/*
 * The one table of logical counters and the metric names that read them.
 *
 * Names are the Range Profiler's "unit__counter.rollup" form; CUPTI wants
 * the rollup.  They hold from Turing to Blackwell with the exceptions in
 * chip_rows below, found by asking cuptiProfilerHostGetMetricProperties
 * for every chip CUPTI 13.0 knows (tests/unit/t-counters.c repeats that
 * check whenever libcupti can be loaded).
 */
#include <string.h>
#include "util/compat.h"
#include "counters/metrics.h"

/* SASS instrumentation: the "sass" metrics that count (their peaks do not). */
#define INSTRUMENTED 1

static const struct {
	const char *name;
	const char *metric;
	int instrumented;
} ctr_table[CTR_COUNT] = {
	[CTR_GLOBAL_LOAD_SECTORS] =
		{ "global_load_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum" },
	/*
	 * Instructions rather than l1tex__t_requests: one request per warp
	 * instruction, and it shares a pass with the sectors counter.
	 */
	[CTR_GLOBAL_LOAD_REQUESTS] =
		{ "global_load_requests", "smsp__inst_executed_op_global_ld.sum" },
	[CTR_GLOBAL_STORE_SECTORS] =
		{ "global_store_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum" },
	[CTR_GLOBAL_STORE_REQUESTS] =
		{ "global_store_requests", "smsp__inst_executed_op_global_st.sum" },
	[CTR_DRAM_READ_BYTES] = { "dram_read_bytes", "dram__bytes_read.sum" },
	[CTR_DRAM_WRITE_BYTES] = { "dram_write_bytes", "dram__bytes_write.sum" },
	/* _op_ld/_op_st: the plain mem_shared counter also counts atomics and LDGSTS. */
	[CTR_SHARED_LOAD_BANK_CONFLICTS] =
		{ "shared_load_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum" },
	[CTR_SHARED_STORE_BANK_CONFLICTS] =
		{ "shared_store_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum" },
	[CTR_SHARED_LOAD_WAVEFRONTS] =
		{ "shared_load_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum" },
	[CTR_SHARED_STORE_WAVEFRONTS] =
		{ "shared_store_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum" },
	[CTR_SHARED_LOAD_INSTRUCTIONS] =
		{ "shared_load_instructions", "smsp__inst_executed_op_shared_ld.sum" },
	[CTR_SHARED_STORE_INSTRUCTIONS] =
		{ "shared_store_instructions", "smsp__inst_executed_op_shared_st.sum" },
	[CTR_ACHIEVED_OCCUPANCY_PCT] =
		{ "achieved_occupancy_pct", "sm__warps_active.avg.pct_of_peak_sustained_active" },
	[CTR_ELAPSED_CYCLES] = { "elapsed_cycles", "gpc__cycles_elapsed.max" },
	[CTR_L2_READ_SECTORS] = { "l2_read_sectors", "lts__t_sectors_srcunit_tex_op_read.sum" },
	[CTR_L2_WRITE_SECTORS] = { "l2_write_sectors", "lts__t_sectors_srcunit_tex_op_write.sum" },
	[CTR_DURATION_NS] = { "duration_ns", "gpu__time_duration.sum" },
	[CTR_L1_LOAD_HIT_SECTORS] =
		{ "l1_load_hit_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum" },
	[CTR_L2_READ_MISS_SECTORS] =
		{ "l2_read_miss_sectors", "lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum" },
	[CTR_GLOBAL_LOAD_BYTES] =
		{ "global_load_bytes", "smsp__sass_data_bytes_mem_global_op_ld.sum", INSTRUMENTED },
	[CTR_GLOBAL_STORE_BYTES] =
		{ "global_store_bytes", "smsp__sass_data_bytes_mem_global_op_st.sum", INSTRUMENTED },
	[CTR_L1_HIT_RATE_PCT] =
		{ "l1_hit_rate_pct", "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct" },
	[CTR_L2_HIT_RATE_PCT] = { "l2_hit_rate_pct", "lts__t_sector_hit_rate.pct" },
	/*
	 * The roofline's.  Pipe utilisation over the elapsed cycles of every
	 * SM (an idle SM counts as idle), as Nsight Compute's speed of light.
	 */
	[CTR_FMA_PIPE_PCT] =
		{ "fma_pipe_pct", "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_elapsed" },
	[CTR_TENSOR_PIPE_PCT] =
		{ "tensor_pipe_pct", "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed" },
	[CTR_L1_BYTES] = { "l1_bytes", "l1tex__t_bytes.sum" },
	[CTR_L2_BYTES] = { "l2_bytes", "lts__t_bytes.sum" },
	[CTR_SM_CLOCK_HZ] = { "sm_clock_hz", "sm__cycles_elapsed.avg.per_second" },
	/* peaks: the chip's description, no counter (and no pass) */
	[CTR_FFMA_PEAK_PER_CYCLE] =
		{ "ffma_peak_per_cycle", "sm__sass_thread_inst_executed_op_ffma_pred_on.sum.peak_sustained" },
	[CTR_DFMA_PEAK_PER_CYCLE] =
		{ "dfma_peak_per_cycle", "sm__sass_thread_inst_executed_op_dfma_pred_on.sum.peak_sustained" },
	[CTR_HFMA_PEAK_PER_CYCLE] =
		{ "hfma_peak_per_cycle", "sm__sass_thread_inst_executed_op_hfma_pred_on.sum.peak_sustained" },
	[CTR_DRAM_PEAK_BYTES_PER_S] =
		{ "dram_peak_bytes_per_s", "dram__bytes.sum.peak_sustained_elapsed.per_second" },
	[CTR_L2_PEAK_BYTES_PER_S] =
		{ "l2_peak_bytes_per_s", "lts__t_bytes.sum.peak_sustained_elapsed.per_second" },
	[CTR_L1_PEAK_BYTES_PER_S] =
		{ "l1_peak_bytes_per_s", "l1tex__t_bytes.sum.peak_sustained_elapsed.per_second" },
	/* FLOPs: thread instructions, predicated on, by opcode */
	[CTR_DADD] = { "dadd_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum", INSTRUMENTED },
	[CTR_DMUL] = { "dmul_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum", INSTRUMENTED },
	[CTR_DFMA] = { "dfma_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum", INSTRUMENTED },
	[CTR_FADD] = { "fadd_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", INSTRUMENTED },
	[CTR_FMUL] = { "fmul_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", INSTRUMENTED },
	[CTR_FFMA] = { "ffma_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", INSTRUMENTED },
	[CTR_HADD] = { "hadd_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum", INSTRUMENTED },
	[CTR_HMUL] = { "hmul_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum", INSTRUMENTED },
	[CTR_HFMA] = { "hfma_thread_instructions",
		       "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum", INSTRUMENTED },
	/*
	 * cp.async (LDGSTS), whether it goes through L1 or bypasses it: only
	 * the SASS counts cover both ways (the hardware counts the cached one).
	 */
	[CTR_CP_ASYNC_REQUESTS] =
		{ "cp_async_requests", "smsp__sass_inst_executed_op_ldgsts.sum", INSTRUMENTED },
	[CTR_CP_ASYNC_SECTORS] =
		{ "cp_async_sectors", "smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts.sum",
		  INSTRUMENTED },
	[CTR_CP_ASYNC_BYTES] =
		{ "cp_async_bytes", "smsp__sass_data_bytes_mem_global_op_ldgsts.sum", INSTRUMENTED },
	[CTR_SHARED_BYTES] = { "shared_bytes", "smsp__sass_data_bytes_mem_shared.sum", INSTRUMENTED },
	[CTR_TMA_LOAD_REQUESTS] =
		{ "tma_load_requests", "smsp__sass_inst_executed_op_tma_ld.sum", INSTRUMENTED },
	[CTR_SHARED_GMMA_BYTES] =
		{ "shared_gmma_bytes", "smsp__sass_data_bytes_mem_shared_op_gmma.sum", INSTRUMENTED },
	[CTR_FMA_ISSUE_PCT] =
		{ "fma_issue_pct", "sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_elapsed" },
	[CTR_SM_ACTIVE_CYCLES_MAX] = { "sm_active_cycles_max", "sm__cycles_active.max" },
	/* each kind of access apart: SASS counts, which name the instruction */
#define SASS(id, name, metric) [id] = { name, "smsp__sass_" metric ".sum", INSTRUMENTED }
	SASS(CTR_LDG_REQUESTS, "ldg_requests", "inst_executed_op_global_ld"),
	SASS(CTR_LDG_SECTORS, "ldg_sectors", "l1tex_t_sectors_pipe_lsu_mem_global_op_ld"),
	SASS(CTR_STG_REQUESTS, "stg_requests", "inst_executed_op_global_st"),
	SASS(CTR_STG_SECTORS, "stg_sectors", "l1tex_t_sectors_pipe_lsu_mem_global_op_st"),
	SASS(CTR_ATOM_REQUESTS, "atom_requests", "inst_executed_op_global_atom"),
	SASS(CTR_ATOM_SECTORS, "atom_sectors", "l1tex_t_sectors_pipe_lsu_mem_global_op_atom"),
	SASS(CTR_ATOM_BYTES, "atom_bytes", "data_bytes_mem_global_op_atom"),
	SASS(CTR_RED_REQUESTS, "red_requests", "inst_executed_op_global_red"),
	SASS(CTR_RED_SECTORS, "red_sectors", "l1tex_t_sectors_pipe_lsu_mem_global_op_red"),
	SASS(CTR_RED_BYTES, "red_bytes", "data_bytes_mem_global_op_red"),
	SASS(CTR_LDS_INSTRUCTIONS, "lds_instructions", "inst_executed_op_shared_ld"),
	SASS(CTR_LDS_WAVEFRONTS, "lds_wavefronts", "l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld"),
	SASS(CTR_LDS_BYTES, "lds_bytes", "data_bytes_mem_shared_op_ld"),
	SASS(CTR_STS_INSTRUCTIONS, "sts_instructions", "inst_executed_op_shared_st"),
	SASS(CTR_STS_WAVEFRONTS, "sts_wavefronts", "l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st"),
	SASS(CTR_STS_BYTES, "sts_bytes", "data_bytes_mem_shared_op_st"),
	SASS(CTR_LDSM_INSTRUCTIONS, "ldsm_instructions", "inst_executed_op_ldsm"),
	SASS(CTR_LDSM_WAVEFRONTS, "ldsm_wavefronts", "l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm"),
	SASS(CTR_LDSM_BYTES, "ldsm_bytes", "data_bytes_mem_shared_op_ldsm"),
	SASS(CTR_LDGSTS_SHARED_WAVEFRONTS, "ldgsts_shared_wavefronts",
	     "l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts"),
	SASS(CTR_LDGSTS_SHARED_BYTES, "ldgsts_shared_bytes", "data_bytes_mem_shared_op_ldgsts"),
	SASS(CTR_SHARED_ATOM_INSTRUCTIONS, "shared_atom_instructions", "inst_executed_op_shared_atom"),
	SASS(CTR_SHARED_ATOM_WAVEFRONTS, "shared_atom_wavefronts",
	     "l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom"),
	SASS(CTR_GLOBAL_SECTORS_ALL, "global_sectors_all", "sectors_mem_global"),
	SASS(CTR_SHARED_WAVEFRONTS_ALL, "shared_wavefronts_all", "l1tex_pipe_lsu_wavefronts_mem_shared"),
#undef SASS
	[CTR_FP64_PIPE_PCT] =
		{ "fp64_pipe_pct", "sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_elapsed" },
#define WARPS(id, state) [id] = { "warps_" state, "smsp__warps_issue_stalled_" state ".sum" }
	WARPS(CTR_WARPS_LONG_SCOREBOARD, "long_scoreboard"),
	WARPS(CTR_WARPS_SHORT_SCOREBOARD, "short_scoreboard"),
	WARPS(CTR_WARPS_BARRIER, "barrier"),
	WARPS(CTR_WARPS_MEMBAR, "membar"),
	WARPS(CTR_WARPS_WAIT, "wait"),
	WARPS(CTR_WARPS_MATH_PIPE_THROTTLE, "math_pipe_throttle"),
	WARPS(CTR_WARPS_MIO_THROTTLE, "mio_throttle"),
	WARPS(CTR_WARPS_LG_THROTTLE, "lg_throttle"),
	WARPS(CTR_WARPS_TEX_THROTTLE, "tex_throttle"),
	WARPS(CTR_WARPS_NO_INSTRUCTION, "no_instruction"),
	WARPS(CTR_WARPS_IMC_MISS, "imc_miss"),
	WARPS(CTR_WARPS_BRANCH_RESOLVING, "branch_resolving"),
	WARPS(CTR_WARPS_DISPATCH_STALL, "dispatch_stall"),
	WARPS(CTR_WARPS_DRAIN, "drain"),
	WARPS(CTR_WARPS_SLEEPING, "sleeping"),
	WARPS(CTR_WARPS_GMMA, "gmma"),
	WARPS(CTR_WARPS_MISC, "misc"),
	WARPS(CTR_WARPS_NOT_SELECTED, "not_selected"),
	WARPS(CTR_WARPS_SELECTED, "selected"),
#undef WARPS
};

#define PRE_AMPERE "GV100 GV11B TU102 TU104 TU106 TU116 TU117"
#define AMPERE_ADA "GA100 GA102 GA103 GA104 GA106 GA107 GA10B AD102 AD103 AD104 AD106 AD107"
#define BLACKWELL "GB100 GB102 GB110 GB10B GB202 GB203 GB205 GB206 GB207 GB20B"

/* Chips that differ from the default; metric NULL: the chip has none. */
static const struct {
	const char *chips;      /* space-separated CUPTI chip names */
	enum ctr_id id;
	const char *metric;
} chip_rows[] = {
	/* GeForce/RTX Blackwell (GDDR7) name DRAM traffic by operation. */
	{ "GB202 GB203 GB205 GB206 GB207", CTR_DRAM_READ_BYTES, "dram__bytes_op_read.sum" },
	{ "GB202 GB203 GB205 GB206 GB207", CTR_DRAM_WRITE_BYTES, "dram__bytes_op_write.sum" },
	/* Tegra (Orin, Thor, ...): memory shared with the CPU, no dram__ counters. */
	{ "GA10B GB10B GB20B", CTR_DRAM_READ_BYTES, NULL },
	{ "GA10B GB10B GB20B", CTR_DRAM_WRITE_BYTES, NULL },
	{ "GA10B GB10B GB20B", CTR_DRAM_PEAK_BYTES_PER_S, NULL },
	/* cp.async came with Ampere, TMA with Hopper. */
	{ PRE_AMPERE, CTR_CP_ASYNC_REQUESTS, NULL },
	{ PRE_AMPERE, CTR_CP_ASYNC_SECTORS, NULL },
	{ PRE_AMPERE, CTR_CP_ASYNC_BYTES, NULL },
	{ PRE_AMPERE " " AMPERE_ADA, CTR_TMA_LOAD_REQUESTS, NULL },
	{ PRE_AMPERE, CTR_LDGSTS_SHARED_WAVEFRONTS, NULL },
	/* ldmatrix came with Turing */
	{ "GV100 GV11B", CTR_LDSM_INSTRUCTIONS, NULL },
	{ "GV100 GV11B", CTR_LDSM_WAVEFRONTS, NULL },
	{ "GV100 GV11B", CTR_LDSM_BYTES, NULL },
	{ PRE_AMPERE, CTR_LDGSTS_SHARED_BYTES, NULL },
	/* wgmma is Hopper's alone (Blackwell's tcgen05 reads tensor memory) */
	{ PRE_AMPERE " " AMPERE_ADA " " BLACKWELL, CTR_SHARED_GMMA_BYTES, NULL },
	{ PRE_AMPERE " " AMPERE_ADA " " BLACKWELL, CTR_WARPS_GMMA, NULL },
	/* Blackwell counts no stall on the immediate-constant cache */
	{ BLACKWELL, CTR_WARPS_IMC_MISS, NULL },

};

const char *ctr_name(enum ctr_id id)
{
	if ((int)id < 0 || id >= CTR_COUNT)
		return NULL;
	return ctr_table[id].name;
}

int ctr_lookup(const char *name)
{
	for (int i = 0; name && i < CTR_COUNT; i++)
		if (!strcmp(ctr_table[i].name, name))
			return i;
	return -1;
}

/* Is word one of the space-separated words of list? */
static int in_list(const char *list, const char *word)
{
	size_t n = strlen(word);

	while (*list) {
		size_t len = strcspn(list, " ");
		if (len == n && !strncmp(list, word, n))
			return 1;
		list += len;
		list += strspn(list, " ");
	}
	return 0;
}

int ctr_instrumented(enum ctr_id id)
{
	return (int)id >= 0 && id < CTR_COUNT && ctr_table[id].instrumented;
}

const char *ctr_metric(enum ctr_id id, const char *chip)
{
	if ((int)id < 0 || id >= CTR_COUNT)
		return NULL;
	for (size_t i = 0; chip && *chip && i < ARRAY_SIZE(chip_rows); i++)
		if (chip_rows[i].id == id && in_list(chip_rows[i].chips, chip))
			return chip_rows[i].metric;
	return ctr_table[id].metric;
}
