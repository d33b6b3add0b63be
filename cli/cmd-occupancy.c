/*
 * gpuperf occupancy: the occupancy calculator for any architecture, or
 * the current device; its sweeps; a compiled kernel's resources
 * (cli/occupancy-kernel.c); the check against the runtime
 * (cli/occupancy-check.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/occupancy-cli.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	OPT_ARCH = 256,
	OPT_CC,
	OPT_THREADS,
	OPT_REGS,
	OPT_SMEM,
	OPT_CARVEOUT,
	OPT_BARRIERS,
	OPT_SWEEP,
	OPT_KERNEL,
	OPT_FUNCTION,
	OPT_CHECK_RUNTIME,
};

static const struct gp_option options[] = {
	{ "arch", 0, required_argument, "ARCH",
	  "architecture: sm_XY, X.Y or XY (default: the current device)", OPT_ARCH },
	{ "cc", 0, required_argument, "X.Y", "compute capability (the same as --arch)", OPT_CC },
	{ "threads", 0, required_argument, "N", "threads per block", OPT_THREADS },
	{ "regs", 0, required_argument, "N", "registers per thread", OPT_REGS },
	{ "smem", 0, required_argument, "SIZE",
	  "the kernel's shared memory per block, static + dynamic (default 0)", OPT_SMEM },
	{ "carveout", 0, required_argument, "PCT",
	  "shared-memory carveout in % of the SM, 0-100 (default: the runtime's)", OPT_CARVEOUT },
	{ "barriers", 0, required_argument, "N", "named barriers per block (default 1)", OPT_BARRIERS },
	{ "sweep", 0, required_argument, "WHAT",
	  "occupancy as threads, regs or smem vary (the spreadsheet's graphs)", OPT_SWEEP },
	{ "kernel", 0, required_argument, "FILE",
	  "read kernels' resources from a cubin, fatbin, object or executable", OPT_KERNEL },
	{ "function", 0, required_argument, "NAME", "with --kernel: only this kernel", OPT_FUNCTION },
	{ "check-runtime", 0, no_argument, NULL,
	  "compare with the CUDA runtime on the current device", OPT_CHECK_RUNTIME },
	{ 0 }
};

static int cmd_occupancy(struct gp_ctx *ctx, int argc, char **argv);

static const char *const sweep_names[] = { "threads", "regs", "smem", NULL };

/* The largest of each limit over every architecture: checks before a device is opened. */
#define ANY_MAX_THREADS 1024
#define ANY_MAX_REGS 255
#define MAX_SMEM_ARG (1ULL << 30)
#define MAX_BARRIERS 16

/* ---- machine table ---- */

#define CFG REPORT_COL_CONFIG
#define RESULT_COLS \
	{ "carveout_pct", "carveout (%)", REPORT_INT, 0, CFG }, \
	{ "barriers_per_block", "barriers/block", REPORT_INT, 0, CFG }, \
	{ "regs_per_block_alloc", "regs/block alloc", REPORT_INT, 0 }, \
	{ "smem_per_block_alloc_bytes", "smem/block alloc (B)", REPORT_INT, 0 }, \
	{ "smem_per_sm_config_bytes", "smem/SM config (B)", REPORT_INT, 0 }, \
	{ "active_blocks_per_sm", "blocks/SM", REPORT_INT, 0 }, \
	{ "active_warps_per_sm", "warps/SM", REPORT_INT, 0 }, \
	{ "active_threads_per_sm", "threads/SM", REPORT_INT, 0 }, \
	{ "max_warps_per_sm", "max warps/SM", REPORT_INT, 0 }, \
	{ "occupancy_pct", "occupancy (%)", REPORT_DBL, 1 }, \
	{ "limiter", "limited by", REPORT_STR, 0 }, \
	{ "blocks_limit_warps", "limit: warps", REPORT_INT, 0 }, \
	{ "blocks_limit_blocks", "limit: blocks", REPORT_INT, 0 }, \
	{ "blocks_limit_regs", "limit: regs", REPORT_INT, 0 }, \
	{ "blocks_limit_smem", "limit: smem", REPORT_INT, 0 }, \
	{ "blocks_limit_barriers", "limit: barriers", REPORT_INT, 0 }

