/*
 * Nice axis ranges and ticks.  Steps of 1, 2 and 5 x 10^k read at a
 * glance; sizes in bytes get powers of two, so that their ticks name
 * whole KiB, MiB and GiB as the sizes on the command line do.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report/report.h"
#include "report/ticks.h"

#define EPS 1e-9

static void add_tick(struct plot_scale *s, double v)
{
	if (s->nticks < PLOT_MAX_TICKS)
		s->ticks[s->nticks++] = v;
}

/* The least of 1, 2, 5 x 10^k (a power of two for bytes) that is at least raw. */
static double nice_step(double raw, int bytes)
{
	double e, m;

	if (bytes) {
		double p = 1;
		while (p < raw)
			p *= 2;
		return p;
	}
	e = pow(10, floor(log10(raw)));
	m = raw / e;
	return (m <= 1 + EPS ? 1 : m <= 2 + EPS ? 2 : m <= 5 + EPS ? 5 : 10) * e;
}

static void linear(struct plot_scale *s, double lo, double hi, unsigned mode)
{
	int bytes = (s->flags & REPORT_AXIS_BYTES) != 0;
	double step, klo, khi;

	if (mode & PLOT_ZERO) {
		lo = fmin(lo, 0);
		hi = fmax(hi, 0);
	}
	if (hi == lo) {
		double d = lo == 0 ? 1 : fabs(lo) / 2;
		lo = lo == 0 ? 0 : lo - d;
		hi += d;
	}
	step = nice_step((hi - lo) / 8, bytes);
	if ((mode & PLOT_WHOLE) && step < 1)
		step = 1;
	klo = floor(lo / step + EPS);
	khi = ceil(hi / step - EPS);
	s->lo = klo * step;
	s->hi = khi * step;
	if (mode & PLOT_TIGHT) {
		s->lo = lo;
		s->hi = hi;
		klo = ceil(lo / step - EPS);
		khi = floor(hi / step + EPS);
	}
	for (double k = klo; k <= khi; k++)
		add_tick(s, k == 0 ? 0 : k * step);  /* never "-0" */
	s->decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - EPS);
}

/* 1, 2 or 5 x 10^k: the largest at most v (down) or the least at least v. */
static double nice125(double v, int down)
{
	static const double m[] = { 1, 2, 5, 10 };
	double e = pow(10, floor(log10(v))), r = v / e;

	if (down) {
		for (int i = 3; i >= 0; i--)
			if (m[i] <= r * (1 + EPS))
				return m[i] * e;
		return e;
	}
	for (int i = 0; i < 4; i++)
		if (m[i] >= r * (1 - EPS))
			return m[i] * e;
	return 10 * e;
}

static void log10_scale(struct plot_scale *s, double lo, double hi, int tight)
{
	static const double between[] = { 1, 2, 5 };
	double elo, ehi, every;
	int few;

	s->lo = tight ? lo : nice125(lo, 1);
	s->hi = tight ? hi : nice125(hi, 0);
	elo = floor(log10(s->lo) + EPS);
	ehi = ceil(log10(s->hi) - EPS);
	few = log10(s->hi / s->lo) <= 3 + EPS;
	every = ceil((ehi - elo + 1) / 10);
	for (double e = elo; e <= ehi; e += every)
		for (int i = 0; i < (few ? 3 : 1); i++) {
			double v = between[i] * pow(10, e);
			if (v >= s->lo * (1 - EPS) && v <= s->hi * (1 + EPS))
				add_tick(s, v);
		}
}

static void log2_scale(struct plot_scale *s, double lo, double hi, int tight)
{
	static const int steps[] = { 1, 2, 5, 10, 20, 50 };
	int elo = (int)floor(log2(lo) + EPS), ehi = (int)ceil(log2(hi) - EPS), step = 50;

	s->lo = ldexp(1, elo);
	s->hi = ldexp(1, ehi);
	if (tight) {  /* ticks inside the data's range */
		s->lo = lo;
		s->hi = hi;
		elo = (int)ceil(log2(lo) - EPS);
		ehi = (int)floor(log2(hi) + EPS);
	}
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		int n = 0;
		for (int e = elo; e <= ehi; e++)
			n += (e % steps[i] + steps[i]) % steps[i] == 0;
		if (n <= 10) {
			step = steps[i];
			break;
		}
	}
	for (int e = elo; e <= ehi; e++)
		if ((e % step + step) % step == 0)
			add_tick(s, ldexp(1, e));
}

void plot_scale_make(struct plot_scale *s, double lo, double hi, unsigned flags, unsigned mode)
{
	memset(s, 0, sizeof(*s));
	s->flags = flags;
	if (!(flags & REPORT_AXIS_LOG)) {
		linear(s, lo, hi, mode);
		return;
	}
	if (hi == lo) {
		lo /= 2;
		hi *= 2;
	}
	if (flags & (REPORT_AXIS_BYTES | REPORT_AXIS_POW2))
		log2_scale(s, lo, hi, (mode & PLOT_TIGHT) != 0);
	else
		log10_scale(s, lo, hi, (mode & PLOT_TIGHT) != 0);
}

double plot_scale_pos(const struct plot_scale *s, double v)
{
	if (s->flags & REPORT_AXIS_LOG)
		return log(v / s->lo) / log(s->hi / s->lo);
	return (v - s->lo) / (s->hi - s->lo);
}

/* "%.4g" without an exponent in the range a chart meets. */
static const char *number(double v, char *buf, size_t n)
{
	if (fabs(v) >= 1e4)
		snprintf(buf, n, "%.0f", v);
	else if (v != 0 && fabs(v) < 1e-4)
		snprintf(buf, n, "%.3g", v);
	else
		snprintf(buf, n, "%.4g", v == 0 ? 0 : v);
	return buf;
}

const char *plot_value_label(double v, unsigned flags, char *buf, size_t n)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	char num[32];
	int u = 0;

	if (!(flags & REPORT_AXIS_BYTES))
		return number(v, buf, n);
	while (u < 6 && fabs(v) >= 1024) {
		v /= 1024;
		u++;
	}
	snprintf(buf, n, "%s %s", number(v, num, sizeof(num)), units[u]);
	return buf;
}

const char *plot_tick_label(const struct plot_scale *s, size_t i, char *buf, size_t n)
{
	double v = s->ticks[i];

	if (s->flags & REPORT_AXIS_BYTES)
		return plot_value_label(v, s->flags, buf, n);
	if (!(s->flags & REPORT_AXIS_LOG))
		snprintf(buf, n, "%.*f", s->decimals, v);
	else if (v >= 1)
		snprintf(buf, n, "%.0f", v);
	else
		snprintf(buf, n, "%.*f", (int)ceil(-log10(v) - EPS), v);
	return buf;
}
