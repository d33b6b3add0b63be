/* `gpuperf diff` results as report tables and the bars of the changes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tables/diff.h"
#include "util/compat.h"
#include "util/error.h"

/* diff_columns (results/diff.c), in order. */
enum { C_SECTION, C_CONFIG, C_FIGURE, C_BETTER, C_BEFORE, C_AFTER, C_CHANGE, C_NOISE, C_VERDICT,
       C_REASON, C_N };
_Static_assert(C_N == DIFF_NCOLUMNS, "DIFF_NCOLUMNS out of date");

/* People's view: the row and figure, the values as written, the verdict. */
enum { H_ROW, H_FIGURE, H_BEFORE, H_AFTER, H_CHANGE, H_NOISE, H_VERDICT, H_REASON, H_N };
static const struct report_col human_columns[H_N] = {
	[H_ROW]     = { "row", "row", REPORT_STR, 0 },
	[H_FIGURE]  = { "figure", "figure", REPORT_STR, 0 },
	[H_BEFORE]  = { "before", "before", REPORT_STR, 0 },
	[H_AFTER]   = { "after", "after", REPORT_STR, 0 },
	[H_CHANGE]  = { "change", "change (%)", REPORT_DBL, 1 },
	[H_NOISE]   = { "noise", "noise (%)", REPORT_DBL, 1 },
	[H_VERDICT] = { "verdict", "verdict", REPORT_STR, 0 },
	[H_REASON]  = { "reason", "reason", REPORT_STR, 0 },
};

