/*
 * What the chart panels share (plot.c's lines and points, bars.c's bars):
 * the series' colours, text widths and <text> elements.  Neither panel
 * reaches the other's file for them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/plot.h"
#include "util/error.h"
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

/* DejaVu Sans Bold's, the same way (panel titles and headings are bold). */
static const unsigned short advance_bold[95] = {
	348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
	696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
	1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
	733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
	500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
	716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
};

/* The width of n bytes of s in font at size px. */
static double span_width(const char *s, size_t n, double size, unsigned font)
{
	const unsigned short *adv = font & PLOT_BOLD ? advance_bold : advance;
	double w = 0;

	for (const unsigned char *p = (const unsigned char *)s; p < (const unsigned char *)s + n; p++) {
		unsigned ascii = *p - 32u;   /* ' ' to '~': 0 to 94 */

		if ((*p & 0xc0) == 0x80)
			continue;  /* inside a character */
		if (font & PLOT_MONO)
			w += 602;  /* DejaVu Sans Mono: every character 1233/2048 of the em */
		else if (ascii < 95)
			w += adv[ascii];
		else
			w += 1000;  /* another character: an em, at most */
	}
	return w * size / 1000;
}

double plot_text_width(const char *s, double size)
{
	return span_width(s ? s : "", s ? strlen(s) : 0, size, 0);
}

size_t plot_wrap(const char *s, double size, unsigned font, double width, const char **starts,
		 size_t *lens, size_t max)
{
	size_t n = 0;

	while (s && *s && n < max) {
		size_t len = strlen(s), cut = len, space = 0;

		if (span_width(s, len, size, font) > width) {
			/* the longest start that fits, back to its last space */
			for (cut = 1; cut < len && span_width(s, cut + 1, size, font) <= width; cut++)
				if (s[cut] == ' ')
					space = cut;
			if (s[cut] == ' ' || !space)
				space = cut;
			cut = space;
			while (cut > 1 && ((unsigned char)s[cut] & 0xc0) == 0x80)
				cut--;  /* a long word: cut it, not inside a character */
		}
		starts[n] = s;
		lens[n++] = cut;
		s += cut;
		while (*s == ' ')
			s++;
	}
	return n;
}

size_t plot_text_lines(FILE *out, double x, double y, double step, const char *attrs,
		       const char *s, double size, unsigned font, double width)
{
	const char *starts[PLOT_MAX_LINES];
	size_t lens[PLOT_MAX_LINES], n = plot_wrap(s, size, font, width, starts, lens, PLOT_MAX_LINES);

	for (size_t i = 0; out && i < n; i++) {
		char *line = gp_xasprintf("%.*s", (int)lens[i], starts[i]);
		plot_text(out, x, y + step * (double)i, attrs, line, 0);
		free(line);
	}
	return n ? n : 1;
}

/*
 * Ten colours apart in hue and lightness (plot.c dashes them after the
 * tenth), each two at least 23 apart by CIEDE2000 (tests/cli/svgcolors.py
 * wants 20; the old palette's two pinks were 12): chosen farthest-first
 * from a grid of hues, saturations and values dark enough for a thin line
 * on white (L* 0 to 62).
 */
static const char *const colors[PLOT_NCOLORS] = {
	"#1f5aa6", "#e52600", "#007226", "#e550cc", "#000000",
	"#009999", "#999900", "#72284d", "#724c00", "#0098e5",
};

const char *plot_series_color(size_t nth)
{
	return colors[nth % PLOT_NCOLORS];
}

double plot_title(FILE *out, const char *title)
{
	size_t n = plot_text_lines(out, 16, 20, 17, "class=\"title\" font-size=\"13\" "
				   "font-weight=\"bold\" fill=\"#212529\"", title ? title : "", 13,
				   PLOT_BOLD, PLOT_WIDTH - 32);

	return 17 * (double)(n - 1);
}

void plot_text(FILE *out, double x, double y, const char *attrs, const char *s, size_t max)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attrs ? " " : "", attrs);
	xml_text(out, s ? s : "", max);
	fputs("</text>\n", out);
}
