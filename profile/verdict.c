/*
 * One verdict per kernel, its bound first (profile/bound.c: compute,
 * memory, latency, underfilled, with the evidence), then the thing most
 * worth fixing, in words, with the gpuperf command that demonstrates it.
 *
 * What is at stake is a fraction of the kernel's time:
 *   - a waste of memory traffic (a kind of global access that fetches
 *     more sectors than its lanes' bytes fill, a kind of shared access
 *     that takes more wavefronts): that kind's excess as a share of all
 *     the kernel's global sectors (shared wavefronts), as Nsight
 *     Compute's "excessive sectors (P % of the total)" counts it, so a
 *     small kind's waste weighs little; never more than the kernel's
 *     distance from its compute ceiling (1 - its busiest compute use):
 *     traffic saved cannot make the arithmetic faster;
 *   - the bound itself: 1 - the fraction of the nearest ceiling reached,
 *     what reaching it would save.
 * A kernel near a compute ceiling gets its bound as the verdict, whatever
 * it wastes (the waste is named beside it, with its small stake); one
 * that wastes traffic (at least the thresholds below) gets that waste;
 * any other its bound: memory-bound, latency-bound or underfilled, told by
 * the occupancy limit (theoretical occupancy under 50 %) where there is
 * one, else by the grid or the idle warps.  "Worth fixing first"
 * ranks kernels by time at stake, GPU time x that fraction, and leaves
 * out those with little to gain (a ceiling at 75 % or more).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/parse.h"
#include "profile/analyze.h"
#include "profile/stalls.h"

#define MIN_SHARE 0.05          /* a problem's excess within its space's traffic */
#define OCC_LOW_PCT 50.0        /* theoretical occupancy below this may be a problem */
#define UNDERFILL 0.5           /* achieved below this fraction of theoretical */
#define MIN_STAKE 0.05          /* less of a kernel's time at stake: not worth fixing first */

/* "s" unless n is 1: "1 block", "2 blocks". */
static const char *plural(unsigned long long n)
{
	return n == 1 ? "" : "s";
}

static const char *const codes[PV_NVERDICTS] = {
	[PV_NOT_PROFILED] = "not_profiled",
	[PV_NONE] = "none",
	[PV_COMPUTE_BOUND] = "compute_bound",
	[PV_MEMORY_BOUND] = "memory_bound",
	[PV_LATENCY_BOUND] = "latency_bound",
	[PV_LOAD_COALESCING] = "load_coalescing",
	[PV_STORE_COALESCING] = "store_coalescing",
	[PV_SHARED_LOAD_CONFLICTS] = "shared_load_conflicts",
	[PV_SHARED_STORE_CONFLICTS] = "shared_store_conflicts",
	[PV_CP_ASYNC_COALESCING] = "cp_async_coalescing",
	[PV_ATOMIC_COALESCING] = "atomic_coalescing",
	[PV_SHARED_ATOMIC_CONFLICTS] = "shared_atomic_conflicts",
	[PV_OCCUPANCY_LIMIT] = "occupancy_limit",
	[PV_UNDERFILLED] = "underfilled",
};

const char *prof_verdict_code(enum prof_verdict v)
{
	return (int)v >= 0 && v < PV_NVERDICTS ? codes[v] : NULL;
}

/* A problem found, in words: what it is, a few words for the summary, the command. */
struct finding {
	enum prof_verdict v;
	double stake;                  /* fraction of the kernel's time */
	char *text, *brief, *command;
};

static void finding_free(struct finding *f)
{
	free(f->text);
	free(f->brief);
	free(f->command);
}

/* " --width 8" for 8- and 16-byte accesses, "" otherwise. */
static const char *width_opt(unsigned width, char *buf, size_t n)
{
	if (width == 8 || width == 16)
		snprintf(buf, n, " --width %u", width);
	else
		buf[0] = '\0';
	return buf;
}

/* A kind of global access: its verdict, and how the text names it. */
struct global_kind {
	enum prof_verdict v;
	const char *what;              /* "global loads fetch" */
	const char *op;                /* "loads", for the summary */
	const char *command_op;        /* " --op store" where gpuperf coalesce has one */
};

static const struct global_kind ldg = { PV_LOAD_COALESCING, "global loads fetch", "loads", "" };
static const struct global_kind stg = { PV_STORE_COALESCING, "global stores write", "stores", "" };
static const struct global_kind atomics = { PV_ATOMIC_COALESCING, "atomics touch", "atomics", "" };
static const struct global_kind ldgsts = { PV_CP_ASYNC_COALESCING, "cp.async loads fetch",
					   "cp.async loads", "" };

