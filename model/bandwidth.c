/* Byte accounting and size arithmetic for gpuperf bandwidth (pure). */
#include "model/bandwidth.h"

#include <stddef.h>

const char *const bw_kernel_names[] = {
	"read", "write", "copy", "scale", "add", "triad", "memcpy", NULL,
};

static const struct {
	int reads, writes;
	unsigned arrays;
	const char *formula;
} kinfo[BW_NKERNELS] = {
	[BW_READ]   = { 1, 0, BW_ARRAY_A, "sum += a" },
	[BW_WRITE]  = { 0, 1, BW_ARRAY_C, "c = i" },
	[BW_COPY]   = { 1, 1, BW_ARRAY_A | BW_ARRAY_C, "c = a" },
	[BW_SCALE]  = { 1, 1, BW_ARRAY_A | BW_ARRAY_C, "c = s*a" },
	[BW_ADD]    = { 2, 1, BW_ARRAY_A | BW_ARRAY_B | BW_ARRAY_C, "c = a + b" },
	[BW_TRIAD]  = { 2, 1, BW_ARRAY_A | BW_ARRAY_B | BW_ARRAY_C, "c = a + s*b" },
	[BW_MEMCPY] = { 1, 1, BW_ARRAY_A | BW_ARRAY_C, "cudaMemcpyAsync(c, a)" },
};

const int bw_unrolls[BW_NUNROLLS] = { 1, 2, 4, 8, 16 };

const char *const bw_layout_names[] = { "", "grid", "tile", "flat", NULL };

static int valid(enum bw_kernel k)
{
	return (unsigned)k < BW_NKERNELS;
}

const char *bw_kernel_formula(enum bw_kernel k)
{
	return valid(k) ? kinfo[k].formula : "?";
}

int bw_arrays_read(enum bw_kernel k)
{
	return valid(k) ? kinfo[k].reads : 0;
}

int bw_arrays_written(enum bw_kernel k)
{
	return valid(k) ? kinfo[k].writes : 0;
}

unsigned bw_arrays(enum bw_kernel k)
{
	return valid(k) ? kinfo[k].arrays : 0;
}

unsigned bw_arrays_for(unsigned kernel_mask)
{
	unsigned m = 0;

	for (int k = 0; k < BW_NKERNELS; k++)
		if (kernel_mask & (1u << k))
			m |= kinfo[k].arrays;
	return m;
}

int bw_narrays(unsigned array_mask)
{
	return !!(array_mask & BW_ARRAY_A) + !!(array_mask & BW_ARRAY_B) +
	       !!(array_mask & BW_ARRAY_C);
}

uint64_t bw_bytes_moved(enum bw_kernel k, uint64_t size, unsigned passes)
{
	return (uint64_t)(bw_arrays_read(k) + bw_arrays_written(k)) * size * passes;
}

uint64_t bw_working_set(enum bw_kernel k, uint64_t size)
{
	return (uint64_t)bw_narrays(bw_arrays(k)) * size;
}

double bw_gbs(uint64_t bytes, double ms)
{
	if (!(ms > 0))
		return 0;
	return (double)bytes / (ms * 1e-3) / 1e9;
}

uint64_t bw_max_size(uint64_t free_bytes, int narrays, uint64_t reserve)
{
	uint64_t budget, per;

	if (narrays <= 0)
		return 0;
	budget = free_bytes - free_bytes / 10;
	if (budget <= reserve)
		return 0;
	per = (budget - reserve) / (uint64_t)narrays;
	if (per >= (1ull << 20))
		return per & ~((1ull << 20) - 1);
	return per & ~(uint64_t)15;
}

uint64_t bw_default_size(uint64_t free_bytes, int narrays, uint64_t reserve,
			 int *scaled)
{
	uint64_t max = bw_max_size(free_bytes, narrays, reserve);

	*scaled = 0;
	if (max >= BW_DEFAULT_SIZE)
		return BW_DEFAULT_SIZE;
	*scaled = 1;
	if (max >= (64ull << 20))
		return max & ~((64ull << 20) - 1);
	return max;
}

unsigned bw_passes(uint64_t bytes_per_pass, uint64_t target)
{
	uint64_t p;

	if (bytes_per_pass == 0 || bytes_per_pass >= target)
		return 1;
	p = (target + bytes_per_pass - 1) / bytes_per_pass;
	return p > BW_MAX_PASSES ? BW_MAX_PASSES : (unsigned)p;
}

const char *bw_level(uint64_t ws, int read_only, int sm_count,
		     uint64_t l1_per_sm, uint64_t l2_bytes)
{
	/* Stores are write-through to L2, so only reads can stay in L1. */
	if (read_only && sm_count > 0 && ws / (uint64_t)sm_count <= l1_per_sm)
		return "L1";
	if (ws <= l2_bytes)
		return "L2";
	if (ws < 4 * l2_bytes)
		return "L2+DRAM";
	return "DRAM";
}

int bw_unroll_valid(int unroll)
{
	for (int i = 0; i < BW_NUNROLLS; i++)
		if (bw_unrolls[i] == unroll)
			return 1;
	return 0;
}

int bw_width_valid(int width)
{
	return width == 4 || width == 8 || width == 16;
}

