/*
 * gpuperf check: does each GPU of this node measure up?  A short run of
 * the probes other commands run (their own steps, as `all` runs them):
 * DRAM copy and read, an L2 read, pinned PCIe each way and the link it
 * ran on, the slowest peer copy; NVML's ECC, rows, clocks and processes.
 * Each figure is judged against its SKU's floor (data/floors.csv, or
 * --expect FILE), the node's other GPUs and --baseline FILE
 * (results/check.h, judge/check.h, judge/baseline.h, tables/check.h);
 * the exit status says the verdict.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/commands.h"
#include "cli/global.h"
#include "gpu/nvml.h"
#include "judge/baseline.h"
#include "judge/check.h"
#include "judge/compare.h"
#include "judge/read.h"
#include "results/all.h"
#include "results/p2p.h"
#include "results/pcie.h"
#include "tables/all.h"
#include "tables/bandwidth.h"
#include "tables/check.h"
#include "util/cache.h"
#include "util/compat.h"
#include "util/error.h"

#ifndef GP_DATADIR
#define GP_DATADIR "/usr/local/share/gpuperf"
#endif
#define FLOORS_NAME "floors.csv"

struct args {
	const char *expect, *baseline;
	int strict;
	struct check_floors floors;   /* read by check */
	char floors_from[PATH_MAX];
	struct diff_input base;       /* --baseline, read by check */
	int have_base;
};

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "expect", 0, GP_OPT_STRING, "FILE",
	  "floors to hold the GPUs to, in the shipped floors.csv's format, instead of it",
	  .offset = ARG(expect), .flags = GP_OPT_FILE },
	{ "baseline", 0, GP_OPT_STRING, "FILE",
	  "an earlier check --csv or --json of this node: a figure worse than it fails",
	  .offset = ARG(baseline), .flags = GP_OPT_FILE },
	{ "strict", 0, GP_OPT_FLAG, NULL, "a warning fails too (exit 1)", .offset = ARG(strict) },
	{ NULL }
};

/*
 * The shipped floors: beside the binary (the source tree), one folder up (a
 * build folder in it: build-asan/), ../share/gpuperf, then GP_DATADIR.
 */
static int find_floors(char *out, size_t n)
{
	static const char *const dirs[] = { "data", "../data", "../share/gpuperf" };

	if (!cli_find_beside(dirs, ARRAY_SIZE(dirs), FLOORS_NAME, out, n))
		return 0;
	snprintf(out, n, "%s/%s", GP_DATADIR, FLOORS_NAME);
	return access(out, R_OK);
}

static int read_floors(struct args *a)
{
	char err[768], *text;
	size_t len;
	int e;

	if (a->expect)
		snprintf(a->floors_from, sizeof(a->floors_from), "%s", a->expect);
	else if (find_floors(a->floors_from, sizeof(a->floors_from))) {
		gp_warn("no floors file found (looked beside gpuperf in data/, ../data/ and "
			"../share/gpuperf/, and in %s): no figure has a floor", GP_DATADIR);
		snprintf(a->floors_from, sizeof(a->floors_from), "no floors file");
		return 0;
	}
	if (!(text = cache_read(a->floors_from, &len, &e)))
		return gp_error(a->expect ? GP_EXIT_USAGE : GP_EXIT_FAIL, "%s%s: %s",
				a->expect ? "--expect: " : "floors: ", a->floors_from, strerror(e));
	e = check_floors_parse(text, a->floors_from, &a->floors, err, sizeof(err));
	free(text);
	if (e)
		return gp_error(a->expect ? GP_EXIT_USAGE : GP_EXIT_FAIL, "%s%s",
				a->expect ? "--expect: " : "floors: ", err);
	return 0;
}

/* --baseline: read now, and refused unless it holds check's table. */
static int read_baseline(struct args *a)
{
	struct report rep = { 0 };
	struct check_run none = { 0 };
	int ok;

	if (!a->baseline)
		return 0;
	if (diff_read(a->baseline, &a->base))
		return GP_EXIT_USAGE;
	a->have_base = 1;
	ok = diff_input_table(&a->base, tab_check_records(&rep, &none)) != NULL;
	report_free(&rep);
	return ok ? 0 : gp_error(GP_EXIT_USAGE, "--baseline: %s is %s's output, not that of "
				 "gpuperf check --csv or --json", a->baseline,
				 a->base.command ? a->base.command : "another command");
}

/* ---- measuring: other commands' steps, one command line each ---- */

/*
 * bandwidth's default size and method for DRAM (what `gpuperf bandwidth`
 * reports), fewer repetitions; the L2 sets of all's levels step; pinned
 * PCIe at all's size.
 */
