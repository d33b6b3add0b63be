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

/* After ten colours (plot_series_color), the same with dashes. */
static const char *const dashes[] = { NULL, "7 3", "2 2", "8 3 2 3" };

/* How the nth plot series is drawn: a model's line dashed, its dots open. */
struct pen {
	const char *color, *dash;
	int open;
};

static struct pen pen_of(const struct report_series *s, size_t nth)
{
	struct pen p = { s->color ? s->color : plot_series_color(nth),
			 dashes[(nth / PLOT_NCOLORS) % ARRAY_SIZE(dashes)], 0 };

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
	if (c->flags & REPORT_CHART_BARS)
		return 1;
	for (size_t i = 0; i < c->nseries; i++)
		if ((c->series[i]->flags & REPORT_SERIES_PLOT) && usable_points(c, c->series[i]) >= 2)
			return 1;
	return 0;
}

static size_t legend(const struct report_chart *c, double top, FILE *out);

/*
 * Whether c is a line chart of two points at most per series (all's two
 * offsets): bars say that better than a line.  Ceilings and labelled
 * points stay as they are.
 */
static int few_points(const struct report_chart *c)
{
	size_t most = 0;

	if (c->flags & REPORT_CHART_BARS)
		return 0;
	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *s = c->series[i];
		size_t n;
		if (!(s->flags & REPORT_SERIES_PLOT))
			continue;
		if (s->flags & (REPORT_SERIES_LINE | REPORT_SERIES_POINTS) || (n = usable_points(c, s)) > 2)
			return 0;
		most = n > most ? n : most;
	}
	return most == 2;
}

static const char *value_text(const struct report_axis *a, double v, char *buf, size_t n);

/* c as bars (few_points): a row per usable point, "offset 1" beside it; free with bars_free. */
static struct report_chart *as_bars(const struct report_chart *c)
{
	struct report_chart *b = gp_xmalloc(sizeof(*b));

	*b = *c;
	b->flags |= REPORT_CHART_BARS | PLOT_BARS_VALUES;
	b->series = gp_xcalloc(c->nseries ? c->nseries : 1, sizeof(*b->series));
	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *s = c->series[i];
		struct report_series *t = b->series[i] = gp_xcalloc(1, sizeof(*t));
		char v[64];

		*t = *s;
		t->n = 0;
		t->x = gp_xcalloc(s->n + 1, sizeof(double));
		t->y = gp_xcalloc(s->n + 1, sizeof(double));
		t->labels = gp_xcalloc(s->n + 1, sizeof(char *));
		for (size_t k = 0; k < s->n; k++) {
			if (!point_usable(c, s, k))
				continue;
			t->x[t->n] = s->x[k];
			t->y[t->n] = s->y[k];
			t->labels[t->n++] = gp_xasprintf("%s %s", c->x.label ? c->x.label : "",
							 value_text(&c->x, s->x[k], v, sizeof(v)));
		}
	}
	return b;
}

static void bars_free(struct report_chart *b)
{
	for (size_t i = 0; i < b->nseries; i++) {
		for (size_t k = 0; k < b->series[i]->n; k++)
			free(b->series[i]->labels[k]);
		free(b->series[i]->labels);
		free(b->series[i]->x);
		free(b->series[i]->y);
		free(b->series[i]);
	}
	free(b->series);
	free(b);
}

