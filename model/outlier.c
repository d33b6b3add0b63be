/* The slow-GPU finder: one device's figure against the median of its siblings. */
#include <math.h>
#include <stdlib.h>
#include "model/outlier.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double outlier_siblings_median(const double *v, size_t n, size_t skip)
{
	double *s = malloc((n ? n : 1) * sizeof(*s)), m;
	size_t k = 0;

	if (!s)
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (i != skip && !isnan(v[i]))
			s[k++] = v[i];
	qsort(s, k, sizeof(*s), cmp_double);
	m = k == 0 ? NAN : k % 2 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
	free(s);
	return m;
}

int outlier_below(const double *v, size_t n, size_t i, double pct)
{
	double m = outlier_siblings_median(v, n, i);

	return !isnan(v[i]) && !isnan(m) && m > 0 && v[i] < m * (1 - pct / 100);
}
