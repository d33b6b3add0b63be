/*
 * The report as one self-contained HTML page (gpuperf all --html): what
 * the terminal shows, as tables, with the charts drawn as inline SVG.
 * Inline CSS, no scripts, no address of anything outside the file, so it
 * opens offline and attaches to a ticket as it is.  Every string passes
 * through xml_text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/format.h"
#include "report/plot.h"
#include "report/xml.h"
#include "util/error.h"

static const char style[] =
	"body{font-family:system-ui,-apple-system,\"Segoe UI\",\"DejaVu Sans\",Arial,sans-serif;"
	"color:#212529;background:#fff;max-width:1120px;margin:1.5em auto;padding:0 1em;line-height:1.4}\n"
	"h1{font-size:1.5em;margin:0 0 .4em}\n"
	"h2{font-size:1.15em;margin:1.8em 0 .4em;padding-bottom:.2em;border-bottom:1px solid #dee2e6}\n"
	"code,pre{font-family:\"DejaVu Sans Mono\",Menlo,Consolas,monospace;font-size:.9em}\n"
	"dl.meta{display:grid;grid-template-columns:max-content auto;gap:.15em 1em;margin:0 0 1em}\n"
	"dl.meta dt{color:#6c757d}dl.meta dd{margin:0;overflow-wrap:anywhere}\n"
	"nav ol{columns:2;font-size:.9em;margin:.5em 0}\n"
	"a{color:#343a40}\n"
	".scroll{overflow-x:auto}\n"
	"table{border-collapse:collapse;font-size:.86em;margin:.4em 0}\n"
	"th,td{padding:.2em .6em;border-bottom:1px solid #e9ecef;text-align:left;"
	"overflow-wrap:break-word}\n"
	"td.num{white-space:nowrap}\n"
	"summary{cursor:pointer}\n"
	"details .whole{display:block;overflow-wrap:anywhere;font-family:\"DejaVu Sans Mono\",Menlo,Consolas,monospace;"
	"font-size:.9em;color:#495057}\n"
	"tr.row-note td{color:#495057;padding:.1em .6em .5em 1.6em}\n"
	"thead th{background:#f1f3f5;font-weight:600;vertical-align:bottom}\n"
	"tbody th{font-weight:normal;color:#495057}\n"
	"td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"td.na{color:#adb5bd}\n"
	"p.note,p.identity{margin:.15em 0;font-size:.86em;color:#495057}\n"
	"figure{margin:1em 0}\n"
	"svg{max-width:100%;height:auto}\n"
	"pre{background:#f8f9fa;padding:.5em;overflow-x:auto}\n"
	"footer{margin-top:2em;font-size:.8em;color:#6c757d}\n";

static void meta_row(FILE *out, const char *name, const char *value, int code)
{
	if (!value)
		return;
	fprintf(out, "<dt>%s</dt><dd>%s", name, code ? "<code>" : "");
	xml_text(out, value, 0);
	fprintf(out, "%s</dd>\n", code ? "</code>" : "");
}

static int shown(const struct report_table *t)
{
	return !(t->flags & REPORT_MACHINE_ONLY);
}

static void head(const struct report *r, const struct report_doc *doc, FILE *out)
{
	size_t n = 0;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n", out);
	if (doc->version) {
		fputs("<meta name=\"generator\" content=\"gpuperf ", out);
		xml_text(out, doc->version, 0);
		fputs("\">\n", out);
	}
	fputs("<title>gpuperf: ", out);
	xml_text(out, doc->device ? doc->device : "no GPU used", 0);
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>gpuperf report</h1>\n"
		"<dl class=\"meta\">\n", style);
	meta_row(out, "command", doc->command_line, 1);
	meta_row(out, "device", doc->device ? doc->device : "no GPU used", 0);
	meta_row(out, "host", doc->host, 0);
	meta_row(out, "written", doc->date, 0);
	if (doc->version) {
		fputs("<dt>version</dt><dd>gpuperf ", out);
		xml_text(out, doc->version, 0);
		fputs("</dd>\n", out);
	}
	fputs("</dl>\n<nav><ol>\n", out);
	for (size_t i = 0; i < r->ntables; i++) {
		if (!shown(r->tables[i]) || !r->tables[i]->title)
			continue;
		fprintf(out, "<li><a href=\"#t%zu\">", ++n);
		xml_text(out, r->tables[i]->title, 0);
		fputs("</a></li>\n", out);
	}
	fputs("</ol></nav>\n</header>\n<main>\n", out);
}

/* A cell's whole text where it shows a short form (report_set_whole), else NULL. */
static const char *whole_of(const struct report_table *t, size_t r, size_t c)
{
	const struct report_cell *v = report_cell(t, r, c);
	const char *w = t->wholes ? t->wholes[r * t->ncols + c] : NULL;

	return w && v->set && t->cols[c].type == REPORT_STR && strcmp(w, v->u.s) ? w : NULL;
}

static void cell(FILE *out, const struct report_table *t, size_t r, size_t c)
{
	const struct report_cell *v = report_cell(t, r, c);
	const char *whole = whole_of(t, r, c);
	char buf[64];

	if (!v->set) {
		fputs("<td class=\"na\">n/a</td>", out);
		return;
	}
	fputs(t->cols[c].type == REPORT_STR ? "<td>" : "<td class=\"num\">", out);
	if (whole) {
		/* the short form, the whole a hover (title) and a click (details) away */
		fputs("<details><summary title=\"", out);
		xml_text(out, whole, 0);
		fputs("\">", out);
	}
	xml_text(out, report_format_cell(&t->cols[c], v, 0, buf, sizeof(buf)), 0);
	if (whole) {
		fputs("</summary><span class=\"whole\">", out);
		xml_text(out, whole, 0);
		fputs("</span></details>", out);
	}
	fputs("</td>", out);
}

