/*
 * libFuzzer target for every parser of outside text: numbers, sizes,
 * lists and ranges, choices and architecture names.  The first byte picks
 * the parser, the rest is the value.  Besides crashes, leaks and sanitizer
 * reports, it checks what a success promises: values within the bounds,
 * lists no longer than GP_LIST_MAX.  Built and run by `make fuzz`, with
 * -close_fd_mask=2 so the refusals' messages stay out of the way.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arch/arch.h"
#include "util/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_list(const char *s, enum parse_unit unit, uint64_t min, uint64_t max)
{
	struct u64_list l = { 0 };

	if (parse_list("--l", s, unit, min, max, &l))
		return;
	if (l.n == 0 || l.n > GP_LIST_MAX)
		abort();
	for (size_t i = 0; i < l.n; i++)
		if (l.v[i] < min || l.v[i] > max)
			abort();
	u64_list_free(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "read", "write", "copy", "all", NULL };
	char s[257];
	uint64_t u;
	int64_t i;
	double d;
	unsigned mask;
	int idx;

	if (size < 1 || size > sizeof(s))
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 8) {
	case 0:
		if (!parse_uint("--n", s, 3, 1000, &u) && (u < 3 || u > 1000))
			abort();
		break;
	case 1:
		if (!parse_int("--i", s, -50, 50, &i) && (i < -50 || i > 50))
			abort();
		break;
	case 2:
		if (!parse_double("--f", s, 0, 100, &d) && !(d >= 0 && d <= 100))
			abort();
		break;
	case 3:
		if (!parse_size("--s", s, 16, 1ull << 40, &u) && (u < 16 || u > (1ull << 40)))
			abort();
		break;
	case 4:
		check_list(s, PARSE_COUNT, 0, 4096);
		break;
	case 5:
		check_list(s, PARSE_SIZE, 1, UINT64_MAX);
		break;
	case 6:
		if (!parse_choices("--k", s, names, &mask) && (mask == 0 || mask > 15))
			abort();
		parse_choice("--k", s, names, &idx);
		break;
	case 7:
		arch_parse(s);
		break;
	}
	return 0;
}
