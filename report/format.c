/* Formatting one cell: the only place numbers become text. */
#include <stdio.h>
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
		snprintf(buf, n, "%.*f", col->prec + extra_prec, c->u.d);
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