/* A calculation's configuration and result: one row, or a sweep's rows. */
#define CONFIG_COLS \
	CLI_IDENTITY_COLS, \
	{ "arch", "arch", REPORT_STR, 0, CFG }, \
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG }, \
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0, CFG }, \
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0, CFG }, \
	RESULT_COLS

static const struct report_col config_cols[] = { CONFIG_COLS };

static const struct report_col sweep_cols[] = {
	CONFIG_COLS,
	{ "current", "current", REPORT_INT, 0 },
};

static const struct report_col kernel_cols[] = {
	CLI_IDENTITY_COLS,
	{ "arch", "arch", REPORT_STR, 0, CFG },
	{ "kernel", "kernel", REPORT_STR, 0, CFG },
	{ "kernel_symbol", "symbol", REPORT_STR, 0, CFG },
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0, CFG },
	{ "smem_static_bytes", "static smem (B)", REPORT_INT, 0, CFG },
	{ "local_bytes_per_thread", "local (B)", REPORT_INT, 0, CFG },
	{ "launch_bound_threads", "launch bound", REPORT_INT, 0, CFG },
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG },
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0, CFG },
	RESULT_COLS,
};

/* Every column any mode writes, for --list-columns and the manual's test. */
static const struct report_col all_cols[] = {
	CLI_IDENTITY_COLS,
	{ "arch", "arch", REPORT_STR, 0, CFG },
	{ "kernel", "kernel", REPORT_STR, 0, CFG },
	{ "kernel_symbol", "symbol", REPORT_STR, 0, CFG },
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG },
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0, CFG },
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0, CFG },
	{ "smem_static_bytes", "static smem (B)", REPORT_INT, 0, CFG },
	{ "local_bytes_per_thread", "local (B)", REPORT_INT, 0, CFG },
	{ "launch_bound_threads", "launch bound", REPORT_INT, 0, CFG },
	RESULT_COLS,
	{ "current", "current", REPORT_INT, 0 },
	{ "check", "check", REPORT_STR, 0, CFG },
	{ "dynamic_smem_bytes", "dynamic smem (B)", REPORT_INT, 0, CFG },
	{ "expected", "expected", REPORT_INT, 0 },
	{ "actual", "runtime", REPORT_INT, 0 },
	{ "match", "match", REPORT_INT, 0 },
};

const struct gp_cmd gp_cmd_occupancy = {
	.name = "occupancy",
	.run = cmd_occupancy,
	.flags = CMD_GPU_OPTIONAL,
	.summary = "occupancy calculator for any architecture, or the current device",
	.synopsis = "[--arch sm_XY | --cc X.Y] --threads N --regs N [--smem SIZE] [--carveout PCT] "
		    "[--barriers N] [--sweep threads|regs|smem] [--kernel FILE [--function NAME]] "
		    "[--check-runtime]",
	.options = options,
	.columns = all_cols,
	.ncolumns = sizeof(all_cols) / sizeof(all_cols[0]),
};

struct report_table *occ_machine_table(struct gp_ctx *ctx, const char *title,
				       enum occ_table_kind kind)
{
	switch (kind) {
	case OCC_TABLE_SWEEP:
		return report_add_table(&ctx->report, title, sweep_cols, ARRAY_SIZE(sweep_cols));
	case OCC_TABLE_KERNEL:
		return report_add_table(&ctx->report, title, kernel_cols, ARRAY_SIZE(kernel_cols));
	case OCC_TABLE_CONFIG:
	default:
		return report_add_table(&ctx->report, title, config_cols, ARRAY_SIZE(config_cols));
	}
}

void occ_set_int(struct report_table *t, size_t row, const char *col, long long v)
{
	int c = report_col_index(t, col);

	if (c >= 0)
		report_set_int(t, row, (size_t)c, v);
}

void occ_set_str(struct report_table *t, size_t row, const char *col, const char *s)
{
	int c = report_col_index(t, col);

	if (c >= 0)
		report_set_str(t, row, (size_t)c, s);
}

static void set_limit(struct report_table *t, size_t row, const char *col, int lim)
{
	if (lim != OCC_NO_LIMIT)
		occ_set_int(t, row, col, lim);  /* empty when the limit does not apply */
}

