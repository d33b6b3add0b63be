/* gpuperf diff's results: freeing them, its machine table. */
#include "results/diff.h"

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
