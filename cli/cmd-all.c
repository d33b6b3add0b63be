/*
 * gpuperf all: every probe with quick settings, then one summary of the
 * headline figures beside their references.  Each step is a command of
 * the table run with a fixed command line, so `all` measures exactly what
 * the single commands measure; the summary reads their result tables by
 * column name.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli/all.h"
#include "cli/commands.h"
#include "report/format.h"
#include "util/error.h"

static int cmd_all(struct gp_ctx *ctx, int argc, char **argv);

static const struct gp_option options[] = {
	{ NULL, 0, 0, NULL, NULL, 0 }
};

/* The quick pass: what each step runs (command line, command name first). */
struct all_step {
	const char *section;
	const char *args[14];
};

static const struct all_step steps[] = {
	{ "info", { "info" } },
	{ "bandwidth", { "bandwidth", "--reps", "10" } },
	{ "coalesce", { "coalesce", "--pattern", "offset,stride", "--offset", "0,1",
			"--stride", "1,2,32", "--size", "256M" } },
	{ "banks", { "banks", "--pattern", "stride", "--stride", "1,2,32" } },
	{ "occupancy", { "occupancy", "--threads", "256", "--regs", "32" } },
	{ "occupancy", { "occupancy", "--threads", "256", "--regs", "64" } },
	{ "occupancy", { "occupancy", "--threads", "1024", "--regs", "64" } },
	{ "pcie", { "pcie", "--memory", "pinned", "--size", "256M" } },
};
#define NSTEPS (sizeof(steps) / sizeof(steps[0]))

enum { S_METRIC, S_WHAT, S_VALUE, S_UNIT, S_REFERENCE };

static const struct report_col summary_cols[] = {
	CLI_IDENTITY_COLS,
	{ "metric", "metric", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "what", "what", REPORT_STR, 0 },
	{ "value", "value", REPORT_DBL, 1 },
	{ "unit", "unit", REPORT_STR, 0 },
	{ "reference", "against", REPORT_STR, 0 },
};
#define SUMMARY_OFF 2  /* summary columns after the identity ones */

static const struct report_col long_cols[] = { REPORT_LONG_COLS };

const struct gp_cmd gp_cmd_all = {
	.name = "all",
	.run = cmd_all,
	.flags = CMD_NEEDS_GPU,
	.summary = "every probe with quick settings, and one summary of the headline figures",
	.synopsis = "",
	.options = options,
	.columns = long_cols,
	.ncolumns = sizeof(long_cols) / sizeof(long_cols[0]),
};

/* ---- reading the steps' result tables ---- */

/* A step's records: its first table meant for CSV/JSON. */
static struct report_table *records(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (!(r->tables[i]->flags & REPORT_HUMAN_ONLY))
			return r->tables[i];
	return NULL;
}

static int cell_is(const struct report_table *t, size_t row, const char *col, const char *want)
{
	int c = report_col_index(t, col);
	const struct report_cell *cell;
	char buf[64];

	if (c < 0)
		return 0;
	cell = report_cell(t, row, (size_t)c);
	return cell->set && !strcmp(report_format_cell(&t->cols[c], cell, 0, buf, sizeof(buf)), want);
}

/* First row where col1 = v1 (and col2 = v2 when given), or -1. */
static long find_row(const struct report_table *t, const char *col1, const char *v1,
		     const char *col2, const char *v2)
{
	for (size_t r = 0; t && r < t->nrows; r++)
		if (cell_is(t, r, col1, v1) && (!col2 || cell_is(t, r, col2, v2)))
			return (long)r;
	return -1;
}

static double num(const struct report_table *t, long row, const char *col)
{
	int c = t && row >= 0 ? report_col_index(t, col) : -1;
	const struct report_cell *cell;

	if (c < 0)
		return NAN;
	cell = report_cell(t, (size_t)row, (size_t)c);
	if (!cell->set || t->cols[c].type == REPORT_STR)
		return NAN;
	return t->cols[c].type == REPORT_INT ? (double)cell->u.i : cell->u.d;
}

static const char *str(const struct report_table *t, long row, const char *col)
{
	int c = t && row >= 0 ? report_col_index(t, col) : -1;
	const struct report_cell *cell;

	if (c < 0 || t->cols[c].type != REPORT_STR)
		return NULL;
	cell = report_cell(t, (size_t)row, (size_t)c);
	return cell->set ? cell->u.s : NULL;
}

