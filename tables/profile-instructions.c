/*
 * gpuperf profile --by instruction: for each kernel with PC samples or a
 * patched launch, a table of its instructions, the most sampled first,
 * then the most excess (the HTML report's per-kernel tables); the
 * machines' table has them all (its columns:
 * results/profile-instructions.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile/analyze.h"
#include "profile/stalls.h"
#include "tables/profile.h"
#include "util/compat.h"
#include "util/error.h"

enum {
	I_KERNEL = TAB_NIDENTITY, I_MANGLED, I_LAUNCH, I_OFFSET, I_SASS, I_FILE, I_LINE, I_SAMPLES,
	I_KERNEL_PCT, I_TOP, I_TOP_PCT, I_STALLS, I_PHRASE, I_COUNTED, I_OP, I_OP_BYTES,
	I_EXECUTED, I_SECTORS, I_SECTORS_IDEAL, I_WAVEFRONTS, I_WAVEFRONTS_IDEAL,
};
_Static_assert(I_WAVEFRONTS_IDEAL + 1 == PROFILE_INSTR_NCOLUMNS, "PROFILE_INSTR_NCOLUMNS");

/* An instruction's offset in its kernel's SASS, as cuobjdump counts it: "0x1d0". */
static const char *offset_text(unsigned long long offset, char *buf, size_t n)
{
	snprintf(buf, n, "0x%llx", offset);
	return buf;
}

/* A path's file name, for the people's tables (the machines' have the path). */
static const char *file_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return base ? base + 1 : path;
}

static void machine_row(struct report_table *t, const struct profile_run *run,
			const struct prof_instr *x)
{
	size_t r = report_add_row(t);
	char off[32], *s;
	double share;
	int top;

	tab_profile_identity(t, r, x->k, run->hostname);
	report_set_str(t, r, I_KERNEL, x->k->name);
	report_set_str(t, r, I_MANGLED, x->k->kernel);
	if (x->launch)
		report_set_int(t, r, I_LAUNCH, (long long)x->launch);
	report_set_str(t, r, I_OFFSET, offset_text(x->offset, off, sizeof(off)));
	report_set_str(t, r, I_SASS, x->sass);
	if (x->file) {
		report_set_str(t, r, I_FILE, x->file);
		report_set_int(t, r, I_LINE, x->line);
	}
	if (x->launch) {
		report_set_int(t, r, I_SAMPLES, (long long)x->st.total);
		report_set_dbl(t, r, I_KERNEL_PCT, 100 * x->kernel_share);
		if ((top = prof_stalls_top(&x->st, &share)) >= 0) {
			report_set_str(t, r, I_TOP, prof_stall_code((enum prof_stall)top));
			report_set_dbl(t, r, I_TOP_PCT, 100 * share);
			report_set_str(t, r, I_PHRASE, prof_stall_phrase((enum prof_stall)top));
		}
		s = prof_stalls_list(&x->st, 0.01);
		report_set_str(t, r, I_STALLS, s);
		free(s);
	}
	if (x->counted_launch) {
		report_set_int(t, r, I_COUNTED, (long long)x->counted_launch);
		report_set_str(t, r, I_OP, x->op);
		if (x->op_bytes)
			report_set_int(t, r, I_OP_BYTES, x->op_bytes);
		report_set_int(t, r, I_EXECUTED, (long long)x->executed);
		report_set_int(t, r, I_SECTORS, (long long)x->sectors);
		report_set_int(t, r, I_SECTORS_IDEAL, (long long)x->sectors_ideal);
		report_set_int(t, r, I_WAVEFRONTS, (long long)x->wavefronts);
		report_set_int(t, r, I_WAVEFRONTS_IDEAL, (long long)x->wavefronts_ideal);
	}
}

/*
 * People's table, one per kernel: its columns of a kind shown where some
 * row has them (the instruction named, samples, the patched launch's
 * counts), so a kernel only sampled reads as before.
 */
