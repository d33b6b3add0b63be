/*
 * gpuperf latency: the memory hierarchy level by level, from one warp's
 * dependent loads.  Options are checked before the device is opened; the
 * default sweep and the sizes that fit need the device, right after it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "cli/commands.h"
#include "model/chase.h"
#include "model/levels.h"
#include "probes/latency.h"
#include "tables/latency.h"
#include "util/error.h"
#include "util/parse.h"

/* Device memory kept aside besides the chain: its order, the L2 flush, the context. */
#define RESERVE_BYTES (96ull << 20)

struct args {
	struct u64_list sizes;
	uint64_t stride;
	int pattern;            /* enum chase_pattern */
	unsigned levels;        /* bit per level_names[] */
};

static const char *const level_names[] = {
	"l1", "l2", "dram", "tlb", "shared", "host", "memcpy", NULL,
};
/* The first four are the global sweep's (LV_WANT_* in this order), the rest LAT_WANT_* << 4. */
#define SWEEP_LEVELS 0xfu

static int multiple_of_8(const char *opt, const char *text, const void *field)
{
	if (*(const uint64_t *)field % 8)
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is not a multiple of 8 bytes (one pointer)",
				opt, text);
	return 0;
}

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "size", 's', GP_OPT_SIZE_LIST, "SIZE|RANGE",
	  "bytes of the chased set, or a sweep such as 4K-64M:x2 (default 1K-4G:x2, more around "
	  "the L2)", NULL,
	  8, 1ull << 50, NULL, ARG(sizes) },
	{ "stride-bytes", 0, GP_OPT_SIZE, "BYTES", "bytes between the chain's elements, a multiple of 8",
	  "64", 8, 1ull << 30, NULL, ARG(stride), .check = multiple_of_8, .was = "stride" },
	{ "pattern", 0, GP_OPT_CHOICE, "random|stride",
	  "the chain's order: shuffled, or in address order", "random",
	  .choices = chase_pattern_names, .offset = ARG(pattern) },
	{ "level", 0, GP_OPT_CHOICES, "LIST", "l1,l2,dram,tlb,shared,host,memcpy or all", "all",
	  .choices = level_names, .offset = ARG(levels) },
	{ NULL }
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sizes ascending without repeats: the staircase is read in size order. */
static void sort_sizes(struct u64_list *l)
{
	size_t k = 0;

	qsort(l->v, l->n, sizeof(*l->v), cmp_u64);
	for (size_t i = 0; i < l->n; i++)
		if (!k || l->v[i] != l->v[k - 1])
			l->v[k++] = l->v[i];
	l->n = k;
}

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;

	(void)ctx;
	(void)given;
	if (!a->sizes.n)
		return 0;
	if (!(a->levels & SWEEP_LEVELS))
		return gp_error(GP_EXIT_USAGE, "--size: the sizes are for the global-memory levels, "
				"and --level names none of l1, l2, dram, tlb");
	sort_sizes(&a->sizes);
	if (a->sizes.v[0] < a->stride)
		return gp_error(GP_EXIT_USAGE, "--size: %llu bytes hold no element %llu bytes "
				"apart (--stride-bytes)", (unsigned long long)a->sizes.v[0],
				(unsigned long long)a->stride);
	return 0;
}

/* The largest set that fits beside what the probe keeps aside. */
static uint64_t max_fit(const struct gp_device *dev)
{
	uint64_t budget = dev->free_mem_bytes - dev->free_mem_bytes / 10;
	uint64_t reserve = RESERVE_BYTES + 2 * (uint64_t)dev->l2_bytes;

	return budget > reserve ? budget - reserve : 0;
}

static int pick_sizes(const struct gp_device *dev, const struct args *a, struct lat_run *run)
{
	const struct sm_arch *arch = arch_lookup_cc(dev->cc_major, dev->cc_minor);
	struct lv_caches c = { arch ? (uint64_t)arch->l1_smem_unified_kb << 10 : 128u << 10,
			       (uint64_t)dev->l2_bytes };
	uint64_t max = max_fit(dev);
	char s[32], f[32];

	if (!a->sizes.n) {
		run->sizes = gp_xcalloc(64, sizeof(*run->sizes));
		run->req.nsizes = lv_default_sizes(&c, a->levels & SWEEP_LEVELS, max, run->sizes, 64);
		return 0;
	}
	for (size_t i = 0; i < a->sizes.n; i++)
		if (a->sizes.v[i] > max)
			return gp_error(GP_EXIT_USAGE, "--size: %llu bytes do not fit in device memory: "
					"at most %s (%s free)", (unsigned long long)a->sizes.v[i],
					format_size(s, sizeof(s), max),
					format_size(f, sizeof(f), dev->free_mem_bytes));
	run->sizes = gp_xcalloc(a->sizes.n, sizeof(*run->sizes));
	for (size_t i = 0; i < a->sizes.n; i++)
		run->sizes[i] = a->sizes.v[i];
	run->req.nsizes = a->sizes.n;
	return 0;
}

static void progress(const char *what, size_t done, size_t total)
{
	if (total > 1)
		gp_progress("latency: %s, size %zu of %zu", what, done + 1, total);
	else
		gp_progress("latency: %s", what);
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct lat_run *run = r;
	int rc;

	if ((rc = cli_open_device(ctx)) || (rc = pick_sizes(&ctx->dev, a, run)))
		return rc;
	run->req.sizes = run->sizes;
	run->req.stride = a->stride;
	run->req.pattern = (enum chase_pattern)a->pattern;
	run->req.extras = a->levels >> 4;
	run->req.counters = ctx->counters;
	run->req.progress = progress;
	rc = lat_probe(&ctx->dev, run);
	gp_progress_done();
	return rc;
}

static const char *no_plot(const void *p)
{
	const struct args *a = p;

	if ((a->levels & SWEEP_LEVELS) && a->sizes.n != 1)
		return NULL;
	return "latency draws the global-memory sweep: give --level one of l1, l2, dram, tlb, "
	       "and --size a range such as 1K-1G:x2";
}

const struct gp_cmd gp_cmd_latency = {
	.name = "latency",
	.flags = CMD_NEEDS_GPU | CMD_WATCHED,
	.summary = "pointer-chase latency per level: L1, L2, DRAM, TLB, shared, host memory, cudaMemcpy",
	.synopsis = "[--size SIZE|RANGE] [--stride-bytes BYTES] [--pattern random|stride] [--level LIST]",
	.options = options,
	.columns = lat_columns,
	.ncolumns = LAT_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct lat_run),
	.check = check,
	.no_plot = no_plot,
	.plots = "latency",
	.measure = measure,
	.tabulate = tab_latency,
	.summarize = tab_latency_summary,
	.free_results = lat_run_free,
	.watch_offset = offsetof(struct lat_run, watch),
};
