/*
 * A reader of CSV as report/render-csv.c writes it: RFC 4180 fields
 * (quoted where they hold a comma, a quote or a line break, quotes
 * doubled), records ended by LF or CR LF, the last line end optional.
 * Pure: text in, fields out, no I/O.
 */
#ifndef GP_REPORT_READ_CSV_H
#define GP_REPORT_READ_CSV_H

#include <stddef.h>

struct csv_record {
	char **fields;
	size_t n;
	size_t line;         /* the line it starts on, from 1 */
};

struct csv_doc {
	struct csv_record *recs;
	size_t n;
};

/*
 * Parse len bytes of text into doc; blank lines at the end are dropped.
 * 0, or -1 with a message naming the line in err (n bytes): a quote
 * inside an unquoted field, text after a closing quote, a quoted field
 * never closed, a NUL byte.  doc holds nothing to free after -1.
 */
int csv_parse(const char *text, size_t len, struct csv_doc *doc, char *err, size_t n);
void csv_free(struct csv_doc *doc);

#endif
