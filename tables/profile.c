/*
 * gpuperf profile: one line with the worst offenders, then a row per
 * kernel of the user's program with its bound against the roofline,
 * coalescing, shared-memory conflicts, occupancy, DRAM traffic and the
 * verdict; the machines' table has every figure (its columns:
 * results/profile.c), the people's the ones to read first and the
 * verdicts as lines; the roofline as a chart for --plot and --html.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile/analyze.h"
#include "profile/stalls.h"
#include "tables/profile.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	K_KERNEL = TAB_NIDENTITY, K_MANGLED, K_LAUNCHES, K_PROFILED, K_GRAPH, K_GRID, K_BLOCK,
	K_REGS, K_SSMEM, K_DSMEM, K_LOCAL, K_TIME, K_PER_LAUNCH, K_TIME_PCT, K_LD, K_ST = K_LD + 5,
	K_SLD = K_ST + 5, K_SST = K_SLD + 3, K_ACHIEVED = K_SST + 3, K_THEORETICAL, K_BLOCKS,
	K_LIMITER, K_NEXT, K_DRAM_R, K_DRAM_W, K_DRAM_GBS, K_DRAM_PCT, K_L1, K_L2,
	K_BOUND, K_BOUND_BY, K_ROOF_PCT, K_ROOF_SOURCE, K_AT_STAKE, K_FLOP, K_GFLOPS = K_FLOP + 3,
	K_FMA_PIPE, K_TENSOR_PIPE, K_L2_BYTES, K_L1_BYTES, K_SHARED_BYTES, K_L2_GBS, K_L1_GBS,
	K_AI_DRAM, K_AI_L2, K_ROOFS, K_CP = K_ROOFS + 6, K_TMA = K_CP + 5, K_FP64_PIPE, K_ATOM,
	K_SLD_IDEAL = K_ATOM + 3, K_SST_IDEAL, K_LDSM, K_CPW, K_SATOM, K_GLOBAL_EXCESS = K_SATOM + 2,
	K_SHARED_EXCESS, K_DISAGREE, K_VERDICT, K_VERDICT_TEXT, K_COMMAND, K_COUNTER_SET,
	K_STALL_SAMPLES, K_STALL_LAUNCH, K_STALL_TOP, K_STALL_TOP_PCT, K_STALL_AT, K_STALLS,
	K_WHERE_LAUNCH, K_WHERE_AT, K_WHERE_LINE_PCT, K_WHERE_INSTRUCTIONS, K_WHERE_OFFSET,
	K_WHERE_OP, K_WHERE_OP_BYTES, K_WHERE_SASS, K_WHERE_OFFSET_PCT,
};
_Static_assert(K_WHERE_OFFSET_PCT + 1 == PROFILE_NCOLUMNS, "PROFILE_NCOLUMNS");

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

void tab_profile_identity(struct report_table *t, size_t r, const struct prof_kernel *k,
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

/* The ceiling the bound was judged by: a roof's source, or the pipe's own peak. */
static const char *roof_source(const struct prof_kernel *k)
{
	static const enum roof_ceiling roof_of[USE_N] = {
		[USE_FP64] = ROOF_FP64, [USE_FP32] = ROOF_FP32, [USE_FP16] = ROOF_FP16,
		[USE_FMA_PIPE] = ROOF_NCEILINGS, [USE_TENSOR_PIPE] = ROOF_NCEILINGS,
		[USE_FP64_PIPE] = ROOF_NCEILINGS,
		[USE_DRAM] = ROOF_DRAM, [USE_L2] = ROOF_L2, [USE_L1] = ROOF_L1,
	};
	int u = k->bound.nearest;

	if (u < 0)
		return NULL;
	if (roof_of[u] == ROOF_NCEILINGS)
		return "theoretical";   /* a pipe's busy cycles against its peak */
	return prof_roof_source_name(k->roofs.r[roof_of[u]].source);
}

