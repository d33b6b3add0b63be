/*
 * gpuperf occupancy --check-runtime: the calculator against the CUDA
 * runtime on the current device, for gpuperf's own probe kernels
 * (kernels/occupancy.cu), over a grid of block sizes x dynamic shared
 * memory.  Three comparisons:
 *
 *   - the resources the cubin reader finds in this very executable
 *     (/proc/self/exe) against cudaFuncGetAttributes;
 *   - active blocks per SM against cudaOccupancyMaxActiveBlocksPerMultiprocessor;
 *   - "cannot launch" (0 blocks) against a real one-block launch.
 *
 * Any difference is exit 1, with the first ones on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/occupancy-cli.h"
#include "occupancy/cubin.h"
#include "occupancy/demangle.h"
#include "probes/occupancy.h"
#include "util/compat.h"
#include "util/error.h"

#define MAX_DIFFS_SHOWN 10

static const int grid_threads[] = {
	1, 32, 33, 64, 96, 100, 128, 160, 192, 250, 256, 257, 288, 320, 384,
	512, 513, 640, 768, 896, 1000, 1024,
};

struct check_kernel {
	struct occ_rt_kernel rt;
	const struct cubin_kernel *cubin;  /* the code the runtime runs, when found */
	int barriers;
	int configs, occ_diffs, launch_diffs;
};

static const struct report_col check_cols[] = {
	CLI_IDENTITY_COLS,
	{ "kernel", "kernel", REPORT_STR, 0 },
	{ "check", "check", REPORT_STR, 0 },
	{ "threads_per_block", "threads/block", REPORT_INT, 0 },
	{ "dynamic_smem_bytes", "dynamic smem (B)", REPORT_INT, 0 },
	{ "expected", "expected", REPORT_INT, 0 },
	{ "actual", "runtime", REPORT_INT, 0 },
	{ "match", "match", REPORT_INT, 0 },
};

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

/* Dynamic shared memory sizes around every limit that matters for kernel k. */
static size_t grid_smem(const struct sm_arch *a, const struct occ_rt_kernel *k, long long *out)
{
	long long max_dyn = k->max_dynamic_smem, def = a->smem_per_block - k->smem_static;
	long long cand[] = {
		0, 1, 1000, 4096, 10000, 16384, 30000, 40000, def, def + 1, 65536, 100000,
		131072, 160000, 200000, max_dyn - 1000, max_dyn, max_dyn + 1,
	};
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(cand); i++)
		if (cand[i] >= 0 && cand[i] <= max_dyn + 1)
			out[n++] = cand[i];
	qsort(out, n, sizeof(*out), cmp_ll);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (u == 0 || out[u - 1] != out[i])
			out[u++] = out[i];
	return u;
}

static void add_row(struct gp_ctx *ctx, struct report_table *t, const char *kernel,
		    const char *check, int threads, long long dyn, long long expected,
		    long long actual, int actual_known, int match)
{
	size_t row;

	if (!t)
		return;  /* human output: the summary only */
	row = report_add_row(t);
	cli_set_identity(t, row, &ctx->dev);
	report_set_str(t, row, 2, kernel);
	report_set_str(t, row, 3, check);
	if (threads > 0) {
		report_set_int(t, row, 4, threads);
		report_set_int(t, row, 5, dyn);
	}
	report_set_int(t, row, 6, expected);
	if (actual_known)
		report_set_int(t, row, 7, actual);
	report_set_int(t, row, 8, match);
}

