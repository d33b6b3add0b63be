/*
 * Charts: the data of a sweep kept with its table, and the terminal's
 * horizontal bar chart drawn from it, so the shape of a sweep is seen at
 * a glance.  Other renderers (plots) read the same data.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "util/error.h"

static char *dup_or_null(const char *s)
{
	return s ? gp_xstrdup(s) : NULL;
}

struct report_chart *report_add_chart(struct report_table *t, const char *title)
{
	struct report_chart *c = gp_xcalloc(1, sizeof(*c));

	c->title = dup_or_null(title);
	c->text_width = 40;
	c->x.decimals = c->y.decimals = -1;
	t->items = gp_xrealloc(t->items, (t->nitems + 1) * sizeof(*t->items));
	t->items[t->nitems++] = (struct report_item){ NULL, c };
	return c;
}

void report_chart_axis(struct report_axis *a, const char *label, const char *unit, unsigned flags)
{
	free(a->label);
	free(a->unit);
	a->label = dup_or_null(label);
	a->unit = dup_or_null(unit);
	a->flags = flags;
	a->min = a->max = 0;
	a->decimals = -1;
}

char *report_axis_number(const struct report_axis *a, double v, char *buf, size_t n)
{
	if (a->decimals >= 0)
		snprintf(buf, n, "%.*f", a->decimals, v);
	else
		snprintf(buf, n, "%.4g", v);
	return buf;
}

struct report_series *report_chart_series(struct report_chart *c, const char *name, unsigned flags)
{
	struct report_series *s;

	c->series = gp_xrealloc(c->series, (c->nseries + 1) * sizeof(*c->series));
	s = c->series[c->nseries++] = gp_xcalloc(1, sizeof(*s));
	s->name = dup_or_null(name);
	s->flags = flags;
	return s;
}

void report_series_add(struct report_series *s, double x, double y, const char *label)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->x = gp_xrealloc(s->x, s->cap * sizeof(*s->x));
		s->y = gp_xrealloc(s->y, s->cap * sizeof(*s->y));
		s->labels = gp_xrealloc(s->labels, s->cap * sizeof(*s->labels));
		s->w = gp_xrealloc(s->w, s->cap * sizeof(*s->w));
	}
	s->x[s->n] = x;
	s->y[s->n] = y;
	s->w[s->n] = NAN;
	s->labels[s->n++] = dup_or_null(label);
}

void report_series_weight(struct report_series *s, double w)
{
	if (s->n)
		s->w[s->n - 1] = w;
}

void report_chart_marker(struct report_chart *c, char axis, double value, const char *label)
{
	c->markers = gp_xrealloc(c->markers, (c->nmarkers + 1) * sizeof(*c->markers));
	c->markers[c->nmarkers++] = (struct report_marker){ axis, value, dup_or_null(label) };
}

void report_chart_text_title(struct report_chart *c, const char *title)
{
	free(c->text_title);
	c->text_title = dup_or_null(title);
}

void report_chart_free(struct report_chart *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nseries; i++) {
		struct report_series *s = c->series[i];
		for (size_t k = 0; k < s->n; k++)
			free(s->labels[k]);
		free(s->labels);
		free(s->w);
		free(s->x);
		free(s->y);
		free(s->name);
		free(s);
	}
	for (size_t i = 0; i < c->nmarkers; i++)
		free(c->markers[i].label);
	free(c->markers);
	free(c->series);
	free(c->x.label);
	free(c->x.unit);
	free(c->y.label);
	free(c->y.unit);
	free(c->title);
	free(c->text_title);
	free(c);
}

static const struct report_series *text_series(const struct report_chart *c)
{
	for (size_t i = 0; i < c->nseries; i++)
		if (c->series[i]->flags & REPORT_SERIES_TEXT)
			return c->series[i];
	return NULL;
}

void report_render_text_chart(const struct report_chart *c, FILE *out)
{
	const struct report_series *s = text_series(c);
	int skip = (c->flags & REPORT_CHART_SKIP_MISSING) != 0;
	int width = c->text_width < 1 ? 1 : c->text_width;
	const char *unit = c->y.unit ? c->y.unit : "";
	char (*keys)[24];
	size_t lw = 0, shown = 0;
	double max = 0;
	char *bar;

	if (!s)
		return;
	keys = gp_xcalloc(s->n ? s->n : 1, sizeof(*keys));
	for (size_t i = 0; i < s->n; i++) {
		const char *label = s->labels[i] ? s->labels[i] : keys[i];
		if (!s->labels[i])
			snprintf(keys[i], sizeof(keys[i]), "%lld", (long long)s->x[i]);
		if (skip && isnan(s->y[i]))
			continue;
		shown++;
		if (isfinite(s->y[i]) && s->y[i] > max)
			max = s->y[i];
		if (strlen(label) > lw)
			lw = strlen(label);
	}
	if (skip && shown < 2) {
		free(keys);
		return;
	}
	bar = gp_xmalloc((size_t)width + 1);
	fprintf(out, "\n%s\n", c->text_title ? c->text_title : c->title ? c->title : "");
	for (size_t i = 0; i < s->n; i++) {
		const char *label = s->labels[i] ? s->labels[i] : keys[i];
		double v = s->y[i];
		char num[48];
		int len = 0;

		if (skip && isnan(v))
			continue;
		if (!isfinite(v)) {
			fprintf(out, "  %*s | n/a\n", (int)lw, label);
			continue;
		}
		if (max > 0 && v > 0)
			len = (int)lround(v / max * width);
		if (len < 1 && v > 0)
			len = 1;
		memset(bar, '#', (size_t)len);
		bar[len] = '\0';
		fprintf(out, "  %*s | %-*s %s %.*s\n", (int)lw, label, width, bar,
			report_axis_number(&c->y, v, num, sizeof(num)),
			(int)(strlen(unit) - ((c->y.flags & REPORT_AXIS_COUNT) && v == 1 && *unit)), unit);
	}
	free(bar);
	free(keys);
}
