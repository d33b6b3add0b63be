/* The human format: aligned columns, units in the headers, n/a for missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/format.h"
#include "report/report.h"
#include "util/error.h"

/* Columns on screen, counting UTF-8 sequences once ("µs", "×"). */
static size_t display_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void pad(FILE *out, size_t n)
{
	while (n--)
		fputc(' ', out);
}

static const char *cell_text(const struct report_table *t, size_t r, size_t c,
			     char *buf, size_t n)
{
	const struct report_cell *cell = report_cell(t, r, c);
	return cell->set ? report_format_cell(&t->cols[c], cell, 0, buf, n) : "n/a";
}

static void render_vertical(const struct report_table *t, FILE *out)
{
	size_t w = 0;
	char buf[64];

	for (size_t c = 0; c < t->ncols; c++) {
		size_t hw = display_width(t->cols[c].header);
		if (hw > w)
			w = hw;
	}
	for (size_t r = 0; r < t->nrows; r++) {
		if (r)
			fputc('\n', out);
		for (size_t c = 0; c < t->ncols; c++) {
			fprintf(out, "  %s", t->cols[c].header);
			pad(out, w - display_width(t->cols[c].header) + 2);
			fprintf(out, "%s\n", cell_text(t, r, c, buf, sizeof(buf)));
		}
	}
}

static void render_identity(const struct report_table *t, FILE *out)
{
	int any = 0;

	for (size_t c = 0; c < t->ncols; c++) {
		if (!report_said_once(t, c))
			continue;
		fprintf(out, "%s%s %s", any ? ", " : "", t->cols[c].header, report_cell(t, 0, c)->u.s);
		any = 1;
	}
	if (any)
		fputc('\n', out);
}

static void render_rows(const struct report_table *t, FILE *out)
{
	size_t *w = gp_xcalloc(t->ncols, sizeof(*w));
	unsigned char *hide = gp_xcalloc(t->ncols, 1);
	size_t last = 0;
	char buf[64];

	render_identity(t, out);
	for (size_t c = 0; c < t->ncols; c++) {
		hide[c] = (unsigned char)(report_said_once(t, c) || (t->cols[c].flags & REPORT_COL_MACHINE));
		if (!hide[c])
			last = c;
	}
	for (size_t c = 0; c < t->ncols; c++) {
		w[c] = display_width(t->cols[c].header);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t cw = display_width(cell_text(t, r, c, buf, sizeof(buf)));
			if (cw > w[c])
				w[c] = cw;
		}
	}
	for (size_t r = 0; r <= t->nrows + 1; r++) {  /* header, rule, then the rows */
		int first = 1;
		size_t spaces = 0;  /* padding owed: written before the next text, never at a line's end */
		for (size_t c = 0; c < t->ncols; c++) {
			const char *s = r == 0 ? t->cols[c].header :
					r == 1 ? NULL : cell_text(t, r - 2, c, buf, sizeof(buf));
			int right = t->cols[c].type != REPORT_STR;
			size_t gap = s ? w[c] - display_width(s) : 0;
			if (hide[c])
				continue;
			spaces += first ? 0 : 2;
			first = 0;
			if (!s) {
				pad(out, spaces);
				spaces = 0;
				for (size_t i = 0; i < w[c]; i++)
					fputc('-', out);
				continue;
			}
			if (right)
				spaces += gap;
			if (*s) {
				pad(out, spaces);
				spaces = 0;
				fputs(s, out);
			}
			if (!right && c != last)
				spaces += gap;
		}
		fputc('\n', out);
	}
	free(hide);
	free(w);
}

void report_render_table(const struct report_table *t, FILE *out)
{
	if (t->title)
		fprintf(out, "%s\n", t->title);
	if (t->ncols && t->nrows) {
		if (t->layout == REPORT_VERTICAL)
			render_vertical(t, out);
		else
			render_rows(t, out);
	}
	for (size_t i = 0; i < t->nitems; i++) {
		if (t->items[i].chart)
			report_render_text_chart(t->items[i].chart, out);
		else
			fprintf(out, "%s\n", t->items[i].text);
	}
}
