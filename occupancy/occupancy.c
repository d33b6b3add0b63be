/*
 * The occupancy calculator.  Two rule sets:
 *
 *  - CC 3.0 and later: the limiters of cuda_occupancy.h, in its order and
 *    with its integer arithmetic (registers per warp per sub-partition,
 *    shared memory rounded and reserved per block, the carveout rounded
 *    up to a configuration, barriers from 9.0);
 *  - CC 1.x and 2.x: the spreadsheet's formulas (occupancy.md 3.1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "occupancy/occupancy.h"

static long long round_up(long long x, long long unit)
{
	return (x + unit - 1) / unit * unit;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* The smallest configuration (bytes) of at least bytes, or -1 when none is. */
static long long smem_config_at_least(const struct sm_arch *a, long long bytes)
{
	for (int i = 0; i < a->n_smem_configs; i++)
		if ((long long)a->smem_configs_kb[i] * 1024 >= bytes)
			return (long long)a->smem_configs_kb[i] * 1024;
	return -1;
}

/* Register limit, cuda_occupancy.h rules, for a sub-partition count. */
static int regs_limit_warp(const struct sm_arch *a, int regs, int warps, int sub_partitions,
			   int *regs_per_block, enum occ_why *why)
{
	int per_warp = (int)round_up((long long)regs * a->warp_size, a->reg_alloc_unit);
	int assumed = per_warp * (int)round_up(warps, sub_partitions);

	*regs_per_block = per_warp * warps;
	if (regs > a->max_regs_per_thread) {
		*why = OCC_TOO_MANY_REGS;
		return 0;
	}
	/* the hardware checks the block as if spread over every sub-partition */
	if (a->max_regs_per_block < assumed || a->max_regs_per_block < *regs_per_block) {
		*why = OCC_REGS_PER_BLOCK;
		return 0;
	}
	if (per_warp == 0)
		return OCC_NO_LIMIT;
	return (a->regs_per_sm / sub_partitions) / per_warp * sub_partitions / warps;
}

/* Register limit, spreadsheet rules: 2.x per warp, 1.x per block. */
static int regs_limit_legacy(const struct sm_arch *a, int regs, int warps,
			     int *regs_per_block, enum occ_why *why)
{
	int gran = a->warp_alloc_granularity;

	if (a->reg_alloc == ARCH_REG_ALLOC_BLOCK) {
		*regs_per_block = (int)round_up(round_up(warps, gran) * regs * a->warp_size,
						a->reg_alloc_unit);
		if (regs > a->max_regs_per_thread) {
			*why = OCC_TOO_MANY_REGS;
			return 0;
		}
		if (*regs_per_block == 0)
			return OCC_NO_LIMIT;
		if (*regs_per_block > a->max_regs_per_block) {
			*why = OCC_REGS_PER_BLOCK;
			return 0;
		}
		return a->regs_per_sm / *regs_per_block;
	}

	int per_warp = (int)round_up((long long)regs * a->warp_size, a->reg_alloc_unit);

	*regs_per_block = per_warp * warps;
	if (regs > a->max_regs_per_thread) {
		*why = OCC_TOO_MANY_REGS;
		return 0;
	}
	if (per_warp == 0)
		return OCC_NO_LIMIT;
	int warps_by_regs = a->max_regs_per_block / per_warp / gran * gran;
	int lim = warps_by_regs / warps * (a->regs_per_sm / a->max_regs_per_block);
	if (lim == 0)
		*why = OCC_REGS_PER_BLOCK;
	return lim;
}

/*
 * Shared-memory limit.  From 7.0 the SM's shared memory is a runtime
 * preference (the carveout) rounded up to a configuration; when one
 * block does not fit the preference, the driver takes the smallest
 * configuration that holds it.
 */
static int smem_limit(const struct sm_arch *a, const struct occ_input *in,
		      struct occ_result *r)
{
	int modern = a->major >= 3;
	long long pref;