double plot_panel_height(const struct report_chart *c)
{
	if (few_points(c)) {
		struct report_chart *b = as_bars(c);
		double h = plot_bars_height(b);
		bars_free(b);
		return h;
	}
	if (c->flags & REPORT_CHART_BARS)
		return plot_bars_height(c);
	return TOP + plot_title(NULL, c->title) + HEIGHT + UNDER +
	       (double)legend(c, 0, NULL) * ROW + 4;
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
	f->top = TOP + plot_title(NULL, c->title);
	f->bottom = f->top + HEIGHT;
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

	if (a->decimals >= 0 && !(a->flags & REPORT_AXIS_BYTES))
		snprintf(num, sizeof(num), "%.*f", a->decimals, v);
	else
		plot_value_label(v, a->flags, num, sizeof(num));
	if ((a->flags & REPORT_AXIS_COUNT) && v == 1 && len)
		len--;  /* "1 sector" */
	snprintf(buf, n, "%s%s%.*s", num, len ? " " : "", (int)len, unit);
	return buf;
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

/* A point's tooltip: "x unit: y unit", or "label: x unit, y unit". */
static void point_title(FILE *out, const struct report_chart *c, const char *label, double x, double y)
{
	char xt[64], yt[64];

	fputs("<title>", out);
	if (label) {
		xml_text(out, label, 0);
		fputs(": ", out);
	}
	xml_text(out, value_text(&c->x, x, xt, sizeof(xt)), 0);
	fputs(label ? ", " : ": ", out);
	xml_text(out, value_text(&c->y, y, yt, sizeof(yt)), 0);
	fputs("</title>", out);
}

/* ---- labels (points', reference lines') placed clear of the data and of each other ---- */

struct box {
	double x0, y0, x1, y1;
};

#define MARK_SIZE 10.0            /* the labels' font size */
#define ASCENT (0.76 * MARK_SIZE)
#define DESCENT (0.24 * MARK_SIZE)
#define MAX_PLACED 32

struct room {
	double (*seg)[4];             /* the series' lines: x0 y0 x1 y1 */
	size_t nseg;
	struct box *dots, placed[MAX_PLACED];
	size_t ndots, nplaced;
};

static int boxes_meet(const struct box *a, const struct box *b)
{
	return fmin(a->x1, b->x1) > fmax(a->x0, b->x0) && fmin(a->y1, b->y1) > fmax(a->y0, b->y0);
}

/* Whether the segment crosses b (Liang-Barsky clipping). */
static int seg_meets(const double *sg, const struct box *b)
{
	double t0 = 0, t1 = 1, dx = sg[2] - sg[0], dy = sg[3] - sg[1];
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { sg[0] - b->x0, b->x1 - sg[0], sg[1] - b->y0, b->y1 - sg[1] };

	for (int i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return 0;
			continue;
		}
		if (p[i] < 0)
			t0 = fmax(t0, q[i] / p[i]);
		else
			t1 = fmin(t1, q[i] / p[i]);
		if (t0 > t1)
			return 0;
	}
	return 1;
}

/* Whether b lies inside the frame, clear of the data and of the labels placed. */
static int free_at(const struct frame *f, const struct room *r, const struct box *b)
{
	struct box pad = { b->x0 - 1, b->y0 - 1, b->x1 + 1, b->y1 + 1 };

	if (b->x0 < LEFT + 1 || b->x1 > RIGHT - 1 || b->y0 < f->top + 1 || b->y1 > f->bottom - 1)
		return 0;
	for (size_t i = 0; i < r->nseg; i++)
		if (seg_meets(r->seg[i], &pad))
			return 0;
	for (size_t i = 0; i < r->ndots; i++)
		if (boxes_meet(&r->dots[i], &pad))
			return 0;
	for (size_t i = 0; i < r->nplaced; i++)
		if (boxes_meet(&r->placed[i], &pad))
			return 0;
	return 1;
}

/* Whether b is free (free_at); if so it is taken: later labels keep clear of it. */
static int claim(const struct frame *f, struct room *r, const struct box *b)
{
	if (!free_at(f, r, b))
		return 0;
	if (r->nplaced < MAX_PLACED)
		r->placed[r->nplaced++] = *b;
	return 1;
}

#define POINT_R_MIN 3.0
#define POINT_R_MAX 14.0
#define POINT_LABEL_MAX 36      /* characters of a point's label */