static const struct cli_step steps[] = {
	{ { "bandwidth", "--kernel", "copy,read", "--reps", "10" } },
	{ { "bandwidth", "--kernel", "read", "--size", "2M,16M", "--reps", "10" },
	  tab_bandwidth_levels_summary },
	{ { "pcie", "--memory", "pinned", "--direction", "h2d,d2h", "--size", "256M" } },
};

/* Each figure measured by the steps: a headline of a command's contract (results/NAME.h). */
static const struct {
	const char *command, *headline;
} headline_of[CHECK_P2P_MIN] = {
	[CHECK_DRAM_COPY] = { "bandwidth", "dram_copy_gbs" },
	[CHECK_DRAM_READ] = { "bandwidth", "dram_read_gbs" },
	[CHECK_L2_READ] = { "bandwidth", "l2_read_gbs" },
	[CHECK_H2D] = { "pcie", "pcie_pinned_h2d_gbs" },
	[CHECK_D2H] = { "pcie", "pcie_pinned_d2h_gbs" },
};

/* p2p's options after --pair LIST: short copies, the slowest peer is what counts */
#define P2P_STEP "--size", "64M", "--reps", "5", "--warmup", "1"

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;
	const char *const pair[] = { "p2p", "--pair", "0:1", P2P_STEP, NULL };
	int rc = 0;

	(void)given;
	for (size_t i = 0; i < ARRAY_SIZE(steps) && !rc; i++)
		rc = cli_parse_line(ctx, steps[i].argv);
	for (size_t f = 0; f < ARRAY_SIZE(headline_of) && !rc; f++)
		if (!result_headline_of(headline_of[f].command, headline_of[f].headline))
			rc = gp_error(GP_EXIT_FAIL, "BUG: %s is no headline of %s",
				      headline_of[f].headline, headline_of[f].command);
	if (rc || (rc = cli_parse_line(ctx, pair)) || (rc = read_floors(a)))
		return rc;
	return read_baseline(a);
}

/* The figures of a device's steps, through all's summary (tables/all.h). */
static void figures_of(const struct gp_device *d, const struct all_run *run, struct check_gpu *g)
{
	struct all_headline h[ALL_MAX_HEADLINES];
	size_t n = all_headlines(d, run, h, ALL_MAX_HEADLINES);
	const struct pcie_run *pc = all_results_of(run, "pcie");

	for (size_t f = 0; f < CHECK_P2P_MIN; f++)
		for (size_t i = 0; i < n; i++)
			if (h[i].command && !strcmp(h[i].command, headline_of[f].command) &&
			    !strcmp(h[i].metric, headline_of[f].headline))
				g->fig[f] = h[i].value;
	if (pc) {
		g->pcie_gen = pc->res.env.busy.cur_gen ? pc->res.env.busy.cur_gen : d->link.cur_gen;
		g->pcie_width = pc->res.env.busy.cur_width ? pc->res.env.busy.cur_width :
				d->link.cur_width;
	}
}

static void health_of(struct check_gpu *g)
{
	struct nvml_gpu ng;
	struct nvml_health h;
	const char *why;

	g->ecc_uncorrected = g->retired_rows = -1;
	g->row_failure = -1;
	if (nvml_gpu_open(g->dev.pci_bus_id, &ng, &why)) {
		gp_debug("check: NVML: %s", why);
		return;
	}
	nvml_read_health(&ng, &h);
	snprintf(g->serial, sizeof(g->serial), "%s", h.serial);
	snprintf(g->driver, sizeof(g->driver), "%s", h.driver);
	g->ecc_uncorrected = h.ecc_uncorrected;
	g->retired_rows = h.retired_rows;
	g->row_failure = h.row_failure;
}

static int measure_gpu(struct gp_ctx *ctx, int index, struct check_gpu *g)
{
	struct all_run run = { 0 };
	char shown[64];
	int rc;

	for (size_t i = 0; i < CHECK_NFIGURES; i++)
		g->fig[i] = NAN;
	snprintf(shown, sizeof(shown), "check: device %d: ", index);
	rc = cli_measure_steps(ctx, index, steps, ARRAY_SIZE(steps), shown, &run);
	for (size_t i = 0; i < run.nsteps && !rc; i++) {
		const struct gp_cmd *cmd = cli_find_command(ctx, run.steps[i].command);

		trust_merge(&g->watch, (const struct trust_summary *)((char *)run.steps[i].results +
							       cmd->watch_offset));
	}
	if (!rc) {
		g->dev = ctx->dev;
		figures_of(&g->dev, &run, g);
		health_of(g);
	}
	all_run_free(&run);
	return rc;
}

