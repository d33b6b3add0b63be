/*
 * A small strict JSON checker (RFC 8259) for the tests: the JSON writer's
 * fuzz target (tests/fuzz/json-fuzz.c) and unit test (t-json.c) assert
 * that gpuperf's output parses.  Written apart from report/ on purpose
 * (its own UTF-8 decoding), so that a shared mistake cannot hide.
 */
#ifndef GP_TESTS_JSON_CHECK_H
#define GP_TESTS_JSON_CHECK_H

#include <stddef.h>

/*
 * 0 when the n bytes at s are exactly one JSON text, else -1 with *where
 * (if not NULL) the offset of the first byte in error.  Strict: no raw
 * control characters in strings, no bad escapes, no lone surrogates, only
 * well-formed UTF-8, no leading zeros, no trailing commas, no NaN, nothing
 * after the value but white space; nesting deeper than 256 is refused.
 */
int json_check(const char *s, size_t n, size_t *where);

#endif
