/*
 * gpuperf profile: one line with the worst offenders, then a row per
 * kernel of the user's program with coalescing, shared-memory conflicts,
 * occupancy, DRAM traffic and the verdict; the machines' table has every
 * figure, the people's the ones to read first and the verdicts as lines.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tables/profile.h"
#include "util/compat.h"
#include "util/error.h"

enum {
	K_KERNEL = TAB_NIDENTITY, K_MANGLED, K_LAUNCHES, K_PROFILED, K_GRAPH, K_GRID, K_BLOCK,
	K_REGS, K_SSMEM, K_DSMEM, K_LOCAL, K_TIME, K_PER_LAUNCH, K_TIME_PCT, K_LD, K_ST = K_LD + 5,
	K_SLD = K_ST + 5, K_SST = K_SLD + 3, K_ACHIEVED = K_SST + 3, K_THEORETICAL, K_BLOCKS,
	K_LIMITER, K_NEXT, K_DRAM_R, K_DRAM_W, K_DRAM_GBS, K_DRAM_PCT, K_L1, K_L2, K_VERDICT,
	K_VERDICT_TEXT, K_COMMAND,
};
_Static_assert(K_COMMAND + 1 == PROFILE_NCOLUMNS, "PROFILE_NCOLUMNS");

static void set_dim(struct report_table *t, size_t r, size_t c, struct prof_dim3 d)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%ux%ux%u", d.x, d.y, d.z);
	report_set_str(t, r, c, buf);
}

static void set_access(struct report_table *t, size_t r, size_t c, const struct prof_access *a)
{
	report_set_dbl(t, r, c, a->sectors_per_request);
	report_set_dbl(t, r, c + 1, a->ideal_per_request);
	report_set_dbl(t, r, c + 2, a->efficiency_pct);
	report_set_dbl(t, r, c + 3, a->fetched_bytes);
	report_set_dbl(t, r, c + 4, a->bytes);
}

static void set_shared(struct report_table *t, size_t r, size_t c, const struct prof_shared *s)
{
	report_set_dbl(t, r, c, s->wavefronts_per_instruction);
	report_set_dbl(t, r, c + 1, s->conflicts_per_instruction);
	report_set_dbl(t, r, c + 2, s->ways);
}

/* The identity of the device a kernel ran on, as the program's records give it. */
static void identity(struct report_table *t, size_t r, const struct prof_kernel *k,
		     const char *hostname)
{
	char cc[16];

	report_set_str(t, r, 0, k->device_name);
	if (k->cc_major > 0) {
		snprintf(cc, sizeof(cc), "%d.%d", k->cc_major, k->cc_minor);
		report_set_str(t, r, 1, cc);
	}
	report_set_int(t, r, 2, k->dev);
	report_set_str(t, r, 5, hostname[0] ? hostname : NULL);
}

static void machine_row(struct report_table *t, const struct profile_run *run,
			const struct prof_kernel *k)
{
	size_t r = report_add_row(t);

	identity(t, r, k, run->hostname);
	report_set_str(t, r, K_KERNEL, k->name);
	report_set_str(t, r, K_MANGLED, k->kernel);
	report_set_int(t, r, K_LAUNCHES, (long long)k->launches);
	report_set_int(t, r, K_PROFILED, (long long)k->profiled);
	report_set_int(t, r, K_GRAPH, (long long)k->graph);
	set_dim(t, r, K_GRID, k->grid);
	set_dim(t, r, K_BLOCK, k->block);
	if (k->profiled) {
		report_set_int(t, r, K_REGS, k->regs);
		report_set_int(t, r, K_SSMEM, (long long)k->static_smem);
		report_set_int(t, r, K_DSMEM, (long long)k->dyn_smem);
		report_set_int(t, r, K_LOCAL, (long long)k->local_bytes);
	}
	report_set_dbl(t, r, K_TIME, k->time_ns / 1e6);
	report_set_dbl(t, r, K_PER_LAUNCH, k->time_per_launch_ns / 1e3);
	report_set_dbl(t, r, K_TIME_PCT, 100 * tab_ratio(k->time_ns, run->a.time_ns));
	set_access(t, r, K_LD, &k->ld);
	set_access(t, r, K_ST, &k->st);
	set_shared(t, r, K_SLD, &k->sld);
	set_shared(t, r, K_SST, &k->sst);
	report_set_dbl(t, r, K_ACHIEVED, k->achieved_pct);
	if (k->have_occ) {
		report_set_dbl(t, r, K_THEORETICAL, k->occ.occupancy_pct);
		report_set_int(t, r, K_BLOCKS, k->occ.blocks);
	}
	report_set_str(t, r, K_LIMITER, k->limiter);
	report_set_str(t, r, K_NEXT, k->next_step);
	report_set_dbl(t, r, K_DRAM_R, k->dram_read_bytes);
	report_set_dbl(t, r, K_DRAM_W, k->dram_write_bytes);
	report_set_dbl(t, r, K_DRAM_GBS, k->dram_gbs);
	report_set_dbl(t, r, K_DRAM_PCT, k->dram_pct);
	report_set_dbl(t, r, K_L1, k->l1_hit_pct);
	report_set_dbl(t, r, K_L2, k->l2_hit_pct);
	report_set_str(t, r, K_VERDICT, prof_verdict_code(k->verdict));
	report_set_str(t, r, K_VERDICT_TEXT, k->verdict_text);
	report_set_str(t, r, K_COMMAND, k->command);
}

