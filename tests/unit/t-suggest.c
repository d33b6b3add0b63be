/* "Did you mean": distances and which candidate is offered. */
#include "tests/unit/unit.h"
#include "util/suggest.h"

int main(void)
{
	static const char *const cmds[] = { "info", "bandwidth", "coalesce", "banks", "occupancy", "pcie", "all" };
	const size_t n = sizeof(cmds) / sizeof(cmds[0]);

	is_int(edit_distance("", ""), 0, "empty strings");
	is_int(edit_distance("abc", "abc"), 0, "same");
	is_int(edit_distance("abc", "acb"), 1, "swap is one edit");
	is_int(edit_distance("kitten", "sitting"), 3, "kitten/sitting");
	is_str(suggest("bandwdth", cmds, n), "bandwidth", "missing letter");
	is_str(suggest("ocupancy", cmds, n), "occupancy", "one c short");
	is_str(suggest("bnaks", cmds, n), "banks", "swapped letters");
	is_str(suggest("coal", cmds, n), "coalesce", "prefix");
	ok(suggest("frobnicate", cmds, n) == NULL, "nothing close: no suggestion");
	ok(suggest("xyz", cmds, n) == NULL, "short word far from all: no suggestion");
	return done_testing();
}