/* A value as people read it: whole numbers whole, others to six significant digits. */
static const char *value_text(double v, char *buf, size_t n)
{
	if (!isfinite(v))
		return NULL;
	if (v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.6g", v);
	return buf;
}

static void machine_rows(struct report_table *t, const struct diff_result *res)
{
	for (size_t i = 0; i < res->n; i++) {
		const struct diff_row *d = &res->rows[i];
		size_t r = report_add_row(t);

		report_set_str(t, r, C_SECTION, d->section);
		report_set_str(t, r, C_CONFIG, d->config);
		report_set_str(t, r, C_FIGURE, d->figure);
		report_set_str(t, r, C_BETTER, d->better == RESULT_HIGHER ? "higher" :
					       d->better == RESULT_LOWER ? "lower" : NULL);
		report_set_dbl(t, r, C_BEFORE, d->before);
		report_set_dbl(t, r, C_AFTER, d->after);
		report_set_dbl(t, r, C_CHANGE, d->change_pct);
		report_set_dbl(t, r, C_NOISE, d->noise_pct);
		report_set_str(t, r, C_VERDICT, diff_verdict_names[d->verdict]);
		report_set_str(t, r, C_REASON, d->reason);
	}
}

/* "bandwidth: kernel=copy width_bytes=16", or the configuration alone. */
static char *row_name(const struct diff_row *d)
{
	if (d->section && *d->config)
		return gp_xasprintf("%s: %s", d->section, d->config);
	return gp_xstrdup(d->section ? d->section : *d->config ? d->config : "(the only row)");
}

static int same_text(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* The end of the row whose figures start at res->rows[from]: the next row's first figure. */
static size_t row_end(const struct diff_result *res, size_t from)
{
	const struct diff_row *d = &res->rows[from];
	size_t to = from + 1;

	while (d->figure && to < res->n && res->rows[to].figure &&
	       same_text(res->rows[to].section, d->section) && !strcmp(res->rows[to].config, d->config))
		to++;
	return to;
}

/* A row's verdict: the first, in reading order, of its figures'. */
static enum diff_verdict row_verdict(const struct diff_result *res, size_t from, size_t to)
{
	enum diff_verdict v = DIFF_SAME;

	for (size_t i = from; i < to; i++)
		if (res->rows[i].verdict < v)
			v = res->rows[i].verdict;
	return v;
}

/*
 * The rows with a change, whole (every figure, the same ones too: a
 * kernel's time and efficiency before and after a fix), those with a
 * worse figure first, then better, unreliable, new and gone, each in file
 * order; the row named on its first line.  Returns the unchanged rows.
 */
static size_t human_rows(struct report_table *t, const struct diff_result *res)
{
	size_t unchanged = 0;
	char b[64], a[64];

	for (size_t i = 0; i < res->n; i = row_end(res, i))
		unchanged += row_verdict(res, i, row_end(res, i)) == DIFF_SAME;
	for (int v = 0; v < DIFF_SAME; v++)
		for (size_t i = 0, end; i < res->n; i = end) {
			end = row_end(res, i);
			if ((int)row_verdict(res, i, end) != v)
				continue;
			for (size_t k = i; k < end; k++) {
				const struct diff_row *d = &res->rows[k];
				size_t r = report_add_row(t);
				char *name = row_name(d);

				report_set_str(t, r, H_ROW, k == i ? name : "");
				free(name);
				report_set_str(t, r, H_FIGURE, d->figure ? d->figure : "(whole row)");
				report_set_str(t, r, H_BEFORE, value_text(d->before, b, sizeof(b)));
				report_set_str(t, r, H_AFTER, value_text(d->after, a, sizeof(a)));
				report_set_dbl(t, r, H_CHANGE, d->change_pct);
				report_set_dbl(t, r, H_NOISE, d->noise_pct);
				report_set_str(t, r, H_VERDICT, diff_verdict_names[d->verdict]);
				report_set_str(t, r, H_REASON, d->reason ? d->reason : "");
			}
		}
	return unchanged;
}

/* The changes beyond noise as bars of their change in percent, worse and better apart. */
static void bars(struct report_table *t, const struct diff_result *res)
{
	size_t changed = res->count[DIFF_WORSE] + res->count[DIFF_BETTER], k = 0;
	struct report_chart *c = report_add_chart(t, changed ? "Changes beyond noise and threshold"
							     : "No change beyond noise and threshold");
	struct report_series *s[2];

	c->flags |= REPORT_CHART_BARS;
	report_chart_axis(&c->x, "figure", NULL, 0);
	report_chart_axis(&c->y, "change", "%", 0);
	s[DIFF_WORSE] = report_chart_series(c, "worse", REPORT_SERIES_PLOT);
	s[DIFF_BETTER] = report_chart_series(c, "better", REPORT_SERIES_PLOT);
	s[DIFF_WORSE]->color = "#c92a2a";   /* red and green: read before the legend */
	s[DIFF_BETTER]->color = "#2b8a3e";
	for (int v = DIFF_WORSE; v <= DIFF_BETTER; v++)
		for (size_t i = 0; i < res->n; i++) {
			const struct diff_row *d = &res->rows[i];
			char *name, *label;

			if ((int)d->verdict != v)
				continue;
			name = row_name(d);
			label = gp_xasprintf("%s: %s", d->figure, name);  /* cut at the end: the figure stays */
			/* from nothing: no percentage, a bar to the edge in its direction */
			report_series_add(s[v], (double)k++, isfinite(d->change_pct) ? d->change_pct :
					  copysign(INFINITY, d->after - d->before), label);
			free(label);
			free(name);
		}
}

static void summary_notes(struct report_table *t, const struct diff_run *run, size_t unchanged)
{
	const size_t *n = run->res.count;

	report_note(t, "%zu worse, %zu better, %zu unreliable, %zu new, %zu gone; %zu figure%s the "
		    "same (within the runs' noise or the %g %% threshold)", n[DIFF_WORSE],
		    n[DIFF_BETTER], n[DIFF_UNRELIABLE], n[DIFF_NEW], n[DIFF_GONE], n[DIFF_SAME],
		    tab_plural((long long)n[DIFF_SAME]), run->opts.threshold_pct);
	report_note(t, "rows with a change shown whole; %zu row%s unchanged", unchanged,
		    tab_plural((long long)unchanged));
	for (size_t i = 0; i < run->res.nnotes; i++)
		report_note(t, "%s", run->res.notes[i]);
	report_note(t, "noise: 2 x CoV, else half the best-to-worst spread, else a default per kind "
		    "of figure, never under the kind's floor (PCIe, shared L2 lines); the larger of "
		    "the two runs' (gpuperf-diff(1))");
}

/* "a.csv (CSV)", or "a.csv (CSV, columns of 2026-11-25 b909bbd)": an earlier gpuperf's. */
static char *input_name(const struct diff_input *in)
{
	if (in->shape)
		return gp_xasprintf("%s (%s, columns of %s)", in->name, in->form, in->shape->since);
	return gp_xasprintf("%s (%s)", in->name, in->form);
}

void tab_diff(struct report *r, const struct gp_device *dev, const void *diff_run)
{
	const struct diff_run *run = diff_run;
	struct report_table *t, *h;
	char *title, *before = input_name(&run->before), *after = input_name(&run->after);

	(void)dev;
	t = report_add_table(r, "Verdicts", diff_columns, C_N);
	t->flags |= REPORT_MACHINE_ONLY;
	machine_rows(t, &run->res);
	title = gp_xasprintf("%s: %s -> %s", run->before.command, before, after);
	h = report_add_table(r, title, human_columns, H_N);
	free(title);
	free(before);
	free(after);
	h->flags |= REPORT_HUMAN_ONLY;
	summary_notes(h, run, human_rows(h, &run->res));
	bars(h, &run->res);
}
