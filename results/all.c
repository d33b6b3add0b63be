/* gpuperf all's results: its steps, freeing them, its machine tables and contracts. */
#include <stdlib.h>
#include <string.h>
#include "results/all.h"
#include "results/bandwidth.h"
#include "results/banks.h"
#include "results/coalesce.h"
#include "results/latency.h"
#include "results/occupancy.h"
#include "results/pcie.h"
#include "util/compat.h"

void all_run_free(void *all_run)
{
	struct all_run *run = all_run;

	for (size_t i = 0; i < run->nsteps; i++) {
		struct all_step *s = &run->steps[i];

		if (s->results && s->free_results)
			s->free_results(s->results);
		free(s->results);
		s->results = NULL;
	}
	run->nsteps = 0;
}

const void *all_results_of(const struct all_run *run, const char *command)
{
	for (size_t i = 0; run && i < run->nsteps; i++)
		if (!strcmp(run->steps[i].command, command))
			return run->steps[i].results;
	return NULL;
}

const struct report_col all_long_columns[ALL_LONG_NCOLUMNS] = { REPORT_LONG_COLS };

const struct report_col all_summary_columns[ALL_SUMMARY_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "metric", "metric", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "what", "what", REPORT_STR, 0 },
	{ "value", "value", REPORT_DBL, 1 },
	{ "unit", "unit", REPORT_STR, 0 },
	{ "reference", "against", REPORT_STR, 0 },
	/* the CoV of the repetitions the figure comes from (of a ratio: both sides'); machines only */
	{ "cov_pct", "CoV (%)", REPORT_DBL, 2 },
};

const struct report_col all_devices_columns[ALL_DEVICES_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "metric", "metric", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "what", "what", REPORT_STR, 0 },
	{ "value", "value", REPORT_DBL, 1 },
	{ "unit", "unit", REPORT_STR, 0 },
	{ "siblings_median", "siblings", REPORT_DBL, 1 },
	{ "pct_of_siblings", "of siblings (%)", REPORT_DBL, 1 },
	{ "outlier", "outlier", REPORT_STR, 0 },
	{ "cov_pct", "CoV (%)", REPORT_DBL, 2 },
};

/*
 * The summary's headline figures, in summary order: each command's own
 * (its contract's headlines, results/NAME.h), in the order of all's steps.
 * A row each, with the CoV of the repetitions it comes from where it has
 * one (cov_pct); "counters" says whether they could be read: no figure.
 */
static const struct result_figure headlines[] = {
	BANDWIDTH_HEADLINES, COALESCE_HEADLINES, BANKS_HEADLINES, OCCUPANCY_HEADLINES,
	PCIE_HEADLINES, LATENCY_HEADLINES,
};

const struct result_contract all_contract = {
	.command = "all",
	.cols = all_long_columns,
	.ncols = ALL_LONG_NCOLUMNS,
	.metric_column = "metric",
	.value_column = "value",
};

const struct result_contract all_summary_contract = {
	.command = "summary",
	.cols = all_summary_columns,
	.ncols = ALL_SUMMARY_NCOLUMNS,
	.figures = headlines,
	.nfigures = ARRAY_SIZE(headlines),
	.metric_column = "metric",
	.value_column = "value",
};

/* The figures of the device's own ability among them (the bandwidths) have rows. */
const struct result_contract all_devices_contract = {
	.command = "devices",
	.cols = all_devices_columns,
	.ncols = ALL_DEVICES_NCOLUMNS,
	.figures = headlines,
	.nfigures = ARRAY_SIZE(headlines),
	.metric_column = "metric",
	.value_column = "value",
};
