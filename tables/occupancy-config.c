/*
 * gpuperf occupancy for one configuration: the machine row, the result
 * as a vertical table, which limit binds and how, and the next steps.
 */
#include <stdio.h>
#include "occupancy/occupancy.h"
#include "tables/occupancy.h"
#include "util/compat.h"

static const char *pct(double v, char *buf, size_t n)
{
	snprintf(buf, n, "%.1f %%", v);
	return buf;
}

static void limiter_row(struct report_table *t, unsigned bit, int lim, const struct occ_result *r,
			const char *detail)
{
	size_t row = report_add_row(t);
	char buf[32];

	report_set_str(t, row, 0, occ_limiter_name(bit));
	if (lim == OCC_NO_LIMIT) {
		report_set_str(t, row, 1, "-");
	} else {
		snprintf(buf, sizeof(buf), "%d", lim);
		report_set_str(t, row, 1, buf);
	}
	report_set_str(t, row, 2, (r->binding & bit) ? "<== binds" : "");
	report_set_str(t, row, 3, detail);
}

/* How the registers limit the blocks: the limiter row's detail into d. */
static void regs_detail(char *d, size_t n, const struct sm_arch *a, const struct occ_input *in,
			const struct occ_result *r)
{
	if (in->regs == 0)
		snprintf(d, n, "no registers: no limit");
	else if (r->lim_regs == 0)
		snprintf(d, n, "%d per block: %s", r->regs_per_block, occ_why_string(r->why));
	else if (a->reg_alloc == ARCH_REG_ALLOC_BLOCK)
		snprintf(d, n, "%d per block (%d-register units, warps in pairs) of %d per SM",
			 r->regs_per_block, a->reg_alloc_unit, a->regs_per_sm);
	else if (a->sub_partitions > 0) {
		int per_warp = r->regs_per_block / r->warps_per_block;
		snprintf(d, n, "%d per warp (%d-register units): %d warps in each of %d "
			 "sub-partitions of %d, / %d warps per block", per_warp, a->reg_alloc_unit,
			 a->regs_per_sm / a->sub_partitions / per_warp, a->sub_partitions,
			 a->regs_per_sm / a->sub_partitions, r->warps_per_block);
	} else {
		int per_warp = r->regs_per_block / r->warps_per_block;
		snprintf(d, n, "%d per warp (%d-register units) of %d per block",
			 per_warp, a->reg_alloc_unit, a->max_regs_per_block);
	}
}

/* The shared-memory configuration assumed, as notes under the limits. */
static void smem_notes(struct report_table *t, const struct sm_arch *a, const struct occ_input *in,
		       const struct occ_result *r)
{
	char b1[32], b2[32];

	if (a->carveout) {
		if (in->carveout == OCC_CARVEOUT_DEFAULT)
			report_note(t, "shared memory per SM: %s, the largest configuration (the runtime's "
				    "default: no carveout preference)", occ_bytes(r->smem_per_sm, b1, sizeof(b1)));
		else if (r->smem_overridden)
			report_note(t, "shared memory per SM: carveout %d %% is the %s configuration, too "
				    "small for one block: the driver takes %s", in->carveout,
				    occ_bytes(r->smem_pref, b1, sizeof(b1)),
				    occ_bytes(r->smem_per_sm, b2, sizeof(b2)));
		else
			report_note(t, "shared memory per SM: carveout %d %% rounds up to the %s configuration",
				    in->carveout, occ_bytes(r->smem_per_sm, b1, sizeof(b1)));
		report_note(t, "shared memory per block: up to %s of the kernel's own (opt-in assumed: "
			    "cudaFuncAttributeMaxDynamicSharedMemorySize; %s without it)%s",
			    occ_bytes(a->smem_per_block_optin, b1, sizeof(b1)),
			    occ_bytes(a->smem_per_block, b2, sizeof(b2)),
			    a->reserved_smem_per_block ? ", plus 1 KiB the driver reserves" : "");
	} else {
		report_note(t, "shared memory: %s per SM, up to %s per block (fixed configuration)",
			    occ_bytes(r->smem_per_sm, b1, sizeof(b1)),
			    occ_bytes(a->smem_per_block, b2, sizeof(b2)));
	}
}

