/* gpuperf's CSV and JSON back into typed report tables, by the writer's contract. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/read.h"
#include "report/read-csv.h"
#include "report/read-json.h"
#include "util/error.h"

/* Longest text of a header or key list quoted in a message. */
#define SHOWN 72

/* A number as report/ writes one (and JSON allows): -?D+(.D+)?([eE][+-]?D+)? */
static int is_number(const char *s, int whole)
{
	const char *p = s + (*s == '-');
	size_t d = strspn(p, "0123456789");

	if (!d)
		return 0;
	p += d;
	if (whole)
		return !*p;
	if (*p == '.') {
		d = strspn(++p, "0123456789");
		if (!d)
			return 0;
		p += d;
	}
	if (*p == 'e' || *p == 'E') {
		p += 1 + (p[1] == '+' || p[1] == '-');
		d = strspn(p, "0123456789");
		if (!d)
			return 0;
		p += d;
	}
	return !*p;
}

/* text into cell (row, col) of t, by the column's type; 0 or -1 with why set. */
static int set_cell(struct report_table *t, size_t row, size_t col, const char *text,
		    const char **why)
{
	const struct report_col *c = &t->cols[col];
	char *end;

	switch (c->type) {
	case REPORT_STR:
		report_set_str(t, row, col, text);
		return 0;
	case REPORT_INT: {
		long long v;
		if (!is_number(text, 1)) {
			*why = "is not a whole number";
			return -1;
		}
		errno = 0;
		v = strtoll(text, &end, 10);
		if (errno) {
			*why = "is out of range";
			return -1;
		}
		report_set_int(t, row, col, v);
		return 0;
	}
	case REPORT_DBL: {
		double v;
		if (!is_number(text, 0)) {
			*why = "is not a number";
			return -1;
		}
		v = strtod(text, &end);
		report_set_dbl(t, row, col, v);
		if (!report_cell(t, row, col)->set) {
			*why = "is out of range";
			return -1;
		}
		return 0;
	}
	}
	return -1;
}

const struct result_contract *diff_long_contract(void)
{
	static const struct report_col long_cols[] = { REPORT_LONG_COLS };
	const char *names[sizeof(long_cols) / sizeof(long_cols[0])];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		names[i] = long_cols[i].name;
	return result_contract_by_columns(names, sizeof(names) / sizeof(names[0]));
}

const struct result_contract *diff_table_contract(const struct report_table *t)
{
	const char **names = gp_xcalloc(t->ncols + 1, sizeof(*names));
	const struct result_contract *c;

	for (size_t i = 0; i < t->ncols; i++)
		names[i] = t->cols[i].name;
	c = result_contract_by_columns(names, t->ncols);
	free(names);
	return c;
}

/* "device,cc,device_index,..." cut to SHOWN characters, for messages. */
static char *name_list(char *const *names, size_t n)
{
	char *s = gp_xstrdup("");

	for (size_t i = 0; i < n && strlen(s) < SHOWN; i++) {
		char *next = gp_xasprintf("%s%s%s", s, i ? "," : "", names[i]);
		free(s);
		s = next;
	}
	if (strlen(s) > SHOWN) {
		s[SHOWN - 3] = '\0';
		strcat(s, "...");
	}
	return s;
}

static int not_ours(const struct diff_input *in, const char *what, char *const *names, size_t n)
{
	char *list = name_list(names, n);
	int rc = gp_error(GP_EXIT_USAGE, "%s is not gpuperf output: %s (%s) are no command's "
			  "columns", in->name, what, list);
	free(list);
	return rc;
}

/*
 * A table titled title of the columns names[0..n) of an output of c, in
 * the file's order, each as c defines it under today's name; a name c
 * lacks (none, for a header c's lookup accepted) is read as text.
 */
static struct report_table *file_table(struct diff_input *in, const char *title,
				       const struct result_contract *c, char *const *names, size_t n)
{
	struct report_col *cols = gp_xcalloc(n + 1, sizeof(*cols));

	for (size_t i = 0; i < n; i++) {
		const char *name = result_column_now(names[i]);
		size_t k = 0;

		while (k < c->ncols && strcmp(c->cols[k].name, name))
			k++;
		cols[i] = k < c->ncols ? c->cols[k] : (struct report_col){ names[i], names[i], REPORT_STR };
	}
	in->colsets = gp_xrealloc(in->colsets, (in->ncolsets + 1) * sizeof(*in->colsets));
	in->colsets[in->ncolsets++] = cols;
	if (!in->shape)
		in->shape = result_shape_of((const char *const *)names, n);
	return report_add_table(&in->tables, title, cols, n);
}

/* ---- CSV ---- */

