/* Cell formatting and the rules the renderers share (internal to report/). */
#ifndef GP_REPORT_FORMAT_H
#define GP_REPORT_FORMAT_H

#include <stddef.h>
#include <stdio.h>
#include "report/report.h"

/*
 * Format a set cell's value into buf: integers in decimal, doubles with
 * extra_prec more decimals than the column's precision, strings as they are.
 * Always '.' as decimal point: the program never sets LC_NUMERIC.
 */
const char *report_format_cell(const struct report_col *col, const struct report_cell *c,
			       int extra_prec, char *buf, size_t n);

/*
 * An identity column with one value in every row: people get it once,
 * above the table, rather than in every row (the table and HTML views).
 */
int report_said_once(const struct report_table *t, size_t c);

/*
 * s as a JSON string (RFC 8259), quotes included, valid for any bytes:
 * control characters (and DEL) as \u escapes, each byte that is not
 * UTF-8 (util/utf8.h) as U+FFFD.
 */
void report_json_string(const char *s, FILE *out);

#endif
