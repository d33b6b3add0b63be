/*
 * The bound of a kernel (profile/bound.h), from the fraction of each
 * ceiling it reached:
 *
 *   - a precision's FLOP/s over its roof (FP64, FP32, FP16: CUDA cores);
 *   - the FMA and tensor pipes' busy fraction, the hardware's own measure
 *     of its peak (tensor-core FLOPs are not counted: their counters cost
 *     passes, see counters/metrics.c; the tensor pipe's busy time is the
 *     evidence);
 *   - each memory level's bytes per second over its roof.
 *
 * The nearest ceiling at PROF_BOUND_AT (60 %, where Nsight Compute's speed
 * of light calls a unit well used) or more names the bound: compute or
 * memory, whichever is nearer.  Nearer than PROF_LITTLE_TO_GAIN (75 %),
 * there is little to gain.  Neither near: underfilled when the grid has
 * fewer blocks than SMs, or fewer than PROF_ENOUGH_WARPS_PCT (20 %) of the
 * warp slots are busy (under about 3 warps a scheduler on 64-warp SMs,
 * too few to hide a memory latency); else latency-bound: enough warps,
 * yet they wait.  The time at stake is the kernel's time x (1 - the
 * fraction of its nearest ceiling): what reaching that ceiling would save.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/peaks.h"
#include "results/roofline.h"
#include "util/error.h"
#include "util/parse.h"
#include "profile/bound.h"

static const char *const bound_codes[PB_NKINDS] = {
	[PB_COMPUTE] = "compute", [PB_MEMORY] = "memory", [PB_LATENCY] = "latency",
	[PB_UNDERFILLED] = "underfilled",
};

static const struct {
	const char *code, *name;
	enum roof_ceiling roof;      /* ROOF_NCEILINGS: a pipe, judged by its own peak */
} uses[USE_N] = {
	[USE_FP64] = { "fp64", "FP64", ROOF_FP64 },
	[USE_FP32] = { "fp32", "FP32", ROOF_FP32 },
	[USE_FP16] = { "fp16", "FP16", ROOF_FP16 },
	[USE_FMA_PIPE] = { "fma_pipe", "FMA pipe", ROOF_NCEILINGS },
	[USE_TENSOR_PIPE] = { "tensor_pipe", "tensor pipe", ROOF_NCEILINGS },
	[USE_FP64_PIPE] = { "fp64_pipe", "FP64 pipe", ROOF_NCEILINGS },
	[USE_DRAM] = { "dram", "DRAM", ROOF_DRAM },
	[USE_L2] = { "l2", "L2", ROOF_L2 },
	[USE_L1] = { "l1", "L1/shared", ROOF_L1 },
};

/* The roofline's labels; a kernel's L1 and shared memory are one path, no shared slot. */
const char *prof_roof_name(enum roof_ceiling id)
{
	if (id == ROOF_L1)
		return "L1/shared";
	return id == ROOF_SHARED ? NULL : roof_label(id);
}

const char *prof_roof_source_name(enum prof_roof_source s)
{
	return s == PROF_ROOF_MEASURED ? "measured" : s == PROF_ROOF_THEORETICAL ? "theoretical" : NULL;
}

const char *prof_bound_code(enum prof_bound_kind k)
{
	return (int)k >= 0 && k < PB_NKINDS ? bound_codes[k] : NULL;
}

int prof_bound_waits(enum prof_bound_kind k)
{
	return k == PB_LATENCY || k == PB_UNDERFILLED;
}

const char *prof_use_code(enum prof_use_id u)
{
	return (int)u >= 0 && u < USE_N ? uses[u].code : NULL;
}

const char *prof_use_name(enum prof_use_id u)
{
	return (int)u >= 0 && u < USE_N ? uses[u].name : NULL;
}

int prof_use_is_memory(enum prof_use_id u)
{
	return u == USE_DRAM || u == USE_L2 || u == USE_L1;
}

