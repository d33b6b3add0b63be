/* How gpuperf bandwidth measures each level: method, windows, sums (pure). */
#include "model/bandwidth-method.h"

#include <math.h>
#include <stddef.h>

#include "model/bandwidth-pattern.h"

const char *const bw_method_names[] = { "", "stream", "l1", "l2", "l2-shared", NULL };

/* Period of bw_pat_a in float indices (see model/bandwidth-pattern.h). */
#define PAT_A_PERIOD 1021u

enum bw_method bw_pick_method(enum bw_method want, enum bw_kernel k, uint64_t size, int width,
			      uint64_t l1_bytes, uint64_t l2_bytes, int cold, int layout_fixed)
{
	if (k != BW_READ || cold || layout_fixed || width <= 0 ||
	    size / (uint64_t)width < 32 ||
	    want == BW_METHOD_STREAM || (unsigned)want >= BW_NMETHODS)
		return BW_METHOD_STREAM;
	if (want != BW_METHOD_AUTO)
		return want;
	if (l1_bytes && size <= l1_bytes / BW_L1_FILL_DEN * BW_L1_FILL_NUM)
		return BW_METHOD_L1;
	if (l2_bytes && size <= l2_bytes)
		return BW_METHOD_L2;
	return BW_METHOD_STREAM;
}

int bw_method_windowed(enum bw_method m)
{
	return m == BW_METHOD_L1 || bw_method_cg(m);
}

int bw_method_cg(enum bw_method m)
{
	return m == BW_METHOD_L2 || m == BW_METHOD_L2_SHARED;
}

struct bw_cfg bw_method_cfg(enum bw_method m, int width)
{
	struct bw_cfg c = { 512, 0, 4, BW_LAYOUT_UNSET };

	(void)m;  /* one configuration for both: the loads' cache operator differs */
	if (bw_width_valid(width))
		for (int w = width; w < 16 && c.unroll < 16; w *= 2)
			c.unroll *= 2;
	return c;
}

struct bw_cfg bw_method_fit(struct bw_cfg c, struct bw_cfg fixed, uint64_t n)
{
	while (!fixed.unroll && c.unroll > 1 && n < (uint64_t)c.block * (uint64_t)c.unroll)
		c.unroll /= 2;
	while (!fixed.block && c.block > 32 && n < (uint64_t)c.block * (uint64_t)c.unroll)
		c.block /= 2;
	return c;
}

struct bw_cfg bw_method_fit_disjoint(struct bw_cfg c, struct bw_cfg fixed, uint64_t n,
				     int sm_count)
{
	for (;;) {
		uint64_t grid = (uint64_t)(sm_count > 0 ? sm_count : 1) *
				(uint64_t)(c.blocks_per_sm > 0 ? c.blocks_per_sm : 1);

		c = bw_method_fit(c, fixed, n / grid);
		if (c.blocks_per_sm <= 1 || n / grid >= (uint64_t)c.block * (uint64_t)c.unroll)
			return c;
		c.blocks_per_sm--;
	}
}

int bw_window_plan(uint64_t n, int grid, int block, int unroll, int disjoint,
		   struct bw_window *w)
{
	uint64_t bu = (uint64_t)(block > 0 ? block : 0) * (uint64_t)(unroll > 0 ? unroll : 0);
	uint64_t g = grid > 0 ? (uint64_t)grid : 1, per, win;

	w->n = n;
	w->win = w->step = 0;
	if (bu == 0 || n < bu)
		return -1;
	if (disjoint) {
		if ((win = n / g / bu * bu) == 0)
			return -1;
		w->win = w->step = win;
		return 0;
	}
	per = (n + g - 1) / g;
	win = (per + bu - 1) / bu * bu;
	if (win > n - n % bu)
		win = n - n % bu;
	w->win = win;
	w->step = g > 1 ? (n - win) / (g - 1) : 0;
	return 0;
}

double bw_window_overlap(const struct bw_window *w, int grid)
{
	return w->n ? (double)w->win * (grid > 0 ? grid : 0) / (double)w->n : 0;
}

uint64_t bw_window_bytes(const struct bw_window *w, int grid, int width, unsigned passes)
{
	return w->win * (uint64_t)(grid > 0 ? grid : 0) * (uint64_t)(width > 0 ? width : 0) * passes;
}

/* Sum of the pattern's bits over one 2^32 block of indices, below y. */
static uint32_t sum_below32(uint64_t y)
{
	static uint32_t prefix[PAT_A_PERIOD + 1];
	static int ready;

	if (!ready) {
		for (uint32_t j = 0; j < PAT_A_PERIOD; j++)
			prefix[j + 1] = prefix[j] + bw_bits(bw_pat_a(j));
		ready = 1;
	}
	return (uint32_t)(y / PAT_A_PERIOD) * prefix[PAT_A_PERIOD] + prefix[y % PAT_A_PERIOD];
}

/* Sum below x: the pattern restarts every 2^32 indices (it takes the index as 32 bits). */
static uint32_t sum_below(uint64_t x)
{
	return (uint32_t)(x >> 32) * sum_below32(1ull << 32) + sum_below32(x & 0xffffffffull);
}

uint32_t bw_pattern_sum(uint64_t lo, uint64_t hi)
{
	return hi > lo ? sum_below(hi) - sum_below(lo) : 0;
}

uint32_t bw_window_sum(const struct bw_window *w, int grid, int width, unsigned passes)
{
	uint64_t fpv = (uint64_t)width / 4, vpl = 128 / (uint64_t)width;
	uint32_t sum = 0;

	if (width <= 0 || width % 4)
		return 0;
	for (int b = 0; b < grid; b++) {
		uint64_t s = bw_window_start(w->step, (uint64_t)b, vpl);

		sum += bw_pattern_sum(s * fpv, (s + w->win) * fpv);
	}
	return sum * passes;
}

const char *bw_level_by_size(enum bw_method m, enum bw_kernel k, uint64_t size,
			     int sm_count, uint64_t l1_per_sm, uint64_t l2_bytes)
{
	if (m == BW_METHOD_L1)
		return "L1";
	if (bw_method_cg(m))
		return "L2";
	return bw_level(bw_working_set(k, size), k == BW_READ, sm_count, l1_per_sm, l2_bytes);
}

const char *bw_level_by_counters(const struct bw_traffic *t, int read_only)
{
	if (read_only && isfinite(t->l1_hit) && t->l1_hit >= BW_LEVEL_PURE)
		return "L1";
	if (!isfinite(t->dram_per_byte))
		return NULL;
	if (t->dram_per_byte >= BW_LEVEL_PURE)
		return "DRAM";
	if (t->dram_per_byte < 1 - BW_LEVEL_PURE && (!isfinite(t->l2_hit) || t->l2_hit >= BW_LEVEL_PURE))
		return "L2";
	return "L2+DRAM";
}
