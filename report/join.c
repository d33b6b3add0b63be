/*
 * Reports of several devices joined into one: each device's tables for
 * people under a heading, and one set of machine tables holding every
 * device's rows, so CSV and JSON stay one table (or one object of sections).
 */
#include <stdlib.h>
#include <string.h>
#include "report/report.h"

/* The machine table of r that takes t's rows: the same columns and key. */
static struct report_table *machine_match(struct report *r, const struct report_table *t)
{
	for (size_t i = 0; i < r->ntables; i++) {
		struct report_table *m = r->tables[i];
		if (!(m->flags & REPORT_HUMAN_ONLY) && m->cols == t->cols &&
		    (m->key == t->key || (m->key && t->key && !strcmp(m->key, t->key))))
			return m;
	}
	return NULL;
}

/*
 * A table meant for both people and machines becomes two, the machines'
 * right after the people's: the people's stays with its device, the
 * machines' collects every device's rows.
 */
static void split_shared(struct report *one)
{
	for (size_t k = 0; k < one->ntables; k++) {
		struct report_table *t = one->tables[k], *m;

		if (t->flags & (REPORT_HUMAN_ONLY | REPORT_MACHINE_ONLY))
			continue;
		m = report_add_table(one, t->title, t->cols, t->ncols);
		memmove(&one->tables[k + 2], &one->tables[k + 1],
			(one->ntables - k - 2) * sizeof(*one->tables));
		one->tables[k + 1] = m;
		report_append_rows(m, t);
		m->key = t->key;
		m->flags |= REPORT_MACHINE_ONLY;
		t->key = NULL;
		t->flags |= REPORT_HUMAN_ONLY;
		k++;
	}
}

void report_join(struct report *r, struct report *one, const char *heading)
{
	static const struct report_col none[] = { { "none", "", REPORT_STR, 0, 0 } };

	report_add_table(r, heading, none, 0)->flags |= REPORT_HUMAN_ONLY;
	split_shared(one);
	for (size_t k = 0; k < one->ntables;) {
		struct report_table *t = one->tables[k], *m;

		if ((t->flags & REPORT_HUMAN_ONLY) || !(m = machine_match(r, t))) {
			k++;  /* people's, or the first device's machine table */
			continue;
		}
		report_append_rows(m, t);
		report_drop_table(one, k);  /* its rows live on in m */
	}
	report_move_tables(r, one, 0);
}
