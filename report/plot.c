/*
 * One chart as SVG elements: axes with ticks and units, the plot series,
 * reference lines and a legend.  Presentation attributes rather than CSS
 * and sizes in px, so that browsers, rsvg and document editors draw it
 * alike; no scripts, no fonts but the system's.  The --plot picture
 * (svg.c) and the HTML page (html.c) are made of these panels.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/plot.h"
#include "report/ticks.h"
#include "report/xml.h"
#include "util/compat.h"
#include "util/error.h"

#define PAD 16.0
#define LEFT 76.0                  /* the plot area, after the y ticks */
#define RIGHT (PLOT_WIDTH - 24.0)
#define TOP 34.0                   /* under the panel's title */
#define HEIGHT 270.0
#define UNDER 58.0                 /* the x ticks and the x label */
#define ROW 16.0                   /* a legend line */
#define COLS 3                     /* legend columns */
#define CHAR_W 6.2                 /* an 11 px character, about: for cutting text to fit */
#define FONT "DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif"

/* Ten colours apart in hue and lightness, then the same with dashes. */
static const char *const colors[] = {
	"#1f5aa6", "#d9480f", "#2b8a3e", "#c2255c", "#6741d9",
	"#8c6d1f", "#0b7285", "#495057", "#e64980", "#74b816",
};
static const char *const dashes[] = { NULL, "7 3", "2 2", "8 3 2 3" };

/* How the nth plot series is drawn: a model's line dashed, its dots open. */
struct pen {
	const char *color, *dash;
	int open;
};

static struct pen pen_of(const struct report_series *s, size_t nth)
{
	struct pen p = { colors[nth % ARRAY_SIZE(colors)],
			 dashes[(nth / ARRAY_SIZE(colors)) % ARRAY_SIZE(dashes)], 0 };

	if (s->flags & REPORT_SERIES_MODEL) {
		p.dash = "6 3";
		p.open = 1;
	}
	return p;
}

/* A dot: filled, or open (white inside) for a model. */
static void dot(FILE *out, struct pen p, double x, double y, double r, int close)
{
	fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"", x, y, r);
	if (p.open)
		fprintf(out, " fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"1.2\"", p.color);
	else
		fprintf(out, " fill=\"%s\" stroke=\"none\"", p.color);
	fputs(close ? "/>\n" : ">", out);
}

static int usable(const struct report_axis *a, double v)
{
	return isfinite(v) && (!(a->flags & REPORT_AXIS_LOG) || v > 0);
}

static int point_usable(const struct report_chart *c, const struct report_series *s, size_t k)
{
	return usable(&c->x, s->x[k]) && usable(&c->y, s->y[k]);
}

static size_t usable_points(const struct report_chart *c, const struct report_series *s)
{
	size_t n = 0;

	for (size_t k = 0; k < s->n; k++)
		n += point_usable(c, s, k);
	return n;
}

int plot_drawable(const struct report_chart *c)
{
	for (size_t i = 0; i < c->nseries; i++)
		if ((c->series[i]->flags & REPORT_SERIES_PLOT) && usable_points(c, c->series[i]) >= 2)
			return 1;
	return 0;
}

static size_t legend(const struct report_chart *c, double top, FILE *out);

double plot_panel_height(const struct report_chart *c)
{
	return TOP + HEIGHT + UNDER + (double)legend(c, 0, NULL) * ROW + 4;
}

void plot_svg_attrs(double h, FILE *out)
{
	fprintf(out, "width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" font-family=\"%s\"",
		PLOT_WIDTH, ceil(h), PLOT_WIDTH, ceil(h), FONT);
}

/* ---- one panel ---- */

struct frame {
	const struct report_chart *c;
	struct plot_scale x, y;
	double top, bottom;
};

static void widen(double *lo, double *hi, double v)
{
	*lo = fmin(*lo, v);
	*hi = fmax(*hi, v);
}

/*
 * The data of every plot series, and the y reference lines (a peak is
 * meant to be seen); x values all whole (offsets, strides) get whole ticks.
 */
