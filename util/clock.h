/*
 * The monotonic clock in milliseconds, for wall times that -v prints and
 * host-timed copies: one definition for gpuperf and its profiling library.
 */
#ifndef GP_UTIL_CLOCK_H
#define GP_UTIL_CLOCK_H

#include <time.h>

static inline double gp_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

#endif