void occ_set_identity(struct gp_ctx *ctx, const struct occ_opts *o, struct report_table *t,
		      size_t row, const struct sm_arch *a)
{
	char cc[16];

	if (o->from_device && ctx->have_dev) {
		cli_set_identity(t, row, &ctx->dev);
		return;
	}
	snprintf(cc, sizeof(cc), "%d.%d", a->major, a->minor);
	occ_set_str(t, row, "cc", cc);
}

void occ_fill_result(struct report_table *t, size_t row, const struct sm_arch *a,
		     const struct occ_input *in, const struct occ_result *r)
{
	char buf[96];

	occ_set_str(t, row, "arch", a->name);
	occ_set_int(t, row, "threads_per_block", in->threads);
	occ_set_int(t, row, "regs_per_thread", in->regs);
	occ_set_int(t, row, "smem_per_block_bytes", in->smem);
	if (in->carveout != OCC_CARVEOUT_DEFAULT)
		occ_set_int(t, row, "carveout_pct", in->carveout);
	occ_set_int(t, row, "barriers_per_block", in->barriers);
	occ_set_int(t, row, "regs_per_block_alloc", r->regs_per_block);
	occ_set_int(t, row, "smem_per_block_alloc_bytes", r->smem_per_block);
	occ_set_int(t, row, "smem_per_sm_config_bytes", r->smem_per_sm);
	occ_set_int(t, row, "active_blocks_per_sm", r->blocks);
	occ_set_int(t, row, "active_warps_per_sm", r->active_warps);
	occ_set_int(t, row, "active_threads_per_sm", r->active_threads);
	occ_set_int(t, row, "max_warps_per_sm", r->max_warps);
	int c = report_col_index(t, "occupancy_pct");
	if (c >= 0)
		report_set_dbl(t, row, (size_t)c, r->occupancy_pct);
	occ_set_str(t, row, "limiter", occ_limiter_words(r->binding, 1, buf, sizeof(buf)));
	set_limit(t, row, "blocks_limit_warps", r->lim_warps);
	set_limit(t, row, "blocks_limit_blocks", r->lim_blocks);
	set_limit(t, row, "blocks_limit_regs", r->lim_regs);
	set_limit(t, row, "blocks_limit_smem", r->lim_smem);
	set_limit(t, row, "blocks_limit_barriers", r->lim_barriers);
}

/* ---- small formatting helpers ---- */

const char *occ_limiter_words(unsigned mask, int machine, char *buf, size_t n)
{
	occ_limiters_string(mask, buf, n);
	if (machine)
		for (char *p = buf; *p; p++)
			if (*p == ' ')
				*p = '_';
	return buf;
}

const char *occ_bytes(long long b, char *buf, size_t n)
{
	if (b < 0)
		b = 0;
	if (b >= 1024 && b % 1024 && b % 128 == 0)
		snprintf(buf, n, "%.3g KiB (%lld B)", b / 1024.0, b);
	else if (b >= 1024 && b % 1024)
		snprintf(buf, n, "%lld B", b);
	else
		format_size(buf, n, (uint64_t)b);
	return buf;
}

void occ_warn_cannot_launch(const char *what, const struct sm_arch *a, const struct occ_result *r)
{
	gp_warn("%s cannot launch on %s: %s (0 blocks per SM)", what, a->name, occ_why_string(r->why));
}

static const char *pct(double v, char *buf, size_t n)
{
	snprintf(buf, n, "%.1f %%", v);
	return buf;
}

/* ---- the device's architecture ---- */

