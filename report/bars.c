/*
 * A bar chart panel (REPORT_CHART_BARS): a row per point, its label on
 * the left, a bar from zero to its value on a linear scale, the value at
 * the bar's end, the series in the legend by colour.  A value beyond any
 * scale (infinite) draws a bar to the edge, marked so.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "report/plot.h"
#include "report/ticks.h"
#include "report/xml.h"
#include "util/error.h"

#define PAD 16.0
#define TOP 34.0                   /* under the panel's title */
#define ROW 18.0                   /* a bar's row */
#define LABEL_W 300.0              /* the labels' column */
#define LEFT (PAD + LABEL_W + 8)   /* the value scale */
#define RIGHT (PLOT_WIDTH - 64.0)  /* room for the last value's text */
#define UNDER 40.0                 /* the ticks and the axis title */
#define LEGEND 22.0
#define CHAR_W 6.2

static size_t nbars(const struct report_chart *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nseries; i++)
		if (c->series[i]->flags & REPORT_SERIES_PLOT)
			n += c->series[i]->n;
	return n;
}

double plot_bars_height(const struct report_chart *c)
{
	return TOP + plot_title(NULL, c->title) + (double)(nbars(c) ? nbars(c) : 1) * ROW + UNDER +
	       LEGEND;
}

static double px(const struct plot_scale *s, double v)
{
	return LEFT + plot_scale_pos(s, v) * (RIGHT - LEFT);
}

/* Zero and every finite value, in a linear scale. */
static void scale(const struct report_chart *c, struct plot_scale *s)
{
	double lo = 0, hi = 0;

	for (size_t i = 0; i < c->nseries; i++)
		for (size_t k = 0; k < c->series[i]->n; k++)
			if (isfinite(c->series[i]->y[k])) {
				lo = fmin(lo, c->series[i]->y[k]);
				hi = fmax(hi, c->series[i]->y[k]);
			}
	for (size_t i = 0; i < c->nmarkers; i++)
		if (c->markers[i].axis == 'y' && isfinite(c->markers[i].value)) {
			lo = fmin(lo, c->markers[i].value);
			hi = fmax(hi, c->markers[i].value);
		}
	if (lo == hi)
		hi = lo + 1;
	plot_scale_make(s, lo, hi, 0, PLOT_ZERO);
}

static void ticks(const struct report_chart *c, const struct plot_scale *s, double bottom,
		  double top, FILE *out)
{
	char buf[64], title[128];

	fputs("<g class=\"axis x\" font-size=\"11\" fill=\"#495057\" text-anchor=\"middle\">\n", out);
	for (size_t i = 0; i < s->nticks; i++) {
		double x = px(s, s->ticks[i]);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
			x, top, x, bottom, s->ticks[i] == 0 ? "#495057" : "#e9ecef");
		plot_text(out, x, bottom + 16, "class=\"tick\"", plot_tick_label(s, i, buf, sizeof(buf)), 0);
	}
	snprintf(title, sizeof(title), "%s%s%s%s", c->y.label ? c->y.label : "",
		 c->y.unit ? " (" : "", c->y.unit ? c->y.unit : "", c->y.unit ? ")" : "");
	plot_text(out, (LEFT + RIGHT) / 2, bottom + 34, "class=\"label\" font-size=\"12\" fill=\"#212529\"",
		  title, 0);
	fputs("</g>\n", out);
}

static void bar(const struct report_chart *c, const struct plot_scale *s, const char *color,
		const char *label, double v, double y, FILE *out)
{
	double x0 = px(s, 0), x1 = isfinite(v) ? px(s, v) : v > 0 ? RIGHT : LEFT;
	double lo = fmin(x0, x1), w = fmax(fabs(x1 - x0), 1.0);
	char text[64];

	plot_text(out, PAD + LABEL_W, y + ROW - 5, "text-anchor=\"end\"", label,
		  (size_t)(LABEL_W / CHAR_W));
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
		"<title>", lo, y + 3, w, ROW - 6, color);
	xml_text(out, label, 0);
	if (isfinite(v) && (c->flags & PLOT_BARS_VALUES))
		report_axis_number(&c->y, v, text, sizeof(text));
	else if (isfinite(v))
		snprintf(text, sizeof(text), "%+.1f", v);
	else
		snprintf(text, sizeof(text), "%s", v > 0 ? "from zero, up" : "from zero, down");
	fputs(": ", out);
	xml_text(out, text, 0);
	fputs("</title></rect>\n", out);
	/* past a bar's end going right; across the zero line from a bar going left (clear of the labels) */
	plot_text(out, v < 0 ? x0 + 4 : lo + w + 4, y + ROW - 5, "font-size=\"10\"", text, 0);
}

void plot_bars_panel(const struct report_chart *c, double y, FILE *out)
{
	double top = TOP + plot_title(NULL, c->title), row = top, lx = PAD;
	double bottom = top + (double)(nbars(c) ? nbars(c) : 1) * ROW;
	struct plot_scale s;
	size_t nth = 0;

	scale(c, &s);
	fprintf(out, "<g class=\"chart bars\" transform=\"translate(0,%.1f)\">\n<title>", y);
	xml_text(out, c->title ? c->title : "", 0);
	fputs("</title>\n", out);
	plot_title(out, c->title);
	ticks(c, &s, bottom, top, out);
	fputs("<g class=\"series\" font-size=\"11\" fill=\"#212529\">\n", out);
	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *ser = c->series[i];
		const char *color;
		if (!(ser->flags & REPORT_SERIES_PLOT))
			continue;
		color = ser->color ? ser->color : plot_series_color(nth);
		nth++;
		for (size_t k = 0; k < ser->n; k++, row += ROW)
			bar(c, &s, color, ser->labels[k] ? ser->labels[k] : "", ser->y[k], row, out);
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"10\" fill=\"%s\"/>\n", lx,
			bottom + UNDER + 4, color);
		plot_text(out, lx + 16, bottom + UNDER + 13, "", ser->name, 24);
		lx += 24 + CHAR_W * (double)xml_chars(ser->name ? ser->name : "") + 16;
	}
	fputs("</g>\n", out);
	/* reference values (an ideal) as dashed lines across the bars, named in the legend */
	for (size_t i = 0; i < c->nmarkers; i++) {
		const struct report_marker *m = &c->markers[i];
		char v[48], *name;
		double x;

		if (m->axis != 'y' || !isfinite(m->value))
			continue;
		x = px(&s, m->value);
		fprintf(out, "<g class=\"markers\" stroke=\"#868e96\" stroke-dasharray=\"5 3\" font-size=\"11\" "
			"fill=\"#212529\">\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x, top,
			x, bottom);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", lx,
			bottom + UNDER + 9, lx + 18, bottom + UNDER + 9);
		snprintf(v, sizeof(v), "%.4g", m->value);
		name = gp_xasprintf("%s = %s%s%s", m->label ? m->label : "", v, c->y.unit ? " " : "",
				    c->y.unit ? c->y.unit : "");
		plot_text(out, lx + 22, bottom + UNDER + 13, "stroke=\"none\"", name, 0);
		lx += 22 + plot_text_width(name, 11) + 16;
		free(name);
		fputs("</g>\n", out);
	}
	fputs("</g>\n", out);
}
