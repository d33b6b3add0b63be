/*
 * The roofline probe (probes/roofline.h).
 *
 * Memory: one bandwidth probe of its read kernel at 16-byte width over
 * three sets, each of which the probe measures by its own method
 * (model/bandwidth-method.h): 64 KiB (L1 windows: within 3/4 of the
 * smallest unified L1), the L2 set (L2 windows with ld.global.cg: 16 MiB,
 * or half the L2 where that is smaller; the disjoint windows need a
 * large set to keep the L2 busy) and the DRAM set (streamed once per
 * repetition).  Shared memory: the banks probe's conflict-free read,
 * 16-byte loads at stride 1.  Their theoretical needs the SM clock, read
 * right after them with a spin (gpu/sm-clock.h).
 *
 * Compute: each ceiling's kernel (kernels/kernels.h) is sized first: a
 * full wave of resident blocks, its iterations grown until a launch lasts
 * an eighth of target_ms, then set for target_ms.  The tensor kernels
 * restart from zero every window of iterations that keeps their sums
 * exact (FP8: 16), so they take any count; where an FMA chain would stop
 * being exact first (FP16), more waves.  Then warm-up launches, the
 * check struct zeroed and its sample poisoned, `reps` timed launches, and
 * the check: every block finished every launch, no thread held a wrong
 * value, block 0's thread 0 held exactly the expected bits.  The
 * theoretical is at the clock the SMs ran at during those launches (their
 * cycles over %globaltimer), so a throttled GPU is judged at its clock.
 *
 * A ceiling whose values are wrong does not stop the others: its message
 * is printed, the others are measured, and roof_probe fails at the end.
 */
#include "probes/roofline.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>

#include "arch/peaks.h"
#include "gpu/cuda-check.h"
#include "gpu/sm-clock.h"
#include "gpu/timing.h"
#include "kernels/kernels.h"
#include "model/bandwidth-method.h"
#include "model/bandwidth.h"
#include "model/banks.h"
#include "probes/bandwidth.h"
#include "probes/banks.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

/*
 * Methods and notes hold no comma, so that the CSV's fields split on
 * commas alone (the bench and GPU tests read it with awk).
 */

/* The value types of a kernel's results, for the expected sample. */
enum vtype { V_F64, V_F32, V_F16X2, V_S32 };

struct kdesc {
	const char *instruction;   /* in SASS */
	const char *ptx;           /* what the kernel issues */
	const char *how;           /* its independent work */
	enum vtype v;
	int nsample;               /* words of struct roof_check's sample the kernel writes */
	uint32_t one;              /* mma: the bits of 1, repeated over 32 bits */
	double start;              /* FMA: chain 0's first value */
};

#define FMA_HOW "8 chains per thread"
#define MMA_HOW "8 accumulator tiles per warp"
#define WG_HOW "a 64x256 tile per warpgroup; 4 wgmma per commit group"