int occ_device_arch(struct gp_ctx *ctx, struct occ_opts *o)
{
	const struct gp_device *d = &ctx->dev;
	const struct sm_arch *row;
	struct sm_arch *a = &o->dev_arch;
	char known[512];
	int rc;

	if ((rc = cli_open_device(ctx))) {
		if (rc == GP_EXIT_NODEV && !o->check_runtime)
			gp_note("hint: pass --arch sm_XY (or --cc X.Y) to compute without a GPU");
		return rc;
	}
	row = arch_lookup_cc(d->cc_major, d->cc_minor);
	if (!row)
		return gp_error(GP_EXIT_FAIL, "device %d (%s) is compute capability %d.%d, which "
				"gpuperf's table lacks (known: %s); pass --arch for one it knows",
				d->index, d->name, d->cc_major, d->cc_minor,
				arch_known_names(known, sizeof(known)));
	/* the table's rules with the limits the device reports (0 = not reported) */
	*a = *row;
#define LIVE(field, value) do { if ((value) > 0) a->field = (value); } while (0)
	LIVE(warp_size, d->warp_size);
	LIVE(max_threads_per_sm, d->max_threads_per_sm);
	LIVE(max_blocks_per_sm, d->max_blocks_per_sm);
	LIVE(max_threads_per_block, d->max_threads_per_block);
	LIVE(regs_per_sm, d->regs_per_sm);
	LIVE(max_regs_per_block, d->regs_per_block);
	LIVE(smem_per_sm, d->smem_per_sm);
	LIVE(smem_per_block, d->smem_per_block);
	LIVE(smem_per_block_optin, d->smem_per_block_optin);
#undef LIVE
	if (d->reserved_smem_per_block >= 0 && row->major >= 8)
		a->reserved_smem_per_block = d->reserved_smem_per_block;
	if (a->smem_per_block_optin < a->smem_per_block)
		a->smem_per_block_optin = a->smem_per_block;
	a->max_warps_per_sm = a->max_threads_per_sm / a->warp_size;
	o->arch = a;
	o->from_device = 1;
	return 0;
}

/* ---- option parsing ---- */

static int parse_arch(const char *opt, const char *s, struct occ_opts *o)
{
	char known[512];

	o->arch = arch_parse(s);
	if (!o->arch)
		return gp_error(GP_EXIT_USAGE, "%s: unknown architecture '%s' (known: %s)", opt, s,
				arch_known_names(known, sizeof(known)));
	return 0;
}

static int parse_options(struct gp_ctx *ctx, int argc, char **argv, struct occ_opts *o)
{
	const char *arg[OPT_CHECK_RUNTIME + 1] = { 0 };  /* last value of each option */
	struct opt_iter it;
	uint64_t v;
	int id, idx, rc = 0;

	memset(o, 0, sizeof(*o));
	o->regs = -1;
	o->carveout = OCC_CARVEOUT_DEFAULT;
	o->barriers = 1;
	o->sweep = -1;

	/* collect first, then parse: the limits of --threads and --regs depend on --arch */
	cli_options_begin(&it, ctx, &gp_cmd_occupancy, argc, argv);
	while ((id = cli_next_option(&it)) > 0) {
		if (id >= OPT_ARCH && id <= OPT_CHECK_RUNTIME) {
			if ((id == OPT_ARCH || id == OPT_CC) && (arg[OPT_ARCH] || arg[OPT_CC]) && !rc)
				rc = gp_error(GP_EXIT_USAGE, "%s: the architecture is already given "
					      "(--arch and --cc are one option)", id == OPT_CC ? "--cc" : "--arch");
			arg[id] = it.arg ? it.arg : "";
		}
	}
	if (id < 0)
		return GP_EXIT_USAGE;
	if (rc)
		return rc;

	if (arg[OPT_ARCH] && (rc = parse_arch("--arch", arg[OPT_ARCH], o)))
		return rc;
	if (arg[OPT_CC] && (rc = parse_arch("--cc", arg[OPT_CC], o)))
		return rc;
	if (arg[OPT_THREADS]) {
		if ((rc = parse_uint("--threads", arg[OPT_THREADS], 1, ANY_MAX_THREADS, &v)))
			return rc;
		o->threads = (int)v;
	}
	if (arg[OPT_REGS]) {
		if ((rc = parse_uint("--regs", arg[OPT_REGS], 1, ANY_MAX_REGS, &v)))
			return rc;
		o->regs = (int)v;
	}
	if (arg[OPT_SMEM]) {
		if ((rc = parse_size("--smem", arg[OPT_SMEM], 0, MAX_SMEM_ARG, &v)))
			return rc;
		o->smem = (long long)v;
	}
	if (arg[OPT_CARVEOUT]) {
		o->carveout_given = 1;
		if (strcmp(arg[OPT_CARVEOUT], "default")) {
			if ((rc = parse_uint("--carveout", arg[OPT_CARVEOUT], 0, 100, &v)))
				return rc;
			o->carveout = (int)v;
		}
	}
	if (arg[OPT_BARRIERS]) {
		if ((rc = parse_uint("--barriers", arg[OPT_BARRIERS], 0, MAX_BARRIERS, &v)))
			return rc;
		o->barriers = (int)v;
		o->barriers_given = 1;
	}
	if (arg[OPT_SWEEP]) {
		if ((rc = parse_choice("--sweep", arg[OPT_SWEEP], sweep_names, &idx)))
			return rc;
		o->sweep = idx;
	}
	o->kernel = arg[OPT_KERNEL];
	o->function = arg[OPT_FUNCTION];
	o->check_runtime = arg[OPT_CHECK_RUNTIME] != NULL;

	if (o->check_runtime) {
		if (o->arch || o->threads || o->regs >= 0 || o->smem || o->carveout_given ||
		    o->barriers_given || o->sweep >= 0 || o->kernel || o->function)
			return gp_error(GP_EXIT_USAGE, "--check-runtime takes no other occupancy option "
					"(it checks its own probe kernels on the current device)");
		return 0;
	}
	if (o->function && !o->kernel)
		return gp_error(GP_EXIT_USAGE, "--function needs --kernel FILE");
	if (o->kernel) {
		if (o->regs >= 0)
			return gp_error(GP_EXIT_USAGE, "--regs: with --kernel the registers come from the kernel");
		if (o->barriers_given)
			return gp_error(GP_EXIT_USAGE, "--barriers: with --kernel the barriers come from the kernel");
		if (o->sweep >= 0)
			return gp_error(GP_EXIT_USAGE, "--sweep does not combine with --kernel");
	} else {
		if (!o->threads)
			return gp_error(GP_EXIT_USAGE, "--threads N is required (threads per block)");
		if (o->regs < 0)
			return gp_error(GP_EXIT_USAGE, "--regs N is required (registers per thread)");
	}
	return 0;
}