/*
 * The share of a space's traffic a kind wastes: its sectors (wavefronts)
 * beyond the ideal over all of the kernel's; 0 under MIN_SHARE.  Where
 * the kinds were not counted apart (the light set), the loads' and
 * stores' sectors are all there is.
 */
static double share(double excess, double all)
{
	double s = excess / all;

	return all > 0 && s >= MIN_SHARE ? fmin(s, 1) : 0;
}

static double all_sectors(const struct prof_kernel *k)
{
	if (k->sectors_all > 0)
		return k->sectors_all;
	return (k->ld.sectors > 0 ? k->ld.sectors : 0) + (k->st.sectors > 0 ? k->st.sectors : 0);
}

static double all_wavefronts(const struct prof_kernel *k)
{
	if (k->wavefronts_all > 0)
		return k->wavefronts_all;
	return (k->sld.wavefronts > 0 ? k->sld.wavefronts : 0) +
	       (k->sst.wavefronts > 0 ? k->sst.wavefronts : 0);
}

static double coal_waste(const struct prof_kernel *k, const struct prof_access *a)
{
	return share(a->excess, all_sectors(k));
}

static void coalescing(const struct prof_kernel *k, const struct global_kind *g,
		       const struct prof_access *a, struct finding *f)
{
	const char *what = g->what;
	double ratio = a->ratio, spr = a->sectors_per_request;
	double ideal = a->assumed ? 4 : a->ideal_per_request;
	long n = lround(ratio);
	char w[16], *text;

	width_opt(a->width, w, sizeof(w));
	f->v = g->v;
	f->brief = gp_xasprintf("%s: %.1fx the bytes used", g->op, ratio);
	if (a->one_lane) {
		/* one lane's bytes: no stride could say it */
		text = gp_xasprintf("%s %.1fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do): only one lane of the warp asks, and its bytes "
				    "straddle sectors; align what that lane reads, or let the warp's "
				    "lanes share the work", what, ratio, spr, ideal);
		f->command = gp_xasprintf("gpuperf coalesce --pattern offset --offset 1%s", w);
	} else if (spr >= 31.5) {
		/* each lane its own sector: the walk down a column */
		text = gp_xasprintf("%s %.1fx the bytes they use: every lane touches a 32-byte "
				    "sector of its own (%.1f sectors per request where %.1f would "
				    "do), as a walk down a column of a row-major matrix does (a naive "
				    "transpose); stage the tile through shared memory", what, ratio,
				    spr, ideal);
		f->command = gp_xasprintf("gpuperf coalesce --pattern transpose%s", w);
	} else if (ratio < 1.9) {
		text = gp_xasprintf("%s %.2fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do): misaligned, like an access shifted by one "
				    "element from a 128-byte boundary", what, ratio, spr, ideal);
		f->command = gp_xasprintf("gpuperf coalesce --pattern offset --offset 1%s", w);
	} else if (fabs(ratio - (double)n) <= 0.2) {
		text = gp_xasprintf("%s %.1fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do), like a stride-%ld access%s", what, ratio, spr,
				    ideal, n, n <= 4 ? ", or fields of an array of structures read "
				    "one by one" : "");
		f->command = gp_xasprintf("gpuperf coalesce --pattern stride%s --stride %ld%s",
					  n == 3 ? ",aos" : "", n, w);
	} else {
		text = gp_xasprintf("%s %.1fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do): scattered addresses", what, ratio, spr, ideal);
		f->command = gp_xasprintf("gpuperf coalesce --pattern stride%s", w);
	}
	if (a->assumed) {
		char *t = gp_xasprintf("%s (assuming 4-byte accesses: the bytes asked for were not "
				       "counted; profile --set full counts them)", text);
		free(text);
		text = t;
	} else if (k->per_kind) {
		char pct[32];
		char *t = gp_xasprintf("%s; %s %% of the kernel's global sectors are excess", text,
				       format_pct(pct, sizeof(pct), 100 * a->excess / all_sectors(k)));
		free(text);
		text = t;
	}
	f->text = text;
}

/* A kind of shared access. */
struct shared_kind {
	enum prof_verdict v;
	const char *what;              /* "shared loads" */
	const char *op;                /* the banks command's --op */
};

static const struct shared_kind lds = { PV_SHARED_LOAD_CONFLICTS, "shared loads", "" };
static const struct shared_kind sts = { PV_SHARED_STORE_CONFLICTS, "shared stores", " --op store" };
static const struct shared_kind satom = { PV_SHARED_ATOMIC_CONFLICTS, "shared atomics", "" };

