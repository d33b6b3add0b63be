/*
 * gpuperf bandwidth: theoretical vs effective device-memory bandwidth.
 *
 * Every option value is checked before the device is opened; what needs
 * the device (sizes against free memory) is checked right after, before
 * anything is allocated.
 */
#include <stdint.h>
#include <stdlib.h>

#include "cli/bandwidth-table.h"
#include "cli/commands.h"
#include "model/bandwidth.h"
#include "probes/bandwidth.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	OPT_KERNEL = 'k',
	OPT_SIZE = 's',
	OPT_WIDTH = 'w',
	OPT_REPS = 256,
	OPT_WARMUP,
	OPT_TUNE,
	OPT_MEMCPY,
	OPT_COLD,
	OPT_BLOCK,
	OPT_BPS,
	OPT_UNROLL,
	OPT_LAYOUT,
};

static const struct gp_option options[] = {
	{ "kernel", 'k', required_argument, "LIST",
	  "kernels: read,write,copy,scale,add,triad,memcpy or all (default all)", OPT_KERNEL },
	{ "width", 'w', required_argument, "LIST",
	  "bytes per access: 4, 8 or 16, or a list (default 16)", OPT_WIDTH },
	{ "size", 's', required_argument, "SIZE|RANGE",
	  "bytes per array, or a sweep such as 16K-2G:x2 (default 1GiB)", OPT_SIZE },
	{ "reps", 0, required_argument, "N", "timed repetitions per measurement (default 30)",
	  OPT_REPS },
	{ "warmup", 0, required_argument, "N", "untimed launches before each measurement (default 3)",
	  OPT_WARMUP },
	{ "tune", 0, no_argument, NULL,
	  "search grid, block and unroll per kernel and use the fastest", OPT_TUNE },
	{ "memcpy", 0, no_argument, NULL,
	  "add cudaMemcpyAsync device-to-device to the kernels chosen", OPT_MEMCPY },
	{ "cold", 0, no_argument, NULL,
	  "flush L2 before every repetition and sweep the arrays once", OPT_COLD },
	{ "block", 0, required_argument, "N", "threads per block, a multiple of 32 (default per kernel, see the manual)",
	  OPT_BLOCK },
	{ "blocks-per-sm", 0, required_argument, "N",
	  "grid = N x SMs (default per kernel: 1 or 2)", OPT_BPS },
	{ "unroll", 0, required_argument, "N",
	  "accesses per input per thread per iteration: 1, 2, 4, 8, 16 (default per kernel)",
	  OPT_UNROLL },
	{ "layout", 0, required_argument, "grid|tile|flat",
	  "resident grid with accesses a grid apart or a tile per block, or one block per tile "
	  "(default flat for DRAM sizes)",
	  OPT_LAYOUT },
	{ 0 }
};

struct bw_opts {
	unsigned kernels;
	int memcpy;
	struct u64_list widths, sizes;
	int width_max;
	uint64_t reps, warmup;
	int tune, cold;
	struct bw_cfg fixed;
};

static int parse_widths(const char *s, struct bw_opts *o)
{
	int rc = parse_list("--width", s, PARSE_COUNT, 1, 1024, &o->widths);

	if (rc)
		return rc;
	for (size_t i = 0; i < o->widths.n; i++)
		if (!bw_width_valid((int)o->widths.v[i]))
			return gp_error(GP_EXIT_USAGE, "--width: '%llu' is not 4, 8 or 16",
					(unsigned long long)o->widths.v[i]);
	return 0;
}

static int parse_one(struct bw_opts *o, int id, const char *arg)
{
	uint64_t v;
	int rc;

	switch (id) {
	case OPT_KERNEL:
		return parse_choices("--kernel", arg, bw_kernel_names, &o->kernels);
	case OPT_WIDTH:
		u64_list_free(&o->widths);
		return parse_widths(arg, o);
	case OPT_SIZE:
		/* Beyond 2^50 no GPU can hold it and the byte counts would overflow. */
		u64_list_free(&o->sizes);
		return parse_list("--size", arg, PARSE_SIZE, 1, 1ull << 50, &o->sizes);
	case OPT_REPS:
		return parse_uint("--reps", arg, 1, 100000, &o->reps);
	case OPT_WARMUP:
		return parse_uint("--warmup", arg, 0, 100000, &o->warmup);
	case OPT_TUNE:
		o->tune = 1;
		return 0;
	case OPT_MEMCPY:
		o->memcpy = 1;
		return 0;
	case OPT_COLD:
		o->cold = 1;
		return 0;
	case OPT_BLOCK:
		if ((rc = parse_uint("--block", arg, 32, 1024, &v)))
			return rc;
		if (v % 32)
			return gp_error(GP_EXIT_USAGE, "--block: '%s' is not a multiple of 32", arg);
		o->fixed.block = (int)v;
		return 0;
	case OPT_BPS:
		if ((rc = parse_uint("--blocks-per-sm", arg, 1, 64, &v)))
			return rc;
		o->fixed.blocks_per_sm = (int)v;
		return 0;
	case OPT_UNROLL:
		if ((rc = parse_uint("--unroll", arg, 1, 16, &v)))
			return rc;
		if (!bw_unroll_valid((int)v))
			return gp_error(GP_EXIT_USAGE, "--unroll: '%s' is not 1, 2, 4, 8 or 16", arg);
		o->fixed.unroll = (int)v;
		return 0;
	case OPT_LAYOUT: {
		int i;

		/* bw_layout_names[0] is the unset layout's "" */
		if ((rc = parse_choice("--layout", arg, bw_layout_names + 1, &i)))
			return rc;
		o->fixed.layout = BW_LAYOUT_GRID + i;
		return 0;
	}
	}
	return gp_error(GP_EXIT_USAGE, "bandwidth: unhandled option");
}

