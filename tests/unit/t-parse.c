/* Option-value parsers: numbers, sizes, lists, ranges, choices, and every refusal. */
#include <stdint.h>
#include <stdlib.h>
#include "tests/unit/unit.h"
#include "util/error.h"
#include "util/parse.h"

static void size_is(const char *s, uint64_t want)
{
	uint64_t v = 0;
	int rc = parse_size("--size", s, 0, UINT64_MAX, &v);
	ok(rc == 0 && v == want, "size '%s' = %llu (got %llu, rc %d)", s,
	   (unsigned long long)want, (unsigned long long)v, rc);
}

static void size_bad(const char *s)
{
	uint64_t v = 0;
	is_int(parse_size("--size", s, 1, UINT64_MAX, &v), GP_EXIT_USAGE, "size '%s' refused", s);
}

static void list_is(const char *s, enum parse_unit u, const uint64_t *want, size_t n)
{
	struct u64_list l = { 0 };
	int rc = parse_list("--list", s, u, 0, UINT64_MAX, &l), same = rc == 0 && l.n == n;
	for (size_t i = 0; same && i < n; i++)
		same = l.v[i] == want[i];
	ok(same, "list '%s' expands to %zu values (got %zu, rc %d)", s, n, l.n, rc);
	u64_list_free(&l);
}

static void list_bad(const char *s, uint64_t min, uint64_t max)
{
	struct u64_list l = { 0 };
	is_int(parse_list("--list", s, PARSE_COUNT, min, max, &l), GP_EXIT_USAGE,
	       "list '%s' refused", s);
	ok(l.v == NULL && l.n == 0, "refused list '%s' leaves nothing allocated", s);
}