/* ---- the summary ---- */

static void add(struct report_table *t, const struct gp_device *d, const char *metric,
		const char *what, double value, const char *unit, const char *reference)
{
	size_t r = report_add_row(t);

	cli_set_identity(t, r, d);
	report_set_str(t, r, SUMMARY_OFF + S_METRIC, metric);
	report_set_str(t, r, SUMMARY_OFF + S_WHAT, what);
	report_set_dbl(t, r, SUMMARY_OFF + S_VALUE, value);
	report_set_str(t, r, SUMMARY_OFF + S_UNIT, unit);
	report_set_str(t, r, SUMMARY_OFF + S_REFERENCE, reference);
}

static void summarize_bandwidth(struct report_table *s, const struct gp_device *d,
				const struct report_table *bw)
{
	static const char *const kernels[] = { "copy", "read", "write", "triad" };
	double memcpy_gbs = num(bw, find_row(bw, "kernel", "memcpy", NULL, NULL), "bandwidth_gbs");
	char ref[160], metric[48], what[64];

	for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		long r = find_row(bw, "kernel", kernels[i], NULL, NULL);
		snprintf(ref, sizeof(ref), "%.1f %% of %.1f GB/s theoretical",
			 num(bw, r, "pct_of_theoretical"), num(bw, r, "theoretical_gbs"));
		if (i == 0 && isfinite(memcpy_gbs))
			snprintf(ref + strlen(ref), sizeof(ref) - strlen(ref),
				 "; cudaMemcpy D2D %.1f GB/s", memcpy_gbs);
		snprintf(metric, sizeof(metric), "dram_%s_gbs", kernels[i]);
		snprintf(what, sizeof(what), "DRAM %s bandwidth", kernels[i]);
		add(s, d, metric, what, num(bw, r, "bandwidth_gbs"), "GB/s", ref);
	}
}

static void summarize_coalesce(struct report_table *s, const struct gp_device *d,
			       const struct report_table *co)
{
	static const struct { const char *pattern, *col, *val, *base_col, *metric, *what; } rows[] = {
		{ "offset", "offset", "1", "offset", "misaligned_copy_pct", "copy misaligned by 4 bytes" },
		{ "stride", "stride", "2", "stride", "stride2_copy_pct", "copy with a stride of 2" },
		{ "stride", "stride", "32", "stride", "stride32_copy_pct", "copy with a stride of 32" },
	};
	char ref[160];

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		long r = find_row(co, "pattern", rows[i].pattern, rows[i].col, rows[i].val);
		long b = find_row(co, "pattern", rows[i].pattern, rows[i].base_col,
				  !strcmp(rows[i].pattern, "offset") ? "0" : "1");
		double m = num(co, r, "measured_sectors_per_request");
		int n = snprintf(ref, sizeof(ref), "%% of the %s copy (%.1f GB/s); %g sectors per request predicted",
				 !strcmp(rows[i].pattern, "offset") ? "aligned" : "unit-stride",
				 num(co, b, "bandwidth_gbs"), num(co, r, "predicted_sectors_per_request"));
		if (isfinite(m) && n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, ", %.2f measured", m);
		add(s, d, rows[i].metric, rows[i].what,
		    100 * num(co, r, "bandwidth_gbs") / num(co, b, "bandwidth_gbs"), "%", ref);
	}
}

static void summarize_banks(struct report_table *s, const struct gp_device *d,
			    const struct report_table *bk)
{
	static const char *const strides[] = { "2", "32" };
	char ref[160], metric[48], what[64];

	for (size_t i = 0; i < 2; i++) {
		long r = find_row(bk, "pattern", "stride", "stride", strides[i]);
		double m = num(bk, r, "measured_wavefronts_per_request");
		int n = snprintf(ref, sizeof(ref), "time per access vs stride 1 (%.0f-way predicted",
				 num(bk, r, "predicted_ways"));
		if (n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, isfinite(m) ?
				 ", %.2f wavefronts per request measured)" : ")", m);
		snprintf(metric, sizeof(metric), "bank_conflict_%sway_slowdown", strides[i]);
		snprintf(what, sizeof(what), "%s-way bank conflict, shared loads", strides[i]);
		add(s, d, metric, what, num(bk, r, "slowdown"), "x", ref);
	}
}