static struct report_table *add_limiters(struct report *rep, const struct sm_arch *a,
					 const struct occ_input *in, const struct occ_result *r)
{
	static const struct report_col cols[] = {
		{ "limit", "limit", REPORT_STR, 0 },
		{ "blocks", "blocks/SM", REPORT_STR, 0 },
		{ "binding", "binding", REPORT_STR, 0 },
		{ "detail", "how", REPORT_STR, 0 },
	};
	struct report_table *t = report_add_table(rep, "Limits (blocks per SM each allows)",
						  cols, ARRAY_SIZE(cols));
	char d[256], b1[32], b2[32];

	t->flags |= REPORT_HUMAN_ONLY;
	if (r->lim_warps == 0)
		snprintf(d, sizeof(d), "%d threads: more than %d per block", in->threads,
			 a->max_threads_per_block);
	else
		snprintf(d, sizeof(d), "%d warp slots per SM / %d warp%s per block", r->max_warps,
			 r->warps_per_block, tab_plural(r->warps_per_block));
	limiter_row(t, OCC_LIM_WARPS, r->lim_warps, r, d);

	snprintf(d, sizeof(d), "at most %d resident blocks per SM", a->max_blocks_per_sm);
	limiter_row(t, OCC_LIM_BLOCKS, r->lim_blocks, r, d);

	regs_detail(d, sizeof(d), a, in, r);
	limiter_row(t, OCC_LIM_REGS, r->lim_regs, r, d);

	if (r->lim_smem == OCC_NO_LIMIT)
		snprintf(d, sizeof(d), "no shared memory: no limit");
	else if (r->lim_smem == 0)
		snprintf(d, sizeof(d), "%s per block is over the %s a block may have",
			 occ_bytes(r->smem_per_block, b1, sizeof(b1)),
			 occ_bytes(r->smem_block_limit, b2, sizeof(b2)));
	else
		snprintf(d, sizeof(d), "%s per SM / %s per block", occ_bytes(r->smem_per_sm, b1, sizeof(b1)),
			 occ_bytes(r->smem_per_block, b2, sizeof(b2)));
	limiter_row(t, OCC_LIM_SMEM, r->lim_smem, r, d);

	if (r->lim_barriers != OCC_NO_LIMIT)
		snprintf(d, sizeof(d), "%d named barriers per SM / %d per block", a->block_barriers_per_sm,
			 in->barriers);
	else if (a->major >= 9)
		snprintf(d, sizeof(d), "no named barriers: no limit");
	else
		snprintf(d, sizeof(d), "not a limit before compute capability 9.0");
	limiter_row(t, OCC_LIM_BARRIERS, r->lim_barriers, r, d);

	smem_notes(t, a, in, r);
	return t;
}

/* "<= 48 registers per thread would allow 5 blocks (62.5 %)" and the headroom. */
static void add_steps(struct report_table *t, const struct sm_arch *a, const struct occ_input *in,
		      const struct occ_result *r, const struct occ_advice *adv)
{
	const struct occ_step *s;
	char b1[32], p[32];

	if (adv->has_next_regs) {
		s = &adv->next_regs;
		report_note(t, "next step: <= %lld registers per thread would allow %d block%s (%s)",
			    s->value, s->r.blocks, tab_plural(s->r.blocks),
			    pct(s->r.occupancy_pct, p, sizeof(p)));
	}
	if (adv->has_next_smem) {
		s = &adv->next_smem;
		report_note(t, "next step: <= %s of shared memory per block would allow %d block%s (%s)",
			    occ_bytes(s->value, b1, sizeof(b1)), s->r.blocks, tab_plural(s->r.blocks),
			    pct(s->r.occupancy_pct, p, sizeof(p)));
	}
	if (r->blocks == 0)
		return;
	if (adv->has_headroom_regs) {
		struct occ_input more = *in;
		struct occ_result m;

		s = &adv->headroom_regs;
		more.regs = in->regs + 1;
		if (s->value > in->regs)
			report_note(t, "headroom: up to %lld registers per thread keep %d block%s",
				    s->value, r->blocks, tab_plural(r->blocks));
		else if (in->regs >= a->max_regs_per_thread || occ_compute(a, &more, &m))
			report_note(t, "headroom: none: %d registers per thread is the most %s allows",
				    in->regs, a->name);
		else  /* the exact step: the allocation granularity decides it */
			report_note(t, "headroom: none: %d registers per thread would give %d block%s (%s)",
				    more.regs, m.blocks, tab_plural(m.blocks),
				    pct(m.occupancy_pct, p, sizeof(p)));
	}
	if (adv->has_headroom_smem && adv->headroom_smem.value > in->smem)
		report_note(t, "headroom: up to %s of shared memory per block keep %d block%s",
			    occ_bytes(adv->headroom_smem.value, b1, sizeof(b1)), r->blocks,
			    tab_plural(r->blocks));
}