	if (modern) {
		r->smem_per_block = round_up(in->smem + a->reserved_smem_per_block,
					     a->smem_alloc_unit);
	} else {
		r->smem_per_block = round_up(in->smem, a->smem_alloc_unit);
	}
	/* opt-in to the large per-block limit (where there is one) is assumed */
	r->smem_block_limit = (long long)(a->carveout ? a->smem_per_block_optin : a->smem_per_block)
			      + a->reserved_smem_per_block;

	if (a->carveout) {
		pref = in->carveout == OCC_CARVEOUT_DEFAULT ? a->smem_per_sm
			: (long long)in->carveout * a->smem_per_sm / 100;
		pref = smem_config_at_least(a, pref);
		if (pref < 0)
			return -1;
	} else {
		pref = a->smem_per_sm;
	}
	r->smem_pref = pref;
	r->smem_per_sm = pref;

	if (in->smem > (a->carveout ? a->smem_per_block_optin : a->smem_per_block) ||
	    r->smem_per_block > r->smem_block_limit) {
		r->lim_smem = 0;
		return 0;
	}
	if (pref < r->smem_per_block && a->carveout) {
		r->smem_per_sm = smem_config_at_least(a, r->smem_per_block);
		if (r->smem_per_sm < 0)
			return -1;
		r->smem_overridden = 1;
	}
	r->lim_smem = r->smem_per_block > 0 ? (int)(r->smem_per_sm / r->smem_per_block)
					    : OCC_NO_LIMIT;
	return 0;
}

static int check_input(const struct sm_arch *a, const struct occ_input *in)
{
	if (!a || !in || in->threads < 1 || in->regs < 0 || in->smem < 0 || in->barriers < 0)
		return -1;
	if (in->carveout < OCC_CARVEOUT_DEFAULT || in->carveout > 100)
		return -1;
	/* keeps every product below in int range, far above any real limit */
	if (in->threads > (1 << 16) || in->regs > (1 << 12) || in->smem > (1LL << 40))
		return -1;
	if (a->warp_size <= 0 || a->max_threads_per_sm < a->warp_size || a->max_blocks_per_sm <= 0 ||
	    a->reg_alloc_unit <= 0 || a->smem_alloc_unit <= 0 || a->max_regs_per_block <= 0 ||
	    (a->major >= 3 && a->sub_partitions <= 0) || (a->major < 3 && a->warp_alloc_granularity <= 0))
		return -1;
	return 0;
}

/* Blocks an SM holds by registers (r->lim_regs), and why none fits (*why_regs). */
static void regs_limit(const struct sm_arch *a, const struct occ_input *in, struct occ_result *r,
		       enum occ_why *why_regs)
{
	if (a->major < 3) {
		r->lim_regs = regs_limit_legacy(a, in->regs, r->warps_per_block,
						&r->regs_per_block, why_regs);
		return;
	}
	r->lim_regs = regs_limit_warp(a, in->regs, r->warps_per_block, a->sub_partitions,
				      &r->regs_per_block, why_regs);
	/*
	 * GP100 (6.0) has two sub-partitions, GP10x four: a block that
	 * could not run on GP10x is refused on every Pascal.
	 */
	if (a->major == 6 && a->minor == 0 && r->lim_regs) {
		int rpb;
		enum occ_why w = OCC_FITS;

		if (regs_limit_warp(a, in->regs, r->warps_per_block, 4, &rpb, &w) == 0) {
			r->lim_regs = 0;
			*why_regs = w != OCC_FITS ? w : OCC_REGS_PER_BLOCK;
		}
	}
}

/* The limits among warps, registers, shared memory and blocks that equal ctas. */
static unsigned limits_at(const struct occ_result *r, int ctas)
{
	unsigned bits = 0;

	if (ctas == r->lim_warps)
		bits |= OCC_LIM_WARPS;
	if (ctas == r->lim_regs)
		bits |= OCC_LIM_REGS;
	if (ctas == r->lim_smem)
		bits |= OCC_LIM_SMEM;
	if (ctas == r->lim_blocks)
		bits |= OCC_LIM_BLOCKS;
	return bits;
}

