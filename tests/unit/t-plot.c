/*
 * Plots without a GPU: the axis scales (ranges, ticks and their labels)
 * for fixed inputs, and the SVG of a fabricated chart, checked against
 * what it must say: ticks, axis titles, points, gaps, reference lines,
 * legend, escaping, and which charts are drawn at all.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "report/ticks.h"
#include "tests/unit/unit.h"

/* "a, b, c": the tick labels of s. */
static const char *labels(const struct plot_scale *s, char *buf, size_t n)
{
	char one[64];

	buf[0] = '\0';
	for (size_t i = 0; i < s->nticks; i++)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", i ? ", " : "",
			 plot_tick_label(s, i, one, sizeof(one)));
	return buf;
}

static void scale_is(double lo, double hi, unsigned flags, unsigned mode, double want_lo,
		     double want_hi, const char *want, const char *what)
{
	struct plot_scale s;
	char buf[512];

	plot_scale_make(&s, lo, hi, flags, mode);
	is_str(labels(&s, buf, sizeof(buf)), want, "%s: ticks", what);
	ok(fabs(s.lo - want_lo) <= 1e-9 * fabs(want_lo) && fabs(s.hi - want_hi) <= 1e-9 * fabs(want_hi),
	   "%s: range %g to %g", what, s.lo, s.hi);
}

static void scales(void)
{
	const unsigned LOG = REPORT_AXIS_LOG, BYTES = REPORT_AXIS_BYTES;
	struct plot_scale s;
	char buf[64];

	scale_is(0, 100, 0, PLOT_ZERO, 0, 100, "0, 20, 40, 60, 80, 100", "occupancy, 0-100 %");
	scale_is(12.5, 50, 0, PLOT_ZERO, 0, 50, "0, 10, 20, 30, 40, 50", "a linear y axis takes in zero");
	scale_is(32, 1024, 0, PLOT_TIGHT, 32, 1024, "200, 400, 600, 800, 1000",
		 "threads per block: the x axis ends at the data, ticks inside");
	scale_is(0, 0.37, 0, PLOT_ZERO, 0, 0.4, "0.00, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40",
		 "fractions: decimals from the step");
	scale_is(0, 98304, BYTES, PLOT_ZERO, 0, 98304,
		 "0 B, 16 KiB, 32 KiB, 48 KiB, 64 KiB, 80 KiB, 96 KiB", "linear bytes: binary steps");
	scale_is(16384, 2147483648.0, LOG | BYTES, PLOT_TIGHT, 16384, 2147483648.0,
		 "16 KiB, 64 KiB, 256 KiB, 1 MiB, 4 MiB, 16 MiB, 64 MiB, 256 MiB, 1 GiB",
		 "16K-2G: every second power of two, ten ticks at most");
	scale_is(4096, 1099511627776.0, LOG | BYTES, PLOT_TIGHT, 4096, 1099511627776.0,
		 "32 KiB, 1 MiB, 32 MiB, 1 GiB, 32 GiB, 1 TiB", "4K-1T: every fifth power of two");
	scale_is(200, 30000, LOG, PLOT_ZERO, 200, 50000,
		 "200, 500, 1000, 2000, 5000, 10000, 20000, 50000",
		 "GB/s over two decades: 1-2-5 ticks, widened to 1-2-5 values");
	scale_is(0.5, 63, LOG, PLOT_ZERO, 0.5, 100, "0.5, 1, 2, 5, 10, 20, 50, 100",
		 "PCIe GB/s from latency to the link: fractions on a log axis");
	scale_is(3, 2e7, LOG, PLOT_ZERO, 2, 2e7, "10, 100, 1000, 10000, 100000, 1000000, 10000000",
		 "over three decades: the decades alone");
	scale_is(1, 1024, LOG, PLOT_TIGHT, 1, 1024, "1, 10, 100, 1000", "strides on a log x axis");
	scale_is(1, 32, LOG | REPORT_AXIS_POW2, PLOT_TIGHT, 1, 32, "1, 2, 4, 8, 16, 32",
		 "strides of powers of two: a log2 axis, every power");
	scale_is(1, 1024, LOG | REPORT_AXIS_POW2, PLOT_TIGHT, 1, 1024, "1, 4, 16, 64, 256, 1024",
		 "strides up to 1024: every second power");
	scale_is(5, 5, 0, PLOT_ZERO, 0, 5, "0, 1, 2, 3, 4, 5", "one value: zero to it");
	scale_is(8, 8, LOG, PLOT_ZERO, 2, 20, "2, 5, 10, 20", "one value on a log axis: around it");

	plot_scale_make(&s, 16384, 1 << 30, LOG | BYTES, PLOT_TIGHT);
	is_dbl(plot_scale_pos(&s, 1 << 20), 6.0 / 16, 1e-12, "1 MiB lies 6/16 along 16K-1G");
	plot_scale_make(&s, 0, 100, 0, PLOT_ZERO);
	is_dbl(plot_scale_pos(&s, 25), 0.25, 1e-12, "25 lies a quarter along 0-100");

	is_str(plot_value_label(8650752, BYTES, buf, sizeof(buf)), "8.25 MiB", "L1 of 132 SMs");
	is_str(plot_value_label(1536, BYTES, buf, sizeof(buf)), "1.5 KiB", "1.5 KiB");
	is_str(plot_value_label(512, BYTES, buf, sizeof(buf)), "512 B", "512 B");
	is_str(plot_value_label(3352.32, 0, buf, sizeof(buf)), "3352", "four digits");
	is_str(plot_value_label(12345.6, 0, buf, sizeof(buf)), "12346", "no exponent above 10^4");
	is_str(plot_value_label(0.125, 0, buf, sizeof(buf)), "0.125", "a fraction");
	is_str(plot_value_label(-0.0, 0, buf, sizeof(buf)), "0", "never -0");
}

