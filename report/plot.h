/*
 * One chart drawn as SVG elements (internal to report/): the panels of
 * --plot's picture and the figures of the HTML report are the same.
 */
#ifndef GP_REPORT_PLOT_H
#define GP_REPORT_PLOT_H

#include <stdio.h>
#include "report/report.h"

#define PLOT_WIDTH 760     /* every picture's width, in px */

/* Whether plots draw c: a REPORT_SERIES_PLOT series of two usable points or more. */
int plot_drawable(const struct report_chart *c);

/* The height of c's panel. */
double plot_panel_height(const struct report_chart *c);

/*
 * c's panel with its top at y: title, axes with ticks and units, every
 * plot series, the markers as dashed reference lines, and a legend of
 * both.  Elements only: the caller writes the <svg> around it.
 */
void plot_panel(const struct report_chart *c, double y, FILE *out);

/* The attributes of the <svg> element that holds panels, height h. */
void plot_svg_attrs(double h, FILE *out);

/* Internal chart flag: bars of values (a line chart of two points), not of changes: no sign. */
#define PLOT_BARS_VALUES 0x100u

/* REPORT_CHART_BARS (bars.c): the panel's height, and the panel with its top at y. */
double plot_bars_height(const struct report_chart *c);
void plot_bars_panel(const struct report_chart *c, double y, FILE *out);

/* plot-style.c: the colour of the nth plot series, the line charts' and the bars' alike. */
#define PLOT_NCOLORS 10
const char *plot_series_color(size_t nth);

/* The width of s drawn at size px, about (DejaVu Sans's advances). */
double plot_text_width(const char *s, double size);

/* Fonts for plot_wrap: DejaVu Sans's book weight (0), bold, or its monospace. */
#define PLOT_BOLD 0x1u
#define PLOT_MONO 0x2u
#define PLOT_MAX_LINES 8   /* of a wrapped text: a title, a command line */

/*
 * s in lines no wider than width px at size px in font, cut at spaces (a
 * word longer than a line is cut): the start and length of each, max at
 * most.  Returns the lines' count.
 */
size_t plot_wrap(const char *s, double size, unsigned font, double width, const char **starts,
		 size_t *lens, size_t max);
/*
 * s wrapped so (PLOT_MAX_LINES at most), a <text> per line from the
 * baseline y down by step; out NULL only counts.  Returns the lines, 1 at
 * least.
 */
size_t plot_text_lines(FILE *out, double x, double y, double step, const char *attrs,
		       const char *s, double size, unsigned font, double width);

/*
 * A panel's title at its top, bold, wrapped to the picture's width (out
 * NULL only measures): how much lower its frame starts than under a title
 * of one line.
 */
double plot_title(FILE *out, const char *title);

/* <text> at x, y with attrs ("" for none), s escaped and cut to max characters (0: whole). */
void plot_text(FILE *out, double x, double y, const char *attrs, const char *s, size_t max);

#endif
