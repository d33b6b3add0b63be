/*
 * model/bandwidth-method: which method measures a set, the windows of a
 * launch, the sums the checked window read must give, the level the
 * counters name.  The sums are checked against a plain walk of what the
 * kernel's threads read.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "model/bandwidth-method.h"
#include "model/bandwidth-pattern.h"
#include "tests/unit/unit.h"

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)

/* What window_kernel reads, float by float, summed: the reference for bw_window_sum. */
static uint32_t walk_sum(const struct bw_window *w, int grid, int block, int unroll, int width,
			 unsigned passes)
{
	uint64_t fpv = (uint64_t)width / 4, vpl = 128 / (uint64_t)width;
	uint32_t sum = 0;

	for (int b = 0; b < grid; b++) {
		uint64_t start = bw_window_start(w->step, (uint64_t)b, vpl);

		for (int t = 0; t < block; t++)
			for (uint64_t o = 0; o < w->win; o += (uint64_t)block * unroll)
				for (int u = 0; u < unroll; u++) {
					uint64_t v = start + (uint64_t)t + o + (uint64_t)u * block;

					for (uint64_t f = 0; f < fpv; f++)
						sum += bw_bits(bw_pat_a(v * fpv + f));
				}
	}
	return sum * passes;
}

static void methods(void)
{
	const uint64_t l1 = 256 * KiB, l2 = 50 * MiB;

	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 16 * KiB, 16, l1, l2, 0, 0), BW_METHOD_L1,
	       "16 KiB read: L1 windows");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 192 * KiB, 16, l1, l2, 0, 0), BW_METHOD_L1,
	       "192 KiB (3/4 of a 256 KiB L1): still L1");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 192 * KiB + 16, 16, l1, l2, 0, 0), BW_METHOD_L2,
	       "past 3/4 of L1: L2 windows");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 16 * MiB, 16, l1, l2, 0, 0), BW_METHOD_L2,
	       "16 MiB read (the issue's mislabelled row): L2 with cache-global loads");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 50 * MiB, 16, l1, l2, 0, 0), BW_METHOD_L2,
	       "the whole L2: L2");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 64 * MiB, 16, l1, l2, 0, 0), BW_METHOD_STREAM,
	       "past L2: the stream kernel, DRAM as before");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_COPY, 16 * KiB, 16, l1, l2, 0, 0), BW_METHOD_STREAM,
	       "stores: stream whatever the size");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 16 * KiB, 16, l1, l2, 1, 0), BW_METHOD_STREAM,
	       "--cold: stream");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 16 * KiB, 16, l1, l2, 0, 1), BW_METHOD_STREAM,
	       "a fixed layout: stream");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 256, 16, l1, l2, 0, 0), BW_METHOD_STREAM,
	       "fewer than 32 vectors: stream");
	is_int(bw_pick_method(BW_METHOD_AUTO, BW_READ, 16 * KiB, 16, 0, l2, 0, 0), BW_METHOD_L2,
	       "unknown L1: L2 windows");
	is_int(bw_pick_method(BW_METHOD_L2, BW_READ, 16 * KiB, 16, l1, l2, 0, 0), BW_METHOD_L2,
	       "a method asked for is kept");
	is_int(bw_pick_method(BW_METHOD_L2_SHARED, BW_READ, 2 * MiB, 16, l1, l2, 0, 0),
	       BW_METHOD_L2_SHARED, "l2-shared asked for is kept");
	is_int(bw_pick_method(BW_METHOD_L2_SHARED, BW_COPY, 2 * MiB, 16, l1, l2, 0, 0),
	       BW_METHOD_STREAM, "l2-shared for a copy: stream");
	is_str(bw_method_names[BW_METHOD_L2_SHARED], "l2-shared", "the method's name");
	ok(bw_method_names[BW_NMETHODS] == NULL, "names end with NULL");
	ok(bw_method_windowed(BW_METHOD_L1) && bw_method_windowed(BW_METHOD_L2) &&
	   bw_method_windowed(BW_METHOD_L2_SHARED) && !bw_method_windowed(BW_METHOD_STREAM) &&
	   !bw_method_windowed(BW_METHOD_AUTO), "windowed: l1, l2, l2-shared");
	ok(!bw_method_cg(BW_METHOD_L1) && bw_method_cg(BW_METHOD_L2) &&
	   bw_method_cg(BW_METHOD_L2_SHARED) && !bw_method_cg(BW_METHOD_STREAM),
	   "ld.global.cg: l2 and l2-shared, not l1");
}

