/*
 * gpuperf profile -- CMD [ARGS]: the user's own program, unmodified, run
 * with gpuperf's profiling library injected (inject/, through
 * CUDA_INJECTION64_PATH), every kernel analysed (profile/analyze.c) and
 * shown in one table with its bound and verdict, and a roofline for
 * --plot and --html (tables/profile.c); or, --by range, the kernels'
 * time by the NVTX ranges around their launches (profile/ranges.c); or,
 * --by instruction, each kernel's PC-sampled instructions
 * (profile/instructions.c).  The
 * program's exit status becomes gpuperf's when the program fails.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/commands.h"
#include "gpu/device.h"
#include "profile/analyze.h"
#include "profile/disasm.h"
#include "profile/instructions.h"
#include "profile/measured.h"
#include "profile/ranges.h"
#include "profile/record.h"
#include "profile/rerun.h"
#include "profile/spawn.h"
#include "tables/profile.h"
#include "util/error.h"
#include "util/filter.h"
#include "util/quote.h"

struct args {
	const char *kernel, *html;
	int launches, top, sort, set, by, stalls, no_stalls, no_patch, patch_each, count_stalls;
	char **program;
	int nprogram;
};

enum { BY_KERNEL, BY_RANGE, BY_INSTRUCTION };
static const char *const by_names[] = { "kernel", "range", "instruction", NULL };

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "kernel", 'k', GP_OPT_STRING, "REGEX",
	  "profile and show only kernels whose demangled name matches (POSIX extended)",
	  .offset = ARG(kernel), .check = cli_check_regex },
	{ "launches", 'n', GP_OPT_INT, "N",
	  "launches of each kernel to profile; the rest run at full speed, timed only", "1",
	  0, 100000, NULL, ARG(launches) },
	{ "set", 0, GP_OPT_CHOICE, "standard|full|light",
	  "counters read: standard, three passes replayed (every verdict: each kind of access "
	  "apart, bank conflicts, FLOPs); full, the same and the L1 and L2 hit rates (a third "
	  "slower); light, one pass (bound, coalescing judged against 4-byte accesses)",
	  "standard", .choices = prof_set_names, .offset = ARG(set) },
	{ "top", 't', GP_OPT_INT, "N",
	  "keep the N kernels (--by range: ranges) with the most GPU time, or (--by "
	  "instruction) the N instructions of each kernel with the most samples (0: all)", "0",
	  0, 1000000, NULL, ARG(top) },
	{ "sort", 0, GP_OPT_CHOICE, "time|waste|name",
	  "order of the rows: GPU time, time at stake, or name", "time",
	  .choices = prof_sort_names, .offset = ARG(sort) },
	{ "by", 0, GP_OPT_CHOICE, "kernel|range|instruction",
	  "a row per kernel, per NVTX range path around the launches (PyTorch's emit_nvtx, "
	  "record_function, nvtx.annotate, nvtxRangePush), or per PC-sampled instruction of "
	  "each kernel (implies --stalls)", "kernel", .choices = by_names, .offset = ARG(by) },
	{ "stalls", 0, GP_OPT_FLAG, NULL,
	  "sample what every kernel's warps wait on (PC sampling), on a launch after the counted "
	  "ones: the top stall reasons and the line they sit at; by default only the kernels "
	  "judged latency-bound or underfilled are sampled; sampling and counting take turns "
	  "(about 0.5 s a turn)", .offset = ARG(stalls) },
	{ "count-stalls", 0, GP_OPT_FLAG, NULL,
	  "run the program again once to count each sampled launch's warp states as Nsight "
	  "Compute's WarpStateStats does (six passes of that launch): the stall shares are then "
	  "counts, not sample estimates; the place is still the samples'",
	  .offset = ARG(count_stalls) },
	{ "no-stalls", 0, GP_OPT_FLAG, NULL,
	  "sample no kernel's warps: latency-bound and underfilled verdicts then say nothing of "
	  "what the warps wait on", .offset = ARG(no_stalls) },
	{ "no-patch", 0, GP_OPT_FLAG, NULL,
	  "leave every launch's code as compiled: by default, one launch of the kernel with the "
	  "most time at stake in a memory or bank verdict runs patched to count each "
	  "instruction's sectors and wavefronts, so its verdict names the line and the "
	  "instruction", .offset = ARG(no_patch) },
	{ "patch-each", 0, GP_OPT_FLAG, NULL,
	  "run the program again once for each other kernel with a memory or bank verdict "
	  "worth fixing, patching its first launch, so that every such verdict names its line "
	  "and instruction (CUPTI patches one kernel a run); the program must do the same work "
	  "each time: its later runs read no input and their output is discarded",
	  .offset = ARG(patch_each) },
	{ "html", 0, GP_OPT_STRING, "FILE",
	  "also write the report as one self-contained HTML page: the table, the roofline, the "
	  "verdicts", .offset = ARG(html), .flags = GP_OPT_FILE },
	{ NULL }
};

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;

	if (given->nrest < 1)
		return gp_error(GP_EXIT_USAGE, "profile needs a program: gpuperf profile [options] -- "
				"CMD [ARGS]");
	if (a->stalls && a->no_stalls)
		return gp_error(GP_EXIT_USAGE, "profile: --stalls and --no-stalls contradict each other");
	if (a->count_stalls && a->no_stalls)
		return gp_error(GP_EXIT_USAGE, "profile: --count-stalls and --no-stalls contradict "
				"each other");
	if (a->patch_each && a->no_patch)
		return gp_error(GP_EXIT_USAGE, "profile: --patch-each and --no-patch contradict "
				"each other");
	if (a->by == BY_INSTRUCTION && a->no_stalls)
		return gp_error(GP_EXIT_USAGE, "profile --by instruction samples every kernel: leave "
				"--no-stalls out");
	a->program = given->rest;
	a->nprogram = given->nrest;
	return cli_check_html(ctx, a->html);
}

/*
 * Whose warps the library samples: every kernel's with --stalls or --by
 * instruction; by default those whose counted launch it judges
 * latency-bound or underfilled, so none without counted launches.
 */
