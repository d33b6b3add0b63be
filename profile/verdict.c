/*
 * One verdict per kernel: of the problems gpuperf can show (uncoalesced
 * global access, shared-memory bank conflicts, an occupancy limit, a grid
 * that leaves the GPU idle) the one that wastes the largest share of what
 * it touches, in words, with the gpuperf command that demonstrates it.
 *
 * Each candidate's waste is a fraction: of the global sectors fetched
 * (1 - ideal/fetched), of the shared wavefronts (1 - 1/ways), of the warp
 * slots (occupancy, counted at half weight: fewer warps cost time only
 * when nothing else hides latency).  A candidate needs at least the
 * thresholds below; without one the verdict says nothing was wasted, and
 * whether DRAM was busy.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/parse.h"
#include "profile/analyze.h"

#define COAL_MIN_RATIO 1.1      /* sectors fetched / sectors used below this: coalesced */
#define MIN_SHARE 0.05          /* a problem's excess within its kind of traffic */
#define BANK_MIN_WAYS 1.5
#define OCC_LOW_PCT 50.0        /* theoretical occupancy below this may be a problem */
#define UNDERFILL 0.5           /* achieved below this fraction of theoretical */
#define DRAM_BUSY_PCT 60.0      /* DRAM this busy: memory-bound, occupancy matters little */
#define OCC_WEIGHT 0.5

static const char *const codes[PV_NVERDICTS] = {
	[PV_NOT_PROFILED] = "not_profiled",
	[PV_NONE] = "none",
	[PV_DRAM_BOUND] = "dram_bound",
	[PV_LOAD_COALESCING] = "load_coalescing",
	[PV_STORE_COALESCING] = "store_coalescing",
	[PV_SHARED_LOAD_CONFLICTS] = "shared_load_conflicts",
	[PV_SHARED_STORE_CONFLICTS] = "shared_store_conflicts",
	[PV_OCCUPANCY_LIMIT] = "occupancy_limit",
	[PV_UNDERFILLED] = "underfilled",
};

const char *prof_verdict_code(enum prof_verdict v)
{
	return (int)v >= 0 && v < PV_NVERDICTS ? codes[v] : NULL;
}

struct candidate {
	enum prof_verdict v;
	double waste;
};