/* Sizes must hold a whole number of the widest access: refuse smaller, round down others. */
static int check_sizes(struct bw_opts *o)
{
	int rounded = 0;

	for (size_t i = 0; i < o->sizes.n; i++) {
		uint64_t s = o->sizes.v[i];

		if (s < 16)
			return gp_error(GP_EXIT_USAGE,
					"--size: '%llu' is smaller than 16 bytes, one 16-byte access",
					(unsigned long long)s);
		rounded |= (s % 16) != 0;
		o->sizes.v[i] = s - s % 16;
	}
	if (rounded)
		gp_note("--size: sizes rounded down to a multiple of 16 bytes");
	return 0;
}

static int parse_opts(struct gp_ctx *ctx, int argc, char **argv, struct bw_opts *o)
{
	struct opt_iter it;
	int id, rc;

	cli_options_begin(&it, ctx, &gp_cmd_bandwidth, argc, argv);
	while ((id = cli_next_option(&it)) > 0)
		if ((rc = parse_one(o, id, it.arg)))
			return rc;
	if (id < 0)
		return GP_EXIT_USAGE;
	if (o->fixed.layout == BW_LAYOUT_FLAT && o->fixed.blocks_per_sm)
		return gp_error(GP_EXIT_USAGE, "--blocks-per-sm: a flat launch has one block per "
				"tile, not a resident grid; use --layout grid or tile");
	if (!o->kernels)
		o->kernels = BW_ALL_KERNELS;
	if (o->memcpy)
		o->kernels |= 1u << BW_MEMCPY;
	if (!o->widths.n) {
		o->widths.v = gp_xcalloc(1, sizeof(*o->widths.v));
		o->widths.v[0] = 16;
		o->widths.n = 1;
	}
	return check_sizes(o);
}

/* Sizes against the device's free memory: the default, or a usage error naming the limit. */
static int fit_sizes(const struct gp_device *dev, struct bw_opts *o)
{
	int narrays = bw_narrays(bw_arrays_for(o->kernels));
	uint64_t reserve = BW_RESERVE_BYTES + (o->cold ? 2 * (uint64_t)dev->l2_bytes : 0);
	uint64_t max = bw_max_size(dev->free_mem_bytes, narrays, reserve);
	char a[32], b[32], c[32];
	int scaled;

	format_size(b, sizeof(b), dev->free_mem_bytes);
	format_size(c, sizeof(c), dev->total_mem_bytes);
	if (!o->sizes.n) {
		uint64_t def = bw_default_size(dev->free_mem_bytes, narrays, reserve, &scaled);

		if (def < 16)
			return gp_error(GP_EXIT_FAIL, "not enough free device memory (%s of %s)", b, c);
		if (scaled) {
			format_size(a, sizeof(a), def);
			gp_note("only %s of %s free: using %s per array instead of 1 GiB", b, c, a);
		}
		o->sizes.v = gp_xcalloc(1, sizeof(*o->sizes.v));
		o->sizes.v[0] = def;
		o->sizes.n = 1;
		return 0;
	}
	for (size_t i = 0; i < o->sizes.n; i++) {
		if (o->sizes.v[i] <= max)
			continue;
		format_size(a, sizeof(a), max);
		return gp_error(GP_EXIT_USAGE,
				"--size: %llu bytes do not fit in device memory: at most %s per "
				"array for %d arrays (%s free of %s)",
				(unsigned long long)o->sizes.v[i], a, narrays, b, c);
	}
	return 0;
}

static int cmd_bandwidth(struct gp_ctx *ctx, int argc, char **argv)
{
	struct bw_opts o = { .reps = 30, .warmup = 3 };
	struct bw_outcome out = { 0 };
	struct bw_request req;
	int *widths = NULL;
	int rc;

	if ((rc = parse_opts(ctx, argc, argv, &o)) || (rc = cli_open_device(ctx)) ||
	    (rc = fit_sizes(&ctx->dev, &o)))
		goto done;
	widths = gp_xcalloc(o.widths.n, sizeof(*widths));
	for (size_t i = 0; i < o.widths.n; i++)
		widths[i] = (int)o.widths.v[i];
	req = (struct bw_request){
		.kernels = o.kernels,
		.widths = widths, .nwidths = o.widths.n,
		.sizes = o.sizes.v, .nsizes = o.sizes.n,
		.reps = (int)o.reps, .warmup = (int)o.warmup,
		.cold = o.cold, .tune = o.tune, .fixed = o.fixed,
	};
	if (!(rc = bw_probe(&ctx->dev, &req, &out)))
		bw_tables(&ctx->report, &ctx->dev, &req, &out);
done:
	bw_outcome_free(&out);
	free(widths);
	u64_list_free(&o.widths);
	u64_list_free(&o.sizes);
	return rc;
}

const struct gp_cmd gp_cmd_bandwidth = {
	.name = "bandwidth",
	.run = cmd_bandwidth,
	.flags = CMD_NEEDS_GPU,
	.summary = "device-memory bandwidth: read, write, copy, scale, add, triad vs theoretical",
	.synopsis = "[--kernel LIST] [--width LIST] [--size SIZE|RANGE] [--reps N] [--warmup N] "
		    "[--tune] [--memcpy] [--cold] [--block N] [--blocks-per-sm N] [--unroll N] "
		    "[--layout grid|tile|flat]",
	.options = options,
	.columns = bw_columns,
	.ncolumns = BW_NCOLUMNS,
};
