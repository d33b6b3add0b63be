/*
 * Plateau detection and level classification on recorded sweeps: an
 * H100-like staircase (L1, near and far L2, DRAM, DRAM past the TLB) with
 * and without counters, noisy, without an L2 partition split, with a
 * single far-L2 point, and with counters that overrule a wrong cache size.
 */
#include <math.h>
#include <stdlib.h>
#include "model/levels.h"
#include "tests/unit/unit.h"

#define K 1024ull
#define M (1024ull * 1024)
#define G (1024ull * 1024 * 1024)

/* Counters of the timed loads of each kind of point. */
enum kind { L1, L1L2, L2, L2MIX, FAR, DRAM, SPILL, NOCTR };

static struct lv_point pt(uint64_t size, double cycles, enum kind k)
{
	struct lv_point p = { size, cycles, NAN, NAN, NAN };

	switch (k) {
	case L1: p.l1_hit = 1; p.l2_hit = NAN; p.dram_bytes_per_load = 0; break;
	case L1L2: p.l1_hit = 0.45; p.l2_hit = 1; p.dram_bytes_per_load = 0; break;
	case L2: p.l1_hit = 0; p.l2_hit = 0.998; p.dram_bytes_per_load = 0.02; break;
	/* the far partition: half the lookups miss the near slice, yet no DRAM traffic */
	case L2MIX: p.l1_hit = 0; p.l2_hit = 0.8; p.dram_bytes_per_load = 0.1; break;
	case FAR: p.l1_hit = 0; p.l2_hit = 0.5; p.dram_bytes_per_load = 0.3; break;
	case DRAM: p.l1_hit = 0; p.l2_hit = 0.01; p.dram_bytes_per_load = 64; break;
	/* at L2's latency, yet 30 % of the loads brought DRAM traffic (9.6 B a load) */
	case SPILL: p.l1_hit = 0; p.l2_hit = 0.7; p.dram_bytes_per_load = 9.6; break;
	case NOCTR: break;
	}
	return p;
}

/* An H100 SXM-like sweep: 1 KiB to 4 GiB, with midpoints around the L2. */
static size_t h100(struct lv_point *p, int counters)
{
	static const struct { uint64_t size; double cycles; enum kind k; } rec[] = {
		{ 1 * K, 33.9, L1 }, { 4 * K, 34.0, L1 }, { 16 * K, 34.1, L1 }, { 64 * K, 34.0, L1 },
		{ 128 * K, 34.3, L1 }, { 256 * K, 151.0, L1L2 }, { 512 * K, 262.0, L2 },
		{ 2 * M, 263.5, L2 }, { 8 * M, 264.8, L2 }, { 16 * M, 265.1, L2 },
		{ 24 * M, 276.0, L2 }, { 32 * M, 462.0, FAR }, { 48 * M, 471.0, FAR },
		{ 64 * M, 640.0, DRAM }, { 128 * M, 651.0, DRAM }, { 256 * M, 655.0, DRAM },
		{ 512 * M, 660.0, DRAM }, { 1 * G, 742.0, DRAM }, { 2 * G, 781.0, DRAM },
		{ 4 * G, 790.0, DRAM },
	};
	size_t n = sizeof(rec) / sizeof(rec[0]);

	for (size_t i = 0; i < n; i++)
		p[i] = pt(rec[i].size, rec[i].cycles, counters ? rec[i].k : NOCTR);
	return n;
}

static const struct lv_caches h100_caches = { 256 * K, 50 * M };

static size_t find(const struct lv_point *p, size_t n, uint64_t size)
{
	for (size_t i = 0; i < n; i++)
		if (p[i].size == size)
			return i;
	return 0;
}

static const char *cls(const struct lv_class *c)
{
	static char buf[4][32];
	static int k;

	k = (k + 1) % 4;
	return lv_class_name(c, buf[k], sizeof(buf[k]));
}

static void expect_levels(const struct lv_plateau *pl, size_t npl, const enum lv_level *want,
			  size_t nwant, const char *what)
{
	int same = npl == nwant;

	for (size_t k = 0; same && k < npl; k++)
		same = pl[k].level == want[k];
	ok(same, "%s: %zu plateaus as expected", what, npl);
	for (size_t k = 0; !same && k < npl; k++)
		diag("  plateau %zu: %s, %.1f cycles, points %zu-%zu", k, lv_name(pl[k].level),
		     pl[k].cycles, pl[k].first, pl[k].last);
}

