/* Byte accounting, sizes, levels, tune space and patterns of gpuperf bandwidth. */
#include "tests/unit/unit.h"

#include <stdint.h>

#include "model/bandwidth.h"
#include "model/bandwidth-pattern.h"

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)

static void test_accounting(void)
{
	static const struct { enum bw_kernel k; int r, w; } want[] = {
		{ BW_READ, 1, 0 }, { BW_WRITE, 0, 1 }, { BW_COPY, 1, 1 }, { BW_SCALE, 1, 1 },
		{ BW_ADD, 2, 1 }, { BW_TRIAD, 2, 1 }, { BW_MEMCPY, 1, 1 },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		is_int(bw_arrays_read(want[i].k), want[i].r, "%s reads %d arrays",
		       bw_kernel_names[want[i].k], want[i].r);
		is_int(bw_arrays_written(want[i].k), want[i].w, "%s writes %d arrays",
		       bw_kernel_names[want[i].k], want[i].w);
	}
	is_int(bw_bytes_moved(BW_COPY, GiB, 1), 2 * GiB, "copy of 1 GiB moves 2 GiB (read + write)");
	is_int(bw_bytes_moved(BW_MEMCPY, GiB, 1), 2 * GiB, "memcpy counts like copy");
	is_int(bw_bytes_moved(BW_READ, GiB, 1), GiB, "read of 1 GiB moves 1 GiB");
	is_int(bw_bytes_moved(BW_WRITE, GiB, 1), GiB, "write of 1 GiB moves 1 GiB");
	is_int(bw_bytes_moved(BW_TRIAD, GiB, 1), 3 * GiB, "triad moves 3 x size");
	is_int(bw_bytes_moved(BW_ADD, 16, 4), 192, "passes multiply the bytes");
	is_int(bw_bytes_moved(BW_COPY, 20 * GiB, 1), 40 * GiB, "no overflow above 4 GiB");
	is_int(bw_bytes_moved(BW_NKERNELS, GiB, 1), 0, "invalid kernel moves nothing");
	is_int(bw_working_set(BW_TRIAD, MiB), 3 * MiB, "triad touches three arrays");
	is_int(bw_working_set(BW_READ, MiB), MiB, "read touches one array");
	is_str(bw_kernel_names[BW_TRIAD], "triad", "names follow the enum");
	ok(bw_kernel_names[BW_NKERNELS] == NULL, "names are NULL-terminated");
	is_str(bw_kernel_formula(BW_TRIAD), "c = a + s*b", "triad formula");
}

static void test_arrays(void)
{
	is_int(bw_arrays_for(1u << BW_READ), BW_ARRAY_A, "read needs a only");
	is_int(bw_arrays_for(1u << BW_WRITE), BW_ARRAY_C, "write needs c only");
	is_int(bw_narrays(bw_arrays_for((1u << BW_READ) | (1u << BW_WRITE))), 2,
	       "read + write need two arrays");
	is_int(bw_narrays(bw_arrays_for(1u << BW_COPY)), 2, "copy needs two arrays");
	is_int(bw_narrays(bw_arrays_for(1u << BW_TRIAD)), 3, "triad needs three arrays");
	is_int(bw_narrays(bw_arrays_for(BW_ALL_KERNELS)), 3, "all kernels share three arrays");
	is_int(bw_narrays(0), 0, "no kernels, no arrays");
}

static void test_gbs(void)
{
	is_dbl(bw_gbs(2000000000ull, 1.0), 2000.0, 1e-9, "2e9 bytes in 1 ms is 2000 GB/s");
	is_dbl(bw_gbs(2 * GiB, 0.6405), 3352.8, 0.1, "2 GiB in 0.6405 ms is 3352.8 GB/s (10^9)");
	is_dbl(bw_gbs(1000, 0), 0, 0, "zero time gives 0, not infinity");
	is_dbl(bw_gbs(1000, -1), 0, 0, "negative time gives 0");
}

