/*
 * gpuperf profile --by range: one line with the ranges worth fixing
 * first, then a row per NVTX range path with its GPU time, the bound of
 * its dominant kernel and the verdict with the most time at stake in it;
 * the machines' table has the kernels' names beside (its columns:
 * results/profile-ranges.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile/analyze.h"
#include "profile/range-name.h"
#include "tables/profile.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	R_RANGE = TAB_NIDENTITY, R_GRAPH, R_DEPTH, R_NODE, R_TIME, R_TIME_PCT, R_LAUNCHES,
	R_KERNELS, R_TOP, R_TOP_PCT, R_BOUND, R_BOUND_BY, R_ROOF_PCT, R_VERDICT, R_VERDICT_KERNEL,
	R_VERDICT_TEXT, R_COMMAND, R_AT_STAKE,
};
_Static_assert(R_AT_STAKE + 1 == PROFILE_RANGE_NCOLUMNS, "PROFILE_RANGE_NCOLUMNS");

#define RANGE_SHOWN 56   /* characters of a range's label in the people's table: its tail */

static void machine_row(struct report_table *t, const struct profile_run *run,
			const struct prof_range *g)
{
	const struct prof_kernel *top = g->top, *w = g->worst;
	size_t r = report_add_row(t);

	tab_profile_identity(t, r, top, run->hostname);
	report_set_str(t, r, R_RANGE, g->label);
	if (g->graph_id)
		report_set_int(t, r, R_GRAPH, (long long)g->graph_id);
	report_set_int(t, r, R_DEPTH, g->depth);
	if (g->graph_node)
		report_set_int(t, r, R_NODE, (long long)g->graph_node);
	report_set_dbl(t, r, R_TIME, g->time_ns / 1e6);
	report_set_dbl(t, r, R_TIME_PCT, 100 * tab_ratio(g->time_ns, run->ranges.time_ns));
	report_set_int(t, r, R_LAUNCHES, (long long)g->launches);
	report_set_int(t, r, R_KERNELS, (long long)g->kernels);
	report_set_str(t, r, R_TOP, top->name);
	report_set_dbl(t, r, R_TOP_PCT, 100 * tab_ratio(g->top_ns, g->time_ns));
	report_set_str(t, r, R_BOUND, prof_bound_code(top->bound.kind));
	if (top->bound.nearest >= 0)
		report_set_str(t, r, R_BOUND_BY, prof_use_code((enum prof_use_id)top->bound.nearest));
	report_set_dbl(t, r, R_ROOF_PCT, 100 * top->bound.roof_frac);
	report_set_str(t, r, R_VERDICT, prof_verdict_code(w->verdict));
	report_set_str(t, r, R_VERDICT_KERNEL, w->name);
	report_set_str(t, r, R_VERDICT_TEXT, w->verdict_text);
	report_set_str(t, r, R_COMMAND, w->command);
	report_set_dbl(t, r, R_AT_STAKE, w->profiled ? g->stake_ns / 1e6 : NAN);
}

/* People's table: what to read first; the verdicts as lines under it. */
static const struct report_col view_cols[] = {
	{ "range", "range", REPORT_STR, 0 },
	{ "time", "GPU time (ms)", REPORT_DBL, 3 },
	{ "time_pct", "(%)", REPORT_DBL, 1 },
	{ "launches", "launches", REPORT_INT, 0 },
	{ "kernels", "kernels", REPORT_INT, 0 },
	{ "bound", "bound: nearest ceiling", REPORT_STR, 0 },
	{ "verdict", "verdict", REPORT_STR, 0 },
	{ "at_stake", "at stake (ms)", REPORT_DBL, 3 },
};

/*
 * The range as people read it: its label, with its graph; the last
 * RANGE_SHOWN characters of the label, since the innermost levels say
 * the most.
 */
static const char *shown(const struct prof_range *g, char *buf, size_t n)
{
	char graph[64] = "";
	const char *label = g->label;
	size_t len = strlen(label);

	if (g->graph_id && g->graph_node)
		snprintf(graph, sizeof(graph), " (graph %llu, node %llu)", g->graph_id, g->graph_node);
	else if (g->graph_id)
		snprintf(graph, sizeof(graph), " (graph %llu)", g->graph_id);
	if (len > RANGE_SHOWN) {
		label += len - (RANGE_SHOWN - 3);
		while (((unsigned char)*label & 0xC0) == 0x80)
			label++;   /* not inside a UTF-8 character */
	}
	snprintf(buf, n, "%s%s%s", label == g->label ? "" : "...", label, graph);
	return buf;
}