static void test_clean(int counters)
{
	static const enum lv_level want[] = { LV_L1, LV_L2, LV_L2_FAR, LV_DRAM, LV_DRAM_TLB };
	struct lv_point p[32];
	struct lv_class c[32];
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	size_t n = h100(p, counters), npl = lv_classify(p, n, &h100_caches, c, pl, LV_MAX_PLATEAUS);
	const char *what = counters ? "H100 with counters" : "H100 without counters";
	enum lv_source src = counters ? LV_BY_COUNTERS : LV_BY_SIZE;

	expect_levels(pl, npl, want, 5, what);
	is_dbl(pl[0].cycles, 34.0, 1e-9, "%s: L1 at the median of its points", what);
	is_dbl(pl[1].cycles, 264.8, 1e-9, "%s: L2 near, 24 MiB included", what);
	is_dbl(pl[2].cycles, 466.5, 1e-9, "%s: L2 far", what);
	ok(pl[0].source == src && pl[1].source == src && pl[3].source == src,
	   "%s: plateaus say how they are known (%s)", what, lv_source_name(src));
	is_str(cls(&c[find(p, n, 16 * K)]), "L1", "%s: 16 KiB is L1", what);
	ok(c[find(p, n, 16 * K)].source == src, "%s: ... known by %s", what, lv_source_name(src));
	is_str(cls(&c[find(p, n, 2 * M)]), "L2", "%s: 2 MiB is L2", what);
	is_str(cls(&c[find(p, n, 32 * M)]), "L2-far", "%s: 32 MiB is the far L2", what);
	is_str(cls(&c[find(p, n, 256 * M)]), "DRAM", "%s: 256 MiB is DRAM", what);
	is_str(cls(&c[find(p, n, 4 * G)]), "DRAM-TLB", "%s: 4 GiB misses the TLB", what);
	is_str(cls(&c[find(p, n, 256 * K)]), "L1+L2", "%s: 256 KiB spills from L1 into L2", what);
	is_int(c[find(p, n, 256 * K)].plateau, -1, "%s: ... a transition, on no plateau", what);
	is_int(c[find(p, n, 512 * M)].plateau, 3, "%s: 512 MiB on the DRAM plateau", what);
}

/* The same staircase with a few percent of noise and a spike on the L2 plateau. */
static void test_noisy(void)
{
	static const enum lv_level want[] = { LV_L1, LV_L2, LV_L2_FAR, LV_DRAM, LV_DRAM_TLB };
	static const double wobble[] = { 1.03, 0.97, 1.05, 0.96, 1.0, 1.04, 0.95, 1.02, 0.98, 1.01 };
	struct lv_point p[32];
	struct lv_class c[32];
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	size_t n, npl;

	for (int counters = 0; counters < 2; counters++) {
		n = h100(p, counters);
		for (size_t i = 0; i < n; i++)
			if (p[i].size != 256 * K)
				p[i].cycles *= wobble[i % 10];
		p[find(p, n, 2 * M)].cycles = 330;  /* a stray sample, 25 % high */
		npl = lv_classify(p, n, &h100_caches, c, pl, LV_MAX_PLATEAUS);
		expect_levels(pl, npl, want, 5, counters ? "noisy, counters" : "noisy, no counters");
		is_int(c[find(p, n, 2 * M)].plateau, 1, "noisy: the stray point stays on the L2 plateau");
		is_str(cls(&c[find(p, n, 2 * M)]), "L2", "noisy: and is L2");
	}
}

/* One L2 plateau, no partition split (an L40-like part with a 96 MiB L2). */
static void test_no_split(void)
{
	static const enum lv_level want[] = { LV_L1, LV_L2, LV_DRAM };
	struct lv_point p[16];
	struct lv_class c[16];
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	const struct lv_caches caches = { 128 * K, 96 * M };
	static const double cyc[] = { 38, 38, 38.5, 300, 301, 302, 303, 304, 560, 565, 570 };
	static const uint64_t size[] = { 4 * K, 32 * K, 64 * K, 512 * K, 4 * M, 16 * M, 32 * M,
					 64 * M, 256 * M, 1 * G, 2 * G };
	static const enum kind kind[] = { L1, L1, L1, L2, L2, L2, L2, L2, DRAM, DRAM, DRAM };
	size_t npl;

	for (int counters = 0; counters < 2; counters++) {
		for (size_t i = 0; i < 11; i++)
			p[i] = pt(size[i], cyc[i], counters ? kind[i] : NOCTR);
		npl = lv_classify(p, 11, &caches, c, pl, LV_MAX_PLATEAUS);
		expect_levels(pl, npl, want, 3, counters ? "no split, counters" : "no split, sizes");
		is_str(cls(&c[7]), "L2", "no split: 64 MiB is still L2, not far");
	}
}

/*
 * The H100 run of 2026-11-25 (the default sweep, cycles read off its plot,
 * levels as its counters named them): the sets that step from L1 into L2
 * (512 KiB, 243 cycles) and from L2 into DRAM (32 and 40 MiB, 340 and 407)
 * are single points the counters call L2; L2 has its own plateau (283), so
 * they are steps, never an "L2-far" level.
 */
