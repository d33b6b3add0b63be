/* The one place a format is chosen: a report rendered as text, CSV or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include "util/error.h"
#include "report/format.h"
#include "report/report.h"

/* Whether t is one of fmt's machine tables: not human-only, nor JSON-only in CSV. */
static int machine_table(const struct report_table *t, enum report_format fmt)
{
	return !(t->flags & REPORT_HUMAN_ONLY) && !(fmt == REPORT_CSV && (t->flags & REPORT_JSON_ONLY));
}

/* JSON with sections: {"key": [...], ...} over the machine tables that have keys. */
static void emit_json_sections(const struct report *r, FILE *out)
{
	int first = 1;

	fputs("{", out);
	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *t = r->tables[i];
		if (!machine_table(t, REPORT_JSON) || !t->key)
			continue;
		fputs(first ? "\n" : ",\n", out);
		report_json_string(t->key, out);
		fputs(": ", out);
		report_render_json(t, out);
		first = 0;
	}
	fputs("}\n", out);
}

/* CSV with sections: one long table of every keyed machine table's results. */
static void emit_csv_sections(const struct report *r, FILE *out)
{
	static const struct report_col long_cols[] = { REPORT_LONG_COLS };
	struct report lr = { 0 };
	struct report_table *lt = report_add_table(&lr, NULL, long_cols,
						   sizeof(long_cols) / sizeof(long_cols[0]));

	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *t = r->tables[i];
		if (machine_table(t, REPORT_CSV) && t->key)
			report_append_long(lt, t->key, t);
	}
	report_render_csv(lt, out);
	report_free(&lr);
}

/*
 * Sections: any keyed machine table.  In CSV they make one long table,
 * unless REPORT_JSON_ONLY tables leave CSV a single one (check's): that
 * one is a plain table.
 */
static int has_sections(const struct report *r, enum report_format fmt)
{
	size_t n = 0, json_only = 0;

	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *t = r->tables[i];

		if ((t->flags & REPORT_HUMAN_ONLY) || !t->key)
			continue;
		if (machine_table(t, fmt))
			n++;
		else
			json_only++;
	}
	return json_only ? n > 1 : n > 0;
}

int report_emit(const struct report *r, enum report_format fmt, FILE *out)
{
	const struct report_table *machine = NULL;
	int first = 1;

	for (size_t i = 0; fmt != REPORT_TABLE && i < r->ntables; i++)
		if ((r->tables[i]->flags & REPORT_HEADLINE) && r->tables[i]->title &&
		    *r->tables[i]->title)
			gp_note("%s", r->tables[i]->title);
	if (fmt != REPORT_TABLE && has_sections(r, fmt)) {
		if (fmt == REPORT_JSON)
			emit_json_sections(r, out);
		else
			emit_csv_sections(r, out);
		return ferror(out) ? -1 : 0;
	}

	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *t = r->tables[i];
		if (fmt == REPORT_TABLE) {
			if (t->flags & REPORT_MACHINE_ONLY)
				continue;
			if (!first)
				fputc('\n', out);
			report_render_table(t, out);
			first = 0;
		} else if (machine_table(t, fmt)) {
			if (machine) {
				fprintf(stderr, "gpuperf: BUG: two machine tables in one report\n");
				abort();
			}
			machine = t;
		}
	}
	if (machine && fmt == REPORT_CSV)
		report_render_csv(machine, out);
	else if (machine && fmt == REPORT_JSON)
		report_render_json(machine, out);
	else if (!machine && fmt == REPORT_JSON)
		fputs("[]\n", out);
	return ferror(out) ? -1 : 0;
}
