/*
 * gpuperf pcie: host<->device transfers (H2D, D2H, both at once) for
 * pageable, pinned, write-combined, registered and mapped memory, set
 * against the link's theoretical peak; --overlap measures copy/compute
 * overlap instead.  Options and plan here, the tables in
 * cli/cmd-pcie-report.c, the measuring in probes/pcie*.c.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cmd-pcie.h"
#include "cli/commands.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	OPT_DIRECTION = 256,
	OPT_MEMORY,
	OPT_SIZE,
	OPT_REPS,
	OPT_WARMUP,
	OPT_OVERLAP,
	OPT_CHUNKS,
	OPT_STREAMS,
	OPT_KERNEL_US,
	OPT_NO_BIND,
};

static const struct gp_option options[] = {
	{ "direction", 0, required_argument, "LIST",
	  "h2d, d2h, bidir or all (default all)", OPT_DIRECTION },
	{ "memory", 0, required_argument, "LIST",
	  "pageable, pinned, wc, registered, mapped or all (default pageable,pinned,wc)", OPT_MEMORY },
	{ "size", 0, required_argument, "SIZE|LIST",
	  "bytes per transfer, e.g. 1G or 4K-1G:x4 (default 256M and a pinned sweep)", OPT_SIZE },
	{ "reps", 0, required_argument, "N",
	  "timed repetitions per measurement (default 10)", OPT_REPS },
	{ "warmup", 0, required_argument, "N",
	  "untimed repetitions before them (default 2)", OPT_WARMUP },
	{ "overlap", 0, no_argument, NULL,
	  "measure copy/compute overlap instead of transfers", OPT_OVERLAP },
	{ "chunks", 0, required_argument, "N",
	  "with --overlap: chunks the buffer is split into (default 8)", OPT_CHUNKS },
	{ "streams", 0, required_argument, "N",
	  "with --overlap: streams the chunks are spread over (default 4)", OPT_STREAMS },
	{ "kernel-us", 0, required_argument, "US",
	  "with --overlap: kernel time in microseconds (default: the copy time)", OPT_KERNEL_US },
	{ "no-bind", 0, no_argument, NULL,
	  "do not move the thread to the CPUs of the GPU's NUMA node", OPT_NO_BIND },
	{ 0 }
};

static int parse_one(struct pcie_opts *o, int id, const char *arg)
{
	uint64_t v;
	int rc;

	switch (id) {
	case OPT_DIRECTION:
		o->dirs_given = 1;
		return parse_choices("--direction", arg, pcie_dir_names, &o->dirs);
	case OPT_MEMORY:
		o->mems_given = 1;
		return parse_choices("--memory", arg, pcie_mem_names, &o->mems);
	case OPT_SIZE:
		u64_list_free(&o->sizes);
		return parse_list("--size", arg, PARSE_SIZE, 1, 1ull << 40, &o->sizes);
	case OPT_REPS:
		rc = parse_uint("--reps", arg, 1, 100000, &v);
		o->reps = (int)v;
		return rc;
	case OPT_WARMUP:
		rc = parse_uint("--warmup", arg, 0, 1000, &v);
		o->warmup = (int)v;
		return rc;
	case OPT_OVERLAP:
		o->overlap = 1;
		return 0;
	case OPT_CHUNKS:
		rc = parse_uint("--chunks", arg, 1, 4096, &v);
		o->chunks = (int)v;
		return rc;
	case OPT_STREAMS:
		rc = parse_uint("--streams", arg, 1, PCIE_MAX_STREAMS, &v);
		o->streams = (int)v;
		return rc;
	case OPT_KERNEL_US:
		return parse_double("--kernel-us", arg, 1, 1e8, &o->kernel_us);
	case OPT_NO_BIND:
		o->bind = 0;
		return 0;
	}
	return gp_error(GP_EXIT_USAGE, "pcie: unhandled option %d", id);
}

/* Combinations that cannot work are refused before any GPU is touched. */
static int check_combinations(const struct pcie_opts *o)
{
	if (!o->overlap) {
		if (o->chunks)
			return gp_error(GP_EXIT_USAGE, "--chunks needs --overlap");
		if (o->streams)
			return gp_error(GP_EXIT_USAGE, "--streams needs --overlap");
		if (o->kernel_us > 0)
			return gp_error(GP_EXIT_USAGE, "--kernel-us needs --overlap");
		return 0;
	}
	if (o->dirs_given)
		return gp_error(GP_EXIT_USAGE, "--direction: --overlap always copies both ways");
	if (o->mems_given && (o->mems & ~(1u << PCIE_PINNED | 1u << PCIE_REGISTERED)))
		return gp_error(GP_EXIT_USAGE,
				"--memory: --overlap needs page-locked memory: pinned or registered");
	for (size_t i = 0; i < o->sizes.n; i++)
		if (o->sizes.v[i] % 4)
			return gp_error(GP_EXIT_USAGE,
					"--size: --overlap needs a multiple of 4 bytes, not %llu",
					(unsigned long long)o->sizes.v[i]);
	return 0;
}