/* People's table: what to read first; the verdicts as lines under it. */
static const struct report_col view_cols[] = {
	{ "kernel", "kernel", REPORT_STR, 0 },
	{ "launches", "launches", REPORT_INT, 0 },
	{ "time", "GPU time (ms)", REPORT_DBL, 3 },
	{ "time_pct", "(%)", REPORT_DBL, 1 },
	{ "ld", "ld sect/req", REPORT_STR, 0 },
	{ "st", "st sect/req", REPORT_STR, 0 },
	{ "smem", "smem ways", REPORT_DBL, 1 },
	{ "occupancy", "occupancy (%)", REPORT_STR, 0 },
	{ "dram", "DRAM peak (%)", REPORT_DBL, 1 },
	{ "verdict", "verdict", REPORT_STR, 0 },
};

#define NAME_MAX_SHOWN 48

/* "3.00 (ideal 1.00)", or n/a */
static void set_ratio(struct report_table *t, size_t r, size_t c, double got, double ideal)
{
	char buf[64];

	if (isnan(got))
		return;
	if (isnan(ideal))
		snprintf(buf, sizeof(buf), "%.2f", got);
	else
		snprintf(buf, sizeof(buf), "%.2f / %.2f", got, ideal);
	report_set_str(t, r, c, buf);
}

static void view_row(struct report_table *t, const struct profile_run *run, const struct prof_kernel *k)
{
	size_t r = report_add_row(t);
	char name[NAME_MAX_SHOWN + 8], occ[64];
	const char *n = k->short_name ? k->short_name : k->name;

	if (strlen(n) > NAME_MAX_SHOWN)
		snprintf(name, sizeof(name), "%.*s...", NAME_MAX_SHOWN - 3, n);
	else
		snprintf(name, sizeof(name), "%s", n);
	report_set_str(t, r, 0, name);
	report_set_int(t, r, 1, (long long)k->launches);
	report_set_dbl(t, r, 2, k->time_ns / 1e6);
	report_set_dbl(t, r, 3, 100 * tab_ratio(k->time_ns, run->a.time_ns));
	set_ratio(t, r, 4, k->ld.sectors_per_request, k->ld.ideal_per_request);
	set_ratio(t, r, 5, k->st.sectors_per_request, k->st.ideal_per_request);
	report_set_dbl(t, r, 6, !isnan(k->sld.ways) && !isnan(k->sst.ways)
				? fmax(k->sld.ways, k->sst.ways) : isnan(k->sld.ways) ? k->sst.ways : k->sld.ways);
	if (!isnan(k->achieved_pct) && k->have_occ)
		snprintf(occ, sizeof(occ), "%.0f of %.0f", k->achieved_pct, k->occ.occupancy_pct);
	else if (k->have_occ)
		snprintf(occ, sizeof(occ), "- of %.0f", k->occ.occupancy_pct);
	else
		occ[0] = '\0';
	report_set_str(t, r, 7, occ[0] ? occ : NULL);
	report_set_dbl(t, r, 8, k->dram_pct);
	report_set_str(t, r, 9, k->verdict_short ? k->verdict_short : prof_verdict_code(k->verdict));
}

static void view_notes(struct report_table *t, const struct profile_run *run)
{
	const struct prof_analysis *a = &run->a;

	for (size_t i = 0; i < a->n; i++) {
		const struct prof_kernel *k = &a->k[i];

		if (k->verdict == PV_NONE || !k->verdict_text)
			continue;
		report_note(t, "%s: %s%s%s%s", k->short_name ? k->short_name : k->name, k->verdict_text,
			    k->command ? " (see '" : "", k->command ? k->command : "",
			    k->command ? "')" : "");
	}
	if (a->others)
		report_note(t, "%zu more kernel%s (%llu launches, %.3f ms) left out by --top or --kernel",
			    a->others, tab_plural((long long)a->others), a->other_launches,
			    a->other_time_ns / 1e6);
	if (a->n)
		report_note(t, "ld/st sect/req: 32-byte sectors per warp instruction / the fewest that "
			    "carry the bytes asked for; smem ways: shared-memory wavefronts / the "
			    "conflict-free number; occupancy: achieved (counter) of theoretical "
			    "(gpuperf's calculator)");
	if (run->signal)
		report_note(t, "the program was killed by signal %d", run->signal);
	else if (run->status)
		report_note(t, "the program exited with status %d (gpuperf's too)", run->status);
}

void tab_profile(struct report *rep, const struct gp_device *dev, const void *profile_run)
{
	static const struct report_col none[] = { { "none", "", REPORT_STR, 0, 0 } };
	const struct profile_run *run = profile_run;
	struct report_table *t, *view;
	char *title;

	(void)dev;
	/* the worst offenders first: a line of its own above the table */
	report_add_table(rep, run->a.summary ? run->a.summary : "", none, 0)->flags |= REPORT_HUMAN_ONLY;
	t = report_add_table(rep, "Kernels", profile_columns, PROFILE_NCOLUMNS);
	t->flags |= REPORT_MACHINE_ONLY;
	title = gp_xasprintf("Kernels of %s: %zu kernel%s, %llu launches, %.3f ms of GPU time",
			     run->command ? run->command : "the program", run->a.nkernels,
			     tab_plural((long long)run->a.nkernels), run->a.launches, run->a.time_ns / 1e6);
	view = report_add_table(rep, title, view_cols, ARRAY_SIZE(view_cols));
	free(title);
	view->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < run->a.n; i++) {
		machine_row(t, run, &run->a.k[i]);
		view_row(view, run, &run->a.k[i]);
	}
	view_notes(view, run);
}
