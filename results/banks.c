/* gpuperf banks' results: freeing them, its machine tables and their contracts. */
#include <stdlib.h>
#include "results/banks.h"
#include "results/columns.h"
#include "util/compat.h"

void bank_run_free(void *bank_run)
{
	struct bank_run *run = bank_run;

	free(run->cfgs);
	free(run->res);
	run->cfgs = NULL;
	run->res = NULL;
}

const struct report_col banks_columns[BANKS_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_ways", "ways", REPORT_INT, 0 },
	{ "predicted_wavefronts_per_request", "model wf/req", REPORT_DBL, 1 },
	{ "measured_wavefronts_per_request", "wf/req", REPORT_DBL, 2 },
	{ "measured_conflicts_per_request", "conflicts/req", REPORT_DBL, 2 },
	{ "model_match", "=model", REPORT_STR, 0 },
	{ "instructions", "instructions", REPORT_INT, 0 },
	{ "expected_instructions", "expected", REPORT_INT, 0 },
	{ "time_per_access_ns", "ns/access", REPORT_DBL, 3 },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 0 },
	{ "bytes_per_clock_per_sm", "B/clk/SM", REPORT_DBL, 1 },
	{ "slowdown", "slowdown", REPORT_DBL, 2 },
	TAB_TRUST_COLS,
};

/*
 * A row per pattern x op x stride x width.  The counters' wavefronts and
 * conflicts per request, the time per access and what follows from it.
 */
static const struct result_figure figures[] = {
	{ "measured_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "measured_conflicts_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "time_per_access_ns", RESULT_LOWER, RESULT_KIND_TIME },
	{ "bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "bytes_per_clock_per_sm", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "slowdown", RESULT_LOWER, RESULT_KIND_TIME },
};

static const struct result_figure headlines[] = { BANKS_HEADLINES };

const struct result_contract banks_contract = {
	.command = "banks",
	.cols = banks_columns,
	.ncols = BANKS_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
	.headlines = headlines,
	.nheadlines = ARRAY_SIZE(headlines),
};

const struct report_col banks_model_columns[BANKS_MODEL_NCOLUMNS] = {
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_ways", "ways", REPORT_INT, 0 },
	{ "predicted_wavefronts_per_request", "wavefronts/req", REPORT_DBL, 1 },
	{ "ideal_wavefronts_per_request", "ideal", REPORT_INT, 0 },
	{ "predicted_conflicts_per_request", "conflicts/req", REPORT_DBL, 1 },
};

/* --model: a row per pattern x op x stride x width, what the model predicts (exact). */
static const struct result_figure model_figures[] = {
	{ "predicted_ways", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "predicted_wavefronts_per_request", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "predicted_conflicts_per_request", RESULT_LOWER, RESULT_KIND_CALCULATED },
};

const struct result_contract banks_model_contract = {
	.command = "banks",
	.cols = banks_model_columns,
	.ncols = BANKS_MODEL_NCOLUMNS,
	.figures = model_figures,
	.nfigures = ARRAY_SIZE(model_figures),
};
