/* Cells as text (the only place a cell's number becomes text) and the identity rule. */
#include <stdio.h>
#include <string.h>
#include "report/format.h"

const char *report_format_cell(const struct report_col *col, const struct report_cell *c,
			       int extra_prec, char *buf, size_t n)
{
	switch (col->type) {
	case REPORT_STR:
		return c->u.s;
	case REPORT_INT:
		snprintf(buf, n, "%lld", c->u.i);
		return buf;
	case REPORT_DBL:
		/* a number too long for buf (1e300 in fixed point) in exponent form, never cut */
		if ((size_t)snprintf(buf, n, "%.*f", col->prec + extra_prec, c->u.d) >= n)
			snprintf(buf, n, "%.17g", c->u.d);
		/* "-0.00" reads as a sign error in a table */
		if (buf[0] == '-') {
			const char *p = buf + 1;
			while (*p == '0' || *p == '.')
				p++;
			if (!*p)
				return buf + 1;
		}
		return buf;
	}
	return "";
}

int report_said_once(const struct report_table *t, size_t c)
{
	const struct report_cell *first;

	if (!(t->cols[c].flags & REPORT_COL_ID) || (t->cols[c].flags & REPORT_COL_MACHINE) ||
	    t->cols[c].type != REPORT_STR || !t->nrows)
		return 0;
	first = report_cell(t, 0, c);
	for (size_t r = 0; r < t->nrows; r++) {
		const struct report_cell *cell = report_cell(t, r, c);
		if (!cell->set || !first->set || strcmp(cell->u.s, first->u.s))
			return 0;
	}
	return 1;
}
