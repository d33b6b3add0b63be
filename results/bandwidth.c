/* gpuperf bandwidth's results: freeing them, its machine table and contract. */
#include <stdlib.h>
#include <string.h>
#include "results/bandwidth.h"
#include "results/bandwidth-columns.h"
#include "util/compat.h"

void bw_outcome_free(struct bw_outcome *out)
{
	free(out->res);
	free(out->tune);
	memset(out, 0, sizeof(*out));
}

void bw_run_free(void *bw_run)
{
	struct bw_run *run = bw_run;

	bw_outcome_free(&run->out);
	free(run->widths);
	free(run->sizes);
	run->widths = NULL;
	run->sizes = NULL;
}

const struct report_col bw_columns[C_N] = {
	TAB_IDENTITY_COLS,
	[C_KERNEL] = { "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
	[C_WIDTH]  = { "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	[C_SIZE]   = { "size_bytes", "size (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	[C_LEVEL]  = { "level", "level", REPORT_STR, 0 },
	[C_PASSES] = { "passes", "passes", REPORT_INT, 0 },
	[C_BYTES]  = { "bytes_moved", "moved (B)", REPORT_INT, 0 },
	[C_REPS]   = { "reps", "reps", REPORT_INT, 0 },
	[C_TIME]   = { "time_ms", "time (ms)", REPORT_DBL, 4 },
	[C_GBS]    = { "bandwidth_gbs", "bw (GB/s)", REPORT_DBL, 1 },
	[C_BEST]   = { "best_gbs", "best (GB/s)", REPORT_DBL, 1 },
	[C_MIN]    = { "min_gbs", "min (GB/s)", REPORT_DBL, 1 },
	[C_COV]    = { "cov_pct", "CoV (%)", REPORT_DBL, 2 },
	[C_PCT]    = { "pct_of_theoretical", "of peak (%)", REPORT_DBL, 1 },
	[C_PEAK]   = { "theoretical_gbs", "peak (GB/s)", REPORT_DBL, 1 },
	[C_GRID]   = { "grid", "grid", REPORT_INT, 0 },
	[C_BLOCK]  = { "block", "block", REPORT_INT, 0 },
	[C_UNROLL] = { "unroll", "unroll", REPORT_INT, 0 },
	[C_LAYOUT] = { "layout", "layout", REPORT_STR, 0 },
	[C_SOURCE] = { "level_source", "level by", REPORT_STR, 0 },
	/* a key: with --shared-lines one set has an l2 and an l2-shared row */
	[C_METHOD] = { "method", "method", REPORT_STR, 0, REPORT_COL_CONFIG },
	[C_L1]     = { "l1_hit_pct", "L1 hit (%)", REPORT_DBL, 1 },
	[C_L2]     = { "l2_hit_pct", "L2 hit (%)", REPORT_DBL, 1 },
	[C_DRAM]   = { "dram_bytes_per_byte", "DRAM (B/B)", REPORT_DBL, 3 },
	[C_L2READ] = { "l2_read_pct", "L2 read (%)", REPORT_DBL, 1 },
	[C_CONTENDED] = { "contended", "contended", REPORT_INT, 0, REPORT_COL_MACHINE },
	[C_THROTTLED] = { "throttled", "throttled", REPORT_STR, 0, REPORT_COL_MACHINE },
};
_Static_assert(C_THROTTLED == C_CONTENDED + 1, "tab_set_trust fills two columns");

_Static_assert(C_N == BW_NCOLUMNS, "BW_NCOLUMNS out of date");

/*
 * A row per kernel x width x size.  The median's bandwidth and time, with
 * the repetitions' CoV, best and worst beside them.
 */
static const struct result_figure figures[] = {
	{ "time_ms", RESULT_LOWER, RESULT_KIND_TIME, "cov_pct" },
	{ "bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct", "best_gbs", "min_gbs" },
	{ "pct_of_theoretical", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct" },
};

/* --shared-lines' rows: what SMs sharing lines receive moves with the crossbar's timing. */
static const struct result_row_kind row_kinds[] = {
	{ "method", "l2-shared", RESULT_KIND_SHARED },
};

static const struct result_figure headlines[] = { BANDWIDTH_HEADLINES };

const struct result_contract bandwidth_contract = {
	.command = "bandwidth",
	.cols = bw_columns,
	.ncols = BW_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.headlines = headlines,
	.nheadlines = ARRAY_SIZE(headlines),
	.row_kinds = row_kinds,
	.nrow_kinds = ARRAY_SIZE(row_kinds),
};
