/*
 * Records to rows (profile/analyze.h): group by kernel and device, sum the
 * counters, derive the ratios, join the occupancy calculator, judge, then
 * filter, keep the top N and sort.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/arch.h"
#include "util/compat.h"
#include "arch/peaks.h"
#include "results/device.h"
#include "util/demangle.h"
#include "util/error.h"
#include "util/hash.h"
#include "util/parse.h"
#include "profile/analyze.h"
#include "profile/where.h"
#include "util/filter.h"

const char *const prof_sort_names[] = { "time", "waste", "name", NULL };

/* A quantity summed over the launches that counted it, and their duration. */
struct sum {
	double v, ns;
	unsigned long long n;
};

/* A figure of the chip (a peak, a clock), averaged over the launches that read it. */
struct mean {
	double sum;
	unsigned long long n;
};

enum { PEAK_FFMA, PEAK_DFMA, PEAK_HFMA, PEAK_CLOCK, PEAK_DRAM, PEAK_L2, PEAK_L1, NPEAKS };

/*
 * One kind of access counted apart (instrumented): instructions, sectors
 * or wavefronts, and the bytes the lanes asked for, over the launches
 * that counted all three.
 */
struct kind {
	double n, units, bytes;
	unsigned long long launches;
};

enum { G_LDG, G_STG, G_ATOM, G_LDGSTS, NGLOBAL };
enum { S_LDS, S_STS, S_LDSM, S_LDGSTS, S_ATOM, NSHARED };

/* Sums over a kernel's launch records, kept beside its row. */
/* The hardware's global loads or stores, every kind together (add_hw_global). */
struct hw_global {
	double req, sec;                /* requests and sectors */
	double breq, bsec, bytes;       /* of the launches that counted the bytes too */
	unsigned long long n;           /* launches that counted them */
};

/* The hardware's shared loads or stores: instructions, wavefronts, bank conflicts. */
struct hw_shared {
	double n, w, c;
};

struct acc {
	struct sum flop[3], l1, shared, l2, fma, tensor, tma, fp64_pipe;
	struct kind g[NGLOBAL], sh[NSHARED];
	struct sum sectors_all, wavefronts_all, conflicts_ld, conflicts_st;
	struct mean peak[NPEAKS];
	struct hw_global ld, st;
	struct hw_shared sld, sst;
	double occ_sum, occ_w, l1_sum, l1_w, l2_sum, l2_w;
	double dram_r, dram_w, dram_ns;
	double dur_ns;
	unsigned long long dur_n;
	unsigned long long n_set[PROF_NSETS];   /* profiled launches by the set they read */
	int have_launch_config, have_time_config;
};

struct rows {
	struct prof_kernel *k;
	struct acc *acc;
	size_t n, cap;
	size_t *slot;              /* hash of (kernel, dev) -> row + 1 */
	size_t nslots;
};

static double ratio(double a, double b)
{
	return b > 0 && !isnan(a) ? a / b : NAN;
}

static void rehash(struct rows *r)
{
	free(r->slot);
	r->nslots = r->cap * 2;
	r->slot = gp_xcalloc(r->nslots, sizeof(*r->slot));
	for (size_t i = 0; i < r->n; i++) {
		size_t h = gp_kernel_hash(r->k[i].kernel, r->k[i].dev) % r->nslots;
		while (r->slot[h])
			h = (h + 1) % r->nslots;
		r->slot[h] = i + 1;
	}
}

static struct prof_kernel *row(struct rows *r, const char *kernel, int dev, struct acc **acc)
{
	size_t h;

	if (r->nslots) {
		for (h = gp_kernel_hash(kernel, dev) % r->nslots; r->slot[h]; h = (h + 1) % r->nslots) {
			struct prof_kernel *k = &r->k[r->slot[h] - 1];
			if (k->dev == dev && !strcmp(k->kernel, kernel)) {
				*acc = &r->acc[r->slot[h] - 1];
				return k;
			}
		}
	}
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		r->k = gp_xrealloc(r->k, r->cap * sizeof(*r->k));
		r->acc = gp_xrealloc(r->acc, r->cap * sizeof(*r->acc));
	}
	struct prof_kernel *k = &r->k[r->n];
	memset(k, 0, sizeof(*k));
	memset(&r->acc[r->n], 0, sizeof(r->acc[0]));
	k->kernel = gp_xstrdup(kernel);
	k->dev = dev;
	k->carveout = -1;
	*acc = &r->acc[r->n];
	r->n++;
	rehash(r);
	return k;
}

static int have(const struct prof_rec *l, enum ctr_id id)
{
	return !isnan(l->ctr[id]);
}

static void same_config(struct prof_kernel *k, const struct prof_rec *l)
{
	if (k->grid.x != l->grid.x || k->grid.y != l->grid.y || k->grid.z != l->grid.z ||
	    k->block.x != l->block.x || k->block.y != l->block.y || k->block.z != l->block.z ||
	    k->regs != l->regs || k->dyn_smem != l->dyn_smem || k->static_smem != l->static_smem)
		k->config_varies = 1;
}

static void add_sum(struct sum *s, double v, double dur)
{
	if (isnan(v))
		return;
	s->v += v;
	s->ns += dur > 0 ? dur : 0;
	s->n++;
}

/* The sum, NAN when no launch counted it. */
static double total(const struct sum *s)
{
	return s->n ? s->v : NAN;
}

/* Per ns: GB/s of bytes, GFLOP/s of FLOPs. */
static double per_ns(const struct sum *s)
{
	return s->n && s->ns > 0 ? s->v / s->ns : NAN;
}

/*
 * FLOPs of one precision: an FMA counts 2; NAN unless all three were read.
 * lanes: the values one thread instruction works on, 2 for FP16 (HADD2,
 * HMUL2, HFMA2: NVIDIA's convention, an HFMA2 is 4 FLOPs, as the FP16 roof
 * and gpuperf roofline's fp16 row count).
 */
static double flops(const double *c, enum ctr_id add, enum ctr_id mul, enum ctr_id fma, int lanes)
{
	return lanes * (c[add] + c[mul] + 2 * c[fma]);
}