static const struct kdesc kdescs[ROOF_NKERNELS] = {
	[ROOF_DFMA] = { "DFMA", "fma.rn.f64", FMA_HOW, V_F64, 8, 0, 1 },
	[ROOF_FFMA] = { "FFMA", "fma.rn.f32", FMA_HOW, V_F32, 8, 0, 1 },
	[ROOF_HFMA2] = { "HFMA2", "fma.rn.f16x2", FMA_HOW, V_F16X2, 8, 0, -2048 },
	[ROOF_MMA_F64] = { "DMMA", "mma.sync.m8n8k4.f64", MMA_HOW, V_F64, 2, 0, 0 },
	[ROOF_MMA_F64_K16] = { "DMMA", "mma.sync.m16n8k16.f64", MMA_HOW, V_F64, 4, 0, 0 },
	[ROOF_MMA_F16] = { "HMMA", "mma.sync.m16n8k16.f32.f16", MMA_HOW, V_F32, 4, 0x3c003c00u, 0 },
	[ROOF_MMA_BF16] = { "HMMA", "mma.sync.m16n8k16.f32.bf16", MMA_HOW, V_F32, 4, 0x3f803f80u, 0 },
	[ROOF_MMA_TF32] = { "HMMA", "mma.sync.m16n8k8.f32.tf32", MMA_HOW, V_F32, 4, 0x3f800000u, 0 },
	[ROOF_MMA_S8] = { "IMMA", "mma.sync.m16n8k32.s32.s8", MMA_HOW, V_S32, 4, 0x01010101u, 0 },
	[ROOF_MMA_E4M3] = { "QMMA", "mma.sync.m16n8k32.f32.e4m3", MMA_HOW, V_F32, 4, 0x38383838u, 0 },
	[ROOF_WGMMA_F16] = { "HGMMA", "wgmma.m64n256k16.f32.f16", WG_HOW, V_F32, 8, 0x3c003c00u, 0 },
	[ROOF_WGMMA_BF16] = { "HGMMA", "wgmma.m64n256k16.f32.bf16", WG_HOW, V_F32, 8, 0x3f803f80u, 0 },
	[ROOF_WGMMA_TF32] = { "HGMMA", "wgmma.m64n256k8.f32.tf32", WG_HOW, V_F32, 8, 0x3f800000u, 0 },
	[ROOF_WGMMA_S8] = { "IGMMA", "wgmma.m64n256k32.s32.s8", WG_HOW, V_S32, 8, 0x01010101u, 0 },
	[ROOF_WGMMA_E4M3] = { "QGMMA", "wgmma.m64n256k32.f32.e4m3", WG_HOW, V_F32, 8, 0x38383838u, 0 },
};

/* The kernels of a compute ceiling, best first (-1: none). */
static const int choices[ROOF_NCEILINGS][2] = {
	[ROOF_DRAM] = { -1, -1 }, [ROOF_L2] = { -1, -1 }, [ROOF_L1] = { -1, -1 },
	[ROOF_SHARED] = { -1, -1 },
	[ROOF_FP64] = { ROOF_DFMA, -1 },
	[ROOF_FP32] = { ROOF_FFMA, -1 },
	[ROOF_FP16] = { ROOF_HFMA2, -1 },
	[ROOF_TENSOR_FP64] = { ROOF_MMA_F64_K16, ROOF_MMA_F64 },
	[ROOF_TENSOR_FP16] = { ROOF_WGMMA_F16, ROOF_MMA_F16 },
	[ROOF_TENSOR_BF16] = { ROOF_WGMMA_BF16, ROOF_MMA_BF16 },
	[ROOF_TENSOR_TF32] = { ROOF_WGMMA_TF32, ROOF_MMA_TF32 },
	[ROOF_TENSOR_INT8] = { ROOF_WGMMA_S8, ROOF_MMA_S8 },
	[ROOF_TENSOR_FP8] = { ROOF_WGMMA_E4M3, ROOF_MMA_E4M3 },
};

void roof_request_init(struct roof_request *q, int quick)
{
	memset(q, 0, sizeof(*q));
	q->ceilings = ROOF_ALL;
	q->reps = quick ? ROOF_QUICK_REPS : ROOF_REPS;
	q->warmup = quick ? ROOF_QUICK_WARMUP : ROOF_WARMUP;
	q->target_ms = quick ? ROOF_QUICK_TARGET_MS : ROOF_TARGET_MS;
	q->dram_bytes = quick ? ROOF_QUICK_DRAM_BYTES : 0;
	q->counters = quick ? COUNTERS_OFF : COUNTERS_AUTO;
}

static int asked(const struct roof_request *q, enum roof_ceiling c)
{
	return (q->ceilings >> c) & 1;
}

static void note(struct roof_row *row, const char *fmt, ...) GP_PRINTF(2, 3);
static void note(struct roof_row *row, const char *fmt, ...)
{
	size_t n = strlen(row->note);
	va_list ap;

	if (n + 3 >= sizeof(row->note))
		return;
	if (n)
		n += (size_t)snprintf(row->note + n, sizeof(row->note) - n, "; ");
	va_start(ap, fmt);
	vsnprintf(row->note + n, sizeof(row->note) - n, fmt, ap);
	va_end(ap);
}

