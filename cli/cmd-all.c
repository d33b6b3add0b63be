/*
 * gpuperf all: every probe with quick settings, then one summary of the
 * headline figures beside their references.  Each step is a command of
 * the table run with a fixed command line, so `all` measures exactly what
 * the single commands measure; the summary is built from the steps'
 * results (tables/all.c).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "tables/all.h"
#include "util/error.h"

struct args {
	const char *html;
};

static const struct gp_option options[] = {
	{ "html", 0, GP_OPT_STRING, "FILE",
	  "also write the whole report as one self-contained HTML page, whole or not at all",
	  .offset = offsetof(struct args, html), .flags = GP_OPT_FILE },
	{ NULL }
};

/* --html: checked now, written by main() with the other outputs (ctx->html_path). */
static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	const struct args *a = p;

	(void)given;
	return cli_check_html(ctx, a->html);
}

static const char *no_plot(const void *args)
{
	(void)args;
	return "all draws its charts into its HTML report: gpuperf all --html FILE";
}

/* The quick pass: each step's command line, command name first (enum all_step order). */
static const char *const steps[ALL_NSTEPS][14] = {
	[ALL_INFO] = { "info" },
	[ALL_BANDWIDTH] = { "bandwidth", "--reps", "10" },
	/*
	 * within 3/4 of the smallest unified L1 (96 KiB) and the smallest L2 (2 MiB
	 * and up); 16M for L2s that hold it: the L2 method's disjoint windows keep
	 * only a set's worth of loads in flight, too few at 2 MiB to fill the L2
	 */
	[ALL_BANDWIDTH_LEVELS] = { "bandwidth", "--kernel", "read", "--size", "64K,2M,16M", "--reps", "10" },
	[ALL_COALESCE] = { "coalesce", "--pattern", "offset,stride", "--offset", "0,1",
			   "--stride", "1,2,32", "--size", "256M" },
	[ALL_BANKS] = { "banks", "--pattern", "stride", "--stride", "1,2,32" },
	[ALL_OCCUPANCY_1] = { "occupancy", "--threads", "256", "--regs", "32" },
	[ALL_OCCUPANCY_2] = { "occupancy", "--threads", "256", "--regs", "64" },
	[ALL_OCCUPANCY_3] = { "occupancy", "--threads", "1024", "--regs", "64" },
	[ALL_PCIE] = { "pcie", "--memory", "pinned", "--size", "256M" },
	/* three sets per level, so that each is a plateau even without counters */
	[ALL_LATENCY] = { "latency", "--level", "l1,l2,dram",
			  "--size", "4K,8K,16K,1M,1536K,2M,256M,384M,512M" },
};

/* Each step's results in their typed place, and back out. */
static void put(struct all_run *run, enum all_step s, void *res)
{
	switch (s) {
	case ALL_INFO: run->info = res; break;
	case ALL_BANDWIDTH: run->bandwidth = res; break;
	case ALL_BANDWIDTH_LEVELS: run->levels = res; break;
	case ALL_COALESCE: run->coalesce = res; break;
	case ALL_BANKS: run->banks = res; break;
	case ALL_OCCUPANCY_1: run->occupancy[0] = res; break;
	case ALL_OCCUPANCY_2: run->occupancy[1] = res; break;
	case ALL_OCCUPANCY_3: run->occupancy[2] = res; break;
	case ALL_PCIE: run->pcie = res; break;
	case ALL_LATENCY: run->latency = res; break;
	case ALL_NSTEPS: break;
	}
}

static void *get(const struct all_run *run, enum all_step s)
{
	switch (s) {
	case ALL_INFO: return run->info;
	case ALL_BANDWIDTH: return run->bandwidth;
	case ALL_BANDWIDTH_LEVELS: return run->levels;
	case ALL_COALESCE: return run->coalesce;
	case ALL_BANKS: return run->banks;
	case ALL_OCCUPANCY_1: return run->occupancy[0];
	case ALL_OCCUPANCY_2: return run->occupancy[1];
	case ALL_OCCUPANCY_3: return run->occupancy[2];
	case ALL_PCIE: return run->pcie;
	case ALL_LATENCY: return run->latency;
	case ALL_NSTEPS: break;
	}
	return NULL;
}

static int measure(struct gp_ctx *ctx, void *args, void *r)
{
	struct all_run *run = r;
	int rc = 0;

	(void)args;
	for (int i = 0; i < ALL_NSTEPS && !rc; i++) {
		char *argv[16];
		void *res;
		int argc = 0;

		while (steps[i][argc] && argc < 15) {
			argv[argc] = (char *)steps[i][argc];
			argc++;
		}
		argv[argc] = NULL;
		gp_progress("%s (%d of %d)", argv[0], i + 1, ALL_NSTEPS);
		rc = cli_measure(ctx, cmd_lookup(argv[0]), argc, argv, &res);
		put(run, (enum all_step)i, res);
	}
	gp_progress_done();
	return rc;
}

static void free_results(void *r)
{
	for (int i = 0; i < ALL_NSTEPS; i++) {
		cli_free_results(cmd_lookup(steps[i][0]), get(r, (enum all_step)i));
		put(r, (enum all_step)i, NULL);
	}
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
	.free_results = free_results,
	.tabulate_devices = tab_all_devices,
};