static void roofline_cells(struct report_table *t, size_t r, const struct prof_kernel *k)
{
	static const enum roof_ceiling roofs[6] = { ROOF_DRAM, ROOF_L2, ROOF_L1, ROOF_FP64,
						    ROOF_FP32, ROOF_FP16 };
	const struct prof_bound *b = &k->bound;

	report_set_str(t, r, K_BOUND, prof_bound_code(b->kind));
	report_set_str(t, r, K_BOUND_BY, b->nearest >= 0 ? prof_use_code((enum prof_use_id)b->nearest) :
								NULL);
	report_set_dbl(t, r, K_ROOF_PCT, 100 * b->roof_frac);
	report_set_str(t, r, K_ROOF_SOURCE, roof_source(k));
	report_set_dbl(t, r, K_AT_STAKE, k->profiled ? k->waste * k->time_ns / 1e6 : NAN);
	for (int i = 0; i < 3; i++)
		report_set_dbl(t, r, K_FLOP + i, k->flop[i]);
	report_set_dbl(t, r, K_GFLOPS, k->gflops);
	report_set_dbl(t, r, K_FMA_PIPE, k->fma_pipe_pct);
	report_set_dbl(t, r, K_TENSOR_PIPE, k->tensor_pipe_pct);
	report_set_dbl(t, r, K_L2_BYTES, k->l2_bytes);
	report_set_dbl(t, r, K_L1_BYTES, k->l1_bytes);
	report_set_dbl(t, r, K_SHARED_BYTES, k->shared_bytes);
	report_set_dbl(t, r, K_L2_GBS, k->l2_gbs);
	report_set_dbl(t, r, K_L1_GBS, k->l1_gbs);
	report_set_dbl(t, r, K_AI_DRAM, k->intensity_dram);
	report_set_dbl(t, r, K_AI_L2, k->intensity_l2);
	for (int i = 0; i < 6; i++)
		report_set_dbl(t, r, K_ROOFS + i, k->roofs.r[roofs[i]].per_s / 1e9);
	set_access(t, r, K_CP, &k->cp);
	report_set_dbl(t, r, K_TMA, k->tma_loads);
}

/* Each kind of access apart (the full set), and what the counters say of themselves. */
static void kind_cells(struct report_table *t, size_t r, const struct prof_kernel *k)
{
	report_set_dbl(t, r, K_FP64_PIPE, k->fp64_pipe_pct);
	report_set_dbl(t, r, K_ATOM, k->atom.sectors_per_request);
	report_set_dbl(t, r, K_ATOM + 1, k->atom.ideal_per_request);
	report_set_dbl(t, r, K_ATOM + 2, k->atom.efficiency_pct);
	report_set_dbl(t, r, K_SLD_IDEAL, k->sld.ideal_per_instruction);
	report_set_dbl(t, r, K_SST_IDEAL, k->sst.ideal_per_instruction);
	report_set_dbl(t, r, K_LDSM, k->ldsm.wavefronts_per_instruction);
	report_set_dbl(t, r, K_CPW, k->cpw.wavefronts_per_instruction);
	report_set_dbl(t, r, K_SATOM, k->satom.wavefronts_per_instruction);
	report_set_dbl(t, r, K_SATOM + 1, k->satom.ways);
	report_set_dbl(t, r, K_GLOBAL_EXCESS, k->global_excess_pct);
	report_set_dbl(t, r, K_SHARED_EXCESS, k->shared_excess_pct);
	report_set_str(t, r, K_DISAGREE, k->disagree);
}