/* ---- memory ---- */

/* The L2 row's set: 16 MiB, or the largest power of two within half the L2. */
static uint64_t l2_set(const struct gp_device *dev)
{
	uint64_t s = ROOF_L2_SET_MAX;

	while (s > (1u << 20) && s > (uint64_t)dev->l2_bytes / 2)
		s /= 2;
	return s;
}

static void from_stats(struct roof_row *row, double ops, const struct stats *ms)
{
	row->measured = 1;
	row->ops = ops;
	row->reps = (int)ms->n;
	row->ms = ms->median;
	row->value = ops / (ms->median * 1e-3);
	row->best = ops / (ms->min * 1e-3);
	row->worst = ops / (ms->max * 1e-3);
	row->cov_pct = ms->n > 1 ? 100 * ms->cov : NAN;
}

/* The SM-clock theoretical of an L1 or shared row: bytes per clock per SM x SMs x clock. */
static void sm_bytes_theoretical(const struct gp_device *dev, const struct roof_results *res,
				 struct roof_row *row)
{
	const struct peak_row *p = peak_lookup(dev->cc_major, dev->cc_minor);

	row->clock_mhz = res->spin_mhz;
	row->clock = isfinite(res->spin_mhz) ? ROOF_CLOCK_SPIN : ROOF_CLOCK_NONE;
	if (!p) {
		note(row, "no theoretical: CC %d.%d is not in the throughput table", dev->cc_major,
		     dev->cc_minor);
		return;
	}
	row->per_clock_per_sm = p->l1_bytes_per_clock;
	if (isfinite(res->spin_mhz))
		row->theoretical = p->l1_bytes_per_clock * (double)dev->sm_count * res->spin_mhz * 1e6;
}

/* One read row of the bandwidth probe into ceiling c. */
static void memory_row(const struct gp_device *dev, const struct bw_result *r, enum roof_ceiling c,
		       struct roof_row *row)
{
	static const enum bw_method want[] = {
		[ROOF_DRAM] = BW_METHOD_STREAM, [ROOF_L2] = BW_METHOD_L2, [ROOF_L1] = BW_METHOD_L1,
	};
	const char *level;
	char sz[32];

	format_size(sz, sizeof(sz), r->size);
	row->size = r->size;
	if (r->method != want[c]) {
		note(row, "not measured: the %s set fits no %s method here (bandwidth chose '%s')",
		     sz, roof_label(c), bw_method_names[r->method]);
		return;
	}
	from_stats(row, (double)r->bytes, &r->ms);
	snprintf(row->instruction, sizeof(row->instruction), "%s",
		 c == ROOF_L2 ? "LDG.E.128.STRONG.GPU" : "LDG.E.128");
	if (c == ROOF_DRAM)
		snprintf(row->method, sizeof(row->method), "bandwidth read of 16-byte loads; %s streamed "
			 "%u time%s per repetition; grid %d x block %d; unroll %d", sz, r->passes,
			 r->passes == 1 ? "" : "s", r->grid, r->cfg.block, r->cfg.unroll);
	else
		snprintf(row->method, sizeof(row->method), "bandwidth read of 16-byte %sloads; a %s set "
			 "re-read in windows of %llu B by %d blocks of %d (%s method)",
			 c == ROOF_L2 ? "ld.global.cg " : "", sz,
			 (unsigned long long)r->window_bytes, r->grid, r->cfg.block,
			 bw_method_names[r->method]);
	level = r->counted ? bw_level_by_counters(&r->traffic, 1) : NULL;
	if (level)
		snprintf(row->level, sizeof(row->level), "%s", level);
	if (c == ROOF_DRAM) {
		double peak = dev_dram_peak_gbs(dev);

		if (peak > 0)
			row->theoretical = peak * 1e9;
		else
			note(row, "no theoretical: the driver gives no memory clock or bus width");
	} else if (c == ROOF_L2) {
		note(row, "no theoretical: NVIDIA publishes no L2 bandwidth");
	}
}