enum { V_SASS = 1, V_SAMPLES = 2, V_PATCHED = 4, V_LAYOUTS = 8 };
enum { C_OFFSET, C_SASS, C_LINE, C_SAMPLES, C_PCT, C_STALLS, C_MEMORY, C_N };
static const struct report_col view_cols[C_N] = {
	{ "offset", "offset", REPORT_STR, 0 },
	{ "sass", "instruction", REPORT_STR, 0 },
	{ "line", "line", REPORT_STR, 0 },
	{ "samples", "samples", REPORT_INT, 0 },
	{ "pct", "(%)", REPORT_DBL, 1 },
	{ "stalls", "warp states (10 % or more)", REPORT_STR, 0 },
	{ "memory", "patched: operation, excess", REPORT_STR, 0 },
};
static const unsigned view_kind[C_N] = { 0, V_SASS, 0, V_SAMPLES, V_SAMPLES, V_SAMPLES, V_PATCHED };

/* The columns of each mix of kinds, made once; pos: a column's place, -1 left out. */
static struct {
	struct report_col cols[C_N];
	size_t n;
	int pos[C_N];
} layouts[V_LAYOUTS];

static const struct report_col *layout(unsigned kinds, size_t *n, const int **pos)
{
	if (!layouts[kinds].n)
		for (int c = 0; c < C_N; c++) {
			int in = !view_kind[c] || (view_kind[c] & kinds);

			layouts[kinds].pos[c] = in ? (int)layouts[kinds].n : -1;
			if (in)
				layouts[kinds].cols[layouts[kinds].n++] = view_cols[c];
		}
	*n = layouts[kinds].n;
	*pos = layouts[kinds].pos;
	return layouts[kinds].cols;
}

/* "STG 4 B, 3670016 of 4194304 sectors excess", or NULL: not counted */
static char *memory_cell(const struct prof_instr *x)
{
	int shared = x->wavefronts > 0;
	char op[32] = "";

	if (!x->counted_launch)
		return NULL;
	if (x->op)
		snprintf(op, sizeof(op), x->op_bytes ? "%s %d B, " : "%s, ", x->op, x->op_bytes);
	return gp_xasprintf("%s%.0f of %llu %s excess", op, x->excess,
			    shared ? x->wavefronts : x->sectors, shared ? "wavefronts" : "sectors");
}

static void view_row(struct report_table *t, const int *pos, const struct prof_instr *x)
{
	size_t r = report_add_row(t);
	char off[32], line[80], *s;

	report_set_str(t, r, (size_t)pos[C_OFFSET], offset_text(x->offset, off, sizeof(off)));
	if (pos[C_SASS] >= 0)
		report_set_str(t, r, (size_t)pos[C_SASS], x->sass);
	if (x->file) {
		snprintf(line, sizeof(line), "%s:%u", file_name(x->file), x->line);
		report_set_str(t, r, (size_t)pos[C_LINE], line);
	}
	if (x->launch) {
		report_set_int(t, r, (size_t)pos[C_SAMPLES], (long long)x->st.total);
		report_set_dbl(t, r, (size_t)pos[C_PCT], 100 * x->kernel_share);
		s = prof_stalls_list(&x->st, 0.10);
		report_set_str(t, r, (size_t)pos[C_STALLS], s);
		free(s);
	}
	if ((s = memory_cell(x)))
		report_set_str(t, r, (size_t)pos[C_MEMORY], s);
	free(s);
}

#define LINES_SHOWN 4        /* a kernel's lines named under its table, at most */
#define LINE_MIN_SHARE 0.05  /* ... each with this share of its samples or more */

/* Under kernel k's table: the lines where its samples gather, its instructions' together. */
static void lines_note(struct report_table *t, const struct prof_instrs *in,
		       const struct prof_kernel *k)
{
	char text[LINES_SHOWN * 96] = "";
	size_t len = 0, shown = 0;

	for (size_t i = 0; i < in->nlines && shown < LINES_SHOWN; i++) {
		const struct prof_line *l = &in->lines[i];

		if (l->k != k || l->kernel_share < LINE_MIN_SHARE)
			continue;
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s:%u %.1f %%",
					shown++ ? ", " : "", file_name(l->file), l->line,
					100 * l->kernel_share);
		if (len >= sizeof(text))
			break;
	}
	if (shown)
		report_note(t, "by line, its instructions together: %s", text);
}

