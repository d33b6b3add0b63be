/* Median, extremes and spread of timing samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void stats_compute(const double *samples, size_t n, struct stats *out)
{
	double *s, sum = 0, var = 0;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	s = gp_xmalloc(n * sizeof(*s));
	memcpy(s, samples, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	for (size_t i = 0; i < n; i++)
		sum += s[i];
	out->n = n;
	out->min = s[0];
	out->max = s[n - 1];
	out->mean = sum / n;
	out->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	for (size_t i = 0; i < n; i++)
		var += (s[i] - out->mean) * (s[i] - out->mean);
	if (n > 1 && out->mean != 0)
		out->cov = sqrt(var / (n - 1)) / fabs(out->mean);
	free(s);
}

double stats_median_rse(const double *samples, size_t n)
{
	double z = 1.96, w = z * sqrt((double)n), lo, hi, med, *s;
	size_t l, h;

	if (n < 2)
		return NAN;
	s = gp_xmalloc(n * sizeof(*s));
	memcpy(s, samples, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	/* ranks from 1, kept inside 1..n */
	l = (double)n - w >= 2 ? (size_t)floor(((double)n - w) / 2) : 1;
	h = (size_t)ceil(1 + ((double)n + w) / 2);
	if (h > n)
		h = n;
	lo = s[l - 1];
	hi = s[h - 1];
	med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return med != 0 ? (hi - lo) / (2 * z) / fabs(med) : NAN;
}

size_t stats_auto_more(const double *samples, size_t n)
{
	double rse, want;

	if (n < STATS_AUTO_MIN)
		return STATS_AUTO_MIN - n;
	if (n >= STATS_AUTO_MAX)
		return 0;
	rse = stats_median_rse(samples, n);
	if (!(rse >= STATS_AUTO_RSE))  /* tight enough, or nothing more to learn (NaN) */
		return 0;
	/* n (rse / target)^2 samples would bring it under: ask for the difference */
	want = ceil((double)n * (rse / STATS_AUTO_RSE) * (rse / STATS_AUTO_RSE)) - (double)n;
	if (want < STATS_AUTO_BATCH)
		want = STATS_AUTO_BATCH;
	if (want > (double)(STATS_AUTO_MAX - n))
		want = (double)(STATS_AUTO_MAX - n);
	return (size_t)want;
}

const char *stats_reps_text(int reps, char *buf, size_t n)
{
	if (reps == STATS_REPS_AUTO)
		snprintf(buf, n, "%d to %d (--reps auto: until the median's standard error is under "
			 "%g %%)", STATS_AUTO_MIN, STATS_AUTO_MAX, 100 * STATS_AUTO_RSE);
	else
		snprintf(buf, n, "%d", reps);
	return buf;
}
