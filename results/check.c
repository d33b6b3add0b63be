/* gpuperf check's results: the names of its figures and items, its machine tables and contracts. */
#include <stdlib.h>
#include "results/check.h"
#include "util/compat.h"

#define FIGURE_NAMES \
	"dram_copy_gbs", "dram_read_gbs", "l2_read_gbs", "h2d_gbs", "d2h_gbs", "p2p_min_gbs"
const char *const check_figure_names[CHECK_NFIGURES] = { FIGURE_NAMES };
const char *const check_item_names[CHECK_NITEMS] = {
	FIGURE_NAMES,
	"pcie_gen", "pcie_width", "ecc_uncorrected", "retired_rows", "throttle", "processes",
};
const char *const check_status_names[] = { "pass", "warn", "fail", "no-gpu" };

void check_run_free(void *p)
{
	struct check_run *r = p;

	free(r->gpus);
}

/* ---- machine tables ---- */

/*
 * The fleet's keys, in its order: the identity is not TAB_IDENTITY_COLS
 * (serial, driver, memory join it), so no column is flagged identity and
 * a GPU's record is keyed by its index.
 */
const struct report_col check_gpus_columns[CHECK_GPUS_NCOLUMNS] = {
	{ "hostname", "host", REPORT_STR, 0, 0 },
	{ "device_index", "device", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "device", "product", REPORT_STR, 0, 0 },
	{ "memory_mib", "memory (MiB)", REPORT_INT, 0, 0 },
	{ "uuid", "UUID", REPORT_STR, 0, 0 },
	{ "serial", "serial", REPORT_STR, 0, 0 },
	{ "pci_bus_id", "PCI bus id", REPORT_STR, 0, 0 },
	{ "driver", "driver", REPORT_STR, 0, 0 },
	{ "status", "status", REPORT_STR, 0, 0 },
	{ "dram_copy_gbs", "DRAM copy (GB/s)", REPORT_DBL, 1, 0 },
	{ "dram_read_gbs", "DRAM read (GB/s)", REPORT_DBL, 1, 0 },
	{ "l2_read_gbs", "L2 read (GB/s)", REPORT_DBL, 1, 0 },
	{ "h2d_gbs", "host to device, pinned (GB/s)", REPORT_DBL, 2, 0 },
	{ "d2h_gbs", "device to host, pinned (GB/s)", REPORT_DBL, 2, 0 },
	{ "pcie_gen", "PCIe generation", REPORT_INT, 0, 0 },
	{ "pcie_gen_max", "PCIe generation, max", REPORT_INT, 0, 0 },
	{ "pcie_width", "PCIe width", REPORT_INT, 0, 0 },
	{ "pcie_width_max", "PCIe width, max", REPORT_INT, 0, 0 },
	{ "p2p_min_gbs", "slowest peer copy (GB/s)", REPORT_DBL, 1, 0 },
	{ "ecc_uncorrected", "uncorrected ECC errors", REPORT_INT, 0, 0 },
	{ "retired_rows", "retired or remapped rows", REPORT_INT, 0, 0 },
	{ "throttle", "clocks held down by", REPORT_STR, 0, 0 },
	{ "contended", "contended", REPORT_INT, 0, 0 },
	{ "reason", "reason", REPORT_STR, 0, 0 },
};

const struct report_col check_columns[CHECK_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "figure", "figure", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "value", "value", REPORT_DBL, 1, 0 },
	{ "floor", "floor", REPORT_DBL, 1, 0 },
	{ "node_median", "node median", REPORT_DBL, 1, 0 },
	{ "baseline", "baseline", REPORT_DBL, 1, 0 },
	{ "status", "status", REPORT_STR, 0, 0 },
	{ "reason", "reason", REPORT_STR, 0, 0 },
	TAB_TRUST_COLS,
};

/* The figures compared with a baseline: the checks table holds one a row. */
static const struct result_figure figures[] = {
	{ "dram_copy_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "dram_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "l2_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "h2d_gbs", RESULT_HIGHER, RESULT_KIND_LINK },
	{ "d2h_gbs", RESULT_HIGHER, RESULT_KIND_LINK },
	{ "p2p_min_gbs", RESULT_HIGHER, RESULT_KIND_LINK },
};
_Static_assert(ARRAY_SIZE(figures) == CHECK_NFIGURES, "a contract figure per check figure");

const struct result_contract check_contract = {
	.command = "check",
	.cols = check_columns,
	.ncols = CHECK_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.metric_column = "figure",
	.value_column = "value",
	.section_of = "check",
};

const struct result_contract check_gpus_contract = {
	.command = "gpus",
	.cols = check_gpus_columns,
	.ncols = CHECK_GPUS_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.section_of = "check",
};