static int measure_reads(const struct gp_device *dev, const struct roof_request *q,
			 struct roof_results *res)
{
	enum roof_ceiling cs[3];
	uint64_t sizes[3];
	int widths[] = { 16 };
	struct bw_request br = { .kernels = 1u << BW_READ, .widths = widths, .nwidths = 1,
				 .reps = q->reps, .warmup = q->warmup, .counters = q->counters };
	struct bw_outcome out;
	size_t n = 0;
	int rc;

	if (asked(q, ROOF_L1)) {
		cs[n] = ROOF_L1;
		sizes[n++] = ROOF_L1_SET;
	}
	if (asked(q, ROOF_L2)) {
		cs[n] = ROOF_L2;
		sizes[n++] = l2_set(dev);
	}
	if (asked(q, ROOF_DRAM)) {
		uint64_t max = bw_max_size(dev->free_mem_bytes, 1, BW_RESERVE_BYTES);
		int scaled;

		cs[n] = ROOF_DRAM;
		sizes[n] = q->dram_bytes ? q->dram_bytes
					 : bw_default_size(dev->free_mem_bytes, 1, BW_RESERVE_BYTES,
							   &scaled);
		/* at least 8 x L2, so that the L2 serves next to nothing */
		if (sizes[n] < 8 * (uint64_t)dev->l2_bytes)
			sizes[n] = 8 * (uint64_t)dev->l2_bytes;
		sizes[n] -= sizes[n] % 16;
		if (sizes[n] > max) {
			char a[32], b[32];

			return gp_error(GP_EXIT_USAGE, "the DRAM read needs %s, more than the %s free",
					format_size(a, sizeof(a), sizes[n]),
					format_size(b, sizeof(b), max));
		}
		n++;
	}
	if (!n)
		return 0;
	br.sizes = sizes;
	br.nsizes = n;
	rc = bw_probe(dev, &br, &out);
	for (size_t i = 0; !rc && i < out.nres && i < n; i++)
		memory_row(dev, &out.res[i], cs[i], &res->row[cs[i]]);
	bw_outcome_free(&out);
	return rc;
}

/* Iterations of the banks loop: about 2 ms of conflict-free 16-byte loads on an H100. */
#define ROOF_SHARED_ITERS 2048

static int measure_shared(const struct gp_device *dev, const struct roof_request *q,
			  struct roof_row *row)
{
	struct bank_config cfg = { BANK_STRIDE, BANK_LOAD, 1, 16 };
	struct bank_opts o = { .warmup = q->warmup, .reps = q->reps, .iters = ROOF_SHARED_ITERS,
			       .counters = COUNTERS_OFF };
	struct bank_result r;
	int rc = bank_probe(dev, &o, &cfg, 1, &r);

	if (rc)
		return rc;
	from_stats(row, r.expected_instructions * BANK_WARP * cfg.width, &r.ms);
	snprintf(row->instruction, sizeof(row->instruction), "LDS.128");
	snprintf(row->method, sizeof(row->method), "banks: conflict-free 16-byte loads at stride 1; "
		 "%d independent per warp per iteration; every SM full", BANK_UNROLL);
	return 0;
}

/* ---- compute ---- */

struct job {
	enum roof_kernel k;
	int grid;
	struct roof_params p;
	struct roof_check *chk;     /* device */
};

static cudaError_t job_launch(void *arg, cudaStream_t st)
{
	struct job *j = arg;

	return launch_roof(j->k, j->grid, &j->p, j->chk, st);
}

static int is_fma(enum roof_kernel k)
{
	return k == ROOF_DFMA || k == ROOF_FFMA || k == ROOF_HFMA2;
}

/*
 * About iters iterations (windowed kernels: equal windows of at most
 * max_iters, iters rounded up to whole ones) and what each value ends at.
 */