/*
 * The kernel's time in a launch's counters, and by how much the
 * elapsed-based pipe shares undercount it (*scale, 1 if not).  The
 * busiest SM's active cycles at the SM clock are the kernel's own time,
 * where the duration is longer:
 *   - a user range (the light set, no replay) spans push to pop: its
 *     duration and elapsed cycles take in the idle GPU before the launch
 *     reaches it (about 0.1 ms a launch on an H200, where a STREAM triad
 *     runs 0.18 ms); every counter is of that one range, so the
 *     elapsed-based shares scale by duration / kernel time;
 *   - kernel replay (the full set) times each pass's replay, and the pass
 *     the duration falls in may be the instrumented one, slower on
 *     compute-bound code (an HFMA2 chain at 96 % of its pipe read 48 %
 *     of its FLOP roof); its pipe shares are of their own uninstrumented
 *     pass and stay as read.
 * The SMs' active time leaves out the stores still draining to DRAM
 * after the last warp has left (a short elementwise kernel read 156 % of
 * DRAM's roof over it on an H200): the kernel takes at least as long as
 * its DRAM bytes need at DRAM's peak.
 * The light set alone reads the FMA pipe's issue rate: that says one range.
 */
static double kernel_ns(const double *c, double *scale)
{
	double dur = c[CTR_DURATION_NS];
	double active = 1e9 * c[CTR_SM_ACTIVE_CYCLES_MAX] / c[CTR_SM_CLOCK_HZ];
	double dram_ns = 1e9 * (c[CTR_DRAM_READ_BYTES] + c[CTR_DRAM_WRITE_BYTES]) /
			 c[CTR_DRAM_PEAK_BYTES_PER_S];
	int one_range = isnan(c[CTR_FMA_PIPE_PCT]) && !isnan(c[CTR_FMA_ISSUE_PCT]);

	*scale = 1;
	if (isfinite(dram_ns) && dram_ns > active)
		active = dram_ns;
	if (!(dur > 0) || !(active > 0) || !isfinite(active) || active >= dur)
		return dur;
	if (one_range)
		*scale = dur / active;
	return active;
}

/*
 * An elapsed-based busy share over the kernel's time.  Rescaled from a
 * user range, an estimate, at most 100 %; as read, above 100 % is no
 * hardware's (check_counters says so).
 */
static double over_kernel(double pct, double scale)
{
	return isnan(pct) || scale == 1 ? pct : fmin(100, pct * scale);
}

/* The counters of the roofline: work, pipes, bytes per level, the chip's peaks. */
static void add_roofline(struct acc *a, const double *c, double dur, double scale)
{
	static const enum ctr_id peaks[NPEAKS] = {
		[PEAK_FFMA] = CTR_FFMA_PEAK_PER_CYCLE, [PEAK_DFMA] = CTR_DFMA_PEAK_PER_CYCLE,
		[PEAK_HFMA] = CTR_HFMA_PEAK_PER_CYCLE, [PEAK_CLOCK] = CTR_SM_CLOCK_HZ,
		[PEAK_DRAM] = CTR_DRAM_PEAK_BYTES_PER_S, [PEAK_L2] = CTR_L2_PEAK_BYTES_PER_S,
		[PEAK_L1] = CTR_L1_PEAK_BYTES_PER_S,
	};

	add_sum(&a->flop[0], flops(c, CTR_DADD, CTR_DMUL, CTR_DFMA, 1), dur);
	add_sum(&a->flop[1], flops(c, CTR_FADD, CTR_FMUL, CTR_FFMA, 1), dur);
	add_sum(&a->flop[2], flops(c, CTR_HADD, CTR_HMUL, CTR_HFMA, 2), dur);
	add_sum(&a->l1, c[CTR_L1_BYTES], dur);
	/* wgmma's operand reads leave L1TEX's data path to the tensor cores: not this roof's */
	add_sum(&a->shared, c[CTR_SHARED_BYTES] - (isnan(c[CTR_SHARED_GMMA_BYTES]) ? 0 :
						    c[CTR_SHARED_GMMA_BYTES]), dur);
	add_sum(&a->l2, c[CTR_L2_BYTES], dur);
	/* busy fractions: weighted by duration, as occupancy */
	/* the light set reads the pipe's issue rate where the full one reads its busy cycles */
	add_sum(&a->fma, over_kernel(isnan(c[CTR_FMA_PIPE_PCT]) ? c[CTR_FMA_ISSUE_PCT] :
				     c[CTR_FMA_PIPE_PCT], scale) * (dur > 0 ? dur : 1), dur);
	add_sum(&a->tensor, over_kernel(c[CTR_TENSOR_PIPE_PCT], scale) * (dur > 0 ? dur : 1), dur);
	add_sum(&a->fp64_pipe, over_kernel(c[CTR_FP64_PIPE_PCT], scale) * (dur > 0 ? dur : 1), dur);
	add_sum(&a->tma, c[CTR_TMA_LOAD_REQUESTS], dur);
	for (int i = 0; i < NPEAKS; i++)
		if (c[peaks[i]] > 0) {
			a->peak[i].sum += c[peaks[i]];
			a->peak[i].n++;
		}
}

static void add_kind(struct kind *k, const double *c, enum ctr_id n, enum ctr_id units,
		     enum ctr_id bytes)
{
	if (isnan(c[n]) || isnan(c[units]) || isnan(c[bytes]))
		return;
	k->n += c[n];
	k->units += c[units];
	k->bytes += c[bytes];
	k->launches++;
}

/* The full set's accesses, each kind apart. */
static void add_kinds(struct acc *a, const double *c)
{
	add_kind(&a->g[G_LDG], c, CTR_LDG_REQUESTS, CTR_LDG_SECTORS, CTR_GLOBAL_LOAD_BYTES);
	add_kind(&a->g[G_STG], c, CTR_STG_REQUESTS, CTR_STG_SECTORS, CTR_GLOBAL_STORE_BYTES);
	add_kind(&a->g[G_ATOM], c, CTR_ATOM_REQUESTS, CTR_ATOM_SECTORS, CTR_ATOM_BYTES);
	add_kind(&a->g[G_ATOM], c, CTR_RED_REQUESTS, CTR_RED_SECTORS, CTR_RED_BYTES);
	add_kind(&a->g[G_LDGSTS], c, CTR_CP_ASYNC_REQUESTS, CTR_CP_ASYNC_SECTORS, CTR_CP_ASYNC_BYTES);
	add_kind(&a->sh[S_LDS], c, CTR_LDS_INSTRUCTIONS, CTR_LDS_WAVEFRONTS, CTR_LDS_BYTES);
	add_kind(&a->sh[S_STS], c, CTR_STS_INSTRUCTIONS, CTR_STS_WAVEFRONTS, CTR_STS_BYTES);
	add_kind(&a->sh[S_LDSM], c, CTR_LDSM_INSTRUCTIONS, CTR_LDSM_WAVEFRONTS, CTR_LDSM_BYTES);
	add_kind(&a->sh[S_LDGSTS], c, CTR_CP_ASYNC_REQUESTS, CTR_LDGSTS_SHARED_WAVEFRONTS,
		 CTR_LDGSTS_SHARED_BYTES);
	/* shared atomics: no byte count; their instructions stand in for it */
	add_kind(&a->sh[S_ATOM], c, CTR_SHARED_ATOM_INSTRUCTIONS, CTR_SHARED_ATOM_WAVEFRONTS,
		 CTR_SHARED_ATOM_INSTRUCTIONS);
	if (!isnan(c[CTR_LDS_WAVEFRONTS])) {
		/* the hardware's conflicts, beside the kinds counted apart (the full set) */
		add_sum(&a->conflicts_ld, c[CTR_SHARED_LOAD_BANK_CONFLICTS], 0);
		add_sum(&a->conflicts_st, c[CTR_SHARED_STORE_BANK_CONFLICTS], 0);
	}
	add_sum(&a->sectors_all, c[CTR_GLOBAL_SECTORS_ALL], 0);
	add_sum(&a->wavefronts_all, c[CTR_SHARED_WAVEFRONTS_ALL], 0);
}