/* What the warps waited on, where PC sampling ran: the top stall, its place, every state. */
static void stall_cells(struct report_table *t, size_t r, const struct prof_stalls *st)
{
	double share;
	int top;
	char *s;

	if (st->total <= 0) {
		/* sampled, and too short to catch a sample: 0, not "not sampled" */
		if (st->empty) {
			report_set_int(t, r, K_STALL_SAMPLES, 0);
			if (st->empty_launch)
				report_set_int(t, r, K_STALL_LAUNCH, (long long)st->empty_launch);
		}
		return;
	}
	report_set_int(t, r, K_STALL_SAMPLES, (long long)st->total);
	if (st->hot_launch)
		report_set_int(t, r, K_STALL_LAUNCH, (long long)st->hot_launch);
	if ((top = prof_stalls_top(st, &share)) >= 0) {
		report_set_str(t, r, K_STALL_TOP, prof_stall_code((enum prof_stall)top));
		report_set_dbl(t, r, K_STALL_TOP_PCT, 100 * share);
		s = prof_stalls_place(st);
		report_set_str(t, r, K_STALL_AT, s);
		free(s);
	}
	s = prof_stalls_list(st, 0.01);
	report_set_str(t, r, K_STALLS, s);
	free(s);
}

/* Where the verdict sits, from the patched launch's per-instruction counts (profile/where.h). */
static void where_cells(struct report_table *t, size_t r, const struct prof_where *w)
{
	char buf[32];

	if (!w->known)
		return;
	report_set_int(t, r, K_WHERE_LAUNCH, (long long)w->launch);
	if (w->file) {
		char *at = gp_xasprintf("%s:%u", w->file, w->line);

		report_set_str(t, r, K_WHERE_AT, at);
		free(at);
		report_set_dbl(t, r, K_WHERE_LINE_PCT, 100 * w->line_share);
		report_set_int(t, r, K_WHERE_INSTRUCTIONS, (long long)w->line_instrs);
	}
	snprintf(buf, sizeof(buf), "0x%llx", w->offset);
	report_set_str(t, r, K_WHERE_OFFSET, buf);
	report_set_str(t, r, K_WHERE_OP, w->op);
	if (w->bytes)
		report_set_int(t, r, K_WHERE_OP_BYTES, w->bytes);
	report_set_str(t, r, K_WHERE_SASS, w->sass);
	report_set_dbl(t, r, K_WHERE_OFFSET_PCT, 100 * w->share);
}

static void machine_row(struct report_table *t, const struct profile_run *run,
			const struct prof_kernel *k)
{
	size_t r = report_add_row(t);

	tab_profile_identity(t, r, k, run->hostname);
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
	roofline_cells(t, r, k);
	kind_cells(t, r, k);
	report_set_str(t, r, K_VERDICT, prof_verdict_code(k->verdict));
	report_set_str(t, r, K_VERDICT_TEXT, k->verdict_text);
	report_set_str(t, r, K_COMMAND, k->command);
	/* the sets its launches read, else the run's */
	if (k->profiled)
		report_set_str(t, r, K_COUNTER_SET, k->counter_set ? k->counter_set :
						     run->counter_set);
	stall_cells(t, r, &k->stalls);
	where_cells(t, r, &k->where);
}

/* People's table: what to read first; the verdicts as lines under it. */
static const struct report_col view_cols[] = {
	{ "kernel", "kernel", REPORT_STR, 0 },
	{ "launches", "launches", REPORT_INT, 0 },
	{ "time", "GPU time (ms)", REPORT_DBL, 3 },
	{ "time_pct", "(%)", REPORT_DBL, 1 },
	{ "ld", "ld sect/req", REPORT_STR, 0 },
	{ "st", "st sect/req", REPORT_STR, 0 },
	{ "smem", "smem", REPORT_STR, 0 },
	{ "occupancy", "occupancy (%)", REPORT_STR, 0 },
	{ "bound", "bound: nearest ceiling", REPORT_STR, 0 },
	{ "verdict", "verdict", REPORT_STR, 0 },
};

/*
 * "3.00 / 1.00": sectors per request / the ideal; n/a where the counters
 * saw no sector of such accesses (no request, or none with an active lane:
 * a kernel that loads through TMA or cp.async alone); empty where not counted.
 */