static void set_iters(struct job *j, const struct roof_shape *sh, int iters)
{
	const struct kdesc *d = &kdescs[j->k];
	int windows = sh->windowed ? (iters + sh->max_iters - 1) / sh->max_iters : 1;
	int window = (iters + windows - 1) / windows;
	double n = (double)window * sh->steps * sh->k;

	memset(&j->p, 0, sizeof(j->p));
	j->p.iters = window * windows;
	j->p.window = window;
	j->p.b = 1;
	j->p.c = 1;
	j->p.one = d->one;
	j->p.start = d->start;
	/* FMA: start + steps (b = c = 1); mma: K per step of a window, from zero */
	j->p.want = is_fma(j->k) ? d->start + n : n;
}

/* The bits of a half holding the integer v, |v| <= 2048 (exact). */
static uint32_t half_bits(int v)
{
	uint32_t sign = v < 0 ? 0x8000u : 0, m = (uint32_t)(v < 0 ? -v : v);
	int e = 0;

	if (!m)
		return sign;
	while (m >> (e + 1))
		e++;
	/* 2^e <= m < 2^(e+1): exponent e + 15, ten bits of fraction */
	return sign | (uint32_t)(e + 15) << 10 | ((m << 10 >> e) & 0x3ffu);
}

static uint32_t f32_bits(double v)
{
	float f = (float)v;
	uint32_t b;

	memcpy(&b, &f, sizeof(b));
	return b;
}

static uint64_t f64_bits(double v)
{
	uint64_t b;

	memcpy(&b, &v, sizeof(b));
	return b;
}

/* What block 0's thread 0 must hold (kernels/roofline*.cu's sample). */
static void expected_sample(const struct job *j, uint32_t *w)
{
	const struct kdesc *d = &kdescs[j->k];
	double want = j->p.want;

	for (int i = 0; i < d->nsample; i++) {
		int fma = is_fma(j->k);
		double v = fma ? want + (d->v == V_F64 ? i / 2 : i) : want;

		switch (d->v) {
		case V_F64:
			/* FMA: chains' doubles, low word first; mma: each accumulator's low word */
			w[i] = fma ? (uint32_t)(f64_bits(v) >> (i % 2 ? 32 : 0)) : (uint32_t)f64_bits(v);
			break;
		case V_F32: w[i] = f32_bits(v); break;
		case V_F16X2: w[i] = half_bits((int)v) | half_bits((int)v + 8) << 16; break;
		case V_S32: w[i] = (uint32_t)(int32_t)v; break;
		}
	}
}

/* 1 when name is one of list's comma-separated words. */
static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return 1;
	return 0;
}

/*
 * Test hook: with GPUPERF_TEST_CORRUPT=1 (every ceiling) or =LIST (those
 * ceilings, as --ceiling names them) in the environment, count one wrong
 * value after timing, so that tests can show the check catches it.
 */
static int corrupt(const struct job *j, enum roof_ceiling c, cudaStream_t st)
{
	const char *e = getenv("GPUPERF_TEST_CORRUPT");
	unsigned long long one = 1;

	if (!e || (strcmp(e, "1") && !listed(e, roof_ceiling_name(c))))
		return 0;
	return cuda_check(cudaMemcpyAsync(&j->chk->bad, &one, sizeof(one), cudaMemcpyHostToDevice,
					  st), "cudaMemcpyAsync");
}

/* A sample word as a person reads it: "1508096 (0x49b81000)"; bits alone for f64 and f16x2. */
static void word_text(enum vtype v, uint32_t w, char *buf, size_t n)
{
	float f;

	memcpy(&f, &w, sizeof(f));
	if (v == V_F32)
		snprintf(buf, n, "%.9g (0x%08x)", (double)f, w);
	else if (v == V_S32)
		snprintf(buf, n, "%d (0x%08x)", (int)(int32_t)w, w);
	else
		snprintf(buf, n, "0x%08x", w);
}