/*
 * The hardware's loads, stores and shared accesses, every kind together
 * (the light set, and records of gpuperf before issue 37): the figures
 * where no kind was counted apart.
 */
static void add_hw_global(struct hw_global *g, const struct prof_rec *l, enum ctr_id sectors,
			  enum ctr_id requests, enum ctr_id bytes)
{
	const double *c = l->ctr;

	if (!have(l, sectors) || !have(l, requests))
		return;
	g->n++;
	g->sec += c[sectors];
	g->req += c[requests];
	if (have(l, bytes)) {
		g->bsec += c[sectors];
		g->breq += c[requests];
		g->bytes += c[bytes];
	}
}

static void add_hw_shared(struct hw_shared *s, const struct prof_rec *l, enum ctr_id instructions,
			  enum ctr_id wavefronts, enum ctr_id conflicts)
{
	const double *c = l->ctr;

	if (!have(l, instructions) || !have(l, wavefronts) || !have(l, conflicts))
		return;
	s->n += c[instructions];
	s->w += c[wavefronts];
	s->c += c[conflicts];
}

static void add_hardware_accesses(struct acc *a, const struct prof_rec *l)
{
	add_hw_global(&a->ld, l, CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS,
		      CTR_GLOBAL_LOAD_BYTES);
	add_hw_global(&a->st, l, CTR_GLOBAL_STORE_SECTORS, CTR_GLOBAL_STORE_REQUESTS,
		      CTR_GLOBAL_STORE_BYTES);
	add_hw_shared(&a->sld, l, CTR_SHARED_LOAD_INSTRUCTIONS, CTR_SHARED_LOAD_WAVEFRONTS,
		      CTR_SHARED_LOAD_BANK_CONFLICTS);
	add_hw_shared(&a->sst, l, CTR_SHARED_STORE_INSTRUCTIONS, CTR_SHARED_STORE_WAVEFRONTS,
		      CTR_SHARED_STORE_BANK_CONFLICTS);
}

/*
 * The set a counted launch read: as its record says, or, in records of
 * gpuperf before the standard set, as its counters say (the full set
 * counts each kind of access apart, the light one reads the FMA pipe's
 * issue rate); -1: not known.
 */
static int launch_set(const struct prof_rec *l)
{
	if (l->counter_set)
		return prof_set_lookup(l->counter_set);
	if (have(l, CTR_LDG_REQUESTS) || have(l, CTR_FMA_PIPE_PCT))
		return PROF_SET_FULL;
	return have(l, CTR_FMA_ISSUE_PCT) ? PROF_SET_LIGHT : -1;
}

/* The sets a kernel's launches read: "full", or "full 1, light 2" where they differ; NULL: none. */
static char *counter_sets(const struct acc *a)
{
	static const enum prof_set order[] = { PROF_SET_FULL, PROF_SET_LIGHT, PROF_SET_STANDARD };
	char *out = NULL, *more;
	int kinds = 0;

	_Static_assert(ARRAY_SIZE(order) == PROF_NSETS, "every set in the order");
	for (size_t i = 0; i < ARRAY_SIZE(order); i++)
		kinds += a->n_set[order[i]] > 0;
	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		const char *name = prof_set_names[order[i]];

		if (!a->n_set[order[i]])
			continue;
		if (kinds == 1)
			return gp_xstrdup(name);
		more = gp_xasprintf("%s%s%s %llu", out ? out : "", out ? ", " : "", name,
				    a->n_set[order[i]]);
		free(out);
		out = more;
	}
	return out;
}

/* The launch's shape: the first launch's, or a note where a later one differs. */
static void launch_config(struct prof_kernel *k, struct acc *a, const struct prof_rec *l)
{
	if (a->have_launch_config) {
		same_config(k, l);
		return;
	}
	a->have_launch_config = 1;
	k->grid = l->grid;
	k->block = l->block;
	k->cluster = l->cluster;
	k->regs = l->regs;
	k->carveout = l->carveout;
	k->static_smem = l->static_smem;
	k->dyn_smem = l->dyn_smem;
	k->local_bytes = l->local_bytes;
}

/* An L2 hit rate above this is two replays' counts that disagree, not a rate. */
#define L2_HIT_RATE_MAX_PCT 105.0

/* The L1 and L2 hit rates, weighted by the sectors they rate. */
static void add_hit_rates(struct acc *a, const struct prof_rec *l)
{
	const double *c = l->ctr;

	if (have(l, CTR_L1_HIT_RATE_PCT) &&
	    (have(l, CTR_GLOBAL_LOAD_SECTORS) || have(l, CTR_LDG_SECTORS))) {
		/* a rate of the loads' sectors: the hardware's, or the LDGs' where those are counted */
		double n = have(l, CTR_GLOBAL_LOAD_SECTORS) ? c[CTR_GLOBAL_LOAD_SECTORS] :
			   c[CTR_LDG_SECTORS];
		a->l1_sum += c[CTR_L1_HIT_RATE_PCT] * n;
		a->l1_w += n;
	}
	if (have(l, CTR_L2_HIT_RATE_PCT)) {
		double l2 = (have(l, CTR_L2_READ_SECTORS) ? c[CTR_L2_READ_SECTORS] : 0) +
			    (have(l, CTR_L2_WRITE_SECTORS) ? c[CTR_L2_WRITE_SECTORS] : 0);
		/*
		 * The rate's hits and lookups take a pass each (on every chip
		 * CUPTI knows), so kernel replay counts them in two runs of the
		 * launch, whose L2 traffic differs a little: a launch that hits
		 * almost always reads 101-102.4 % (H100, H200).  Every lookup hit.
		 * Far above, the two runs differ too much for a rate (a two-block
		 * PyTorch kernel read 341 % on an H200): the launch is left out.
		 */
		double rate = fmin(fmax(c[CTR_L2_HIT_RATE_PCT], 0), 100);
		if (c[CTR_L2_HIT_RATE_PCT] > L2_HIT_RATE_MAX_PCT)
			return;
		if (!(l2 > 0))
			l2 = 1;
		a->l2_sum += rate * l2;
		a->l2_w += l2;
	}
}

