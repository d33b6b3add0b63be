/*
 * gpuperf diff BEFORE AFTER: two outputs of one command (CSV or JSON, a
 * file or -) compared figure by figure against the runs' own noise
 * (judge/compare.h); the verdicts tabulated by tables/diff.c.  No GPU.
 */
#include <stddef.h>
#include <string.h>
#include "cli/commands.h"
#include "judge/compare.h"
#include "judge/read.h"
#include "tables/diff.h"
#include "util/error.h"

struct args {
	double threshold;
	int fail_on;              /* index in fail_on_names; -1: never */
	const char *before, *after;
};

static const char *const fail_on_names[] = { "worse", NULL };

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "fail-on", 0, GP_OPT_CHOICE, "worse",
	  "exit 1 when any figure is worse (for CI); by default diff exits 0 whatever it finds",
	  .choices = fail_on_names, .offset = ARG(fail_on) },
	{ "threshold", 0, GP_OPT_DOUBLE, "PCT",
	  "smallest change in percent that counts as better or worse, beyond the runs' noise",
	  "2", 0, 1000, NULL, ARG(threshold) },
	{ NULL }
};

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;

	(void)ctx;
	if (!cli_given(&gp_cmd_diff, given, "fail-on"))
		a->fail_on = -1;
	if (given->nrest != 2)
		return gp_error(GP_EXIT_USAGE, "diff compares two files: gpuperf diff [options] "
				"BEFORE AFTER (%d given)", given->nrest);
	a->before = given->rest[0];
	a->after = given->rest[1];
	if (!strcmp(a->before, "-") && !strcmp(a->after, "-"))
		return gp_error(GP_EXIT_USAGE, "BEFORE and AFTER cannot both be standard input (-)");
	return 0;
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct diff_run *run = r;
	int rc;

	run->opts.threshold_pct = a->threshold;
	if ((rc = diff_read(a->before, &run->before)) || (rc = diff_read(a->after, &run->after)) ||
	    (rc = diff_files(&run->before, &run->after, &run->opts, &run->res)))
		return rc;
	if (a->fail_on == 0 && run->res.count[DIFF_WORSE])
		ctx->exit_status = GP_EXIT_FAIL;
	return 0;
}

static const char *no_plot(const void *args)
{
	(void)args;
	return NULL;
}

const struct gp_cmd gp_cmd_diff = {
	.name = "diff",
	.flags = CMD_TAKES_OPERANDS,
	.summary = "two outputs of one command compared against their noise: same, better, worse",
	.synopsis = "[--fail-on worse] [--threshold PCT] BEFORE AFTER",
	.options = options,
	.columns = diff_columns,
	.ncolumns = DIFF_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct diff_run),
	.check = check,
	.no_plot = no_plot,
	.plots = "diff",
	.measure = measure,
	.tabulate = tab_diff,
	.free_results = diff_run_free,
};