static void test_steps_are_not_levels(void)
{
	static const struct { uint64_t size; double cycles; enum kind k; } rec[] = {
		{ 1 * K, 32.3, L1 }, { 4 * K, 32.3, L1 }, { 16 * K, 32.3, L1 }, { 64 * K, 32.3, L1 },
		{ 128 * K, 32.3, L1 }, { 256 * K, 105.0, L1L2 }, { 512 * K, 243.0, L2 },
		{ 1 * M, 280.0, L2 }, { 2 * M, 283.0, L2 }, { 4 * M, 283.5, L2 }, { 8 * M, 283.5, L2 },
		{ 16 * M, 283.5, L2 }, { 24 * M, 283.5, L2 }, { 32 * M, 340.0, L2 }, { 40 * M, 407.0, L2 },
		{ 48 * M, 686.0, DRAM }, { 64 * M, 686.0, DRAM }, { 128 * M, 688.0, DRAM },
		{ 256 * M, 690.0, DRAM }, { 512 * M, 693.0, DRAM }, { 1 * G, 695.0, DRAM },
		{ 4 * G, 692.0, DRAM },
	};
	static const enum lv_level want[] = { LV_L1, LV_L2, LV_DRAM };
	size_t n = sizeof(rec) / sizeof(rec[0]), npl;
	struct lv_point p[32];
	struct lv_class c[32];
	struct lv_plateau pl[LV_MAX_PLATEAUS];

	for (size_t i = 0; i < n; i++)
		p[i] = pt(rec[i].size, rec[i].cycles, rec[i].k);
	npl = lv_classify(p, n, &h100_caches, c, pl, LV_MAX_PLATEAUS);
	expect_levels(pl, npl, want, 3, "the H100's steps");
	ok(npl > 1 && fabs(pl[1].cycles - 283.5) < 1, "L2 is the 283-cycle plateau (%.1f)",
	   npl > 1 ? pl[1].cycles : NAN);
	for (size_t i = 0; i < n; i++)
		if (rec[i].size == 512 * K || rec[i].size == 32 * M || rec[i].size == 40 * M) {
			is_int(c[i].plateau, -1, "%llu KiB: a step, no plateau",
			       (unsigned long long)(rec[i].size / K));
			is_str(cls(&c[i]), "L2", "%llu KiB: L2 by its counters",
			       (unsigned long long)(rec[i].size / K));
		}
}

static void test_near_far_step(void)
{
	struct lv_point p[32], q[33];
	struct lv_class c[33];
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	size_t n = h100(p, 1), m = 0, npl;

	for (size_t i = 0; i < n; i++) {
		q[m++] = p[i];
		if (p[i].size == 24 * M)
			q[m++] = pt(28 * M, 380, L2MIX);
	}
	npl = lv_classify(q, m, &h100_caches, c, pl, LV_MAX_PLATEAUS);
	ok(npl == 5, "a step point adds no plateau (%zu)", npl);
	is_int(c[find(q, m, 28 * M)].plateau, -1, "28 MiB is a transition");
	is_str(cls(&c[find(q, m, 28 * M)]), "L2", "whose loads the counters place in L2");
}

/* The driver's L2 size is wrong (8 MiB): counters still place 16 MiB in L2. */
static void test_counters_overrule(void)
{
	struct lv_point p[32];
	struct lv_class c[32];
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	const struct lv_caches wrong = { 256 * K, 8 * M };
	size_t n = h100(p, 1);

	lv_classify(p, n, &wrong, c, pl, LV_MAX_PLATEAUS);
	is_str(cls(&c[find(p, n, 16 * M)]), "L2", "counters: 16 MiB is L2 whatever the size rule");
	ok(c[find(p, n, 16 * M)].source == LV_BY_COUNTERS, "and says so");
	h100(p, 0);
	lv_classify(p, n, &wrong, c, pl, LV_MAX_PLATEAUS);
	ok(pl[1].level == LV_L2 && pl[1].source == LV_BY_SIZE,
	   "sizes alone: the plateau's middle size decides (%s)", lv_name(pl[1].level));
}

static void test_split(void)
{
	struct lv_split s;
	struct lv_point p = pt(32 * M, 460, FAR);

	ok(lv_counter_split(&p, &s) == 0 && s.l1 == 0 && s.dram < 0.01 && s.l2 > 0.99,
	   "L2 misses with no DRAM traffic are the other partition: L2 %.3f, DRAM %.3f", s.l2, s.dram);
	p = pt(1 * G, 700, DRAM);
	ok(lv_counter_split(&p, &s) == 0 && s.dram > 0.98, "DRAM: %.2f of the loads", s.dram);
	p = pt(1 * G, 700, DRAM);
	p.dram_bytes_per_load = NAN;
	ok(lv_counter_split(&p, &s) == 0 && s.dram > 0.98, "no DRAM counter (Tegra): L2 misses say");
	p = pt(1 * G, 700, NOCTR);
	ok(lv_counter_split(&p, &s) < 0 && isnan(s.l1), "no counters: no split");
}

