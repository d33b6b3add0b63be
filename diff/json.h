/*
 * A reader of JSON (RFC 8259) as report/ writes it: gpuperf's records
 * are an array of objects, or an object of such arrays (all's sections).
 * Objects keep their keys in the order written.  Pure: text in, a tree
 * out, no I/O.
 */
#ifndef GP_DIFF_JSON_H
#define GP_DIFF_JSON_H

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
void json_free(struct json *v);

/* What a value is, in words: "an object", "a number". */
const char *json_type_name(enum json_type t);

#endif
