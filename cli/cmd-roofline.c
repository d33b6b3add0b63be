/*
 * gpuperf roofline: this GPU's ceilings, DRAM, L2, L1 and shared-memory
 * bandwidth and the throughput of its CUDA cores and tensor cores,
 * measured beside their theoretical, and the roofline they draw; kept in
 * a cache file for gpuperf profile (results/roofline-cache.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "probes/roofline.h"
#include "results/roofline-cache.h"
#include "tables/roofline.h"
#include "util/cache.h"
#include "util/error.h"
#include "util/outfile.h"

struct args {
	unsigned ceilings;
	int reps, warmup, quick, no_cache;
	double rep_ms;
	uint64_t dram_size;
};

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "ceiling", 0, GP_OPT_CHOICES, "LIST",
	  "ceilings: dram,l2,l1,shared,fp64,fp32,fp16,tensor-fp64,tensor-fp16,tensor-bf16,"
	  "tensor-tf32,tensor-int8,tensor-fp8 or all", "all",
	  .choices = roof_ceiling_names, .offset = ARG(ceilings) },
	{ "reps", 0, GP_OPT_INT, "N|auto",
	  "timed repetitions per ceiling, or auto: until the median is known to 0.5 % "
	  "(3 with --quick)", "10", 1, 100000, NULL, ARG(reps), GP_OPT_AUTO },
	{ "warmup", 0, GP_OPT_INT, "N", "untimed repetitions before them (1 with --quick)", "2",
	  0, 1000, NULL, ARG(warmup) },
	{ "rep-ms", 0, GP_OPT_DOUBLE, "MS",
	  "milliseconds a compute repetition is sized to (2 with --quick)", "10",
	  1, 10000, NULL, ARG(rep_ms) },
	{ "dram-size", 0, GP_OPT_SIZE, "SIZE",
	  "bytes the DRAM read streams, at least 8 x L2 (default 1GiB or what fits, 256MiB with --quick)",
	  NULL, 1u << 20, 1ull << 50, NULL, ARG(dram_size) },
	{ "quick", 0, GP_OPT_FLAG, NULL,
	  "fewer, shorter repetitions and no counters: the ceilings other commands take", 0,
	  .offset = ARG(quick) },
	{ "no-cache", 0, GP_OPT_FLAG, NULL,
	  "leave the ceilings gpuperf profile reads as they are: write no cache file", 0,
	  .offset = ARG(no_cache) },
	{ NULL }
};

/* --quick sets what was not given. */
static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	const struct gp_cmd *cmd = &gp_cmd_roofline;
	struct args *a = p;
	struct roof_request q;

	(void)ctx;
	if (!a->quick)
		return 0;
	roof_request_init(&q, 1);
	if (!cli_given(cmd, given, "reps"))
		a->reps = q.reps;
	if (!cli_given(cmd, given, "warmup"))
		a->warmup = q.warmup;
	if (!cli_given(cmd, given, "rep-ms"))
		a->rep_ms = q.target_ms;
	if (!cli_given(cmd, given, "dram-size"))
		a->dram_size = q.dram_bytes;
	return 0;
}

static const char *no_plot(const void *p)
{
	const struct args *a = p;

	if ((a->ceilings & ROOF_MEMORY_MASK) && (a->ceilings & ROOF_COMPUTE_MASK))
		return NULL;
	return "a roofline needs a memory and a compute ceiling: give --ceiling both kinds";
}

/*
 * Keep what was measured for gpuperf profile: the cache file of this
 * GPU's UUID, with what an earlier run of other ceilings kept (same GPU
 * and driver), written whole or not at all.  A file that cannot be
 * written is a warning: the measurement stands.
 */
static void save_cache(const struct gp_device *dev, const struct roof_results *res)
{
	char *name = roof_cache_name(dev->uuid), *path = NULL, *old_text, err[160];
	const char *nowhere = NULL;
	struct roof_cache c, old;
	struct outfile o;
	size_t len;
	int e;

	roof_cache_from(&c, res, dev, (long long)time(NULL));
	if (!roof_cache_any(&c))
		goto out;
	if (!name || !(path = cache_path(name, &nowhere))) {
		gp_warn("the ceilings are not kept for gpuperf profile: %s",
			name ? nowhere : "the GPU has no UUID to name them by");
		goto out;
	}
	if ((old_text = cache_read(path, &len, &e))) {
		if (!roof_cache_parse(old_text, len, &old, err, sizeof(err)))
			roof_cache_merge(&c, &old);
		free(old_text);
	}
	if ((e = cache_make_dirs(path))) {
		gp_warn("cannot write '%s': %s; the ceilings are not kept for gpuperf profile", path,
			strerror(e));
		goto out;
	}
	if (outfile_open_warn(&o, path))
		goto out;
	roof_cache_write(&c, o.f);
	if (!outfile_commit(&o))
		gp_debug("the ceilings are kept for gpuperf profile in '%s'", path);
out:
	free(path);
	free(name);
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct roof_results *res = r;
	struct roof_request q;
	int rc;

	if ((rc = cli_open_device(ctx)))
		return rc;
	roof_request_init(&q, a->quick);
	q.ceilings = a->ceilings;
	q.reps = a->reps;
	q.warmup = a->warmup;
	q.target_ms = a->rep_ms;
	q.dram_bytes = a->dram_size;
	if (!a->quick)
		q.counters = ctx->counters;
	rc = roof_probe(&ctx->dev, &q, res);
	if (!rc && !a->no_cache)
		save_cache(&ctx->dev, res);
	if (rc && res->failed) {
		char bad[160], others[160];

		roof_ceiling_list(res->failed, bad, sizeof(bad));
		roof_ceiling_list(res->asked & ~res->failed, others, sizeof(others));
		/* nothing partial on stdout: the others come with a --ceiling that leaves these out */
		if (others[0])
			gp_note("%s failed verification, so no ceiling is reported; "
				"--ceiling %s measures the others", bad, others);
	}
	return rc;
}

const struct gp_cmd gp_cmd_roofline = {
	.name = "roofline",
	.flags = CMD_NEEDS_GPU | CMD_WATCHED,
	.summary = "this GPU's ceilings: memory bandwidth and compute throughput vs theoretical",
	.synopsis = "[--ceiling LIST] [--reps N|auto] [--warmup N] [--rep-ms MS] [--dram-size SIZE] "
		    "[--quick] [--no-cache]",
	.options = options,
	.columns = roofline_columns,
	.ncolumns = ROOFLINE_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct roof_results),
	.watch_offset = offsetof(struct roof_results, watch),
	.check = check,
	.no_plot = no_plot,
	.plots = "roofline",
	.measure = measure,
	.tabulate = tab_roofline,
};
