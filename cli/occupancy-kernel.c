/*
 * gpuperf occupancy --kernel FILE: each kernel of a compiled file, for
 * each architecture it holds code for, with its resources and (given a
 * block size, or from its launch bounds) its occupancy.  No driver needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/occupancy-cli.h"
#include "occupancy/cubin.h"
#include "occupancy/demangle.h"
#include "util/compat.h"
#include "util/error.h"

/* The SMs present, "sm_75, sm_90", into buf. */
static const char *sms_present(const struct cubin_set *set, char *buf, size_t n)
{
	size_t used = 0;
	int seen[256] = { 0 };

	buf[0] = '\0';
	for (size_t i = 0; i < set->n; i++) {
		int sm = set->k[i].sm;
		if (sm < 0 || sm > 255 || seen[sm])
			continue;
		seen[sm] = 1;
		int w = snprintf(buf + used, n - used, "%ssm_%d", used ? ", " : "", sm);
		if (w < 0 || (size_t)w >= n - used)
			break;
		used += (size_t)w;
	}
	return buf;
}

/* Kernel names (demangled, the first dozen) for a "no kernel named" message. */
static char *kernel_list(const struct cubin_set *set)
{
	const char *shown[12];
	size_t cap = 1024, used = 0, n = 0;
	char *buf = gp_xmalloc(cap);

	buf[0] = '\0';
	for (size_t i = 0; i < set->n && n < ARRAY_SIZE(shown); i++) {
		int dup = 0;
		for (size_t j = 0; j < n; j++)
			dup |= !strcmp(set->k[i].name, shown[j]);
		if (dup)
			continue;
		char *d = kernel_demangle(set->k[i].name);
		int w = snprintf(buf + used, cap - used, "%s'%s'", used ? ", " : "", d ? d : set->k[i].name);
		free(d);
		if (w < 0 || (size_t)w >= cap - used)
			break;
		used += (size_t)w;
		shown[n++] = set->k[i].name;
	}
	if (n == ARRAY_SIZE(shown) && used + 8 < cap)
		strcat(buf, ", ...");
	return buf;
}

static const struct cubin_set *sort_set;

static int by_name_sm(const void *a, const void *b)
{
	const struct cubin_kernel *x = &sort_set->k[*(const size_t *)a];
	const struct cubin_kernel *y = &sort_set->k[*(const size_t *)b];
	int c = strcmp(x->name, y->name);

	return c ? c : (x->sm > y->sm) - (x->sm < y->sm);
}

/*
 * With --arch: mark the code the driver would run there, for each kernel
 * the same SM or else the newest older one of the same major (binary
 * compatible).  keep[i] = 1 for the chosen entries.
 */
static void pick_code(const struct cubin_set *set, int target, unsigned char *keep)
{
	size_t *idx = gp_xcalloc(set->n ? set->n : 1, sizeof(*idx));

	for (size_t i = 0; i < set->n; i++)
		idx[i] = i;
	sort_set = set;
	qsort(idx, set->n, sizeof(*idx), by_name_sm);
	for (size_t i = 0; i < set->n;) {
		size_t j = i;
		int best = -1;

		for (; j < set->n && !strcmp(set->k[idx[j]].name, set->k[idx[i]].name); j++) {
			int sm = set->k[idx[j]].sm;
			if (sm / 10 == target / 10 && sm <= target)
				best = sm;  /* ascending: the last that fits is the newest */
		}
		/* every module's copy of that code (a name may be in several) */
		for (size_t m = i; m < j; m++)
			if (set->k[idx[m]].sm == best)
				keep[idx[m]] = 1;
		i = j;
	}
	free(idx);
}

struct kernel_row {
	const struct cubin_kernel *k;
	const struct sm_arch *a;     /* limits used; NULL when the table lacks the SM */
	char *demangled;
	int threads;                 /* 0: unknown, no occupancy */
	const char *threads_from;
	struct occ_input in;
	struct occ_result r;
	int computed;
};

static void human_table(struct gp_ctx *ctx, const struct occ_opts *o, const struct cubin_set *set,
			struct kernel_row *rows, size_t n)
{
	static const struct report_col cols[] = {
		{ "kernel", "kernel", REPORT_STR, 0 },
		{ "arch", "arch", REPORT_STR, 0 },
		{ "regs", "regs", REPORT_INT, 0 },
		{ "smem", "static smem (B)", REPORT_INT, 0 },
		{ "local", "local (B)", REPORT_INT, 0 },
		{ "bound", "bound", REPORT_INT, 0 },
		{ "barriers", "barriers", REPORT_INT, 0 },
		{ "threads", "threads", REPORT_INT, 0 },
		{ "blocks", "blocks/SM", REPORT_INT, 0 },
		{ "warps", "warps/SM", REPORT_INT, 0 },
		{ "occupancy", "occupancy (%)", REPORT_DBL, 1 },
		{ "limiter", "limited by", REPORT_STR, 0 },
	};
	char title[1200], buf[96];
	struct report_table *t;
	int any_reserved = 0, any_unknown = 0, any_threads = 0;