/* The slowest copy from GPU i to each other GPU of the run (copy engines, pushed). */
static int measure_peers(struct gp_ctx *ctx, struct check_run *run, size_t i)
{
	char pairs[1024] = "";
	const char *argv[] = { "p2p", "--pair", pairs, P2P_STEP, NULL };
	struct p2p_run *res;
	size_t len = 0;
	int rc;

	for (size_t j = 0; j < run->ngpus && len + 16 < sizeof(pairs); j++)
		if (j != i)
			len += (size_t)snprintf(pairs + len, sizeof(pairs) - len, "%s%d:%d",
						len ? "," : "", run->gpus[i].dev.index,
						run->gpus[j].dev.index);
	gp_progress("check: device %d: p2p", run->gpus[i].dev.index);
	if ((rc = cli_measure_line(ctx, argv, (void **)&res)))
		return rc;
	for (size_t k = 0; k < res->npairs; k++) {
		double gbs = p2p_gbs(&res->pairs[k], P2P_CE_WRITE);
		double *m = &run->gpus[i].fig[CHECK_P2P_MIN];

		if (isfinite(gbs) && (isnan(*m) || gbs < *m))
			*m = gbs;
	}
	cli_free_results(cli_find_command(ctx, "p2p"), res);
	return 0;
}

/* -d LIST, -d N, or every GPU (the default, as -d all). */
static int device_list(const struct gp_ctx *ctx, int count, int **out, size_t *n)
{
	cli_spanned_devices(ctx, count, out, n);
	for (size_t i = 0; i < *n; i++)
		if ((*out)[i] >= count)
			return dev_no_such((*out)[i], count);
	return 0;
}

/*
 * No GPU or driver, or one that refuses (a MIG slice): the usual message
 * on stderr, and a record that says so (exit 3 after the output).
 */
static int no_gpu(struct gp_ctx *ctx, struct check_run *run, int rc)
{
	const char *why;

	if (rc != GP_EXIT_NODEV)
		return rc;
	why = dev_unusable();
	snprintf(run->no_gpu, sizeof(run->no_gpu), "%s", why ? why :
		 "a GPU could not be used (gpuperf's message on stderr says why)");
	run->ngpus = 0;
	ctx->exit_status = GP_EXIT_NODEV;
	return 0;
}

static int measure_all(struct gp_ctx *ctx, struct check_run *run, const int *list, size_t n)
{
	int rc = 0;

	run->gpus = gp_xcalloc(n, sizeof(*run->gpus));
	for (size_t i = 0; i < n && !rc; i++) {
		rc = measure_gpu(ctx, list[i], &run->gpus[i]);
		run->ngpus += !rc;
	}
	for (size_t i = 0; i < run->ngpus && run->ngpus > 1 && !rc; i++)
		rc = measure_peers(ctx, run, i);
	gp_progress_done();
	ctx->have_dev = 0;  /* the run holds each device */
	return rc;
}

/* --baseline: the run's checks table, as its CSV holds it, against the earlier run's. */
static void judge_baseline(struct check_run *run, const struct diff_input *base)
{
	struct report rep = { 0 };

	check_judge_against(run, base, tab_check_records(&rep, run));
	report_free(&rep);
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	struct args *a = p;
	struct check_run *run = r;
	int count, rc, *list = NULL;
	size_t n = 0;

	if (gethostname(run->hostname, sizeof(run->hostname) - 1))
		run->hostname[0] = '\0';
	run->strict = a->strict;
	snprintf(run->floors_from, sizeof(run->floors_from), "%s", a->floors_from);
	if (a->baseline)
		snprintf(run->baseline_from, sizeof(run->baseline_from), "%s", a->baseline);
	if ((rc = dev_count(&count)))
		return no_gpu(ctx, run, rc);
	if (!(rc = device_list(ctx, count, &list, &n)))
		rc = measure_all(ctx, run, list, n);
	free(list);
	if (rc)
		return no_gpu(ctx, run, rc);
	check_judge(run, &a->floors);
	if (a->have_base)
		judge_baseline(run, &a->base);
	ctx->exit_status = check_run_status(run) == CHECK_FAIL ? GP_EXIT_FAIL : GP_EXIT_OK;
	return 0;
}

static void free_args(void *p)
{
	struct args *a = p;

	check_floors_free(&a->floors);
	if (a->have_base)
		diff_input_free(&a->base);
}

const struct gp_cmd gp_cmd_check = {
	.name = "check",
	.flags = CMD_NEEDS_GPU | CMD_TAKES_DEVICES,
	.summary = "does each GPU of this node measure up: pass, warn or fail per figure",
	.synopsis = "[--expect FILE] [--baseline FILE] [--strict]",
	.no_gpu_hint = NULL,
	.options = options,
	.columns = check_columns,
	.ncolumns = CHECK_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct check_run),
	.check = check,
	.measure = measure,
	.tabulate = tab_check,
	.free_results = check_run_free,
	.free_args = free_args,
};