static int parse_options(struct gp_ctx *ctx, int argc, char **argv, struct pcie_opts *o)
{
	struct opt_iter it;
	int id;

	cli_options_begin(&it, ctx, &gp_cmd_pcie, argc, argv);
	while ((id = cli_next_option(&it)) > 0)
		if (parse_one(o, id, it.arg))
			return GP_EXIT_USAGE;
	if (id < 0)
		return GP_EXIT_USAGE;
	return check_combinations(o);
}

/* More host memory than the machine has is an impossible request, not a runtime failure. */
static int check_host_memory(uint64_t need)
{
	long pages = sysconf(_SC_PHYS_PAGES), ps = sysconf(_SC_PAGESIZE);
	char a[64], b[64];

	if (pages <= 0 || ps <= 0 || need <= (uint64_t)pages * (uint64_t)ps)
		return 0;
	return gp_error(GP_EXIT_USAGE, "--size: the transfers need %s of host memory; this machine has %s",
			format_size(a, sizeof(a), need),
			format_size(b, sizeof(b), (uint64_t)pages * (uint64_t)ps));
}

static int run_transfers(struct gp_ctx *ctx, const struct pcie_opts *o)
{
	struct pcie_plan plan;
	struct pcie_results res;
	int rc;

	pcie_plan_build(o, &plan);
	if (!(rc = check_host_memory(pcie_plan_host_bytes(&plan))) &&
	    !(rc = cli_open_device(ctx)) &&
	    !(rc = pcie_run(&ctx->dev, &plan, &res))) {
		pcie_report(&ctx->report, ctx->format, &ctx->dev, &plan, &res);
		pcie_results_free(&res);
	}
	pcie_plan_free(&plan);
	return rc;
}

static int run_overlap_plan(struct gp_ctx *ctx, const struct pcie_opts *o,
			    const enum pcie_mem *mems, size_t nmems, const uint64_t *sizes,
			    size_t nsizes)
{
	struct pcie_overlap_plan plan = {
		.mems = mems,
		.nmems = nmems,
		.sizes = sizes,
		.nsizes = nsizes,
		.chunks = o->chunks ? o->chunks : PCIE_DEFAULT_CHUNKS,
		.streams = o->streams ? o->streams : PCIE_DEFAULT_STREAMS,
		.kernel_us = o->kernel_us,
		.reps = o->reps,
		.warmup = o->warmup,
		.bind = o->bind,
	};
	struct pcie_overlap_results res;
	uint64_t most = 0;
	int rc;

	for (size_t i = 0; i < plan.nsizes; i++)
		if (plan.sizes[i] > most)
			most = plan.sizes[i];
	if ((rc = check_host_memory(2 * most)) || (rc = cli_open_device(ctx)) ||
	    (rc = pcie_overlap_run(&ctx->dev, &plan, &res)))
		return rc;
	pcie_overlap_report(&ctx->report, ctx->format, &ctx->dev, &plan, &res);
	pcie_overlap_results_free(&res);
	return 0;
}

static int run_overlap(struct gp_ctx *ctx, const struct pcie_opts *o)
{
	static const uint64_t default_size = PCIE_DEFAULT_SIZE;
	enum pcie_mem mems[2];
	size_t nmems = 0;

	/* Pinned unless --memory names only registered. */
	if (!o->mems_given || o->mems >> PCIE_PINNED & 1)
		mems[nmems++] = PCIE_PINNED;
	if (o->mems_given && o->mems >> PCIE_REGISTERED & 1)
		mems[nmems++] = PCIE_REGISTERED;
	return run_overlap_plan(ctx, o, mems, nmems, o->sizes.n ? o->sizes.v : &default_size,
				o->sizes.n ? o->sizes.n : 1);
}

static int cmd_pcie(struct gp_ctx *ctx, int argc, char **argv)
{
	struct pcie_opts o;
	int rc;

	pcie_opts_init(&o);
	if (!(rc = parse_options(ctx, argc, argv, &o)))
		rc = o.overlap ? run_overlap(ctx, &o) : run_transfers(ctx, &o);
	pcie_opts_free(&o);
	return rc;
}

const struct gp_cmd gp_cmd_pcie = {
	.name = "pcie",
	.run = cmd_pcie,
	.flags = CMD_NEEDS_GPU,
	.summary = "host-device transfers over PCIe",
	.synopsis = "[--direction LIST] [--memory LIST] [--size SIZE|LIST] [--reps N] [--warmup N]"
		    " [--overlap [--chunks N] [--streams N] [--kernel-us US]] [--no-bind]",
	.options = options,
	/* --overlap's columns (pcie_overlap_cols) are documented in the same page. */
	.columns = pcie_transfer_cols,
	.ncolumns = PCIE_TRANSFER_NCOLS,
};