static double bank_waste(const struct prof_kernel *k, const struct prof_shared *s)
{
	if (!(s->ways > 1))
		return 0;
	return share(s->excess, all_wavefronts(k));
}

static void conflicts(const struct prof_kernel *k, const struct shared_kind *sk,
		      const struct prof_shared *s, struct finding *f)
{
	long ways = lround(s->ways);
	double ideal = s->ideal_per_instruction;
	unsigned width = ideal >= 3 ? 16 : ideal >= 1.5 ? 8 : 4;
	char w[16], pct[32];

	width_opt(width, w, sizeof(w));
	format_pct(pct, sizeof(pct), 100 * s->excess / all_wavefronts(k));
	f->v = sk->v;
	if (ways >= 16) {
		f->text = gp_xasprintf("%s take %.1f wavefronts per instruction where %.3g would "
				       "do: a %ld-way bank conflict, as reading a column of a "
				       "32-wide tile does; pad each row by one element (%s %% of the "
				       "kernel's shared wavefronts are excess)", sk->what,
				       s->wavefronts_per_instruction, ideal, ways, pct);
		f->command = gp_xasprintf("gpuperf banks --pattern transpose%s%s", sk->op, w);
	} else if (ways >= 2) {
		f->text = gp_xasprintf("%s take %.1f wavefronts per instruction where %.3g would "
				       "do: a %ld-way bank conflict, like a stride-%ld access (%s %% of "
				       "the kernel's shared wavefronts are excess)", sk->what,
				       s->wavefronts_per_instruction, ideal, ways, ways, pct);
		f->command = gp_xasprintf("gpuperf banks --pattern stride --stride %ld%s%s", ways,
					  sk->op, w);
	} else {
		/* a conflict in some instructions only: no single stride says it */
		f->text = gp_xasprintf("%s take %.2f wavefronts per instruction where %.3g would "
				       "do: bank conflicts in some of them (%s %% of the kernel's "
				       "shared wavefronts are excess)", sk->what,
				       s->wavefronts_per_instruction, ideal, pct);
		f->command = gp_xasprintf("gpuperf banks --pattern stride --stride 2%s%s", sk->op, w);
	}
	f->brief = gp_xasprintf("%s: %s %% excess wavefronts", sk->what, pct);
}

/* The largest waste of traffic, capped by what the arithmetic leaves; f->v PV_NONE when none. */
static void worst_waste(const struct prof_kernel *k, struct finding *f)
{
	const struct {
		const struct global_kind *g;
		const struct prof_access *a;
		const struct shared_kind *s;
		const struct prof_shared *sh;
	} c[] = {
		{ &ldg, &k->ld, NULL, NULL }, { &stg, &k->st, NULL, NULL },
		{ &atomics, &k->atom, NULL, NULL }, { &ldgsts, &k->cp, NULL, NULL },
		{ NULL, NULL, &lds, &k->sld }, { NULL, NULL, &sts, &k->sst },
		{ NULL, NULL, &satom, &k->satom },
	};
	double room = isnan(k->bound.compute_frac) ? 1 : fmax(0, 1 - k->bound.compute_frac);
	double w, best_w = 0;
	size_t best = 0;

	memset(f, 0, sizeof(*f));
	f->v = PV_NONE;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		w = c[i].g ? coal_waste(k, c[i].a) : bank_waste(k, c[i].sh);
		if (w > best_w) {
			best_w = w;
			best = i;
		}
	}
	if (!(best_w > 0))
		return;
	if (c[best].g)
		coalescing(k, c[best].g, c[best].a, f);
	else
		conflicts(k, c[best].s, c[best].sh, f);
	f->stake = fmin(best_w, room);
}

static unsigned long long threads_per_block(const struct prof_kernel *k)
{
	return (unsigned long long)k->block.x * k->block.y * k->block.z;
}

/* "gpuperf occupancy --cc 9.0 --threads 256 --regs 32 --smem 4096" + extra */
static char *occ_command(const struct prof_kernel *k, const char *extra)
{
	unsigned long long smem = k->static_smem + k->dyn_smem;
	char s[48] = "";

	if (smem)
		snprintf(s, sizeof(s), " --smem %llu", smem);
	return gp_xasprintf("gpuperf occupancy --cc %d.%d --threads %llu --regs %d%s%s",
			    k->cc_major, k->cc_minor, threads_per_block(k), k->regs, s, extra);
}

/* Theoretical occupancy held low by a resource: the first thing to raise. */
static int occupancy_limited(const struct prof_kernel *k)
{
	return k->have_occ && k->occ.blocks > 0 && k->occ.occupancy_pct < OCC_LOW_PCT;
}