static int read_csv(struct diff_input *in, const char *text, size_t len)
{
	const struct result_contract *c;
	struct report_table *t;
	struct csv_doc doc;
	size_t ncols;
	char err[160];
	int rc = 0;

	if (csv_parse(text, len, &doc, err, sizeof(err)))
		return gp_error(GP_EXIT_USAGE, "%s is not valid CSV: %s", in->name, err);
	if (!doc.n) {  /* blank records alone ("\"\"" is one empty field): doc still holds the array */
		rc = gp_error(GP_EXIT_USAGE, "%s is empty: no gpuperf output to compare", in->name);
		goto done;
	}
	c = result_contract_by_columns((const char *const *)doc.recs[0].fields, doc.recs[0].n);
	if (!c) {
		rc = not_ours(in, "its header's names", doc.recs[0].fields, doc.recs[0].n);
		goto done;
	}
	if (doc.n < 2) {
		rc = gp_error(GP_EXIT_USAGE, "%s holds only a header (%s's columns), no rows to "
			      "compare", in->name, c->command);
		goto done;
	}
	in->command = c->command;
	in->form = "CSV";
	ncols = doc.recs[0].n;
	t = file_table(in, c->command, c, doc.recs[0].fields, ncols);
	for (size_t r = 1; r < doc.n && !rc; r++) {
		const struct csv_record *rec = &doc.recs[r];
		size_t row = report_add_row(t);
		const char *why;

		if (rec->n != ncols) {
			rc = gp_error(GP_EXIT_USAGE, "%s line %zu: %zu field%s where the header has %zu "
				      "(a cut or damaged file?)", in->name, rec->line, rec->n,
				      rec->n == 1 ? "" : "s", ncols);
			break;
		}
		for (size_t k = 0; k < rec->n && !rc; k++)
			if (*rec->fields[k] && set_cell(t, row, k, rec->fields[k], &why))
				rc = gp_error(GP_EXIT_USAGE, "%s line %zu: %s '%s' %s", in->name,
					      rec->line, doc.recs[0].fields[k], rec->fields[k], why);
	}
done:
	csv_free(&doc);
	return rc;
}

/* ---- JSON ---- */

/* A JSON value into a cell of column col: null leaves it missing. */
static int json_cell(const struct diff_input *in, struct report_table *t, size_t row, size_t col,
		     const struct json *v)
{
	const struct report_col *c = &t->cols[col];
	int want = c->type == REPORT_STR ? JSON_STRING : JSON_NUMBER;
	const char *why;

	if (v->type == JSON_NULL)
		return 0;
	if ((int)v->type != want)
		return gp_error(GP_EXIT_USAGE, "%s line %zu: %s is %s where gpuperf writes %s or null",
				in->name, v->line, c->name, json_type_name(v->type),
				json_type_name((enum json_type)want));
	if (set_cell(t, row, col, v->text, &why))
		return gp_error(GP_EXIT_USAGE, "%s line %zu: %s %s %s", in->name, v->line, c->name,
				v->text, why);
	return 0;
}

/* The contract of an array of records (its first record's keys), or NULL after a message. */
static const struct result_contract *records_contract(const struct diff_input *in,
						      const struct json *arr, int quiet)
{
	const struct json *first = &arr->items[0];
	const struct result_contract *c;

	if (first->type != JSON_OBJECT) {
		gp_error(GP_EXIT_USAGE, "%s line %zu: a record is %s where gpuperf writes an object",
			 in->name, first->line, json_type_name(first->type));
		return NULL;
	}
	c = result_contract_by_columns((const char *const *)first->keys, first->n);
	if (!c && !quiet)
		not_ours(in, "its records' keys", first->keys, first->n);
	return c;
}

/*
 * Each record of arr a row of a new table of the first record's keys (c's
 * columns, or an earlier gpuperf's), keyed key (NULL: none); each with as
 * many keys as the first.
 */
static int json_table(struct diff_input *in, const struct json *arr,
		      const struct result_contract *c, const char *key)
{
	const struct json *first = &arr->items[0];
	struct report_table *t = file_table(in, key ? key : c->command, c, first->keys, first->n);

	t->key = key ? t->title : NULL;  /* the title holds a copy of the key */
	for (size_t r = 0; r < arr->n; r++) {
		const struct json *o = &arr->items[r];
		size_t row = report_add_row(t);

		if (o->type != JSON_OBJECT)
			return gp_error(GP_EXIT_USAGE, "%s line %zu: a record is %s where gpuperf "
					"writes an object", in->name, o->line, json_type_name(o->type));
		if (o->n != arr->items[0].n)
			return gp_error(GP_EXIT_USAGE, "%s line %zu: a record of %zu keys where %s's "
					"have %zu (a cut or damaged file?)", in->name, o->line, o->n,
					c->command, arr->items[0].n);
		for (size_t k = 0; k < o->n; k++) {
			int col = report_col_index(t, result_column_now(o->keys[k]));
			if (col < 0)
				return gp_error(GP_EXIT_USAGE, "%s line %zu: '%s' is not a column of %s",
						in->name, o->items[k].line, o->keys[k], c->command);
			if (json_cell(in, t, row, (size_t)col, &o->items[k]))
				return GP_EXIT_USAGE;
		}
	}
	return 0;
}

