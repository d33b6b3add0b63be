/*
 * gpuperf fleet FILE...: the `gpuperf --json check` records of many nodes
 * (one document after another, a file or -) judged against each other:
 * each GPU against its SKU's median (judge/fleet.h); the verdicts
 * tabulated by tables/fleet.c.  No GPU.
 */
#include <stddef.h>
#include <string.h>
#include "cli/commands.h"
#include "judge/fleet.h"
#include "tables/fleet.h"
#include "util/error.h"

struct args {
	double threshold;
	char **files;
	int nfiles;
};

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "threshold", 0, GP_OPT_DOUBLE, "PCT",
	  "a GPU more than PCT percent below its SKU's median on any figure is slow",
	  "5", 0, 100, NULL, ARG(threshold) },
	{ NULL }
};

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;
	int stdin_seen = 0;

	(void)ctx;
	if (given->nrest < 1)
		return gp_error(GP_EXIT_USAGE, "fleet reads check's records: gpuperf fleet [options] "
				"FILE... (none given; - for standard input)");
	for (int i = 0; i < given->nrest; i++)
		if (!strcmp(given->rest[i], "-") && stdin_seen++)
			return gp_error(GP_EXIT_USAGE, "standard input (-) can be given once");
	a->files = given->rest;
	a->nfiles = given->nrest;
	return 0;
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct fleet_run *run = r;
	int rc;

	for (int i = 0; i < a->nfiles; i++)
		if ((rc = fleet_read(&run->fleet, a->files[i])))
			return rc;
	run->nfiles = (size_t)a->nfiles;
	if ((rc = fleet_judge(&run->fleet, a->threshold)))
		return rc;
	if (fleet_failed(&run->fleet))
		ctx->exit_status = GP_EXIT_FAIL;
	return 0;
}

const struct gp_cmd gp_cmd_fleet = {
	.name = "fleet",
	.flags = CMD_TAKES_OPERANDS,
	.summary = "check's records of many nodes: the GPUs slow against their SKU's median",
	.synopsis = "[--threshold PCT] FILE...",
	.options = options,
	.columns = fleet_columns,
	.ncolumns = FLEET_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct fleet_run),
	.check = check,
	.measure = measure,
	.tabulate = tab_fleet,
	.free_results = fleet_run_free,
};