/* The kernel's table of instructions x[0 .. n), its samples in the title. */
static struct report_table *kernel_table(struct report *rep, const struct prof_instrs *in,
					 const struct prof_instr *x, size_t n)
{
	char name[PROF_NAME_SHOWN + 1], *title, patched[64] = "";
	unsigned long long sampled_launch = 0, counted_launch = 0;
	struct report_table *t;
	const struct report_col *cols;
	const int *pos;
	unsigned kinds = 0;
	size_t ncols;
	double samples = 0;

	for (size_t i = 0; i < n; i++) {
		kinds |= (x[i].sass ? V_SASS : 0) | (x[i].launch ? V_SAMPLES : 0) |
			 (x[i].counted_launch ? V_PATCHED : 0);
		samples += x[i].st.total;
		sampled_launch = x[i].launch ? x[i].launch : sampled_launch;
		counted_launch = x[i].counted_launch ? x[i].counted_launch : counted_launch;
	}
	if (counted_launch)
		snprintf(patched, sizeof(patched), "%slaunch %llu patched", sampled_launch ? "; " : "",
			 counted_launch);
	if (sampled_launch)
		title = gp_xasprintf("%s: launch %llu, %.0f samples in these %zu instruction%s%s",
				     prof_kernel_label(x->k, name, sizeof(name)), sampled_launch,
				     samples, n, tab_plural((long long)n), patched);
	else
		title = gp_xasprintf("%s: %s, its %zu memory instruction%s",
				     prof_kernel_label(x->k, name, sizeof(name)), patched, n,
				     tab_plural((long long)n));
	cols = layout(kinds, &ncols, &pos);
	t = report_add_table(rep, title, cols, ncols);
	free(title);
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < n; i++)
		view_row(t, pos, &x[i]);
	lines_note(t, in, x->k);
	return t;
}

void tab_profile_instructions(struct report *rep, const struct profile_run *run)
{
	static const struct report_col none[] = { { "none", "", REPORT_STR, 0, 0 } };
	const struct prof_instrs *in = &run->instrs;
	struct report_table *t, *last = NULL;
	char *headline;

	headline = in->n ? gp_xasprintf("Instructions of %s: %zu in %zu kernel%s",
					run->command ? run->command : "the program", in->n,
					in->kernels, tab_plural((long long)in->kernels)) :
			   gp_xasprintf("%s", run->a.summary && !run->a.n ? run->a.summary :
					"no launch was sampled: a kernel is sampled on a launch "
					"after its counted ones (see --stalls in gpuperf-profile(1))");
	report_add_table(rep, headline, none, 0)->flags |= REPORT_HUMAN_ONLY | REPORT_HEADLINE;
	free(headline);
	t = report_add_table(rep, "Instructions", profile_instr_columns, PROFILE_INSTR_NCOLUMNS);
	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t i = 0, first = 0; i < in->n; i++) {
		machine_row(t, run, &in->v[i]);
		if (i + 1 == in->n || in->v[i + 1].k != in->v[first].k) {
			last = kernel_table(rep, in, &in->v[first], i + 1 - first);
			first = i + 1;
		}
	}
	if (last && in->others)
		report_note(last, "%zu more instruction%s left out by --top (the most sampled of "
			    "each kernel are kept)", in->others, tab_plural((long long)in->others));
	if (last)
		report_note(last, "offset: in the kernel's SASS (cuobjdump -sass); line: where the "
			    "module has line information (nvcc -lineinfo); (%%): of the kernel's "
			    "samples; patched: the memory instructions of the one launch counted "
			    "(see --no-patch)");
}
