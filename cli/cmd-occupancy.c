/*
 * gpuperf occupancy: the occupancy calculator for any architecture or the
 * current device, its sweeps, a compiled kernel's resources, and the
 * check against the CUDA runtime.  The calculator in occupancy/, the
 * runtime's side in probes/occupancy*.c, the tables in tables/occupancy*.c.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/commands.h"
#include "occupancy/device-arch.h"
#include "occupancy/kernel-file.h"
#include "occupancy/occupancy.h"
#include "probes/occupancy.h"
#include "tables/occupancy.h"
#include "util/error.h"
#include "util/parse.h"

struct args {
	const char *arch_name, *cc_name, *carveout_text;
	int threads, regs, barriers, sweep, check_runtime;
	uint64_t smem;
	const char *binary, *function;
	/* from check */
	const struct sm_arch *arch;   /* --arch/--cc; NULL: the current device */
	int carveout;                 /* OCC_CARVEOUT_DEFAULT when not given */
	int regs_given, sweep_given;
};

static const char *const sweep_names[] = { "threads", "regs", "smem", NULL };

/* Ranges: the largest over every architecture, checked again once it is known. */
#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "arch", 0, GP_OPT_STRING, "ARCH",
	  "architecture: sm_XY, X.Y or XY (default: the current device)", .offset = ARG(arch_name),
	  .excludes = "cc", .flags = GP_OPT_ARCH },
	{ "cc", 0, GP_OPT_STRING, "X.Y", "compute capability (the same as --arch)",
	  .offset = ARG(cc_name), .flags = GP_OPT_CC },
	{ "threads", 0, GP_OPT_INT, "N", "threads per block", NULL, 1, 1024, NULL, ARG(threads) },
	{ "regs", 0, GP_OPT_INT, "N", "registers per thread", NULL, 1, 255, NULL, ARG(regs) },
	{ "smem", 0, GP_OPT_SIZE, "SIZE",
	  "the kernel's shared memory per block, static + dynamic; K, KB and KiB are all 1024 bytes",
	  "0", 0, 1ull << 30, NULL, ARG(smem), .flags = GP_OPT_KIB },
	{ "carveout", 0, GP_OPT_STRING, "PCT",
	  "shared-memory carveout in % of the SM, 0-100 (default: the runtime's)",
	  .offset = ARG(carveout_text) },
	{ "barriers", 0, GP_OPT_INT, "N", "named barriers per block", "1", 0, 16, NULL, ARG(barriers) },
	{ "sweep", 0, GP_OPT_CHOICE, "WHAT",
	  "occupancy as threads, regs or smem vary (the spreadsheet's graphs)",
	  .choices = sweep_names, .offset = ARG(sweep) },
	{ "binary", 0, GP_OPT_STRING, "FILE",
	  "read kernels' resources from a cubin, fatbin, object or executable",
	  .offset = ARG(binary), .flags = GP_OPT_FILE, .was = "kernel" },
	{ "function", 0, GP_OPT_STRING, "REGEX",
	  "with --binary: only kernels whose demangled name matches (POSIX extended), or this exact name",
	  .offset = ARG(function), .check = cli_check_regex },
	{ "check-runtime", 0, GP_OPT_FLAG, NULL, "compare with the CUDA runtime on the current device",
	  .offset = ARG(check_runtime) },
	{ NULL }
};

static int parse_arch(const char *opt, const char *s, struct args *a)
{
	char known[512];

	a->arch = arch_parse(s);
	if (!a->arch)
		return gp_error(GP_EXIT_USAGE, "%s: unknown architecture '%s' (known: %s)", opt, s,
				arch_known_names(known, sizeof(known)));
	if (arch_renamed(s))
		gp_note("%s %s: %s", opt, s, arch_renamed(s));
	return 0;
}