/* The largest weight of s's usable points (REPORT_SERIES_POINTS): the largest disc. */
static double weight_max(const struct report_chart *c, const struct report_series *s)
{
	double wmax = 0;

	for (size_t k = 0; s->w && k < s->n; k++)
		if (point_usable(c, s, k) && s->w[k] > wmax)
			wmax = s->w[k];
	return wmax;
}

/* The radius of point k of a REPORT_SERIES_POINTS series: its area by its weight. */
static double point_radius(const struct report_series *s, size_t k, double wmax)
{
	double r = POINT_R_MIN;

	if (wmax > 0 && s->w && s->w[k] > 0)
		r += (POINT_R_MAX - POINT_R_MIN) * sqrt(s->w[k] / wmax);
	return r;
}

/* The lines and dots of every plot series, in px. */
static void room_make(const struct frame *f, struct room *r)
{
	const struct report_chart *c = f->c;
	size_t cap = 0;

	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < c->nseries; i++)
		cap += c->series[i]->n;
	r->seg = gp_xcalloc(cap + 1, sizeof(*r->seg));
	r->dots = gp_xcalloc(cap + 1, sizeof(*r->dots));
	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *s = c->series[i];
		double rad = s->n > 64 ? 1.6 : 2.4, wmax = weight_max(c, s);
		size_t n, *idx;
		int pen = 0;

		if (!(s->flags & REPORT_SERIES_PLOT))
			continue;
		idx = by_x(s, &n);
		for (size_t j = 0; j < n; j++) {
			size_t k = idx[j];
			double x, y;
			if (!point_usable(c, s, k)) {
				pen = 0;
				continue;
			}
			x = px(f, s->x[k]);
			y = py(f, s->y[k]);
			if (s->flags & REPORT_SERIES_POINTS)
				rad = point_radius(s, k, wmax);
			if (!(s->flags & REPORT_SERIES_LINE))
				r->dots[r->ndots++] = (struct box){ x - rad, y - rad, x + rad, y + rad };
			if (pen && !(s->flags & REPORT_SERIES_POINTS)) {
				r->seg[r->nseg][2] = x;
				r->seg[r->nseg++][3] = y;
			}
			r->seg[r->nseg][0] = x;
			r->seg[r->nseg][1] = y;
			pen = 1;
		}
		free(idx);
	}
}

/* The free box for a w px label nearest the point (x, y) of radius r beyond ring 0; 0 if none. */
static int nearest_free(const struct frame *f, const struct room *rm, double x, double y, double r,
			double w, struct box *best)
{
	double best_d = INFINITY;

	for (double y0 = f->top + 2; y0 + MARK_SIZE < f->bottom - 2; y0 += 4)
		for (double x0 = LEFT + 2; x0 + w < RIGHT - 2; x0 += 4) {
			struct box b = { x0, y0, x0 + w, y0 + MARK_SIZE };
			double dx = fmax(fmax(b.x0 - x, x - b.x1), 0), dy = fmax(fmax(b.y0 - y, y - b.y1), 0);
			double d = hypot(dx, dy);

			if (d > r && d < best_d && free_at(f, rm, &b)) {
				best_d = d;
				*best = b;
			}
		}
	return isfinite(best_d);
}

/*
 * A point's label beside its disc, the first place free of the data and
 * of other labels: right, left, above, below, then the corners; else the
 * nearest free place in the frame, a thin line leading to it.
 */