/* "; from zero every 16" where a launch's accumulators restart, else "". */
static const char *restart_text(const struct job *j, char *buf, size_t n)
{
	buf[0] = 0;
	if (j->p.window < j->p.iters)
		snprintf(buf, n, "; from zero every %d", j->p.window);
	return buf;
}

static int verify(const struct job *j, enum roof_ceiling c, int launches,
		  const struct roof_check *h)
{
	const struct kdesc *d = &kdescs[j->k];
	uint32_t want[ROOF_SAMPLE_WORDS];
	char what[128], every[40], got[40], exp[40];
	int i = 0;

	snprintf(what, sizeof(what), "%s (%s, grid %d, %d iterations%s)", roof_ceiling_name(c),
		 d->instruction, j->grid, j->p.iters, restart_text(j, every, sizeof(every)));
	if (h->blocks != (unsigned long long)j->grid * (unsigned long long)launches)
		return gp_error(GP_EXIT_FAIL, "verification failed: %s: %llu blocks finished of %llu",
				what, h->blocks, (unsigned long long)j->grid * launches);
	expected_sample(j, want);
	while (i < d->nsample && h->sample[i] == want[i])
		i++;
	if (i == d->nsample && !h->bad)
		return 0;
	if (i == d->nsample)
		return gp_error(GP_EXIT_FAIL, "verification failed: %s: %llu values wrong "
				"(block 0 thread 0's right)", what, h->bad);
	/* the value block 0's thread 0 held says how a wrong sum went wrong */
	word_text(d->v, h->sample[i], got, sizeof(got));
	word_text(d->v, want[i], exp, sizeof(exp));
	if (h->bad)
		return gp_error(GP_EXIT_FAIL, "verification failed: %s: %llu values wrong "
				"(block 0 thread 0 value %d: %s, expected %s)", what, h->bad, i,
				got, exp);
	return gp_error(GP_EXIT_FAIL, "verification failed: %s: block 0 thread 0 value %d is %s, "
			"expected %s", what, i, got, exp);
}

/* Zero the sums, poison the sample. */
static int reset(const struct job *j, cudaStream_t st)
{
	int rc = cuda_check(cudaMemsetAsync(j->chk, 0, sizeof(*j->chk), st), "cudaMemsetAsync");

	return rc ? rc : cuda_check(cudaMemsetAsync(j->chk->sample, 0xff, sizeof(j->chk->sample),
						    st), "cudaMemsetAsync");
}

/* One launch, timed: its milliseconds. */
static int time_one(struct job *j, cudaStream_t st, double *ms)
{
	return timing_run(job_launch, NULL, j, st, 0, 1, ms);
}

/* Waves of the resident grid at most: a FP16 repetition on a slow GPU stays bounded. */
#define ROOF_MAX_WAVES 4096

/* Iterations and grid for target_ms (see the top of this file). */
static int size_job(struct job *j, const struct roof_shape *sh, int grid1, double target_ms,
		    cudaStream_t st)
{
	const int limit = sh->windowed ? INT_MAX / 2 : sh->max_iters;
	int iters = limit < 8 ? limit : 8;
	double ms = 0, per_iter, need;

	j->grid = grid1;
	for (;;) {
		double grow;
		int rc;

		set_iters(j, sh, iters);
		if ((rc = time_one(j, st, &ms)))
			return rc;
		if (ms >= target_ms / 8 || iters >= limit)
			break;
		grow = ms > 0 ? target_ms / 8 / ms : 64;
		grow = grow < 2 ? 2 : grow;
		iters = iters * grow >= limit ? limit : (int)(iters * grow);
	}
	per_iter = ms / j->p.iters;
	need = per_iter > 0 ? target_ms / per_iter : iters;
	if (need <= limit) {
		set_iters(j, sh, need < 1 ? 1 : (int)need);
	} else {
		double waves = ceil(need / limit);

		if (waves > ROOF_MAX_WAVES)
			waves = ROOF_MAX_WAVES;
		set_iters(j, sh, limit);
		j->grid = grid1 * (int)waves;
	}
	return 0;
}

