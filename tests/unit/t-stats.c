/* Timing statistics: median for odd and even counts, extremes, spread; --reps auto's rule. */
#include "tests/unit/unit.h"
#include "util/stats.h"

/* The median's RSE against hand-worked order statistics, and the stopping rule. */
static void auto_rule(void)
{
	double one_to_30[30], flat[STATS_AUTO_MAX], noisy[STATS_AUTO_MAX], outlier[20];
	char buf[160];

	for (int i = 0; i < 30; i++)
		one_to_30[i] = 30 - i;  /* unsorted: 30..1 */
	/* n = 30: 1.96 sqrt 30 = 10.735; ranks floor(19.265 / 2) = 9 and ceil(1 + 40.735 / 2) = 22:
	   (22 - 9) / (2 x 1.96) / 15.5 */
	is_dbl(stats_median_rse(one_to_30, 30), 13 / 3.92 / 15.5, 1e-12,
	       "RSE of 1..30: ranks 9 and 22 bound the median's 95 %% interval");
	/* n = 10: the interval is the whole range, ranks 1 and 10 */
	is_dbl(stats_median_rse(one_to_30, 10), (30 - 21) / 3.92 / 25.5, 1e-12,
	       "RSE of ten samples: from the extremes");
	ok(isnan(stats_median_rse(one_to_30, 1)), "one sample: no RSE");
	for (int i = 0; i < STATS_AUTO_MAX; i++) {
		flat[i] = 1.0 + 0.0001 * (i % 7);          /* spread 0.06 %: tight at once */
		noisy[i] = 1.0 + 0.2 * ((i * 37) % 11) / 10; /* spread 20 %: never tight */
	}
	is_int(stats_auto_more(flat, 0), STATS_AUTO_MIN, "nothing yet: the minimum first");
	is_int(stats_auto_more(flat, 4), STATS_AUTO_MIN - 4, "short of the minimum: the rest of it");
	is_int(stats_auto_more(flat, STATS_AUTO_MIN), 0, "tight after the minimum: enough");
	ok(stats_auto_more(noisy, STATS_AUTO_MIN) >= STATS_AUTO_BATCH, "loose: a batch at least");
	ok(STATS_AUTO_MIN + stats_auto_more(noisy, STATS_AUTO_MIN) <= STATS_AUTO_MAX,
	   "never past the cap");
	is_int(stats_auto_more(noisy, STATS_AUTO_MAX), 0, "at the cap: enough, however loose");
	{
		/* asks for what the 1/sqrt(n) fall needs: RSE r at n wants n (r / 0.5 %)^2 */
		double r = stats_median_rse(noisy, 20);
		size_t want = (size_t)ceil(20 * (r / STATS_AUTO_RSE) * (r / STATS_AUTO_RSE)) - 20;
		size_t more = stats_auto_more(noisy, 20);
		ok(more == (want < STATS_AUTO_BATCH ? STATS_AUTO_BATCH :
			    want > STATS_AUTO_MAX - 20 ? STATS_AUTO_MAX - 20 : want),
		   "more samples by the RSE's fall: %zu", more);
	}
	/* one wild sample among 20 tight ones leaves the median's interval alone */
	for (int i = 0; i < 20; i++)
		outlier[i] = 1.0 + 0.0001 * i;
	outlier[7] = 50;
	ok(stats_median_rse(outlier, 20) < STATS_AUTO_RSE, "an outlier does not hold the rule up");
	is_str(stats_reps_text(30, buf, sizeof(buf)), "30", "a count as it is");
	ok(strstr(stats_reps_text(STATS_REPS_AUTO, buf, sizeof(buf)), "10 to 200") != NULL,
	   "auto: the bounds, %s", buf);
}

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
	auto_rule();
	return done_testing();
}