static void make_scales(struct frame *f)
{
	const struct report_chart *c = f->c;
	double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
	unsigned whole = PLOT_WHOLE;

	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *s = c->series[i];
		for (size_t k = 0; (s->flags & REPORT_SERIES_PLOT) && k < s->n; k++)
			if (point_usable(c, s, k)) {
				widen(&xlo, &xhi, s->x[k]);
				widen(&ylo, &yhi, s->y[k]);
				if (s->x[k] != floor(s->x[k]))
					whole = 0;
			}
	}
	for (size_t i = 0; i < c->nmarkers; i++)
		if (c->markers[i].axis == 'y' && usable(&c->y, c->markers[i].value))
			widen(&ylo, &yhi, c->markers[i].value);
	if (c->x.min < c->x.max && usable(&c->x, c->x.min)) {
		widen(&xlo, &xhi, c->x.min);
		widen(&xlo, &xhi, c->x.max);
	}
	if (c->y.min < c->y.max && usable(&c->y, c->y.min)) {
		widen(&ylo, &yhi, c->y.min);
		widen(&ylo, &yhi, c->y.max);
	}
	plot_scale_make(&f->x, xlo, xhi, c->x.flags, PLOT_TIGHT | whole);
	plot_scale_make(&f->y, ylo, yhi, c->y.flags, PLOT_ZERO);
	f->top = TOP;
	f->bottom = TOP + HEIGHT;
}

static double px(const struct frame *f, double v)
{
	return LEFT + plot_scale_pos(&f->x, v) * (RIGHT - LEFT);
}

static double py(const struct frame *f, double v)
{
	return f->bottom - plot_scale_pos(&f->y, v) * HEIGHT;
}

/* "bandwidth (GB/s)"; sizes and counted things say their unit in the ticks. */
static void axis_title(const struct report_axis *a, char *buf, size_t n)
{
	int unit = a->unit && *a->unit && !(a->flags & (REPORT_AXIS_BYTES | REPORT_AXIS_COUNT));

	snprintf(buf, n, "%s%s%s%s", a->label ? a->label : "", unit ? " (" : "",
		 unit ? a->unit : "", unit ? ")" : "");
}

/* "3352 GB/s", "8.25 MiB", "1 sector" */
static const char *value_text(const struct report_axis *a, double v, char *buf, size_t n)
{
	const char *unit = a->unit && *a->unit && !(a->flags & REPORT_AXIS_BYTES) ? a->unit : "";
	size_t len = strlen(unit);
	char num[48];

	plot_value_label(v, a->flags, num, sizeof(num));
	if ((a->flags & REPORT_AXIS_COUNT) && v == 1 && len)
		len--;  /* "1 sector" */
	snprintf(buf, n, "%s%s%.*s", num, len ? " " : "", (int)len, unit);
	return buf;
}

void plot_text(FILE *out, double x, double y, const char *attrs, const char *s, size_t max)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attrs ? " " : "", attrs);
	xml_text(out, s ? s : "", max);
	fputs("</text>\n", out);
}

static void axes(const struct frame *f, FILE *out)
{
	char buf[64], title[256];

	fputs("<g class=\"axis x\" font-size=\"11\" fill=\"#495057\" text-anchor=\"middle\">\n", out);
	for (size_t i = 0; i < f->x.nticks; i++) {
		double x = px(f, f->x.ticks[i]);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e9ecef\"/>\n",
			x, f->top, x, f->bottom);
		plot_text(out, x, f->bottom + 16, "class=\"tick\"", plot_tick_label(&f->x, i, buf, sizeof(buf)), 0);
	}
	axis_title(&f->c->x, title, sizeof(title));
	plot_text(out, (LEFT + RIGHT) / 2, f->bottom + 38, "class=\"label\" font-size=\"12\" fill=\"#212529\"",
	     title, 0);
	fputs("</g>\n<g class=\"axis y\" font-size=\"11\" fill=\"#495057\" text-anchor=\"end\">\n", out);
	for (size_t i = 0; i < f->y.nticks; i++) {
		double y = py(f, f->y.ticks[i]);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e9ecef\"/>\n",
			LEFT, y, RIGHT, y);
		plot_text(out, LEFT - 6, y + 4, "class=\"tick\"", plot_tick_label(&f->y, i, buf, sizeof(buf)), 0);
	}
	axis_title(&f->c->y, title, sizeof(title));
	fprintf(out, "<text class=\"label\" transform=\"translate(%.1f,%.1f) rotate(-90)\" "
		"font-size=\"12\" fill=\"#212529\" text-anchor=\"middle\">", PAD + 2, (f->top + f->bottom) / 2);
	xml_text(out, title, 48);
	fputs("</text>\n</g>\n", out);
}