	snprintf(title, sizeof(title), "Kernels in %s", o->kernel);
	t = report_add_table(&ctx->report, title, cols, ARRAY_SIZE(cols));
	for (size_t i = 0; i < n; i++) {
		struct kernel_row *kr = &rows[i];
		size_t row = report_add_row(t);

		report_set_str(t, row, 0, kr->demangled ? kr->demangled : kr->k->name);
		if (kr->a && (kr->a->major * 10 + kr->a->minor) != kr->k->sm)
			snprintf(buf, sizeof(buf), "sm_%d on %s", kr->k->sm, kr->a->name);
		else
			snprintf(buf, sizeof(buf), "sm_%d", kr->k->sm);
		report_set_str(t, row, 1, buf);
		if (kr->k->regs >= 0)
			report_set_int(t, row, 2, kr->k->regs);
		report_set_int(t, row, 3, kr->k->smem_static);
		report_set_int(t, row, 4, kr->k->local_bytes);
		if (kr->k->max_threads)
			report_set_int(t, row, 5, kr->k->max_threads);
		report_set_int(t, row, 6, kr->k->barriers);
		any_reserved |= kr->k->smem_file > kr->k->smem_static;
		any_unknown |= !kr->a;
		if (kr->threads > 0) {
			any_threads = 1;
			report_set_int(t, row, 7, kr->threads);
		}
		if (!kr->computed)
			continue;
		report_set_int(t, row, 8, kr->r.blocks);
		report_set_int(t, row, 9, kr->r.active_warps);
		report_set_dbl(t, row, 10, kr->r.occupancy_pct);
		report_set_str(t, row, 11, occ_limiter_words(kr->r.binding, 0, buf, sizeof(buf)));
	}
	report_note(t, "static smem is the kernel's own (as ptxas and cudaFuncGetAttributes "
		    "count it)%s", any_reserved ? "; the cubin's .nv.shared sizes, like cuobjdump's "
		    "SHARED, include the 1 KiB the driver reserves on sm_90 and later" : "");
	if (o->smem)
		report_note(t, "occupancy with %lld bytes of dynamic shared memory per block", o->smem);
	if (!any_threads)
		report_note(t, "no block size: give --threads N for occupancy (kernels with "
			    "__launch_bounds__ use their bound)");
	else if (!o->threads)
		report_note(t, "threads: each kernel's launch bound; --threads N for another block size");
	if (any_unknown)
		report_note(t, "no occupancy for an SM gpuperf's table lacks");
	if (set->decompressed)
		report_note(t, "%d zstd-compressed cubin%s read", set->decompressed,
			    set->decompressed == 1 ? "" : "s");
	if (set->compressed)
		report_note(t, "%d compressed cubin%s skipped: %s", set->compressed,
			    set->compressed == 1 ? "" : "s", set->compressed_why);
	if (set->ptx)
		report_note(t, "%d PTX entr%s skipped (no resource data before JIT compilation)",
			    set->ptx, set->ptx == 1 ? "y" : "ies");
}

static void machine_table(struct gp_ctx *ctx, const struct occ_opts *o, struct kernel_row *rows,
			  size_t n)
{
	struct report_table *t = occ_machine_table(ctx, "Kernels", OCC_TABLE_KERNEL);
	char sm[16];

	for (size_t i = 0; i < n; i++) {
		struct kernel_row *kr = &rows[i];
		size_t row = report_add_row(t);

		if (kr->a)
			occ_set_identity(ctx, o, t, row, kr->a);
		if (kr->computed)
			occ_fill_result(t, row, kr->a, &kr->in, &kr->r);
		else if (kr->threads > 0)
			occ_set_int(t, row, "threads_per_block", kr->threads);
		/* the code's own architecture, even when run on another */
		snprintf(sm, sizeof(sm), "sm_%d", kr->k->sm);
		occ_set_str(t, row, "arch", sm);
		occ_set_str(t, row, "kernel", kr->demangled ? kr->demangled : kr->k->name);
		occ_set_str(t, row, "kernel_symbol", kr->k->name);
		if (kr->k->regs >= 0)
			occ_set_int(t, row, "regs_per_thread", kr->k->regs);
		occ_set_int(t, row, "smem_static_bytes", kr->k->smem_static);
		occ_set_int(t, row, "local_bytes_per_thread", kr->k->local_bytes);
		if (kr->k->max_threads)
			occ_set_int(t, row, "launch_bound_threads", kr->k->max_threads);
		occ_set_int(t, row, "barriers_per_block", kr->k->barriers);
	}
}

