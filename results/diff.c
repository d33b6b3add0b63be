/* gpuperf diff's results: its verdicts' names, freeing them, its machine table. */
#include <stdlib.h>
#include <string.h>
#include "results/diff.h"

const char *const diff_verdict_names[DIFF_NVERDICTS] = {
	"worse", "better", "unreliable", "new", "gone", "same",
};

void diff_input_free(struct diff_input *in)
{
	report_free(&in->tables);
	for (size_t i = 0; i < in->nskipped; i++)
		free(in->skipped[i]);
	free(in->skipped);
	for (size_t i = 0; i < in->ncolsets; i++)
		free(in->colsets[i]);
	free(in->colsets);
	free(in->name);
	memset(in, 0, sizeof(*in));
}

void diff_result_free(struct diff_result *res)
{
	for (size_t i = 0; i < res->n; i++) {
		free(res->rows[i].section);
		free(res->rows[i].config);
		free(res->rows[i].label);
		free(res->rows[i].figure);
		free(res->rows[i].reason);
	}
	for (size_t i = 0; i < res->nnotes; i++)
		free(res->notes[i]);
	free(res->notes);
	free(res->rows);
	memset(res, 0, sizeof(*res));
}

void diff_run_free(void *diff_run)
{
	struct diff_run *run = diff_run;

	diff_input_free(&run->before);
	diff_input_free(&run->after);
	diff_result_free(&run->res);
}

const struct report_col diff_columns[DIFF_NCOLUMNS] = {
	{ "section", "section", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "config", "configuration", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "figure", "figure", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "better", "better", REPORT_STR, 0 },
	{ "before", "before", REPORT_DBL, 4 },
	{ "after", "after", REPORT_DBL, 4 },
	{ "change_pct", "change (%)", REPORT_DBL, 1 },
	{ "noise_pct", "noise (%)", REPORT_DBL, 1 },
	{ "verdict", "verdict", REPORT_STR, 0 },
	{ "reason", "reason", REPORT_STR, 0 },
};