/* Checks that need the architecture: after --arch, or once the device is open. */
static int check_against_arch(const struct occ_opts *o, const struct sm_arch *a)
{
	if (o->threads > a->max_threads_per_block)
		return gp_error(GP_EXIT_USAGE, "--threads: %d is more than %s allows per block (%d)",
				o->threads, a->name, a->max_threads_per_block);
	if (o->regs > a->max_regs_per_thread)
		return gp_error(GP_EXIT_USAGE, "--regs: %d is more than %s allows per thread (%d)",
				o->regs, a->name, a->max_regs_per_thread);
	if (o->carveout_given && o->carveout != OCC_CARVEOUT_DEFAULT && !a->carveout)
		return gp_error(GP_EXIT_USAGE, "--carveout: %s has no shared-memory carveout "
				"(compute capability 7.0 and later)", a->name);
	return 0;
}

/* ---- one configuration ---- */

static void limiter_row(struct report_table *t, unsigned bit, int lim, const struct occ_result *r,
			const char *detail)
{
	size_t row = report_add_row(t);
	char buf[32];

	report_set_str(t, row, 0, occ_limiter_name(bit));
	if (lim == OCC_NO_LIMIT) {
		report_set_str(t, row, 1, "-");
	} else {
		snprintf(buf, sizeof(buf), "%d", lim);
		report_set_str(t, row, 1, buf);
	}
	report_set_str(t, row, 2, (r->binding & bit) ? "<== binds" : "");
	report_set_str(t, row, 3, detail);
}

