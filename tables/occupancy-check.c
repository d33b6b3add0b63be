/*
 * gpuperf occupancy --check-runtime: every comparison for machines, and
 * for people a line per probe kernel with the totals.
 */
#include <stdio.h>
#include "tables/occupancy.h"
#include "util/compat.h"

enum { K_KERNEL = TAB_NIDENTITY };  /* the check table's first column after the identity */

static void machine_table(struct report *rep, const struct gp_device *dev, const struct occ_run *run)
{
	struct report_table *t = occ_machine_table(rep, "Occupancy check against the CUDA runtime",
						   OCC_TABLE_CHECK);

	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t i = 0; i < run->nchecks; i++) {
		const struct occ_check_row *c = &run->checks[i];
		size_t row = report_add_row(t);

		tab_set_identity(t, row, dev);
		report_set_str(t, row, K_KERNEL, c->kernel);
		report_set_str(t, row, K_KERNEL + 1, c->check);
		if (c->threads > 0) {
			report_set_int(t, row, K_KERNEL + 2, c->threads);
			report_set_int(t, row, K_KERNEL + 3, c->dynamic_smem);
		}
		report_set_int(t, row, K_KERNEL + 4, c->expected);
		if (c->actual_known)
			report_set_int(t, row, K_KERNEL + 5, c->actual);
		report_set_int(t, row, K_KERNEL + 6, c->match);
	}
}

void tab_occupancy_check(struct report *rep, const struct gp_device *dev, const struct occ_run *run)
{
	static const struct report_col cols[] = {
		{ "kernel", "kernel", REPORT_STR, 0 },
		{ "regs", "regs", REPORT_INT, 0 },
		{ "smem", "static smem (B)", REPORT_INT, 0 },
		{ "local", "local (B)", REPORT_INT, 0 },
		{ "barriers", "barriers", REPORT_INT, 0 },
		{ "max_threads", "max threads", REPORT_INT, 0 },
		{ "configs", "configurations", REPORT_INT, 0 },
		{ "diffs", "differences", REPORT_INT, 0 },
	};
	char title[400];
	struct report_table *h;

	machine_table(rep, dev, run);
	snprintf(title, sizeof(title), "Occupancy check: device %d, %s (%s)", dev->index,
		 dev->name, run->arch.name);
	h = report_add_table(rep, title, cols, ARRAY_SIZE(cols));
	h->flags |= REPORT_HUMAN_ONLY;
	for (size_t k = 0; k < run->nckernels; k++) {
		const struct occ_check_kernel *c = &run->ckernels[k];
		size_t row = report_add_row(h);

		report_set_str(h, row, 0, c->name);
		report_set_int(h, row, 1, c->regs);
		report_set_int(h, row, 2, c->smem_static);
		report_set_int(h, row, 3, c->local_bytes);
		report_set_int(h, row, 4, c->barriers);
		report_set_int(h, row, 5, c->max_threads);
		report_set_int(h, row, 6, c->configs);
		report_set_int(h, row, 7, c->diffs);
	}
	report_note(h, "all %zu comparisons agree: cubin resources = cudaFuncGetAttributes; "
		    "active blocks = cudaOccupancyMaxActiveBlocksPerMultiprocessor; a one-block "
		    "launch runs exactly when the calculator gives at least 1 block", run->nchecks);
	report_note(h, "block sizes 1-1024 x dynamic shared memory 0 to the opt-in limit + 1 byte, "
		    "default carveout; --csv lists every comparison");
}
