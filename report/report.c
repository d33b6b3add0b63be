/* The table model: typed cells, notes, tables moved and freed. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "util/error.h"

struct report_table *report_add_table(struct report *r, const char *title,
				      const struct report_col *cols, size_t ncols)
{
	struct report_table *t = gp_xcalloc(1, sizeof(*t));

	t->title = title ? gp_xstrdup(title) : NULL;
	t->cols = cols;
	t->ncols = ncols;
	r->tables = gp_xrealloc(r->tables, (r->ntables + 1) * sizeof(*r->tables));
	r->tables[r->ntables++] = t;
	return t;
}

size_t report_add_row(struct report_table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 8;
		t->cells = gp_xrealloc(t->cells, t->cap * t->ncols * sizeof(*t->cells));
		if (t->wholes)
			t->wholes = gp_xrealloc(t->wholes, t->cap * t->ncols * sizeof(*t->wholes));
	}
	memset(t->cells + t->nrows * t->ncols, 0, t->ncols * sizeof(*t->cells));
	if (t->wholes)
		memset(t->wholes + t->nrows * t->ncols, 0, t->ncols * sizeof(*t->wholes));
	return t->nrows++;
}

static struct report_cell *cell_for(struct report_table *t, size_t row, size_t col,
				    enum report_type type)
{
	struct report_cell *c;

	if (row >= t->nrows || col >= t->ncols || t->cols[col].type != type) {
		fprintf(stderr, "gpuperf: BUG: bad cell %zu,%zu of table '%s'\n", row, col,
			t->title ? t->title : "");
		abort();
	}
	c = &t->cells[row * t->ncols + col];
	if (c->set && type == REPORT_STR)
		free(c->u.s);
	return c;
}

void report_set_str(struct report_table *t, size_t row, size_t col, const char *s)
{
	struct report_cell *c = cell_for(t, row, col, REPORT_STR);

	c->set = s != NULL;
	c->u.s = s ? gp_xstrdup(s) : NULL;
}

void report_set_int(struct report_table *t, size_t row, size_t col, long long v)
{
	struct report_cell *c = cell_for(t, row, col, REPORT_INT);

	c->set = 1;
	c->u.i = v;
}

void report_set_dbl(struct report_table *t, size_t row, size_t col, double v)
{
	struct report_cell *c = cell_for(t, row, col, REPORT_DBL);

	c->set = isfinite(v);
	c->u.d = v;
}

void report_set_cell(struct report_table *t, size_t row, size_t col, const struct report_cell *c)
{
	if (!c->set) {
		struct report_cell *dst = cell_for(t, row, col, t->cols[col].type);
		dst->set = 0;
		return;
	}
	if (t->cols[col].type == REPORT_STR)
		report_set_str(t, row, col, c->u.s);
	else if (t->cols[col].type == REPORT_INT)
		report_set_int(t, row, col, c->u.i);
	else
		report_set_dbl(t, row, col, c->u.d);
}

int report_col_index(const struct report_table *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (!strcmp(t->cols[i].name, name))
			return (int)i;
	return -1;
}

const struct report_cell *report_cell(const struct report_table *t, size_t row, size_t col)
{
	return &t->cells[row * t->ncols + col];
}

static void add_item(struct report_table *t, struct report_item it)
{
	t->items = gp_xrealloc(t->items, (t->nitems + 1) * sizeof(*t->items));
	t->items[t->nitems++] = it;
}

void report_note(struct report_table *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = gp_xvasprintf(fmt, ap);
	va_end(ap);
	add_item(t, (struct report_item){ s, NULL });
}

void report_row_note(struct report_table *t, size_t row, const char *lead, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = gp_xvasprintf(fmt, ap);
	va_end(ap);
	add_item(t, (struct report_item){ gp_xasprintf("%s%s", lead, s), NULL, 1, row, strlen(lead) });
	free(s);
}

void report_set_whole(struct report_table *t, size_t row, size_t col, const char *whole)
{
	char **w;

	if (row >= t->nrows || col >= t->ncols)
		return;
	if (!t->wholes)
		t->wholes = gp_xcalloc(t->cap * t->ncols, sizeof(*t->wholes));
	w = &t->wholes[row * t->ncols + col];
	free(*w);
	*w = whole ? gp_xstrdup(whole) : NULL;
}

void report_set_device(struct report *r, const char *device)
{
	free(r->device);
	r->device = device ? gp_xstrdup(device) : NULL;
}

static void table_free(struct report_table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++)
			if (t->cols[c].type == REPORT_STR && t->cells[r * t->ncols + c].set)
				free(t->cells[r * t->ncols + c].u.s);
	for (size_t i = 0; i < t->nitems; i++) {
		free(t->items[i].text);
		report_chart_free(t->items[i].chart);
	}
	free(t->items);
	for (size_t i = 0; t->wholes && i < t->nrows * t->ncols; i++)
		free(t->wholes[i]);
	free(t->wholes);
	free(t->cells);
	free(t->title);
	free(t);
}

void report_move_tables(struct report *dst, struct report *src, unsigned skip_flags)
{
	for (size_t i = 0; i < src->ntables; i++) {
		struct report_table *t = src->tables[i];
		if (t->flags & skip_flags) {
			table_free(t);
			continue;
		}
		dst->tables = gp_xrealloc(dst->tables, (dst->ntables + 1) * sizeof(*dst->tables));
		dst->tables[dst->ntables++] = t;
	}
	free(src->tables);
	src->tables = NULL;
	src->ntables = 0;
}

void report_drop_table(struct report *r, size_t i)
{
	if (i >= r->ntables)
		return;
	table_free(r->tables[i]);
	memmove(&r->tables[i], &r->tables[i + 1], (r->ntables - i - 1) * sizeof(*r->tables));
	r->ntables--;
}

void report_append_rows(struct report_table *dst, const struct report_table *src)
{
	if (dst->cols != src->cols) {
		fprintf(stderr, "gpuperf: BUG: appending rows of a different table\n");
		abort();
	}
	for (size_t r = 0; r < src->nrows; r++) {
		size_t row = report_add_row(dst);
		for (size_t c = 0; c < src->ncols; c++)
			report_set_cell(dst, row, c, report_cell(src, r, c));
	}
}

void report_free(struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		table_free(r->tables[i]);
	free(r->tables);
	r->tables = NULL;
	r->ntables = 0;
	free(r->device);
	r->device = NULL;
}