static void test_edges(void)
{
	struct lv_point p[1] = { pt(4 * M, 270, NOCTR) };
	struct lv_class c[1];
	struct lv_plateau pl[LV_MAX_PLATEAUS];

	is_int(lv_classify(p, 0, &h100_caches, c, pl, LV_MAX_PLATEAUS), 0, "no point, no plateau");
	is_int(lv_classify(p, 1, &h100_caches, c, pl, LV_MAX_PLATEAUS), 0, "one point, no plateau");
	is_str(cls(&c[0]), "L2", "one point: the size rule places 4 MiB in L2");
	ok(c[0].source == LV_BY_SIZE, "and says it is only the size");
	is_str(lv_name(LV_DRAM_TLB), "DRAM-TLB", "names");
	ok(lv_base(LV_L2_FAR) == LV_L2 && lv_base(LV_DRAM_TLB) == LV_DRAM && lv_base(LV_L1) == LV_L1,
	   "base levels");
}

static void test_default_sizes(void)
{
	uint64_t v[64];
	size_t n = lv_default_sizes(&h100_caches, 0xf, ~0ull, v, 64), mids = 0;
	int ascending = 1;

	for (size_t i = 1; i < n; i++)
		ascending &= v[i] > v[i - 1];
	for (size_t i = 0; i < n; i++)
		mids += v[i] % 3 == 0;
	ok(ascending && v[0] == 1 * K && v[n - 1] == 4 * G, "1 KiB to 4 GiB, ascending (%zu sizes)", n);
	is_int(mids, 3, "midpoints 24, 48 and 96 MiB around a 50 MiB L2");
	n = lv_default_sizes(&h100_caches, LV_WANT_L1, ~0ull, v, 64);
	ok(n == 10 && v[n - 1] == 512 * K, "l1: 1 KiB to 2 x L1 (%zu sizes)", n);
	n = lv_default_sizes(&h100_caches, LV_WANT_L2 | LV_WANT_TLB, ~0ull, v, 64);
	ok(v[0] == 128 * K && v[n - 1] == 4 * G, "l2,tlb: from L1 / 2, and the largest sizes");
	n = lv_default_sizes(&h100_caches, 0xf, 1 * G, v, 64);
	ok(v[n - 1] == 1 * G, "clipped to what fits");
	is_int(lv_default_sizes(&h100_caches, 0xf, ~0ull, v, 3), 3, "and to the room given");
	is_int(lv_default_sizes(&h100_caches, 0, ~0ull, v, 64), 0, "no level, no size");
}

/*
 * A size on the L2 plateau whose own counters give L2 under 80 % of its
 * loads: named by its two shares (the man page's rule), not by the
 * plateau.  The H200 run named such a row L2 with over 6.4 B of DRAM a load.
 */
static void test_impure_in_plateau(void)
{
	static const enum lv_level want[] = { LV_L1, LV_L2, LV_DRAM };
	static const double cyc[] = { 34, 34, 34, 277, 277, 278, 279, 290, 684, 690, 695 };
	static const uint64_t size[] = { 4 * K, 32 * K, 64 * K, 512 * K, 4 * M, 16 * M, 24 * M,
					 32 * M, 256 * M, 1 * G, 2 * G };
	static const enum kind kind[] = { L1, L1, L1, L2, L2, L2, L2, SPILL, DRAM, DRAM, DRAM };
	const struct lv_caches caches = { 256 * K, 60 * M };
	struct lv_point p[16];
	struct lv_class c[16];
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	size_t npl;

	for (size_t i = 0; i < 11; i++)
		p[i] = pt(size[i], cyc[i], kind[i]);
	npl = lv_classify(p, 11, &caches, c, pl, LV_MAX_PLATEAUS);
	expect_levels(pl, npl, want, 3, "a spilling size on the L2 plateau");
	is_int(c[7].plateau, 1, "32 MiB at 290 cycles is on the L2 plateau");
	is_str(cls(&c[7]), "L2+DRAM", "but its counters say 30 %% DRAM: L2+DRAM");
	is_str(cls(&c[6]), "L2", "24 MiB, 0.02 B a load: L2");
}

int main(void)
{
	test_default_sizes();
	test_clean(1);
	test_clean(0);
	test_noisy();
	test_no_split();
	test_steps_are_not_levels();
	test_near_far_step();
	test_counters_overrule();
	test_split();
	test_edges();
	test_impure_in_plateau();
	return done_testing();
}