void prof_roofs_init(struct prof_roofs *r)
{
	for (int i = 0; i < ROOF_NCEILINGS; i++)
		r->r[i] = (struct prof_roof){ NAN, PROF_ROOF_UNKNOWN };
}

int prof_roofs_any_measured(const struct prof_roofs *r)
{
	for (int i = 0; i < ROOF_NCEILINGS; i++)
		if (r->r[i].source == PROF_ROOF_MEASURED)
			return 1;
	return 0;
}

/* Set roof id, where per_s is known and it is not yet. */
static void theoretical(struct prof_roofs *r, enum roof_ceiling id, double per_s)
{
	if (per_s > 0 && isfinite(per_s) && r->r[id].source == PROF_ROOF_UNKNOWN)
		r->r[id] = (struct prof_roof){ per_s, PROF_ROOF_THEORETICAL };
}

void prof_roofs_theoretical(struct prof_roofs *out, const struct prof_peaks *p)
{
	const struct peak_row *row = peak_lookup(p->cc_major, p->cc_minor);
	double mhz = p->sm_clock_hz / 1e6;

	prof_roofs_init(out);
	for (int c = ROOF_FIRST_COMPUTE; c < ROOF_NCEILINGS; c++) {
		double v = peak_ops_per_second(row, (enum roof_ceiling)c, p->geforce, p->sms, mhz);
		theoretical(out, (enum roof_ceiling)c, v);
	}
	if (row && p->sms > 0)
		theoretical(out, ROOF_L1, (double)row->l1_bytes_per_clock * p->sms * p->sm_clock_hz);
	/* where the table has no figure: the chip's own, as CUPTI gives it */
	theoretical(out, ROOF_FP64, 2 * p->dfma_per_cycle * p->sm_clock_hz);
	theoretical(out, ROOF_FP32, 2 * p->ffma_per_cycle * p->sm_clock_hz);
	/* an HFMA2 thread instruction: 2 halves x an FMA */
	theoretical(out, ROOF_FP16, 4 * p->hfma_per_cycle * p->sm_clock_hz);
	theoretical(out, ROOF_L1, p->l1_bytes_per_s);
	theoretical(out, ROOF_DRAM, p->dram_bus_bytes_per_s);
	theoretical(out, ROOF_DRAM, p->dram_bytes_per_s);
	theoretical(out, ROOF_L2, p->l2_bytes_per_s);
}

void prof_roofs_measured(struct prof_roofs *out, const double *v)
{
	prof_roofs_init(out);
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		struct prof_roof *r = &out->r[c == ROOF_SHARED ? ROOF_L1 : c];
		double per_s = v[c];

		/* L1 and shared: one data path, the faster of the two */
		if (per_s > 0 && isfinite(per_s) && !(r->per_s >= per_s))
			*r = (struct prof_roof){ per_s, PROF_ROOF_MEASURED };
	}
}

void prof_roofs_overlay(struct prof_roofs *dst, const struct prof_roofs *src)
{
	for (int i = 0; src && i < ROOF_NCEILINGS; i++)
		if (src->r[i].source != PROF_ROOF_UNKNOWN && src->r[i].per_s > 0)
			dst->r[i] = src->r[i];
}

/* ---- classification ---- */

static double rate_of(const struct prof_bound_in *in, enum prof_use_id u)
{
	switch (u) {
	case USE_FP64: case USE_FP32: case USE_FP16: return in->flop_per_s[u - USE_FP64];
	case USE_DRAM: case USE_L2: case USE_L1: return in->bytes_per_s[u - USE_DRAM];
	default: return NAN;
	}
}

static double use_of(const struct prof_bound_in *in, enum prof_use_id u)
{
	const struct prof_roof *roof;
	double rate;

	if (u == USE_FMA_PIPE)
		return in->fma_pipe_pct / 100;
	if (u == USE_TENSOR_PIPE)
		return in->tensor_pipe_pct / 100;
	if (u == USE_FP64_PIPE)
		return in->fp64_pipe_pct / 100;
	roof = in->roofs ? &in->roofs->r[uses[u].roof] : NULL;
	rate = rate_of(in, u);
	return roof && roof->per_s > 0 && rate >= 0 ? rate / roof->per_s : NAN;
}

