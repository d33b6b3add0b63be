/* gpuperf latency's results: names, freeing them, its machine table and contract. */
#include <stdlib.h>
#include "results/latency.h"
#include "results/latency-columns.h"
#include "util/compat.h"

const char *lat_memory_name(enum lat_memory m)
{
	static const char *const names[] = { "global", "shared", "host", "memcpy-h2d", "memcpy-d2h" };

	return (unsigned)m < ARRAY_SIZE(names) ? names[m] : "?";
}

void lat_run_free(void *lat_run)
{
	struct lat_run *run = lat_run;

	free(run->rows);
	free(run->sizes);
	run->rows = NULL;
	run->sizes = NULL;
}

const struct report_col lat_columns[LAT_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	[C_ROW] = { "row", "row", REPORT_STR, 0, REPORT_COL_CONFIG },
	[C_MEMORY] = { "memory", "memory", REPORT_STR, 0, REPORT_COL_CONFIG },
	[C_SIZE] = { "size_bytes", "size (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	[C_SIZE_MAX] = { "size_max_bytes", "to (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	[C_STRIDE] = { "stride_bytes", "stride (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	[C_PATTERN] = { "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	[C_ELEMENTS] = { "elements", "elements", REPORT_INT, 0 },
	[C_LOADS] = { "loads", "loads", REPORT_INT, 0 },
	[C_CYCLES] = { "cycles", "latency (cycles)", REPORT_DBL, 1 },
	[C_NS] = { "ns", "latency (ns)", REPORT_DBL, 1 },
	[C_NS_MIN] = { "ns_min", "min (ns)", REPORT_DBL, 1 },
	[C_NS_MAX] = { "ns_max", "max (ns)", REPORT_DBL, 1 },
	[C_LEVEL] = { "level", "level", REPORT_STR, 0 },
	[C_SOURCE] = { "level_source", "level by", REPORT_STR, 0 },
	[C_L1] = { "l1_hit_pct", "L1 hit (%)", REPORT_DBL, 1 },
	[C_L2] = { "l2_hit_pct", "L2 hit (%)", REPORT_DBL, 1 },
	[C_DRAM] = { "dram_bytes_per_load", "DRAM (B/load)", REPORT_DBL, 1 },
	[C_MHZ] = { "sm_clock_mhz", "SM clock (MHz)", REPORT_DBL, 0 },
	[C_VERIFIED] = { "verified", "verified", REPORT_STR, 0 },
	[C_CONTENDED] = TAB_TRUST_COLS,
};
_Static_assert(C_N == LAT_NCOLUMNS, "LAT_NCOLUMNS out of date");

/*
 * A row per chased set (the sweep, shared, host) and per level: the
 * median latency in cycles and in ns, with the segments' fastest and
 * slowest in ns; the memcpy round trips in ns alone.
 */
static const struct result_figure figures[] = {
	{ "cycles", RESULT_LOWER, RESULT_KIND_LATENCY },
	{ "ns", RESULT_LOWER, RESULT_KIND_LATENCY, NULL, "ns_min", "ns_max" },
};

/*
 * The rows that cross the PCIe link: the host-mapped chase, and the
 * memcpy round trips, which are mostly the driver's path on the CPU.
 */
static const struct result_row_kind row_kinds[] = {
	{ "memory", "host", RESULT_KIND_LINK },
	{ "memory", "memcpy-h2d", RESULT_KIND_HOST_CALL },
	{ "memory", "memcpy-d2h", RESULT_KIND_HOST_CALL },
};

static const struct result_figure headlines[] = { LATENCY_HEADLINES };

const struct result_contract latency_contract = {
	.command = "latency",
	.cols = lat_columns,
	.ncols = LAT_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.headlines = headlines,
	.nheadlines = ARRAY_SIZE(headlines),
	.row_kinds = row_kinds,
	.nrow_kinds = ARRAY_SIZE(row_kinds),
};