static void point_label(const struct frame *f, struct room *rm, double x, double y, double r,
			const char *label, FILE *out)
{
	static const signed char dirs[8][2] = {
		{ 1, 0 }, { -1, 0 }, { 0, -1 }, { 0, 1 }, { 1, -1 }, { 1, 1 }, { -1, -1 }, { -1, 1 },
	};
	static const char attrs[] = "class=\"point-label\" font-size=\"10\" fill=\"#212529\"";
	double w = plot_text_width(label, MARK_SIZE), lx, ly, edge;
	struct box b;

	for (int i = 0; i < 8; i++) {
		double ax = x + dirs[i][0] * (r + 3), ay = y + dirs[i][1] * (r + 3);
		double x0 = dirs[i][0] > 0 ? ax : dirs[i][0] < 0 ? ax - w : ax - w / 2;
		double base = dirs[i][1] < 0 ? ay - DESCENT : dirs[i][1] > 0 ? ay + ASCENT :
			      ay + (ASCENT - DESCENT) / 2;

		b = (struct box){ x0, base - ASCENT, x0 + w, base + DESCENT };
		if (claim(f, rm, &b)) {
			plot_text(out, x0, base, attrs, label, POINT_LABEL_MAX);
			return;
		}
	}
	if (!nearest_free(f, rm, x, y, r, w, &b) || !claim(f, rm, &b))
		return;   /* no room at all: the point's tooltip names it */
	/* from the disc's edge to the label's nearest point */
	lx = fmin(fmax(x, b.x0), b.x1);
	ly = fmin(fmax(y, b.y0), b.y1);
	edge = r / fmax(hypot(lx - x, ly - y), r);
	fprintf(out, "<line class=\"leader\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"#868e96\" stroke-width=\"0.8\"/>\n", x + (lx - x) * edge,
		y + (ly - y) * edge, lx, ly);
	plot_text(out, b.x0, b.y1 - DESCENT, attrs, label, POINT_LABEL_MAX);
}

/* A labelled point, for point_labels' order. */
struct labelled {
	const struct report_series *s;
	size_t k;
	double r;
};

static int heavier_first(const void *a, const void *b)
{
	const struct labelled *x = a, *y = b;
	double wx = x->s->w ? x->s->w[x->k] : 0, wy = y->s->w ? y->s->w[y->k] : 0;

	wx = isfinite(wx) ? wx : 0;
	wy = isfinite(wy) ? wy : 0;
	return (wx < wy) - (wx > wy);
}

/* Every point's label (REPORT_SERIES_POINTS), the heaviest first: it gets the nearest place. */
static void point_labels(const struct frame *f, struct room *rm, FILE *out)
{
	const struct report_chart *c = f->c;
	struct labelled *v;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < c->nseries; i++)
		cap += c->series[i]->n;
	v = gp_xcalloc(cap + 1, sizeof(*v));
	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *s = c->series[i];
		double wmax = weight_max(c, s);

		for (size_t k = 0; (s->flags & REPORT_SERIES_POINTS) && (s->flags & REPORT_SERIES_PLOT) &&
				   k < s->n; k++)
			if (point_usable(c, s, k) && s->labels[k])
				v[n++] = (struct labelled){ s, k, point_radius(s, k, wmax) };
	}
	qsort(v, n, sizeof(*v), heavier_first);
	fputs("<g class=\"point-labels\">\n", out);
	for (size_t i = 0; i < n; i++)
		point_label(f, rm, px(f, v[i].s->x[v[i].k]), py(f, v[i].s->y[v[i].k]), v[i].r,
			    v[i].s->labels[v[i].k], out);
	fputs("</g>\n", out);
	free(v);
}

/* REPORT_SERIES_POINTS: each point a disc of area by its weight (point_labels names them). */
static void points(const struct frame *f, const struct report_series *s, struct pen p, FILE *out)
{
	const struct report_chart *c = f->c;
	double wmax = weight_max(c, s);

	fputs("<g class=\"series points\">\n<title>", out);
	xml_text(out, s->name ? s->name : "", 0);
	fputs("</title>\n", out);
	for (size_t k = 0; k < s->n; k++) {
		double x, y, r = point_radius(s, k, wmax);

		if (!point_usable(c, s, k))
			continue;
		x = px(f, s->x[k]);
		y = py(f, s->y[k]);
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" "
			"fill-opacity=\"%s\" stroke=\"%s\" stroke-width=\"1.2\">", x, y, r,
			p.open ? "#ffffff" : p.color, p.open ? "1" : "0.45", p.color);
		point_title(out, c, s->labels[k], s->x[k], s->y[k]);
		fputs("</circle>\n", out);
	}
	fputs("</g>\n", out);
}