/* ---- the SVG of a fabricated chart ---- */

static void svg_of(const struct report *r, char **svg)
{
	struct report_doc doc = { "gpuperf bandwidth --size 64K-1G:x4", "Fake GPU, CC 9.0", "0.1.0",
				  NULL, NULL };
	size_t len = 0;
	FILE *f = open_memstream(svg, &len);

	ok(report_emit_svg(r, &doc, f) == 0, "the SVG renders");
	fclose(f);
}

/* The text of every element of class cls inside the first <g class="group">, joined. */
static const char *texts(const char *svg, const char *group, const char *cls, char *out, size_t n)
{
	char open[64], want[64];
	const char *p = strstr(svg, (snprintf(open, sizeof(open), "<g class=\"%s\"", group), open));
	const char *end = p ? strstr(p, "</g>") : NULL;

	out[0] = '\0';
	snprintf(want, sizeof(want), "class=\"%s\"", cls);
	while (p && (p = strstr(p, want)) && p < end) {
		const char *t = strchr(p, '>') + 1, *stop = strstr(t, "</text>");
		snprintf(out + strlen(out), n - strlen(out), "%s%.*s", out[0] ? ", " : "", (int)(stop - t), t);
		p = stop;
	}
	return out;
}

static int count(const char *s, const char *what)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void chart_svg(void)
{
	static const struct report_col cols[] = { { "x", "x", REPORT_INT, 0 } };
	struct report rep = { 0 };
	struct report_table *t = report_add_table(&rep, "Bandwidth", cols, 1);
	struct report_table *hidden = report_add_table(&rep, "records", cols, 1);
	struct report_chart *c = report_add_chart(t, "bandwidth by size per array");
	struct report_series *read, *copy, *text;
	char buf[1024], *svg = NULL;

	report_chart_text_title(c, "read, 16 B accesses: GB/s by size per array");
	report_chart_axis(&c->x, "size per array", "B", REPORT_AXIS_LOG | REPORT_AXIS_BYTES);
	report_chart_axis(&c->y, "bandwidth", "GB/s", REPORT_AXIS_LOG);
	read = report_chart_series(c, "read, 16 B", REPORT_SERIES_PLOT | REPORT_SERIES_TEXT);
	copy = report_chart_series(c, "copy <16 B> & more", REPORT_SERIES_PLOT);
	text = report_chart_series(c, "terminal only", REPORT_SERIES_TEXT);
	for (int i = 0; i < 4; i++) {
		double size = 65536.0 * pow(16, i);
		report_series_add(read, size, 400 * pow(3, i), NULL);
		/* copy misses its third size: a gap in its line */
		report_series_add(copy, size, i == 2 ? NAN : 300 * pow(3, i), NULL);
		report_series_add(text, size, 1, NULL);
	}
	report_chart_marker(c, 'x', 50 << 20, "L2");
	report_chart_marker(c, 'x', 1e13, "far beyond");
	report_chart_marker(c, 'y', 3352.32, "theoretical DRAM");

	/* charts that are not drawn: one point only, and one under a machine-only table */
	report_series_add(report_chart_series(report_add_chart(t, "one point"), "p", REPORT_SERIES_PLOT), 1, 1, NULL);
	hidden->flags |= REPORT_MACHINE_ONLY;
	{
		struct report_series *s = report_chart_series(report_add_chart(hidden, "hidden"), "h",
							      REPORT_SERIES_PLOT);
		report_series_add(s, 1, 1, NULL);
		report_series_add(s, 2, 2, NULL);
	}
	is_int(report_plot_count(&rep), 1, "one chart to draw: not one point, not under a machine table");

	svg_of(&rep, &svg);
	ok(!strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 78),
	   "an SVG document");
	ok(strstr(svg, "width=\"760\" height=\"") && strstr(svg, "viewBox=\"0 0 760 "), "fixed width and viewBox");
	ok(strstr(svg, "<title>gpuperf bandwidth --size 64K-1G:x4</title>") != NULL, "titled by the command line");
	ok(strstr(svg, ">Fake GPU, CC 9.0 \xc2\xb7 gpuperf 0.1.0</text>") != NULL, "the device and version");
	is_int(count(svg, "<g class=\"chart\""), 1, "one panel");
	ok(strstr(svg, ">bandwidth by size per array</text>") && !strstr(svg, "read, 16 B accesses"),
	   "the plot's title, not the terminal's");
	is_str(texts(svg, "axis x", "tick", buf, sizeof(buf)),
	       "64 KiB, 256 KiB, 1 MiB, 4 MiB, 16 MiB, 64 MiB, 256 MiB", "x ticks");
	is_str(texts(svg, "axis x", "label", buf, sizeof(buf)), "size per array", "x title: sizes say their unit");
	is_str(texts(svg, "axis y", "tick", buf, sizeof(buf)), "200, 500, 1000, 2000, 5000, 10000, 20000",
	       "y ticks: the data and the peak, 300 to 10800, widened to 1-2-5 values");
	ok(strstr(svg, ">bandwidth (GB/s)</text>") != NULL, "y title with its unit");
	is_int(count(svg, "<g class=\"series\""), 2, "the plot series only");
	is_int(count(svg, "<circle cx=") - 2, 4 + 3, "a point per value, none for the missing one");
	ok(strstr(svg, "<title>copy &lt;16 B&gt; &amp; more</title>") != NULL, "names escaped");
	{
		const char *copy_path = strstr(strstr(svg, "copy &lt;16 B"), "d=\"");
		ok(copy_path && count(copy_path, " M") >= 1 && strchr(copy_path, '/') > strstr(copy_path, " M"),
		   "the missing value breaks the line");
	}
	ok(strstr(svg, "<title>1 MiB: 1200 GB/s</title>") != NULL, "points say their values");
	is_int(count(strstr(svg, "<g class=\"markers\""), "<line") - count(strstr(svg, "<g class=\"legend\""), "<line"),
	       2, "reference lines: L2 and the peak, not one beyond the axis");
	ok(strstr(svg, ">L2 = 50 MiB</text>") && strstr(svg, ">theoretical DRAM = 3352 GB/s</text>") &&
	   strstr(svg, ">far beyond = 9.095 TiB</text>"), "the legend gives each reference line's value");
	ok(strstr(svg, ">read, 16 B</text>") && !strstr(svg, "terminal only"), "the legend names the plot series");
	is_int(count(svg, "<script") + count(svg, "href"), 0, "no script, no link");
	free(svg);
	report_free(&rep);
}