static void test_sizes(void)
{
	uint64_t h100 = 79ull * GiB, max, def;
	int scaled = -1;

	max = bw_max_size(h100, 3, 64 * MiB);
	ok(max % MiB == 0, "maximum is a whole number of MiB");
	ok(3 * max + 64 * MiB <= h100 - h100 / 10, "three arrays fit with a tenth kept free");
	ok(3 * (max + MiB) + 64 * MiB > h100 - h100 / 10, "one more MiB per array would not fit");
	def = bw_default_size(h100, 3, 64 * MiB, &scaled);
	is_int(def, GiB, "default is 1 GiB per array on an 80 GB card");
	is_int(scaled, 0, "not scaled on an 80 GB card");

	def = bw_default_size(2 * GiB, 3, 64 * MiB, &scaled);
	is_int(scaled, 1, "scaled down with 2 GiB free for three arrays");
	ok(def % (64 * MiB) == 0 && def > 0, "scaled default is a multiple of 64 MiB");
	ok(3 * def + 64 * MiB <= 2 * GiB - 2 * GiB / 10, "scaled default fits");
	is_int(def, 576 * MiB, "2 GiB free, 3 arrays: (0.9 x 2 GiB - 64 MiB) / 3 down to 64 MiB = 576 MiB");

	def = bw_default_size(100 * MiB, 2, 64 * MiB, &scaled);
	ok(scaled && def > 0 && def < 64 * MiB && def % MiB == 0,
	   "tiny free memory: below 64 MiB, rounded to MiB (got %llu)", (unsigned long long)def);
	is_int(bw_max_size(32 * MiB, 3, 64 * MiB), 0, "nothing fits below the reserve");
	is_int(bw_default_size(32 * MiB, 3, 64 * MiB, &scaled), 0, "default 0 when nothing fits");
	is_int(bw_max_size(GiB, 0, 0), 0, "no arrays: no size");
	is_int(bw_max_size(1000, 1, 0) % 16, 0, "below 1 MiB: multiple of 16 bytes");
}

static void test_passes(void)
{
	is_int(bw_passes(2 * GiB, GiB), 1, "DRAM-sized sets run one pass");
	is_int(bw_passes(GiB, GiB), 1, "exactly the target: one pass");
	is_int(bw_passes(MiB, GiB), 1024, "1 MiB moved per pass: 1024 passes to reach 1 GiB");
	is_int(bw_passes(3 * MiB, 10 * MiB), 4, "passes round up");
	is_int(bw_passes(0, GiB), 1, "empty pass: one pass");
	is_int(bw_passes(16, GiB), BW_MAX_PASSES, "passes are capped for tiny arrays");
	is_int(bw_passes(256 * KiB, GiB), 4096, "256 KiB moved per pass: 4096 passes, at the cap");
}

static void test_levels(void)
{
	uint64_t l2 = 50 * MiB, l1 = 64 * KiB;

	is_str(bw_level(1 * MiB, 1, 132, l1, l2), "L1", "1 MiB read over 132 SMs stays in L1");
	is_str(bw_level(1 * MiB, 0, 132, l1, l2), "L2", "stores never stay in L1");
	is_str(bw_level(40 * MiB, 1, 132, l1, l2), "L2", "40 MiB fits a 50 MiB L2");
	is_str(bw_level(50 * MiB, 0, 132, l1, l2), "L2", "exactly L2 is L2");
	is_str(bw_level(150 * MiB, 0, 132, l1, l2), "L2+DRAM", "3 x L2 is mixed");
	is_str(bw_level(200 * MiB, 0, 132, l1, l2), "DRAM", "4 x L2 is DRAM");
	is_str(bw_level(3 * GiB, 1, 132, l1, l2), "DRAM", "default triad working set is DRAM");
	is_str(bw_level(1 * MiB, 1, 0, l1, l2), "L2", "unknown SM count: no L1 claim");
}

static int fake_max_bps(void *arg, int block, int unroll)
{
	(void)arg;
	if (unroll == 16 && block == 1024)
		return 0;  /* too many registers */
	return 2048 / block;
}

