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
 * Any difference is exit 1, with the first ones on stderr.  Every
 * comparison is kept in the run's results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "occupancy/cubin.h"
#include "occupancy/occupancy.h"
#include "util/demangle.h"
#include "results/occupancy.h"
#include "probes/occupancy.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

#define MAX_DIFFS_SHOWN 10

static const int grid_threads[] = {
	1, 32, 33, 64, 96, 100, 128, 160, 192, 250, 256, 257, 288, 320, 384,
	512, 513, 640, 768, 896, 1000, 1024,
};

struct check_kernel {
	struct occ_rt_kernel rt;
	const struct cubin_kernel *cubin;  /* the code the runtime runs, when found */
	int barriers;
	int configs, diffs;
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

static void add_row(struct occ_run *run, size_t *cap, const char *kernel, const char *check,
		    int threads, long long dyn, long long expected, long long actual,
		    int actual_known, int match)
{
	if (run->nchecks == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		run->checks = gp_xrealloc(run->checks, *cap * sizeof(*run->checks));
	}
	run->checks[run->nchecks++] = (struct occ_check_row){
		kernel, check, threads, dyn, expected, actual, actual_known, match,
	};
}

/* Attributes: the cubin's resources against cudaFuncGetAttributes. */
static size_t compare_attributes(struct occ_run *run, size_t *cap, struct check_kernel *c,
				 size_t *shown)
{
	struct { const char *what; long long cubin, rt; } attr[] = {
		{ "registers", c->cubin->regs, c->rt.regs },
		{ "smem_static_bytes", c->cubin->smem_static, c->rt.smem_static },
		{ "local_bytes", c->cubin->local_bytes, c->rt.local_bytes },
	};
	size_t diffs = 0;

	for (size_t j = 0; j < ARRAY_SIZE(attr); j++) {
		int match = attr[j].cubin == attr[j].rt;
		add_row(run, cap, c->rt.name, attr[j].what, 0, 0, attr[j].cubin, attr[j].rt, 1, match);
		if (!match) {
			diffs++;
			if ((*shown)++ < MAX_DIFFS_SHOWN)
				gp_warn("%s: %s %lld in the cubin, %lld from cudaFuncGetAttributes",
					c->rt.name, attr[j].what, attr[j].cubin, attr[j].rt);
		}
	}
	return diffs;
}

/* The code the runtime runs, as the cubin reader sees it in this executable. */
static void find_cubins(struct check_kernel *ks, int nk, struct cubin_set *set)
{
	char err[256];

	for (int k = 0; k < nk; k++)
		ks[k].barriers = 1;
	if (cubin_read_file("/proc/self/exe", set, err, sizeof(err))) {
		gp_warn("cannot read this executable's kernels ('/proc/self/exe': %s): "
			"attributes not compared, 1 barrier assumed", err);
		return;
	}
	for (int k = 0; k < nk; k++) {
		struct check_kernel *c = &ks[k];

		for (size_t i = 0; i < set->n; i++)
			if (set->k[i].sm == c->rt.binary_version &&
			    kernel_name_matches(set->k[i].name, c->rt.name))
				c->cubin = &set->k[i];
		if (!c->cubin)
			gp_warn("%s: no sm_%d cubin in this executable (the runtime compiled PTX): "
				"attributes not compared", c->rt.name, c->rt.binary_version);
		else
			c->barriers = c->cubin->barriers;
	}
}

/* The grid of block sizes x dynamic shared memory for every kernel. */
static struct occ_rt_point *grid(const struct sm_arch *a, const struct check_kernel *ks, int nk,
				 size_t *n)
{
	size_t cap = (size_t)nk * ARRAY_SIZE(grid_threads) * 32;
	struct occ_rt_point *pts = gp_xcalloc(cap, sizeof(*pts));

	*n = 0;
	for (int k = 0; k < nk; k++) {
		long long smem[32] = { 0 };
		size_t ns = grid_smem(a, &ks[k].rt, smem);

		for (size_t i = 0; i < ARRAY_SIZE(grid_threads); i++)
			for (size_t j = 0; j < ns && *n < cap; j++)
				pts[(*n)++] = (struct occ_rt_point){ .kernel = k,
					.threads = grid_threads[i], .dynamic_smem = smem[j] };
	}
	return pts;
}

/* One point against the calculator: active blocks, and whether it launches. */
static int compare_point(struct occ_run *run, size_t *cap, struct check_kernel *c,
			 const struct occ_rt_point *p, size_t *diffs, size_t *shown)
{
	struct occ_input in = {
		p->threads, c->rt.regs, c->rt.smem_static + p->dynamic_smem,
		OCC_CARVEOUT_DEFAULT, c->barriers,
	};
	struct occ_result r;
	int fits_bound = p->threads <= c->rt.max_threads, expect, match;

	if (occ_compute(&run->arch, &in, &r)) {
		char sz[32];
		return gp_error(GP_EXIT_FAIL, "%s: the calculator refused %d threads with %s of "
				"shared memory", c->rt.name, p->threads,
				format_size(sz, sizeof(sz), (uint64_t)in.smem));
	}
	c->configs++;
	/* the kernel's own limit (launch bounds, registers) is outside the calculator */
	if (fits_bound) {
		int got = p->runtime_blocks;

		match = got == r.blocks || (got < 0 && r.blocks == 0);
		add_row(run, cap, c->rt.name, "active_blocks_per_sm", p->threads, p->dynamic_smem,
			r.blocks, got, got >= 0, match);
		if (!match) {
			(*diffs)++;
			c->diffs++;
			if ((*shown)++ < MAX_DIFFS_SHOWN)
				gp_warn("%s, %d threads, %lld B dynamic: calculator %d blocks, runtime %d",
					c->rt.name, p->threads, p->dynamic_smem, r.blocks, got);
		}
	}
	expect = fits_bound && r.blocks > 0;
	match = expect == p->launched;
	add_row(run, cap, c->rt.name, "launch", p->threads, p->dynamic_smem, expect, p->launched, 1,
		match);
	if (!match) {
		(*diffs)++;
		c->diffs++;
		if ((*shown)++ < MAX_DIFFS_SHOWN)
			gp_warn("%s, %d threads, %lld B dynamic: expected the launch to %s, it %s",
				c->rt.name, p->threads, p->dynamic_smem, expect ? "run" : "be refused",
				p->launched ? "ran" : "was refused");
	}
	return 0;
}

int occ_check_runtime(const struct gp_device *dev, struct occ_run *run)
{
	struct cubin_set set = { 0 };
	struct check_kernel *ks;
	struct occ_rt_kernel *rt;
	struct occ_rt_point *pts = NULL;
	size_t npts = 0, cap = 0, diffs = 0, shown = 0;
	int nk = occ_rt_count(), rc;

	ks = gp_xcalloc((size_t)nk, sizeof(*ks));
	rt = gp_xcalloc((size_t)nk, sizeof(*rt));
	rc = occ_rt_kernels(dev, rt);
	for (int k = 0; k < nk; k++)
		ks[k].rt = rt[k];
	free(rt);
	if (rc)
		goto out;
	find_cubins(ks, nk, &set);
	for (int k = 0; k < nk; k++)
		if (ks[k].cubin)
			diffs += compare_attributes(run, &cap, &ks[k], &shown);
	pts = grid(&run->arch, ks, nk, &npts);
	if ((rc = occ_rt_measure(pts, npts)))
		goto out;
	for (size_t i = 0; i < npts && !rc; i++)
		rc = compare_point(run, &cap, &ks[pts[i].kernel], &pts[i], &diffs, &shown);
	if (rc)
		goto out;
	if (diffs) {
		rc = gp_error(GP_EXIT_FAIL, "occupancy check: %zu of %zu comparisons differ from the "
			      "CUDA runtime on device %d", diffs, run->nchecks, dev->index);
		goto out;
	}
	run->ckernels = gp_xcalloc((size_t)nk, sizeof(*run->ckernels));
	run->nckernels = (size_t)nk;
	for (int k = 0; k < nk; k++)
		run->ckernels[k] = (struct occ_check_kernel){
			ks[k].rt.name, ks[k].rt.regs, ks[k].barriers, ks[k].rt.max_threads,
			ks[k].rt.smem_static, ks[k].rt.local_bytes, ks[k].configs, ks[k].diffs,
		};
out:
	free(pts);
	free(ks);
	cubin_set_free(&set);
	return rc;
}