static void summarize_pcie(struct report_table *s, const struct gp_device *d,
			   const struct report_table *pc)
{
	static const struct { const char *dir, *metric, *what; } rows[] = {
		{ "h2d", "pcie_pinned_h2d_gbs", "PCIe host to device, pinned" },
		{ "d2h", "pcie_pinned_d2h_gbs", "PCIe device to host, pinned" },
		{ "bidir-sum", "pcie_pinned_bidir_gbs", "PCIe both ways at once, pinned" },
	};
	char ref[160];

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		long r = find_row(pc, "direction", rows[i].dir, "memory", "pinned");
		/* the bidirectional sum is measured against both directions' peak */
		snprintf(ref, sizeof(ref), "%.1f %% of the Gen%.0f x%.0f link (%.1f GB/s %s)",
			 num(pc, r, "pct_of_link"), num(pc, r, "link_gen"), num(pc, r, "link_width"),
			 num(pc, r, "link_peak_gbs"), i == 2 ? "both ways" : "per direction");
		add(s, d, rows[i].metric, rows[i].what, num(pc, r, "bandwidth_gbs"), "GB/s", ref);
	}
}

static void summarize_occupancy(struct report_table *s, const struct gp_device *d,
				const struct report_table *oc)
{
	char ref[96], metric[64], what[96];

	for (size_t r = 0; oc && r < oc->nrows; r++) {
		double threads = num(oc, (long)r, "threads_per_block"), regs = num(oc, (long)r, "regs_per_thread");
		snprintf(metric, sizeof(metric), "occupancy_%.0fx%.0f_pct", threads, regs);
		snprintf(what, sizeof(what), "occupancy, %.0f threads x %.0f registers", threads, regs);
		double blocks = num(oc, (long)r, "active_blocks_per_sm");
		snprintf(ref, sizeof(ref), "%.0f block%s per SM, limited by %s", blocks,
			 blocks == 1 ? "" : "s", str(oc, (long)r, "limiter"));
		add(s, d, metric, what, num(oc, (long)r, "occupancy_pct"), "%", ref);
	}
}

static void summarize_counters(struct report_table *s, const struct gp_device *d,
			       const struct report_table *info)
{
	const char *avail = str(info, 0, "counters"), *why = str(info, 0, "counters_reason");

	/* no number here: the availability stands in the unit's place */
	add(s, d, "counters", "hardware counters", NAN, avail,
	    why ? why : "read through CUPTI's Range Profiler");
}

static void build_summary(struct report_table *s, const struct gp_device *d,
			  const struct all_section *sec, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct report_table *t = records(&sec[i].rep);
		if (!strcmp(sec[i].name, "bandwidth"))
			summarize_bandwidth(s, d, t);
		else if (!strcmp(sec[i].name, "coalesce"))
			summarize_coalesce(s, d, t);
		else if (!strcmp(sec[i].name, "banks"))
			summarize_banks(s, d, t);
		else if (!strcmp(sec[i].name, "pcie"))
			summarize_pcie(s, d, t);
		else if (!strcmp(sec[i].name, "occupancy"))
			summarize_occupancy(s, d, t);
	}
	for (size_t i = 0; i < n; i++)
		if (!strcmp(sec[i].name, "info"))
			summarize_counters(s, d, records(&sec[i].rep));
}

/* ---- running the steps ---- */

static int run_step(struct gp_ctx *ctx, const struct all_step *st, struct report *out)
{
	struct gp_ctx sub = *ctx;
	char *argv[16];
	int argc = 0, rc;

	memset(&sub.report, 0, sizeof(sub.report));
	while (st->args[argc] && argc < 15) {
		argv[argc] = (char *)st->args[argc];
		argc++;
	}
	argv[argc] = NULL;
	rc = cmd_lookup(st->args[0])->run(&sub, argc, argv);
	ctx->dev = sub.dev;
	ctx->have_dev = sub.have_dev;
	if (rc) {
		report_free(&sub.report);
		return rc;
	}
	*out = sub.report;
	return 0;
}