/* Indices of s's usable points in x order: a line joins neighbours, however they were added. */
static size_t *by_x(const struct report_series *s, size_t *n)
{
	size_t *idx = gp_xcalloc(s->n ? s->n : 1, sizeof(*idx));

	*n = 0;
	for (size_t k = 0; k < s->n; k++) {
		size_t j = (*n)++;
		while (j > 0 && s->x[idx[j - 1]] > s->x[k]) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = k;
	}
	return idx;
}

static void series(const struct frame *f, const struct report_series *s, size_t nth, FILE *out)
{
	const struct report_chart *c = f->c;
	struct pen p = pen_of(s, nth);
	double r = s->n > 64 ? 1.6 : 2.4;
	size_t n, *idx = by_x(s, &n);
	int pen = 0;
	char xt[64], yt[64];

	fprintf(out, "<g class=\"series\">\n<title>");
	xml_text(out, s->name ? s->name : "", 0);
	fprintf(out, "</title>\n<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" "
		"stroke-linejoin=\"round\"", p.color);
	if (p.dash)
		fprintf(out, " stroke-dasharray=\"%s\"", p.dash);
	fputs(" d=\"", out);
	for (size_t i = 0; i < n; i++) {
		size_t k = idx[i];
		if (!point_usable(c, s, k)) {
			pen = 0;  /* a missing value breaks the line */
			continue;
		}
		fprintf(out, "%s%.1f %.1f", pen ? " L" : (i ? " M" : "M"), px(f, s->x[k]), py(f, s->y[k]));
		pen = 1;
	}
	fputs("\"/>\n", out);
	for (size_t i = 0; i < n && !(s->flags & REPORT_SERIES_LINE); i++) {
		size_t k = idx[i];
		if (!point_usable(c, s, k))
			continue;
		dot(out, p, px(f, s->x[k]), py(f, s->y[k]), r, 0);
		fputs("<title>", out);
		value_text(&c->x, s->x[k], xt, sizeof(xt));
		value_text(&c->y, s->y[k], yt, sizeof(yt));
		xml_text(out, xt, 0);
		fputs(": ", out);
		xml_text(out, yt, 0);
		fputs("</title></circle>\n", out);
	}
	fputs("</g>\n", out);
	free(idx);
}

/* Reference lines: x ones where the axis reaches them, y ones always (the scale took them in). */
static void markers(const struct frame *f, FILE *out)
{
	const struct report_chart *c = f->c;

	fputs("<g class=\"markers\" stroke=\"#868e96\" stroke-dasharray=\"5 3\" font-size=\"10\" "
	      "fill=\"#495057\">\n", out);
	for (size_t i = 0; i < c->nmarkers; i++) {
		const struct report_marker *m = &c->markers[i];
		double v = m->value;

		if (m->axis == 'x') {
			double x;
			if (!usable(&c->x, v) || v < f->x.lo || v > f->x.hi)
				continue;
			x = px(f, v);
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x, f->top, x,
				f->bottom);
			fprintf(out, "<text stroke=\"none\" text-anchor=\"end\" "
				"transform=\"translate(%.1f,%.1f) rotate(-90)\">", x - 3, f->top + 4);
			xml_text(out, m->label ? m->label : "", (size_t)(HEIGHT / CHAR_W));
			fputs("</text>\n", out);
		} else if (usable(&c->y, v)) {
			double y = py(f, v);
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", LEFT, y, RIGHT, y);
			plot_text(out, RIGHT - 4, y - 4, "stroke=\"none\" text-anchor=\"end\"", m->label,
			     (size_t)((RIGHT - LEFT) / CHAR_W));
		}
	}
	fputs("</g>\n", out);
}