static void occupancy_limit(const struct prof_kernel *k, struct finding *f)
{
	const struct occ_result *r = &k->occ;
	char what[160], sz[32];
	const char *sweep = " --sweep threads";

	if (r->binding & OCC_LIM_REGS) {
		snprintf(what, sizeof(what), "registers: %d per thread", k->regs);
		sweep = " --sweep regs";
	} else if (r->binding & OCC_LIM_SMEM) {
		snprintf(what, sizeof(what), "shared memory: %s per block",
			 format_size(sz, sizeof(sz), k->static_smem + k->dyn_smem));
		sweep = " --sweep smem";
	} else if (r->binding & OCC_LIM_BLOCKS) {
		snprintf(what, sizeof(what), "the SM's limit on resident blocks: blocks of %llu "
			 "thread%s are too small", threads_per_block(k), plural(threads_per_block(k)));
	} else if (r->binding & OCC_LIM_WARPS) {
		snprintf(what, sizeof(what), "warp slots: blocks of %llu thread%s leave %d of %d "
			 "idle", threads_per_block(k), plural(threads_per_block(k)),
			 r->max_warps - r->active_warps, r->max_warps);
	} else {
		snprintf(what, sizeof(what), "%s", k->limiter ? k->limiter : "a limit");
	}
	f->v = PV_OCCUPANCY_LIMIT;
	f->text = gp_xasprintf("theoretical occupancy is %.1f %% (%d block%s of %llu thread%s per "
			       "SM, achieved %.1f %%), held by %s%s%s", r->occupancy_pct, r->blocks,
			       plural((unsigned long long)r->blocks), threads_per_block(k),
			       plural(threads_per_block(k)), k->achieved_pct, what,
			       k->next_step ? "; " : "", k->next_step ? k->next_step : "");
	f->brief = gp_xasprintf("occupancy %.1f %% (%s)", r->occupancy_pct,
				k->limiter ? k->limiter : "?");
	f->command = occ_command(k, sweep);
}

/* Achieved far below theoretical, the grid's blocks against the SMs' slots. */
static void underfilled(const struct prof_kernel *k, struct finding *f)
{
	unsigned long long blocks = (unsigned long long)k->grid.x * k->grid.y * k->grid.z;
	unsigned long long slots = (unsigned long long)k->sms * (unsigned long long)k->occ.blocks;
	char share[32];

	f->v = PV_UNDERFILLED;
	if (!k->have_occ || !(k->occ.occupancy_pct > 0))
		f->text = NULL;
	else if (slots && blocks < slots)
		f->text = gp_xasprintf("achieved occupancy is %.1f %% of a theoretical %.1f %%: the "
				       "grid's %llu block%s fill%s %s %% of the %llu block slots (%d "
				       "SM%s x %d); launch more blocks, or more work per launch",
				       k->achieved_pct, k->occ.occupancy_pct, blocks, plural(blocks),
				       blocks == 1 ? "s" : "",
				       format_pct(share, sizeof(share), 100.0 * (double)blocks /
						  (double)slots), slots, k->sms,
				       plural((unsigned long long)k->sms), k->occ.blocks);
	else
		f->text = gp_xasprintf("achieved occupancy is %.1f %% of a theoretical %.1f %%: "
				       "warps sit idle (uneven work between blocks, a long tail, or "
				       "a kernel too short to fill the GPU)", k->achieved_pct,
				       k->occ.occupancy_pct);
	f->command = k->have_occ ? occ_command(k, "") : NULL;
}

/* "bound text; finding" (either may be missing). */
static char *join(const char *a, const char *b)
{
	if (a && b)
		return gp_xasprintf("%s; %s", a, b);
	return gp_xstrdup(a ? a : b ? b : "");
}

/* A clause (malloc'd, taken) after the finding's words, or its words where it has none. */
static void add_clause(struct finding *f, char *clause)
{
	char *t = join(f->text, clause);

	free(clause);
	free(f->text);
	f->text = t;
}