void tab_occupancy_config(struct report *rep, const struct gp_device *dev, const struct occ_run *run)
{
	static const struct report_col cols[] = {
		{ "architecture", "architecture", REPORT_STR, 0 },
		{ "threads", "threads per block", REPORT_STR, 0 },
		{ "regs", "registers per thread", REPORT_INT, 0 },
		{ "smem", "shared memory per block", REPORT_STR, 0 },
		{ "barriers", "barriers per block", REPORT_INT, 0 },
		{ "regs_alloc", "registers per block (allocated)", REPORT_INT, 0 },
		{ "smem_alloc", "shared memory per block (allocated)", REPORT_STR, 0 },
		{ "blocks", "active blocks per SM", REPORT_INT, 0 },
		{ "warps", "active warps per SM", REPORT_INT, 0 },
		{ "threads_sm", "active threads per SM", REPORT_STR, 0 },
		{ "slots_sm", "thread slots in use per SM", REPORT_STR, 0 },
		{ "max_warps", "max warps per SM", REPORT_INT, 0 },
		{ "occupancy", "occupancy (%)", REPORT_DBL, 1 },
		{ "limiter", "limited by", REPORT_STR, 0 },
	};
	const struct sm_arch *a = &run->arch;
	const struct occ_input *in = &run->in;
	const struct occ_result *r = &run->r;
	char title[400], arch[400], buf[96], b1[32], b2[32];
	struct report_table *t = occ_machine_table(rep, "Occupancy", OCC_TABLE_CONFIG);
	size_t row = report_add_row(t);
	struct occ_advice adv;

	t->flags |= REPORT_MACHINE_ONLY;
	occ_set_identity(t, row, dev, run, a);
	occ_fill_result(t, row, a, in, r);
	occ_advise(a, in, &adv);
	occ_fill_advice(t, row, &adv);

	occ_arch_title(dev, run, arch, sizeof(arch));
	snprintf(title, sizeof(title), "Occupancy: %d threads x %d registers, %s shared memory per block",
		 in->threads, in->regs, occ_bytes(in->smem, b1, sizeof(b1)));
	t = report_add_table(rep, title, cols, ARRAY_SIZE(cols));
	t->layout = REPORT_VERTICAL;
	t->flags |= REPORT_HUMAN_ONLY;
	row = report_add_row(t);
	report_set_str(t, row, 0, arch);
	snprintf(buf, sizeof(buf), "%d (%d warp%s)", in->threads, r->warps_per_block,
		 r->warps_per_block == 1 ? "" : "s");
	report_set_str(t, row, 1, buf);
	report_set_int(t, row, 2, in->regs);
	report_set_str(t, row, 3, occ_bytes(in->smem, b1, sizeof(b1)));
	report_set_int(t, row, 4, in->barriers);
	report_set_int(t, row, 5, r->regs_per_block);
	if (a->reserved_smem_per_block)
		snprintf(buf, sizeof(buf), "%s (with %s reserved, in %d-byte units)",
			 occ_bytes(r->smem_per_block, b1, sizeof(b1)),
			 occ_bytes(a->reserved_smem_per_block, b2, sizeof(b2)), a->smem_alloc_unit);
	else
		snprintf(buf, sizeof(buf), "%s (in %d-byte units)", occ_bytes(r->smem_per_block, b1, sizeof(b1)),
			 a->smem_alloc_unit);
	report_set_str(t, row, 6, buf);
	report_set_int(t, row, 7, r->blocks);
	report_set_int(t, row, 8, r->active_warps);
	snprintf(buf, sizeof(buf), "%d (%d block%s x %d threads)", r->active_threads, r->blocks,
		 tab_plural(r->blocks), in->threads);
	report_set_str(t, row, 9, buf);
	snprintf(buf, sizeof(buf), "%d (%d warp%s x %d: a partial warp takes a whole one)",
		 r->active_thread_slots, r->active_warps, tab_plural(r->active_warps), a->warp_size);
	report_set_str(t, row, 10, buf);
	report_set_int(t, row, 11, r->max_warps);
	report_set_dbl(t, row, 12, r->occupancy_pct);
	report_set_str(t, row, 13, occ_limiter_words(r->binding, 0, buf, sizeof(buf)));

	t = add_limiters(rep, a, in, r);
	add_steps(t, a, in, r, &adv);
	if (a->caveat)
		report_note(t, "%s: %s", a->name, a->caveat);
}
