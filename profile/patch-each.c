/* The runs of profile --patch-each: profile/patch-each.h says what. */
#include <stdlib.h>
#include <string.h>
#include "profile/analyze.h"
#include "profile/patch-each.h"
#include "profile/where.h"
#include "util/error.h"

/* Whether kernel is one of the n wanted already (a kernel on several devices runs once). */
static int listed(const struct prof_analysis *a, const size_t *want, size_t n, const char *kernel)
{
	for (size_t j = 0; j < n; j++)
		if (!strcmp(a->k[want[j]].kernel, kernel))
			return 1;
	return 0;
}

size_t prof_patch_wanted(const struct prof_analysis *a, size_t *want)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n; i++) {
		const struct prof_kernel *k = &a->k[i];

		if (!k->where.known && prof_where_count(k->verdict) != PW_NONE &&
		    prof_worth_fixing(k) && !listed(a, want, n, k->kernel))
			want[n++] = i;
	}
	return n;
}

/* Whether the first run's report wants r from the run patching kernel. */
static int wanted(const struct prof_rec *r, const char *kernel)
{
	return r->type == PROF_DEVICE ||
	       (r->type == PROF_PC && r->inst_executed && r->kernel && !strcmp(r->kernel, kernel)) ||
	       (r->type == PROF_NOTE && r->level && !strcmp(r->level, "warning"));
}

size_t prof_patch_merge(struct prof_records *rs, struct prof_records *run, const char *kernel,
			const char *label)
{
	size_t moved = 0;

	for (size_t i = 0; i < run->n; i++) {
		struct prof_rec *r = &run->v[i];

		if (!wanted(r, kernel))
			continue;
		if (r->type == PROF_NOTE) {
			char *text = gp_xasprintf("the run patching %s: %s", label,
						  r->text ? r->text : "");

			free(r->text);
			r->text = text;
		}
		moved += r->type == PROF_PC;
		prof_records_push(rs, r);
		prof_rec_init(r, PROF_NOTE, r->pid);   /* its strings are rs's now */
	}
	return moved;
}