/*
 * A sampled launch's warp states, summed; the hot spot of the launch with
 * the most samples (the first sampled launch of a kernel, as the library
 * samples); a sampled launch with no sample, noted.
 */
static void add_stalls(struct prof_stalls *st, const struct prof_rec *l)
{
	if (l->warps_counted)
		for (int s = 0; s < PS_N; s++) {
			st->counted[s] += l->warps[s];
			st->counted_total += l->warps[s];
		}
	if (l->sampled && !l->stall_samples && !st->empty++)
		st->empty_launch = l->nth;
	if (!l->stall_samples)
		return;
	for (int s = 0; s < PS_N; s++)
		st->by[s] += (double)l->stall[s];
	if ((double)l->stall_samples > st->hot_samples) {
		free(st->hot_file);
		st->hot_file = l->hot_file ? gp_xstrdup(l->hot_file) : NULL;
		st->hot_line = (unsigned)l->hot_line;
		st->hot_pc = l->hot_pc;
		st->hot_samples = (double)l->stall_samples;
		st->hot_launch = l->nth;
	}
	st->total += (double)l->stall_samples;
}

static void add_launch(struct prof_kernel *k, struct acc *a, const struct prof_rec *l)
{
	const double *c = l->ctr;
	double scale, dur = kernel_ns(c, &scale), w = isnan(dur) ? 1 : dur;
	int any = 0, set;

	launch_config(k, a, l);
	add_stalls(&k->stalls, l);
	for (int i = 0; i < CTR_COUNT; i++)
		any |= have(l, (enum ctr_id)i);
	if (!any)
		return;   /* a launch whose counters failed: seen, not profiled */
	k->profiled++;
	if ((set = launch_set(l)) >= 0)
		a->n_set[set]++;
	add_hardware_accesses(a, l);
	if (have(l, CTR_ACHIEVED_OCCUPANCY_PCT)) {
		a->occ_sum += w * c[CTR_ACHIEVED_OCCUPANCY_PCT];
		a->occ_w += w;
	}
	add_hit_rates(a, l);
	if (have(l, CTR_DRAM_READ_BYTES) && have(l, CTR_DRAM_WRITE_BYTES) && dur > 0) {
		a->dram_r += c[CTR_DRAM_READ_BYTES];
		a->dram_w += c[CTR_DRAM_WRITE_BYTES];
		a->dram_ns += dur;
	}
	add_roofline(a, c, dur, scale);
	add_kinds(a, c);
	if (dur > 0) {
		a->dur_ns += dur;
		a->dur_n++;
	}
}

double prof_launch_ns(const struct prof_rec *l)
{
	double scale;

	for (int i = 0; i < CTR_COUNT; i++)
		if (have(l, (enum ctr_id)i))
			return kernel_ns(l->ctr, &scale);
	return NAN;   /* no counter: seen, not profiled, no time (as add_launch) */
}

static void add_time(struct prof_kernel *k, struct acc *a, const struct prof_rec *t)
{
	k->launches += t->launches + t->graph;
	k->graph += t->graph;
	k->timed += t->timed;
	if (t->timed)
		k->time_ns = (isnan(k->time_ns) ? 0 : k->time_ns) + (double)t->ns;
	if (!a->have_launch_config && (t->block.x || !a->have_time_config)) {
		a->have_time_config = 1;
		k->grid = t->grid;
		k->block = t->block;
		k->regs = t->regs;
		k->static_smem = t->static_smem;
		k->dyn_smem = t->dyn_smem;
	}
}

/* Sectors the requests do not account for: no coalescing figure, no verdict. */
static void unjudged(struct prof_access *p)
{
	p->sectors_per_request = p->ideal_per_request = p->efficiency_pct = NAN;
	p->ratio = p->excess = NAN;
	p->width = 0;
	p->one_lane = 0;
}

static void finish_access(struct prof_access *p, double req, double sec, double breq,
			  double bsec, double bytes)
{
	double bpr = ratio(bytes, breq), w = bpr / 32;
	/* a request touches one sector at least, however few bytes its lanes ask for */
	double ideal = fmax(bytes / 32, breq);

	p->requests = req;
	p->sectors = sec;
	p->bytes = breq > 0 ? bytes : NAN;
	p->sectors_per_request = ratio(sec, req);
	p->ideal_per_request = ratio(ideal, breq);
	p->efficiency_pct = 100 * ratio(bytes, 32 * bsec);
	p->fetched_bytes = req > 0 ? 32 * sec : NAN;
	p->ratio = ratio(bsec, ideal);
	p->width = 0;
	for (unsigned x = 1; x <= 16; x *= 2)
		if (fabs(w - x) <= 0.05 * x)
			p->width = x;
	p->assumed = 0;
	p->one_lane = bpr > 0 && bpr <= 16;
	p->excess = p->ratio > 0 ? fmax(0, bsec - ideal) : NAN;
	if (breq > 0 && !(bytes > 0) && sec > 0) {
		/* sectors moved, yet no load instruction asked for a byte: cp.async
		   (LDGSTS) or TMA copies (a cuBLAS GEMM on the H100 read 12288 sectors
		   per LDG request): their coalescing is not what LD requests say */
		unjudged(p);
	} else if (!(breq > 0) && req > 0) {
		/*
		 * No instrumented byte counts (the light set): no warp's LD or ST,
		 * aligned as they must be, touches more than 32 sectors, so more
		 * came by another way (cp.async, TMA: a cuBLAS GEMM's 12288 on an
		 * H200) and the requests say nothing of them; else judge against
		 * a warp of 4-byte accesses.
		 */
		if (p->sectors_per_request > 32) {
			unjudged(p);
			return;
		}
		p->assumed = 1;
		p->ratio = p->sectors_per_request / 4;
		p->excess = fmax(0, sec - 4 * req);
	}
}

