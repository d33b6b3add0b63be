/*
 * gpuperf occupancy --binary FILE: each kernel's resources and occupancy,
 * a table for people and one for machines.
 */
#include <stdio.h>
#include "tables/occupancy.h"
#include "util/compat.h"

static void human_table(struct report *rep, const struct occ_run *run)
{
	static const struct report_col cols[] = {
		{ "kernel", "kernel", REPORT_STR, 0 },
		{ "arch", "arch", REPORT_STR, 0 },
		{ "regs", "regs", REPORT_INT, 0 },
		{ "smem", "static smem (B)", REPORT_INT, 0 },
		{ "local", "local (B)", REPORT_INT, 0 },
		{ "bound", "bound", REPORT_INT, 0 },
		{ "barriers", "barriers", REPORT_INT, 0 },
		{ "threads", "threads", REPORT_INT, 0 },
		{ "blocks", "blocks/SM", REPORT_INT, 0 },
		{ "warps", "warps/SM", REPORT_INT, 0 },
		{ "occupancy", "occupancy (%)", REPORT_DBL, 1 },
		{ "limiter", "limited by", REPORT_STR, 0 },
	};
	char title[1200], buf[96];
	struct report_table *t;
	int any_reserved = 0, any_unknown = 0, any_threads = 0;

	const struct cubin_set *set = &run->set;

	snprintf(title, sizeof(title), "Kernels in %s", run->file);
	t = report_add_table(rep, title, cols, ARRAY_SIZE(cols));
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < run->nrows; i++) {
		const struct occ_kernel_row *kr = &run->rows[i];
		size_t row = report_add_row(t);

		report_set_str(t, row, 0, kr->demangled ? kr->demangled : kr->k->name);
		if (kr->have_arch && (kr->a.major * 10 + kr->a.minor) != kr->k->sm)
			snprintf(buf, sizeof(buf), "sm_%d on %s", kr->k->sm, kr->a.name);
		else
			snprintf(buf, sizeof(buf), "sm_%d", kr->k->sm);
		report_set_str(t, row, 1, buf);
		if (kr->k->regs >= 0)
			report_set_int(t, row, 2, kr->k->regs);
		report_set_int(t, row, 3, kr->k->smem_static);
		report_set_int(t, row, 4, kr->k->local_bytes);
		if (kr->k->max_threads)
			report_set_int(t, row, 5, kr->k->max_threads);
		report_set_int(t, row, 6, kr->k->barriers);
		any_reserved |= kr->k->smem_file > kr->k->smem_static;
		any_unknown |= !kr->have_arch;
		if (kr->threads > 0) {
			any_threads = 1;
			report_set_int(t, row, 7, kr->threads);
		}
		if (!kr->computed)
			continue;
		report_set_int(t, row, 8, kr->r.blocks);
		report_set_int(t, row, 9, kr->r.active_warps);
		report_set_dbl(t, row, 10, kr->r.occupancy_pct);
		report_set_str(t, row, 11, occ_limiter_words(kr->r.binding, 0, buf, sizeof(buf)));
	}
	report_note(t, "static smem is the kernel's own (as ptxas and cudaFuncGetAttributes "
		    "count it)%s", any_reserved ? "; the cubin's .nv.shared sizes, like cuobjdump's "
		    "SHARED, include the 1 KiB the driver reserves on sm_90 and later" : "");
	if (run->dynamic_smem)
		report_note(t, "occupancy with %lld bytes of dynamic shared memory per block",
			    run->dynamic_smem);
	if (!any_threads)
		report_note(t, "no block size: give --threads N for occupancy (kernels with "
			    "__launch_bounds__ use their bound)");
	else if (!run->threads_given)
		report_note(t, "threads: each kernel's launch bound; --threads N for another block size");
	if (any_unknown)
		report_note(t, "no occupancy for an SM gpuperf's table lacks");
	if (set->decompressed)
		report_note(t, "%d zstd-compressed cubin%s read", set->decompressed,
			    set->decompressed == 1 ? "" : "s");
	if (set->compressed)
		report_note(t, "%d compressed cubin%s skipped: %s", set->compressed,
			    set->compressed == 1 ? "" : "s", set->compressed_why);
	if (set->ptx)
		report_note(t, "%d PTX entr%s skipped (no resource data before JIT compilation)",
			    set->ptx, set->ptx == 1 ? "y" : "ies");
}

static void machine_table(struct report *rep, const struct gp_device *dev, const struct occ_run *run)
{
	struct report_table *t = occ_machine_table(rep, "Kernels", OCC_TABLE_KERNEL);
	char sm[16];

	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t i = 0; i < run->nrows; i++) {
		const struct occ_kernel_row *kr = &run->rows[i];
		size_t row = report_add_row(t);

		if (kr->have_arch)
			occ_set_identity(t, row, dev, run, &kr->a);
		if (kr->computed) {
			struct occ_advice adv;

			occ_fill_result(t, row, &kr->a, &kr->in, &kr->r);
			occ_advise(&kr->a, &kr->in, &adv);
			occ_fill_advice(t, row, &adv);
		}
		else if (kr->threads > 0)
			occ_set_int(t, row, "threads_per_block", kr->threads);
		/* the code's own architecture, even when run on another */
		snprintf(sm, sizeof(sm), "sm_%d", kr->k->sm);
		occ_set_str(t, row, "arch", sm);
		occ_set_str(t, row, "kernel", kr->demangled ? kr->demangled : kr->k->name);
		occ_set_str(t, row, "kernel_symbol", kr->k->name);
		if (kr->k->regs >= 0)
			occ_set_int(t, row, "regs_per_thread", kr->k->regs);
		occ_set_int(t, row, "smem_static_bytes", kr->k->smem_static);
		occ_set_int(t, row, "local_bytes_per_thread", kr->k->local_bytes);
		if (kr->k->max_threads)
			occ_set_int(t, row, "launch_bound_threads", kr->k->max_threads);
		occ_set_int(t, row, "barriers_per_block", kr->k->barriers);
		occ_set_int(t, row, "ptx_entries_skipped", run->set.ptx);
		occ_set_int(t, row, "compressed_cubins_skipped", run->set.compressed);
	}
}

void tab_occupancy_kernels(struct report *rep, const struct gp_device *dev, const struct occ_run *run)
{
	human_table(rep, run);
	machine_table(rep, dev, run);
}
