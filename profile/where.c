/* Where a verdict sits: profile/where.h says what. */
#include <stdlib.h>
#include <string.h>
#include "profile/where.h"
#include "util/error.h"
#include "util/parse.h"

enum prof_where_count prof_where_count(enum prof_verdict v)
{
	switch (v) {
	case PV_LOAD_COALESCING:
	case PV_STORE_COALESCING:
	case PV_CP_ASYNC_COALESCING:
	case PV_ATOMIC_COALESCING:
		return PW_SECTORS;
	case PV_SHARED_LOAD_CONFLICTS:
	case PV_SHARED_STORE_CONFLICTS:
	case PV_SHARED_ATOMIC_CONFLICTS:
		return PW_WAVEFRONTS;
	default:
		return PW_NONE;
	}
}

int prof_where_op(enum prof_verdict v, const char *op)
{
	static const struct {
		enum prof_verdict v;
		const char *ops[2];
	} kinds[] = {
		{ PV_LOAD_COALESCING, { "LDG" } },
		{ PV_STORE_COALESCING, { "STG" } },
		{ PV_CP_ASYNC_COALESCING, { "LDGSTS" } },
		{ PV_ATOMIC_COALESCING, { "ATOMG", "REDG" } },
		{ PV_SHARED_LOAD_CONFLICTS, { "LDS", "LDSM" } },
		{ PV_SHARED_STORE_CONFLICTS, { "STS" } },
		{ PV_SHARED_ATOMIC_CONFLICTS, { "ATOMS" } },
	};

	if (!op)   /* the chip counts no operations: every instruction with excess */
		return prof_where_count(v) != PW_NONE;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		for (size_t j = 0; kinds[i].v == v && j < 2 && kinds[i].ops[j]; j++)
			if (!strcmp(kinds[i].ops[j], op))
				return 1;
	return 0;
}

double prof_where_excess(const struct prof_rec *r, enum prof_where_count c)
{
	unsigned long long n = c == PW_SECTORS ? r->sectors : c == PW_WAVEFRONTS ? r->wavefronts : 0;
	unsigned long long ideal = c == PW_SECTORS ? r->sectors_ideal : r->wavefronts_ideal;

	return n > ideal ? (double)(n - ideal) : 0;
}

/* Whether r counts an instruction of k's kernel of its verdict's kind, with excess. */
static double counted(const struct prof_rec *r, const struct prof_kernel *k)
{
	if (r->type != PROF_PC || !r->inst_executed || r->dev != k->dev || !r->kernel ||
	    strcmp(r->kernel, k->kernel) || !prof_where_op(k->verdict, r->op))
		return 0;
	return prof_where_excess(r, prof_where_count(k->verdict));
}

static int same_line(const struct prof_rec *a, const struct prof_rec *b)
{
	return a->hot_line == b->hot_line &&
	       (a->hot_file && b->hot_file ? !strcmp(a->hot_file, b->hot_file) : a->hot_file == b->hot_file);
}

/* The line with the most excess, the worst instruction, and the total, into k->where. */
static void find(const struct prof_records *rs, struct prof_kernel *k)
{
	struct prof_where *w = &k->where;
	const struct prof_rec *worst = NULL, *line = NULL;
	double total = 0, top = 0, line_top = 0;

	for (size_t i = 0; i < rs->n; i++) {
		double e = counted(&rs->v[i], k), on_line = 0;
		unsigned n = 0;

		if (!e)
			continue;
		total += e;
		w->instrs++;
		if (e > top) {
			top = e;
			worst = &rs->v[i];
		}
		for (size_t j = 0; j < rs->n; j++) {
			double f = counted(&rs->v[j], k);

			if (f && same_line(&rs->v[i], &rs->v[j])) {
				on_line += f;
				n++;
			}
		}
		if (on_line > line_top) {
			line_top = on_line;
			line = &rs->v[i];
			w->line_instrs = n;
		}
	}
	if (!worst)
		return;
	w->known = 1;
	w->launch = worst->nth;
	w->offset = worst->hot_pc;
	w->op = worst->op ? gp_xstrdup(worst->op) : NULL;
	w->sass = worst->sass ? gp_xstrdup(worst->sass) : NULL;
	w->bytes = worst->op_bytes;
	w->share = top / total;
	w->file = line->hot_file ? gp_xstrdup(line->hot_file) : NULL;
	w->line = (unsigned)line->hot_line;
	w->line_share = line_top / total;
}

/*
 * "STG.E (4 bytes a thread)": the opcode nvdisasm names, else the
 * operation counted; "STG", or "an instruction", without a width.
 */
static char *what(const struct prof_where *w)
{
	const char *name = w->op;
	int len = name ? (int)strlen(name) : 0;

	if (w->sass) {   /* its opcode: the first word, after a predicate ("@P0") */
		name = w->sass + (w->sass[0] == '@' ? strcspn(w->sass, " ") : 0);
		name += strspn(name, " ");
		len = (int)strcspn(name, " ");
	}
	if (name && w->bytes)
		return gp_xasprintf("%.*s (%d byte%s a thread)", len, name, w->bytes,
				    w->bytes == 1 ? "" : "s");
	return name ? gp_xasprintf("%.*s", len, name) : gp_xstrdup("an instruction");
}

void prof_where(const struct prof_records *rs, struct prof_kernel *k)
{
	struct prof_where *w = &k->where;
	char a[32], b[32], *op, *place, *text;

	if (prof_where_count(k->verdict) == PW_NONE)
		return;
	find(rs, k);
	if (!w->known || !k->verdict_text)
		return;
	op = what(w);
	place = w->file ? gp_xasprintf("%s:%u", w->file, w->line) : NULL;
	if (w->instrs == 1)
		text = gp_xasprintf("%s; where: one %s at %s (0x%llx) holds all the excess",
				    k->verdict_text, op, place ? place : "no source line", w->offset);
	else if (!place)
		text = gp_xasprintf("%s; where: %u instructions hold the excess, no source line "
				    "known (build with -lineinfo); the worst, %s at 0x%llx, %s %%",
				    k->verdict_text, w->instrs, op, w->offset,
				    format_pct(b, sizeof(b), 100 * w->share));
	else
		text = gp_xasprintf("%s; where: %s holds %s %% of the excess (%u of %u instructions); "
				    "the worst, %s at 0x%llx, %s %%", k->verdict_text, place,
				    format_pct(a, sizeof(a), 100 * w->line_share), w->line_instrs,
				    w->instrs, op, w->offset, format_pct(b, sizeof(b), 100 * w->share));
	free(k->verdict_text);
	k->verdict_text = text;
	free(op);
	free(place);
}