static void view_row(struct report_table *t, const struct profile_run *run,
		     const struct prof_range *g)
{
	const struct prof_kernel *top = g->top, *w = g->worst;
	size_t r = report_add_row(t);
	char label[RANGE_SHOWN + 80], b[96], pct[32];

	report_set_str(t, r, 0, shown(g, label, sizeof(label)));
	report_set_dbl(t, r, 1, g->time_ns / 1e6);
	report_set_dbl(t, r, 2, 100 * tab_ratio(g->time_ns, run->ranges.time_ns));
	report_set_int(t, r, 3, (long long)g->launches);
	report_set_int(t, r, 4, (long long)g->kernels);
	if (top->bound.nearest >= 0) {
		snprintf(b, sizeof(b), "%s: %s %s %%", prof_bound_code(top->bound.kind),
			 prof_use_name((enum prof_use_id)top->bound.nearest),
			 format_pct(pct, sizeof(pct), 100 * top->bound.roof_frac));
		report_set_str(t, r, 5, b);
	}
	report_set_str(t, r, 6, w->verdict_short ? w->verdict_short : prof_verdict_code(w->verdict));
	report_set_dbl(t, r, 7, w->profiled ? g->stake_ns / 1e6 : NAN);
}

static void view_notes(struct report_table *t, const struct profile_run *run)
{
	const struct prof_ranges *g = &run->ranges;
	char name[PROF_NAME_SHOWN + 1], label[RANGE_SHOWN + 80];

	for (size_t i = 0; i < g->n; i++) {
		const struct prof_kernel *w = g->r[i].worst;

		if (prof_worth_fixing(w) && w->verdict_text)
			report_note(t, "%s: %s: %s%s%s%s", shown(&g->r[i], label, sizeof(label)),
				    prof_kernel_label(w, name, sizeof(name)), w->verdict_text,
				    w->command ? " (see '" : "", w->command ? w->command : "",
				    w->command ? "')" : "");
	}
	if (g->others)
		report_note(t, "%zu more range%s (%llu launch%s, %.3f ms) left out by --top",
			    g->others, tab_plural((long long)g->others), g->other_launches,
			    g->other_launches == 1 ? "" : "es", g->other_time_ns / 1e6);
	if (g->unranged_ns > 1e-3 * (g->time_ns + g->unranged_ns))
		report_note(t, "%.3f ms of the kernels' GPU time is in no range: the program ended "
			    "before the profiling library wrote it (killed, or _exit)",
			    g->unranged_ns / 1e6);
	if (g->n)
		report_note(t, "range: the NVTX ranges open around each launch, outermost first, "
			    "PyTorch's per-call fields (', seq = N', ', op_id = N', ...) left out; "
			    "%s: launched outside any; (graph N, node M): kernels a CUDA graph ran "
			    "(CUPTI's ids; the node when one); bound: the kernel with the most GPU time in "
			    "the range; verdict: the one with the most time at stake there",
			    PROF_RANGE_NONE);
	if (run->signal)
		report_note(t, "the program was killed by signal %d", run->signal);
	else if (run->status)
		report_note(t, "the program exited with status %d (gpuperf's too)", run->status);
}

void tab_profile_ranges(struct report *rep, const struct profile_run *run)
{
	static const struct report_col none[] = { { "none", "", REPORT_STR, 0, 0 } };
	const struct prof_ranges *g = &run->ranges;
	struct report_table *t, *view;
	const char *headline;
	char *title;

	/* no range at all: the analysis says why (no kernel, no GPU) */
	headline = g->nranges || !run->a.summary ? g->summary : run->a.summary;
	report_add_table(rep, headline ? headline : "", none, 0)->flags |=
		REPORT_HUMAN_ONLY | REPORT_HEADLINE;
	t = report_add_table(rep, "Ranges", profile_range_columns, PROFILE_RANGE_NCOLUMNS);
	t->flags |= REPORT_MACHINE_ONLY;
	title = gp_xasprintf("Ranges of %s: %zu range%s, %.3f ms of GPU time",
			     run->command ? run->command : "the program", g->nranges,
			     tab_plural((long long)g->nranges), g->time_ns / 1e6);
	view = report_add_table(rep, title, view_cols, ARRAY_SIZE(view_cols));
	free(title);
	view->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < g->n; i++) {
		machine_row(t, run, &g->r[i]);
		view_row(view, run, &g->r[i]);
	}
	view_notes(view, run);
}
