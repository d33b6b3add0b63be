/* gpuperf coalesce: what misaligned, strided and structured global accesses cost. */
#include <stddef.h>
#include <stdlib.h>
#include "cli/commands.h"
#include "model/coalesce.h"
#include "probes/coalesce.h"
#include "tables/coalesce.h"
#include "util/error.h"
#include "util/parse.h"

#define WARMUP 3
#define REPS 15

struct args {
	struct u64_list offsets, strides;
	int width;
	int op;               /* enum coal_op */
	unsigned patterns;    /* bit per pattern_groups[] */
	uint64_t size;
	int model;
	struct coal_config *cfgs;  /* built by check; cfgs[0] the reference copy */
	size_t ncfgs;
};

static const char *const widths[] = { "4", "8", "16", NULL };
static const char *const ops[] = { "load", "store", "copy", NULL };  /* enum coal_op order */
static const char *const pattern_groups[] = { "offset", "stride", "aos", "transpose", NULL };
enum { PAT_OFFSET = 1, PAT_STRIDE = 2, PAT_AOS = 4, PAT_TRANSPOSE = 8 };

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "offset", 0, GP_OPT_LIST, "LIST", "offsets in elements of the width", "0-32",
	  0, 1ull << 40, NULL, ARG(offsets) },
	{ "stride", 0, GP_OPT_LIST, "LIST", "strides in elements of the width", "1-32",
	  1, 1ull << 40, NULL, ARG(strides) },
	{ "width", 0, GP_OPT_CHOICE, "4|8|16", "bytes per access", "4",
	  .choices = widths, .offset = ARG(width), .flags = GP_OPT_NUMBER },
	{ "op", 0, GP_OPT_CHOICE, "load|store|copy", "what the offset and stride kernels do",
	  "copy", .choices = ops, .offset = ARG(op) },
	{ "pattern", 0, GP_OPT_CHOICES, "LIST", "offset,stride,aos,transpose or all", "all",
	  .choices = pattern_groups, .offset = ARG(patterns) },
	{ "size", 0, GP_OPT_SIZE, "SIZE", "bytes of each of the two buffers", "1G",
	  4ull << 20, 1ull << 40, NULL, ARG(size) },
	{ "model", 0, GP_OPT_FLAG, NULL, "print the model's predictions only (no GPU needed)",
	  .offset = ARG(model) },
	{ NULL }
};

static int overrun(const struct args *a, const char *opt, uint64_t v)
{
	char sz[32];

	return gp_error(GP_EXIT_USAGE, "%s %llu: overruns a %s buffer (--size) before %d "
			"accesses of %d bytes", opt, (unsigned long long)v,
			format_size(sz, sizeof(sz), a->size), COAL_MIN_ACCESSES, a->width);
}

/*
 * The configurations, in row order, each checked against the buffer size
 * (usage errors, before any GPU is touched).  cfgs[0] is the coalesced
 * copy every bandwidth is compared with; it is not a row.
 */
static int build_configs(struct args *a, struct coal_config *c)
{
	unsigned w = (unsigned)a->width;
	enum coal_op op = (enum coal_op)a->op;
	struct coal_plan plan;
	size_t k = 0;
	char sz[32];

	c[k++] = (struct coal_config){ COAL_OFFSET, COAL_COPY, 0, 1, w, 0 };
	if (coal_plan(&c[0], a->size, &plan))
		goto too_small;
	for (size_t i = 0; (a->patterns & PAT_OFFSET) && i < a->offsets.n; i++) {
		c[k] = (struct coal_config){ COAL_OFFSET, op, a->offsets.v[i], 1, w, 0 };
		if (coal_plan(&c[k++], a->size, &plan))
			return overrun(a, "--offset", a->offsets.v[i]);
	}
	for (size_t i = 0; (a->patterns & PAT_STRIDE) && i < a->strides.n; i++) {
		c[k] = (struct coal_config){ COAL_STRIDE, op, 0, a->strides.v[i], w, 0 };
		if (coal_plan(&c[k++], a->size, &plan))
			return overrun(a, "--stride", a->strides.v[i]);
	}
	if (a->patterns & PAT_AOS)
		for (int p = COAL_AOS_DIRECT; p <= COAL_SOA; p++)
			c[k++] = (struct coal_config){ p, COAL_COPY, 0, 1, w, 0 };
	if (a->patterns & PAT_TRANSPOSE)
		for (int p = COAL_TR_COPY; p <= COAL_TR_MULTI; p++)
			c[k++] = (struct coal_config){ p, COAL_COPY, 0, 1, w, 0 };
	for (size_t i = 1; i < k; i++) {
		if (coal_plan(&c[i], a->size, &plan))
			goto too_small;
		c[i].pitch = plan.pitch;
	}
	a->ncfgs = k;
	return 0;
too_small:
	return gp_error(GP_EXIT_USAGE, "--size %s: too small for %d-byte accesses",
			format_size(sz, sizeof(sz), a->size), a->width);
}

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;

	(void)ctx, (void)given;
	a->cfgs = gp_xcalloc(1 + a->offsets.n + a->strides.n + 3 + 5, sizeof(*a->cfgs));
	return build_configs(a, a->cfgs);
}

/* The charts are of the offset and stride sweeps: one needs two values or more. */
static const char *no_plot(const void *p)
{
	const struct args *a = p;

	if (((a->patterns & PAT_OFFSET) && a->offsets.n > 1) ||
	    ((a->patterns & PAT_STRIDE) && a->strides.n > 1))
		return NULL;
	return "coalesce sweeps no offset or stride here (--pattern offset or stride, "
	       "with two values or more)";
}

static char progress_what[] = "coalesce: configuration";  /* gp_progress_step's */

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	struct args *a = p;
	struct coal_run *run = r;
	struct coal_opts o = {
		.size = a->size, .warmup = WARMUP, .reps = REPS, .counters = ctx->counters,
		.progress = gp_progress_step, .progress_arg = progress_what,
	};
	int rc;

	run->model = a->model;
	run->cfgs = a->cfgs;
	run->n = a->ncfgs;
	run->width = (unsigned)a->width;
	run->reps = REPS;
	run->warmup = WARMUP;
	a->cfgs = NULL;
	if (run->model)
		return 0;
	if ((rc = cli_open_device(ctx)))
		return rc;
	run->res = gp_xcalloc(run->n, sizeof(*run->res));
	rc = coal_probe(&ctx->dev, &o, run->cfgs, run->n, run->res);
	gp_progress_done();
	return rc;
}

static void free_args(void *p)
{
	free(((struct args *)p)->cfgs);
}

const struct gp_cmd gp_cmd_coalesce = {
	.name = "coalesce",
	.flags = CMD_GPU_OPTIONAL | CMD_WATCHED,
	.summary = "global-memory coalescing: offset, stride, AoS and transpose, measured and predicted",
	.synopsis = "[--offset LIST] [--stride LIST] [--width 4|8|16] [--op load|store|copy] "
		    "[--pattern LIST] [--size SIZE] [--model]",
	.no_gpu_hint = "--model prints the model's predictions without a GPU",
	.options = options,
	.columns = coalesce_columns,
	.ncolumns = COALESCE_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct coal_run),
	.watch_offset = offsetof(struct coal_run, watch),
	.check = check,
	.no_plot = no_plot,
	.plots = "coalesce",
	.measure = measure,
	.tabulate = tab_coalesce,
	.summarize = tab_coalesce_summary,
	.free_results = coal_run_free,
	.free_args = free_args,
};
