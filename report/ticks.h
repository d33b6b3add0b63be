/*
 * Axis scales of plots: a nice range around the data, the ticks on it,
 * and the text of values (internal to report/; pure, unit-tested).
 */
#ifndef GP_REPORT_TICKS_H
#define GP_REPORT_TICKS_H

#include <stddef.h>

#define PLOT_MAX_TICKS 24

struct plot_scale {
	double lo, hi;                   /* the range drawn */
	unsigned flags;                  /* REPORT_AXIS_* */
	int decimals;                    /* of linear number ticks */
	size_t nticks;
	double ticks[PLOT_MAX_TICKS];
};

#define PLOT_ZERO  0x1u   /* a linear scale takes in zero (a y axis of amounts) */
#define PLOT_TIGHT 0x2u   /* the scale ends at the data, ticks inside (an x axis) */
#define PLOT_WHOLE 0x4u   /* the values are whole numbers (offsets, strides): no tick between */

/*
 * The scale for values lo..hi (finite, lo <= hi; positive on a log axis)
 * on an axis with REPORT_AXIS_* flags.  Linear: ticks at steps of 1, 2 or
 * 5 x 10^k (a power of two for bytes), the range widened to whole steps.
 * Log: widened to 1, 2 or 5 x 10^k (a power of two for bytes and
 * REPORT_AXIS_POW2), ticks at
 * the decades, with 2 and 5 between when there are
 * three decades or fewer (bytes: every power of two, or every 2nd, 5th...
 * so that ten at most remain).  PLOT_TIGHT keeps the data's own range.
 */
void plot_scale_make(struct plot_scale *s, double lo, double hi, unsigned flags, unsigned mode);

/* Where v lies along s: 0 at lo, 1 at hi (a log scale takes v > 0). */
double plot_scale_pos(const struct plot_scale *s, double v);

/* Tick i's text: "64 KiB" on a bytes axis, "0.5", "200", "10000". */
const char *plot_tick_label(const struct plot_scale *s, size_t i, char *buf, size_t n);

/* Any value's text, for legends and tooltips: "8.25 MiB", "3352", "0.125". */
const char *plot_value_label(double v, unsigned flags, char *buf, size_t n);

#endif