/* A kind no launch counted: every figure unknown. */
static void access_unread(struct prof_access *p)
{
	memset(p, 0, sizeof(*p));
	p->requests = p->sectors = p->bytes = p->excess = p->fetched_bytes = NAN;
	unjudged(p);
}

/* A global kind counted apart: its ideal from the bytes its lanes asked for. */
static void finish_global_kind(struct prof_access *p, const struct kind *k)
{
	if (!k->launches) {
		access_unread(p);
		return;
	}
	finish_access(p, k->n, k->units, k->n, k->units, k->bytes);
}

/*
 * A shared kind counted apart (instrumented): its instructions and
 * wavefronts, and what they exceed the conflict-free wavefronts by, the
 * hardware's bank conflicts of that kind (NAN: not counted).  Nsight
 * Compute's excessive wavefronts equal those conflicts to the wavefront
 * on a strided LDS probe (an H200, 2026-11-29); the lanes' byte counts
 * do not give the ideal (a cuBLAS GEMM's STS.128 counted 1024 bytes for
 * 4 wavefronts).
 */
static void finish_shared_kind(struct prof_shared *s, double n, double w, double conflicts)
{
	memset(s, 0, sizeof(*s));
	s->instructions = n;
	s->wavefronts = s->excess = s->conflicts = s->bytes = NAN;
	s->wavefronts_per_instruction = s->conflicts_per_instruction = NAN;
	s->ideal_per_instruction = s->ways = NAN;
	if (!(n > 0))
		return;
	s->wavefronts = w;
	s->wavefronts_per_instruction = w / n;
	if (isnan(conflicts))
		return;
	/*
	 * The hardware counts conflicts against its own wavefronts, a little
	 * above the instrumented count (the transpose's unpadded tile: 31.25
	 * conflicts an LDS beside 32 wavefronts, 32.25 of its own): an
	 * instruction takes one wavefront at least, so the ideal is never less.
	 */
	s->conflicts = fmax(0, conflicts);
	s->ideal_per_instruction = fmax(1, (w - s->conflicts) / n);
	s->excess = fmax(0, w - s->ideal_per_instruction * n);
	s->conflicts_per_instruction = s->excess / n;
	s->ways = w / (s->ideal_per_instruction * n);
}

static void finish_shared(struct prof_shared *s, double n, double w, double c)
{
	double ideal = ratio(w - c, n);

	s->instructions = n;
	s->wavefronts = n > 0 ? w : NAN;
	s->conflicts = n > 0 ? c : NAN;
	s->wavefronts_per_instruction = ratio(w, n);
	s->conflicts_per_instruction = ratio(c, n);
	/* LDS.64/.128 need 2 or 4 wavefronts without any conflict */
	s->ideal_per_instruction = isnan(ideal) ? NAN : ideal >= 3 ? 4 : ideal >= 1.5 ? 2 : 1;
	s->ways = ratio(s->wavefronts_per_instruction, s->ideal_per_instruction);
	s->bytes = NAN;
	s->excess = n > 0 ? fmax(0, w - s->ideal_per_instruction * n) : NAN;
}

static void occupancy(struct prof_kernel *k)
{
	const struct sm_arch *arch = arch_lookup_cc(k->cc_major, k->cc_minor);
	struct occ_input in = { 0 };
	struct occ_step s;
	char buf[64], sz[32];

	in.threads = (int)((unsigned long long)k->block.x * k->block.y * k->block.z);
	in.regs = k->regs;
	in.smem = (long long)(k->static_smem + k->dyn_smem);
	in.carveout = k->carveout;
	in.barriers = 1;
	if (!arch || in.threads <= 0 || occ_compute(arch, &in, &k->occ))
		return;
	k->have_occ = 1;
	k->limiter = gp_xstrdup(occ_limiters_string(k->occ.binding, buf, sizeof(buf)));
	if ((k->occ.binding & OCC_LIM_REGS) && occ_next_step(arch, &in, OCC_RES_REGS, &s))
		k->next_step = gp_xasprintf("<= %lld registers per thread would allow %d block%s "
					    "(%.1f %%)", s.value, s.r.blocks,
					    s.r.blocks == 1 ? "" : "s", s.r.occupancy_pct);
	else if ((k->occ.binding & OCC_LIM_SMEM) && occ_next_step(arch, &in, OCC_RES_SMEM, &s))
		k->next_step = gp_xasprintf("<= %s of shared memory per block would allow %d "
					    "block%s (%.1f %%)",
					    format_size(sz, sizeof(sz), (uint64_t)s.value),
					    s.r.blocks, s.r.blocks == 1 ? "" : "s",
					    s.r.occupancy_pct);
}

static double mean_of(const struct mean *m)
{
	return m->n ? m->sum / (double)m->n : NAN;
}

