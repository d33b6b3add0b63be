/*
 * --plot's picture: every chart of the report as a panel (plot.c),
 * stacked top to bottom under a title giving the command line and the
 * device, in one SVG document of a fixed width.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/plot.h"
#include "report/xml.h"
#include "util/error.h"

#define PAD 16.0
#define GAP 12.0                   /* between panels */
#define MONO "DejaVu Sans Mono, Liberation Mono, Menlo, Consolas, monospace"

size_t report_plot_count(const struct report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *t = r->tables[i];
		for (size_t k = 0; !(t->flags & REPORT_MACHINE_ONLY) && k < t->nitems; k++)
			n += t->items[k].chart && plot_drawable(t->items[k].chart);
	}
	return n;
}

/*
 * The panels from top, in report order, those under tables shown to
 * people; a table without columns is a heading (a device's, with -d all),
 * said above the next panel.  out NULL only measures.  Returns the bottom.
 */
static double panels(const struct report *r, double top, FILE *out)
{
	const char *heading = NULL;

	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *t = r->tables[i];

		if (t->flags & REPORT_MACHINE_ONLY)
			continue;
		if (!t->ncols && t->title)
			heading = t->title;
		for (size_t k = 0; k < t->nitems; k++) {
			const struct report_chart *c = t->items[k].chart;
			if (!c || !plot_drawable(c))
				continue;
			if (heading)  /* wrapped to the picture's width */
				top += 10 + 18 * (double)plot_text_lines(out, PAD, top + 16, 18,
					"class=\"heading\" font-size=\"14\" font-weight=\"bold\" "
					"fill=\"#212529\"", heading, 14, PLOT_BOLD, PLOT_WIDTH - 2 * PAD);
			heading = NULL;
			if (out)
				plot_panel(c, top, out);
			top += plot_panel_height(c) + GAP;
		}
	}
	return top;
}

static void header(const struct report_doc *doc, const char **lines, const size_t *lens,
		   size_t nlines, FILE *out)
{
	char *meta;

	fprintf(out, "<g class=\"header\" fill=\"#212529\">\n");
	for (size_t i = 0; i < nlines; i++) {
		char *line = gp_xasprintf("%.*s", (int)lens[i], lines[i]);
		plot_text(out, PAD, PAD + 14 + 18 * (double)i,
		     "class=\"command\" font-size=\"13\" font-family=\"" MONO "\"", line, 0);
		free(line);
	}
	meta = gp_xasprintf("%s%s%s%s%s%s%s", doc->device ? doc->device : "no GPU used",
			    doc->host ? " \xc2\xb7 " : "", doc->host ? doc->host : "",
			    doc->date ? " \xc2\xb7 " : "", doc->date ? doc->date : "",
			    doc->version ? " \xc2\xb7 gpuperf " : "", doc->version ? doc->version : "");
	plot_text(out, PAD, PAD + 14 + 18 * (double)nlines, "class=\"device\" font-size=\"11\" fill=\"#495057\"",
	     meta, 0);
	free(meta);
	fputs("</g>\n", out);
}

int report_emit_svg(const struct report *r, const struct report_doc *doc, FILE *out)
{
	const char *cmd = doc->command_line ? doc->command_line : "gpuperf";
	const char *lines[PLOT_MAX_LINES];
	size_t lens[PLOT_MAX_LINES], nlines = plot_wrap(cmd, 13, PLOT_MONO, PLOT_WIDTH - 2 * PAD,
							 lines, lens, PLOT_MAX_LINES);
	double top = PAD + 14 + 18 * (double)nlines + 20, h = panels(r, top, NULL);

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ", out);
	plot_svg_attrs(h, out);
	fputs(">\n<title>", out);
	xml_text(out, cmd, 0);
	fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", out);
	header(doc, lines, lens, nlines, out);
	panels(r, top, out);
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}
