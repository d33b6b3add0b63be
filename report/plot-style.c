/*
 * What the chart panels share (plot.c's lines and points, bars.c's bars):
 * the series' colours, text widths and <text> elements.  Neither panel
 * reaches the other's file for them.
 */
#include <stdio.h>
#include "report/plot.h"
#include "report/xml.h"

/* DejaVu Sans's advances of ' ' to '~', in thousandths of the em: the first and widest font asked for. */
static const unsigned short advance[95] = {
	318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
	636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
	1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
	603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
	500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
	635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
};

double plot_text_width(const char *s, double size)
{
	double w = 0;

	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
		if (*p >= 32 && *p < 127)
			w += advance[*p - 32];
		else if ((*p & 0xc0) != 0x80)  /* another character: an em, at most */
			w += 1000;
	return w * size / 1000;
}

/* Ten colours apart in hue and lightness (plot.c dashes them after the tenth). */
static const char *const colors[PLOT_NCOLORS] = {
	"#1f5aa6", "#d9480f", "#2b8a3e", "#c2255c", "#6741d9",
	"#8c6d1f", "#0b7285", "#495057", "#e64980", "#74b816",
};

const char *plot_series_color(size_t nth)
{
	return colors[nth % PLOT_NCOLORS];
}

void plot_text(FILE *out, double x, double y, const char *attrs, const char *s, size_t max)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attrs ? " " : "", attrs);
	xml_text(out, s ? s : "", max);
	fputs("</text>\n", out);
}