/* Work, traffic per level, intensity, the ceilings, and the bound. */
static void finish_roofline(struct prof_kernel *k, const struct acc *a,
			    const struct prof_roofs *measured)
{
	struct prof_peaks pk = {
		.cc_major = k->cc_major, .cc_minor = k->cc_minor, .sms = k->sms,
		.geforce = peak_is_geforce(k->device_name),
		.sm_clock_hz = mean_of(&a->peak[PEAK_CLOCK]),
		.dram_bus_bytes_per_s = k->dram_peak_gbs * 1e9,
		.ffma_per_cycle = mean_of(&a->peak[PEAK_FFMA]),
		.dfma_per_cycle = mean_of(&a->peak[PEAK_DFMA]),
		.hfma_per_cycle = mean_of(&a->peak[PEAK_HFMA]),
		.dram_bytes_per_s = mean_of(&a->peak[PEAK_DRAM]),
		.l2_bytes_per_s = mean_of(&a->peak[PEAK_L2]),
		.l1_bytes_per_s = mean_of(&a->peak[PEAK_L1]),
	};
	struct prof_bound_in in = { { NAN, NAN, NAN }, NAN, NAN, { NAN, NAN, NAN }, NULL, NAN, 0, 0, 0,
				    NAN };
	double flop_ns = 0, l1_ns;

	k->flop_total = NAN;
	for (int i = 0; i < 3; i++) {
		k->flop[i] = total(&a->flop[i]);
		in.flop_per_s[i] = 1e9 * per_ns(&a->flop[i]);
		if (!isnan(k->flop[i])) {
			k->flop_total = (isnan(k->flop_total) ? 0 : k->flop_total) + k->flop[i];
			flop_ns = fmax(flop_ns, a->flop[i].ns);
		}
	}
	k->gflops = flop_ns > 0 ? k->flop_total / flop_ns : NAN;
	k->fma_pipe_pct = ratio(a->fma.v, a->fma.ns > 0 ? a->fma.ns : (double)a->fma.n);
	k->tensor_pipe_pct = ratio(a->tensor.v, a->tensor.ns > 0 ? a->tensor.ns :
							       (double)a->tensor.n);
	k->l1_bytes = total(&a->l1);
	k->shared_bytes = total(&a->shared);
	k->l2_bytes = total(&a->l2);
	k->l2_gbs = per_ns(&a->l2);
	/* L1/shared: one data path, so one roof for both */
	l1_ns = fmax(a->l1.ns, a->shared.ns);
	k->l1_gbs = l1_ns > 0 && (a->l1.n || a->shared.n) ?
		    ((a->l1.n ? a->l1.v : 0) + (a->shared.n ? a->shared.v : 0)) / l1_ns : NAN;
	k->intensity_dram = ratio(k->flop_total, k->dram_read_bytes + k->dram_write_bytes);
	k->intensity_l2 = ratio(k->flop_total, k->l2_bytes);
	k->tma_loads = total(&a->tma);
	k->fp64_pipe_pct = ratio(a->fp64_pipe.v, a->fp64_pipe.ns > 0 ? a->fp64_pipe.ns :
								 (double)a->fp64_pipe.n);

	prof_roofs_theoretical(&k->roofs, &pk);
	prof_roofs_overlay(&k->roofs, measured);
	in.fma_pipe_pct = k->fma_pipe_pct;
	in.tensor_pipe_pct = k->tensor_pipe_pct;
	in.fp64_pipe_pct = k->fp64_pipe_pct;
	in.bytes_per_s[0] = 1e9 * k->dram_gbs;
	in.bytes_per_s[1] = 1e9 * k->l2_gbs;
	in.bytes_per_s[2] = 1e9 * k->l1_gbs;
	in.roofs = &k->roofs;
	in.achieved_pct = k->achieved_pct;
	in.blocks = (unsigned long long)k->grid.x * k->grid.y * k->grid.z;
	in.sms = k->sms;
	in.one_lane = k->ld.one_lane;
	if (k->profiled) {
		prof_bound_classify(&in, &k->bound);
	} else {
		k->bound.nearest = -1;
		k->bound.roof_frac = k->bound.compute_frac = k->bound.at_stake = NAN;
		for (int u = 0; u < USE_N; u++)
			k->bound.use[u] = NAN;
	}
}

/* Excess over every kind counted apart, as a percentage of all of its space's traffic. */
static double excess_pct(const double *excess, size_t n, double all)
{
	double sum = 0, any = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(excess[i])) {
			sum += excess[i];
			any = 1;
		}
	return any && all > 0 ? 100 * sum / all : NAN;
}

/*
 * Coalescing and shared memory, each kind apart where the full set
 * counted them so, else from the light set's hardware counters (loads
 * and stores of every kind, NAN where no launch counted them).
 */
static void finish_accesses(struct prof_kernel *k, const struct acc *a)
{
	const struct kind *g = a->g, *sh = a->sh;
	double gall, wall;

	k->per_kind = g[G_LDG].launches || g[G_STG].launches || sh[S_LDS].launches;
	if (g[G_LDG].launches)
		finish_global_kind(&k->ld, &g[G_LDG]);
	else
		finish_access(&k->ld, a->ld.n ? a->ld.req : NAN, a->ld.n ? a->ld.sec : NAN,
			      a->ld.breq, a->ld.bsec, a->ld.bytes);
	if (g[G_STG].launches)
		finish_global_kind(&k->st, &g[G_STG]);
	else
		finish_access(&k->st, a->st.n ? a->st.req : NAN, a->st.n ? a->st.sec : NAN,
			      a->st.breq, a->st.bsec, a->st.bytes);
	finish_global_kind(&k->atom, &g[G_ATOM]);
	finish_global_kind(&k->cp, &g[G_LDGSTS]);
	/* the hardware's load conflicts take in ldmatrix's: loads are LDS and LDSM together */
	if (sh[S_LDS].launches)
		finish_shared_kind(&k->sld, sh[S_LDS].n + sh[S_LDSM].n,
				   sh[S_LDS].units + sh[S_LDSM].units, total(&a->conflicts_ld));
	else
		finish_shared(&k->sld, a->sld.n, a->sld.w, a->sld.c);
	if (sh[S_STS].launches)
		finish_shared_kind(&k->sst, sh[S_STS].n, sh[S_STS].units, total(&a->conflicts_st));
	else
		finish_shared(&k->sst, a->sst.n, a->sst.w, a->sst.c);
	finish_shared_kind(&k->ldsm, sh[S_LDSM].launches ? sh[S_LDSM].n : NAN, sh[S_LDSM].units,
			   NAN);
	finish_shared_kind(&k->cpw, sh[S_LDGSTS].launches ? sh[S_LDGSTS].n : NAN,
			   sh[S_LDGSTS].units, NAN);
	/* an atomic takes one wavefront without a conflict: more are lanes on one bank's words */
	finish_shared_kind(&k->satom, sh[S_ATOM].launches ? sh[S_ATOM].n : NAN, sh[S_ATOM].units,
			   sh[S_ATOM].units - sh[S_ATOM].n);
	k->global_excess_pct = k->shared_excess_pct = k->sectors_all = k->wavefronts_all = NAN;
	if (!k->per_kind)
		return;
	/* every instruction's sectors (ncu's theoretical sectors), else the kinds' own */
	gall = total(&a->sectors_all);
	if (!(gall > 0))
		gall = (k->ld.sectors > 0 ? k->ld.sectors : 0) + (k->st.sectors > 0 ? k->st.sectors : 0) +
		       (k->atom.sectors > 0 ? k->atom.sectors : 0) + (k->cp.sectors > 0 ? k->cp.sectors : 0);
	wall = total(&a->wavefronts_all);
	if (!(wall > 0))
		wall = (k->sld.wavefronts > 0 ? k->sld.wavefronts : 0) +
		       (k->sst.wavefronts > 0 ? k->sst.wavefronts : 0) +
		       (k->cpw.wavefronts > 0 ? k->cpw.wavefronts : 0) +
		       (k->satom.wavefronts > 0 ? k->satom.wavefronts : 0);
	k->sectors_all = gall;
	k->wavefronts_all = wall;
	k->global_excess_pct = excess_pct((const double[]){ k->ld.excess, k->st.excess,
							    k->atom.excess, k->cp.excess }, 4, gall);
	k->shared_excess_pct = excess_pct((const double[]){ k->sld.excess, k->sst.excess,
							    k->satom.excess }, 3, wall);
}

