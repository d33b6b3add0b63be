/* The long format: any table's results as (probe, config, metric, value, unit) rows. */
#include <stdlib.h>
#include <string.h>
#include "report/format.h"
#include "report/report.h"
#include "util/error.h"

enum { L_DEVICE, L_CC, L_PROBE, L_CONFIG, L_METRIC, L_VALUE, L_UNIT };

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

void report_append_long(struct report_table *dst, const char *probe,
			const struct report_table *src)
{
	char buf[64], unit[32];

	for (size_t r = 0; r < src->nrows; r++) {
		char *cfg = row_config(src, r);
		const char *dev = NULL, *cc = NULL;
		for (size_t c = 0; c < src->ncols; c++) {
			const struct report_cell *cell = report_cell(src, r, c);
			if ((src->cols[c].flags & REPORT_COL_ID) && cell->set &&
			    src->cols[c].type == REPORT_STR) {
				if (!strcmp(src->cols[c].name, "device"))
					dev = cell->u.s;
				else if (!strcmp(src->cols[c].name, "cc"))
					cc = cell->u.s;
			}
		}
		for (size_t c = 0; c < src->ncols; c++) {
			const struct report_cell *cell = report_cell(src, r, c);
			size_t row;
			if (!cell->set || (src->cols[c].flags & (REPORT_COL_ID | REPORT_COL_CONFIG)))
				continue;
			row = report_add_row(dst);
			report_set_str(dst, row, L_DEVICE, dev);
			report_set_str(dst, row, L_CC, cc);
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
