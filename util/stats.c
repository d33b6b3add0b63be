/* Median, extremes and spread of timing samples. */
#include <math.h>
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
