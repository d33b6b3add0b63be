/* JSON: an array of objects, one per row; null for missing values. */
#include <stdio.h>
#include "report/format.h"
#include "report/report.h"

static void json_string(const char *s, FILE *out)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		switch (ch) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (ch < 0x20)
				fprintf(out, "\\u%04x", ch);
			else
				fputc(ch, out);
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
			json_string(t->cols[c].name, out);
			fputs(": ", out);
			if (!cell->set)
				fputs("null", out);
			else if (t->cols[c].type == REPORT_STR)
				json_string(cell->u.s, out);
			else
				fputs(report_format_cell(&t->cols[c], cell, 2, buf, sizeof(buf)), out);
		}
		fputc('}', out);
	}
	fputs(t->nrows ? "\n]\n" : "]\n", out);
}
