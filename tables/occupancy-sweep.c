/*
 * gpuperf occupancy --sweep: the spreadsheet's three graphs.  The machine
 * table has a row per value; the terminal gets runs of equal results as
 * rows and as a bar chart, the current configuration marked; plots draw
 * every value.
 */
#include <stdio.h>
#include <stdlib.h>
#include "tables/occupancy.h"
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
	{ "current", "current", REPORT_STR, 0 }, \
}
static const struct report_col sweep_human_cols[3][6] = {
	SWEEP_COLS("threads/block"),
	SWEEP_COLS("regs/thread"),
	SWEEP_COLS("smem/block (B)"),
};

static void machine_table(struct report *rep, const struct gp_device *dev, const struct occ_run *run,
			  long long cur)
{
	struct report_table *t = occ_machine_table(rep, "Occupancy sweep", OCC_TABLE_SWEEP);

	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t i = 0; i < run->npts; i++) {
		const struct occ_step *p = &run->pts[i];
		struct occ_input pin = run->in;
		size_t row = report_add_row(t);

		if (run->sweep == OCC_RES_THREADS)
			pin.threads = (int)p->value;
		else if (run->sweep == OCC_RES_REGS)
			pin.regs = (int)p->value;
		else
			pin.smem = p->value;
		occ_set_identity(t, row, dev, run, &run->arch);
		occ_fill_result(t, row, &run->arch, &pin, &p->r);
		occ_set_int(t, row, "current", p->value == cur);
	}
}

static const char *const what[] = {
	"threads per block", "registers per thread", "shared memory per block",
};

/*
 * The chart: the runs in the terminal, every value in plots on a 0-100 %
 * scale as the spreadsheet's graphs, the current configuration marked
 * with the limit that binds it.
 */
static struct report_chart *chart(struct report_table *t, const struct occ_run *run, long long cur)
{
	int smem = run->sweep == OCC_RES_SMEM;
	char title[160], lim[96], at[48];
	struct report_chart *c;
	struct report_series *all;

	snprintf(title, sizeof(title), "occupancy vs %s", what[run->sweep]);
	c = report_add_chart(t, title);
	snprintf(title, sizeof(title), "occupancy vs %s%s (* = current)", what[run->sweep],
		 smem ? " in bytes" : "");
	report_chart_text_title(c, title);
	report_chart_axis(&c->x, what[run->sweep], smem ? "B" : "", smem ? REPORT_AXIS_BYTES : 0);
	report_chart_axis(&c->y, "occupancy", "%", 0);
	c->y.decimals = 1;  /* as the table */
	c->y.max = 100;
	all = report_chart_series(c, "occupancy", REPORT_SERIES_PLOT);
	for (size_t i = 0; i < run->npts; i++)
		report_series_add(all, (double)run->pts[i].value, run->pts[i].r.occupancy_pct, NULL);
	/* the current value, then what it gives (the legend adds no "= value" after a number) */
	if (smem)
		occ_bytes(cur, at, sizeof(at));
	else
		snprintf(at, sizeof(at), "%lld", cur);
	snprintf(title, sizeof(title), "current (%s): %.1f %%, limited by %s", at, run->r.occupancy_pct,
		 occ_limiter_words(run->r.binding, 0, lim, sizeof(lim)));
	report_chart_marker(c, 'x', (double)cur, title);
	return c;
}

void tab_occupancy_sweep(struct report *rep, const struct gp_device *dev, const struct occ_run *run)
{
	const struct sm_arch *a = &run->arch;
	const struct occ_input *in = &run->in;
	enum occ_resource res = run->sweep;
	long long cur = res == OCC_RES_THREADS ? in->threads : res == OCC_RES_REGS ? in->regs : in->smem;
	const struct occ_step *pts = run->pts;
	size_t n = run->npts;
	struct report_series *runs;
	struct report_table *t;
	char title[800], arch[400], b1[128], buf[96];

	machine_table(rep, dev, run, cur);
	occ_arch_title(dev, run, arch, sizeof(arch));
	snprintf(title, sizeof(title), "Occupancy vs %s: %s; %d threads, %d registers, %s shared memory",
		 what[res], arch, in->threads, in->regs, occ_bytes(in->smem, b1, sizeof(b1)));
	t = report_add_table(rep, title, sweep_human_cols[res], ARRAY_SIZE(sweep_human_cols[0]));
	t->flags |= REPORT_HUMAN_ONLY;
	runs = report_chart_series(chart(t, run, cur), "runs", REPORT_SERIES_TEXT);

	/* human: runs of equal results as one row, and a chart of the same runs */
	for (size_t i = 0; i < n;) {
		size_t j = i, row;
		int has_cur;

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
		snprintf(b1, sizeof(b1), "%s%s", buf, has_cur ? " *" : "");
		report_series_add(runs, (double)pts[i].value, pts[i].r.occupancy_pct, b1);
		i = j + 1;
	}
	report_note(t, "rows group consecutive values with the same result; --csv lists every value");
	if (a->caveat)
		report_note(t, "%s: %s", a->name, a->caveat);
}
