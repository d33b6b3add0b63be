/* Plateaus and levels of a latency sweep (pure). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/levels.h"
#include "util/error.h"

static const char *const names[LV_NLEVELS] = {
	[LV_NONE] = "", [LV_L1] = "L1", [LV_L2] = "L2", [LV_L2_FAR] = "L2-far",
	[LV_DRAM] = "DRAM", [LV_DRAM_TLB] = "DRAM-TLB",
};

const char *lv_name(enum lv_level l)
{
	return (unsigned)l < LV_NLEVELS ? names[l] : "";
}

enum lv_level lv_base(enum lv_level l)
{
	return l == LV_L2_FAR ? LV_L2 : l == LV_DRAM_TLB ? LV_DRAM : l;
}

const char *lv_source_name(enum lv_source s)
{
	return s == LV_BY_COUNTERS ? "counters" : "size";
}

static double clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

int lv_counter_split(const struct lv_point *p, struct lv_split *s)
{
	double beyond, missed;

	if (isnan(p->l1_hit) || (isnan(p->l2_hit) && isnan(p->dram_bytes_per_load))) {
		s->l1 = s->l2 = s->dram = NAN;
		return -1;
	}
	s->l1 = clamp01(p->l1_hit);
	beyond = 1 - s->l1;
	/*
	 * Loads that missed L2 too.  An L2 miss that brought no DRAM traffic
	 * was served by the other L2 partition, so DRAM bytes bound the DRAM
	 * share; without a DRAM counter (Tegra) the L2 hit rate alone says.
	 */
	missed = isnan(p->l2_hit) ? beyond : beyond * (1 - clamp01(p->l2_hit));
	if (!isnan(p->dram_bytes_per_load))
		missed = fmin(missed, clamp01(p->dram_bytes_per_load / LV_SECTOR_BYTES));
	s->dram = missed;
	s->l2 = beyond - missed;
	return 0;
}

/* The level most of a point's loads came from (its base level), LV_NONE without counters. */
static enum lv_level dominant(const struct lv_point *p, double *share)
{
	struct lv_split s;

	*share = 0;
	if (lv_counter_split(p, &s))
		return LV_NONE;
	if (s.l1 >= s.l2 && s.l1 >= s.dram) {
		*share = s.l1;
		return LV_L1;
	}
	*share = s.l2 >= s.dram ? s.l2 : s.dram;
	return s.l2 >= s.dram ? LV_L2 : LV_DRAM;
}

/* The two largest shares of a transition, nearer level first. */
static void mixed(const struct lv_point *p, enum lv_level *near, enum lv_level *far)
{
	struct lv_split s;
	double v[3];
	enum lv_level l[3] = { LV_L1, LV_L2, LV_DRAM };
	int lo = 0;

	lv_counter_split(p, &s);
	v[0] = s.l1;
	v[1] = s.l2;
	v[2] = s.dram;
	/* drop the smallest share; the other two in level order */
	for (int k = 1; k < 3; k++)
		if (v[k] < v[lo])
			lo = k;
	*near = l[lo == 0 ? 1 : 0];
	*far = l[lo == 2 ? 1 : 2];
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Median of the cycles of p[first..last]; NaN points left out. */
static double median_cycles(const struct lv_point *p, size_t first, size_t last)
{
	double *v = gp_xcalloc(last - first + 1, sizeof(*v)), m = NAN;
	size_t n = 0;

	for (size_t i = first; i <= last; i++)
		if (!isnan(p[i].cycles))
			v[n++] = p[i].cycles;
	if (n) {
		qsort(v, n, sizeof(*v), cmp_dbl);
		m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	}
	free(v);
	return m;
}

static int near_to(double c, double median)
{
	return !isnan(c) && !isnan(median) && fabs(c - median) <= LV_TOL * median;
}

struct run {
	size_t first, last;
	double cycles;
};

/* Runs of sizes whose latencies agree with the run's median. */
static size_t segment(const struct lv_point *p, size_t n, struct run *r)
{
	size_t nr = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i + 1;

		while (j < n && !isnan(p[i].cycles) && near_to(p[j].cycles, median_cycles(p, i, j - 1)))
			j++;
		r[nr++] = (struct run){ i, j - 1, median_cycles(p, i, j - 1) };
		i = j;
	}
	return nr;
}