struct bw_cfg bw_default_cfg(enum bw_kernel k, int width, int multipass)
{
	/* block, blocks per SM, unroll at 16 bytes, layout: measured, see bandwidth.h */
	static const struct bw_cfg dram16[BW_NKERNELS] = {
		[BW_READ] = { 256, 0, 1, BW_LAYOUT_FLAT },
		[BW_WRITE] = { 256, 0, 4, BW_LAYOUT_FLAT },
		[BW_COPY] = { 512, 0, 1, BW_LAYOUT_FLAT },
		[BW_SCALE] = { 512, 0, 1, BW_LAYOUT_FLAT },
		[BW_ADD] = { 1024, 0, 1, BW_LAYOUT_FLAT },
		[BW_TRIAD] = { 1024, 0, 1, BW_LAYOUT_FLAT },
		[BW_MEMCPY] = { 512, 0, 1, BW_LAYOUT_FLAT },
	};
	static const struct bw_cfg cache16[BW_NKERNELS] = {
		[BW_READ] = { 256, 2, 8, BW_LAYOUT_TILE },
		[BW_WRITE] = { 512, 1, 4, BW_LAYOUT_TILE },
		[BW_COPY] = { 512, 1, 16, BW_LAYOUT_TILE },
		[BW_SCALE] = { 512, 1, 16, BW_LAYOUT_TILE },
		[BW_ADD] = { 256, 1, 4, BW_LAYOUT_TILE },
		[BW_TRIAD] = { 256, 1, 4, BW_LAYOUT_TILE },
		[BW_MEMCPY] = { 512, 1, 16, BW_LAYOUT_TILE },
	};
	struct bw_cfg c = (multipass ? cache16 : dram16)[(unsigned)k < BW_NKERNELS ? k : BW_COPY];

	if (bw_width_valid(width))
		for (int w = width; w < 16 && c.unroll < 16; w *= 2)
			c.unroll *= 2;
	return c;
}

struct bw_cfg bw_fit_small_set(struct bw_cfg c, struct bw_cfg fixed, uint64_t nvec, int sm_count)
{
	uint64_t grid = (uint64_t)(c.blocks_per_sm > 0 ? c.blocks_per_sm : 0) *
			(uint64_t)(sm_count > 0 ? sm_count : 0);

	if (c.layout == BW_LAYOUT_FLAT || grid == 0)
		return c;
	while (!fixed.unroll && c.unroll > 1 && nvec < grid * (uint64_t)c.block * (uint64_t)c.unroll)
		c.unroll /= 2;
	while (!fixed.block && c.block > 32 && nvec < grid * (uint64_t)c.block * (uint64_t)c.unroll)
		c.block /= 2;
	return c;
}

uint64_t bw_flat_grid(uint64_t nvec, int block, int unroll)
{
	uint64_t g = block > 0 && unroll > 0 ? nvec / ((uint64_t)block * (uint64_t)unroll) : 0;

	if (g > 0x7fffffffu)
		g = 0x7fffffffu;
	return g ? g : 1;
}

static int add_cfg(struct bw_cfg *out, int n, int cap, struct bw_cfg c)
{
	for (int i = 0; i < n; i++)
		if (out[i].block == c.block && out[i].blocks_per_sm == c.blocks_per_sm &&
		    out[i].unroll == c.unroll && out[i].layout == c.layout)
			return n;
	if (n < cap)
		out[n++] = c;
	return n;
}

/* The configurations of one (block, unroll, layout). */
static int add_bps(struct bw_cfg fixed, int block, int unroll, int layout, int max,
		   struct bw_cfg *out, int n, int cap)
{
	static const int bps[] = { 1, 2, 4, 8, 16 };

	if (fixed.blocks_per_sm)  /* more blocks than are resident run in waves */
		return add_cfg(out, n, cap, (struct bw_cfg){ block, fixed.blocks_per_sm, unroll, layout });
	for (size_t pi = 0; pi < sizeof(bps) / sizeof(bps[0]); pi++) {
		int b = bps[pi] < max ? bps[pi] : max;

		if (b * block >= 256)
			n = add_cfg(out, n, cap, (struct bw_cfg){ block, b, unroll, layout });
	}
	return n;
}

int bw_tune_space(struct bw_cfg fixed, bw_max_bps_fn max_bps, void *arg,
		  struct bw_cfg *out, int cap)
{
	static const int blocks[] = { 128, 256, 512, 1024 };
	int n = 0;

	for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++) {
		int block = fixed.block ? fixed.block : blocks[bi];

		if (fixed.block && bi > 0)
			break;
		for (int ui = 0; ui < BW_NUNROLLS; ui++) {
			int unroll = fixed.unroll ? fixed.unroll : bw_unrolls[ui];
			int max = max_bps(arg, block, unroll);

			if (fixed.unroll && ui > 0)
				break;
			if (max <= 0)
				continue;
			for (int l = BW_LAYOUT_GRID; l <= BW_LAYOUT_FLAT; l++) {
				if ((fixed.layout && l != fixed.layout) ||
				    (!fixed.layout && unroll == 1 && l == BW_LAYOUT_TILE))
					continue;
				if (l != BW_LAYOUT_FLAT)
					n = add_bps(fixed, block, unroll, l, max, out, n, cap);
				else if (!fixed.blocks_per_sm)
					n = add_cfg(out, n, cap,
						    (struct bw_cfg){ block, 0, unroll, BW_LAYOUT_FLAT });
			}
		}
	}
	return n;
}
