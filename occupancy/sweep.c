/*
 * Questions around one configuration: how far is the next step of the
 * occupancy staircase, how much headroom is left, and the spreadsheet's
 * three graphs.  All by evaluating the calculator at the values where a
 * result can change (every register count, every shared-memory allocation
 * unit); a few thousand evaluations at most, well under a millisecond.
 */
#include <stdlib.h>
#include "occupancy/occupancy.h"

/* Shared memory per block that is still worth trying: the per-block limit. */
static long long smem_max(const struct sm_arch *a)
{
	return a->carveout ? a->smem_per_block_optin : a->smem_per_block;
}

static int eval(const struct sm_arch *a, const struct occ_input *base,
		enum occ_resource res, long long v, struct occ_step *out)
{
	struct occ_input in = *base;

	switch (res) {
	case OCC_RES_THREADS: in.threads = (int)v; break;
	case OCC_RES_REGS:    in.regs = (int)v; break;
	case OCC_RES_SMEM:    in.smem = v; break;
	}
	out->value = v;
	return occ_compute(a, &in, &out->r);
}

int occ_next_step(const struct sm_arch *a, const struct occ_input *in,
		  enum occ_resource res, struct occ_step *out)
{
	struct occ_result now;
	struct occ_step s;

	if (occ_compute(a, in, &now))
		return 0;
	if (res == OCC_RES_REGS) {
		for (long long v = (long long)in->regs - 1; v >= 1; v--)
			if (!eval(a, in, res, v, &s) && s.r.blocks > now.blocks) {
				*out = s;
				return 1;
			}
	} else if (res == OCC_RES_SMEM) {
		/* the largest size with a given allocation is a multiple of the unit */
		long long unit = a->smem_alloc_unit;
		for (long long k = (in->smem - 1) / unit; in->smem > 0 && k >= 0; k--)
			if (!eval(a, in, res, k * unit, &s) && s.r.blocks > now.blocks) {
				*out = s;
				return 1;
			}
	}
	return 0;
}

int occ_headroom(const struct sm_arch *a, const struct occ_input *in,
		 enum occ_resource res, struct occ_step *out)
{
	struct occ_result now;
	struct occ_step s;
	int found = 0;

	if (occ_compute(a, in, &now) || now.blocks == 0)
		return 0;
	if (res == OCC_RES_REGS) {
		for (long long v = in->regs; v <= a->max_regs_per_thread; v++) {
			if (eval(a, in, res, v, &s) || s.r.blocks != now.blocks)
				break;
			*out = s;
			found = 1;
		}
	} else if (res == OCC_RES_SMEM) {
		long long unit = a->smem_alloc_unit;
		for (long long k = (in->smem + unit - 1) / unit; k * unit <= smem_max(a); k++) {
			if (eval(a, in, res, k * unit, &s) || s.r.blocks != now.blocks)
				break;
			*out = s;
			found = 1;
		}
	}
	return found;
}

struct occ_step *occ_sweep(const struct sm_arch *a, const struct occ_input *in,
			   enum occ_resource res, size_t *n)
{
	long long cur, step, first, last;
	struct occ_step *pts;
	size_t cap, k = 0;

	switch (res) {
	case OCC_RES_THREADS:
		cur = in->threads, first = step = a->warp_size, last = a->max_threads_per_block;
		break;
	case OCC_RES_REGS:
		cur = in->regs, first = step = 1, last = a->max_regs_per_thread;
		break;
	case OCC_RES_SMEM:
	default:
		cur = in->smem, first = 0, step = a->smem_alloc_unit, last = smem_max(a);
		break;
	}
	cap = (size_t)((last - first) / step) + 2;
	pts = calloc(cap, sizeof(*pts));
	if (!pts)
		return NULL;
	for (long long v = first; v <= last && k < cap; v += step) {
		/* the current value takes its place in order */
		if (cur < v && (k == 0 || pts[k - 1].value < cur) && k < cap)
			if (!eval(a, in, res, cur, &pts[k]))
				k++;
		if (k < cap && !eval(a, in, res, v, &pts[k]))
			k++;
	}
	if (k < cap && (k == 0 || pts[k - 1].value < cur) && !eval(a, in, res, cur, &pts[k]))
		k++;
	*n = k;
	return pts;
}