/* Checks that need the architecture: after --arch, or once the device is open. */
static int check_against_arch(const struct args *o, const struct sm_arch *a)
{
	if (o->threads > a->max_threads_per_block)
		return gp_error(GP_EXIT_USAGE, "--threads: %d is more than %s allows per block (%d)",
				o->threads, a->name, a->max_threads_per_block);
	if (o->regs > a->max_regs_per_thread)
		return gp_error(GP_EXIT_USAGE, "--regs: %d is more than %s allows per thread (%d)",
				o->regs, a->name, a->max_regs_per_thread);
	if (o->carveout != OCC_CARVEOUT_DEFAULT && !a->carveout)
		return gp_error(GP_EXIT_USAGE, "--carveout: %s has no shared-memory carveout "
				"(compute capability 7.0 and later)", a->name);
	return 0;
}

/*
 * --binary FILE names a file to read: one that is not there, not a regular
 * file or not readable is a usage error (2), as diff's operands and -o's
 * folder are, said before any GPU is touched.  What the file holds is read
 * later: a file that opens but holds no usable CUDA code is status 1.
 */
static int check_binary(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return gp_error(GP_EXIT_USAGE, "--binary: '%s': %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return gp_error(GP_EXIT_USAGE, "--binary: '%s': not a regular file (a cubin, fatbin, "
				"object or executable)", path);
	if (access(path, R_OK))
		return gp_error(GP_EXIT_USAGE, "--binary: '%s': %s", path, strerror(errno));
	return 0;
}

/* The architecture and the carveout, from their text. */
static int parse_texts(const struct gp_args *given, struct args *a)
{
	const struct gp_cmd *cmd = &gp_cmd_occupancy;
	uint64_t v;
	int rc;

	if (a->arch_name && (rc = parse_arch("--arch", a->arch_name, a)))
		return rc;
	if (a->cc_name && (rc = parse_arch("--cc", a->cc_name, a)))
		return rc;
	a->carveout = OCC_CARVEOUT_DEFAULT;
	if (a->carveout_text && strcmp(a->carveout_text, "default")) {
		if ((rc = parse_uint("--carveout", a->carveout_text, 0, 100, &v)))
			return rc;
		a->carveout = (int)v;
	}
	a->regs_given = cli_given(cmd, given, "regs");
	a->sweep_given = cli_given(cmd, given, "sweep");
	return 0;
}

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	const struct gp_cmd *cmd = &gp_cmd_occupancy;
	struct args *a = p;
	int rc;

	(void)ctx;
	if ((rc = parse_texts(given, a)))
		return rc;
	if (a->check_runtime) {
		if (given->given != 1ull << cli_option_index(cmd, "check-runtime"))
			return gp_error(GP_EXIT_USAGE, "--check-runtime takes no other occupancy option "
					"(it checks its own probe kernels on the current device)");
		return 0;
	}
	if (a->function && !a->binary)
		return gp_error(GP_EXIT_USAGE, "--function needs --binary FILE");
	if (a->binary) {
		if (a->regs_given)
			return gp_error(GP_EXIT_USAGE, "--regs: with --binary the registers come from the kernel");
		if (cli_given(cmd, given, "barriers"))
			return gp_error(GP_EXIT_USAGE, "--barriers: with --binary the barriers come from the kernel");
		if (a->sweep_given)
			return gp_error(GP_EXIT_USAGE, "--sweep does not combine with --binary");
		if ((rc = check_binary(a->binary)))
			return rc;
	} else {
		if (!a->threads)
			return gp_error(GP_EXIT_USAGE, "--threads N is required (threads per block)");
		if (!a->regs_given)
			return gp_error(GP_EXIT_USAGE, "--regs N is required (registers per thread)");
	}
	return a->arch ? check_against_arch(a, a->arch) : 0;
}