static void series(const struct frame *f, const struct report_series *s, size_t nth, FILE *out)
{
	const struct report_chart *c = f->c;
	struct pen p = pen_of(s, nth);
	double r = s->n > 64 ? 1.6 : 2.4;
	size_t n, *idx = by_x(s, &n);
	int pen = 0;

	if (s->flags & REPORT_SERIES_POINTS) {
		free(idx);
		points(f, s, p, out);
		return;
	}
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
	for (size_t i = 0; !(s->flags & REPORT_SERIES_LINE) && i < n; i++) {
		size_t k = idx[i];
		if (!point_usable(c, s, k))
			continue;
		dot(out, p, px(f, s->x[k]), py(f, s->y[k]), r, 0);
		point_title(out, c, NULL, s->x[k], s->y[k]);
		fputs("</circle>\n", out);
	}
	fputs("</g>\n", out);
	free(idx);
}

/*
 * A vertical line's label, written up along it: left or right of it, from
 * the top or from the bottom; else across, beside it at the bottom or the
 * top: the first place that is free.  Returns 0 where none is (the legend
 * names the line).
 */
static int place_x(const struct frame *f, struct room *r, double x, double w, FILE *out, const char *label)
{
	for (int side = 0; side < 2; side++)
		for (int end = 0; end < 2; end++) {
			double bx = side ? x + 3 + ASCENT : x - 3;  /* the baseline */
			double y0 = end ? f->bottom - 4 - w : f->top + 4;
			struct box b = { bx - ASCENT, y0, bx + DESCENT, y0 + w };
			if (!claim(f, r, &b))
				continue;
			fprintf(out, "<text stroke=\"none\" text-anchor=\"%s\" "
				"transform=\"translate(%.1f,%.1f) rotate(-90)\">", end ? "start" : "end", bx,
				end ? f->bottom - 4 : f->top + 4);
			xml_text(out, label, 0);
			fputs("</text>\n", out);
			return 1;
		}
	/* across: right or left of it, at the bottom or the top of the frame */
	for (int end = 0; end < 2; end++)
		for (int side = 0; side < 2; side++) {
			double by = end ? f->top + 4 + ASCENT : f->bottom - 4 - DESCENT;
			double x0 = side ? x - 4 - w : x + 4;
			struct box b = { x0, by - ASCENT, x0 + w, by + DESCENT };
			if (!claim(f, r, &b))
				continue;
			plot_text(out, side ? x - 4 : x + 4, by,
				  side ? "stroke=\"none\" text-anchor=\"end\"" : "stroke=\"none\"", label, 0);
			return 1;
		}
	return 0;
}

/* A horizontal line's label: above or under it, at the right, the left or the middle. */
static int place_y(const struct frame *f, struct room *r, double y, double w, FILE *out, const char *label)
{
	for (int at = 0; at < 3; at++)
		for (int under = 0; under < 2; under++) {
			double bx = at == 0 ? RIGHT - 4 : at == 1 ? LEFT + 4 : (LEFT + RIGHT) / 2;
			double x0 = at == 0 ? bx - w : at == 1 ? bx : bx - w / 2;
			double by = under ? y + 3 + ASCENT : y - 4;
			struct box b = { x0, by - ASCENT, x0 + w, by + DESCENT };
			if (!claim(f, r, &b))
				continue;
			plot_text(out, bx, by, at == 1 ? "stroke=\"none\"" : at == 0 ?
				  "stroke=\"none\" text-anchor=\"end\"" : "stroke=\"none\" text-anchor=\"middle\"",
				  label, 0);
			return 1;
		}
	return 0;
}