/* "67.0 TFLOP/s", "845 GFLOP/s"; "3352 GB/s". */
static const char *rate_text(double v, int bytes, char *buf, size_t n)
{
	if (bytes)
		snprintf(buf, n, "%.0f GB/s", v / 1e9);
	else if (v >= 1e12)
		snprintf(buf, n, "%.1f TFLOP/s", v / 1e12);
	else if (v >= 1e9)
		snprintf(buf, n, "%.0f GFLOP/s", v / 1e9);
	else
		snprintf(buf, n, "%.2f GFLOP/s", v / 1e9);
	return buf;
}

/* "the tensor pipe busy 94 % of the time", "DRAM at 3010 GB/s, 90 % of its 3352 GB/s roof (measured)" */
static char *evidence(const struct prof_bound_in *in, const struct prof_bound *b, int u)
{
	const struct prof_roof *roof;
	char r1[32], r2[32], pct[32];
	int bytes = prof_use_is_memory((enum prof_use_id)u);

	format_pct(pct, sizeof(pct), 100 * b->use[u]);
	if (uses[u].roof == ROOF_NCEILINGS)
		return (b->over >> u) & 1 ? gp_xasprintf("the %s busy all of the time", uses[u].name) :
		       gp_xasprintf("the %s busy %s %% of the time", uses[u].name, pct);
	roof = &in->roofs->r[uses[u].roof];
	if ((b->over >> u) & 1)
		return gp_xasprintf("%s at its %s roof (%s)", uses[u].name,
				    rate_text(roof->per_s, bytes, r2, sizeof(r2)),
				    prof_roof_source_name(roof->source));
	return gp_xasprintf("%s at %s, %s %% of its %s roof (%s)", uses[u].name,
			    rate_text(rate_of(in, (enum prof_use_id)u), bytes, r1, sizeof(r1)),
			    pct, rate_text(roof->per_s, bytes, r2, sizeof(r2)),
			    prof_roof_source_name(roof->source));
}

/* The FLOP evidence beside a pipe's: the busiest precision against its roof, if it counts. */
static int flop_beside(const struct prof_bound *b)
{
	int best = -1;

	for (int u = USE_FP64; u <= USE_FP16; u++)
		if (b->use[u] >= 0.1 && (best < 0 || b->use[u] > b->use[best]))
			best = u;
	return best;
}

static int nearest_of(const struct prof_bound *b, int memory)
{
	int best = -1;

	for (int u = 0; u < USE_N; u++)
		if (prof_use_is_memory((enum prof_use_id)u) == memory && !isnan(b->use[u]) &&
		    (best < 0 || b->use[u] > b->use[best]))
			best = u;
	return best;
}

static void near_roof(const struct prof_bound_in *in, struct prof_bound *b)
{
	int compute = b->kind == PB_COMPUTE, f = compute ? flop_beside(b) : -1;
	char *ev = evidence(in, b, b->nearest), *also = NULL, pct[32];

	if (f >= 0 && f != b->nearest)
		also = evidence(in, b, f);
	b->text = gp_xasprintf("%s-bound: %s%s%s", compute ? "compute" : "memory", ev,
			       also ? "; " : "", also ? also : "");
	b->brief = gp_xasprintf("%s-bound (%s %s %%)", compute ? "compute" : "memory",
				uses[b->nearest].name, format_pct(pct, sizeof(pct), 100 * b->roof_frac));
	free(ev);
	free(also);
}

/* "no ceiling near: the nearest, DRAM, at 3 %" */
static char *nearest_text(const struct prof_bound *b)
{
	char pct[32];

	if (b->nearest < 0)
		return gp_xstrdup("no ceiling known");
	return gp_xasprintf("no ceiling near: the nearest, %s, at %s %%", uses[b->nearest].name,
			    format_pct(pct, sizeof(pct), 100 * b->roof_frac));
}