/* One contradiction more, in words, for the row's counters_disagree. */
GP_PRINTF(2, 3)
static void disagree(struct prof_kernel *k, const char *fmt, ...)
{
	va_list ap;
	char *t;

	va_start(ap, fmt);
	t = gp_xvasprintf(fmt, ap);
	va_end(ap);
	if (k->disagree) {
		char *j = gp_xasprintf("%s; %s", k->disagree, t);
		free(k->disagree);
		free(t);
		t = j;
	}
	k->disagree = t;
}

/*
 * Figures no hardware can give: counters misread, or counters of two
 * replay passes that do not fit together.  Such a figure is neither
 * shown nor judged by; the row says which counters disagree.
 */
static void check_counters(struct prof_kernel *k)
{
	const struct { const char *name; struct prof_access *p; } g[] = {
		{ "LDG", &k->ld }, { "STG", &k->st }, { "atomics", &k->atom }, { "cp.async", &k->cp },
	};
	const struct { const char *name; struct prof_shared *s; } sh[] = {
		{ "shared loads", &k->sld }, { "shared stores", &k->sst }, { "ldmatrix", &k->ldsm },
		{ "cp.async's shared writes", &k->cpw }, { "shared atomics", &k->satom },
	};
	const struct prof_bound *b = &k->bound;

	for (size_t i = 0; k->per_kind && i < ARRAY_SIZE(g); i++) {
		struct prof_access *p = g[i].p;
		/* a warp's 32 lanes touch 32 sectors at most (16 bytes or fewer each, aligned) */
		if (p->sectors_per_request > 32)
			disagree(k, "%s: %.1f sectors a request, more than a warp's 32 lanes can touch",
				 g[i].name, p->sectors_per_request);
		else if (p->efficiency_pct > 100)
			disagree(k, "%s: its lanes asked for %.0f bytes, more than its %.0f sectors "
				 "carry", g[i].name, p->bytes, p->sectors);
		else
			continue;
		unjudged(p);
		p->excess = NAN;
	}
	for (size_t i = 0; k->per_kind && i < ARRAY_SIZE(sh); i++) {
		struct prof_shared *s = sh[i].s;
		if (s->wavefronts_per_instruction > 32)
			disagree(k, "%s: %.1f wavefronts an instruction, more than a warp's 32 lanes "
				 "make", sh[i].name, s->wavefronts_per_instruction);
		else if (s->conflicts > s->wavefronts)
			disagree(k, "%s: %.0f bank conflicts, more than its %.0f wavefronts",
				 sh[i].name, s->conflicts, s->wavefronts);
		else
			continue;
		s->ways = s->ideal_per_instruction = s->excess = s->conflicts_per_instruction = NAN;
		s->wavefronts_per_instruction = NAN;
	}
	for (int u = 0; u < USE_N; u++)
		if ((b->over >> u) & 1)
			disagree(k, "%s counted above its ceiling over the kernel's time",
				 prof_use_name((enum prof_use_id)u));
	if ((b->over >> USE_DRAM) & 1)
		k->dram_gbs = k->dram_pct = NAN;
}

static void finish(struct prof_kernel *k, const struct acc *a, const struct prof_rec *dev,
		   const struct prof_roofs *measured)
{
	char *n = kernel_demangle(k->kernel);

	k->name = n ? n : gp_xstrdup(k->kernel);
	n = kernel_short_name(k->kernel);
	k->short_name = n ? n : gp_xstrdup(k->name);
	if (a->dur_n) {
		k->time_ns = (isnan(k->time_ns) ? 0 : k->time_ns) + a->dur_ns;
		k->timed += a->dur_n;
	}
	if (k->launches < k->timed)
		k->launches = k->timed;
	if (k->launches < k->profiled)
		k->launches = k->profiled;
	k->time_per_launch_ns = k->timed ? k->time_ns / (double)k->timed : NAN;
	k->dram_peak_gbs = NAN;
	if (dev) {
		struct gp_device d = { 0 };

		k->device_name = gp_xstrdup(dev->name);
		k->cc_major = dev->cc_major;
		k->cc_minor = dev->cc_minor;
		k->sms = dev->sms;
		d.mem_clock_khz = dev->mem_clock_khz;
		d.mem_bus_width_bits = dev->bus_bits;
		if (d.mem_clock_khz > 0 && d.mem_bus_width_bits > 0)
			k->dram_peak_gbs = dev_dram_peak_gbs(&d);
	}
	finish_accesses(k, a);
	k->counter_set = counter_sets(a);
	k->achieved_pct = ratio(a->occ_sum, a->occ_w);
	k->l1_hit_pct = ratio(a->l1_sum, a->l1_w);
	k->l2_hit_pct = ratio(a->l2_sum, a->l2_w);
	k->dram_read_bytes = a->dram_ns > 0 ? a->dram_r : NAN;
	k->dram_write_bytes = a->dram_ns > 0 ? a->dram_w : NAN;
	k->dram_gbs = ratio(a->dram_r + a->dram_w, a->dram_ns);   /* bytes per ns = GB/s */
	occupancy(k);
	finish_roofline(k, a, measured);
	/* against the DRAM roof the bound used: measured where known */
	k->dram_pct = 100 * ratio(k->dram_gbs * 1e9, k->roofs.r[ROOF_DRAM].per_s);
	check_counters(k);
	prof_verdict(k);
}

static void note_add(struct prof_analysis *a, const char *level, const char *text)
{
	for (size_t i = 0; i < a->nnotes; i++)
		if (!strcmp(a->notes[i].text, text)) {
			a->notes[i].count++;
			return;
		}
	a->notes = gp_xrealloc(a->notes, (a->nnotes + 1) * sizeof(*a->notes));
	a->notes[a->nnotes].level = gp_xstrdup(level);
	a->notes[a->nnotes].text = gp_xstrdup(text);
	a->notes[a->nnotes].count = 1;
	a->nnotes++;
}

/*
 * The device record of dev: processes of one run see the same devices
 * (they inherit CUDA_VISIBLE_DEVICES), so the first one says.
 */
static const struct prof_rec *device_of(const struct prof_records *rs, int dev)
{
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].type == PROF_DEVICE && rs->v[i].dev == dev)
			return &rs->v[i];
	return NULL;
}

static int by_time(const void *x, const void *y)
{
	const struct prof_kernel *a = x, *b = y;
	double ta = isnan(a->time_ns) ? -1 : a->time_ns, tb = isnan(b->time_ns) ? -1 : b->time_ns;

	if (ta != tb)
		return ta < tb ? 1 : -1;
	return strcmp(a->name, b->name);
}

