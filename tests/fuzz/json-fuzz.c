/*
 * libFuzzer target for the JSON writer: a report built from the input
 * (column names, string cells, numbers, section keys) is emitted as JSON,
 * and every output must parse (tests/unit/json-check.c, strict).  Built
 * and run by `make fuzz` and briefly by tests/cli/fuzz.bats.
 *
 * Input: byte 0 picks the shape (columns 1-4, bit 2: a sectioned report of
 * two keyed tables), byte 1 the column types (2 bits each: string, int,
 * double); the rest, split at NUL bytes, gives the column names, each
 * table's key when sectioned, then cells row by row (an empty field is a
 * missing value; a number takes up to 8 raw bytes, NaN and infinities
 * included).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "tests/unit/json-check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fields {
	const char *s;   /* NUL-separated, NUL-terminated copy of the input */
	size_t n, at;
};

/* The next field, or NULL at the end. */
static const char *next(struct fields *f, size_t *len)
{
	const char *s;

	if (f->at >= f->n)
		return NULL;
	s = f->s + f->at;
	*len = strlen(s);
	f->at += *len + 1;
	return s;
}

static void fill(struct report_table *t, const struct report_col *cols, size_t ncols,
		 struct fields *f)
{
	const char *s;
	size_t len, row = 0, c = ncols;

	while ((s = next(f, &len)) && t->nrows < 64) {
		unsigned char raw[8] = { 0 };
		long long i;
		double d;

		if (c == ncols) {
			row = report_add_row(t);
			c = 0;
		}
		memcpy(raw, s, len < 8 ? len : 8);
		if (!len)
			;  /* missing */
		else if (cols[c].type == REPORT_STR)
			report_set_str(t, row, c, s);
		else if (cols[c].type == REPORT_INT)
			memcpy(&i, raw, 8), report_set_int(t, row, c, i);
		else
			memcpy(&d, raw, 8), report_set_dbl(t, row, c, d);
		c++;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum report_type types[] = { REPORT_STR, REPORT_INT, REPORT_DBL, REPORT_STR };
	struct report_col cols[4];
	struct report r = { 0 };
	struct fields f;
	size_t ncols, ntables, len, where, outlen = 0;
	const char *keys[2] = { NULL, NULL };
	char *copy, *out = NULL;
	FILE *mem;

	if (size < 2)
		return 0;
	ncols = 1 + (data[0] & 3);
	ntables = data[0] & 4 ? 2 : 1;
	copy = malloc(size - 1);
	memcpy(copy, data + 2, size - 2);
	copy[size - 2] = '\0';
	f = (struct fields){ copy, size - 2, 0 };
	memset(cols, 0, sizeof(cols));
	for (size_t c = 0; c < ncols; c++) {
		const char *name = next(&f, &len);
		cols[c].name = name ? name : "";
		cols[c].header = cols[c].name;
		cols[c].type = types[(data[1] >> (2 * c)) & 3];
		cols[c].prec = data[1] & 7;
	}
	for (size_t k = 0; ntables == 2 && k < 2; k++)
		keys[k] = next(&f, &len);
	for (size_t k = 0; k < ntables; k++) {
		struct report_table *t = report_add_table(&r, NULL, cols, ncols);
		t->key = ntables == 2 ? (keys[k] ? keys[k] : "") : NULL;
		fill(t, cols, ncols, &f);
	}
	mem = open_memstream(&out, &outlen);
	if (!mem || report_emit(&r, REPORT_JSON, mem))
		abort();
	fclose(mem);
	if (json_check(out, outlen, &where)) {
		fprintf(stderr, "invalid JSON at byte %zu:\n%s\n", where, out);
		abort();
	}
	free(out);
	report_free(&r);
	free(copy);
	return 0;
}
