/* RFC 4180 records, field by field, with the line each starts on for messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/read-csv.h"
#include "util/error.h"

struct buf {
	char *s;
	size_t n, cap;
};

static void put(struct buf *b, char c)
{
	if (b->n + 1 >= b->cap) {
		b->cap = b->cap ? 2 * b->cap : 32;
		b->s = gp_xrealloc(b->s, b->cap);
	}
	b->s[b->n++] = c;
	b->s[b->n] = '\0';
}

static void add_field(struct csv_record *r, struct buf *b)
{
	r->fields = gp_xrealloc(r->fields, (r->n + 1) * sizeof(*r->fields));
	r->fields[r->n++] = b->s ? b->s : gp_xstrdup("");
	*b = (struct buf){ 0 };
}

static struct csv_record *add_record(struct csv_doc *doc, size_t line)
{
	doc->recs = gp_xrealloc(doc->recs, (doc->n + 1) * sizeof(*doc->recs));
	doc->recs[doc->n] = (struct csv_record){ NULL, 0, line };
	return &doc->recs[doc->n++];
}

static int fail(struct csv_doc *doc, struct buf *b, char *err, size_t n, size_t line,
		const char *what)
{
	snprintf(err, n, "line %zu: %s", line, what);
	free(b->s);
	csv_free(doc);
	return -1;
}

/* A blank last line (or several) is the file's end, not a record of one empty field. */
static void drop_blank_tail(struct csv_doc *doc)
{
	while (doc->n && doc->recs[doc->n - 1].n == 1 && !doc->recs[doc->n - 1].fields[0][0]) {
		struct csv_record *r = &doc->recs[--doc->n];
		free(r->fields[0]);
		free(r->fields);
	}
}

int csv_parse(const char *text, size_t len, struct csv_doc *doc, char *err, size_t n)
{
	struct buf b = { 0 };
	struct csv_record *r = NULL;
	size_t line = 1, i = 0;

	memset(doc, 0, sizeof(*doc));
	while (i < len) {
		if (!r)
			r = add_record(doc, line);
		if (text[i] == '"') {  /* quoted: up to a lone quote */
			size_t start = line;
			for (i++;; i++) {
				if (i >= len)
					return fail(doc, &b, err, n, start, "a quoted field is never closed");
				if (text[i] == '"' && i + 1 < len && text[i + 1] == '"')
					i++;
				else if (text[i] == '"')
					break;
				if (!text[i])
					return fail(doc, &b, err, n, line, "a NUL byte");
				line += text[i] == '\n';
				put(&b, text[i]);
			}
			i++;
			if (i < len && text[i] != ',' && text[i] != '\n' &&
			    !(text[i] == '\r' && i + 1 < len && text[i + 1] == '\n'))
				return fail(doc, &b, err, n, line, "text after a closing quote");
			if (!b.s)
				b.s = gp_xstrdup("");
		} else {
			for (; i < len && text[i] != ',' && text[i] != '\n'; i++) {
				if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n')
					break;
				if (text[i] == '"')
					return fail(doc, &b, err, n, line, "a quote inside an unquoted field");
				if (!text[i])
					return fail(doc, &b, err, n, line, "a NUL byte");
				put(&b, text[i]);
			}
		}
		add_field(r, &b);
		if (i < len && text[i] == ',') {
			i++;
			if (i == len)  /* "a,": the last field is empty */
				add_field(r, &b);
			continue;
		}
		i += i < len && text[i] == '\r';
		if (i < len) {  /* the line end */
			i++;
			line++;
		}
		r = NULL;
	}
	drop_blank_tail(doc);
	return 0;
}

void csv_free(struct csv_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		for (size_t k = 0; k < doc->recs[i].n; k++)
			free(doc->recs[i].fields[k]);
		free(doc->recs[i].fields);
	}
	free(doc->recs);
	memset(doc, 0, sizeof(*doc));
}
