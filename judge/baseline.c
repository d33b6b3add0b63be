/* check --baseline: the run's figures against an earlier run's, through diff's engine. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/baseline.h"
#include "judge/check.h"
#include "judge/compare.h"

/*
 * The figure of a diff row, or -1; the GPU it is into *gpu: the rows of
 * a GPU make one record of an empty key, the nth GPU's config "#n".
 */
static int diff_figure(const struct diff_row *d, size_t *gpu)
{
	const char *hash = d->config ? strchr(d->config, '#') : NULL;

	*gpu = hash ? strtoul(hash + 1, NULL, 10) - 1 : 0;
	for (int f = 0; d->figure && f < CHECK_NFIGURES; f++)
		if (!strcmp(d->figure, check_figure_names[f]))
			return f;
	return -1;
}

void check_judge_against(struct check_run *run, const struct diff_input *base,
			 struct report_table *now)
{
	struct diff_result res = { 0 };
	struct diff_opts o = { DIFF_THRESHOLD_PCT };
	const struct report_table *before = diff_input_table(base, now);

	now->key = before ? before->key : now->key;  /* a CSV's table has no section */
	diff_tables(NULL, before, now, &o, &res);
	for (size_t i = 0; i < res.n; i++) {
		const struct diff_row *d = &res.rows[i];
		size_t gpu;
		int f = diff_figure(d, &gpu);

		if (f < 0 || gpu >= run->ngpus || !isfinite(d->before))
			continue;
		run->gpus[gpu].v[f].baseline = d->before;
		if (d->verdict == DIFF_WORSE)
			check_judge_baseline(run, gpu, (enum check_figure)f, d->before, d->change_pct,
					     d->noise_pct);
	}
	if (res.nnotes)
		snprintf(run->baseline_note, sizeof(run->baseline_note), "%s", res.notes[0]);
	diff_result_free(&res);
}
