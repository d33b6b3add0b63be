/*
 * gpuperf occupancy --sweep: the spreadsheet's three graphs.  CSV and JSON
 * get a row per value; the terminal gets runs of equal results as rows
 * and as a bar chart, the current configuration marked.
 */
#include <stdio.h>
#include <stdlib.h>
#include "cli/occupancy-cli.h"
#include "util/compat.h"
#include "util/error.h"

static void sweep_label(long long lo, long long hi, char *buf, size_t n)
{
	if (lo == hi)
		snprintf(buf, n, "%lld", lo);
	else
		snprintf(buf, n, "%lld-%lld", lo, hi);
}

#define SWEEP_COLS(first) { \
	{ "range", first, REPORT_STR, 0 }, \
	{ "blocks", "blocks/SM", REPORT_INT, 0 }, \
	{ "warps", "warps/SM", REPORT_INT, 0 }, \
	{ "occupancy", "occupancy (%)", REPORT_DBL, 1 }, \
	{ "limiter", "limited by", REPORT_STR, 0 }, \
	{ "current", "", REPORT_STR, 0 }, \
}
static const struct report_col sweep_human_cols[3][6] = {
	SWEEP_COLS("threads/block"),
	SWEEP_COLS("regs/thread"),
	SWEEP_COLS("smem/block (B)"),
};

int occ_run_sweep(struct gp_ctx *ctx, const struct occ_opts *o, const struct occ_input *in)
{
	static const char *const what[] = {
		"threads per block", "registers per thread", "shared memory per block",
	};
	const struct sm_arch *a = o->arch;
	enum occ_resource res = (enum occ_resource)o->sweep;
	long long cur = res == OCC_RES_THREADS ? in->threads : res == OCC_RES_REGS ? in->regs : in->smem;
	struct occ_result now;
	struct occ_step *pts;
	size_t n;
	char title[800], arch[400], b1[32], buf[96];

	if (occ_compute(a, in, &now))
		return gp_error(GP_EXIT_FAIL, "%s: the shared memory per SM (%d bytes) matches no "
				"configuration of the architecture", a->name, a->smem_per_sm);
	if (now.blocks == 0) {
		char w[96];
		snprintf(w, sizeof(w), "%d threads x %d registers with %s of shared memory",
			 in->threads, in->regs, occ_bytes(in->smem, b1, sizeof(b1)));
		occ_warn_cannot_launch(w, a, &now);
	}
	pts = occ_sweep(a, in, res, &n);
	if (!pts)
		return gp_error(GP_EXIT_FAIL, "out of memory");

	if (ctx->format != REPORT_TABLE) {
		struct report_table *t = occ_machine_table(ctx, "Occupancy sweep", OCC_TABLE_SWEEP);
		for (size_t i = 0; i < n; i++) {
			struct occ_input pin = *in;
			size_t row = report_add_row(t);

			if (res == OCC_RES_THREADS)
				pin.threads = (int)pts[i].value;
			else if (res == OCC_RES_REGS)
				pin.regs = (int)pts[i].value;
			else
				pin.smem = pts[i].value;
			occ_set_identity(ctx, o, t, row, a);
			occ_fill_result(t, row, a, &pin, &pts[i].r);
			occ_set_int(t, row, "current", pts[i].value == cur);
		}
		free(pts);
		return 0;
	}

	/* human: runs of equal results as one row, and a chart of the same runs */
	const struct report_col *cols = sweep_human_cols[res];
	struct report_table *t;
	char **labels = calloc(n, sizeof(*labels));
	double *values = calloc(n, sizeof(*values));
	size_t nruns = 0;

	if (!labels || !values) {
		free(labels);
		free(values);
		free(pts);
		return gp_error(GP_EXIT_FAIL, "out of memory");
	}
	occ_arch_title(ctx, o, a, arch, sizeof(arch));
	snprintf(title, sizeof(title), "Occupancy vs %s: %s; %d threads, %d registers, %s shared memory",
		 what[res], arch, in->threads, in->regs, occ_bytes(in->smem, b1, sizeof(b1)));
	t = report_add_table(&ctx->report, title, cols, ARRAY_SIZE(sweep_human_cols[0]));
	t->flags |= REPORT_HUMAN_ONLY;

	for (size_t i = 0; i < n;) {
		size_t j = i, row;
		int has_cur = 0;

		/* a run: equal blocks and warps, the current value on its own row */
		while (j + 1 < n && pts[j + 1].r.blocks == pts[i].r.blocks &&
		       pts[j + 1].r.active_warps == pts[i].r.active_warps &&
		       pts[j + 1].r.binding == pts[i].r.binding &&
		       pts[j + 1].value != cur && pts[i].value != cur)
			j++;
		has_cur = pts[i].value == cur;
		sweep_label(pts[i].value, pts[j].value, buf, sizeof(buf));
		row = report_add_row(t);
		report_set_str(t, row, 0, buf);
		report_set_int(t, row, 1, pts[i].r.blocks);
		report_set_int(t, row, 2, pts[i].r.active_warps);
		report_set_dbl(t, row, 3, pts[i].r.occupancy_pct);
		report_set_str(t, row, 4, occ_limiter_words(pts[i].r.binding, 0, b1, sizeof(b1)));
		report_set_str(t, row, 5, has_cur ? "<== current" : "");
		labels[nruns] = gp_xasprintf("%s%s", buf, has_cur ? " *" : "");
		values[nruns] = pts[i].r.occupancy_pct;
		nruns++;
		i = j + 1;
	}
	snprintf(buf, sizeof(buf), "occupancy vs %s%s (* = current)", what[res],
		 res == OCC_RES_SMEM ? " in bytes" : "");
	report_chart(t, buf, (const char *const *)labels, values, nruns, "%", 40);
	report_note(t, "rows group consecutive values with the same result; --csv lists every value");
	if (a->caveat)
		report_note(t, "%s: %s", a->name, a->caveat);
	for (size_t i = 0; i < nruns; i++)
		free(labels[i]);
	free(labels);
	free(values);
	free(pts);
	return 0;
}
