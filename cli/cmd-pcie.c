/*
 * gpuperf pcie: host<->device transfers (H2D, D2H, both at once) for
 * pageable, pinned, write-combined, registered and mapped memory, set
 * against the link's theoretical peak; --overlap measures copy/compute
 * overlap instead.  The plan in probes/pcie-plan.c, the measuring in
 * probes/pcie*.c, the tables in tables/pcie.c.
 */
#include <stddef.h>
#include <unistd.h>
#include "cli/commands.h"
#include "probes/pcie.h"
#include "tables/pcie.h"
#include "util/error.h"
#include "util/parse.h"

#define ARG(f) offsetof(struct pcie_opts, f)
static const struct gp_option options[] = {
	{ "direction", 0, GP_OPT_CHOICES, "LIST", "h2d, d2h, bidir or all", "all",
	  .choices = pcie_dir_names, .offset = ARG(dirs) },
	{ "memory", 0, GP_OPT_CHOICES, "LIST", "pageable, pinned, wc, registered, mapped or all",
	  "pageable,pinned,wc", .choices = pcie_mem_names, .offset = ARG(mems) },
	{ "size", 0, GP_OPT_SIZE_LIST, "SIZE|LIST",
	  "bytes per transfer, e.g. 1G or 4K-1G:x4 (default 256M and a pinned sweep)", NULL,
	  1, 1ull << 40, NULL, ARG(sizes) },
	{ "reps", 0, GP_OPT_INT, "N|auto",
	  "timed repetitions per measurement, or auto: until the median is known to 0.5 %", "10",
	  1, 100000, NULL, ARG(reps), GP_OPT_AUTO },
	{ "warmup", 0, GP_OPT_INT, "N", "untimed repetitions before them", "2",
	  0, 1000, NULL, ARG(warmup) },
	{ "overlap", 0, GP_OPT_FLAG, NULL, "measure copy/compute overlap instead of transfers",
	  .offset = ARG(overlap) },
	{ "chunks", 0, GP_OPT_INT, "N", "with --overlap: chunks the buffer is split into (default 8)",
	  NULL, 1, 4096, NULL, ARG(chunks) },
	{ "streams", 0, GP_OPT_INT, "N",
	  "with --overlap: streams the chunks are spread over (default 4)", NULL,
	  1, PCIE_MAX_STREAMS, NULL, ARG(streams) },
	{ "kernel-us", 0, GP_OPT_DOUBLE, "US",
	  "with --overlap: kernel time in microseconds (default: the copy time)", NULL,
	  1, 100000000, NULL, ARG(kernel_us) },
	{ "no-bind", 0, GP_OPT_FLAG, NULL,
	  "do not move the thread to the CPUs of the GPU's NUMA node", .offset = ARG(no_bind) },
	{ NULL }
};

/* Combinations that cannot work are refused before any GPU is touched. */
static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct pcie_opts *o = p;

	(void)ctx;
	o->dirs_given = cli_given(&gp_cmd_pcie, given, "direction");
	o->mems_given = cli_given(&gp_cmd_pcie, given, "memory");
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

/* A chart of GB/s by transfer size: several sizes, or the default pinned sweep. */
static const char *no_plot(const void *p)
{
	const struct pcie_opts *o = p;
	unsigned one_way = 1u << PCIE_H2D | 1u << PCIE_D2H;

	if (o->overlap)
		return "pcie --overlap sweeps no transfer size";
	if (o->sizes.n > 1 || (!o->sizes.n && (o->mems >> PCIE_PINNED & 1) && (o->dirs & one_way)))
		return NULL;
	return "pcie measures one size here: give --size a list or range such as 4K-1G:x4";
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

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct pcie_opts *o = p;
	struct pcie_run *run = r;
	uint64_t most = 0;
	int rc;

	run->overlap = o->overlap;
	if (!o->overlap) {
		pcie_plan_build(o, &run->plan);
		if ((rc = check_host_memory(pcie_plan_host_bytes(&run->plan))) ||
		    (rc = cli_open_device(ctx)))
			return rc;
		return pcie_run(&ctx->dev, &run->plan, &run->res);
	}
	pcie_overlap_plan_build(o, &run->oplan);
	for (size_t i = 0; i < run->oplan.nsizes; i++)
		if (run->oplan.sizes[i] > most)
			most = run->oplan.sizes[i];
	if ((rc = check_host_memory(2 * most)) || (rc = cli_open_device(ctx)))
		return rc;
	return pcie_overlap_run(&ctx->dev, &run->oplan, &run->ores);
}

const struct gp_cmd gp_cmd_pcie = {
	.name = "pcie",
	.flags = CMD_NEEDS_GPU | CMD_WATCHED,
	.summary = "host-device transfers over PCIe",
	.synopsis = "[--direction LIST] [--memory LIST] [--size SIZE|LIST] [--reps N|auto] [--warmup N]"
		    " [--overlap [--chunks N] [--streams N] [--kernel-us US]] [--no-bind]",
	.options = options,
	/* --overlap's columns (pcie_overlap_cols) are documented in the same page. */
	.columns = pcie_transfer_cols,
	.ncolumns = PCIE_TRANSFER_NCOLS,
	.args_size = sizeof(struct pcie_opts),
	.results_size = sizeof(struct pcie_run),
	.watch_offset = offsetof(struct pcie_run, watch),
	.check = check,
	.no_plot = no_plot,
	.plots = "pcie",
	.measure = measure,
	.tabulate = tab_pcie,
	.summarize = tab_pcie_summary,
	.free_results = pcie_run_free,
};