static void configs(void)
{
	struct bw_cfg c = bw_method_cfg(BW_METHOD_L1, 16), none = { 0 }, fixed = { 0 };

	ok(c.block == 512 && c.unroll == 4, "16 B: 512 threads x 4 loads");
	c = bw_method_cfg(BW_METHOD_L2, 4);
	is_int(c.unroll, 16, "4 B: 16 loads per iteration, the same bytes in flight");
	c = bw_method_fit(bw_method_cfg(BW_METHOD_L1, 16), none, 1024);
	ok(c.block == 512 && c.unroll == 2, "1024 vectors: the unroll first (512 x %d)", c.unroll);
	c = bw_method_fit(bw_method_cfg(BW_METHOD_L1, 16), none, 64);
	ok(c.block == 64 && c.unroll == 1, "64 vectors: 64 threads x 1 (%d x %d)", c.block, c.unroll);
	fixed.unroll = 4;
	c = bw_method_fit(bw_method_cfg(BW_METHOD_L1, 16), fixed, 1024);
	ok(c.unroll == 4 && c.block == 256, "a fixed unroll is kept, the block gives way");
}

static void windows(void)
{
	struct bw_window w;

	ok(bw_window_plan(1024, 528, 512, 2, 0, &w) == 0 && w.win == 1024 && w.step == 0,
	   "16 KiB at 16 B over 528 blocks: every block re-reads the whole set");
	ok(bw_window_plan(1 << 20, 528, 512, 4, 0, &w) == 0 && w.win == 2048,
	   "16 MiB: windows of one iteration (%llu vectors)", (unsigned long long)w.win);
	ok((uint64_t)527 * w.step + w.win <= w.n && (uint64_t)527 * w.step + w.win > w.n - w.win,
	   "the windows spread to the end of the set, never past it");
	ok((uint64_t)528 * w.win >= w.n, "together they cover the set");
	ok(bw_window_plan(1000, 4, 512, 4, 0, &w) == -1, "fewer vectors than one iteration: refused");
	ok(bw_window_plan(6000, 1, 512, 4, 0, &w) == 0 && w.win == 4096 && w.step == 0,
	   "one block: the largest whole number of iterations");
	is_int(bw_window_bytes(&w, 3, 16, 10), 4096ull * 3 * 16 * 10, "bytes: grid x window x width x passes");
	for (uint64_t b = 0; b < 100; b++)
		if (bw_window_start(1000, b, 8) % 8 || bw_window_start(1000, b, 8) > b * 1000) {
			ok(0, "window %llu starts off a line", (unsigned long long)b);
			return;
		}
	ok(1, "windows start on whole 128-byte lines, at or before b x step");
}

/* The L2 method: every block a window of its own, no line read by two. */
static void disjoint(void)
{
	struct bw_cfg c = bw_method_cfg(BW_METHOD_L2, 16), none = { 0 }, fixed = { 0 };
	struct bw_window w;
	int ok_all = 1;

	ok(bw_window_plan(1 << 17, 528, 512, 4, 1, &w) == -1,
	   "2 MiB at 16 B over 528 blocks of 2048 vectors: refused as disjoint windows");
	ok(bw_window_plan(1 << 17, 528, 64, 2, 1, &w) == 0 && w.win == 128 && w.step == 128,
	   "64 x 2: windows of 128 vectors, each starting where the one before ends");
	ok(bw_window_plan(1000, 3, 64, 1, 1, &w) == 0 && w.win == 320 && 3 * w.win <= 1000,
	   "a remainder past grid x window goes unread (%llu)", (unsigned long long)w.win);
	for (uint64_t b = 0; b + 1 < 3; b++)
		if (bw_window_start(w.step, b, 8) + w.win > bw_window_start(w.step, b + 1, 8))
			ok_all = 0;
	ok(ok_all, "consecutive windows do not overlap");

	c.blocks_per_sm = 4;
	c = bw_method_fit_disjoint(c, none, 1 << 17, 132);  /* 2 MiB at 16 B */
	ok(c.blocks_per_sm == 4 && (uint64_t)132 * 4 * c.block * c.unroll <= 1 << 17 &&
	   c.block * c.unroll * 2 * 132 * 4 > 1 << 17,
	   "2 MiB over 132 SMs x 4: the largest block x unroll that fits (%d x %d)", c.block, c.unroll);
	c = bw_method_cfg(BW_METHOD_L2, 16);
	c.blocks_per_sm = 4;
	c = bw_method_fit_disjoint(c, none, 12288, 132);  /* 192 KiB */
	ok(c.block == 32 && c.unroll == 1 && c.blocks_per_sm == 2,
	   "192 KiB: warps, then fewer blocks per SM (%d x %d, %d/SM)", c.block, c.unroll,
	   c.blocks_per_sm);
	fixed.block = 512;
	c = bw_method_cfg(BW_METHOD_L2, 16);
	c.blocks_per_sm = 4;
	c = bw_method_fit_disjoint(c, fixed, 1 << 17, 132);
	ok(c.block == 512 && c.unroll == 1 && c.blocks_per_sm == 1,
	   "a fixed block is kept: unroll 1 and one block per SM (%d/SM)", c.blocks_per_sm);
	ok(bw_window_plan(1 << 16, 132, 512, 1, 1, &w) == -1,
	   "1 MiB is too small for 132 blocks of 512: refused, the caller's usage error");
}