/* The theoretical of a compute row at the clock its launches ran at. */
static void compute_theoretical(const struct gp_device *dev, enum roof_ceiling c,
				struct roof_row *row)
{
	const struct peak_row *p = peak_lookup(dev->cc_major, dev->cc_minor);
	int geforce = peak_is_geforce(dev->name);
	int fma = peak_fma_per_clock(p, c, geforce);

	if (!p) {
		note(row, "no theoretical: CC %d.%d is not in the throughput table", dev->cc_major,
		     dev->cc_minor);
		return;
	}
	if (fma == PEAK_UNKNOWN) {
		note(row, "no theoretical: the sources give no %s figure for %s", roof_label(c),
		     p->chips);
		return;
	}
	if (fma == PEAK_NONE) {
		note(row, "no theoretical: %s has no %s units by its whitepaper", p->chips,
		     roof_label(c));
		return;
	}
	row->per_clock_per_sm = 2.0 * fma;
	row->theoretical = peak_ops_per_second(p, c, geforce, dev->sm_count, row->clock_mhz);
	if (geforce && fma < peak_fma_per_clock(p, c, 0))
		note(row, "GeForce board: FP32 accumulation at half the rate of other boards");
}

/* One kernel's ceiling into row; *wrong = 1 when the run failed on wrong values alone. */
static int measure_kernel(const struct gp_device *dev, const struct roof_request *q,
			  enum roof_ceiling c, enum roof_kernel k, int bps,
			  struct roof_check *chk, struct roof_row *row, int *wrong)
{
	const struct kdesc *d = &kdescs[k];
	struct job j = { .k = k, .chk = chk };
	struct roof_check h;
	struct roof_shape sh;
	cudaStream_t st = NULL;
	struct stats s;
	double *ms = gp_xcalloc(q->reps == STATS_REPS_AUTO ? STATS_AUTO_MAX : (size_t)q->reps,
				sizeof(*ms));
	char every[40];
	int rc, reps = q->reps;

	if ((rc = cuda_check(roof_kernel_shape(k, &sh), "roof_kernel_shape")) ||
	    (rc = cuda_check(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking),
			     "cudaStreamCreate")) ||
	    (rc = size_job(&j, &sh, bps * dev->sm_count, q->target_ms, st)))
		goto out;
	for (int i = 0; i < q->warmup && !rc; i++)
		rc = cuda_check(job_launch(&j, st), "warm-up launch");
	if (rc || (rc = reset(&j, st)) ||
	    (rc = timing_run_reps(job_launch, NULL, &j, st, 0, q->reps, ms, &reps)) ||
	    (rc = corrupt(&j, c, st)) ||
	    (rc = cuda_check(cudaMemcpyAsync(&h, chk, sizeof(h), cudaMemcpyDeviceToHost, st),
			     "cudaMemcpyAsync")) ||
	    (rc = cuda_check(cudaStreamSynchronize(st), "roofline check")))
		goto out;
	if ((rc = verify(&j, c, reps, &h))) {
		*wrong = 1;
		goto out;
	}
	stats_compute(ms, (size_t)reps, &s);
	from_stats(row, sh.ops_per_iter * (double)j.p.iters * j.grid, &s);
	row->clock_mhz = h.ns ? (double)h.cycles / (double)h.ns * 1e3 : NAN;
	row->clock = isfinite(row->clock_mhz) ? ROOF_CLOCK_KERNEL : ROOF_CLOCK_NONE;
	snprintf(row->instruction, sizeof(row->instruction), "%s", d->instruction);
	snprintf(row->method, sizeof(row->method), "%s; %s; %d block%s of %d per SM; %d wave%s of "
		 "%d iterations%s", d->ptx, d->how, bps, bps == 1 ? "" : "s", sh.block,
		 j.grid / (bps * dev->sm_count), j.grid == bps * dev->sm_count ? "" : "s", j.p.iters,
		 restart_text(&j, every, sizeof(every)));
	compute_theoretical(dev, c, row);