static void set(struct prof_kernel *k, enum prof_verdict v, double waste, char *text,
		char *brief, char *command)
{
	free(k->verdict_text);
	free(k->verdict_short);
	free(k->command);
	k->verdict = v;
	k->waste = waste;
	k->verdict_text = text;
	k->verdict_short = brief;
	k->command = command;
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

static double coal_waste(const struct prof_access *a, double all_sectors)
{
	double ideal = a->sectors / a->ratio;   /* with assumed, the 4-byte ideal */

	if (!(a->ratio >= COAL_MIN_RATIO) || !(all_sectors > 0))
		return 0;
	if ((a->sectors - ideal) / all_sectors < MIN_SHARE)
		return 0;
	return 1 - 1 / a->ratio;
}

static void coalescing(struct prof_kernel *k, int store)
{
	const struct prof_access *a = store ? &k->st : &k->ld;
	const char *what = store ? "global stores write" : "global loads fetch";
	const char *op = store ? "stores" : "loads";
	double ratio = a->ratio, spr = a->sectors_per_request;
	double ideal = a->assumed ? 4 : a->ideal_per_request;
	long n = lround(ratio);
	char w[16], *text, *brief, *cmd;

	width_opt(a->width, w, sizeof(w));
	brief = gp_xasprintf("%s: %.1fx the bytes used", op, ratio);
	if (spr >= 31.5) {
		/* each lane its own sector: the walk down a column */
		text = gp_xasprintf("%s %.1fx the bytes they use: every lane touches a 32-byte "
				    "sector of its own (%.1f sectors per request where %.1f would "
				    "do), as a walk down a column of a row-major matrix does (a naive "
				    "transpose); stage the tile through shared memory", what, ratio,
				    spr, ideal);
		cmd = gp_xasprintf("gpuperf coalesce --pattern transpose%s", w);
	} else if (ratio < 1.9) {
		text = gp_xasprintf("%s %.2fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do): misaligned, like an access shifted by one "
				    "element from a 128-byte boundary", what, ratio, spr, ideal);
		cmd = gp_xasprintf("gpuperf coalesce --pattern offset --offset 1%s", w);
	} else if (fabs(ratio - (double)n) <= 0.2) {
		text = gp_xasprintf("%s %.1fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do), like a stride-%ld access%s", what, ratio, spr,
				    ideal, n, n <= 4 ? ", or fields of an array of structures read "
				    "one by one" : "");
		cmd = gp_xasprintf("gpuperf coalesce --pattern stride%s --stride %ld%s",
				   n == 3 ? ",aos" : "", n, w);
	} else {
		text = gp_xasprintf("%s %.1fx the bytes they use (%.1f sectors per request where "
				    "%.1f would do): scattered addresses", what, ratio, spr, ideal);
		cmd = gp_xasprintf("gpuperf coalesce --pattern stride%s", w);
	}
	if (a->assumed) {
		char *t = gp_xasprintf("%s (assuming 4-byte accesses: the bytes asked for were not "
				       "counted)", text);
		free(text);
		text = t;
	}
	set(k, store ? PV_STORE_COALESCING : PV_LOAD_COALESCING, 1 - 1 / ratio, text, brief, cmd);
}

static double bank_waste(const struct prof_shared *s, double all_wavefronts)
{
	double excess = s->wavefronts - s->wavefronts / s->ways;

	if (!(s->ways >= BANK_MIN_WAYS) || !(all_wavefronts > 0))
		return 0;
	if (excess / all_wavefronts < MIN_SHARE)
		return 0;
	return 1 - 1 / s->ways;
}

static void conflicts(struct prof_kernel *k, int store)
{
	const struct prof_shared *s = store ? &k->sst : &k->sld;
	const char *op = store ? "stores" : "loads";
	long ways = lround(s->ways);
	unsigned width = s->ideal_per_instruction >= 3 ? 16 : s->ideal_per_instruction >= 1.5 ? 8 : 4;
	char w[16], *text, *cmd;

	width_opt(width, w, sizeof(w));
	if (ways >= 16) {
		text = gp_xasprintf("shared %s take %.1f wavefronts per instruction where %.0f would "
				    "do: a %ld-way bank conflict, as reading a column of a 32-wide "
				    "tile does; pad each row by one element", op,
				    s->wavefronts_per_instruction, s->ideal_per_instruction, ways);
		cmd = gp_xasprintf("gpuperf banks --pattern transpose%s%s", store ? " --op store" : "", w);
	} else {
		text = gp_xasprintf("shared %s take %.1f wavefronts per instruction where %.0f would "
				    "do: a %ld-way bank conflict, like a stride-%ld access", op,
				    s->wavefronts_per_instruction, s->ideal_per_instruction, ways, ways);
		cmd = gp_xasprintf("gpuperf banks --pattern stride --stride %ld%s%s", ways,
				   store ? " --op store" : "", w);
	}
	set(k, store ? PV_SHARED_STORE_CONFLICTS : PV_SHARED_LOAD_CONFLICTS, 1 - 1 / s->ways, text,
	    gp_xasprintf("%ld-way bank conflict on shared %s", ways, op), cmd);
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

static double occ_limit_waste(const struct prof_kernel *k)
{
	if (!k->have_occ || k->occ.blocks == 0 || k->occ.occupancy_pct >= OCC_LOW_PCT)
		return 0;
	if (k->dram_pct >= DRAM_BUSY_PCT)
		return 0;
	return OCC_WEIGHT * (1 - k->occ.occupancy_pct / 100);
}

static void occupancy_limit(struct prof_kernel *k)
{
	const struct occ_result *r = &k->occ;
	char what[160], sz[32], *text;
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
			 "threads are too small", threads_per_block(k));
	} else if (r->binding & OCC_LIM_WARPS) {
		snprintf(what, sizeof(what), "warp slots: blocks of %llu threads leave %d of %d "
			 "idle", threads_per_block(k), r->max_warps - r->active_warps, r->max_warps);
	} else {
		snprintf(what, sizeof(what), "%s", k->limiter ? k->limiter : "a limit");
	}
	text = gp_xasprintf("theoretical occupancy is %.1f %% (%d block%s of %llu threads per SM, "
			    "achieved %.1f %%), held by %s%s%s", r->occupancy_pct, r->blocks,
			    r->blocks == 1 ? "" : "s", threads_per_block(k), k->achieved_pct,
			    what, k->next_step ? "; " : "", k->next_step ? k->next_step : "");
	set(k, PV_OCCUPANCY_LIMIT, occ_limit_waste(k), text,
	    gp_xasprintf("occupancy %.1f %% (%s)", r->occupancy_pct, k->limiter ? k->limiter : "?"),
	    occ_command(k, sweep));
}