/* Fewer blocks than SMs: some SMs have nothing to run. */
static int grid_short(const struct prof_bound_in *in)
{
	return in->sms > 0 && in->blocks > 0 && in->blocks < (unsigned long long)in->sms;
}

static void far_from_roofs(const struct prof_bound_in *in, struct prof_bound *b)
{
	char *near = nearest_text(b), pct[32];
	const char *lanes = in->one_lane ? "; only one lane of each warp asks for its global loads" : "";

	if (b->kind == PB_UNDERFILLED && grid_short(in))
		b->text = gp_xasprintf("underfilled: the grid's %llu block%s leave%s %llu of %d SMs "
				       "idle (%s)%s", in->blocks, in->blocks == 1 ? "" : "s",
				       in->blocks == 1 ? "s" : "",
				       (unsigned long long)in->sms - in->blocks, in->sms, near, lanes);
	else if (b->kind == PB_UNDERFILLED)
		b->text = gp_xasprintf("underfilled: only %s %% of the warp slots are busy, too "
				       "few warps to hide latency (%s)%s",
				       format_pct(pct, sizeof(pct), in->achieved_pct), near, lanes);
	else if (isnan(in->achieved_pct))
		b->text = gp_xasprintf("latency-bound: %s, although the grid fills every SM%s",
				       near, lanes);
	else
		b->text = gp_xasprintf("latency-bound: %s, although %s %% of the warp slots are "
				       "busy%s", near, format_pct(pct, sizeof(pct), in->achieved_pct),
				       lanes);
	if (b->kind == PB_LATENCY)
		b->advice = gp_xstrdup("the warps wait on dependent loads or long instructions: "
				       "give each more independent work, or the GPU more of it in "
				       "flight");
	if (b->kind == PB_UNDERFILLED)
		b->brief = gp_xstrdup(grid_short(in) ? "underfilled (grid)" : "underfilled (warps)");
	else
		b->brief = gp_xstrdup("latency-bound");
	free(near);
}

void prof_bound_classify(const struct prof_bound_in *in, struct prof_bound *b)
{
	int known = 0, c, m;

	memset(b, 0, sizeof(*b));
	b->nearest = -1;
	b->roof_frac = b->compute_frac = b->at_stake = NAN;
	for (int u = 0; u < USE_N; u++) {
		b->use[u] = use_of(in, (enum prof_use_id)u);
		known |= !isnan(b->use[u]);
		/* a ceiling counted as passed: at the ceiling (the row says which counters) */
		if (b->use[u] > 1) {
			b->over |= 1u << u;
			b->use[u] = 1;
		}
	}
	if (!known) {
		b->kind = PB_UNKNOWN;
		b->text = gp_xstrdup("bound unknown: no ceiling or rate was counted");
		b->brief = gp_xstrdup("bound unknown");
		return;
	}
	c = nearest_of(b, 0);
	m = nearest_of(b, 1);
	b->compute_frac = c >= 0 ? b->use[c] : NAN;
	/* the nearer of the two; a tie goes to compute (the work is what it is) */
	b->nearest = c >= 0 && (m < 0 || b->use[c] >= b->use[m]) ? c : m;
	b->roof_frac = b->use[b->nearest];
	b->at_stake = b->roof_frac < 1 ? 1 - b->roof_frac : 0;
	b->little_to_gain = b->roof_frac >= PROF_LITTLE_TO_GAIN;
	if (b->roof_frac >= PROF_BOUND_AT) {
		b->kind = b->nearest == c ? PB_COMPUTE : PB_MEMORY;
		near_roof(in, b);
		return;
	}
	if (grid_short(in) || in->achieved_pct < PROF_ENOUGH_WARPS_PCT)
		b->kind = PB_UNDERFILLED;
	else
		b->kind = PB_LATENCY;
	far_from_roofs(in, b);
}
