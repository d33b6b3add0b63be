/*
 * gpuperf occupancy --binary FILE: each kernel of a compiled file, for
 * each architecture it holds code for (or the one given), with its
 * resources and, given a block size or from its launch bounds, its
 * occupancy.  No driver needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "occupancy/cubin.h"
#include "occupancy/kernel-file.h"
#include "occupancy/occupancy.h"
#include "util/filter.h"
#include "util/demangle.h"
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

static const struct cubin_set *sort_set;

static int by_name_sm(const void *a, const void *b)
{
	const struct cubin_kernel *x = &sort_set->k[*(const size_t *)a];
	const struct cubin_kernel *y = &sort_set->k[*(const size_t *)b];
	int c = strcmp(x->name, y->name);

	return c ? c : (x->sm > y->sm) - (x->sm < y->sm);
}

/*
 * For a "no kernel matches" message: how many kernels the file holds (by
 * name, whatever the SMs) and the first few, whole and demangled, in name
 * order: "3 kernels: 'a(int*)', 'b(float*)', 'c()'", "190 kernels, the first
 * 5: ... and 185 more", in symbol order.  Never cut in a name.
 */
#define LIST_SHOWN 5

static char *kernel_list(const struct cubin_set *set)
{
	size_t *idx = gp_xcalloc(set->n ? set->n : 1, sizeof(*idx)), names = 0, shown = 0;
	char *buf, *next;

	for (size_t i = 0; i < set->n; i++)
		idx[i] = i;
	sort_set = set;
	qsort(idx, set->n, sizeof(*idx), by_name_sm);
	for (size_t i = 0; i < set->n; i++)
		names += !i || strcmp(set->k[idx[i]].name, set->k[idx[i - 1]].name);
	if (names > LIST_SHOWN)
		buf = gp_xasprintf("%zu kernels, the first %d: ", names, LIST_SHOWN);
	else
		buf = gp_xasprintf("%zu kernel%s: ", names, names == 1 ? "" : "s");
	for (size_t i = 0; i < set->n && shown < LIST_SHOWN; i++) {
		const char *name = set->k[idx[i]].name;
		char *d;

		if (i && !strcmp(name, set->k[idx[i - 1]].name))
			continue;
		d = kernel_demangle(name);
		next = gp_xasprintf("%s%s'%s'", buf, shown ? ", " : "", d ? d : name);
		free(d);
		free(buf);
		buf = next;
		shown++;
	}
	if (names > shown) {
		next = gp_xasprintf("%s and %zu more", buf, names - shown);
		free(buf);
		buf = next;
	}
	free(idx);
	return buf;
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

/*
 * --function: the pattern anywhere in the demangled name, as profile
 * --kernel matches, or in the name as stored (a mangled symbol); an exact
 * name matches too, though its parentheses and asterisks mean something
 * else to a regular expression ("kbounds(float*, int)").
 */
static int name_matches(const struct prof_filter *f, const char *mangled, const char *demangled,
			const char *function)
{
	return prof_filter_match(f, demangled ? demangled : mangled) ||
	       prof_filter_match(f, mangled) || kernel_name_matches(mangled, function);
}

static const char *row_name(const struct occ_kernel_row *kr)
{
	return kr->demangled ? kr->demangled : kr->k->name;
}

/*
 * Occupancy of row kr from its kernel and the run's options: 0 (computed,
 * or nothing to compute: no block size, no limits), or a status.
 */
static int compute_row(const struct occ_run *run, struct occ_kernel_row *kr)
{
	const struct cubin_kernel *k = kr->k;
	const struct sm_arch *a = &kr->a;

	kr->threads = run->threads_given ? run->in.threads : k->reqntid ? k->reqntid : k->max_threads;
	if (!kr->have_arch || kr->threads <= 0 || k->regs < 0)
		return 0;
	if (kr->threads > a->max_threads_per_block) {
		if (run->threads_given)
			return gp_error(GP_EXIT_USAGE, "--threads: %d is more than %s allows per block (%d)",
					kr->threads, a->name, a->max_threads_per_block);
		/* a bound past the architecture's maximum bounds nothing */
		kr->threads = a->max_threads_per_block;
	}
	/* past the launch bound the launch fails: no occupancy to speak of */
	if ((k->max_threads && kr->threads > k->max_threads) ||
	    (k->reqntid && kr->threads != k->reqntid)) {
		gp_warn("%s: %d threads per block do not fit its launch bounds (%d): "
			"such a launch fails", row_name(kr), kr->threads,
			k->reqntid ? k->reqntid : k->max_threads);
		return 0;
	}
	kr->in.threads = kr->threads;
	kr->in.regs = k->regs;
	kr->in.smem = k->smem_static + run->dynamic_smem;
	kr->in.carveout = a->carveout ? run->in.carveout : OCC_CARVEOUT_DEFAULT;
	kr->in.barriers = k->barriers;
	if (occ_compute(a, &kr->in, &kr->r))
		return gp_error(GP_EXIT_FAIL, "%s: the calculator refused the kernel's resources",
				row_name(kr));
	kr->computed = 1;
	if (kr->r.blocks == 0)
		gp_warn("%s cannot launch on %s: %s (0 blocks per SM)", row_name(kr), a->name,
			occ_why_string(kr->r.why));
	return 0;
}

/* Nothing to show: say why, naming what the file holds. */
static int nothing_found(const struct occ_run *run, const char *function, int named)
{
	char sms[256];
	int rc;

	if (function && !named) {
		char *list = kernel_list(&run->set);
		rc = gp_error(GP_EXIT_USAGE, "--function: no kernel name in '%s' matches '%s' "
			      "(a POSIX extended regular expression, matched anywhere in the "
			      "demangled name); it holds %s", run->file, function, list);
		free(list);
		return rc;
	}
	if (run->have_arch)
		return gp_error(GP_EXIT_FAIL, "'%s' has no code that runs on %s (it has %s)",
				run->file, run->arch.name, sms_present(&run->set, sms, sizeof(sms)));
	return gp_error(GP_EXIT_FAIL, "'%s': no kernels found (%d cubin%s read)", run->file,
			run->set.cubins, run->set.cubins == 1 ? "" : "s");
}

int occ_run_kernels(struct occ_run *run, const char *function)
{
	const struct cubin_set *set = &run->set;
	int target = run->have_arch ? run->arch.major * 10 + run->arch.minor : -1;
	unsigned char *keep;
	struct prof_filter filter;
	char err[256];
	int rc = 0, named = 0;

	/* profile --kernel's filter; the option's check compiled it once already */
	if (prof_filter_init(&filter, function, err, sizeof(err)))
		return gp_error(GP_EXIT_USAGE, "--function: '%s' is not a regular expression: %s",
				function, err);
	if (cubin_read_file(run->file, &run->set, err, sizeof(err)))
		rc = gp_error(GP_EXIT_FAIL, "'%s': %s", run->file, err);
	else if (set->n == 0)
		rc = gp_error(GP_EXIT_FAIL, "'%s': no kernels in its %d cubin%s", run->file,
			      set->cubins, set->cubins == 1 ? "" : "s");
	if (rc) {
		prof_filter_free(&filter);
		return rc;
	}
	run->rows = gp_xcalloc(set->n, sizeof(*run->rows));
	keep = gp_xcalloc(set->n, 1);
	if (target >= 0)
		pick_code(set, target, keep);
	for (size_t i = 0; i < set->n && !rc; i++) {
		const struct cubin_kernel *k = &set->k[i];
		const struct sm_arch *a;
		struct occ_kernel_row *kr;

		char *demangled = kernel_demangle(k->name);

		if (function && !name_matches(&filter, k->name, demangled, function)) {
			free(demangled);
			continue;
		}
		named = 1;
		if (target >= 0 && !keep[i]) {
			free(demangled);
			continue;
		}
		kr = &run->rows[run->nrows++];
		kr->k = k;
		kr->demangled = demangled;
		a = target >= 0 ? &run->arch : arch_lookup_sm(k->sm);
		if (a) {
			kr->a = *a;
			kr->have_arch = 1;
		}
		rc = compute_row(run, kr);
	}
	free(keep);
	prof_filter_free(&filter);
	if (rc)
		return rc;
	if (run->nrows == 0)
		return nothing_found(run, function, named);
	return 0;
}