/* The bound as the verdict: its evidence, what reaching the ceiling would gain, why not. */
static void bound_finding(const struct prof_kernel *k, struct finding *f)
{
	const struct prof_bound *b = &k->bound;
	char pct[32], *stalls;

	memset(f, 0, sizeof(*f));
	f->stake = isnan(b->at_stake) ? 0 : b->at_stake;
	switch (b->kind) {
	case PB_COMPUTE:
	case PB_MEMORY:
		f->v = b->kind == PB_COMPUTE ? PV_COMPUTE_BOUND : PV_MEMORY_BOUND;
		if (b->little_to_gain)
			f->text = gp_xstrdup("little to gain");
		else
			f->text = gp_xasprintf("up to %s %% of its time to gain by reaching that "
					       "ceiling", format_pct(pct, sizeof(pct), 100 * b->at_stake));
		f->command = b->kind == PB_MEMORY ? gp_xstrdup("gpuperf bandwidth") : NULL;
		break;
	case PB_LATENCY:
		if (occupancy_limited(k)) {
			occupancy_limit(k, f);
			break;
		}
		f->v = PV_LATENCY_BOUND;
		/* what the warps wait on, where PC sampling ran, for the generic clause */
		if ((stalls = prof_stalls_text(&k->stalls))) {
			f->text = gp_xasprintf("%s: give each warp more independent work, or the GPU "
					       "more of it in flight", stalls);
			free(stalls);
		} else {
			f->text = b->advice ? gp_xstrdup(b->advice) : NULL;
		}
		f->command = gp_xstrdup("gpuperf latency");
		break;
	case PB_UNDERFILLED:
		if (occupancy_limited(k))
			occupancy_limit(k, f);
		else
			underfilled(k, f);
		break;
	default:
		f->v = PV_NONE;
		f->stake = 0;
		break;
	}
	/* an occupancy-limited or underfilled one: what its warps wait on, after its own words */
	if (f->v != PV_LATENCY_BOUND && prof_bound_waits(b->kind) &&
	    (stalls = prof_stalls_text(&k->stalls)))
		add_clause(f, stalls);
	/* sampled, but too short to catch a sample: said, so that no reason is no gap */
	if (prof_bound_waits(b->kind) && (stalls = prof_stalls_none(&k->stalls)))
		add_clause(f, stalls);
	if (!f->brief)
		f->brief = gp_xstrdup(b->brief ? b->brief : "nothing to fix");
}

static void set(struct prof_kernel *k, const struct finding *f, char *text)
{
	free(k->verdict_text);
	free(k->verdict_short);
	free(k->command);
	k->verdict = f->v;
	k->waste = f->stake;
	k->verdict_text = text;
	k->verdict_short = gp_xstrdup(f->brief);
	k->command = f->command ? gp_xstrdup(f->command) : NULL;
}

static void nothing(struct prof_kernel *k)
{
	struct finding f = { PV_NONE, 0, NULL, gp_xstrdup("nothing to fix"), NULL };
	char pct[32];

	set(k, &f, isnan(k->dram_pct) ?
		   gp_xstrdup("nothing wasted in global coalescing or shared-memory banks") :
		   gp_xasprintf("nothing wasted in global coalescing or shared-memory banks; DRAM "
				"at %s %% of its peak", format_pct(pct, sizeof(pct), k->dram_pct)));
	finding_free(&f);
}

void prof_verdict(struct prof_kernel *k)
{
	const struct prof_bound *b = &k->bound;
	struct finding waste, bound;
	char *text;

	if (!k->profiled) {
		struct finding f = { PV_NOT_PROFILED, 0, NULL, gp_xstrdup("not profiled"), NULL };
		set(k, &f, gp_xstrdup(k->graph && k->graph == k->launches ?
				      "not profiled: launched only from CUDA graphs, which are "
				      "timed but not profiled" :
				      "not profiled: no launch of it ran with counters (see the "
				      "notes)"));
		finding_free(&f);
		return;
	}
	worst_waste(k, &waste);
	if (b->kind == PB_UNKNOWN && waste.v == PV_NONE) {
		nothing(k);
		return;
	}
	if (waste.v != PV_NONE && b->kind != PB_COMPUTE) {
		set(k, &waste, join(b->kind == PB_UNKNOWN ? NULL : b->text, waste.text));
		finding_free(&waste);
		return;
	}
	bound_finding(k, &bound);
	text = join(b->text, bound.text);
	if (waste.v != PV_NONE) {
		/* a compute-bound kernel's waste: named, with the little it could give */
		char pct[32];
		char *t = gp_xasprintf("%s; besides, %s (at most %s %% of its time)", text,
				       waste.text, format_pct(pct, sizeof(pct), 100 * waste.stake));
		free(text);
		text = t;
	}
	set(k, &bound, text);
	finding_free(&waste);
	finding_free(&bound);
}

int prof_worth_fixing(const struct prof_kernel *k)
{
	int bound_verdict = k->verdict == PV_COMPUTE_BOUND || k->verdict == PV_MEMORY_BOUND;

	return k->waste >= MIN_STAKE && !(bound_verdict && k->bound.little_to_gain);
}
