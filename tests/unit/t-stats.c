/* Timing statistics: median for odd and even counts, extremes, spread. */
#include "tests/unit/unit.h"
#include "util/stats.h"

int main(void)
{
	struct stats s;
	const double odd[] = { 5, 1, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double same[] = { 2, 2, 2, 2 };
	const double spread[] = { 1, 3 };

	stats_compute(odd, 3, &s);
	is_dbl(s.median, 3, 0, "median of 5,1,3 is 3");
	is_dbl(s.min, 1, 0, "min 1");
	is_dbl(s.max, 5, 0, "max 5");
	is_dbl(s.mean, 3, 1e-12, "mean 3");
	ok(odd[0] == 5, "input left unsorted");
	stats_compute(even, 4, &s);
	is_dbl(s.median, 2.5, 0, "median of an even count is the mean of the middle two");
	stats_compute(same, 4, &s);
	is_dbl(s.cov, 0, 0, "no spread, CoV 0");
	stats_compute(spread, 2, &s);
	is_dbl(s.cov, 0.70710678, 1e-6, "CoV of 1,3 = sqrt(2)/2 (sample stddev)");
	stats_compute(odd, 0, &s);
	is_int(s.n, 0, "no samples");
	is_dbl(s.median, 0, 0, "no samples, median 0");
	stats_compute(odd, 1, &s);
	is_dbl(s.cov, 0, 0, "one sample, CoV 0");
	return done_testing();
}
