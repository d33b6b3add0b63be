/*
 * What every occupancy table shares: the machine table of each mode
 * (its columns in results/occupancy.c), setters by column name, the
 * limiter and size wording, the title.
 */
#include <stdio.h>
#include "occupancy/occupancy.h"
#include "tables/occupancy.h"
#include "util/compat.h"
#include "util/parse.h"

struct report_table *occ_machine_table(struct report *r, const char *title,
				       enum occ_table_kind kind)
{
	switch (kind) {
	case OCC_TABLE_SWEEP:
		return report_add_table(r, title, occupancy_sweep_columns, OCC_SWEEP_NCOLUMNS);
	case OCC_TABLE_KERNEL:
		return report_add_table(r, title, occupancy_kernel_columns, OCC_KERNEL_NCOLUMNS);
	case OCC_TABLE_CHECK:
		return report_add_table(r, title, occupancy_check_columns, OCC_CHECK_NCOLUMNS);
	case OCC_TABLE_CONFIG:
	default:
		return report_add_table(r, title, occupancy_config_columns, OCC_CONFIG_NCOLUMNS);
	}
}

void occ_set_int(struct report_table *t, size_t row, const char *col, long long v)
{
	int c = report_col_index(t, col);

	if (c >= 0)
		report_set_int(t, row, (size_t)c, v);
}

void occ_set_str(struct report_table *t, size_t row, const char *col, const char *s)
{
	int c = report_col_index(t, col);

	if (c >= 0)
		report_set_str(t, row, (size_t)c, s);
}

static void set_dbl(struct report_table *t, size_t row, const char *col, double v)
{
	int c = report_col_index(t, col);

	if (c >= 0)
		report_set_dbl(t, row, (size_t)c, v);
}

static void set_limit(struct report_table *t, size_t row, const char *col, int lim)
{
	if (lim != OCC_NO_LIMIT)
		occ_set_int(t, row, col, lim);  /* empty when the limit does not apply */
}

void occ_set_identity(struct report_table *t, size_t row, const struct gp_device *dev,
		      const struct occ_run *run, const struct sm_arch *a)
{
	char cc[16];

	if (run->from_device && dev) {
		tab_set_identity(t, row, dev);
		return;
	}
	snprintf(cc, sizeof(cc), "%d.%d", a->major, a->minor);
	occ_set_str(t, row, "cc", cc);
}

void occ_fill_result(struct report_table *t, size_t row, const struct sm_arch *a,
		     const struct occ_input *in, const struct occ_result *r)
{
	char buf[96];

	occ_set_str(t, row, "arch", a->name);
	occ_set_int(t, row, "threads_per_block", in->threads);
	occ_set_int(t, row, "regs_per_thread", in->regs);
	occ_set_int(t, row, "smem_per_block_bytes", in->smem);
	if (in->carveout != OCC_CARVEOUT_DEFAULT)
		occ_set_int(t, row, "carveout_pct", in->carveout);
	occ_set_int(t, row, "barriers_per_block", in->barriers);
	occ_set_int(t, row, "regs_per_block_alloc", r->regs_per_block);
	occ_set_int(t, row, "smem_per_block_alloc_bytes", r->smem_per_block);
	occ_set_int(t, row, "smem_per_sm_config_bytes", r->smem_per_sm);
	occ_set_int(t, row, "active_blocks_per_sm", r->blocks);
	occ_set_int(t, row, "active_warps_per_sm", r->active_warps);
	occ_set_int(t, row, "active_threads_per_sm", r->active_threads);
	occ_set_int(t, row, "active_thread_slots_per_sm", r->active_thread_slots);
	occ_set_int(t, row, "max_warps_per_sm", r->max_warps);
	set_dbl(t, row, "occupancy_pct", r->occupancy_pct);
	occ_set_str(t, row, "limiter", occ_limiter_words(r->binding, 1, buf, sizeof(buf)));
	set_limit(t, row, "blocks_limit_warps", r->lim_warps);
	set_limit(t, row, "blocks_limit_blocks", r->lim_blocks);
	set_limit(t, row, "blocks_limit_regs", r->lim_regs);
	set_limit(t, row, "blocks_limit_smem", r->lim_smem);
	set_limit(t, row, "blocks_limit_barriers", r->lim_barriers);
}

void occ_advise(const struct sm_arch *a, const struct occ_input *in, struct occ_advice *adv)
{
	*adv = (struct occ_advice){ 0 };
	adv->has_next_regs = occ_next_step(a, in, OCC_RES_REGS, &adv->next_regs);
	adv->has_next_smem = occ_next_step(a, in, OCC_RES_SMEM, &adv->next_smem);
	adv->has_headroom_regs = occ_headroom(a, in, OCC_RES_REGS, &adv->headroom_regs);
	adv->has_headroom_smem = occ_headroom(a, in, OCC_RES_SMEM, &adv->headroom_smem);
}

void occ_fill_advice(struct report_table *t, size_t row, const struct occ_advice *adv)
{
	if (adv->has_next_regs) {
		occ_set_int(t, row, "next_regs_per_thread", adv->next_regs.value);
		occ_set_int(t, row, "next_regs_blocks_per_sm", adv->next_regs.r.blocks);
		set_dbl(t, row, "next_regs_occupancy_pct", adv->next_regs.r.occupancy_pct);
	}
	if (adv->has_next_smem) {
		occ_set_int(t, row, "next_smem_per_block_bytes", adv->next_smem.value);
		occ_set_int(t, row, "next_smem_blocks_per_sm", adv->next_smem.r.blocks);
		set_dbl(t, row, "next_smem_occupancy_pct", adv->next_smem.r.occupancy_pct);
	}
	if (adv->has_headroom_regs)
		occ_set_int(t, row, "headroom_regs_per_thread", adv->headroom_regs.value);
	if (adv->has_headroom_smem)
		occ_set_int(t, row, "headroom_smem_per_block_bytes", adv->headroom_smem.value);
}

const char *occ_limiter_words(unsigned mask, int machine, char *buf, size_t n)
{
	occ_limiters_string(mask, buf, n);
	if (machine)
		for (char *p = buf; *p; p++)
			if (*p == ' ')
				*p = '_';
	return buf;
}

const char *occ_bytes(long long b, char *buf, size_t n)
{
	if (b < 0)
		b = 0;
	if (b >= 1024 && b % 1024 && b % 128 == 0)
		snprintf(buf, n, "%.3g KiB (%lld B)", b / 1024.0, b);
	else if (b >= 1024 && b % 1024)
		snprintf(buf, n, "%lld B", b);
	else
		format_size(buf, n, (uint64_t)b);
	return buf;
}

void occ_arch_title(const struct gp_device *dev, const struct occ_run *run, char *buf, size_t n)
{
	const struct sm_arch *a = &run->arch;

	if (run->from_device && dev)
		snprintf(buf, n, "device %d, %s (%s, CC %d.%d, live limits)", dev->index,
			 dev->name, a->name, a->major, a->minor);
	else if (a->family)
		snprintf(buf, n, "%s (%s, CC %d.%d)", a->name, a->family, a->major, a->minor);
	else
		snprintf(buf, n, "%s (CC %d.%d: no chip of it known)", a->name, a->major, a->minor);
}