static void test_tune_space(void)
{
	struct bw_cfg out[256], fixed = { 0 };
	int n = bw_tune_space(fixed, fake_max_bps, NULL, out, 256);
	int dup = 0, small = 0, over = 0, bad = 0, has_default = 0, has_cache_default = 0;
	int tiles = 0, flats = 0;
	struct bw_cfg def = bw_default_cfg(BW_TRIAD, 16, 0), cdef = bw_default_cfg(BW_TRIAD, 16, 1);

	for (int i = 0; i < n; i++) {
		for (int j = 0; j < i; j++)
			dup |= out[i].block == out[j].block && out[i].unroll == out[j].unroll &&
			       out[i].blocks_per_sm == out[j].blocks_per_sm &&
			       out[i].layout == out[j].layout;
		small |= out[i].layout != BW_LAYOUT_FLAT && out[i].block * out[i].blocks_per_sm < 256;
		bad |= out[i].layout == BW_LAYOUT_FLAT && out[i].blocks_per_sm != 0;
		over |= out[i].blocks_per_sm > fake_max_bps(NULL, out[i].block, out[i].unroll);
		bad |= out[i].block == 1024 && out[i].unroll == 16;
		has_default |= out[i].block == def.block && out[i].unroll == def.unroll &&
			       out[i].blocks_per_sm == def.blocks_per_sm &&
			       out[i].layout == def.layout;
		has_cache_default |= out[i].block == cdef.block && out[i].unroll == cdef.unroll &&
				     out[i].blocks_per_sm == cdef.blocks_per_sm &&
				     out[i].layout == cdef.layout;
		bad |= out[i].layout < BW_LAYOUT_GRID || out[i].layout > BW_LAYOUT_FLAT;
		tiles += out[i].layout == BW_LAYOUT_TILE;
		flats += out[i].layout == BW_LAYOUT_FLAT;
		bad |= out[i].unroll == 1 && out[i].layout == BW_LAYOUT_TILE;
	}
	ok(n > 80 && n < 200, "search space has %d configurations", n);
	ok(tiles > 30 && tiles < n, "both resident layouts searched (%d tiles)", tiles);
	is_int(flats, 4 * 5 - 1, "flat once per block and unroll that can launch");
	ok(!dup, "no configuration twice");
	ok(!small, "every configuration has >= 256 threads per SM");
	ok(!over, "blocks per SM never above the occupancy limit");
	ok(!bad, "configurations that cannot launch are skipped");
	ok(has_default, "the DRAM default configuration is in the space");
	ok(has_cache_default, "the cache-size default configuration is in the space");

	fixed.block = 512;
	n = bw_tune_space(fixed, fake_max_bps, NULL, out, 256);
	bad = 0;
	for (int i = 0; i < n; i++)
		bad |= out[i].block != 512;
	ok(n > 0 && !bad, "--block fixes the block size (%d configurations)", n);

	fixed = (struct bw_cfg){ 0, 0, 8, BW_LAYOUT_UNSET };
	n = bw_tune_space(fixed, fake_max_bps, NULL, out, 256);
	bad = 0;
	for (int i = 0; i < n; i++)
		bad |= out[i].unroll != 8;
	ok(n > 0 && !bad, "--unroll fixes the unroll (%d configurations)", n);

	fixed = (struct bw_cfg){ 0, 0, 0, BW_LAYOUT_TILE };
	n = bw_tune_space(fixed, fake_max_bps, NULL, out, 256);
	bad = 0;
	for (int i = 0; i < n; i++)
		bad |= out[i].layout != BW_LAYOUT_TILE;
	ok(n > 40 && !bad, "--layout fixes the layout (%d configurations)", n);

	fixed = (struct bw_cfg){ 0, 0, 0, BW_LAYOUT_FLAT };
	n = bw_tune_space(fixed, fake_max_bps, NULL, out, 256);
	bad = 0;
	for (int i = 0; i < n; i++)
		bad |= out[i].layout != BW_LAYOUT_FLAT || out[i].blocks_per_sm;
	ok(n == 19 && !bad, "--layout flat: block x unroll only (%d configurations)", n);

	fixed = (struct bw_cfg){ 256, 32, 4, BW_LAYOUT_GRID };
	n = bw_tune_space(fixed, fake_max_bps, NULL, out, 256);
	is_int(n, 1, "everything fixed: one configuration");
	is_int(out[0].blocks_per_sm, 32, "fixed blocks per SM kept above the limit");
	fixed.layout = BW_LAYOUT_UNSET;
	is_int(bw_tune_space(fixed, fake_max_bps, NULL, out, 256), 2,
	       "all but the layout fixed: both resident layouts, no flat (blocks per SM fixed)");

	fixed = (struct bw_cfg){ 0 };
	is_int(bw_tune_space(fixed, fake_max_bps, NULL, out, 3), 3, "cap respected");
}