static void merge(const struct lv_point *p, struct run *r, size_t *nr, size_t at, size_t count)
{
	r[at].last = r[at + count - 1].last;
	r[at].cycles = median_cycles(p, r[at].first, r[at].last);
	memmove(r + at + 1, r + at + count, (*nr - at - count) * sizeof(*r));
	*nr -= count - 1;
}

/* One stray point between two runs that agree is noise: the three are one run. */
static void absorb_noise(const struct lv_point *p, struct run *r, size_t *nr)
{
	int changed = 1;

	while (changed) {
		changed = 0;
		for (size_t k = 0; k + 2 < *nr && !changed; k++)
			if (r[k + 1].first == r[k + 1].last && near_to(r[k + 2].cycles, r[k].cycles)) {
				merge(p, r, nr, k, 3);
				changed = 1;
			}
		for (size_t k = 0; k + 1 < *nr && !changed; k++)
			if (near_to(r[k + 1].cycles, r[k].cycles)) {
				merge(p, r, nr, k, 2);
				changed = 1;
			}
	}
}

/* The size rule: the cache a set of this size fits in. */
static enum lv_level by_size(uint64_t size, const struct lv_caches *c)
{
	if (size <= c->l1_bytes)
		return LV_L1;
	if (size <= c->l2_bytes)
		return LV_L2;
	return LV_DRAM;
}

/* A run's base level: its points' counters by majority, else its middle size. */
static enum lv_level run_level(const struct lv_point *p, const struct run *r,
			       const struct lv_caches *c, enum lv_source *src)
{
	size_t votes[LV_NLEVELS] = { 0 }, counted = 0, best = LV_L1;
	double share;

	for (size_t i = r->first; i <= r->last; i++) {
		enum lv_level l = dominant(&p[i], &share);
		if (l != LV_NONE) {
			votes[l]++;
			counted++;
		}
	}
	if (2 * counted >= r->last - r->first + 1 && counted) {
		for (size_t l = LV_L1; l < LV_NLEVELS; l++)
			if (votes[l] > votes[best])
				best = l;
		*src = LV_BY_COUNTERS;
		return (enum lv_level)best;
	}
	*src = LV_BY_SIZE;
	return by_size(p[(r->first + r->last) / 2].size, c);
}

/* A second, slower plateau of the same cache: L2's far partition, DRAM past the TLB. */
static void far_levels(struct lv_plateau *pl, size_t npl)
{
	for (size_t k = 0; k < npl; k++)
		for (size_t j = 0; j < k; j++)
			if (pl[j].level == pl[k].level &&
			    (pl[k].level == LV_L2 || pl[k].level == LV_DRAM) &&
			    pl[k].cycles > (1 + LV_TOL) * pl[j].cycles) {
				pl[k].level = pl[k].level == LV_L2 ? LV_L2_FAR : LV_DRAM_TLB;
				break;
			}
}

/*
 * Runs become plateaus: two points or more, or one point the counters
 * name cleanly unless it sits between two such plateaus (then it is a
 * step from one to the next: on the H100, a 512 KiB set at 243 cycles
 * before L2's 283, and the sets filling L2 at 340 and 407 before DRAM);
 * a lone point past the last plateau (DRAM past the TLB) stays a level.
 */
static size_t plateaus(const struct lv_point *p, const struct run *r, size_t nr,
		       const struct lv_caches *c, struct lv_plateau *pl, size_t max, int *of_run)
{
	enum lv_level *lvl = gp_xcalloc(nr, sizeof(*lvl));
	enum lv_source *src = gp_xcalloc(nr, sizeof(*src));
	size_t npl = 0;

	for (size_t k = 0; k < nr; k++)
		lvl[k] = run_level(p, &r[k], c, &src[k]);
	for (size_t k = 0; k < nr; k++) {
		int multi = r[k].last > r[k].first;
		double share;
		of_run[k] = -1;
		if (isnan(r[k].cycles))
			continue;
		if (!multi) {
			enum lv_level d = dominant(&p[r[k].first], &share);
			int before = 0, after = 0;
			/* between two plateaus, the point is a step from one to the next */
			for (size_t j = 0; j < nr; j++)
				if (r[j].last > r[j].first) {
					before |= j < k;
					after |= j > k;
				}
			if (d == LV_NONE || share < LV_PURE || (before && after))
				continue;
		}
		if (npl == max)
			break;
		of_run[k] = (int)npl;
		pl[npl++] = (struct lv_plateau){ lvl[k], src[k], r[k].first, r[k].last, r[k].cycles };
	}
	far_levels(pl, npl);
	free(lvl);
	free(src);
	return npl;
}

