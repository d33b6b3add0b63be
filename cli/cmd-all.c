/*
 * gpuperf all: every probe with quick settings, then one summary of the
 * headline figures beside their references.  Each step is a command of
 * the table run with a fixed command line, so `all` measures exactly what
 * the single commands measure; each step's command adds its headline
 * figures to the summary (gp_cmd.summarize, tables/all.h).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "tables/all.h"
#include "tables/bandwidth.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/clock.h"

struct args {
	const char *html;
};

static const struct gp_option options[] = {
	{ "html", 0, GP_OPT_STRING, "FILE",
	  "also write the whole report as one self-contained HTML page, whole or not at all",
	  .offset = offsetof(struct args, html), .flags = GP_OPT_FILE },
	{ NULL }
};

/*
 * The quick pass: each step one command line, command name first, run
 * by the command's own steps (cli_measure_steps, cli/cmd.h).
 */
static const struct cli_step steps[] = {
	{ { "info" }, .summary_last = 1 },
	{ { "bandwidth", "--reps", "10" } },
	/*
	 * within 3/4 of the smallest unified L1 (96 KiB) and the smallest L2 (2 MiB
	 * and up); 16M for L2s that hold it: the L2 method's disjoint windows keep
	 * only a set's worth of loads in flight, too few at 2 MiB to fill the L2;
	 * --shared-lines: the L2 sets again as SMs sharing lines receive them
	 */
	{ { "bandwidth", "--kernel", "read", "--size", "64K,2M,16M", "--shared-lines", "--reps",
	    "10" }, .summarize = tab_bandwidth_levels_summary },
	{ { "coalesce", "--pattern", "offset,stride", "--offset", "0,1", "--stride", "1,2,32",
	    "--size", "256M" } },
	{ { "banks", "--pattern", "stride", "--stride", "1,2,32" } },
	{ { "occupancy", "--threads", "256", "--regs", "32" } },
	{ { "occupancy", "--threads", "256", "--regs", "64" } },
	{ { "occupancy", "--threads", "1024", "--regs", "64" } },
	{ { "pcie", "--memory", "pinned", "--size", "256M" } },
	/* three sets per level, so that each is a plateau even without counters */
	{ { "latency", "--level", "l1,l2,dram", "--size", "4K,8K,16K,1M,1536K,2M,256M,384M,512M" } },
};
_Static_assert(ARRAY_SIZE(steps) <= ALL_MAX_STEPS, "ALL_MAX_STEPS");

/* --html: checked now, written by main() with the other outputs (ctx->html_path). */
static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	const struct args *a = p;
	int rc = 0;

	(void)given;
	for (size_t i = 0; i < ARRAY_SIZE(steps) && !rc; i++)
		rc = cli_parse_line(ctx, steps[i].argv);  /* a bug, caught here without a GPU */
	return rc ? rc : cli_check_html(ctx, a->html);
}

static const char *no_plot(const void *args)
{
	(void)args;
	return "all draws its charts into its HTML report: gpuperf all --html FILE";
}

static int measure(struct gp_ctx *ctx, void *args, void *r)
{
	struct all_run *run = r;
	double start = gp_now_ms();
	int rc;

	(void)args;
	rc = cli_measure_steps(ctx, ctx->device_index, steps, ARRAY_SIZE(steps), "", run);
	gp_progress_done();
	gp_debug("all: %zu steps took %.2f s", run->nsteps, (gp_now_ms() - start) / 1e3);
	return rc;
}

const struct gp_cmd gp_cmd_all = {
	.name = "all",
	.flags = CMD_NEEDS_GPU,
	.summary = "every probe with quick settings, and one summary of the headline figures",
	.synopsis = "[--html FILE]",
	.options = options,
	.columns = all_long_columns,
	.ncolumns = ALL_LONG_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct all_run),
	.check = check,
	.no_plot = no_plot,
	.measure = measure,
	.tabulate = tab_all,
	.free_results = all_run_free,
	.tabulate_devices = tab_all_devices,
};
