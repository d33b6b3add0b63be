/* gpuperf coalesce's results: freeing them, its machine tables and their contracts. */
#include <stdlib.h>
#include "results/coalesce.h"
#include "results/columns.h"
#include "util/compat.h"

void coal_run_free(void *coal_run)
{
	struct coal_run *run = coal_run;

	free(run->cfgs);
	free(run->res);
	run->cfgs = NULL;
	run->res = NULL;
}

const struct report_col coalesce_columns[COALESCE_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "offset", "offset", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_sectors_per_request", "model sect/req", REPORT_DBL, 1 },
	{ "measured_sectors_per_request", "sect/req", REPORT_DBL, 2 },
	{ "predicted_sectors_per_request_st", "model st", REPORT_DBL, 1 },
	{ "measured_sectors_per_request_st", "st sect/req", REPORT_DBL, 2 },
	{ "model_match", "=model", REPORT_STR, 0 },
	{ "requests", "requests", REPORT_INT, 0 },
	{ "dram_bytes", "DRAM (B)", REPORT_INT, 0 },
	{ "bytes_requested", "requested (B)", REPORT_INT, 0 },
	{ "efficiency_pct", "efficiency (%)", REPORT_DBL, 1 },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 1 },
	{ "pct_of_copy", "% of copy", REPORT_DBL, 1 },
	TAB_TRUST_COLS,
};

/*
 * A row per pattern x op x offset x stride x width.  The counters'
 * sectors per request and traffic, and the bandwidth the threads saw.
 */
static const struct result_figure figures[] = {
	{ "measured_sectors_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "measured_sectors_per_request_st", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "dram_bytes", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "efficiency_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "pct_of_copy", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
};

static const struct result_figure headlines[] = { COALESCE_HEADLINES };

const struct result_contract coalesce_contract = {
	.command = "coalesce",
	.cols = coalesce_columns,
	.ncols = COALESCE_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.headlines = headlines,
	.nheadlines = ARRAY_SIZE(headlines),
};

const struct report_col coalesce_model_columns[COALESCE_MODEL_NCOLUMNS] = {
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "offset", "offset", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_sectors_per_request", "sectors/req", REPORT_DBL, 1 },
	{ "predicted_sectors_per_request_st", "st sectors/req", REPORT_DBL, 1 },
	{ "ideal_sectors_per_request", "ideal", REPORT_INT, 0 },
	{ "efficiency_pct", "efficiency (%)", REPORT_DBL, 1 },
};

/* --model: a row per pattern x op x offset x stride x width, what the model predicts (exact). */
static const struct result_figure model_figures[] = {
	{ "predicted_sectors_per_request", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "predicted_sectors_per_request_st", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "efficiency_pct", RESULT_HIGHER, RESULT_KIND_CALCULATED },
};

const struct result_contract coalesce_model_contract = {
	.command = "coalesce",
	.cols = coalesce_model_columns,
	.ncols = COALESCE_MODEL_NCOLUMNS,
	.figures = model_figures,
	.nfigures = ARRAY_SIZE(model_figures),
};
