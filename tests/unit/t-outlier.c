/* The slow-GPU finder on fabricated figures of a node's GPUs. */
#include <math.h>
#include "model/outlier.h"
#include "tests/unit/unit.h"

int main(void)
{
	const double eight[] = { 3020, 3031, 3018, 2790, 3025, 3022, 3029, 3016 };
	const double two[] = { 3020, 2990 };
	const double gap[] = { 3020, NAN, 2700, 3030 };

	is_dbl(outlier_siblings_median(eight, 8, 3), 3022, 1e-9, "siblings' median leaves the device out");
	ok(outlier_below(eight, 8, 3, OUTLIER_PCT), "2790 of 3022 GB/s (7.7 %% below) is flagged");
	for (size_t i = 0; i < 8; i++)
		if (i != 3)
			ok(!outlier_below(eight, 8, i, OUTLIER_PCT), "device %zu, within 1 %%, is not", i);
	ok(!outlier_below(two, 2, 1, OUTLIER_PCT), "two GPUs 1 %% apart: neither is flagged");
	ok(outlier_below(gap, 4, 2, OUTLIER_PCT), "a missing sibling is left out, not counted as 0");
	ok(!outlier_below(gap, 4, 1, OUTLIER_PCT), "a missing figure is never flagged");
	ok(isnan(outlier_siblings_median(two, 1, 0)), "one device has no siblings");
	ok(!outlier_below(two, 1, 0, OUTLIER_PCT), "and is never flagged");
	return done_testing();
}