/* Find or make the section of a step. */
static struct all_section *section_for(struct all_section *sec, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(sec[i].name, name))
			return &sec[i];
	sec[*n].name = name;
	memset(&sec[*n].rep, 0, sizeof(sec[*n].rep));
	return &sec[(*n)++];
}

/* A later run of the same command: its records join the section's, its views follow. */
static void merge_into(struct all_section *s, struct report *more)
{
	struct report_table *have = records(&s->rep), *add_t = records(more);

	if (have && add_t) {
		report_append_rows(have, add_t);
		add_t->flags |= REPORT_MACHINE_ONLY;
	}
	report_move_tables(&s->rep, more, REPORT_MACHINE_ONLY);
}

void all_compose(struct gp_ctx *ctx, struct all_section *sec, size_t n)
{
	struct report_table *human, *machine;
	char title[300];

	snprintf(title, sizeof(title), "gpuperf all: %s", ctx->dev.name);
	/* People get the summary without the identity and the metric's script name. */
	human = report_add_table(&ctx->report, title, summary_cols + SUMMARY_OFF + S_WHAT,
				 sizeof(summary_cols) / sizeof(summary_cols[0]) - SUMMARY_OFF - S_WHAT);
	machine = report_add_table(&ctx->report, "Summary", summary_cols,
				   sizeof(summary_cols) / sizeof(summary_cols[0]));
	human->flags |= REPORT_HUMAN_ONLY;
	machine->flags |= REPORT_MACHINE_ONLY;
	machine->key = "summary";
	build_summary(machine, &ctx->dev, sec, n);
	/* The human summary is the same rows without the identity columns. */
	for (size_t r = 0; r < machine->nrows; r++) {
		size_t h = report_add_row(human);
		for (size_t c = 0; c < human->ncols; c++) {
			const struct report_cell *cell = report_cell(machine, r, c + SUMMARY_OFF + S_WHAT);
			if (!cell->set)
				continue;
			if (human->cols[c].type == REPORT_DBL)
				report_set_dbl(human, h, c, cell->u.d);
			else
				report_set_str(human, h, c, cell->u.s);
		}
	}
	report_note(human, "Detail tables follow; 'gpuperf COMMAND' runs one probe in full.");

	if (ctx->format == REPORT_CSV) {
		/* One long stream: every record of every probe, the summary first. */
		struct report_table *lt = report_add_table(&ctx->report, "all", long_cols,
							   sizeof(long_cols) / sizeof(long_cols[0]));
		machine->flags |= REPORT_HUMAN_ONLY;
		report_append_long(lt, "summary", machine);
		for (size_t i = 0; i < n; i++) {
			const struct report_table *t = records(&sec[i].rep);
			if (t)
				report_append_long(lt, sec[i].name, t);
		}
		for (size_t i = 0; i < n; i++)
			report_free(&sec[i].rep);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		struct report_table *t = records(&sec[i].rep);
		if (t)
			t->key = sec[i].name;
		/* JSON keeps the records, the table format the views */
		report_move_tables(&ctx->report, &sec[i].rep,
				   ctx->format == REPORT_JSON ? REPORT_HUMAN_ONLY : REPORT_MACHINE_ONLY);
	}
}

static int cmd_all(struct gp_ctx *ctx, int argc, char **argv)
{
	struct all_section sec[NSTEPS];
	struct opt_iter it;
	size_t n = 0;
	int id, rc = 0;

	cli_options_begin(&it, ctx, &gp_cmd_all, argc, argv);
	while ((id = cli_next_option(&it)) > 0)
		;
	if (id < 0)
		return GP_EXIT_USAGE;
	for (size_t i = 0; i < NSTEPS && !rc; i++) {
		struct report r = { 0 };
		struct all_section *s;
		gp_progress("%s (%zu of %zu)", steps[i].args[0], i + 1, NSTEPS);
		rc = run_step(ctx, &steps[i], &r);
		if (rc)
			break;
		s = section_for(sec, &n, steps[i].section);
		if (s->rep.ntables)
			merge_into(s, &r);
		else
			s->rep = r;
	}
	gp_progress_done();
	if (rc) {
		for (size_t i = 0; i < n; i++)
			report_free(&sec[i].rep);
		return rc;
	}
	all_compose(ctx, sec, n);
	return 0;
}