/* Reference lines: x ones where the axis reaches them, y ones always (the scale took them in). */
static void markers(const struct frame *f, struct room *r, FILE *out)
{
	const struct report_chart *c = f->c;

	fputs("<g class=\"markers\" stroke=\"#868e96\" stroke-dasharray=\"5 3\" font-size=\"10\" "
	      "fill=\"#495057\">\n", out);
	for (size_t i = 0; i < c->nmarkers; i++) {
		const struct report_marker *m = &c->markers[i];
		const char *label = m->label ? m->label : "";
		double v = m->value, w = plot_text_width(label, MARK_SIZE);

		if (m->axis == 'x') {
			double x;
			if (!usable(&c->x, v) || v < f->x.lo || v > f->x.hi)
				continue;
			x = px(f, v);
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x, f->top, x,
				f->bottom);
			if (*label)
				place_x(f, r, x, w, out, label);
		} else if (usable(&c->y, v)) {
			double y = py(f, v);
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", LEFT, y, RIGHT, y);
			if (*label)
				place_y(f, r, y, w, out, label);
		}
	}
	fputs("</g>\n", out);
}

/* Whether s holds a number of its own: a word that starts with a digit ("L1 34 cycles", not "L2"). */
static int says_number(const char *s)
{
	for (const char *p = s; p && *p; p++)
		if (*p >= '0' && *p <= '9' && (p == s || *(p - 1) == ' ' || *(p - 1) == '('))
			return 1;
	return 0;
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
	if (says_number((*m)->label))
		return gp_xstrdup((*m)->label);
	return gp_xasprintf("%s = %s", (*m)->label ? (*m)->label : "",
			    value_text((*m)->axis == 'x' ? &c->x : &c->y, (*m)->value, v, sizeof(v)));
}

static void entry(FILE *out, double x, double y, const struct report_series *s, size_t nth,
		  const char *label, size_t max)
{
	struct pen p = { "#868e96", "5 3", 0 };  /* a reference line's */

	if (s)
		p = pen_of(s, nth);
	if (!s || !(s->flags & REPORT_SERIES_POINTS))
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"%s\"%s%s%s/>\n", x, y - 4, x + 24, y - 4, p.color,
			s ? "1.6" : "1", p.dash ? " stroke-dasharray=\"" : "", p.dash ? p.dash : "",
			p.dash ? "\"" : "");
	if (s && !(s->flags & REPORT_SERIES_LINE))
		dot(out, p, x + 12, y - 4, s->flags & REPORT_SERIES_POINTS ? 4 : 2.4, 1);
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
		double need = 34 + plot_text_width(label, 11);  /* swatch and text, px */
		size_t span = (size_t)ceil(need / colw);

		span = span > COLS ? COLS : span;
		if (col + span > COLS) {
			col = 0;
			row++;
		}
		if (out)
			entry(out, PAD + (double)col * colw, top + (double)row * ROW, s, nth, label,
			      need <= (double)span * colw ? 0 :
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
	struct room room;
	size_t nth = 0;

	if (few_points(c)) {
		struct report_chart *b = as_bars(c);
		plot_bars_panel(b, y, out);
		bars_free(b);
		return;
	}
	if (c->flags & REPORT_CHART_BARS) {
		plot_bars_panel(c, y, out);
		return;
	}
	make_scales(&f);
	room_make(&f, &room);
	fprintf(out, "<g class=\"chart\" transform=\"translate(0,%.1f)\">\n<title>", y);
	xml_text(out, c->title ? c->title : "", 0);
	fputs("</title>\n", out);
	plot_title(out, c->title);
	axes(&f, out);
	for (size_t i = 0; i < c->nseries; i++)
		if (c->series[i]->flags & REPORT_SERIES_PLOT)
			series(&f, c->series[i], nth++, out);
	point_labels(&f, &room, out);
	markers(&f, &room, out);
	fprintf(out, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		"fill=\"none\" stroke=\"#adb5bd\"/>\n", LEFT, f.top, RIGHT - LEFT, HEIGHT);
	legend(c, f.bottom + UNDER, out);
	fputs("</g>\n", out);
	free(room.seg);
	free(room.dots);
}
