/*
 * gpuperf bandwidth: theoretical vs effective device-memory bandwidth.
 *
 * Every option value is checked before the device is opened; what needs
 * the device (sizes against free memory) is checked right after, before
 * anything is allocated.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "cli/commands.h"
#include "model/bandwidth.h"
#include "probes/bandwidth.h"
#include "tables/bandwidth.h"
#include "util/error.h"
#include "util/parse.h"

struct args {
	unsigned kernels;
	struct u64_list widths, sizes;
	uint64_t reps, warmup;
	int tune, memcpy, cold;
	int block, blocks_per_sm, unroll, layout;
	struct bw_cfg fixed;   /* block, blocks per SM, unroll and layout given */
};

static const char *const widths[] = { "4", "8", "16", NULL };
static const char *const unrolls[] = { "1", "2", "4", "8", "16", NULL };

static int multiple_of_32(const char *opt, const char *text, const void *field)
{
	if (*(const int *)field % 32)
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is not a multiple of 32", opt, text);
	return 0;
}

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "kernel", 'k', GP_OPT_CHOICES, "LIST", "kernels: read,write,copy,scale,add,triad,memcpy or all",
	  "all", .choices = bw_kernel_names, .offset = ARG(kernels) },
	{ "width", 'w', GP_OPT_LIST, "LIST", "bytes per access: 4, 8 or 16, or a list", "16",
	  1, 1024, widths, ARG(widths) },
	/* Beyond 2^50 no GPU can hold it and the byte counts would overflow. */
	{ "size", 's', GP_OPT_SIZE_LIST, "SIZE|RANGE",
	  "bytes per array, or a sweep such as 16K-2G:x2 (default 1GiB)", NULL,
	  1, 1ull << 50, NULL, ARG(sizes) },
	{ "reps", 0, GP_OPT_U64, "N", "timed repetitions per measurement", "30",
	  1, 100000, NULL, ARG(reps) },
	{ "warmup", 0, GP_OPT_U64, "N", "untimed launches before each measurement", "3",
	  0, 100000, NULL, ARG(warmup) },
	{ "tune", 0, GP_OPT_FLAG, NULL, "search grid, block and unroll per kernel and use the fastest",
	  .offset = ARG(tune) },
	{ "memcpy", 0, GP_OPT_FLAG, NULL, "add cudaMemcpyAsync device-to-device to the kernels chosen",
	  .offset = ARG(memcpy) },
	{ "cold", 0, GP_OPT_FLAG, NULL, "flush L2 before every repetition and sweep the arrays once",
	  .offset = ARG(cold) },
	{ "block", 0, GP_OPT_INT, "N",
	  "threads per block, a multiple of 32 (default per kernel, see the manual)", NULL,
	  32, 1024, NULL, ARG(block), .check = multiple_of_32 },
	{ "blocks-per-sm", 0, GP_OPT_INT, "N", "grid = N x SMs (default per kernel: 1 or 2)", NULL,
	  1, 64, NULL, ARG(blocks_per_sm) },
	{ "unroll", 0, GP_OPT_INT, "N",
	  "accesses per input per thread per iteration: 1, 2, 4, 8, 16 (default per kernel)", NULL,
	  1, 16, unrolls, ARG(unroll) },
	/* bw_layout_names[0] is the unset layout's "" */
	{ "layout", 0, GP_OPT_CHOICE, "grid|tile|flat",
	  "resident grid with accesses a grid apart or a tile per block, or one block per tile "
	  "(default flat for DRAM sizes)", NULL, .choices = bw_layout_names + 1, .offset = ARG(layout) },
	{ NULL }
};

/* Sizes must hold a whole number of the widest access: refuse smaller, round down others. */
static int check_sizes(struct u64_list *sizes)
{
	int rounded = 0;

	for (size_t i = 0; i < sizes->n; i++) {
		uint64_t s = sizes->v[i];

		if (s < 16) {
			char sz[32];
			return gp_error(GP_EXIT_USAGE,
					"--size: %s is smaller than one 16-byte access",
					format_size(sz, sizeof(sz), s));
		}
		rounded |= (s % 16) != 0;
		sizes->v[i] = s - s % 16;
	}
	if (rounded)
		gp_note("--size: sizes rounded down to a multiple of 16 bytes");
	return 0;
}

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	const struct gp_cmd *cmd = &gp_cmd_bandwidth;
	struct args *a = p;

	(void)ctx;
	a->fixed.block = a->block;
	a->fixed.blocks_per_sm = a->blocks_per_sm;
	a->fixed.unroll = a->unroll;
	if (cli_given(cmd, given, "layout"))
		a->fixed.layout = BW_LAYOUT_GRID + a->layout;
	if (a->fixed.layout == BW_LAYOUT_FLAT && a->fixed.blocks_per_sm)
		return gp_error(GP_EXIT_USAGE, "--blocks-per-sm: a flat launch has one block per "
				"tile, not a resident grid; use --layout grid or tile");
	if (a->memcpy)
		a->kernels |= 1u << BW_MEMCPY;
	return check_sizes(&a->sizes);
}

