/* gpuperf profile --by instruction: profile/instructions.h says what. */
#include <stdlib.h>
#include <string.h>
#include "profile/instructions.h"
#include "profile/where.h"
#include "util/error.h"

/* The row of a's kernels that r's kernel is (by device and mangled name); -1: none kept. */
static long kernel_of(const struct prof_analysis *a, const struct prof_rec *r)
{
	for (size_t i = 0; i < a->n; i++)
		if (a->k[i].dev == r->dev && !strcmp(a->k[i].kernel, r->kernel))   /* a pc record has one */
			return (long)i;
	return -1;
}

/*
 * By kernel row (pointers into a->k: the analysis's order), the most
 * samples, the most excess, the lowest offset.
 */
static int by_kernel_then_samples(const void *x, const void *y)
{
	const struct prof_instr *a = x, *b = y;

	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	if (a->st.total != b->st.total)
		return a->st.total > b->st.total ? -1 : 1;
	if (a->excess != b->excess)
		return a->excess > b->excess ? -1 : 1;
	return (a->offset > b->offset) - (a->offset < b->offset);
}

/* By kernel row, the most samples, the lowest line. */
static int by_kernel_then_line_samples(const void *x, const void *y)
{
	const struct prof_line *a = x, *b = y;

	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	if (a->samples != b->samples)
		return a->samples > b->samples ? -1 : 1;
	return (a->line > b->line) - (a->line < b->line);
}

/*
 * The lines of in's instructions (every one, sorted by kernel): each
 * kernel's samples by file and line, most first.
 */
static void add_lines(struct prof_instrs *in, const double *total, const struct prof_kernel *k0)
{
	size_t first = 0;   /* the current kernel's first line */

	in->lines = gp_xcalloc(in->n ? in->n : 1, sizeof(*in->lines));
	for (size_t i = 0; i < in->n; i++) {
		const struct prof_instr *x = &in->v[i];
		struct prof_line *l = NULL;

		if (i && x->k != in->v[i - 1].k)
			first = in->nlines;
		if (!x->file || !x->st.total)
			continue;
		for (size_t j = first; j < in->nlines && !l; j++)
			if (in->lines[j].line == x->line && !strcmp(in->lines[j].file, x->file))
				l = &in->lines[j];
		if (!l) {
			l = &in->lines[in->nlines++];
			l->k = x->k;
			l->file = gp_xstrdup(x->file);
			l->line = x->line;
		}
		l->samples += x->st.total;
		l->kernel_share = l->samples / total[x->k - k0];
	}
	qsort(in->lines, in->nlines, sizeof(*in->lines), by_kernel_then_line_samples);
}

/* The row of kernel k at offset in in->v, made where there is none. */
static struct prof_instr *row_of(struct prof_instrs *in, const struct prof_kernel *k,
				 const struct prof_rec *r)
{
	struct prof_instr *x;

	for (size_t i = 0; i < in->n; i++)
		if (in->v[i].k == k && in->v[i].offset == r->hot_pc)
			return &in->v[i];
	x = &in->v[in->n++];
	x->k = k;
	x->offset = r->hot_pc;
	x->file = r->hot_file ? gp_xstrdup(r->hot_file) : NULL;
	x->line = (unsigned)r->hot_line;
	x->sass = r->sass ? gp_xstrdup(r->sass) : NULL;
	return x;
}

/* A pc record's samples, or its counts where it is a memory instruction: 1 when it has a row. */
static int add_record(struct prof_instrs *in, const struct prof_kernel *k, const struct prof_rec *r)
{
	struct prof_instr *x;

	if (!r->stall_samples && !(r->inst_executed && (r->sectors || r->wavefronts)))
		return 0;
	x = row_of(in, k, r);
	if (r->stall_samples) {
		x->launch = r->nth;
		for (int s = 0; s < PS_N; s++)
			x->st.by[s] = (double)r->stall[s];
		x->st.total = (double)r->stall_samples;
	} else {
		x->counted_launch = r->nth;
		x->executed = r->inst_executed;
		x->sectors = r->sectors;
		x->sectors_ideal = r->sectors_ideal;
		x->wavefronts = r->wavefronts;
		x->wavefronts_ideal = r->wavefronts_ideal;
		x->excess = prof_where_excess(r, PW_SECTORS) + prof_where_excess(r, PW_WAVEFRONTS);
		x->op = r->op ? gp_xstrdup(r->op) : NULL;
		x->op_bytes = r->op_bytes;
	}
	return 1;
}

void prof_instructions(const struct prof_records *rs, const struct prof_analysis *a, size_t top,
		       struct prof_instrs *in)
{
	double *total = gp_xcalloc(a->n ? a->n : 1, sizeof(*total));
	size_t kept = 0;

	memset(in, 0, sizeof(*in));
	in->v = gp_xcalloc(rs->n ? rs->n : 1, sizeof(*in->v));
	for (size_t i = 0; i < rs->n; i++) {
		const struct prof_rec *r = &rs->v[i];
		long k;

		if (r->type != PROF_PC || (k = kernel_of(a, r)) < 0 || !add_record(in, &a->k[k], r))
			continue;
		total[k] += (double)r->stall_samples;
	}
	qsort(in->v, in->n, sizeof(*in->v), by_kernel_then_samples);
	add_lines(in, total, a->k);
	for (size_t i = 0, nth = 0; i < in->n; i++) {
		struct prof_instr *x = &in->v[i];

		if (!i || x->k != in->v[i - 1].k) {
			nth = 0;
			in->kernels++;
		}
		x->kernel_share = total[x->k - a->k] > 0 ? x->st.total / total[x->k - a->k] : 0;
		if (top && ++nth > top) {
			free(x->file);
			free(x->op);
			free(x->sass);
			in->others++;
			continue;
		}
		in->v[kept++] = *x;
	}
	in->n = kept;
	free(total);
}