static void test_cfg(void)
{
	is_int(bw_default_cfg(BW_TRIAD, 16, 1).unroll, 4, "16-byte triad cache default unroll 4 (64 B per thread)");
	is_int(bw_default_cfg(BW_TRIAD, 8, 1).unroll, 8, "8-byte triad cache default unroll 8: same bytes per thread");
	is_int(bw_default_cfg(BW_TRIAD, 4, 1).unroll, 16, "4-byte triad cache default unroll 16");
	is_int(bw_default_cfg(BW_COPY, 4, 1).unroll, 16, "unroll capped at the largest built (16)");
	is_int(bw_default_cfg(BW_TRIAD, 4, 0).unroll, 4, "4-byte flat triad: 4 accesses, 16 B per thread");
	is_int(bw_default_cfg(BW_COPY, 16, 1).block, 512, "copy cache default block 512");
	is_int(bw_default_cfg(BW_READ, 16, 1).blocks_per_sm, 2, "read cache default: 2 blocks per SM");
	is_int(bw_default_cfg(BW_READ, 16, 1).layout, BW_LAYOUT_TILE, "cache default layout: tile");
	is_int(bw_default_cfg(BW_COPY, 16, 0).layout, BW_LAYOUT_FLAT, "DRAM default layout of copy: flat");
	is_int(bw_default_cfg(BW_COPY, 16, 0).block, 512, "flat copy: blocks of 512");
	is_int(bw_default_cfg(BW_TRIAD, 16, 0).block, 1024, "flat triad: blocks of 1024");
	is_int(bw_default_cfg(BW_WRITE, 16, 0).unroll, 4, "flat write: 4 accesses per thread");
	for (int m = 0; m < 2; m++) {
		is_int(bw_default_cfg(BW_MEMCPY, 16, m).block, bw_default_cfg(BW_COPY, 16, m).block,
		       "memcpy gets the copy's configuration (multipass %d)", m);
		for (int k = 0; k < BW_NKERNELS; k++)
			ok(bw_default_cfg((enum bw_kernel)k, 16, m).block > 0,
			   "kernel %d has a default (multipass %d)", k, m);
	}
	is_str(bw_layout_names[BW_LAYOUT_TILE], "tile", "layout names follow the enum");
	is_str(bw_layout_names[BW_LAYOUT_FLAT], "flat", "flat is named");
	is_int(bw_flat_grid(1ull << 26, 1024, 1), 65536, "flat grid: one block per tile");
	is_int(bw_flat_grid((1ull << 26) + 1000, 1024, 1), 65536, "a partial tile goes to the tail");
	is_int(bw_flat_grid(100, 1024, 4), 1, "fewer vectors than a tile: one block");
	ok(bw_flat_grid(1ull << 40, 32, 1) == 0x7fffffffu, "flat grid capped at 2^31 - 1");
	ok(bw_width_valid(4) && bw_width_valid(8) && bw_width_valid(16), "4, 8, 16 valid");
	ok(!bw_width_valid(0) && !bw_width_valid(2) && !bw_width_valid(32), "0, 2, 32 invalid");
	ok(bw_unroll_valid(1) && bw_unroll_valid(16) && !bw_unroll_valid(3) &&
	   !bw_unroll_valid(32), "unrolls 1..16 powers of two");
}

