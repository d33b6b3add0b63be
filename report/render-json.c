/* JSON: an array of objects, one per row; null for missing values. */
#include <stdio.h>
#include "report/format.h"
#include "report/report.h"
#include "util/utf8.h"

/* Quote and backslash escaped; see format.h for the rest. */
void report_json_string(const char *s, FILE *out)
{
	size_t len;

	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p += len ? len : 1) {
		len = utf8_seq_len(p);
		if (!len) {
			fputs("\\ufffd", out);
			continue;
		}
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(out, "\\u%04x", *p);
			else
				fwrite(p, 1, len, out);
		}
	}
	fputc('"', out);
}

void report_render_json(const struct report_table *t, FILE *out)
{
	char buf[64];

	fputc('[', out);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs(r ? ",\n  {" : "\n  {", out);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct report_cell *cell = report_cell(t, r, c);
			if (c)
				fputs(", ", out);
			report_json_string(t->cols[c].name, out);
			fputs(": ", out);
			if (!cell->set)
				fputs("null", out);
			else if (t->cols[c].type == REPORT_STR)
				report_json_string(cell->u.s, out);
			else
				fputs(report_format_cell(&t->cols[c], cell, 2, buf, sizeof(buf)), out);
		}
		fputc('}', out);
	}
	fputs(t->nrows ? "\n]\n" : "]\n", out);
}