static void add_limiters(struct gp_ctx *ctx, const struct sm_arch *a, const struct occ_input *in,
			 const struct occ_result *r)
{
	static const struct report_col cols[] = {
		{ "limit", "limit", REPORT_STR, 0 },
		{ "blocks", "blocks/SM", REPORT_STR, 0 },
		{ "binding", "", REPORT_STR, 0 },
		{ "detail", "how", REPORT_STR, 0 },
	};
	struct report_table *t = report_add_table(&ctx->report, "Limits (blocks per SM each allows)",
						  cols, ARRAY_SIZE(cols));
	char d[256], b1[32], b2[32];

	t->flags |= REPORT_HUMAN_ONLY;
	if (r->lim_warps == 0)
		snprintf(d, sizeof(d), "%d threads: more than %d per block", in->threads,
			 a->max_threads_per_block);
	else
		snprintf(d, sizeof(d), "%d warp slots per SM / %d warps per block", r->max_warps,
			 r->warps_per_block);
	limiter_row(t, OCC_LIM_WARPS, r->lim_warps, r, d);

	snprintf(d, sizeof(d), "at most %d resident blocks per SM", a->max_blocks_per_sm);
	limiter_row(t, OCC_LIM_BLOCKS, r->lim_blocks, r, d);

	if (in->regs == 0)
		snprintf(d, sizeof(d), "no registers: no limit");
	else if (r->lim_regs == 0)
		snprintf(d, sizeof(d), "%d per block: %s", r->regs_per_block, occ_why_string(r->why));
	else if (a->reg_alloc == ARCH_REG_ALLOC_BLOCK)
		snprintf(d, sizeof(d), "%d per block (%d-register units, warps in pairs) of %d per SM",
			 r->regs_per_block, a->reg_alloc_unit, a->regs_per_sm);
	else if (a->sub_partitions > 0) {
		int per_warp = r->regs_per_block / r->warps_per_block;
		snprintf(d, sizeof(d), "%d per warp (%d-register units): %d warps in each of %d "
			 "sub-partitions of %d, / %d warps per block", per_warp, a->reg_alloc_unit,
			 a->regs_per_sm / a->sub_partitions / per_warp, a->sub_partitions,
			 a->regs_per_sm / a->sub_partitions, r->warps_per_block);
	} else {
		int per_warp = r->regs_per_block / r->warps_per_block;
		snprintf(d, sizeof(d), "%d per warp (%d-register units) of %d per block",
			 per_warp, a->reg_alloc_unit, a->max_regs_per_block);
	}
	limiter_row(t, OCC_LIM_REGS, r->lim_regs, r, d);

	if (r->lim_smem == OCC_NO_LIMIT)
		snprintf(d, sizeof(d), "no shared memory: no limit");
	else if (r->lim_smem == 0)
		snprintf(d, sizeof(d), "%s per block is over the %s a block may have",
			 occ_bytes(r->smem_per_block, b1, sizeof(b1)),
			 occ_bytes(r->smem_block_limit, b2, sizeof(b2)));
	else
		snprintf(d, sizeof(d), "%s per SM / %s per block", occ_bytes(r->smem_per_sm, b1, sizeof(b1)),
			 occ_bytes(r->smem_per_block, b2, sizeof(b2)));
	limiter_row(t, OCC_LIM_SMEM, r->lim_smem, r, d);

	if (r->lim_barriers != OCC_NO_LIMIT)
		snprintf(d, sizeof(d), "%d named barriers per SM / %d per block", a->block_barriers_per_sm,
			 in->barriers);
	else if (a->major >= 9)
		snprintf(d, sizeof(d), "no named barriers: no limit");
	else
		snprintf(d, sizeof(d), "not a limit before compute capability 9.0");
	limiter_row(t, OCC_LIM_BARRIERS, r->lim_barriers, r, d);

	/* the shared-memory configuration assumed */
	if (a->carveout) {
		if (in->carveout == OCC_CARVEOUT_DEFAULT)
			report_note(t, "shared memory per SM: %s, the largest configuration (the runtime's "
				    "default: no carveout preference)", occ_bytes(r->smem_per_sm, b1, sizeof(b1)));
		else if (r->smem_overridden)
			report_note(t, "shared memory per SM: carveout %d %% is the %s configuration, too "
				    "small for one block: the driver takes %s", in->carveout,
				    occ_bytes(r->smem_pref, b1, sizeof(b1)),
				    occ_bytes(r->smem_per_sm, b2, sizeof(b2)));
		else
			report_note(t, "shared memory per SM: carveout %d %% rounds up to the %s configuration",
				    in->carveout, occ_bytes(r->smem_per_sm, b1, sizeof(b1)));
		report_note(t, "shared memory per block: up to %s of the kernel's own (opt-in assumed: "
			    "cudaFuncAttributeMaxDynamicSharedMemorySize; %s without it)%s",
			    occ_bytes(a->smem_per_block_optin, b1, sizeof(b1)),
			    occ_bytes(a->smem_per_block, b2, sizeof(b2)),
			    a->reserved_smem_per_block ? ", plus 1 KiB the driver reserves" : "");
	} else {
		report_note(t, "shared memory: %s per SM, up to %s per block (fixed configuration)",
			    occ_bytes(r->smem_per_sm, b1, sizeof(b1)),
			    occ_bytes(a->smem_per_block, b2, sizeof(b2)));
	}
}