static void set_ratio(struct report_table *t, size_t r, size_t c, const struct prof_access *a)
{
	char buf[64];

	if (a->requests >= 0 && !(a->sectors > 0))
		snprintf(buf, sizeof(buf), "n/a");
	else if (isnan(a->sectors_per_request))
		return;
	else if (isnan(a->ideal_per_request))
		snprintf(buf, sizeof(buf), "%.2f", a->sectors_per_request);
	else
		snprintf(buf, sizeof(buf), "%.2f / %.2f", a->sectors_per_request, a->ideal_per_request);
	report_set_str(t, r, c, buf);
}

/*
 * Shared memory at a glance: counted kind by kind, the share of its
 * wavefronts that are excess ("12 % excess"); from the light set's
 * hardware counters, the worse n-way conflict of loads and stores.
 */
static void set_smem(struct report_table *t, size_t r, size_t c, const struct prof_kernel *k)
{
	char buf[64], pct[32];
	double ways = !isnan(k->sld.ways) && !isnan(k->sst.ways) ? fmax(k->sld.ways, k->sst.ways) :
		      isnan(k->sld.ways) ? k->sst.ways : k->sld.ways;

	if (k->per_kind && !isnan(k->shared_excess_pct))
		snprintf(buf, sizeof(buf), "%s %% excess",
			 format_pct(pct, sizeof(pct), k->shared_excess_pct));
	else if (!k->per_kind && !isnan(ways))
		snprintf(buf, sizeof(buf), "%.1f-way", ways);
	else
		return;
	report_set_str(t, r, c, buf);
}

static void view_row(struct report_table *t, const struct profile_run *run, const struct prof_kernel *k)
{
	size_t r = report_add_row(t);
	char name[PROF_NAME_SHOWN + 1], occ[64], p1[32], p2[32];

	report_set_str(t, r, 0, prof_kernel_label(k, name, sizeof(name)));
	report_set_whole(t, r, 0, k->name);   /* the HTML page: a hover and a click away */
	report_set_int(t, r, 1, (long long)k->launches);
	report_set_dbl(t, r, 2, k->time_ns / 1e6);
	report_set_dbl(t, r, 3, 100 * tab_ratio(k->time_ns, run->a.time_ns));
	set_ratio(t, r, 4, &k->ld);
	set_ratio(t, r, 5, &k->st);
	set_smem(t, r, 6, k);
	if (k->have_occ)
		snprintf(occ, sizeof(occ), "%s of %s", isnan(k->achieved_pct) ? "-" :
			 format_pct(p1, sizeof(p1), k->achieved_pct),
			 format_pct(p2, sizeof(p2), k->occ.occupancy_pct));
	else
		occ[0] = '\0';
	report_set_str(t, r, 7, occ[0] ? occ : NULL);
	if (k->bound.nearest >= 0) {
		char b[64];
		snprintf(b, sizeof(b), "%s: %s %s %%", prof_bound_code(k->bound.kind),
			 prof_use_name((enum prof_use_id)k->bound.nearest),
			 format_pct(p1, sizeof(p1), 100 * k->bound.roof_frac));
		report_set_str(t, r, 8, b);
	}
	report_set_str(t, r, 9, k->verdict_short ? k->verdict_short : prof_verdict_code(k->verdict));
}

/* Whether a profiled kernel was judged without any ceiling gpuperf roofline measured. */
static int theoretical_only(const struct prof_analysis *a)
{
	for (size_t i = 0; i < a->n; i++)
		if (a->k[i].profiled && !prof_roofs_any_measured(&a->k[i].roofs))
			return 1;
	return 0;
}