/* Row r's notes (report_row_note) in a row of their own under it, the lead left out. */
static void row_notes(FILE *out, const struct report_table *t, size_t r, size_t ncols)
{
	for (size_t i = 0; i < t->nitems; i++) {
		const struct report_item *it = &t->items[i];

		if (!it->of_row || it->row != r || !it->text)
			continue;
		fprintf(out, "<tr class=\"row-note\"><td colspan=\"%zu\">", ncols);
		xml_text(out, it->text + it->lead, 0);
		fputs("</td></tr>\n", out);
	}
}

/* "header  value" rows, as the terminal's one-row inventories. */
static void vertical(FILE *out, const struct report_table *t)
{
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<div class=\"scroll\"><table class=\"vertical\"><tbody>\n", out);
		for (size_t c = 0; c < t->ncols; c++) {
			fputs("<tr><th scope=\"row\">", out);
			xml_text(out, t->cols[c].header, 0);
			fputs("</th>", out);
			cell(out, t, r, c);
			fputs("</tr>\n", out);
		}
		fputs("</tbody></table></div>\n", out);
	}
}

static void rows(FILE *out, const struct report_table *t)
{
	unsigned char *hide = gp_xcalloc(t->ncols ? t->ncols : 1, 1);
	size_t shown = 0;
	int any = 0;

	/* as in the terminal: identity columns with one value said once, above the table */
	for (size_t c = 0; c < t->ncols; c++) {
		hide[c] = (unsigned char)(report_said_once(t, c) || (t->cols[c].flags & REPORT_COL_MACHINE));
		shown += !hide[c];
		if (!report_said_once(t, c))
			continue;
		fputs(any ? ", " : "<p class=\"identity\">", out);
		xml_text(out, t->cols[c].header, 0);
		fputc(' ', out);
		xml_text(out, report_cell(t, 0, c)->u.s, 0);
		any = 1;
	}
	if (any)
		fputs("</p>\n", out);
	fputs("<div class=\"scroll\"><table>\n<thead><tr>", out);
	for (size_t c = 0; c < t->ncols; c++) {
		if (hide[c])
			continue;
		fputs("<th scope=\"col\">", out);
		xml_text(out, t->cols[c].header, 0);
		fputs("</th>", out);
	}
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<tr>", out);
		for (size_t c = 0; c < t->ncols; c++)
			if (!hide[c])
				cell(out, t, r, c);
		fputs("</tr>\n", out);
		row_notes(out, t, r, shown);
	}
	fputs("</tbody></table></div>\n", out);
	free(hide);
}

/* A chart: drawn when it has a plot series to draw, else the terminal's bars. */
static void chart(FILE *out, const struct report_chart *c)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	double h;

	if (plot_drawable(c)) {
		h = plot_panel_height(c);
		fputs("<figure>\n<svg ", out);
		plot_svg_attrs(h, out);
		fputs(" role=\"img\">\n", out);
		plot_panel(c, 0, out);
		fputs("</svg>\n</figure>\n", out);
		return;
	}
	mem = open_memstream(&text, &len);
	if (!mem)
		return;
	report_render_text_chart(c, mem);
	fclose(mem);
	if (len) {
		fputs("<pre>", out);
		xml_text(out, text + (text[0] == '\n'), 0);
		fputs("</pre>\n", out);
	}
	free(text);
}

static void section(FILE *out, const struct report_table *t, size_t id)
{
	fputs("<section>\n", out);
	if (t->title) {
		fprintf(out, "<h2 id=\"t%zu\">", id);
		xml_text(out, t->title, 0);
		fputs("</h2>\n", out);
	}
	if (t->ncols && t->nrows) {
		if (t->layout == REPORT_VERTICAL)
			vertical(out, t);
		else
			rows(out, t);
	}
	for (size_t i = 0; i < t->nitems; i++) {
		if (t->items[i].chart) {
			chart(out, t->items[i].chart);
			continue;
		}
		if (t->items[i].of_row && t->layout == REPORT_ROWS && t->ncols && t->nrows)
			continue;   /* under its row (row_notes) */
		fputs("<p class=\"note\">", out);
		xml_text(out, t->items[i].text, 0);
		fputs("</p>\n", out);
	}
	fputs("</section>\n", out);
}

int report_emit_html(const struct report *r, const struct report_doc *doc, FILE *out)
{
	size_t n = 0;

	head(r, doc, out);
	for (size_t i = 0; i < r->ntables; i++)
		if (shown(r->tables[i]))
			section(out, r->tables[i], r->tables[i]->title ? ++n : 0);
	fputs("</main>\n<footer>Written by gpuperf", out);
	if (doc->version) {
		fputc(' ', out);
		xml_text(out, doc->version, 0);
	}
	fputs("; 1 GB = 10^9 bytes; each figure is the median of its repetitions.</footer>\n"
	      "</body>\n</html>\n", out);
	return ferror(out) ? -1 : 0;
}