/* "<= 48 registers per thread would allow 5 blocks (62.5 %)" and the headroom. */
static void add_steps(struct report_table *t, const struct sm_arch *a, const struct occ_input *in,
		      const struct occ_result *r)
{
	struct occ_step s;
	char b1[32], p[32];

	if (occ_next_step(a, in, OCC_RES_REGS, &s))
		report_note(t, "next step: <= %lld registers per thread would allow %d block%s (%s)",
			    s.value, s.r.blocks, s.r.blocks == 1 ? "" : "s",
			    pct(s.r.occupancy_pct, p, sizeof(p)));
	if (occ_next_step(a, in, OCC_RES_SMEM, &s))
		report_note(t, "next step: <= %s of shared memory per block would allow %d block%s (%s)",
			    occ_bytes(s.value, b1, sizeof(b1)), s.r.blocks, s.r.blocks == 1 ? "" : "s",
			    pct(s.r.occupancy_pct, p, sizeof(p)));
	if (r->blocks == 0)
		return;
	if (occ_headroom(a, in, OCC_RES_REGS, &s)) {
		if (s.value > in->regs)
			report_note(t, "headroom: up to %lld registers per thread keep %d block%s",
				    s.value, r->blocks, r->blocks == 1 ? "" : "s");
		else
			report_note(t, "headroom: one more register per thread would cost a block");
	}
	if (occ_headroom(a, in, OCC_RES_SMEM, &s) && s.value > in->smem)
		report_note(t, "headroom: up to %s of shared memory per block keep %d block%s",
			    occ_bytes(s.value, b1, sizeof(b1)), r->blocks, r->blocks == 1 ? "" : "s");
}

void occ_arch_title(const struct gp_ctx *ctx, const struct occ_opts *o, const struct sm_arch *a,
		       char *buf, size_t n)
{
	if (o->from_device)
		snprintf(buf, n, "device %d, %s (%s, CC %d.%d, live limits)", ctx->dev.index,
			 ctx->dev.name, a->name, a->major, a->minor);
	else
		snprintf(buf, n, "%s (%s, CC %d.%d)", a->name, a->family, a->major, a->minor);
}