int main(void)
{
	uint64_t u = 0;
	int64_t i = 0;
	double d = 0;
	int idx = -1;
	unsigned mask = 0;
	static const char *const kinds[] = { "read", "write", "copy", NULL };

	is_int(parse_uint("--n", "42", 0, 100, &u), 0, "42 parses");
	is_int(u, 42, "42 is 42");
	is_int(parse_uint("--n", "18446744073709551615", 0, UINT64_MAX, &u), 0, "UINT64_MAX parses");
	ok(u == UINT64_MAX, "UINT64_MAX value");
	is_int(parse_uint("--n", "18446744073709551616", 0, UINT64_MAX, &u), GP_EXIT_USAGE, "overflow refused");
	is_int(parse_uint("--n", "abc", 0, 100, &u), GP_EXIT_USAGE, "letters refused");
	is_int(parse_uint("--n", "", 0, 100, &u), GP_EXIT_USAGE, "empty refused");
	is_int(parse_uint("--n", "-1", 0, 100, &u), GP_EXIT_USAGE, "negative refused");
	is_int(parse_uint("--n", "12x", 0, 100, &u), GP_EXIT_USAGE, "trailing garbage refused");
	is_int(parse_uint("--n", " 12", 0, 100, &u), GP_EXIT_USAGE, "leading space refused");
	is_int(parse_uint("--n", "+12", 0, 100, &u), GP_EXIT_USAGE, "plus sign refused");
	is_int(parse_uint("--n", "0x10", 0, 100, &u), GP_EXIT_USAGE, "hex refused");
	is_int(parse_uint("--n", "101", 0, 100, &u), GP_EXIT_USAGE, "above max refused");
	is_int(parse_uint("--n", "0", 1, 100, &u), GP_EXIT_USAGE, "below min refused");

	is_int(parse_int("--i", "-5", -10, 10, &i), 0, "-5 parses");
	is_int(i, -5, "-5 is -5");
	is_int(parse_int("--i", "-9223372036854775808", INT64_MIN, INT64_MAX, &i), 0, "INT64_MIN parses");
	ok(i == INT64_MIN, "INT64_MIN value");
	is_int(parse_int("--i", "9223372036854775808", INT64_MIN, INT64_MAX, &i), GP_EXIT_USAGE, "INT64_MAX+1 refused");
	is_int(parse_int("--i", "-", -10, 10, &i), GP_EXIT_USAGE, "lone minus refused");
	is_int(parse_int("--i", "-11", -10, 10, &i), GP_EXIT_USAGE, "below min refused");

	is_int(parse_double("--f", "2.5", 0, 10, &d), 0, "2.5 parses");
	is_dbl(d, 2.5, 0, "2.5 is 2.5");
	is_int(parse_double("--f", "nan", 0, 10, &d), GP_EXIT_USAGE, "nan refused");
	is_int(parse_double("--f", "inf", 0, 1e300, &d), GP_EXIT_USAGE, "inf refused");
	is_int(parse_double("--f", "1e999", 0, 1e300, &d), GP_EXIT_USAGE, "overflowing double refused");
	is_int(parse_double("--f", "11", 0, 10, &d), GP_EXIT_USAGE, "double above max refused");

	size_is("4096", 4096);
	size_is("4K", 4096);
	size_is("4k", 4096);
	size_is("4KiB", 4096);
	size_is("4KB", 4000);
	size_is("256M", 256ull << 20);
	size_is("256MB", 256000000ull);
	size_is("1G", 1ull << 30);
	size_is("1GiB", 1ull << 30);
	size_is("1gib", 1ull << 30);
	size_is("1GB", 1000000000ull);
	size_is("2T", 2ull << 40);
	size_is("1.5K", 1536);
	size_is("0.5GiB", 1ull << 29);
	size_is("10B", 10);
	size_is("0", 0);
	size_is("16777215T", 16777215ull << 40);
	/* every unit the messages use ("1 B to 1 PiB") may be typed */
	size_is("1P", 1ull << 50);
	size_is("1PiB", 1ull << 50);
	size_is("2PB", 2000000000000000ull);
	size_is("0.5P", 1ull << 49);
	size_is("15E", 15ull << 60);
	size_is("1EiB", 1ull << 60);
	size_is("18EB", 18000000000000000000ull);
	size_bad("16E");
	/* shared memory as CUDA counts it: KB and MB in powers of 1024, and said so */
	{
		int decimal = -1;
		is_int(parse_size_as("--smem", "48KB", 0, UINT64_MAX, &u, 1, &decimal), 0, "48KB parses");
		ok(u == 49152 && decimal == 1, "48KB as KiB is 49152, a decimal suffix typed (got %llu, %d)",
		   (unsigned long long)u, decimal);
		is_int(parse_size_as("--smem", "48K", 0, UINT64_MAX, &u, 1, &decimal), 0, "48K parses");
		ok(u == 49152 && decimal == 0, "48K: no decimal suffix typed");
		is_int(parse_size_as("--smem", "1.5kb", 0, UINT64_MAX, &u, 1, &decimal), 0, "1.5kb parses");
		ok(u == 1536, "1.5kb as KiB is 1536");
		is_int(parse_size_as("--smem", "2MB", 0, UINT64_MAX, &u, 1, NULL), 0, "2MB parses");
		ok(u == 2ull << 20, "2MB as MiB");
		is_int(parse_size_as("--size", "48KB", 0, UINT64_MAX, &u, 0, &decimal), 0, "48KB parses");
		ok(u == 48000 && decimal == 1, "48KB elsewhere is 48000, the suffix decimal");
		is_int(parse_size_as("--smem", "48XB", 0, UINT64_MAX, &u, 1, NULL), GP_EXIT_USAGE,
		       "48XB refused");
	}
	size_bad("19EB");
	size_bad("");
	size_bad("abc");
	size_bad("-4K");
	size_bad("4X");
	size_bad("4KK");
	size_bad("4 K");
	size_bad("1.5");
	size_bad("1.");
	size_bad(".5K");
	size_bad("16777216T");
	size_bad("99999999999999999999");
	size_bad("0");
	is_int(parse_size("--size", "2G", 1, 1ull << 30, &u), GP_EXIT_USAGE, "size above max refused");

	{
		static const uint64_t a[] = { 1, 2, 4 };
		static const uint64_t b[] = { 1, 2, 3, 4, 5 };
		static const uint64_t c[] = { 1, 3, 5, 7, 9 };
		static const uint64_t e[] = { 4096, 8192, 16384, 32768 };
		static const uint64_t f[] = { 7 };
		static const uint64_t g[] = { 0, 1, 2, 8, 16 };
		static const uint64_t h[] = { 3, 9, 27 };
		list_is("1,2,4", PARSE_COUNT, a, 3);
		list_is("1-5", PARSE_COUNT, b, 5);
		list_is("1-10:2", PARSE_COUNT, c, 5);
		list_is("4K-32K:x2", PARSE_SIZE, e, 4);
		list_is("4K-40K:x2", PARSE_SIZE, e, 4);
		list_is("7", PARSE_COUNT, f, 1);
		list_is("7-7", PARSE_COUNT, f, 1);
		list_is("0-2,8,16", PARSE_COUNT, g, 5);
		list_is("3-30:x3", PARSE_COUNT, h, 3);
	}
	{
		struct u64_list l = { 0 };
		is_int(parse_list("--l", "18446744073709551614-18446744073709551615", PARSE_COUNT, 0,
				  UINT64_MAX, &l), 0, "range at the top of uint64 ends");
		is_int(l.n, 2, "and has 2 values");
		u64_list_free(&l);
		is_int(parse_list("--l", "1-18446744073709551615:x2", PARSE_COUNT, 0, UINT64_MAX, &l),
		       0, "doubling range up to UINT64_MAX ends without overflow");
		is_int(l.n, 64, "and has 64 values");
		u64_list_free(&l);
	}
	list_bad("", 0, 100);
	list_bad(",1", 0, 100);
	list_bad("1,", 0, 100);
	list_bad("1,,2", 0, 100);
	list_bad("5-1", 0, 100);
	list_bad("1-5:0", 0, 100);
	list_bad("1-5:x1", 0, 100);
	list_bad("0-8:x2", 0, 100);
	list_bad("1-5:", 0, 100);
	list_bad("1-5:y2", 0, 100);
	list_bad("a-5", 0, 100);
	list_bad("1-b", 0, 100);
	list_bad("-3", 0, 100);
	list_bad("1-2-3", 0, 100);
	list_bad("1-200", 0, 100);
	list_bad("0", 1, 100);
	list_bad("1-1000000", 0, UINT64_MAX);

	is_int(parse_choice("--op", "write", kinds, &idx), 0, "choice write");
	is_int(idx, 1, "write is index 1");
	is_int(parse_choice("--op", "Write", kinds, &idx), GP_EXIT_USAGE, "choices are case-sensitive");
	is_int(parse_choice("--op", "", kinds, &idx), GP_EXIT_USAGE, "empty choice refused");
	{
		unsigned w = 0;

		is_int(parse_access_width("--width", "16", &w), 0, "width 16");
		is_int((int)w, 16, "width 16 is 16 bytes");
		is_int(parse_access_width("--width", "8", &w), 0, "width 8");
		is_int((int)w, 8, "width 8 is 8 bytes");
		is_int(parse_access_width("--width", "2", &w), GP_EXIT_USAGE, "width 2 refused");
		is_int((int)w, 8, "a refused width leaves the value");
	}
	is_int(parse_choices("--kernel", "read,copy", kinds, &mask), 0, "choices read,copy");
	is_int(mask, 5, "read,copy is mask 5");
	is_int(parse_choices("--kernel", "all", kinds, &mask), 0, "all");
	is_int(mask, 7, "all is every bit");
	is_int(parse_choices("--kernel", "read,bogus", kinds, &mask), GP_EXIT_USAGE, "unknown choice refused");
	is_int(parse_choices("--kernel", "read,", kinds, &mask), GP_EXIT_USAGE, "trailing comma refused");

	{
		char buf[32];
		is_str(format_size(buf, sizeof(buf), 1ull << 30), "1 GiB", "1 GiB formats");
		is_str(format_size(buf, sizeof(buf), 256ull << 20), "256 MiB", "256 MiB formats");
		is_str(format_size(buf, sizeof(buf), 1000), "1000 B", "1000 B formats");
		is_str(format_size(buf, sizeof(buf), 0), "0 B", "0 B formats");
		is_str(format_size(buf, sizeof(buf), 500000000000ull), "500 GB", "500GB as typed");
		is_str(format_size(buf, sizeof(buf), 84987510784ull), "79.2 GiB",
		       "free memory: three significant digits");
		is_str(format_size(buf, sizeof(buf), 1500), "1500 B", "four digits of bytes stay bytes");
		is_str(format_size(buf, sizeof(buf), 1536ull << 10), "1536 KiB", "1.5 MiB exact in KiB");
		is_str(format_size(buf, sizeof(buf), 12345), "12.1 KiB", "12345 B: three digits of KiB");
		is_str(format_size(buf, sizeof(buf), (1ull << 40) + 1), "1.00 TiB", "1 TiB and a byte");
		is_str(format_size(buf, sizeof(buf), 1ull << 50), "1 PiB", "1 PiB");
		/* shares: never 0 or 100 unless they are */
		is_str(format_pct(buf, sizeof(buf), 100.0 / 4224), "0.02", "1 of 4224: 0.02");
		is_str(format_pct(buf, sizeof(buf), 0), "0", "0 stays 0");
		is_str(format_pct(buf, sizeof(buf), 100), "100", "100 stays 100");
		is_str(format_pct(buf, sizeof(buf), 94.2), "94", "whole numbers between");
		is_str(format_pct(buf, sizeof(buf), 1.4), "1", "1.4: 1");
		is_str(format_pct(buf, sizeof(buf), 0.76), "0.8", "below 1: a decimal");
		is_str(format_pct(buf, sizeof(buf), 0.04), "0.04", "0.04");
		is_str(format_pct(buf, sizeof(buf), 1e-4), "0.0001", "1e-4");
		is_str(format_pct(buf, sizeof(buf), 99.97), "99.97", "just short of 100");
		is_str(format_pct(buf, sizeof(buf), 100.3), "100.3", "just over 100");
		is_str(format_pct(buf, sizeof(buf), 250), "250", "far over 100");
	}
	return done_testing();
}
