/*
 * gpuperf occupancy --kernel FILE: each kernel of a compiled file, for
 * each architecture it holds code for (or the one given), with its
 * resources and, given a block size or from its launch bounds, its
 * occupancy.  No driver needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/demangle.h"
#include "occupancy/kernel-file.h"
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
		rc = gp_error(GP_EXIT_USAGE, "--function: no kernel '%s' in '%s' (kernels: %s)",
			      function, run->file, list);
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
	char err[256];
	int rc = 0, named = 0;

	if (cubin_read_file(run->file, &run->set, err, sizeof(err)))
		return gp_error(GP_EXIT_FAIL, "'%s': %s", run->file, err);
	if (set->n == 0)
		return gp_error(GP_EXIT_FAIL, "'%s': no kernels in its %d cubin%s", run->file,
				set->cubins, set->cubins == 1 ? "" : "s");
	run->rows = gp_xcalloc(set->n, sizeof(*run->rows));
	keep = gp_xcalloc(set->n, 1);
	if (target >= 0)
		pick_code(set, target, keep);
	for (size_t i = 0; i < set->n && !rc; i++) {
		const struct cubin_kernel *k = &set->k[i];
		const struct sm_arch *a;
		struct occ_kernel_row *kr;

		if (function && !kernel_name_matches(k->name, function))
			continue;
		named = 1;
		if (target >= 0 && !keep[i])
			continue;
		kr = &run->rows[run->nrows++];
		kr->k = k;
		kr->demangled = kernel_demangle(k->name);
		a = target >= 0 ? &run->arch : arch_lookup_sm(k->sm);
		if (a) {
			kr->a = *a;
			kr->have_arch = 1;
		}
		rc = compute_row(run, kr);
	}
	free(keep);
	if (rc)
		return rc;
	if (run->nrows == 0)
		return nothing_found(run, function, named);
	return 0;
}