/*
 * A point of plateau k: its level, unless its own counters say otherwise:
 * another level, or the plateau's level serving under LV_PURE of the
 * loads (then the two largest shares, as a transition: a set at L2's
 * latency with a quarter of its loads from DRAM is L2+DRAM, not L2).
 */
static void in_plateau(const struct lv_point *p, const struct lv_plateau *pl, int k,
		       struct lv_class *out)
{
	double share;
	enum lv_level d = dominant(p, &share);

	*out = (struct lv_class){ pl[k].level, LV_NONE, LV_BY_SIZE, k };
	if (d == LV_NONE)
		return;
	out->source = LV_BY_COUNTERS;
	if (d != lv_base(pl[k].level))
		out->level = d;
	if (share < LV_PURE)
		mixed(p, &out->level, &out->level2);
}

/* A point between plateaus: the counters' split, or the plateaus on either side. */
static void transition(const struct lv_point *p, size_t i, const struct lv_plateau *pl,
		       size_t npl, const struct lv_caches *c, struct lv_class *out)
{
	double share;
	enum lv_level d = dominant(&p[i], &share);
	const struct lv_plateau *before = NULL, *after = NULL;

	*out = (struct lv_class){ d, LV_NONE, LV_BY_COUNTERS, -1 };
	if (d != LV_NONE) {
		if (share < LV_PURE)
			mixed(&p[i], &out->level, &out->level2);
		return;
	}
	out->source = LV_BY_SIZE;
	for (size_t k = 0; k < npl; k++) {
		if (pl[k].last < i)
			before = &pl[k];
		if (pl[k].first > i && !after)
			after = &pl[k];
	}
	out->level = before ? before->level : by_size(p[i].size, c);
	if (after && after->level != out->level)
		out->level2 = after->level;
}

size_t lv_classify(const struct lv_point *p, size_t n, const struct lv_caches *c,
		   struct lv_class *out, struct lv_plateau *pl, size_t max)
{
	struct run *r;
	int *of_run;
	size_t nr, npl;

	if (n == 0)
		return 0;
	r = gp_xcalloc(n, sizeof(*r));
	of_run = gp_xcalloc(n, sizeof(*of_run));
	nr = segment(p, n, r);
	absorb_noise(p, r, &nr);
	npl = plateaus(p, r, nr, c, pl, max, of_run);
	for (size_t k = 0; k < nr; k++)
		for (size_t i = r[k].first; i <= r[k].last; i++) {
			if (of_run[k] >= 0)
				in_plateau(&p[i], pl, of_run[k], &out[i]);
			else
				transition(p, i, pl, npl, c, &out[i]);
		}
	free(r);
	free(of_run);
	return npl;
}

const char *lv_class_name(const struct lv_class *c, char *buf, size_t n)
{
	if (c->level2 == LV_NONE || c->level2 == c->level)
		snprintf(buf, n, "%s", lv_name(c->level));
	else
		snprintf(buf, n, "%s+%s", lv_name(c->level), lv_name(c->level2));
	return buf;
}

/* Is size inside the span of a level that is wanted? */
static int wanted(uint64_t size, const struct lv_caches *c, unsigned want)
{
	return ((want & LV_WANT_L1) && size <= 2 * c->l1_bytes) ||
	       ((want & LV_WANT_L2) && size >= c->l1_bytes / 2 && size <= 2 * c->l2_bytes) ||
	       ((want & LV_WANT_DRAM) && size >= c->l2_bytes && size <= (1ull << 30)) ||
	       ((want & LV_WANT_TLB) && size >= (256ull << 20));
}

size_t lv_default_sizes(const struct lv_caches *c, unsigned want, uint64_t max_size,
			uint64_t *out, size_t cap)
{
	size_t n = 0;

	for (uint64_t s = LV_SWEEP_MIN; s <= LV_SWEEP_MAX && s <= max_size; s *= 2) {
		uint64_t mid = s + s / 2;

		if (n < cap && wanted(s, c, want))
			out[n++] = s;
		if (n < cap && mid >= c->l2_bytes / 4 && mid <= 2 * c->l2_bytes && mid <= max_size &&
		    mid < LV_SWEEP_MAX && wanted(mid, c, want))
			out[n++] = mid;
	}
	return n;
}