/* The first thing to fix when no block fits: threads, registers, shared memory, barriers. */
static enum occ_why first_fix(const struct occ_result *r, enum occ_why why_regs)
{
	if (r->lim_warps == 0)
		return OCC_TOO_MANY_THREADS;
	if (r->lim_regs == 0)
		return why_regs != OCC_FITS ? why_regs : OCC_REGS_PER_BLOCK;
	if (r->lim_smem == 0)
		return OCC_SMEM_PER_BLOCK;
	return OCC_TOO_MANY_BARRIERS;
}

int occ_compute(const struct sm_arch *a, const struct occ_input *in, struct occ_result *r)
{
	enum occ_why why_regs = OCC_FITS;
	int ctas;

	if (check_input(a, in))
		return -1;
	memset(r, 0, sizeof(*r));
	r->max_warps = a->max_threads_per_sm / a->warp_size;
	r->warps_per_block = (in->threads + a->warp_size - 1) / a->warp_size;
	regs_limit(a, in, r, &why_regs);
	r->lim_warps = in->threads > a->max_threads_per_block ? 0
		       : r->max_warps / r->warps_per_block;
	r->lim_blocks = a->max_blocks_per_sm;
	if (smem_limit(a, in, r))
		return -1;

	ctas = min_int(r->lim_regs, min_int(r->lim_smem, min_int(r->lim_warps, r->lim_blocks)));
	r->limiting = limits_at(r, ctas);

	/* barriers: cuda_occupancy.h counts them from 9.0 on, when any are used */
	r->lim_barriers = OCC_NO_LIMIT;
	if (a->major >= 9 && in->barriers > 0 && a->block_barriers_per_sm > 0) {
		r->lim_barriers = a->block_barriers_per_sm / in->barriers;
		ctas = min_int(ctas, r->lim_barriers);
		if (ctas == r->lim_barriers)
			r->limiting |= OCC_LIM_BARRIERS;
	}

	r->blocks = ctas;
	r->binding = limits_at(r, ctas);
	if (r->lim_barriers == ctas)
		r->binding |= OCC_LIM_BARRIERS;
	if (ctas == 0)
		r->why = first_fix(r, why_regs);

	r->active_warps = ctas * r->warps_per_block;
	r->active_threads = ctas * in->threads;
	r->active_thread_slots = r->active_warps * a->warp_size;
	r->occupancy_pct = 100.0 * r->active_warps / r->max_warps;
	return 0;
}

const char *occ_limiter_name(unsigned bit)
{
	switch (bit) {
	case OCC_LIM_WARPS:    return "warps";
	case OCC_LIM_REGS:     return "registers";
	case OCC_LIM_SMEM:     return "shared memory";
	case OCC_LIM_BLOCKS:   return "blocks";
	case OCC_LIM_BARRIERS: return "barriers";
	}
	return "?";
}

char *occ_limiters_string(unsigned mask, char *buf, size_t n)
{
	static const unsigned order[] = {
		OCC_LIM_WARPS, OCC_LIM_BLOCKS, OCC_LIM_REGS, OCC_LIM_SMEM, OCC_LIM_BARRIERS,
	};
	size_t used = 0;

	if (n == 0)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (!(mask & order[i]))
			continue;
		int w = snprintf(buf + used, n - used, "%s%s", used ? "+" : "",
				 occ_limiter_name(order[i]));
		if (w < 0 || (size_t)w >= n - used)
			break;
		used += (size_t)w;
	}
	return buf;
}

const char *occ_why_string(enum occ_why why)
{
	switch (why) {
	case OCC_FITS:              return "fits";
	case OCC_TOO_MANY_THREADS:  return "more threads than a block may have";
	case OCC_TOO_MANY_REGS:     return "more registers per thread than the architecture allows";
	case OCC_REGS_PER_BLOCK:    return "the block needs more registers than a block may have";
	case OCC_SMEM_PER_BLOCK:    return "the block needs more shared memory than a block may have";
	case OCC_TOO_MANY_BARRIERS: return "the block uses more barriers than an SM has";
	}
	return "?";
}
