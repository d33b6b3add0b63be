/* gpuperf profile --by range's machine table and its contract. */
#include "results/profile.h"
#include "util/compat.h"

const struct report_col profile_range_columns[PROFILE_RANGE_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "range", "range", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "graph_id", "graph", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "depth", "depth", REPORT_INT, 0 },
	{ "graph_node", "graph node", REPORT_INT, 0 },
	{ "gpu_time_ms", "GPU time (ms)", REPORT_DBL, 3 },
	{ "time_pct", "of GPU time (%)", REPORT_DBL, 1 },
	{ "launches", "launches", REPORT_INT, 0 },
	{ "kernels", "kernels", REPORT_INT, 0 },
	{ "top_kernel", "top kernel", REPORT_STR, 0 },
	{ "top_kernel_pct", "its share (%)", REPORT_DBL, 1 },
	{ "bound", "bound", REPORT_STR, 0 },
	{ "bound_by", "nearest ceiling", REPORT_STR, 0 },
	{ "roof_pct", "of the ceiling (%)", REPORT_DBL, 1 },
	{ "verdict", "verdict", REPORT_STR, 0 },
	{ "verdict_kernel", "verdict of", REPORT_STR, 0 },
	{ "verdict_text", "verdict", REPORT_STR, 0 },
	{ "verdict_command", "see", REPORT_STR, 0 },
	{ "time_at_stake_ms", "at stake (ms)", REPORT_DBL, 3 },
};

/*
 * A row per range: its GPU time, how near the dominant kernel is to its
 * ceiling, the time a fix could gain.  Not figures: what describes the
 * program (depth, launches, kernels, which kernel) and the words.
 */
static const struct result_figure figures[] = {
	{ "gpu_time_ms", RESULT_LOWER, RESULT_KIND_TIME },
	{ "roof_pct", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "time_at_stake_ms", RESULT_LOWER, RESULT_KIND_TIME },
};

const struct result_contract profile_range_contract = {
	.command = "profile",
	.cols = profile_range_columns,
	.ncols = PROFILE_RANGE_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
};