/* The time a verdict's problem costs; kernels without a time by the fraction alone. */
static double cost(const struct prof_kernel *k)
{
	return isnan(k->time_ns) ? k->waste * 1e-9 : k->waste * k->time_ns;
}

static int by_waste(const void *x, const void *y)
{
	const struct prof_kernel *a = x, *b = y;

	if (cost(a) != cost(b))
		return cost(a) < cost(b) ? 1 : -1;
	return by_time(x, y);
}

static int by_name(const void *x, const void *y)
{
	const struct prof_kernel *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	return c ? c : a->dev - b->dev;
}

/* qsort, which may not be given an empty (NULL) array */
static void sort_rows(struct prof_kernel *k, size_t n, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(k, n, sizeof(*k), cmp);
}

const char *prof_kernel_label(const struct prof_kernel *k, char *buf, size_t n)
{
	return kernel_label(k->short_name ? k->short_name : k->name, buf, n);
}

static void summarize(struct prof_analysis *a)
{
	struct prof_kernel *w;
	size_t n = 0, len = 0, cap = 1024;
	char *s;

	if (!a->nkernels) {
		a->summary = gp_xstrdup(a->processes ? "the program launched no kernel" :
					"the program launched no kernel (it never initialised CUDA)");
		return;
	}
	w = gp_xmalloc(a->n * sizeof(*w) + 1);
	if (a->n)
		memcpy(w, a->k, a->n * sizeof(*w));
	sort_rows(w, a->n, by_waste);
	s = gp_xmalloc(cap);
	s[0] = '\0';
	for (size_t i = 0; i < a->n && n < 3; i++) {
		char stake[48] = "", label[PROF_NAME_SHOWN + 1];
		if (!prof_worth_fixing(&w[i]))
			continue;
		if (!isnan(w[i].time_ns))
			snprintf(stake, sizeof(stake), ", %.3g ms at stake",
				 w[i].waste * w[i].time_ns / 1e6);
		char *part = gp_xasprintf("%s%s (%s%s)", n ? "; " : "",
					  prof_kernel_label(&w[i], label, sizeof(label)),
					  w[i].verdict_short, stake);
		size_t pl = strlen(part);
		if (len + pl + 1 > cap) {
			cap = 2 * (len + pl + 1);
			s = gp_xrealloc(s, cap);
		}
		memcpy(s + len, part, pl + 1);
		len += pl;
		free(part);
		n++;
	}
	if (n)
		a->summary = gp_xasprintf("worth fixing first: %s", s);
	else if (!a->counters_seen)
		a->summary = gp_xstrdup("no kernel was profiled with counters: see the notes");
	else
		a->summary = gp_xstrdup("nothing worth fixing first: the profiled kernels are near "
					"a ceiling or waste little");
	free(s);
	free(w);
}

static void process_notes(const struct prof_records *rs, struct prof_analysis *a)
{
	for (size_t i = 0; i < rs->n; i++) {
		const struct prof_rec *r = &rs->v[i];
		if (r->type == PROF_HELLO)
			a->processes++;
		else if (r->type == PROF_END)
			a->ended++;
		else if (r->type == PROF_NOTE)
			note_add(a, r->level, r->text);
	}
	if (a->ended < a->processes) {
		char *t = a->processes == 1 ?
			  gp_xstrdup("the profiled process ended without saying so (killed, "
				     "crashed, or left through _exit or exec): its last timings may "
				     "be missing") :
			  gp_xasprintf("%zu of %zu profiled processes ended without saying so "
				       "(killed, crashed, or left through _exit or exec): their last "
				       "timings may be missing", a->processes - a->ended,
				       a->processes);
		note_add(a, "warning", t);
		free(t);
	}
}

/* Keep the rows the filter and --top allow; the rest only count. */
static void select_rows(struct prof_analysis *a, const struct prof_filter *f, size_t top)
{
	size_t kept = 0;

	sort_rows(a->k, a->n, by_time);
	for (size_t i = 0; i < a->n; i++) {
		struct prof_kernel *k = &a->k[i];
		if (prof_filter_match(f, k->name) && (!top || kept < top)) {
			a->k[kept++] = *k;
			continue;
		}
		a->others++;
		a->other_launches += k->launches;
		if (!isnan(k->time_ns))
			a->other_time_ns += k->time_ns;
		prof_kernel_free(k);
	}
	a->n = kept;
}

int prof_analyze(const struct prof_records *rs, const struct prof_opts *o,
		 struct prof_analysis *a)
{
	struct rows r = { 0 };
	struct prof_filter f;
	struct acc *acc;
	char err[128];

	memset(a, 0, sizeof(*a));
	if (prof_filter_init(&f, o->kernel_regex, err, sizeof(err)))
		return -1;
	for (size_t i = 0; i < rs->n; i++) {
		const struct prof_rec *x = &rs->v[i];
		struct prof_kernel *k;
		if (x->type != PROF_LAUNCH && x->type != PROF_TIME)
			continue;
		k = row(&r, x->kernel, x->dev, &acc);
		if (x->type == PROF_LAUNCH)
			add_launch(k, acc, x);
		else
			add_time(k, acc, x);
	}
	for (size_t i = 0; i < r.n; i++) {
		r.k[i].time_ns = r.k[i].timed ? r.k[i].time_ns : NAN;
		finish(&r.k[i], &r.acc[i], device_of(rs, r.k[i].dev),
		       o->roofs && (size_t)r.k[i].dev < o->nroofs ? &o->roofs[r.k[i].dev] : NULL);
		prof_where(rs, &r.k[i]);
		a->counters_seen |= r.k[i].profiled > 0;
		a->launches += r.k[i].launches;
		if (!isnan(r.k[i].time_ns))
			a->time_ns += r.k[i].time_ns;
	}
	a->k = r.k;
	a->n = a->nkernels = r.n;
	free(r.acc);
	free(r.slot);
	process_notes(rs, a);
	select_rows(a, &f, o->top);
	prof_filter_free(&f);
	if (o->sort == PROF_SORT_WASTE)
		sort_rows(a->k, a->n, by_waste);
	else if (o->sort == PROF_SORT_NAME)
		sort_rows(a->k, a->n, by_name);
	summarize(a);
	return 0;
}

void prof_no_gpu(struct prof_analysis *a, const char *why)
{
	if (a->nkernels || !why)
		return;
	free(a->summary);
	a->summary = gp_xasprintf("the program launched no kernel: %s", why);
}