/* A line chart of two points per series (all's offsets 0 and 1) is drawn as bars. */
static void two_points_svg(void)
{
	static const struct report_col cols[] = { { "x", "x", REPORT_INT, 0 } };
	struct report rep = { 0 };
	struct report_table *t = report_add_table(&rep, "Coalescing", cols, 1);
	struct report_chart *c = report_add_chart(t, "sectors per request vs offset");
	struct report_series *m = report_chart_series(c, "measured", REPORT_SERIES_PLOT);
	struct report_series *p = report_chart_series(c, "model", REPORT_SERIES_PLOT | REPORT_SERIES_MODEL);
	char *svg = NULL, buf[512];

	report_chart_axis(&c->x, "offset", "elements", 0);
	report_chart_axis(&c->y, "sectors per request", "sectors", REPORT_AXIS_COUNT);
	report_series_add(m, 0, 4, NULL);
	report_series_add(m, 1, 5, NULL);
	report_series_add(p, 0, 4, NULL);
	report_series_add(p, 1, 5, NULL);
	report_chart_marker(c, 'y', 4, "ideal (coalesced)");
	is_int(report_plot_count(&rep), 1, "two points plot");
	svg_of(&rep, &svg);
	is_int(count(svg, "<g class=\"chart bars\""), 1, "two points a series: bars");
	is_int(count(svg, ">offset 0 elements</text>"), 2, "a bar per series at offset 0, named by it");
	is_int(count(svg, ">offset 1 elements</text>"), 2, "and at offset 1");
	ok(strstr(svg, ">5</text>") && !strstr(svg, ">+5.0</text>"), "values, not changes: no sign");
	ok(strstr(svg, ">ideal (coalesced) = 4 sectors</text>") != NULL, "the ideal in the legend: %s",
	   texts(svg, "chart bars", "tick", buf, sizeof(buf)));
	free(svg);
	report_free(&rep);
}