static enum prof_stalls_of stalls_of(const struct args *a)
{
	if (a->stalls || a->by == BY_INSTRUCTION)
		return PROF_STALLS_EVERY;
	return a->no_stalls || !a->launches ? PROF_STALLS_NONE : PROF_STALLS_JUDGED;
}

/* --plot FILE.svg: the roofline, whatever the program (no counters: an error at the end). */
static const char *no_plot(const void *args)
{
	const struct args *a = args;

	if (a->by == BY_RANGE)
		return "profile --by range draws no roofline: leave --by out for the kernels' one";
	return a->by == BY_INSTRUCTION ? "profile --by instruction draws no roofline: leave --by "
					 "out for the kernels' one" : NULL;
}

static int measure(struct gp_ctx *ctx, void *p, void *res)
{
	const struct args *a = p;
	struct profile_run *run = res;
	struct prof_spawn_opts ro = { NULL, (unsigned)a->launches, a->kernel, gp_verbosity > 0,
				      prof_set_names[a->set], a->by == BY_RANGE,
				      stalls_of(a), a->by == BY_INSTRUCTION,
				      !a->no_patch };
	/* by range, --sort and --top are the ranges' */
	struct prof_opts po = { a->by == BY_RANGE ? PROF_SORT_TIME : (enum prof_sort)a->sort,
				a->by == BY_KERNEL ? (size_t)a->top : 0, a->kernel };
	struct prof_range_opts go = { (enum prof_sort)a->sort, (size_t)a->top };
	struct prof_records rs = { 0 };
	struct prof_roofs *measured;
	struct prof_child r;
	char why[256];
	int rc;

	if (ctx->counters == COUNTERS_OFF) {
		ro.launches = 0;  /* times only */
		ro.stalls = PROF_STALLS_NONE;
		ro.patch = 0;
	}
	run->counter_set = ro.launches ? ro.set : NULL;
	run->command = shell_join(a->program, a->nprogram);  /* sh -c 'exit 7' */
	if (gethostname(run->hostname, sizeof(run->hostname) - 1))
		run->hostname[0] = '\0';
	if (!(ro.inject_lib = prof_inject_path()))
		return GP_EXIT_FAIL;
	rc = prof_spawn(a->program, &ro, &r);
	if (rc) {
		free((char *)ro.inject_lib);
		return rc;  /* the program could not start: 126 or 127, said already */
	}
	run->status = r.status;
	run->signal = r.signal;
	profile_decode(&r, &rs);
	prof_child_free(&r);
	/* the ceilings gpuperf roofline measured on these GPUs, from its cache */
	po.roofs = measured = prof_measured_roofs(&rs, &po.nroofs);
	if (a->patch_each && ro.patch && ro.launches)
		profile_patch_each(a->program, &ro, &po, run->status, &rs);
	if (a->count_stalls && ro.stalls != PROF_STALLS_NONE && ro.launches)
		profile_count_stalls(a->program, &ro, run->status, &rs);
	if (prof_disasm(&rs, why, sizeof(why)))
		gp_note("%s", why);
	rc = prof_analyze(&rs, &po, &run->a);
	free(measured);
	free((char *)ro.inject_lib);
	if (!rc && (run->by_range = a->by == BY_RANGE))
		prof_ranges(&rs, &run->a, &go, &run->ranges);
	if (!rc && (run->by_instruction = a->by == BY_INSTRUCTION))
		prof_instructions(&rs, &run->a, (size_t)a->top, &run->instrs);
	prof_records_free(&rs);
	if (rc)
		return gp_error(GP_EXIT_USAGE, "--kernel: the pattern does not compile");
	/* no kernel: was there a GPU to launch one on?  (Without a driver the
	   library never loads: the driver is what loads it.) */
	if (!run->a.nkernels)
		prof_no_gpu(&run->a, dev_unusable());
	/* what the library and the analysis have to say: diagnostics, on stderr in every format */
	for (size_t i = 0; i < run->a.nnotes; i++) {
		if (!strcmp(run->a.notes[i].level, "warning"))
			gp_warn("%s", run->a.notes[i].text);
		else if (!strcmp(run->a.notes[i].level, "debug"))
			gp_debug("%s", run->a.notes[i].text);
		else
			gp_note("%s", run->a.notes[i].text);
	}
	if (ctx->counters == COUNTERS_REQUIRE && a->launches > 0 && run->a.launches &&
	    !run->a.counters_seen)
		rc = gp_error(GP_EXIT_NOCOUNTERS, "no launch of the program could be profiled "
			      "(--counters=require)");
	ctx->exit_status = run->status;  /* the program's failure is gpuperf's */
	ctx->exit_signal = run->signal;
	return rc;
}

