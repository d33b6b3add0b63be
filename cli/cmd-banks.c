/* gpuperf banks: shared-memory bank conflicts, measured, predicted and fixed. */
#include <stddef.h>
#include <stdlib.h>
#include "cli/commands.h"
#include "model/banks.h"
#include "probes/banks.h"
#include "tables/banks.h"
#include "util/error.h"
#include "util/parse.h"

#define WARMUP 2
#define REPS 10
#define ITERS 2048  /* conflict-free: about 0.4 ms on an H100; others scaled to match */

struct args {
	struct u64_list strides;
	int width;
	int op;              /* enum bank_op */
	unsigned patterns;   /* bit per pattern_groups[] */
	int model;
};

static const char *const widths[] = { "4", "8", "16", NULL };
static const char *const ops[] = { "load", "store", NULL };  /* enum bank_op order */
static const char *const pattern_groups[] = { "stride", "broadcast", "transpose", NULL };
enum { PAT_STRIDE = 1, PAT_BROADCAST = 2, PAT_TRANSPOSE = 4 };

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "stride", 0, GP_OPT_LIST, "LIST", "word strides in elements of the width", "1-33,64",
	  1, 1ull << 32, NULL, ARG(strides) },
	{ "width", 0, GP_OPT_CHOICE, "4|8|16", "bytes per access", "4",
	  .choices = widths, .offset = ARG(width), .flags = GP_OPT_NUMBER },
	{ "op", 0, GP_OPT_CHOICE, "load|store", "shared-memory loads or stores", "load",
	  .choices = ops, .offset = ARG(op) },
	{ "pattern", 0, GP_OPT_CHOICES, "LIST", "stride,broadcast,transpose or all", "all",
	  .choices = pattern_groups, .offset = ARG(patterns) },
	{ "model", 0, GP_OPT_FLAG, NULL, "print the model's predictions only (no GPU needed)",
	  .offset = ARG(model) },
	{ NULL }
};

/* The configurations in row order; cfgs[0] is the conflict-free baseline (stride 1), not a row. */
static struct bank_config *configs(const struct args *a, size_t *n)
{
	struct bank_config *c = gp_xcalloc(1 + a->strides.n + 6, sizeof(*c));
	unsigned w = (unsigned)a->width;
	enum bank_op op = (enum bank_op)a->op;
	size_t k = 0;

	c[k++] = (struct bank_config){ BANK_STRIDE, op, 1, w };
	for (size_t i = 0; (a->patterns & PAT_STRIDE) && i < a->strides.n; i++)
		c[k++] = (struct bank_config){ BANK_STRIDE, op, a->strides.v[i], w };
	if (a->patterns & PAT_BROADCAST)
		for (int pat = BANK_BROADCAST; pat <= BANK_MULTICAST_CONFLICT; pat++)
			c[k++] = (struct bank_config){ pat, op, 0, w };
	if (a->patterns & PAT_TRANSPOSE)
		for (int pat = BANK_TR_UNPADDED; pat <= BANK_TR_SWIZZLED; pat++)
			c[k++] = (struct bank_config){ pat, op, 0, w };
	*n = k;
	return c;
}

/* The charts are of the stride sweep. */
static const char *no_plot(const void *p)
{
	const struct args *a = p;

	if ((a->patterns & PAT_STRIDE) && a->strides.n > 1)
		return NULL;
	return "banks sweeps no stride here (--pattern stride, with two strides or more)";
}

static char progress_what[] = "banks: configuration";  /* gp_progress_step's */

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct bank_run *run = r;
	struct bank_opts o = {
		.warmup = WARMUP, .reps = REPS, .iters = ITERS, .counters = ctx->counters,
		.progress = gp_progress_step, .progress_arg = progress_what,
	};
	int rc;

	run->cfgs = configs(a, &run->n);
	run->reps = REPS;
	run->warmup = WARMUP;
	run->model = a->model;
	if (a->model)
		return 0;  /* the predictions need no GPU: tables/banks.c computes them */
	if ((rc = cli_open_device(ctx)))
		return rc;
	run->res = gp_xcalloc(run->n, sizeof(*run->res));
	rc = bank_probe(&ctx->dev, &o, run->cfgs, run->n, run->res);
	gp_progress_done();
	return rc;
}

const struct gp_cmd gp_cmd_banks = {
	.name = "banks",
	.flags = CMD_GPU_OPTIONAL | CMD_WATCHED,
	.summary = "shared-memory bank conflicts: stride, broadcast, transpose tiles, measured and predicted",
	.synopsis = "[--stride LIST] [--width 4|8|16] [--op load|store] [--pattern LIST] [--model]",
	.no_gpu_hint = "--model prints the model's predictions without a GPU",
	.options = options,
	.columns = banks_columns,
	.ncolumns = BANKS_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct bank_run),
	.watch_offset = offsetof(struct bank_run, watch),
	.no_plot = no_plot,
	.plots = "banks",
	.measure = measure,
	.tabulate = tab_banks,
	.summarize = tab_banks_summary,
	.free_results = bank_run_free,
};