/*
 * The L2 shared method: the l1 plan's windows, overlapping where the grid's
 * windows add up to more than the set (the H100's 528 blocks x 32 KiB).
 */
static void shared(void)
{
	struct bw_window w;

	is_int(bw_window_plan(2 * MiB / 16, 528, 512, 4, 0, &w), 0, "2 MiB: overlapping windows plan");
	is_int(w.win, 2048, "2 MiB: windows of one 32 KiB iteration");
	is_dbl(bw_window_overlap(&w, 528), 8.25, 1e-9, "2 MiB: 528 x 32 KiB over 2 MiB, 8.25-fold");
	ok(bw_window_plan(16 * MiB / 16, 528, 512, 4, 0, &w) == 0,
	   "16 MiB: the same plan");
	is_dbl(bw_window_overlap(&w, 528), 528.0 * 32 / 16384, 1e-9,
	       "16 MiB: barely overlapping (%.3f-fold)", bw_window_overlap(&w, 528));
	ok(bw_window_plan(2 * MiB / 16, 528, 64, 2, 1, &w) == 0 &&
	   fabs(bw_window_overlap(&w, 528) - 528.0 * 128 / 131072) < 1e-9 &&
	   bw_window_overlap(&w, 528) <= 1, "disjoint windows: at most 1-fold");
	w.n = 0;
	is_dbl(bw_window_overlap(&w, 528), 0, 0, "an empty set: 0");
	is_str(bw_level_by_size(BW_METHOD_L2_SHARED, BW_READ, 2 * MiB, 132, 64 * KiB, 50 * MiB),
	       "L2", "size rule: l2-shared is L2");
}

static void sums(void)
{
	static const int widths[] = { 4, 8, 16 };
	uint32_t brute = 0;
	struct bw_window w;

	for (uint64_t j = 5000; j < 9000; j++)
		brute += bw_bits(bw_pat_a(j));
	is_int(bw_pattern_sum(5000, 9000), brute, "pattern sum over a range, by prefix sums");
	is_int(bw_pattern_sum(7, 7), 0, "an empty range");
	brute = 0;
	for (uint64_t j = (1ull << 32) - 3000; j < (1ull << 32) + 3000; j++)
		brute += bw_bits(bw_pat_a(j));
	is_int(bw_pattern_sum((1ull << 32) - 3000, (1ull << 32) + 3000), brute,
	       "across 2^32 floats, where the pattern restarts");
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		int width = widths[i], unroll = 16 / width * 2, block = 64;
		uint64_t n = 50000 / (uint64_t)width;

		for (int d = 0; d < 2; d++) {
			bw_window_plan(n, 7, block, unroll, d, &w);
			is_int(bw_window_sum(&w, 7, width, 3), walk_sum(&w, 7, block, unroll, width, 3),
			       "%d B, %s windows: their sum is what the threads read, 3 passes", width,
			       d ? "disjoint" : "shared");
		}
	}
	bw_window_plan(1024, 4, 512, 2, 0, &w);
	ok(bw_window_sum(&w, 4, 16, 1) != bw_window_sum(&w, 3, 16, 1),
	   "a block more or less changes the sum (the check can fail)");
}

static void levels(void)
{
	struct bw_traffic t = { 0.99, NAN, 0.0 };

	is_str(bw_level_by_counters(&t, 1), "L1", "99 %% L1 hits: L1");
	is_str(bw_level_by_counters(&t, 0), "L2", "stores: never L1");
	t = (struct bw_traffic){ 0.0, 0.99, 0.01 };
	is_str(bw_level_by_counters(&t, 1), "L2", "L2 hits, no DRAM: L2");
	t = (struct bw_traffic){ 0.0, 0.1, 1.0 };
	is_str(bw_level_by_counters(&t, 1), "DRAM", "a DRAM byte per byte: DRAM");
	t = (struct bw_traffic){ 0.0, 0.5, 0.5 };
	is_str(bw_level_by_counters(&t, 1), "L2+DRAM", "half from DRAM: L2+DRAM");
	t = (struct bw_traffic){ NAN, NAN, NAN };
	ok(bw_level_by_counters(&t, 1) == NULL, "no counters: no level (the size rule decides)");
	is_str(bw_level_by_size(BW_METHOD_L1, BW_READ, 16 * KiB, 132, 64 * KiB, 50 * MiB), "L1",
	       "size rule: the L1 method is L1");
	is_str(bw_level_by_size(BW_METHOD_L2, BW_READ, 16 * MiB, 132, 64 * KiB, 50 * MiB), "L2",
	       "size rule: the L2 method is L2, even where the old rule said L1");
	is_str(bw_level_by_size(BW_METHOD_STREAM, BW_COPY, 1 * GiB, 132, 64 * KiB, 50 * MiB), "DRAM",
	       "size rule: a 1 GiB copy is DRAM");
}

int main(void)
{
	methods();
	configs();
	windows();
	disjoint();
	shared();
	sums();
	levels();
	return done_testing();
}