/* Sizes against the device's free memory: the default, or a usage error naming the limit. */
static int fit_sizes(const struct gp_device *dev, const struct args *a, struct bw_run *run)
{
	int narrays = bw_narrays(bw_arrays_for(a->kernels));
	uint64_t reserve = BW_RESERVE_BYTES + (a->cold ? 2 * (uint64_t)dev->l2_bytes : 0);
	uint64_t max = bw_max_size(dev->free_mem_bytes, narrays, reserve);
	char s[32], b[32], c[32];
	int scaled;

	format_size(b, sizeof(b), dev->free_mem_bytes);
	format_size(c, sizeof(c), dev->total_mem_bytes);
	if (!a->sizes.n) {
		uint64_t def = bw_default_size(dev->free_mem_bytes, narrays, reserve, &scaled);

		if (def < 16)
			return gp_error(GP_EXIT_FAIL, "not enough free device memory (%s of %s)", b, c);
		if (scaled)
			gp_note("only %s of %s free: using %s per array instead of 1 GiB", b, c,
				format_size(s, sizeof(s), def));
		run->sizes = gp_xcalloc(1, sizeof(*run->sizes));
		run->sizes[0] = def;
		run->req.nsizes = 1;
		return 0;
	}
	for (size_t i = 0; i < a->sizes.n; i++) {
		char want[32];

		if (a->sizes.v[i] > max)
			return gp_error(GP_EXIT_USAGE,
					"--size: %s per array does not fit in device memory: at most %s "
					"per array for %d arrays (%s free of %s)",
					format_size(want, sizeof(want), a->sizes.v[i]),
					format_size(s, sizeof(s), max), narrays, b, c);
	}
	run->sizes = gp_xcalloc(a->sizes.n, sizeof(*run->sizes));
	for (size_t i = 0; i < a->sizes.n; i++)
		run->sizes[i] = a->sizes.v[i];
	run->req.nsizes = a->sizes.n;
	return 0;
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct bw_run *run = r;
	int rc;

	if ((rc = cli_open_device(ctx)) || (rc = fit_sizes(&ctx->dev, a, run)))
		return rc;
	run->widths = gp_xcalloc(a->widths.n, sizeof(*run->widths));
	for (size_t i = 0; i < a->widths.n; i++)
		run->widths[i] = (int)a->widths.v[i];
	run->req.kernels = a->kernels;
	run->req.widths = run->widths;
	run->req.nwidths = a->widths.n;
	run->req.sizes = run->sizes;
	run->req.reps = (int)a->reps;
	run->req.warmup = (int)a->warmup;
	run->req.cold = a->cold;
	run->req.tune = a->tune;
	run->req.fixed = a->fixed;
	run->req.counters = ctx->counters;
	return bw_probe(&ctx->dev, &run->req, &run->out);
}

static const char *no_plot(const void *p)
{
	const struct args *a = p;

	return a->sizes.n > 1 ? NULL
			      : "bandwidth measures one size here: give --size a range such as 16K-2G:x2";
}

const struct gp_cmd gp_cmd_bandwidth = {
	.name = "bandwidth",
	.flags = CMD_NEEDS_GPU | CMD_WATCHED,
	.summary = "device-memory bandwidth: read, write, copy, scale, add, triad vs theoretical",
	.synopsis = "[--kernel LIST] [--width LIST] [--size SIZE|RANGE] [--reps N] [--warmup N] "
		    "[--tune] [--memcpy] [--cold] [--block N] [--blocks-per-sm N] [--unroll N] "
		    "[--layout grid|tile|flat]",
	.options = options,
	.columns = bw_columns,
	.ncolumns = BW_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct bw_run),
	.watch_offset = offsetof(struct bw_run, watch),
	.check = check,
	.no_plot = no_plot,
	.plots = "bandwidth --size RANGE",
	.measure = measure,
	.tabulate = tab_bandwidth_run,
	.summarize = tab_bandwidth_summary,
	.free_results = bw_run_free,
};
