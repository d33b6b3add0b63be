/*
 * CSV: RFC 4180 quoting (a field with a comma, a quote or a line break in
 * quotes, quotes doubled), one header row, and LF line ends rather than
 * the RFC's CR LF: what pipes, scripts and spreadsheets all read.
 */
#include <stdio.h>
#include <string.h>
#include "report/format.h"
#include "report/report.h"

static void csv_field(const char *s, FILE *out)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void report_render_csv(const struct report_table *t, FILE *out)
{
	char buf[64];

	for (size_t c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', out);
		csv_field(t->cols[c].name, out);
	}
	fputc('\n', out);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const struct report_cell *cell = report_cell(t, r, c);
			if (c)
				fputc(',', out);
			if (cell->set)
				csv_field(report_format_cell(&t->cols[c], cell, 2, buf, sizeof(buf)), out);
		}
		fputc('\n', out);
	}
}