/* Legend entry k (plot series first, then reference lines): its text, or NULL past the last. */
static char *entry_text(const struct report_chart *c, size_t k, const struct report_series **s,
			const struct report_marker **m)
{
	char v[64];

	*s = NULL;
	*m = NULL;
	for (size_t i = 0; i < c->nseries; i++)
		if ((c->series[i]->flags & REPORT_SERIES_PLOT) && k-- == 0) {
			*s = c->series[i];
			return gp_xasprintf("%s%s", (*s)->name ? (*s)->name : "",
					    usable_points(c, *s) ? "" : " (no data)");
		}
	if (k >= c->nmarkers)
		return NULL;
	*m = &c->markers[k];
	return gp_xasprintf("%s = %s", (*m)->label ? (*m)->label : "",
			    value_text((*m)->axis == 'x' ? &c->x : &c->y, (*m)->value, v, sizeof(v)));
}

static void entry(FILE *out, double x, double y, const struct report_series *s, size_t nth,
		  const char *label, size_t max)
{
	struct pen p = { "#868e96", "5 3", 0 };  /* a reference line's */

	if (s)
		p = pen_of(s, nth);
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
		"stroke-width=\"%s\"%s%s%s/>\n", x, y - 4, x + 24, y - 4, p.color, s ? "1.6" : "1",
		p.dash ? " stroke-dasharray=\"" : "", p.dash ? p.dash : "", p.dash ? "\"" : "");
	if (s && !(s->flags & REPORT_SERIES_LINE))
		dot(out, p, x + 12, y - 4, 2.4, 1);
	plot_text(out, x + 30, y, "", label, max);
}

/*
 * The legend from top, left to right in COLS columns, an entry too long
 * for one column over two or three; out NULL only counts.  Returns rows.
 */
static size_t legend(const struct report_chart *c, double top, FILE *out)
{
	double colw = (PLOT_WIDTH - 2 * PAD) / COLS;
	const struct report_series *s;
	const struct report_marker *m;
	size_t col = 0, row = 0, k = 0, nth = 0;
	char *label;

	if (out)
		fputs("<g class=\"legend\" font-size=\"11\" fill=\"#212529\">\n", out);
	for (; (label = entry_text(c, k, &s, &m)); k++) {
		size_t span = (size_t)ceil((34 + CHAR_W * (double)xml_chars(label)) / colw);

		span = span > COLS ? COLS : span;
		if (col + span > COLS) {
			col = 0;
			row++;
		}
		if (out)
			entry(out, PAD + (double)col * colw, top + (double)row * ROW, s, nth, label,
			      (size_t)(((double)span * colw - 34) / CHAR_W));
		nth += s != NULL;
		col += span;
		free(label);
	}
	if (out)
		fputs("</g>\n", out);
	return k ? row + 1 : 0;
}

void plot_panel(const struct report_chart *c, double y, FILE *out)
{
	struct frame f = { .c = c };
	size_t nth = 0;

	make_scales(&f);
	fprintf(out, "<g class=\"chart\" transform=\"translate(0,%.1f)\">\n<title>", y);
	xml_text(out, c->title ? c->title : "", 0);
	fputs("</title>\n", out);
	plot_text(out, PAD, 20, "class=\"title\" font-size=\"13\" font-weight=\"bold\" fill=\"#212529\"",
	     c->title, 0);
	axes(&f, out);
	for (size_t i = 0; i < c->nseries; i++)
		if (c->series[i]->flags & REPORT_SERIES_PLOT)
			series(&f, c->series[i], nth++, out);
	markers(&f, out);
	fprintf(out, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		"fill=\"none\" stroke=\"#adb5bd\"/>\n", LEFT, f.top, RIGHT - LEFT, HEIGHT);
	legend(c, f.bottom + UNDER, out);
	fputs("</g>\n", out);
}