/*
 * all's JSON: a section per key, each an array of one command's records.
 * Its writer is the command whose table is the long form of sections
 * (report/report.h): the JSON and the CSV of one sectioned report.
 */
static int json_sections(struct diff_input *in, const struct json *obj)
{
	const struct result_contract *writer = diff_long_contract();
	int rc = 0;

	if (!writer)
		return gp_error(GP_EXIT_USAGE, "%s holds sections, and no command writes them",
				in->name);
	in->command = writer->command;
	in->sectioned = 1;
	in->form = "JSON sections";
	for (size_t i = 0; i < obj->n && !rc; i++) {
		const struct json *arr = &obj->items[i];
		const struct result_contract *c;

		if (arr->type != JSON_ARRAY)
			return gp_error(GP_EXIT_USAGE, "%s line %zu: section '%s' is %s where gpuperf "
					"writes an array of records", in->name, arr->line, obj->keys[i],
					json_type_name(arr->type));
		if (!arr->n)
			continue;
		c = records_contract(in, arr, 1);
		if (!c) {
			if (arr->items[0].type != JSON_OBJECT)
				return GP_EXIT_USAGE;  /* said */
			in->skipped = gp_xrealloc(in->skipped, (in->nskipped + 1) * sizeof(*in->skipped));
			in->skipped[in->nskipped++] = gp_xstrdup(obj->keys[i]);
			continue;
		}
		if (c->section_of)
			in->command = c->section_of;  /* check's sections: not all's */
		rc = json_table(in, arr, c, obj->keys[i]);
	}
	if (!rc && !in->tables.ntables)
		return gp_error(GP_EXIT_USAGE, "%s holds no records gpuperf can compare%s", in->name,
				in->nskipped ? " (its sections match no command's columns)" : "");
	return rc;
}

static int read_json(struct diff_input *in, const char *text, size_t len)
{
	const struct result_contract *c;
	struct json v;
	char err[160];
	int rc;

	if (json_parse(text, len, &v, err, sizeof(err)))
		return gp_error(GP_EXIT_USAGE, "%s is not valid JSON: %s", in->name, err);
	if (v.type == JSON_OBJECT) {
		rc = json_sections(in, &v);
	} else if (v.type != JSON_ARRAY) {
		rc = gp_error(GP_EXIT_USAGE, "%s is not gpuperf output: JSON holding %s, where gpuperf "
			      "writes an array of records or an object of sections", in->name,
			      json_type_name(v.type));
	} else if (!v.n) {
		rc = gp_error(GP_EXIT_USAGE, "%s holds no records (an empty array)", in->name);
	} else if (!(c = records_contract(in, &v, 0))) {
		rc = GP_EXIT_USAGE;
	} else {
		in->command = c->command;
		in->form = "JSON";
		rc = json_table(in, &v, c, NULL);
	}
	json_free(&v);
	return rc;
}

/* ---- files ---- */

int diff_parse(const char *name, const char *text, size_t len, struct diff_input *in)
{
	size_t i = strspn(text, " \t\r\n");
	int rc;

	memset(in, 0, sizeof(*in));
	in->name = gp_xstrdup(name);
	if (i >= len)
		rc = gp_error(GP_EXIT_USAGE, "%s is empty: no gpuperf output to compare", in->name);
	else if (text[i] == '[' || text[i] == '{')
		rc = read_json(in, text, len);
	else
		rc = read_csv(in, text, len);
	if (rc)
		diff_input_free(in);
	return rc;
}

/* The whole of f, NUL-terminated; NULL with errno set on a read error. */
static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, n = 0, got;
	char *buf = gp_xmalloc(cap);

	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (n + 1 == cap)
			buf = gp_xrealloc(buf, cap *= 2);
	}
	if (ferror(f)) {
		int e = errno ? errno : EIO;
		free(buf);
		errno = e;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

int diff_read_text(const char *path, char **text, size_t *len)
{
	int std = !strcmp(path, "-");
	const char *name = std ? "standard input" : path;
	FILE *f = std ? stdin : fopen(path, "r");

	*text = NULL;
	*len = 0;
	if (!f)
		return gp_error(GP_EXIT_USAGE, "cannot read %s: %s", name, strerror(errno));
	errno = 0;
	*text = slurp(f, len);
	if (!*text) {
		int e = errno;
		if (!std)
			fclose(f);
		return gp_error(GP_EXIT_USAGE, "cannot read %s: %s", name, strerror(e));
	}
	if (!std)
		fclose(f);
	return 0;
}

int diff_read(const char *path, struct diff_input *in)
{
	size_t len = 0;
	char *text;
	int rc;

	memset(in, 0, sizeof(*in));
	if ((rc = diff_read_text(path, &text, &len)))
		return rc;
	rc = diff_parse(strcmp(path, "-") ? path : "standard input", text, len, in);
	free(text);
	return rc;
}
