/* gpuperf info's machine table and its contract (results/info.h). */
#include "results/info.h"
#include "results/info-columns.h"
#include "util/compat.h"

const struct report_col info_columns[INFO_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	[C_SMS] = { "sm_count", "multiprocessors (SMs)", REPORT_INT, 0 },
	[C_SM_CLOCK] = { "sm_clock_mhz", "SM clock, peak (MHz)", REPORT_DBL, 0 },
	[C_SM_CLOCK_MEASURED] = { "sm_clock_measured_mhz", "SM clock, measured (MHz)", REPORT_DBL, 0 },
	[C_MEM_CLOCK] = { "mem_clock_mhz", "memory clock (MHz)", REPORT_DBL, 0 },
	[C_BUS_WIDTH] = { "mem_bus_width_bits", "memory bus width (bits)", REPORT_INT, 0 },
	[C_DRAM_PEAK] = { "dram_peak_gbs", "theoretical DRAM bandwidth (GB/s)", REPORT_DBL, 1 },
	[C_L2] = { "l2_bytes", "L2 cache (bytes)", REPORT_INT, 0 },
	[C_MEM_TOTAL] = { "mem_total_bytes", "device memory (bytes)", REPORT_INT, 0 },
	[C_MEM_FREE] = { "mem_free_bytes", "device memory free (bytes)", REPORT_INT, 0 },
	[C_SMEM_SM] = { "smem_per_sm_bytes", "shared memory per SM (bytes)", REPORT_INT, 0 },
	[C_SMEM_BLOCK] = { "smem_per_block_bytes", "shared memory per block (bytes)", REPORT_INT, 0 },
	[C_SMEM_OPTIN] = { "smem_per_block_optin_bytes", "shared memory per block, opt-in (bytes)", REPORT_INT, 0 },
	[C_SMEM_RESERVED] = { "smem_reserved_per_block_bytes", "shared memory reserved per block (bytes)", REPORT_INT, 0 },
	[C_REGS_SM] = { "regs_per_sm", "registers per SM", REPORT_INT, 0 },
	[C_REGS_BLOCK] = { "regs_per_block", "registers per block", REPORT_INT, 0 },
	[C_THREADS_SM] = { "max_threads_per_sm", "max threads per SM", REPORT_INT, 0 },
	[C_WARPS_SM] = { "max_warps_per_sm", "max warps per SM", REPORT_INT, 0 },
	[C_BLOCKS_SM] = { "max_blocks_per_sm", "max blocks per SM", REPORT_INT, 0 },
	[C_THREADS_BLOCK] = { "max_threads_per_block", "max threads per block", REPORT_INT, 0 },
	[C_WARP] = { "warp_size", "warp size", REPORT_INT, 0 },
	[C_ECC] = { "ecc", "ECC", REPORT_STR, 0 },
	[C_NUMA] = { "numa_node", "NUMA node", REPORT_INT, 0 },
	[C_PCIE_GEN] = { "pcie_gen", "PCIe generation, current", REPORT_INT, 0 },
	[C_PCIE_WIDTH] = { "pcie_width", "PCIe width, current (lanes)", REPORT_INT, 0 },
	[C_PCIE_GEN_MAX] = { "pcie_gen_max", "PCIe generation, max", REPORT_INT, 0 },
	[C_PCIE_WIDTH_MAX] = { "pcie_width_max", "PCIe width, max (lanes)", REPORT_INT, 0 },
	[C_PCIE_PEAK] = { "pcie_peak_gbs", "theoretical PCIe per direction (GB/s)", REPORT_DBL, 1 },
	[C_PCIE_SOURCE] = { "pcie_link_source", "PCIe link read from", REPORT_STR, 0 },
	[C_DRIVER] = { "driver_version", "CUDA driver version", REPORT_STR, 0 },
	[C_RUNTIME] = { "runtime_version", "CUDA runtime version", REPORT_STR, 0 },
	[C_COUNTERS] = { "counters", "hardware counters", REPORT_STR, 0 },
	[C_COUNTERS_REASON] = { "counters_reason", "hardware counters: why not", REPORT_STR, 0 },
	[C_PERSISTENCE] = { "persistence_mode", "persistence mode", REPORT_STR, 0 },
	[C_MIG] = { "mig_mode", "MIG mode", REPORT_STR, 0 },
	[C_COMPUTE_MODE] = { "compute_mode", "compute mode", REPORT_STR, 0 },
	[C_SM_CLOCK_MAX] = { "sm_clock_max_mhz", "SM clock, maximum (NVML, MHz)", REPORT_INT, 0 },
	[C_MEM_CLOCK_MAX] = { "mem_clock_max_mhz", "memory clock, maximum (NVML, MHz)", REPORT_INT, 0 },
	[C_OTHERS] = { "other_processes", "other compute processes", REPORT_INT, 0 },
	[C_NVML] = { "nvml", "NVML (modes, clocks, processes)", REPORT_STR, 0 },
};
_Static_assert(C_NVML + 1 == INFO_NCOLUMNS, "INFO_NCOLUMNS");

/* One row per device: no key; the clock is measured, the peaks and link read. */
static const struct result_figure figures[] = {
	{ "sm_clock_measured_mhz", RESULT_HIGHER, RESULT_KIND_CLOCK },
	{ "dram_peak_gbs", RESULT_HIGHER, RESULT_KIND_CALCULATED },
	{ "pcie_gen", RESULT_HIGHER, RESULT_KIND_CALCULATED },
	{ "pcie_width", RESULT_HIGHER, RESULT_KIND_CALCULATED },
	{ "pcie_peak_gbs", RESULT_HIGHER, RESULT_KIND_CALCULATED },
};

const struct result_contract info_contract = {
	.command = "info",
	.cols = info_columns,
	.ncols = INFO_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
};