int occ_run_check(struct gp_ctx *ctx, const struct occ_opts *opts)
{
	struct occ_opts o = *opts;
	struct cubin_set set = { 0 };
	struct check_kernel *ks = NULL;
	struct occ_rt_point *pts = NULL;
	struct report_table *t = NULL;
	size_t npts = 0, cap, diffs = 0, shown = 0, comparisons = 0;
	int nk, rc, have_cubins;
	char err[256];

	if ((rc = occ_device_arch(ctx, &o)))
		return rc;
	nk = occ_rt_count();
	ks = gp_xcalloc((size_t)nk, sizeof(*ks));
	{
		struct occ_rt_kernel *rt = gp_xcalloc((size_t)nk, sizeof(*rt));
		rc = occ_rt_kernels(&ctx->dev, rt);
		for (int k = 0; k < nk; k++)
			ks[k].rt = rt[k];
		free(rt);
		if (rc)
			goto out;
	}

	/* the code the runtime runs, as the cubin reader sees it in this executable */
	have_cubins = !cubin_read_file("/proc/self/exe", &set, err, sizeof(err));
	if (!have_cubins)
		gp_warn("cannot read this executable's kernels ('/proc/self/exe': %s): "
			"attributes not compared, 1 barrier assumed", err);
	t = ctx->format == REPORT_TABLE ? NULL
		: report_add_table(&ctx->report, "Occupancy check against the CUDA runtime",
				   check_cols, ARRAY_SIZE(check_cols));

	for (int k = 0; k < nk && have_cubins; k++) {
		struct check_kernel *c = &ks[k];

		c->barriers = 1;
		for (size_t i = 0; i < set.n; i++)
			if (set.k[i].sm == c->rt.binary_version &&
			    kernel_name_matches(set.k[i].name, c->rt.name))
				c->cubin = &set.k[i];
		if (!c->cubin) {
			gp_warn("%s: no sm_%d cubin in this executable (the runtime compiled PTX): "
				"attributes not compared", c->rt.name, c->rt.binary_version);
			continue;
		}
		c->barriers = c->cubin->barriers;
		struct { const char *what; long long cubin, rt; } attr[] = {
			{ "registers", c->cubin->regs, c->rt.regs },
			{ "smem_static_bytes", c->cubin->smem_static, c->rt.smem_static },
			{ "local_bytes", c->cubin->local_bytes, c->rt.local_bytes },
		};
		for (size_t j = 0; j < ARRAY_SIZE(attr); j++) {
			int match = attr[j].cubin == attr[j].rt;
			add_row(ctx, t, c->rt.name, attr[j].what, 0, 0, attr[j].cubin, attr[j].rt, 1, match);
			comparisons++;
			if (!match) {
				diffs++;
				if (shown++ < MAX_DIFFS_SHOWN)
					gp_warn("%s: %s %lld in the cubin, %lld from cudaFuncGetAttributes",
						c->rt.name, attr[j].what, attr[j].cubin, attr[j].rt);
			}
		}
	}

	/* the grid */
	cap = (size_t)nk * ARRAY_SIZE(grid_threads) * 32;
	pts = gp_xcalloc(cap, sizeof(*pts));
	for (int k = 0; k < nk; k++) {
		long long smem[32] = { 0 };
		size_t ns = grid_smem(o.arch, &ks[k].rt, smem);

		for (size_t i = 0; i < ARRAY_SIZE(grid_threads); i++)
			for (size_t j = 0; j < ns && npts < cap; j++) {
				pts[npts].kernel = k;
				pts[npts].threads = grid_threads[i];
				pts[npts].dynamic_smem = smem[j];
				npts++;
			}
	}
	if ((rc = occ_rt_measure(pts, npts)))
		goto out;

	for (size_t i = 0; i < npts; i++) {
		struct occ_rt_point *p = &pts[i];
		struct check_kernel *c = &ks[p->kernel];
		struct occ_input in = {
			p->threads, c->rt.regs, c->rt.smem_static + p->dynamic_smem,
			OCC_CARVEOUT_DEFAULT, c->barriers,
		};
		struct occ_result r;
		int fits_bound = p->threads <= c->rt.max_threads;

		if (occ_compute(o.arch, &in, &r)) {
			rc = gp_error(GP_EXIT_FAIL, "%s: the calculator refused %d threads with %lld bytes",
				      c->rt.name, p->threads, in.smem);
			goto out;
		}
		c->configs++;
		/* the kernel's own limit (launch bounds, registers) is outside the calculator */
		if (fits_bound) {
			int got = p->runtime_blocks;
			int match = got == r.blocks || (got < 0 && r.blocks == 0);
			add_row(ctx, t, c->rt.name, "active_blocks_per_sm", p->threads, p->dynamic_smem,
				r.blocks, got, got >= 0, match);
			comparisons++;
			if (!match) {
				diffs++;
				c->occ_diffs++;
				if (shown++ < MAX_DIFFS_SHOWN)
					gp_warn("%s, %d threads, %lld B dynamic: calculator %d blocks, runtime %d",
						c->rt.name, p->threads, p->dynamic_smem, r.blocks, got);
			}
		}
		int expect = fits_bound && r.blocks > 0;
		int match = expect == p->launched;
		add_row(ctx, t, c->rt.name, "launch", p->threads, p->dynamic_smem, expect, p->launched, 1,
			match);
		comparisons++;
		if (!match) {
			diffs++;
			c->launch_diffs++;
			if (shown++ < MAX_DIFFS_SHOWN)
				gp_warn("%s, %d threads, %lld B dynamic: expected the launch to %s, it %s",
					c->rt.name, p->threads, p->dynamic_smem, expect ? "run" : "be refused",
					p->launched ? "ran" : "was refused");
		}
	}

	if (diffs) {
		rc = gp_error(GP_EXIT_FAIL, "occupancy check: %zu of %zu comparisons differ from the "
			      "CUDA runtime on device %d", diffs, comparisons, ctx->dev.index);
		goto out;
	}

	if (ctx->format == REPORT_TABLE) {
		static const struct report_col cols[] = {
			{ "kernel", "kernel", REPORT_STR, 0 },
			{ "regs", "regs", REPORT_INT, 0 },
			{ "smem", "static smem (B)", REPORT_INT, 0 },
			{ "local", "local (B)", REPORT_INT, 0 },
			{ "barriers", "barriers", REPORT_INT, 0 },
			{ "max_threads", "max threads", REPORT_INT, 0 },
			{ "configs", "configurations", REPORT_INT, 0 },
			{ "diffs", "differences", REPORT_INT, 0 },
		};
		char title[400];
		struct report_table *h;

		snprintf(title, sizeof(title), "Occupancy check: device %d, %s (%s)", ctx->dev.index,
			 ctx->dev.name, o.arch->name);
		h = report_add_table(&ctx->report, title, cols, ARRAY_SIZE(cols));
		for (int k = 0; k < nk; k++) {
			size_t row = report_add_row(h);
			report_set_str(h, row, 0, ks[k].rt.name);
			report_set_int(h, row, 1, ks[k].rt.regs);
			report_set_int(h, row, 2, ks[k].rt.smem_static);
			report_set_int(h, row, 3, ks[k].rt.local_bytes);
			report_set_int(h, row, 4, ks[k].barriers);
			report_set_int(h, row, 5, ks[k].rt.max_threads);
			report_set_int(h, row, 6, ks[k].configs);
			report_set_int(h, row, 7, ks[k].occ_diffs + ks[k].launch_diffs);
		}
		report_note(h, "all %zu comparisons agree: cubin resources = cudaFuncGetAttributes; "
			    "active blocks = cudaOccupancyMaxActiveBlocksPerMultiprocessor; a one-block "
			    "launch runs exactly when the calculator gives at least 1 block", comparisons);
		report_note(h, "block sizes 1-1024 x dynamic shared memory 0 to the opt-in limit + 1 byte, "
			    "default carveout; --csv lists every comparison");
	}
out:
	free(pts);
	free(ks);
	cubin_set_free(&set);
	return rc;
}
