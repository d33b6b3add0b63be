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

/*
 * --reps auto: repeat until the median is known to within STATS_AUTO_RSE
 * (its relative standard error), after STATS_AUTO_MIN samples at least
 * and STATS_AUTO_MAX at most, so that two runs compared (gpuperf diff)
 * decide on tight figures.  The cap bounds the time a noisy measurement
 * takes: a median still loose after 200 samples is loose for a reason
 * more repetitions will not remove, and its CoV says so.
 */
#define STATS_REPS_AUTO 0       /* a repetition count that means --reps auto */
#define STATS_AUTO_MIN 10
#define STATS_AUTO_MAX 200
#define STATS_AUTO_RSE 0.005    /* 0.5 % */
#define STATS_AUTO_BATCH 10     /* the fewest samples asked for at a time */

/*
 * The relative standard error of the median of n samples, without
 * assuming their distribution: the distribution-free 95 % confidence
 * interval of the median, between the order statistics of ranks
 * floor((n - 1.96 sqrt n) / 2) and ceil(1 + (n + 1.96 sqrt n) / 2),
 * half its width over 1.96, over |median|.  An outlier at either end
 * moves it only while n is small.  NaN for n < 2 or a median of 0.
 */
double stats_median_rse(const double *samples, size_t n);

/*
 * Under --reps auto, after n samples: 0 when they are enough (n >=
 * STATS_AUTO_MIN and the median's RSE under STATS_AUTO_RSE, or n at
 * STATS_AUTO_MAX), else how many more to take before looking again: up
 * to STATS_AUTO_MIN first, then what the RSE says is missing (it falls
 * as 1 / sqrt n), at least STATS_AUTO_BATCH, never past the cap.
 */
size_t stats_auto_more(const double *samples, size_t n);

/* "30", or "10 to 200 (--reps auto)" for STATS_REPS_AUTO: for the tables' notes. */
const char *stats_reps_text(int reps, char *buf, size_t n);

#endif
