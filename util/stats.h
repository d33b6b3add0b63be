/* Statistics of repeated timings: pure, no CUDA types. */
#ifndef GP_UTIL_STATS_H
#define GP_UTIL_STATS_H

#include <stddef.h>

struct stats {
	size_t n;
	double median;  /* mean of the two middle values for even n */
	double min;
	double max;
	double mean;
	double cov;     /* coefficient of variation: stddev / mean (0 for n < 2) */
};

/* Summarise n samples (the array is not modified).  n == 0 gives all zeros. */
void stats_compute(const double *samples, size_t n, struct stats *out);

#endif