/* -d all: each device's charts under its heading (report_join's), in device order. */
static void devices_svg(void)
{
	static const struct report_col cols[] = { { "x", "x", REPORT_INT, 0 } };
	struct report rep = { 0 };
	char *svg = NULL, heading[64];

	for (int d = 0; d < 2; d++) {
		struct report one = { 0 };
		struct report_table *t = report_add_table(&one, "Sweep", cols, 1);
		struct report_series *s = report_chart_series(report_add_chart(t, "occupancy vs threads"),
							      "occupancy", REPORT_SERIES_PLOT);

		t->flags |= REPORT_HUMAN_ONLY;
		report_series_add(s, 32, 50, NULL);
		report_series_add(s, 64, 100, NULL);
		report_series_add(s, 128, 100, NULL);  /* three points: a line (two are bars) */
		snprintf(heading, sizeof(heading), "== device %d: Fake (0000:%02d:00.0)", d, d);
		report_join(&rep, &one, heading);
	}
	is_int(report_plot_count(&rep), 2, "a chart per device");
	svg_of(&rep, &svg);
	{
		const char *h0 = strstr(svg, ">== device 0: Fake (0000:00:00.0)</text>");
		const char *h1 = strstr(svg, ">== device 1: Fake (0000:01:00.0)</text>");
		const char *c1 = h0 ? strstr(h0, "<g class=\"chart\"") : NULL;
		const char *c2 = c1 ? strstr(c1 + 1, "<g class=\"chart\"") : NULL;
		ok(h0 && h1 && c1 && c2 && h0 < c1 && c1 < h1 && h1 < c2,
		   "each device's heading above its own chart");
	}
	free(svg);
	report_free(&rep);
}

/* A roofline: labelled points sized by weight, and lines without dots (ceilings). */
static void points_svg(void)
{
	static const struct report_col cols[] = { { "x", "x", REPORT_INT, 0 } };
	struct report rep = { 0 };
	struct report_table *t = report_add_table(&rep, "Kernels", cols, 1);
	struct report_chart *c = report_add_chart(t, "Roofline");
	struct report_series *k, *roof;
	char *svg = NULL;
	double r[2] = { 0, 0 };
	const char *p, *q;

	t->flags |= REPORT_HUMAN_ONLY;
	report_chart_axis(&c->x, "intensity", "FLOP/B", REPORT_AXIS_LOG);
	report_chart_axis(&c->y, "performance", "GFLOP/s", REPORT_AXIS_LOG);
	k = report_chart_series(c, "kernels", REPORT_SERIES_PLOT | REPORT_SERIES_POINTS);
	report_series_add(k, 0.1, 300, "small & quick");
	report_series_weight(k, 1);
	report_series_add(k, 100, 50000, "gemm");
	report_series_weight(k, 100);
	report_series_add(k, 0, 0, "no flops");   /* not on log axes: left out */
	report_series_weight(k, 1000);
	roof = report_chart_series(c, "DRAM 3352 GB/s", REPORT_SERIES_PLOT | REPORT_SERIES_LINE |
				   REPORT_SERIES_MODEL);
	report_series_add(roof, 0.01, 33.52, NULL);
	report_series_add(roof, 20, 67040, NULL);
	is_int(report_plot_count(&rep), 1, "a roofline is drawn");
	svg_of(&rep, &svg);
	p = strstr(svg, "<g class=\"series points\">");
	q = p ? strstr(p, "</g>") : NULL;
	ok(p && q && !memmem(p, (size_t)(q - p), "<path", 5), "points: no line joins them");
	ok(p && count(p, "class=\"point-label\"") >= 2 && strstr(p, ">small &amp; quick</text>") &&
	   strstr(p, ">gemm</text>"), "each point labelled, escaped");
	ok(!strstr(svg, ">no flops</text>"), "a point off the log axes is left out");
	for (int i = 0; p && i < 2; i++) {
		p = strstr(p, "<circle");
		if (p && sscanf(strstr(p, " r=\""), " r=\"%lf\"", &r[i]) != 1)
			r[i] = 0;
		if (p)
			p++;
	}
	ok(r[0] >= 3 && r[1] > 3 * r[0], "the area follows the weight: r %.1f and %.1f", r[0], r[1]);
	ok(strstr(svg, "<title>gemm: 100 FLOP/B, 50000 GFLOP/s</title>") != NULL,
	   "a point's tooltip names it and says its values");
	p = strstr(svg, "<title>DRAM 3352 GB/s</title>");
	q = p ? strstr(p, "</g>") : NULL;
	ok(p && q && memmem(p, (size_t)(q - p), "<path", 5) &&
	   !memmem(p, (size_t)(q - p), "<circle", 7), "a ceiling: a line without dots");
	free(svg);
	report_free(&rep);
}

int main(void)
{
	scales();
	chart_svg();
	devices_svg();
	two_points_svg();
	points_svg();
	return done_testing();
}
