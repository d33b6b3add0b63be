/* The long format: any table's results as (probe, config, metric, value, unit) rows. */
#include <stdlib.h>
#include <string.h>
#include "report/format.h"
#include "report/report.h"
#include "util/error.h"

/* The columns after the identity ones (REPORT_LONG_COLS). */
enum { L_PROBE = 6, L_CONFIG, L_METRIC, L_VALUE, L_UNIT };

/* "bandwidth (GB/s)" -> "GB/s"; "" when the header names no unit. */
static void header_unit(const char *header, char *buf, size_t n)
{
	const char *open = strrchr(header, '('), *close = open ? strchr(open, ')') : NULL;
	size_t len = close ? (size_t)(close - open - 1) : 0;

	if (len >= n)
		len = n - 1;
	memcpy(buf, open ? open + 1 : "", len);
	buf[len] = '\0';
}

static char *row_config(const struct report_table *src, size_t r)
{
	char *cfg = gp_xstrdup(""), buf[64];

	for (size_t c = 0; c < src->ncols; c++) {
		const struct report_cell *cell = report_cell(src, r, c);
		char *next;
		if (!(src->cols[c].flags & REPORT_COL_CONFIG) || !cell->set)
			continue;
		next = gp_xasprintf("%s%s%s=%s", cfg, *cfg ? " " : "", src->cols[c].name,
				    report_format_cell(&src->cols[c], cell, 2, buf, sizeof(buf)));
		free(cfg);
		cfg = next;
	}
	return cfg;
}

/* dst's identity columns from src's of the same name. */
static void copy_identity(struct report_table *dst, size_t row, const struct report_table *src,
			  size_t r)
{
	for (size_t c = 0; c < src->ncols; c++) {
		const struct report_cell *cell = report_cell(src, r, c);
		int d = report_col_index(dst, src->cols[c].name);

		if (!(src->cols[c].flags & REPORT_COL_ID) || !cell->set || d < 0 ||
		    dst->cols[d].type != src->cols[c].type)
			continue;
		if (src->cols[c].type == REPORT_STR)
			report_set_str(dst, row, (size_t)d, cell->u.s);
		else if (src->cols[c].type == REPORT_INT)
			report_set_int(dst, row, (size_t)d, cell->u.i);
	}
}

void report_append_long(struct report_table *dst, const char *probe,
			const struct report_table *src)
{
	char buf[64], unit[32];

	for (size_t r = 0; r < src->nrows; r++) {
		char *cfg = row_config(src, r);

		for (size_t c = 0; c < src->ncols; c++) {
			const struct report_cell *cell = report_cell(src, r, c);
			size_t row;
			if (!cell->set || (src->cols[c].flags & (REPORT_COL_ID | REPORT_COL_CONFIG)))
				continue;
			row = report_add_row(dst);
			copy_identity(dst, row, src, r);
			report_set_str(dst, row, L_PROBE, probe);
			report_set_str(dst, row, L_CONFIG, cfg);
			report_set_str(dst, row, L_METRIC, src->cols[c].name);
			report_set_str(dst, row, L_VALUE,
				       report_format_cell(&src->cols[c], cell, 2, buf, sizeof(buf)));
			header_unit(src->cols[c].header, unit, sizeof(unit));
			report_set_str(dst, row, L_UNIT, unit);
		}
		free(cfg);
	}
}
