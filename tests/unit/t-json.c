/*
 * JSON for any bytes: the checker the fuzz target relies on refuses what
 * it must, and the writer's output of hostile strings (bytes that are not
 * UTF-8, control characters, quotes) passes it with the expected escapes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "tests/unit/json-check.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"
#include "util/utf8.h"

static int valid(const char *s)
{
	return json_check(s, strlen(s), NULL) == 0;
}

static void checker(void)
{
	static const char *const good[] = {
		"[]", " {} ", "[1, -0.5e+3, 0, 1E9, true, false, null]", "{\"a\": {\"b\": [\"\"]}}",
		"\"\\u00e9\\ud83d\\ude00 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"", "\"caf\xc3\xa9 \xf0\x9f\x98\x80\"",
	};
	static const char *const bad[] = {
		"", "[", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "[01]", "[1.]", "[.5]", "[-]", "[1e]",
		"[NaN]", "[nan]", "[inf]", "\"a", "\"\x01\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"",
		"\"\\udc00\"", "\"\xff\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
		"\"\xe2\x82\"", "[] []", "tru", "{1: 2}", "['a']",
	};

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		ok(valid(good[i]), "the checker accepts %s", good[i]);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ok(!valid(bad[i]), "the checker refuses text %zu", i);
	ok(json_check("[1]\0", 4, NULL) != 0, "a NUL after the value is refused");
}

static void utf8(void)
{
	is_int(utf8_seq_len((const unsigned char *)"a"), 1, "ASCII: one byte");
	is_int(utf8_seq_len((const unsigned char *)"\xc3\xa9"), 2, "U+00E9: two bytes");
	is_int(utf8_seq_len((const unsigned char *)"\xe2\x82\xac"), 3, "U+20AC: three");
	is_int(utf8_seq_len((const unsigned char *)"\xf0\x9f\x98\x80"), 4, "U+1F600: four");
	is_int(utf8_seq_len((const unsigned char *)"\x80"), 0, "a stray continuation byte");
	is_int(utf8_seq_len((const unsigned char *)"\xc1\xbf"), 0, "an overlong form");
	is_int(utf8_seq_len((const unsigned char *)"\xed\xa0\x80"), 0, "a surrogate");
	is_int(utf8_seq_len((const unsigned char *)"\xf4\x90\x80\x80"), 0, "past U+10FFFF");
	is_int(utf8_seq_len((const unsigned char *)"\xe2\x82"), 0, "cut short by the NUL");
}

static void writer(void)
{
	static const struct report_col cols[] = {
		{ "kernel", "kernel", REPORT_STR, 0 },
		{ "bad\xff\x01key", "k", REPORT_STR, 0 },
	};
	struct report r = { 0 };
	struct report_table *t = report_add_table(&r, NULL, cols, 2);
	size_t row = report_add_row(t), where = 0;
	char *s;

	report_set_str(t, row, 0, "s\xff" "e\x01" "d\x1b\xc3(\x7f \"q\" \\ caf\xc3\xa9");
	report_set_str(t, row, 1, "\xf0\x9f\x98");
	s = unit_render(&r, REPORT_JSON);
	ok(!json_check(s, strlen(s), &where), "hostile strings make valid JSON (error at %zu)", where);
	ok(strstr(s, "\"s\\ufffde\\u0001d\\u001b\\ufffd(\\u007f \\\"q\\\" \\\\ caf\xc3\xa9\"") != NULL,
	   "bad bytes as U+FFFD, controls as \\u escapes, valid UTF-8 kept");
	ok(strstr(s, "\"bad\\ufffd\\u0001key\": \"\\ufffd\\ufffd\\ufffd\"") != NULL,
	   "a key is escaped too; a truncated sequence is one U+FFFD per byte");
	free(s);

	t->key = "sec\"tion";
	s = unit_render(&r, REPORT_JSON);
	ok(!json_check(s, strlen(s), &where), "a sectioned report is valid JSON too");
	ok(strstr(s, "\"sec\\\"tion\": [") != NULL, "its section key escaped");
	free(s);
	report_free(&r);
}

int main(void)
{
	checker();
	utf8();
	writer();
	return done_testing();
}