out:
	if (st)
		cudaStreamDestroy(st);
	free(ms);
	return rc;
}

/* A compute ceiling: its best kernel that runs natively here, or a note why none does. */
static int measure_compute(const struct gp_device *dev, const struct roof_request *q,
			   enum roof_ceiling c, struct roof_check *chk, struct roof_row *row,
			   int *wrong)
{
	int wgmma_missing = 0;

	for (int i = 0; i < 2 && choices[c][i] >= 0; i++) {
		enum roof_kernel k = (enum roof_kernel)choices[c][i];
		int native = 0, bps = 0, rc;

		if ((rc = cuda_check(roof_kernel_native(k, &native, &bps), "roofline kernel query")))
			return rc;
		if (!native || bps < 1) {
			wgmma_missing |= k >= ROOF_WGMMA_F16 && dev->cc_major == 9 && dev->cc_minor == 0;
			continue;
		}
		if (wgmma_missing)
			note(row, "this build has no sm_90a code (wgmma): mma.sync reaches less than the "
			     "peak; rebuild with 90 in GPU_ARCHS");
		return measure_kernel(dev, q, c, k, bps, chk, row, wrong);
	}
	if (wgmma_missing)
		note(row, "not measured: this build has no sm_90a code (wgmma); rebuild with 90 in "
		     "GPU_ARCHS");
	else if (roof_is_tensor(c))
		note(row, "not measured: no native %s tensor instruction here (mma.sync needs sm_80; "
		     "FP8 sm_89 or sm_90a or sm_120)", roof_label(c));
	compute_theoretical(dev, c, row);
	return 0;
}

int roof_probe(const struct gp_device *dev, const struct roof_request *q,
	       struct roof_results *res)
{
	struct roof_check *chk = NULL;
	int rc;

	memset(res, 0, sizeof(*res));
	res->asked = q->ceilings;
	res->sm_count = dev->sm_count;
	res->spin_mhz = NAN;
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		struct roof_row *row = &res->row[c];

		row->value = row->best = row->worst = row->cov_pct = NAN;
		row->ms = row->theoretical = row->per_clock_per_sm = row->clock_mhz = NAN;
	}
	/* memory first: the bandwidth probe's clock warm-up wakes the GPU for what follows */
	if ((rc = measure_reads(dev, q, res)))
		return rc;
	if (asked(q, ROOF_SHARED) && (rc = measure_shared(dev, q, &res->row[ROOF_SHARED])))
		return rc;
	if (q->ceilings & (1u << ROOF_L1 | 1u << ROOF_SHARED)) {
		double mhz = 0;

		if ((rc = sm_clock_measure(&mhz)))
			return rc;
		res->spin_mhz = mhz > 0 ? mhz : NAN;
		if (asked(q, ROOF_L1) && res->row[ROOF_L1].measured)
			sm_bytes_theoretical(dev, res, &res->row[ROOF_L1]);
		if (asked(q, ROOF_SHARED))
			sm_bytes_theoretical(dev, res, &res->row[ROOF_SHARED]);
	}
	if (!(q->ceilings & ROOF_COMPUTE_MASK))
		return 0;
	if ((rc = cuda_check(cudaMalloc((void **)&chk, sizeof(*chk)), "cudaMalloc")))
		return rc;
	for (int c = ROOF_FIRST_COMPUTE; c < ROOF_NCEILINGS && !rc; c++) {
		int wrong = 0;

		if (!asked(q, (enum roof_ceiling)c))
			continue;
		gp_progress("roofline: %s", roof_ceiling_name((enum roof_ceiling)c));
		rc = measure_compute(dev, q, (enum roof_ceiling)c, chk, &res->row[c], &wrong);
		if (rc && wrong) {
			/* said; the others are still worth knowing */
			res->failed |= 1u << c;
			rc = 0;
		}
	}
	gp_progress_done();
	cudaFree(chk);
	/* each wrong ceiling has been said */
	return rc ? rc : res->failed ? GP_EXIT_FAIL : 0;
}
