/*
 * A reader of JSON (RFC 8259) as report/ writes it: gpuperf's records
 * are an array of objects, or an object of such arrays (all's sections).
 * Objects keep their keys in the order written.  Pure: text in, a tree
 * out, no I/O.
 */
#ifndef GP_REPORT_READ_JSON_H
#define GP_REPORT_READ_JSON_H

#include <stddef.h>

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json {
	enum json_type type;
	char *text;              /* a string's value (UTF-8), a number as written */
	struct json *items;      /* an array's values, an object's values */
	char **keys;             /* an object's keys, items[i] under keys[i] */
	size_t n;
	size_t line;             /* where the value starts, from 1 */
};

/* Nesting deeper than this is refused (gpuperf writes two levels). */
#define JSON_MAX_DEPTH 32

/*
 * Parse len bytes holding one JSON value (white space around it) into
 * out.  0, or -1 with a message naming the line in err (n bytes); out
 * holds nothing to free after -1.
 */
int json_parse(const char *text, size_t len, struct json *out, char *err, size_t n);
/*
 * The next of several JSON values written one after another (concatenated
 * documents: the outputs of many nodes in one stream), from text[*pos],
 * *line the line there (1 at the start).  0: one value in out, *pos and
 * *line past it; 1: nothing but white space is left; -1: a message naming
 * the line in err, out holds nothing to free.  A number, true, false or
 * null must be followed by white space or the end, so "12" is not 1 then 2.
 */
int json_parse_next(const char *text, size_t len, size_t *pos, size_t *line, struct json *out,
		    char *err, size_t n);
void json_free(struct json *v);

/* What a value is, in words: "an object", "a number". */
const char *json_type_name(enum json_type t);

#endif
