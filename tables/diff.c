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

/* "bandwidth: kernel=copy width_bytes=16", or the configuration alone; kernels shortened. */
static char *row_name(const struct diff_row *d)
{
	const char *row = d->label ? d->label : d->config;

	if (d->section && *row)
		return gp_xasprintf("%s: %s", d->section, row);
	return gp_xstrdup(d->section ? d->section : *row ? row : "(the only row)");
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

struct shown {
	size_t k;      /* res->rows[k] */
	int first;     /* its row's first figure: the row is named there */
};

/*
 * The figures people see, in order (into shown): the rows with a change,
 * whole (every figure, the same ones too: a kernel's time and efficiency
 * before and after a fix), those with a worse figure first, then better,
 * unreliable, new and gone, each in file order.  Returns how many;
 * *unchanged counts the rows left out.
 */
static size_t shown_figures(const struct diff_result *res, struct shown *shown, size_t *unchanged)
{
	size_t n = 0;

	*unchanged = 0;
	for (size_t i = 0; i < res->n; i = row_end(res, i))
		*unchanged += row_verdict(res, i, row_end(res, i)) == DIFF_SAME;
	for (int v = 0; v < DIFF_SAME; v++)
		for (size_t i = 0, end; i < res->n; i = end) {
			end = row_end(res, i);
			if ((int)row_verdict(res, i, end) == v)
				for (size_t k = i; k < end; k++)
					shown[n++] = (struct shown){ k, k == i };
		}
	return n;
}

/* Columns on screen of s, counting each UTF-8 sequence once, as the table does. */
static size_t width(const char *s)
{
	size_t w = 0;

	for (; s && *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static const char *pct_text(double v, char *buf, size_t n)
{
	if (!isfinite(v))
		return "n/a";
	snprintf(buf, n, "%.*f", human_columns[H_CHANGE].prec, v);
	return buf;
}

/* The width of the columns beside the row's, with the gaps between them: the row's most. */
static size_t others_width(const struct diff_result *res, const struct shown *shown, size_t n)
{
	size_t w[H_N] = { 0 }, total = 0;
	char b[64], a[64];

	for (int c = H_FIGURE; c < H_N; c++)
		w[c] = width(human_columns[c].header);
	for (size_t i = 0; i < n; i++) {
		const struct diff_row *d = &res->rows[shown[i].k];
		const char *texts[H_N] = {
			[H_FIGURE] = d->figure ? d->figure : "(whole row)",
			[H_BEFORE] = value_text(d->before, b, sizeof(b)),
			[H_AFTER] = value_text(d->after, a, sizeof(a)),
			[H_VERDICT] = diff_verdict_names[d->verdict], [H_REASON] = d->reason,
		};
		char c1[32], c2[32];

		texts[H_CHANGE] = pct_text(d->change_pct, c1, sizeof(c1));
		texts[H_NOISE] = pct_text(d->noise_pct, c2, sizeof(c2));
		for (int c = H_FIGURE; c < H_N; c++) {
			size_t cw = width(texts[c] ? texts[c] : "n/a");
			w[c] = cw > w[c] ? cw : w[c];
		}
	}
	for (int c = H_FIGURE; c < H_N; c++)
		total += w[c] + 2;
	return total - 2;
}

/* name cut to at most max columns, "..." at its end where it is longer. */
static void cut(char *name, size_t max)
{
	size_t w = 0, i = 0;

	if (width(name) <= max || max < 4)
		return;
	for (; name[i] && w < max - 3; i++)
		w += ((unsigned char)name[i] & 0xc0) != 0x80;
	while (((unsigned char)name[i] & 0xc0) == 0x80)  /* the rest of the last character */
		i++;
	strcpy(name + i, "...");
}

/*
 * The rows with a change (shown_figures), each named on its first line,
 * the name never wider than the other columns together.  Returns the
 * unchanged rows.
 */
static size_t human_rows(struct report_table *t, const struct diff_result *res)
{
	struct shown *shown = gp_xcalloc(res->n + 1, sizeof(*shown));
	size_t unchanged, n = shown_figures(res, shown, &unchanged), most = others_width(res, shown, n);
	char b[64], a[64];

	for (size_t i = 0; i < n; i++) {
		const struct diff_row *d = &res->rows[shown[i].k];
		size_t r = report_add_row(t);
		char *name = row_name(d);

		cut(name, most);
		report_set_str(t, r, H_ROW, shown[i].first ? name : "");
		free(name);
		report_set_str(t, r, H_FIGURE, d->figure ? d->figure : "(whole row)");
		report_set_str(t, r, H_BEFORE, value_text(d->before, b, sizeof(b)));
		report_set_str(t, r, H_AFTER, value_text(d->after, a, sizeof(a)));
		report_set_dbl(t, r, H_CHANGE, d->change_pct);
		report_set_dbl(t, r, H_NOISE, d->noise_pct);
		report_set_str(t, r, H_VERDICT, diff_verdict_names[d->verdict]);
		report_set_str(t, r, H_REASON, d->reason ? d->reason : "");
	}
	free(shown);
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

/* "over the PCIe link 6 %, ...": every kind with a floor, from the contracts. */
static char *floor_list(void)
{
	char *list = gp_xstrdup(""), *next;

	for (int k = 0; k < RESULT_NKINDS; k++) {
		double pct = result_floor_noise_pct((enum result_kind)k);

		if (pct <= 0)
			continue;
		next = gp_xasprintf("%s%s%s %g %%", list, *list ? ", " : "",
				    result_kind_name((enum result_kind)k), pct);
		free(list);
		list = next;
	}
	return list;
}

static void summary_notes(struct report_table *t, const struct diff_run *run, size_t unchanged)
{
	const size_t *n = run->res.count;
	char *floors;

	report_note(t, "%zu worse, %zu better, %zu unreliable, %zu new, %zu gone; %zu figure%s the "
		    "same (within the runs' noise or the %g %% threshold)", n[DIFF_WORSE],
		    n[DIFF_BETTER], n[DIFF_UNRELIABLE], n[DIFF_NEW], n[DIFF_GONE], n[DIFF_SAME],
		    tab_plural((long long)n[DIFF_SAME]), run->opts.threshold_pct);
	if (run->res.left_out)
		report_note(t, "%zu figure%s not compared: measured differently (above)",
			    run->res.left_out, tab_plural((long long)run->res.left_out));
	report_note(t, "rows with a change shown whole; %zu row%s unchanged", unchanged,
		    tab_plural((long long)unchanged));
	floors = floor_list();
	report_note(t, "noise: 2 x CoV, else half the best-to-worst spread, else a default per kind "
		    "of figure, never under the kind's floor (%s); the larger of the two runs' "
		    "(gpuperf-diff(1))", floors);
	free(floors);
	report_note(t, "a change under the last digit a figure is printed with (at least 0.5 us for "
		    "a time) is the same, whatever its percent");
}

/* "a.csv (CSV)", or "a.csv (CSV, columns of 2026-11-25 b909bbd)": an earlier gpuperf's. */
static char *input_name(const struct diff_input *in)
{
	if (in->shape)
		return gp_xasprintf("%s (%s, columns of %s)", in->name, in->form, in->shape->since);
	return gp_xasprintf("%s (%s)", in->name, in->form);
}

/* The line naming the two files, then what differs between the runs and what is not compared. */
static char *header(const struct diff_run *run)
{
	char *before = input_name(&run->before), *after = input_name(&run->after);
	char *s = gp_xasprintf("%s: %s -> %s", run->before.command, before, after);

	for (size_t i = 0; i < run->res.nnotes; i++) {
		char *next = gp_xasprintf("%s\n%s", s, run->res.notes[i]);
		free(s);
		s = next;
	}
	free(before);
	free(after);
	return s;
}

void tab_diff(struct report *r, const struct gp_device *dev, const void *diff_run)
{
	const struct diff_run *run = diff_run;
	struct report_table *t, *h;
	char *title;

	(void)dev;
	t = report_add_table(r, "Verdicts", diff_columns, C_N);
	t->flags |= REPORT_MACHINE_ONLY;
	machine_rows(t, &run->res);
	title = header(run);
	h = report_add_table(r, title, human_columns, H_N);
	free(title);
	h->flags |= REPORT_HUMAN_ONLY;
	summary_notes(h, run, human_rows(h, &run->res));
	bars(h, &run->res);
}