int occ_run_kernels(struct gp_ctx *ctx, const struct occ_opts *o)
{
	struct cubin_set set = { 0 };
	struct kernel_row *rows = NULL;
	unsigned char *keep = NULL;
	size_t n = 0;
	char err[256], sms[256];
	int target = o->arch ? o->arch->major * 10 + o->arch->minor : -1;
	int rc = 0, named = 0;

	if (cubin_read_file(o->kernel, &set, err, sizeof(err))) {
		rc = gp_error(GP_EXIT_FAIL, "'%s': %s", o->kernel, err);
		goto out;
	}
	if (set.n == 0) {
		rc = gp_error(GP_EXIT_FAIL, "'%s': no kernels in its %d cubin%s", o->kernel, set.cubins,
			      set.cubins == 1 ? "" : "s");
		goto out;
	}
	rows = gp_xcalloc(set.n, sizeof(*rows));
	keep = gp_xcalloc(set.n, 1);
	if (target >= 0)
		pick_code(&set, target, keep);
	for (size_t i = 0; i < set.n; i++) {
		const struct cubin_kernel *k = &set.k[i];
		struct kernel_row *kr;

		if (o->function && !kernel_name_matches(k->name, o->function))
			continue;
		named = 1;
		if (target >= 0 && !keep[i])
			continue;
		kr = &rows[n++];
		kr->k = k;
		kr->demangled = kernel_demangle(k->name);
		kr->a = target >= 0 ? o->arch : arch_lookup_cc(k->sm / 10, k->sm % 10);
		kr->threads = o->threads ? o->threads : k->reqntid ? k->reqntid : k->max_threads;
		if (!kr->a || kr->threads <= 0 || k->regs < 0)
			continue;
		if (kr->threads > kr->a->max_threads_per_block) {
			if (o->threads) {
				rc = gp_error(GP_EXIT_USAGE, "--threads: %d is more than %s allows per block (%d)",
					      kr->threads, kr->a->name, kr->a->max_threads_per_block);
				goto out;
			}
			/* a bound past the architecture's maximum bounds nothing */
			kr->threads = kr->a->max_threads_per_block;
		}
		/* past the launch bound the launch fails: no occupancy to speak of */
		if ((k->max_threads && kr->threads > k->max_threads) ||
		    (k->reqntid && kr->threads != k->reqntid)) {
			gp_warn("%s: %d threads per block do not fit its launch bounds (%d): "
				"such a launch fails", kr->demangled ? kr->demangled : k->name,
				kr->threads, k->reqntid ? k->reqntid : k->max_threads);
			continue;
		}
		kr->in.threads = kr->threads;
		kr->in.regs = k->regs;
		kr->in.smem = k->smem_static + o->smem;
		kr->in.carveout = kr->a->carveout ? o->carveout : OCC_CARVEOUT_DEFAULT;
		kr->in.barriers = k->barriers;
		if (occ_compute(kr->a, &kr->in, &kr->r)) {
			rc = gp_error(GP_EXIT_FAIL, "%s: the calculator refused the kernel's resources",
				      kr->demangled ? kr->demangled : k->name);
			goto out;
		}
		kr->computed = 1;
		if (kr->r.blocks == 0)
			occ_warn_cannot_launch(kr->demangled ? kr->demangled : k->name, kr->a, &kr->r);
	}
	if (n == 0) {
		if (o->function && !named) {
			char *list = kernel_list(&set);
			rc = gp_error(GP_EXIT_USAGE, "--function: no kernel '%s' in '%s' (kernels: %s)",
				      o->function, o->kernel, list);
			free(list);
		} else if (target >= 0) {
			rc = gp_error(GP_EXIT_FAIL, "'%s' has no code that runs on %s (it has %s)",
				      o->kernel, o->arch->name, sms_present(&set, sms, sizeof(sms)));
		} else {
			rc = gp_error(GP_EXIT_FAIL, "'%s': no kernels found (%d cubin%s read)", o->kernel,
				      set.cubins, set.cubins == 1 ? "" : "s");
		}
		goto out;
	}
	if (ctx->format == REPORT_TABLE)
		human_table(ctx, o, &set, rows, n);
	else
		machine_table(ctx, o, rows, n);
out:
	for (size_t i = 0; i < n; i++)
		free(rows[i].demangled);
	free(rows);
	free(keep);
	cubin_set_free(&set);
	return rc;
}