static double underfill_waste(const struct prof_kernel *k)
{
	if (!k->have_occ || !(k->occ.occupancy_pct > 0) || !(k->achieved_pct >= 0))
		return 0;
	if (k->achieved_pct >= UNDERFILL * k->occ.occupancy_pct || k->dram_pct >= DRAM_BUSY_PCT)
		return 0;
	return OCC_WEIGHT * (1 - k->achieved_pct / k->occ.occupancy_pct);
}

static void underfilled(struct prof_kernel *k)
{
	unsigned long long blocks = (unsigned long long)k->grid.x * k->grid.y * k->grid.z;
	unsigned long long slots = (unsigned long long)k->sms * (unsigned long long)k->occ.blocks;
	char *text;

	if (slots && blocks < slots)
		text = gp_xasprintf("achieved occupancy is %.1f %% of a theoretical %.1f %%: the "
				    "grid's %llu blocks fill %.0f %% of the %llu block slots (%d SMs "
				    "x %d); launch more blocks, or more work per launch",
				    k->achieved_pct, k->occ.occupancy_pct, blocks,
				    100.0 * (double)blocks / (double)slots, slots, k->sms,
				    k->occ.blocks);
	else
		text = gp_xasprintf("achieved occupancy is %.1f %% of a theoretical %.1f %%: warps "
				    "sit idle (uneven work between blocks, a long tail, or a kernel "
				    "too short to fill the GPU)", k->achieved_pct,
				    k->occ.occupancy_pct);
	set(k, PV_UNDERFILLED, underfill_waste(k), text,
	    gp_xasprintf("achieved occupancy %.0f %% of %.0f %%", k->achieved_pct,
			 k->occ.occupancy_pct), occ_command(k, ""));
}

static void nothing(struct prof_kernel *k)
{
	if (k->dram_pct >= DRAM_BUSY_PCT) {
		set(k, PV_DRAM_BOUND, 0,
		    gp_xasprintf("nothing wasted: DRAM runs at %.0f %% of its %.0f GB/s peak, as a "
				 "memory-bound kernel should", k->dram_pct, k->dram_peak_gbs),
		    gp_xasprintf("DRAM at %.0f %% of peak", k->dram_pct),
		    gp_xstrdup("gpuperf bandwidth"));
		return;
	}
	set(k, PV_NONE, 0,
	    isnan(k->dram_pct) ?
		    gp_xstrdup("nothing wasted in global coalescing, shared-memory banks or occupancy") :
		    gp_xasprintf("nothing wasted in global coalescing, shared-memory banks or "
				 "occupancy; DRAM at %.0f %% of its peak", k->dram_pct),
	    gp_xstrdup("nothing to fix"), NULL);
}

void prof_verdict(struct prof_kernel *k)
{
	double all_sectors = (k->ld.sectors > 0 ? k->ld.sectors : 0) +
			     (k->st.sectors > 0 ? k->st.sectors : 0);
	double all_wavefronts = (k->sld.wavefronts > 0 ? k->sld.wavefronts : 0) +
				(k->sst.wavefronts > 0 ? k->sst.wavefronts : 0);
	struct candidate c[] = {
		{ PV_LOAD_COALESCING, coal_waste(&k->ld, all_sectors) },
		{ PV_STORE_COALESCING, coal_waste(&k->st, all_sectors) },
		{ PV_SHARED_LOAD_CONFLICTS, bank_waste(&k->sld, all_wavefronts) },
		{ PV_SHARED_STORE_CONFLICTS, bank_waste(&k->sst, all_wavefronts) },
		{ PV_OCCUPANCY_LIMIT, occ_limit_waste(k) },
		{ PV_UNDERFILLED, underfill_waste(k) },
	};
	size_t best = 0;

	if (!k->profiled) {
		set(k, PV_NOT_PROFILED, 0,
		    gp_xstrdup(k->graph && k->graph == k->launches ?
			       "not profiled: launched only from CUDA graphs, which are timed but "
			       "not profiled" :
			       "not profiled: no launch of it ran with counters (see the notes)"),
		    gp_xstrdup("not profiled"), NULL);
		return;
	}
	for (size_t i = 1; i < sizeof(c) / sizeof(c[0]); i++)
		if (c[i].waste > c[best].waste)
			best = i;
	if (!(c[best].waste > 0)) {
		nothing(k);
		return;
	}
	switch (c[best].v) {
	case PV_LOAD_COALESCING: coalescing(k, 0); break;
	case PV_STORE_COALESCING: coalescing(k, 1); break;
	case PV_SHARED_LOAD_CONFLICTS: conflicts(k, 0); break;
	case PV_SHARED_STORE_CONFLICTS: conflicts(k, 1); break;
	case PV_OCCUPANCY_LIMIT: occupancy_limit(k); break;
	default: underfilled(k); break;
	}
}