static void view_notes(struct report_table *t, const struct profile_run *run)
{
	const struct prof_analysis *a = &run->a;

	for (size_t i = 0; i < a->n; i++) {
		const struct prof_kernel *k = &a->k[i];
		char *lead;

		if (k->verdict == PV_NONE || !k->verdict_text)
			continue;
		/* row i is kernel i's (view_row): the page shows the verdict under it */
		lead = gp_xasprintf("%s: ", k->short_name ? k->short_name : k->name);
		report_row_note(t, i, lead, "%s%s%s%s", k->verdict_text, k->command ? " (see '" : "",
				k->command ? k->command : "", k->command ? "')" : "");
		free(lead);
	}
	if (a->others)
		report_note(t, "%zu more kernel%s (%llu launch%s, %.3f ms) left out by --top or "
			    "--kernel", a->others, tab_plural((long long)a->others), a->other_launches,
			    a->other_launches == 1 ? "" : "es", a->other_time_ns / 1e6);
	if (a->n)
		report_note(t, "ld/st sect/req: 32-byte sectors per warp instruction / the fewest that "
			    "carry the bytes asked for; smem ways: shared-memory wavefronts / the "
			    "conflict-free number; occupancy: achieved (counter) of theoretical "
			    "(gpuperf's calculator); bound: compute, memory, latency or underfilled, "
			    "and how far the nearest ceiling is reached (FLOP/s of a precision or a "
			    "pipe's busy time; bytes/s of DRAM, L2 or L1/shared), against the "
			    "ceilings gpuperf roofline measured on this GPU, or theoretical ones "
			    "(a verdict that names a roof says which)");
	if (theoretical_only(a))
		report_note(t, "the roofs are theoretical (the throughput table and the memory bus "
			    "at each kernel's clock): run `gpuperf roofline` once to measure this "
			    "GPU's ceilings; gpuperf profile then reads them from its cache");
	if (run->signal)
		report_note(t, "the program was killed by signal %d", run->signal);
	else if (run->status)
		report_note(t, "the program exited with status %d (gpuperf's too)", run->status);
}

/* ---- the roofline: --plot and --html draw it ---- */

#define LABEL_MAX 20   /* characters of a kernel's name beside its point */

/* The ceilings drawn: the first kernel's (most GPU time) with any compute roof. */
static const struct prof_roofs *chart_roofs(const struct prof_analysis *a)
{
	for (size_t i = 0; i < a->n; i++)
		for (int r = ROOF_FIRST_COMPUTE; r < ROOF_NCEILINGS; r++)
			if (a->k[i].roofs.r[r].per_s > 0)
				return &a->k[i].roofs;
	return NULL;
}

/* "DRAM 3352 GB/s (theoretical)", "FP32 66.9 TFLOP/s (measured)" */
static char *ceiling_label(const struct prof_roofs *rf, enum roof_ceiling id)
{
	const struct prof_roof *r = &rf->r[id];

	if (roof_is_memory(id))
		return gp_xasprintf("%s %.0f GB/s (%s)", prof_roof_name(id), r->per_s / 1e9,
				    prof_roof_source_name(r->source));
	return gp_xasprintf("%s %.1f TFLOP/s (%s)", prof_roof_name(id), r->per_s / 1e12,
			    prof_roof_source_name(r->source));
}

/*
 * The roofs the chart draws, a bit each: DRAM, L2 and L1, and the compute
 * roofs of the precisions the drawn kernels use (their FLOPs by precision;
 * FP16 tensor where a kernel is placed by its tensor pipe).  The other
 * tensor roofs would be lines no kernel is judged against.
 */
static unsigned drawn_roofs(const struct prof_analysis *a, const struct prof_roofs *rf)
{
	unsigned used = 1u << ROOF_DRAM | 1u << ROOF_L2 | 1u << ROOF_L1;

	for (size_t i = 0; i < a->n; i++) {
		const struct prof_kernel *k = &a->k[i];

		for (int p = 0; p < 3; p++)
			if (k->profiled && k->flop[p] > 0)
				used |= 1u << (ROOF_FP64 + p);
		if (k->profiled && k->tensor_pipe_pct >= 5 && rf->r[ROOF_TENSOR_FP16].per_s > 0)
			used |= 1u << ROOF_TENSOR_FP16;
	}
	return used;
}