/* The device's architecture: the table's row with the limits the device reports. */
static int device_arch(struct gp_ctx *ctx, struct occ_run *run)
{
	const struct gp_device *d = &ctx->dev;
	char known[512];
	int rc;

	if ((rc = cli_open_device(ctx))) {
		return rc;
	}
	if (occ_arch_of_device(d, &run->arch))
		return gp_error(GP_EXIT_FAIL, "device %d (%s) is compute capability %d.%d, which "
				"gpuperf's table lacks (known: %s); pass --arch for one it knows",
				d->index, d->name, d->cc_major, d->cc_minor,
				arch_known_names(known, sizeof(known)));
	run->from_device = 1;
	return 0;
}

static void warn_cannot_launch(const struct occ_run *run)
{
	char b[32];

	gp_warn("%d threads x %d registers with %s of shared memory cannot launch on %s: %s "
		"(0 blocks per SM)", run->in.threads, run->in.regs, occ_bytes(run->in.smem, b, sizeof(b)),
		run->arch.name, occ_why_string(run->r.why));
}

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	const struct args *a = p;
	struct occ_run *run = r;
	int rc;

	run->in = (struct occ_input){ a->threads, a->regs, (long long)a->smem, a->carveout,
				      a->barriers };
	if (a->arch) {
		run->arch = *a->arch;
		run->have_arch = 1;
	}
	if (a->check_runtime) {
		run->mode = OCC_MODE_CHECK;
		ctx->no_gpu_hint = NULL;  /* --arch cannot stand in for the runtime */
		if ((rc = device_arch(ctx, run)))
			return rc;
		return occ_check_runtime(&ctx->dev, run);
	}
	if (a->binary) {
		run->mode = OCC_MODE_KERNELS;
		run->file = a->binary;
		run->dynamic_smem = (long long)a->smem;
		run->threads_given = a->threads > 0;
		return occ_run_kernels(run, a->function);
	}
	if (!a->arch) {
		if ((rc = device_arch(ctx, run)) || (rc = check_against_arch(a, &run->arch)))
			return rc;
		run->have_arch = 1;
	}
	if (occ_compute(&run->arch, &run->in, &run->r)) {
		char sz[32];
		return gp_error(GP_EXIT_FAIL, "%s: the shared memory per SM (%s) matches no "
				"configuration of the architecture", run->arch.name,
				format_size(sz, sizeof(sz), (uint64_t)run->arch.smem_per_sm));
	}
	if (run->r.blocks == 0)
		warn_cannot_launch(run);
	if (!a->sweep_given) {
		run->mode = OCC_MODE_CONFIG;
		return 0;
	}
	run->mode = OCC_MODE_SWEEP;
	run->sweep = (enum occ_resource)a->sweep;
	run->pts = occ_sweep(&run->arch, &run->in, run->sweep, &run->npts);
	return run->pts ? 0 : gp_error(GP_EXIT_FAIL, "out of memory");
}

static const char *no_plot(const void *p)
{
	const struct args *a = p;

	return a->sweep_given ? NULL : "occupancy draws its charts with --sweep threads|regs|smem";
}

const struct gp_cmd gp_cmd_occupancy = {
	.name = "occupancy",
	.flags = CMD_GPU_OPTIONAL,
	.summary = "occupancy calculator for any architecture, or the current device",
	.synopsis = "[--arch sm_XY | --cc X.Y] --threads N --regs N [--smem SIZE] [--carveout PCT] "
		    "[--barriers N] [--sweep threads|regs|smem] [--binary FILE [--function REGEX]] "
		    "[--check-runtime]",
	.no_gpu_hint = "pass --arch sm_XY (or --cc X.Y) to compute without a GPU",
	.gpu_help = "Computes, never measures: needs a GPU only for the current device's "
		    "architecture\n(no --arch or --cc) and for --check-runtime.",
	.options = options,
	.columns = occupancy_columns,
	.ncolumns = OCCUPANCY_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct occ_run),
	.check = check,
	.no_plot = no_plot,
	.plots = "occupancy --sweep threads|regs|smem",
	.measure = measure,
	.tabulate = tab_occupancy,
	.summarize = tab_occupancy_summary,
	.free_results = occ_run_free,
};