/* A table of kernels, or of ranges. */
static void tabulate(struct report *r, const struct gp_device *dev, const void *results)
{
	const struct profile_run *run = results;

	if (run->by_range)
		tab_profile_ranges(r, run);
	else if (run->by_instruction)
		tab_profile_instructions(r, run);
	else
		tab_profile(r, dev, run);
}

const struct gp_cmd gp_cmd_profile = {
	.name = "profile",
	.flags = CMD_TAKES_PROGRAM | CMD_TAKES_DEVICES | CMD_REPORT_STDERR,
	.summary = "every kernel of your own program: what bounds it against a roofline, what it wastes, and the fix",
	.synopsis = "[--kernel REGEX] [--launches N] [--set standard|full|light] [--top N] [--sort time|waste|name] "
		    "[--by kernel|range|instruction] [--stalls|--no-stalls] [--count-stalls] [--no-patch|--patch-each] [--html FILE] -- CMD [ARGS...]",
	.gpu_help = "Needs a GPU and its driver: without them the program still runs, its status\n"
		    "passes through, and a note says why no kernel was profiled.",
	.options = options,
	.columns = profile_columns,
	.ncolumns = PROFILE_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct profile_run),
	.check = check,
	.no_plot = no_plot,
	.plots = "profile",
	.measure = measure,
	.tabulate = tabulate,
	.free_results = profile_run_free,
};