/*
 * Memory roofs rise from x_lo to the top compute roof; compute roofs run
 * flat from the ridge of the widest memory roof to x_hi.  Values in
 * GFLOP/s; only the roofs in used.
 */
static void roofs_series(struct report_chart *c, const struct prof_roofs *rf, unsigned used,
			 double x_lo, double x_hi)
{
	double top = 0, widest = 0;

	for (int r = ROOF_FIRST_COMPUTE; r < ROOF_NCEILINGS; r++)
		top = fmax(top, rf->r[r].per_s > 0 && (used >> r & 1) ? rf->r[r].per_s / 1e9 : 0);
	for (int r = 0; r < ROOF_FIRST_COMPUTE; r++)
		widest = fmax(widest, rf->r[r].per_s > 0 ? rf->r[r].per_s / 1e9 : 0);
	for (int r = 0; r < ROOF_NCEILINGS; r++) {
		double v = rf->r[r].per_s / 1e9;
		struct report_series *s;
		char *name;

		if (!(v > 0) || !(used >> r & 1))
			continue;
		name = ceiling_label(rf, (enum roof_ceiling)r);
		s = report_chart_series(c, name, REPORT_SERIES_PLOT | REPORT_SERIES_LINE |
					REPORT_SERIES_MODEL);
		free(name);
		if (roof_is_memory((enum roof_ceiling)r)) {
			double x_top = top > 0 ? top / v : x_hi;
			report_series_add(s, x_lo, v * x_lo, NULL);
			report_series_add(s, fmin(x_top, x_hi), v * fmin(x_top, x_hi), NULL);
		} else {
			report_series_add(s, widest > 0 ? fmax(x_lo, v / widest) : x_lo, v, NULL);
			report_series_add(s, x_hi, v, NULL);
		}
	}
}

/*
 * The kernel's point: CUDA-core FLOP/s, or with tensor work estimated where
 * a tensor roof is known.  0 when it has none on log axes.
 */
static int kernel_point(struct report_series *cores, struct report_series *tensor,
			const struct prof_kernel *k, const struct prof_roofs *rf)
{
	const char *n = k->short_name ? k->short_name : k->name;
	char label[LABEL_MAX + 32];
	double troof = rf->r[ROOF_TENSOR_FP16].per_s / 1e9;

	if (tensor && k->tensor_pipe_pct >= 5 && troof > 0 && k->dram_gbs > 0) {
		double y = (k->gflops > 0 ? k->gflops : 0) + k->tensor_pipe_pct / 100 * troof;
		snprintf(label, sizeof(label), "%.*s", LABEL_MAX, n);
		report_series_add(tensor, y / k->dram_gbs, y, label);
		report_series_weight(tensor, k->time_ns);
		return 1;
	}
	if (!(k->gflops > 0 && k->intensity_dram > 0 && isfinite(k->intensity_dram)))
		return 0;
	if (k->tensor_pipe_pct >= 5)
		snprintf(label, sizeof(label), "%.*s (tensor %.0f %%)", LABEL_MAX, n,
			 k->tensor_pipe_pct);
	else
		snprintf(label, sizeof(label), "%.*s", LABEL_MAX, n);
	report_series_add(cores, k->intensity_dram, k->gflops, label);
	report_series_weight(cores, k->time_ns);
	return 1;
}