static void test_patterns(void)
{
	int exact = 1, poison = 0, zero = 0;

	for (uint64_t j = 0; j < 200000; j++) {
		double a = bw_pat_a(j), b = bw_pat_b(j);

		exact &= (double)bw_expected(BW_TRIAD, j) == a + 3.0 * b;
		exact &= (double)bw_expected(BW_SCALE, j) == 3.0 * a;
		exact &= (double)bw_expected(BW_ADD, j) == a + b;
		exact &= bw_expected(BW_COPY, j) == bw_pat_a(j);
		exact &= bw_expected(BW_MEMCPY, j) == bw_pat_a(j);
		for (int k = BW_WRITE; k < BW_NKERNELS; k++) {
			poison |= bw_bits(bw_expected(k, j)) == BW_POISON;
			zero |= bw_expected(k, j) == 0.0f;
		}
	}
	ok(exact, "every expected value is exact in float (no rounding, FMA or not)");
	ok(!poison, "no expected value has the poison's bits");
	ok(!zero, "no expected value is zero (a zeroed array fails)");
	ok(bw_pat_a(0) != bw_pat_a(1) && bw_pat_w(5) != bw_pat_a(5),
	   "patterns vary with the index and differ between kernels");
	ok(bw_pat_a(1021) == bw_pat_a(0) && bw_pat_a(4ull << 30) == bw_pat_a((uint32_t)(4ull << 30)),
	   "pattern a has period 1021 and uses the low 32 bits of the index");
	is_int(bw_bits(1.0f), 0x3f800000, "bits of 1.0f");
}

static void test_fit_small_set(void)
{
	struct bw_cfg none = { 0 }, c, copy = bw_default_cfg(BW_COPY, 16, 1);  /* 512 x 1/SM, unroll 16 */
	struct bw_cfg read = bw_default_cfg(BW_READ, 16, 1);                   /* 256 x 2/SM, unroll 8 */

	c = bw_fit_small_set(copy, none, 1ull << 26, 132);
	ok(c.block == copy.block && c.unroll == copy.unroll, "a set larger than a sweep is kept");
	c = bw_fit_small_set(copy, none, 409600, 132);  /* 6.25 MiB: 50 tiles of 8192 for 132 blocks */
	is_int(c.block, 512, "6.25 MiB copy keeps its block");
	is_int(c.unroll, 4, "6.25 MiB copy: unroll 16 -> 4, 200 tiles for 132 blocks");
	ok((uint64_t)132 * c.block * c.unroll <= 409600, "every block has a tile");
	c = bw_fit_small_set(read, none, 4096, 132);    /* 64 KiB */
	is_int(c.unroll, 1, "64 KiB read: unroll 1");
	is_int(c.block, 32, "64 KiB read: 264 blocks of one warp (the smallest)");
	c = bw_fit_small_set(read, (struct bw_cfg){ .unroll = 8 }, 4096, 132);
	ok(c.unroll == 8 && c.block == 32, "a fixed unroll is kept, the block shrinks");
	c = bw_fit_small_set(read, (struct bw_cfg){ .block = 256, .unroll = 8 }, 4096, 132);
	ok(c.unroll == 8 && c.block == 256, "fixed block and unroll are kept");
	c = bw_fit_small_set(bw_default_cfg(BW_TRIAD, 16, 0), none, 4096, 132);
	ok(c.block == 1024 && c.unroll == 1, "flat configurations are unchanged");
}

int main(void)
{
	test_accounting();
	test_arrays();
	test_gbs();
	test_sizes();
	test_passes();
	test_levels();
	test_tune_space();
	test_cfg();
	test_fit_small_set();
	test_patterns();
	return done_testing();
}