static int run_config(struct gp_ctx *ctx, const struct occ_opts *o, const struct occ_input *in)
{
	const struct sm_arch *a = o->arch;
	struct occ_result r;
	char title[400], b1[32], b2[32];

	if (occ_compute(a, in, &r))
		return gp_error(GP_EXIT_FAIL, "%s: the shared memory per SM (%d bytes) matches no "
				"configuration of the architecture", a->name, a->smem_per_sm);
	if (r.blocks == 0) {
		char what[96];
		snprintf(what, sizeof(what), "%d threads x %d registers with %s of shared memory",
			 in->threads, in->regs, occ_bytes(in->smem, b1, sizeof(b1)));
		occ_warn_cannot_launch(what, a, &r);
	}

	{
		struct report_table *t = occ_machine_table(ctx, "Occupancy", OCC_TABLE_CONFIG);
		size_t row = report_add_row(t);
		t->flags |= REPORT_MACHINE_ONLY;
		occ_set_identity(ctx, o, t, row, a);
		occ_fill_result(t, row, a, in, &r);
	}

	static const struct report_col cols[] = {
		{ "architecture", "architecture", REPORT_STR, 0 },
		{ "threads", "threads per block", REPORT_STR, 0 },
		{ "regs", "registers per thread", REPORT_INT, 0 },
		{ "smem", "shared memory per block", REPORT_STR, 0 },
		{ "barriers", "barriers per block", REPORT_INT, 0 },
		{ "regs_alloc", "registers per block (allocated)", REPORT_INT, 0 },
		{ "smem_alloc", "shared memory per block (allocated)", REPORT_STR, 0 },
		{ "blocks", "active blocks per SM", REPORT_INT, 0 },
		{ "warps", "active warps per SM", REPORT_INT, 0 },
		{ "threads_sm", "active threads per SM", REPORT_INT, 0 },
		{ "max_warps", "max warps per SM", REPORT_INT, 0 },
		{ "occupancy", "occupancy (%)", REPORT_DBL, 1 },
		{ "limiter", "limited by", REPORT_STR, 0 },
	};
	char arch[400], buf[96];
	struct report_table *t;
	size_t row;

	occ_arch_title(ctx, o, a, arch, sizeof(arch));
	snprintf(title, sizeof(title), "Occupancy: %d threads x %d registers, %s shared memory per block",
		 in->threads, in->regs, occ_bytes(in->smem, b1, sizeof(b1)));
	t = report_add_table(&ctx->report, title, cols, ARRAY_SIZE(cols));
	t->layout = REPORT_VERTICAL;
	t->flags |= REPORT_HUMAN_ONLY;
	row = report_add_row(t);
	report_set_str(t, row, 0, arch);
	snprintf(buf, sizeof(buf), "%d (%d warp%s)", in->threads, r.warps_per_block,
		 r.warps_per_block == 1 ? "" : "s");
	report_set_str(t, row, 1, buf);
	report_set_int(t, row, 2, in->regs);
	report_set_str(t, row, 3, occ_bytes(in->smem, b1, sizeof(b1)));
	report_set_int(t, row, 4, in->barriers);
	report_set_int(t, row, 5, r.regs_per_block);
	if (a->reserved_smem_per_block)
		snprintf(buf, sizeof(buf), "%s (with %s reserved, in %d-byte units)",
			 occ_bytes(r.smem_per_block, b1, sizeof(b1)),
			 occ_bytes(a->reserved_smem_per_block, b2, sizeof(b2)), a->smem_alloc_unit);
	else
		snprintf(buf, sizeof(buf), "%s (in %d-byte units)", occ_bytes(r.smem_per_block, b1, sizeof(b1)),
			 a->smem_alloc_unit);
	report_set_str(t, row, 6, buf);
	report_set_int(t, row, 7, r.blocks);
	report_set_int(t, row, 8, r.active_warps);
	report_set_int(t, row, 9, r.active_threads);
	report_set_int(t, row, 10, r.max_warps);
	report_set_dbl(t, row, 11, r.occupancy_pct);
	report_set_str(t, row, 12, occ_limiter_words(r.binding, 0, buf, sizeof(buf)));

	add_limiters(ctx, a, in, &r);
	add_steps(ctx->report.tables[ctx->report.ntables - 1], a, in, &r);
	if (a->caveat)
		report_note(ctx->report.tables[ctx->report.ntables - 1], "%s: %s", a->name, a->caveat);
	return 0;
}

/* ---- the command ---- */

static int cmd_occupancy(struct gp_ctx *ctx, int argc, char **argv)
{
	struct occ_opts o;
	struct occ_input in;
	int rc;

	if ((rc = parse_options(ctx, argc, argv, &o)))
		return rc;
	if (o.arch && (rc = check_against_arch(&o, o.arch)))
		return rc;
	if (o.check_runtime)
		return occ_run_check(ctx, &o);
	if (o.kernel)
		return occ_run_kernels(ctx, &o);
	if (!o.arch) {
		if ((rc = occ_device_arch(ctx, &o)))
			return rc;
		if ((rc = check_against_arch(&o, o.arch)))
			return rc;
	}
	in.threads = o.threads;
	in.regs = o.regs;
	in.smem = o.smem;
	in.carveout = o.carveout;
	in.barriers = o.barriers;
	return o.sweep >= 0 ? occ_run_sweep(ctx, &o, &in) : run_config(ctx, &o, &in);
}