static void roofline_chart(struct report_table *t, const struct prof_analysis *a)
{
	const struct prof_roofs *rf = chart_roofs(a);
	struct report_series *cores, *tensor;
	struct report_chart *c;
	double x_lo = 0.01, x_hi = 1000;
	size_t undrawn = 0;

	if (!rf)
		return;   /* no counters: nothing to draw */
	c = report_add_chart(t, "Roofline: each profiled kernel against the ceilings, its area "
			     "by GPU time");
	report_chart_axis(&c->x, "arithmetic intensity, FLOP per DRAM byte", "FLOP/B",
			  REPORT_AXIS_LOG);
	report_chart_axis(&c->y, "performance", "GFLOP/s", REPORT_AXIS_LOG);
	cores = report_chart_series(c, "kernels: FLOP/s of the CUDA cores (SASS counts)",
				    REPORT_SERIES_PLOT | REPORT_SERIES_POINTS);
	/* tensor work has no FLOP count here: estimated where an FP16 tensor roof is known */
	tensor = rf->r[ROOF_TENSOR_FP16].per_s > 0 ?
		 report_chart_series(c, "tensor-core kernels: estimated, tensor pipe busy x FP16 "
				     "tensor roof", REPORT_SERIES_PLOT | REPORT_SERIES_POINTS |
				     REPORT_SERIES_MODEL) : NULL;
	for (size_t i = 0; i < a->n; i++)
		if (a->k[i].profiled && !kernel_point(cores, tensor, &a->k[i], rf))
			undrawn++;
	/* a factor of two around every point: none on the frame, room for its label */
	for (size_t i = 0; i < cores->n + (tensor ? tensor->n : 0); i++) {
		double x = i < cores->n ? cores->x[i] : tensor->x[i - cores->n];
		x_lo = fmin(x_lo, x / 2);
		x_hi = fmax(x_hi, x * 2);
	}
	roofs_series(c, rf, drawn_roofs(a, rf), x_lo, x_hi);
	if (undrawn)
		report_note(t, "the roofline leaves out %zu profiled kernel%s without floating-point "
			    "work or DRAM traffic (no point on its log axes)", undrawn,
			    tab_plural((long long)undrawn));
}

/*
 * The GPU the kernels ran on, for the pictures' header, as gpuperf names
 * one it opened: "NVIDIA H100 80GB HBM3, CC 9.0"; "2 GPUs: ..." for more.
 */
static void set_device(struct report *rep, const struct prof_analysis *a)
{
	char *list = NULL, *one, *next;
	size_t n = 0;

	for (size_t i = 0; i < a->n; i++) {
		const struct prof_kernel *k = &a->k[i];
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = a->k[j].dev == k->dev;
		if (seen || !k->device_name)
			continue;
		one = gp_xasprintf("%s, CC %d.%d", k->device_name, k->cc_major, k->cc_minor);
		next = gp_xasprintf("%s%s%s", list ? list : "", list ? "; " : "", one);
		free(one);
		free(list);
		list = next;
		n++;
	}
	if (n > 1) {
		next = gp_xasprintf("%zu GPUs: %s", n, list);
		free(list);
		list = next;
	}
	report_set_device(rep, list);
	free(list);
}

void tab_profile(struct report *rep, const struct gp_device *dev, const void *profile_run)
{
	static const struct report_col none[] = { { "none", "", REPORT_STR, 0, 0 } };
	const struct profile_run *run = profile_run;
	struct report_table *t, *view;
	char *title;

	(void)dev;
	/* the worst offenders first: a line of its own above the table */
	report_add_table(rep, run->a.summary ? run->a.summary : "", none, 0)->flags |=
		REPORT_HUMAN_ONLY | REPORT_HEADLINE;
	t = report_add_table(rep, "Kernels", profile_columns, PROFILE_NCOLUMNS);
	t->flags |= REPORT_MACHINE_ONLY;
	title = gp_xasprintf("Kernels of %s: %zu kernel%s, %llu launch%s, %.3f ms of GPU time",
			     run->command ? run->command : "the program", run->a.nkernels,
			     tab_plural((long long)run->a.nkernels), run->a.launches,
			     run->a.launches == 1 ? "" : "es", run->a.time_ns / 1e6);
	view = report_add_table(rep, title, view_cols, ARRAY_SIZE(view_cols));
	free(title);
	view->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < run->a.n; i++) {
		machine_row(t, run, &run->a.k[i]);
		view_row(view, run, &run->a.k[i]);
	}
	view_notes(view, run);
	roofline_chart(view, &run->a);
	set_device(rep, &run->a);
}
