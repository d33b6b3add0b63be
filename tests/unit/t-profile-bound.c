/*
 * What bounds a kernel (profile/bound.h) and the verdicts built on it
 * (issue 27), as pure code against tables of counter values: the roofs
 * from the chip's peaks, the classification and its thresholds, then
 * whole records through prof_decode and prof_analyze, among them the
 * issue's three false alarms (an FP16 tensor GEMM told "12-way bank
 * conflict", a one-thread pointer chase told "8x the bytes, like a
 * stride-8 access", an FP32 GEMM told "occupancy 12.5 %"), the FLOP
 * counts, bytes per level, cp.async, and the ranking by time at stake.
 * Counts are what an H100 SXM (132 SMs) gives, or would.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"
#include "util/compat.h"
#include "profile/analyze.h"
#include "profile/bound.h"
#include "results/roofline.h"
#include "tables/profile.h"
#include "tests/unit/profile-records.h"

/* ---- the roofs ---- */

/* An H100 SXM as the records describe it, CUPTI's peaks too. */
static struct prof_peaks h100(void)
{
	struct prof_peaks p = {
		.cc_major = 9, .cc_minor = 0, .sms = SMS, .geforce = 0, .sm_clock_hz = CLOCK,
		.dram_bus_bytes_per_s = DRAM_ROOF,
		.ffma_per_cycle = FFMA_PEAK, .dfma_per_cycle = DFMA_PEAK, .hfma_per_cycle = HFMA_PEAK,
		.dram_bytes_per_s = NAN, .l2_bytes_per_s = L2_ROOF, .l1_bytes_per_s = L1_ROOF,
	};

	return p;
}

static void test_roofs(void)
{
	struct prof_peaks p = h100();
	struct prof_roofs r, m;
	double v[ROOF_NCEILINGS];

	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_FP32].per_s, FP32_ROOF, 1, "FP32 roof: 2 x 128 FFMA per clock per SM x SMs x clock");
	is_dbl(r.r[ROOF_FP64].per_s, 2 * DFMA_PEAK * CLOCK, 1, "FP64 roof: 64 DFMA, the table's and CUPTI's alike");
	is_dbl(r.r[ROOF_FP16].per_s, 4 * HFMA_PEAK * CLOCK, 1,
	       "FP16 roof: the table's 256 halves per clock, 128 HFMA2 of 4 FLOPs, as the FLOPs count them");
	is_dbl(r.r[ROOF_TENSOR_FP16].per_s, 2.0 * 2048 * SMS * CLOCK, 1e3,
	       "FP16 tensor roof from the table: 2048 FMAs per clock per SM");
	is_dbl(r.r[ROOF_TENSOR_FP64].per_s, 2.0 * 128 * SMS * CLOCK, 1e3, "FP64 tensor: 128");
	is_dbl(r.r[ROOF_TENSOR_INT8].per_s, 2.0 * 4096 * SMS * CLOCK, 1e3, "INT8 tensor: 4096");
	is_dbl(r.r[ROOF_L1].per_s, L1_ROOF, 1, "L1/shared: 128 bytes per clock per SM");
	is_dbl(r.r[ROOF_DRAM].per_s, DRAM_ROOF, 1, "DRAM from the bus");
	is_dbl(r.r[ROOF_L2].per_s, L2_ROOF, 1, "L2 from CUPTI alone");
	ok(r.r[ROOF_FP32].source == PROF_ROOF_THEORETICAL && r.r[ROOF_DRAM].source == PROF_ROOF_THEORETICAL &&
	   r.r[ROOF_TENSOR_FP16].source == PROF_ROOF_THEORETICAL, "all theoretical");
	ok(!prof_roofs_any_measured(&r), "none measured");
	p.dram_bytes_per_s = 3.2e12;
	p.ffma_per_cycle = 1;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_DRAM].per_s, DRAM_ROOF, 1, "the bus before CUPTI's DRAM peak, as gpuperf roofline");
	is_dbl(r.r[ROOF_FP32].per_s, FP32_ROOF, 1, "the table before CUPTI's FFMA peak");
	p.geforce = 1;
	p.cc_minor = 9;   /* an RTX 4090's: FP16 tensor with FP32 accumulation at half rate */
	p.cc_major = 8;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_TENSOR_FP16].per_s, 2.0 * 256 * SMS * CLOCK, 1e3, "GeForce: half the FP16 tensor rate");

	/* an architecture the table lacks: CUPTI's FMA peaks, no tensor roof */
	p = h100();
	p.cc_major = 10;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_FP32].per_s, FP32_ROOF, 1, "CC 10.0: FP32 from CUPTI's FFMA peak");
	is_dbl(r.r[ROOF_L1].per_s, L1_ROOF, 1, "and L1 from CUPTI's");
	ok(isnan(r.r[ROOF_TENSOR_FP16].per_s) && r.r[ROOF_TENSOR_FP16].source == PROF_ROOF_UNKNOWN,
	   "no tensor roof where the table has none");
	p = h100();
	p.sm_clock_hz = NAN;
	prof_roofs_theoretical(&r, &p);
	ok(isnan(r.r[ROOF_FP32].per_s) && r.r[ROOF_FP32].source == PROF_ROOF_UNKNOWN &&
	   isnan(r.r[ROOF_TENSOR_FP16].per_s), "no clock: no compute roof, never a guess");
	ok(r.r[ROOF_DRAM].per_s == DRAM_ROOF, "the memory bus needs no SM clock");

	/* gpuperf roofline's rows as roofs: the H100 of the issue */
	for (int c = 0; c < ROOF_NCEILINGS; c++)
		v[c] = NAN;
	v[ROOF_DRAM] = 3190.9e9;
	v[ROOF_L1] = 32480.8e9;
	v[ROOF_SHARED] = 33333.6e9;
	v[ROOF_FP32] = 66.1e12;
	v[ROOF_FP16] = 131.7e12;
	v[ROOF_TENSOR_FP16] = 885.4e12;
	prof_roofs_measured(&m, v);
	ok(m.r[ROOF_DRAM].per_s == 3190.9e9 && m.r[ROOF_DRAM].source == PROF_ROOF_MEASURED,
	   "DRAM measured");
	ok(m.r[ROOF_L1].per_s == 33333.6e9, "L1/shared: the faster of l1 and shared");
	is_dbl(m.r[ROOF_FP16].per_s, 131.7e12, 1, "FP16: the fp16 row as it is (an HFMA2 is 4 FLOPs)");
	ok(m.r[ROOF_FP32].per_s == 66.1e12 && m.r[ROOF_TENSOR_FP16].per_s == 885.4e12,
	   "FP32 and FP16 tensor as they are");
	ok(m.r[ROOF_L2].source == PROF_ROOF_UNKNOWN && isnan(m.r[ROOF_FP64].per_s),
	   "what was not measured stays unknown");
	v[ROOF_SHARED] = NAN;
	prof_roofs_measured(&m, v);
	ok(m.r[ROOF_L1].per_s == 32480.8e9, "L1 alone where shared was not measured");

	p = h100();
	prof_roofs_theoretical(&r, &p);
	prof_roofs_overlay(&r, &m);
	ok(r.r[ROOF_DRAM].per_s == 3190.9e9 && r.r[ROOF_DRAM].source == PROF_ROOF_MEASURED &&
	   r.r[ROOF_TENSOR_FP16].source == PROF_ROOF_MEASURED && r.r[ROOF_L2].source == PROF_ROOF_THEORETICAL,
	   "measured roofs replace theoretical ones, the rest stay");
	ok(prof_roofs_any_measured(&r), "some measured");
	prof_roofs_overlay(&r, NULL);
	ok(r.r[ROOF_DRAM].per_s == 3190.9e9, "overlaying nothing changes nothing");

	for (int i = 0; i < ROOF_NCEILINGS; i++)
		if (i != ROOF_SHARED)
			ok(prof_roof_name((enum roof_ceiling)i) != NULL, "roof %d: %s", i,
			   prof_roof_name((enum roof_ceiling)i));
	ok(prof_roof_name(ROOF_SHARED) == NULL, "no shared roof of its own: L1's is the one path");
	is_str(prof_roof_name(ROOF_L1), "L1/shared", "the L1 roof names the path it shares");
	ok(!prof_roof_name(ROOF_NCEILINGS) && !prof_roof_source_name(PROF_ROOF_UNKNOWN), "no name out of range");
	for (int u = 0; u < USE_N; u++)
		ok(prof_use_code((enum prof_use_id)u) && prof_use_name((enum prof_use_id)u),
		   "use %d: %s", u, prof_use_code((enum prof_use_id)u));
	ok(!prof_bound_code(PB_UNKNOWN) && !strcmp(prof_bound_code(PB_LATENCY), "latency"),
	   "bound codes: none for unknown");
	/* the bounds whose verdicts say what the warps wait on (the man page's list) */
	ok(prof_bound_waits(PB_LATENCY), "latency-bound: the warps' wait explains it");
	ok(prof_bound_waits(PB_UNDERFILLED), "underfilled: the warps' wait explains it");
	ok(!prof_bound_waits(PB_COMPUTE), "compute-bound: no wait to name");
	ok(!prof_bound_waits(PB_MEMORY), "memory-bound: no wait to name");
	ok(!prof_bound_waits(PB_UNKNOWN), "unknown bound: nothing sampled");
}

/* ---- the classification, from rates ---- */

static struct prof_roofs roofs;

static struct prof_bound_in idle(void)
{
	struct prof_bound_in in = { { 0, 0, 0 }, 0, 0, { 0, 0, 0 }, &roofs, 50, 100000, SMS, 0 };

	return in;
}

static struct prof_bound classify(const struct prof_bound_in *in, enum prof_bound_kind want,
				  const char *words, const char *what)
{
	struct prof_bound b;

	prof_bound_classify(in, &b);
	if (!ok(b.kind == want && (!words || strstr(b.text, words)), "%s: %s", what,
		prof_bound_code(want) ? prof_bound_code(want) : "unknown"))
		diag("got %s: %s", prof_bound_code(b.kind) ? prof_bound_code(b.kind) : "unknown",
		     b.text);
	else
		diag("%s", b.text);
	return b;
}

static void test_classify(void)
{
	struct prof_peaks p = h100();
	struct prof_bound_in in;
	struct prof_bound b;

	prof_roofs_theoretical(&roofs, &p);

	/* the FP16 tensor GEMM of the issue: tensor pipe 94 % busy */
	in = idle();
	in.tensor_pipe_pct = 94;
	in.fma_pipe_pct = 6;
	in.bytes_per_s[0] = 0.3 * DRAM_ROOF;
	in.bytes_per_s[2] = 0.5 * L1_ROOF;
	b = classify(&in, PB_COMPUTE, "the tensor pipe busy 94 % of the time", "FP16 tensor GEMM");
	ok(b.nearest == USE_TENSOR_PIPE && b.little_to_gain, "the tensor pipe is nearest, little "
	   "to gain");
	is_dbl(b.at_stake, 0.06, 1e-12, "6 %% of its time at stake");
	prof_bound_free(&b);

	/* the FP32 GEMM: FMA pipe 80 %, FP32 at 78 % of its roof, 12.5 % occupancy */
	in = idle();
	in.fma_pipe_pct = 80.6;
	in.flop_per_s[1] = 0.78 * FP32_ROOF;
	in.achieved_pct = 12.4;
	in.bytes_per_s[0] = 0.1 * DRAM_ROOF;
	b = classify(&in, PB_COMPUTE, "FMA pipe busy 81 % of the time; FP32 at 52.2 TFLOP/s, 78 % "
		     "of its 66.9 TFLOP/s roof (theoretical)", "FP32 GEMM at 12.5 %% occupancy");
	is_str(b.brief, "compute-bound (FMA pipe 81 %)", "its brief");
	prof_bound_free(&b);

	/*
	 * an FMA chain whose pipe share reads low (66 %, the light set's issue
	 * rate over a range longer than the kernel) while its counted FLOPs reach
	 * 96 % of the FP32 roof: the best evidence names the fraction, little to gain
	 */
	in = idle();
	in.fma_pipe_pct = 66;
	in.flop_per_s[1] = 0.96 * FP32_ROOF;
	b = classify(&in, PB_COMPUTE, "FP32 at 64.2 TFLOP/s, 96 % of its 66.9 TFLOP/s roof",
		     "FMA chain, FLOPs counted");
	ok(b.nearest == USE_FP32 && fabs(b.roof_frac - 0.96) < 1e-12 && b.little_to_gain,
	   "the FLOP rate, not the pipe's 66 %%, is its fraction: little to gain");
	prof_bound_free(&b);

	/* a pointer chase, one thread per block: nothing near, yet warps enough */
	in = idle();
	in.bytes_per_s[0] = 0.01 * DRAM_ROOF;
	in.achieved_pct = 40;
	in.blocks = 8192;
	in.one_lane = 1;
	b = classify(&in, PB_LATENCY, "only one lane of each warp asks", "one-lane pointer chase");
	ok(b.at_stake > 0.98, "nearly all its time at stake (%.2f)", b.at_stake);
	prof_bound_free(&b);
	in.blocks = 1;
	b = classify(&in, PB_UNDERFILLED, "the grid's 1 block leaves 131 of 132 SMs idle",
		     "a chase in one block");
	is_str(b.brief, "underfilled (grid)", "the grid is why");
	prof_bound_free(&b);
	in.blocks = 8192;
	in.achieved_pct = 5;
	b = classify(&in, PB_UNDERFILLED, "only 5 % of the warp slots are busy", "too few warps");
	prof_bound_free(&b);
	in.achieved_pct = NAN;
	b = classify(&in, PB_LATENCY, "although the grid fills every SM", "no occupancy counter");
	prof_bound_free(&b);

	/* STREAM triad at 90 % of DRAM; a kernel below the ridge at 70 % */
	in = idle();
	in.bytes_per_s[0] = 0.9 * DRAM_ROOF;
	in.bytes_per_s[1] = 0.3 * L2_ROOF;
	in.flop_per_s[1] = 0.01 * FP32_ROOF;
	b = classify(&in, PB_MEMORY, "DRAM at 3017 GB/s, 90 % of its 3352 GB/s roof (theoretical)",
		     "STREAM triad");
	ok(b.little_to_gain, "little to gain");
	prof_bound_free(&b);
	in.bytes_per_s[0] = 0.7 * DRAM_ROOF;
	in.flop_per_s[1] = 0.2 * FP32_ROOF;
	b = classify(&in, PB_MEMORY, NULL, "intensity below the ridge, DRAM at 70 %%");
	ok(!b.little_to_gain && fabs(b.at_stake - 0.3) < 1e-12, "30 %% to gain");
	prof_bound_free(&b);
	in.bytes_per_s[0] = 0.2 * DRAM_ROOF;
	in.bytes_per_s[1] = 0.65 * L2_ROOF;
	b = classify(&in, PB_MEMORY, "L2 at", "L2 the nearest memory ceiling");
	prof_bound_free(&b);

	/* thresholds, as the man page gives them (gpuperf-profile(1), BOUND):
	   a ceiling reached to 60 % names the bound, to 75 % leaves little to
	   gain; under 20 % of the warp slots busy is underfilled */
	in = idle();
	in.fma_pipe_pct = 60;
	b = classify(&in, PB_COMPUTE, NULL, "60 %: exactly at the bound threshold");
	ok(!b.little_to_gain, "not yet little to gain");
	prof_bound_free(&b);
	in.fma_pipe_pct = 59.9;
	b = classify(&in, PB_LATENCY, NULL, "59.9 %: just under it");
	prof_bound_free(&b);
	in.fma_pipe_pct = 40.1;
	b = classify(&in, PB_LATENCY, NULL, "40.1 %: well under it");
	prof_bound_free(&b);
	in.fma_pipe_pct = 75;
	b = classify(&in, PB_COMPUTE, NULL, "75 %: at the little-to-gain threshold");
	ok(b.little_to_gain, "little to gain there");
	prof_bound_free(&b);
	in.fma_pipe_pct = 74.9;
	b = classify(&in, PB_COMPUTE, NULL, "74.9 %: just under it");
	ok(!b.little_to_gain, "not little to gain there");
	prof_bound_free(&b);
	in.fma_pipe_pct = 30;
	in.achieved_pct = 20;
	b = classify(&in, PB_LATENCY, NULL, "20 % of the warp slots busy: enough warps");
	prof_bound_free(&b);
	in.achieved_pct = 19.9;
	b = classify(&in, PB_UNDERFILLED, "too few warps", "19.9 % of the warp slots busy: too few");
	prof_bound_free(&b);
	in.achieved_pct = 50;
	in.fma_pipe_pct = 70;
	in.bytes_per_s[0] = 0.7 * DRAM_ROOF;
	b = classify(&in, PB_COMPUTE, NULL, "a tie goes to compute");
	prof_bound_free(&b);
	in.fma_pipe_pct = 110;   /* a counter's overshoot */
	b = classify(&in, PB_COMPUTE, NULL, "over 100 %%");
	ok(b.at_stake == 0, "nothing at stake past the ceiling");
	prof_bound_free(&b);

	/* nothing known */
	in = (struct prof_bound_in){ { NAN, NAN, NAN }, NAN, NAN, { NAN, NAN, NAN }, NULL, NAN, 0, 0, 0,
				     NAN };
	b = classify(&in, PB_UNKNOWN, "bound unknown", "no rates, no roofs");
	ok(b.nearest == -1 && isnan(b.roof_frac) && isnan(b.at_stake), "nothing nearest");
	prof_bound_free(&b);
	in.bytes_per_s[0] = 1e12;
	b = classify(&in, PB_UNKNOWN, NULL, "a rate without its roof");
	prof_bound_free(&b);
}

/* ---- whole records ---- */

/*
 * The script, kernels bound by construction, 1 ms each: the
 * counts each would give on the H100 (duration 1e6 ns).
 */
static void false_alarms(void)
{
	/* cuBLAS's FP16 GEMM: wgmma, its epilogue storing to shared with 12-way conflicts */
	prec_launch("nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NNN", 132, 384, 168,
	       "duration_ns=1e6", "tensor_pipe_pct=94", "fma_pipe_pct=3", "achieved_occupancy_pct=9.4",
	       "global_load_requests=0", "global_load_sectors=0", "global_load_bytes=0",
	       "global_store_requests=65536", "global_store_sectors=262144",
	       "global_store_bytes=8388608", "shared_load_instructions=65536",
	       "shared_load_wavefronts=65536", "shared_load_bank_conflicts=0",
	       "shared_store_instructions=131072", "shared_store_wavefronts=1572864",
	       "shared_store_bank_conflicts=1441792", "dram_read_bytes=1.0e9",
	       "dram_write_bytes=3.4e7", "l2_bytes=2.2e9", "l1_bytes=8.4e6",
	       "shared_bytes=5.0e10", "shared_gmma_bytes=4.9e10", "tma_load_requests=16384",
	       "fadd_thread_instructions=0", "fmul_thread_instructions=0",
	       "ffma_thread_instructions=4194304", "hadd_thread_instructions=0",
	       "hmul_thread_instructions=0", "hfma_thread_instructions=0",
	       "dadd_thread_instructions=0", "dmul_thread_instructions=0",
	       "dfma_thread_instructions=0", NULL);
	/* a dependent pointer chase, one thread per block: one sector per one-lane request */
	prec_launch("_Z5chasePKjPjii", 8192, 1, 16,
	       "duration_ns=1e6", "achieved_occupancy_pct=38", "tensor_pipe_pct=0", "fma_pipe_pct=0",
	       "global_load_requests=8192000", "global_load_sectors=8192000",
	       "global_load_bytes=32768000", "global_store_requests=8192",
	       "global_store_sectors=8192", "global_store_bytes=32768", "dram_read_bytes=2.6e8",
	       "dram_write_bytes=3.2e5", "l2_bytes=2.6e8", "l1_bytes=2.6e8",
	       "fadd_thread_instructions=0", "fmul_thread_instructions=0",
	       "ffma_thread_instructions=0", NULL);
	/* cuBLAS's FP32 GEMM on CUDA cores: 12.5 % occupancy by registers, FMA pipe 80 % */
	prec_launch("sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x128x8_stage3_ffma", 1024, 256,
	       232, "duration_ns=1e6", "fma_pipe_pct=80.6", "tensor_pipe_pct=0",
	       "achieved_occupancy_pct=12.4", "global_load_requests=1048576",
	       "global_load_sectors=4194304", "global_load_bytes=134217728",
	       "global_store_requests=131072", "global_store_sectors=524288",
	       "global_store_bytes=16777216", "shared_load_instructions=16777216",
	       "shared_load_wavefronts=16777216", "shared_load_bank_conflicts=0",
	       "shared_store_instructions=1048576", "shared_store_wavefronts=1048576",
	       "shared_store_bank_conflicts=0", "dram_read_bytes=1.3e8", "dram_write_bytes=6.7e7",
	       "l2_bytes=6.0e8", "l1_bytes=6.0e8", "shared_bytes=2.2e9",
	       "fadd_thread_instructions=0", "fmul_thread_instructions=0",
	       "ffma_thread_instructions=2.6e10", "hadd_thread_instructions=0",
	       "hmul_thread_instructions=0", "hfma_thread_instructions=0", NULL);
}

static void test_false_alarms(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	false_alarms();
	/* and one kernel truly worth fixing: stride-8 loads at a third of DRAM */
	prec_launch("_Z6stridePfPKfi", 65536, 256, 16, "duration_ns=4e5", "achieved_occupancy_pct=85",
	       "fma_pipe_pct=1", "tensor_pipe_pct=0", "global_load_requests=524288",
	       "global_load_sectors=16777216", "global_load_bytes=67108864",
	       "global_store_requests=524288", "global_store_sectors=2097152",
	       "global_store_bytes=67108864", "dram_read_bytes=4.3e8", "dram_write_bytes=6.7e7",
	       "l2_bytes=6.0e8", "l1_bytes=6.0e8", "fadd_thread_instructions=0",
	       "fmul_thread_instructions=0", "ffma_thread_instructions=0", NULL);
	prec_end();
	if (!ok(prec_analyze(&a, &prec_defaults) == 0 && a.n == 4, "four kernels analysed"))
		return;

	k = prec_find(&a, "nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NNN");
	ok(k && k->bound.kind == PB_COMPUTE && k->verdict == PV_COMPUTE_BOUND,
	   "FP16 tensor GEMM, tensor pipe 94 %%: compute-bound, not a bank conflict");
	if (k) {
		diag("%s", k->verdict_text);
		ok(strncmp(k->verdict_text, "compute-bound: the tensor pipe busy 94 % of the time", 52) == 0,
		   "its verdict starts with the bound and its evidence");
		ok(strstr(k->verdict_text, "little to gain") &&
		   strstr(k->verdict_text, "12-way bank conflict") &&
		   strstr(k->verdict_text, "at most 6 % of its time"),
		   "the conflict named beside, with its small stake");
		is_dbl(k->waste, 0.06, 1e-9, "6 %% of its time at stake");
		is_dbl(k->shared_bytes, 1.0e9, 1, "shared bytes without wgmma's operand reads");
		is_dbl(k->tma_loads, 16384, 0, "TMA loads counted");
		is_dbl(k->l2_bytes, 2.2e9, 0, "TMA's loads show in the L2 bytes");
		ok(isnan(k->ld.sectors_per_request), "no LD loads: no sectors per request");
	}

	k = prec_find(&a, "chase");
	ok(k && k->bound.kind == PB_LATENCY && k->verdict == PV_LATENCY_BOUND,
	   "one-thread pointer chase: latency-bound, not '8x the bytes'");
	if (k) {
		diag("%s", k->verdict_text);
		ok(!strstr(k->verdict_text, "stride") && strstr(k->verdict_text, "one lane"),
		   "no stride verdict: one lane of the warp asks");
		is_dbl(k->ld.ideal_per_request, 1, 1e-12, "ideal sectors per request: 1, not 0.125");
		is_dbl(k->ld.ratio, 1, 1e-12, "one sector for one lane's 4 bytes: no over-fetch");
		ok(k->ld.one_lane, "loads flagged one lane's");
		is_str(k->command, "gpuperf latency", "pointing at gpuperf latency");
	}

	k = prec_find(&a, "sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x128x8_stage3_ffma");
	ok(k && k->bound.kind == PB_COMPUTE && k->verdict == PV_COMPUTE_BOUND,
	   "FP32 GEMM, FMA pipe 80 %%, occupancy 12.5 %%: compute-bound, no occupancy verdict");
	if (k) {
		diag("%s", k->verdict_text);
		ok(k->have_occ && k->occ.occupancy_pct == 12.5, "its occupancy is 12.5 %% (%.1f)",
		   k->occ.occupancy_pct);
		is_dbl(k->flop[1], 5.2e10, 1, "FP32 FLOPs: 2 x FFMA");
		is_dbl(k->gflops, 52000, 1e-6, "52 TFLOP/s over its 1 ms");
		ok(strstr(k->verdict_text, "FP32 at 52.0 TFLOP/s, 78 % of its 66.9 TFLOP/s roof "
			  "(theoretical)") != NULL, "FP32's share of its roof as evidence");
		is_dbl(k->intensity_dram, 5.2e10 / 1.97e8, 1e-9, "intensity against DRAM");
		is_dbl(k->intensity_l2, 5.2e10 / 6.0e8, 1e-9, "intensity against L2");
	}

	/*
	 * The chase far from every ceiling: 0.92 of its 1 ms at stake.  Stride:
	 * its loads' excess, 16777216 - 67108864 / 32 = 14680064 sectors, is 7/9
	 * of all its 16777216 + 2097152 global sectors: 7/9 of 0.4 ms, 0.311 ms.
	 */
	ok(a.summary && strstr(a.summary, "worth fixing first: chase (latency-bound, 0.922 ms at "
			       "stake); stride (loads: 8.0x the bytes used, 0.311 ms at stake)") &&
	   !strstr(a.summary, "nvjet") && !strstr(a.summary, "xmma"),
	   "worth fixing first, by time at stake, no GEMM: %s", a.summary);
	prof_analysis_free(&a);
}

static void test_counts(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;
	struct prof_roofs measured;
	struct prof_opts o = prec_defaults;

	/* FLOPs are exact sums over launches: an FMA counts 2 */
	prec_begin();
	for (int i = 0; i < 2; i++)
		prec_launch("_Z4workPd", 1024, 256, 32, "duration_ns=1000",
		       "dfma_thread_instructions=100", "dadd_thread_instructions=10",
		       "dmul_thread_instructions=5", "ffma_thread_instructions=1000",
		       "fadd_thread_instructions=0", "fmul_thread_instructions=1",
		       "hfma_thread_instructions=7", "hadd_thread_instructions=0",
		       "hmul_thread_instructions=0", "dram_read_bytes=4000", "dram_write_bytes=4000",
		       "l2_bytes=16000", "l1_bytes=8000", "shared_bytes=2000",
		       "fma_pipe_pct=10", "tensor_pipe_pct=0", "achieved_occupancy_pct=50", NULL);
	prec_end();
	prec_analyze(&a, &prec_defaults);
	k = a.n ? &a.k[0] : NULL;
	if (k) {
		is_dbl(k->flop[0], 2 * (2 * 100 + 10 + 5), 0, "FP64: 2 launches of 2 x DFMA + DADD + DMUL");
		is_dbl(k->flop[1], 2 * (2 * 1000 + 1), 0, "FP32");
		is_dbl(k->flop[2], 4 * 14, 0, "FP16: an HFMA2 counts 4 (2 halves x an FMA)");
		is_dbl(k->flop_total, 430 + 4002 + 56, 0, "their sum");
		is_dbl(k->gflops, (430 + 4002 + 56) / 2000.0, 1e-12, "GFLOP/s over 2000 ns");
		is_dbl(k->l2_gbs, 32000 / 2000.0, 1e-12, "L2 GB/s");
		is_dbl(k->l1_gbs, (16000 + 4000) / 2000.0, 1e-12, "L1/shared: L1TEX and shared bytes");
		is_dbl(k->intensity_dram, 4488 / 16000.0, 1e-12, "FLOP per DRAM byte");
		is_dbl(k->fma_pipe_pct, 10, 1e-12, "FMA pipe, duration-weighted");
		ok(isnan(k->cp.requests) && isnan(k->tma_loads), "no cp.async, no TMA counted: n/a");
	}
	prof_analysis_free(&a);

	/* a launch without the instrumented counts (the fallback set): no FLOPs, pipes judge */
	prec_begin();
	prec_launch("_Z4workPd", 1024, 256, 32, "duration_ns=1000", "fma_pipe_pct=85",
	       "tensor_pipe_pct=0", "dram_read_bytes=4000", "dram_write_bytes=0",
	       "achieved_occupancy_pct=50", NULL);
	prec_end();
	prec_analyze(&a, &prec_defaults);
	k = a.n ? &a.k[0] : NULL;
	ok(k && isnan(k->flop[1]) && isnan(k->flop_total) && isnan(k->intensity_dram) &&
	   k->bound.kind == PB_COMPUTE, "no FLOP counts: n/a, and the FMA pipe names the bound");
	prof_analysis_free(&a);

	/* cp.async: its own access, sectors per request and efficiency */
	prec_begin();
	prec_launch("_Z6cpasyncPf", 1024, 128, 64, "duration_ns=1e5", "cp_async_requests=1000",
	       "cp_async_sectors=16000", "cp_async_bytes=512000", "global_load_requests=10",
	       "global_load_sectors=245760", "global_load_bytes=0", "dram_read_bytes=5e8",
	       "dram_write_bytes=0", "achieved_occupancy_pct=40", NULL);
	prec_end();
	prec_analyze(&a, &prec_defaults);
	k = a.n ? &a.k[0] : NULL;
	if (k) {
		is_dbl(k->cp.sectors_per_request, 16, 1e-12, "cp.async: 16 sectors per request");
		is_dbl(k->cp.ideal_per_request, 16, 1e-12, "512 bytes a request: 16 ideal");
		is_dbl(k->cp.efficiency_pct, 100, 1e-9, "cp.async efficiency");
		ok(isnan(k->ld.sectors_per_request), "LD loads that asked for nothing: n/a, as before");
	}
	prof_analysis_free(&a);

	/* one lane's loads straddling two sectors: the verdict says so, not a stride */
	prec_begin();
	prec_launch("_Z4lanePf", 8192, 32, 16, "duration_ns=1e6", "global_load_requests=100000",
	       "global_load_sectors=200000", "global_load_bytes=1600000",
	       "global_store_requests=1", "global_store_sectors=1", "global_store_bytes=4",
	       "dram_read_bytes=1e6", "dram_write_bytes=0", "achieved_occupancy_pct=40", NULL);
	prec_end();
	prec_analyze(&a, &prec_defaults);
	k = a.n ? &a.k[0] : NULL;
	ok(k && k->verdict == PV_LOAD_COALESCING && strstr(k->verdict_text, "only one lane of the "
	   "warp asks") && !strstr(k->verdict_text, "stride-"), "one lane, 2 sectors: %s",
	   k ? k->verdict_text : "");
	prof_analysis_free(&a);

	/* measured ceilings through prof_opts.roofs: DRAM at 90 % of 3.0 TB/s measured */
	prec_begin();
	prec_launch("_Z5triadPfPKfS1_", 65536, 256, 16, "duration_ns=1e6", "dram_read_bytes=1.8e9",
	       "dram_write_bytes=0.9e9", "achieved_occupancy_pct=90", "fma_pipe_pct=2",
	       "ffma_thread_instructions=6.7e7", "fadd_thread_instructions=0",
	       "fmul_thread_instructions=0", NULL);
	prec_end();
	prof_roofs_init(&measured);
	measured.r[ROOF_DRAM] = (struct prof_roof){ 3.0e12, PROF_ROOF_MEASURED };
	o.roofs = &measured;
	o.nroofs = 1;
	prec_analyze(&a, &o);
	k = a.n ? &a.k[0] : NULL;
	ok(k && k->bound.kind == PB_MEMORY && k->roofs.r[ROOF_DRAM].source == PROF_ROOF_MEASURED &&
	   fabs(k->dram_pct - 90) < 1e-9 && strstr(k->verdict_text, "(measured)"),
	   "measured DRAM roof: 90 %% of it, said measured: %s", k ? k->verdict_text : "");
	prof_analysis_free(&a);
	o.nroofs = 0;   /* device 0 beyond the array: theoretical */
	prec_analyze(&a, &o);
	k = a.n ? &a.k[0] : NULL;
	ok(k && k->roofs.r[ROOF_DRAM].source == PROF_ROOF_THEORETICAL, "no measured roof for the device");
	prof_analysis_free(&a);
}

/* The roofline chart: a tensor kernel estimated once a measured FP16 tensor roof is known. */
static void test_chart(void)
{
	struct profile_run run = { 0 };
	struct prof_roofs measured;
	struct prof_opts o = prec_defaults;
	struct report rep = { 0 };
	const struct report_chart *c = NULL;
	const struct report_series *tensor = NULL, *cores = NULL;

	prec_begin();
	false_alarms();
	prec_end();
	prof_roofs_init(&measured);
	measured.r[ROOF_TENSOR_FP16] = (struct prof_roof){ 8.0e14, PROF_ROOF_MEASURED };
	o.roofs = &measured;
	o.nroofs = 1;
	if (prec_analyze(&run.a, &o))
		return;
	tab_profile(&rep, NULL, &run);
	for (size_t i = 0; i < rep.ntables; i++)
		for (size_t j = 0; j < rep.tables[i]->nitems; j++)
			if (rep.tables[i]->items[j].chart)
				c = rep.tables[i]->items[j].chart;
	for (size_t i = 0; c && i < c->nseries; i++) {
		if (strstr(c->series[i]->name, "tensor-core kernels"))
			tensor = c->series[i];
		if (strstr(c->series[i]->name, "CUDA cores"))
			cores = c->series[i];
	}
	ok(c && c->x.flags & REPORT_AXIS_LOG && c->y.flags & REPORT_AXIS_LOG, "a log-log roofline");
	ok(tensor && tensor->n == 1 && !strcmp(tensor->labels[0], "nvjet_hsh_256x128_64"),
	   "the tensor GEMM estimated on its own series");
	if (tensor && tensor->n == 1)
		is_dbl(tensor->y[0], 8.389 + 0.94 * 8.0e5, 0.01,
		       "at its CUDA-core GFLOP/s plus 94 %% of the 800 TFLOP/s tensor roof");
	ok(cores && cores->n == 1 && strstr(cores->labels[0], "sm80_xmma"),
	   "the FP32 GEMM on the CUDA cores' series, the chase (no FLOPs) left out");
	profile_run_free(&run);
	report_free(&rep);
}

/* The people's view of one launch: counts agree with their nouns; the headline for CSV. */
static void test_view_words(void)
{
	struct profile_run run = { 0 };
	struct report rep = { 0 };
	const struct report_table *head = NULL, *view = NULL;

	prec_begin();
	prec_launch("_Z4lanePf", 1, 1, 16, "duration_ns=1e6", "achieved_occupancy_pct=1.5", NULL);
	prec_end();
	if (prec_analyze(&run.a, &prec_defaults))
		return;
	run.command = strdup("./one");
	tab_profile(&rep, NULL, &run);
	for (size_t i = 0; i < rep.ntables; i++) {
		if (rep.tables[i]->flags & REPORT_HEADLINE)
			head = rep.tables[i];
		if (rep.tables[i]->title && !strncmp(rep.tables[i]->title, "Kernels of ", 11))
			view = rep.tables[i];
	}
	ok(head && head->ncols == 0 && (head->flags & REPORT_HUMAN_ONLY),
	   "the summary is a headline: a note where CSV and JSON leave it out");
	ok(view && strstr(view->title, ": 1 kernel, 1 launch, "), "1 kernel, 1 launch: %s",
	   view ? view->title : "(none)");
	profile_run_free(&run);
	report_free(&rep);
}

/*
 * The table's roofs without CUPTI's, CUPTI's where the table has no row,
 * and the figures that are no roof (zero, infinite).
 */
static void test_roofs_fallback(void)
{
	struct prof_peaks p = h100();
	struct prof_roofs r;

	p.dfma_per_cycle = p.ffma_per_cycle = p.hfma_per_cycle = NAN;
	p.l1_bytes_per_s = p.l2_bytes_per_s = NAN;
	prof_roofs_theoretical(&r, &p);
	/* H100 whitepaper: 64 FP64 FMA a clock an SM, 33.5 TFLOPS at 1980 MHz */
	is_dbl(r.r[ROOF_FP64].per_s, 2.0 * 64 * 132 * 1.98e9, 1e3,
	       "FP64 from the table alone: 33.5 TFLOP/s");
	/* 32 banks x 4 B a clock an SM */
	is_dbl(r.r[ROOF_L1].per_s, 128.0 * 132 * 1.98e9, 1e3, "L1 from the table: 33.4 TB/s");
	p.sms = 1;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_L1].per_s, 128.0 * 1.98e9, 1, "one SM: 253 GB/s of L1");

	/* a chip the table does not know: CUPTI's FMAs a cycle, 2 FLOPs each (4 an HFMA2) */
	p = h100();
	p.cc_major = 9, p.cc_minor = 9;
	p.dfma_per_cycle = 1000, p.ffma_per_cycle = 3000, p.hfma_per_cycle = 5000;
	p.l1_bytes_per_s = 9e12, p.dram_bus_bytes_per_s = NAN, p.dram_bytes_per_s = 2e12;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_FP64].per_s, 2 * 1000 * 1.98e9, 1, "unknown chip: FP64 from CUPTI");
	is_dbl(r.r[ROOF_FP32].per_s, 2 * 3000 * 1.98e9, 1, "unknown chip: FP32 from CUPTI");
	is_dbl(r.r[ROOF_FP16].per_s, 4 * 5000 * 1.98e9, 1, "unknown chip: FP16 from CUPTI");
	is_dbl(r.r[ROOF_L1].per_s, 9e12, 0, "unknown chip: L1 from CUPTI");
	is_dbl(r.r[ROOF_DRAM].per_s, 2e12, 0, "no bus figure: DRAM from CUPTI");
	ok(r.r[ROOF_TENSOR_FP16].source == PROF_ROOF_UNKNOWN, "unknown chip: no tensor roof");
	/* zero and infinity are no figures; anything above zero is one */
	p.dram_bus_bytes_per_s = 0;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_DRAM].per_s, 2e12, 0, "a bus of 0 B/s is no roof");
	p.dram_bus_bytes_per_s = INFINITY;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_DRAM].per_s, 2e12, 0, "an infinite bus is no roof");
	p.dram_bus_bytes_per_s = 0.5;
	prof_roofs_theoretical(&r, &p);
	is_dbl(r.r[ROOF_DRAM].per_s, 0.5, 0, "half a byte a second is a roof, if a low one");
}

/* Measured roofs: zero and infinity are no measurement; L1 and shared the faster in either order. */
static void test_roofs_measured_edges(void)
{
	struct prof_peaks p = h100();
	struct prof_roofs m, r;
	double v[ROOF_NCEILINGS];

	for (int c = 0; c < ROOF_NCEILINGS; c++)
		v[c] = NAN;
	v[ROOF_DRAM] = 0;
	v[ROOF_L2] = INFINITY;
	v[ROOF_L1] = 33e12;
	v[ROOF_SHARED] = 32e12;
	v[ROOF_FP64] = 0.5;
	prof_roofs_measured(&m, v);
	ok(m.r[ROOF_DRAM].source == PROF_ROOF_UNKNOWN, "a DRAM of 0 B/s is no measurement");
	ok(m.r[ROOF_L2].source == PROF_ROOF_UNKNOWN, "an infinite L2 is none");
	is_dbl(m.r[ROOF_L1].per_s, 33e12, 0, "L1 faster than shared: L1's figure");
	is_dbl(m.r[ROOF_FP64].per_s, 0.5, 0, "0.5 FLOP/s measured is a roof");

	/* overlaid, a measured roof without a figure above zero leaves the theoretical one */
	prof_roofs_theoretical(&r, &p);
	prof_roofs_init(&m);
	m.r[ROOF_DRAM] = (struct prof_roof){ 0, PROF_ROOF_MEASURED };
	m.r[ROOF_L2] = (struct prof_roof){ NAN, PROF_ROOF_MEASURED };
	m.r[ROOF_FP32] = (struct prof_roof){ 0.5, PROF_ROOF_MEASURED };
	prof_roofs_overlay(&r, &m);
	is_dbl(r.r[ROOF_DRAM].per_s, DRAM_ROOF, 0, "a measured 0 B/s does not replace DRAM's bus");
	is_dbl(r.r[ROOF_L2].per_s, L2_ROOF, 0, "nor an unknown L2 CUPTI's");
	is_dbl(r.r[ROOF_FP32].per_s, 0.5, 0, "any figure above zero does");
}

/* classify_with ROOFS: classify against other roofs than the H100's. */
static struct prof_bound classify_with(struct prof_bound_in in, const struct prof_roofs *r,
				       enum prof_bound_kind want, const char *words, const char *what)
{
	in.roofs = r;
	return classify(&in, want, words, what);
}

/*
 * A rate's words at the edges of its units (TFLOP/s from 10^12, GFLOP/s
 * whole from 10^9, two decimals below), a rate of zero still judged, and
 * no FLOP evidence beside a pipe when no precision reaches 10 %.
 */
static void test_rate_words(void)
{
	struct prof_roofs r;
	struct prof_bound_in in = idle();
	struct prof_bound b;

	prof_roofs_init(&r);
	r.r[ROOF_FP32] = (struct prof_roof){ 1.2e12, PROF_ROOF_THEORETICAL };
	in.fma_pipe_pct = NAN;
	in.flop_per_s[1] = 1.08e12;
	b = classify_with(in, &r, PB_COMPUTE, "FP32 at 1.1 TFLOP/s, 90 % of its 1.2 TFLOP/s roof",
			  "1.08e12 FLOP/s: TFLOP/s, one decimal");
	ok(!strchr(b.text, ';'), "FP32 nearest: its evidence once");
	is_str(b.brief, "compute-bound (FP32 90 %)", "its brief");
	prof_bound_free(&b);
	r.r[ROOF_FP32].per_s = 1e12;
	in.flop_per_s[1] = 0.9e12;
	b = classify_with(in, &r, PB_COMPUTE, "FP32 at 900 GFLOP/s, 90 % of its 1.0 TFLOP/s roof",
			  "10^12 exactly: 1.0 TFLOP/s; below it whole GFLOP/s");
	prof_bound_free(&b);
	r.r[ROOF_FP32].per_s = 1.5e9;
	in.flop_per_s[1] = 1e9;
	b = classify_with(in, &r, PB_COMPUTE, "FP32 at 1 GFLOP/s, 67 % of its 2 GFLOP/s roof",
			  "10^9 exactly: 1 GFLOP/s");
	prof_bound_free(&b);
	r.r[ROOF_FP32].per_s = 0.6e9;
	in.flop_per_s[1] = 0.5e9;
	b = classify_with(in, &r, PB_COMPUTE, "FP32 at 0.50 GFLOP/s, 83 % of its 0.60 GFLOP/s roof",
			  "below 10^9: two decimals");
	prof_bound_free(&b);

	/* any roof above zero counts, if a low one; a negative rate (a counter's wrap) does not */
	r.r[ROOF_FP32].per_s = 0.5;
	in.flop_per_s[1] = 0.4;
	b = classify_with(in, &r, PB_COMPUTE, "80 % of its 0.00 GFLOP/s roof", "a roof of 0.5 FLOP/s");
	prof_bound_free(&b);
	in = (struct prof_bound_in){ { NAN, -1e12, NAN }, NAN, NAN, { NAN, NAN, NAN }, &roofs, 50,
				     100000, SMS, 0, NAN };
	b = classify(&in, PB_UNKNOWN, "bound unknown", "a negative rate is no rate");
	prof_bound_free(&b);

	/* a kernel that moved nothing is still judged: its nearest ceiling at 0 % */
	in = idle();
	in.fma_pipe_pct = in.tensor_pipe_pct = in.fp64_pipe_pct = NAN;
	b = classify(&in, PB_LATENCY, "at 0 %", "rates of zero: judged, not unknown");
	prof_bound_free(&b);
	/* a pipe nearest, no precision at 10 %: no FLOP words beside it */
	in = idle();
	in.tensor_pipe_pct = 94;
	in.flop_per_s[1] = 0.05 * FP32_ROOF;
	b = classify(&in, PB_COMPUTE, "the tensor pipe busy 94 % of the time", "FP32 at 5 %: not named");
	ok(!strstr(b.text, "FP32") && !strchr(b.text, ';'), "no FLOP words beside the pipe: %s", b.text);
	prof_bound_free(&b);
	/* beside the pipe, the busiest precision from 10 % (FP64 first, FP16 last) */
	in.flop_per_s[1] = 0.1 * FP32_ROOF;
	b = classify(&in, PB_COMPUTE, "; FP32 at", "FP32 at 10 % exactly: named");
	prof_bound_free(&b);
	in.flop_per_s[0] = 0.3 * 2 * DFMA_PEAK * CLOCK;
	in.flop_per_s[1] = 0.2 * FP32_ROOF;
	b = classify(&in, PB_COMPUTE, "; FP64 at", "FP64 at 30 % before FP32 at 20 %");
	prof_bound_free(&b);
	in.flop_per_s[0] = in.flop_per_s[1] = 0;
	in.flop_per_s[2] = 0.2 * 4 * HFMA_PEAK * CLOCK;
	b = classify(&in, PB_COMPUTE, "; FP16 at", "FP16, the last precision, at 20 %");
	prof_bound_free(&b);
	in.flop_per_s[2] = 0;
	in.flop_per_s[0] = 0.2 * 2 * DFMA_PEAK * CLOCK;
	in.flop_per_s[1] = 0.3 * FP32_ROOF;
	b = classify(&in, PB_COMPUTE, "; FP32 at", "FP32 at 30 % after FP64 at 20 %: FP32");
	prof_bound_free(&b);
	/* a tie: the first precision */
	prof_roofs_init(&r);
	r.r[ROOF_FP64] = r.r[ROOF_FP32] = (struct prof_roof){ 1e12, PROF_ROOF_THEORETICAL };
	in.flop_per_s[0] = in.flop_per_s[1] = 2e11;
	b = classify_with(in, &r, PB_COMPUTE, "; FP64 at", "FP64 and FP32 both at 20 %: FP64");
	prof_bound_free(&b);

	/* FP64 nearest, yet short of the bound: named as the nearest */
	in = idle();
	in.fma_pipe_pct = NAN;
	in.flop_per_s[0] = 0.59 * 2 * DFMA_PEAK * CLOCK;
	b = classify(&in, PB_LATENCY, "no ceiling near: the nearest, FP64, at 59 %", "FP64 at 59 %");
	prof_bound_free(&b);
	/* a grid of as many blocks as SMs fills them; a grid not counted (0) is not short */
	in = idle();
	in.blocks = SMS;
	b = classify(&in, PB_LATENCY, NULL, "132 blocks on 132 SMs: not underfilled");
	ok(b.advice && strstr(b.advice, "independent work"), "latency-bound: advice");
	prof_bound_free(&b);
	in.blocks = SMS - 1;
	b = classify(&in, PB_UNDERFILLED, "the grid's 131 blocks leave 1 of 132 SMs idle", "131 blocks");
	ok(b.advice == NULL, "underfilled: no latency advice");
	prof_bound_free(&b);
	in.blocks = 0;
	b = classify(&in, PB_LATENCY, NULL, "a grid not counted: not short");
	prof_bound_free(&b);

	/* two memory ceilings alike: the first (DRAM) is the nearest */
	prof_roofs_init(&r);
	r.r[ROOF_DRAM] = r.r[ROOF_L2] = (struct prof_roof){ 1e12, PROF_ROOF_THEORETICAL };
	in = idle();
	in.fma_pipe_pct = NAN;
	in.bytes_per_s[0] = in.bytes_per_s[1] = 7e11;
	b = classify_with(in, &r, PB_MEMORY, "memory-bound: DRAM at", "DRAM and L2 both at 70 %");
	prof_bound_free(&b);

	/* FP64, the first ceiling, nearest */
	in = idle();
	in.fma_pipe_pct = NAN;
	in.flop_per_s[0] = 0.7 * 2 * DFMA_PEAK * CLOCK;
	in.flop_per_s[1] = 0.3 * FP32_ROOF;
	b = classify(&in, PB_COMPUTE, "compute-bound: FP64 at", "FP64 at 70 %, FP32 at 30 %");
	is_dbl(b.compute_frac, 0.7, 1e-9, "the compute fraction is FP64's 70 %%");
	ok(b.advice == NULL, "no latency advice when bound");
	prof_bound_free(&b);
}

/*
 * The FP64 pipe as a ceiling (issue 37), judged by its busy share as the
 * FMA pipe is; a use read above its ceiling judged at it (100 %), flagged
 * in over, its evidence "all of the time" or "at its roof"; a use of
 * exactly 100 % is no overshoot.
 */
static void test_ceilings_passed(void)
{
	struct prof_bound_in in = idle();
	struct prof_bound b;

	in.fma_pipe_pct = NAN;
	in.fp64_pipe_pct = 61;
	b = classify(&in, PB_COMPUTE, "compute-bound: the FP64 pipe busy 61 % of the time",
		     "the FP64 pipe 61 % busy: 60 % or more is the bound");
	is_int(b.nearest, USE_FP64_PIPE, "  the FP64 pipe nearest");
	is_dbl(b.roof_frac, 0.61, 1e-12, "  61 %% of its ceiling");
	prof_bound_free(&b);
	in.fp64_pipe_pct = 59;
	b = classify(&in, PB_LATENCY, "the nearest, FP64 pipe, at 59 %", "the FP64 pipe 59 % busy");
	prof_bound_free(&b);

	/* a pipe read at 120 % (counters of two passes): at its ceiling, said */
	in = idle();
	in.fma_pipe_pct = 120;
	b = classify(&in, PB_COMPUTE, "compute-bound: the FMA pipe busy all of the time",
		     "the FMA pipe read at 120 %");
	is_int((int)b.over, 1 << USE_FMA_PIPE, "  the FMA pipe flagged, nothing else");
	is_dbl(b.use[USE_FMA_PIPE], 1, 0, "  judged at 100 %%");
	is_dbl(b.roof_frac, 1, 0, "  its fraction 1");
	is_str(b.brief, "compute-bound (FMA pipe 100 %)", "  its brief");
	prof_bound_free(&b);
	/* 1.5x the ceiling, as 2x: passed */
	in.fma_pipe_pct = 150;
	b = classify(&in, PB_COMPUTE, "busy all of the time", "the FMA pipe read at 150 %");
	is_int((int)b.over, 1 << USE_FMA_PIPE, "  flagged");
	is_dbl(b.use[USE_FMA_PIPE], 1, 0, "  judged at 100 %%");
	prof_bound_free(&b);
	/* exactly full is no overshoot */
	in.fma_pipe_pct = 100;
	b = classify(&in, PB_COMPUTE, "the FMA pipe busy 100 % of the time", "the FMA pipe at 100 %");
	is_int((int)b.over, 0, "  not flagged");
	prof_bound_free(&b);

	/* DRAM at 1.5x its roof: at its roof, no rate shown */
	in = idle();
	in.fma_pipe_pct = 1;
	in.bytes_per_s[0] = 1.5 * DRAM_ROOF;
	b = classify(&in, PB_MEMORY, "memory-bound: DRAM at its 3352 GB/s roof (theoretical)",
		     "DRAM read at 1.5x its roof");
	is_int((int)b.over, 1 << USE_DRAM, "  DRAM flagged, nothing else");
	ok(!strstr(b.text, "5028"), "  its impossible rate not shown: %s", b.text);
	prof_bound_free(&b);
}

/* The names' ends, and which ceilings are memory. */
static void test_lookups(void)
{
	struct prof_roofs r;

	is_str(prof_roof_name(ROOF_TENSOR_FP64), "FP64 tensor", "the last roof's name");
	ok(prof_roof_name(ROOF_NCEILINGS) == NULL && prof_roof_name((enum roof_ceiling)-1) == NULL,
	   "no roof name out of range");
	is_str(prof_bound_code(PB_UNDERFILLED), "underfilled", "the last bound's code");
	ok(prof_bound_code(PB_NKINDS) == NULL && prof_bound_code((enum prof_bound_kind)-1) == NULL,
	   "no bound code out of range");
	is_str(prof_use_code(USE_L1), "l1", "the last use's code");
	is_str(prof_use_name(USE_L1), "L1/shared", "the last use's name");
	ok(prof_use_code(USE_N) == NULL && prof_use_code((enum prof_use_id)-1) == NULL,
	   "no use code out of range");
	ok(prof_use_name(USE_N) == NULL && prof_use_name((enum prof_use_id)-1) == NULL,
	   "no use name out of range");
	ok(prof_use_is_memory(USE_DRAM) && prof_use_is_memory(USE_L2) && prof_use_is_memory(USE_L1),
	   "DRAM, L2 and L1 are memory");
	ok(!prof_use_is_memory(USE_FP64) && !prof_use_is_memory(USE_TENSOR_PIPE),
	   "FP64 and the tensor pipe are not");
	prof_roofs_init(&r);
	ok(!prof_roofs_any_measured(&r), "no roof measured");
	r.r[ROOF_DRAM].source = PROF_ROOF_MEASURED;
	ok(prof_roofs_any_measured(&r), "the first roof measured: some are");
	prof_roofs_init(&r);
	r.r[ROOF_TENSOR_FP64].source = PROF_ROOF_MEASURED;
	ok(prof_roofs_any_measured(&r), "the last roof measured: some are");
}

int main(void)
{
	test_lookups();
	test_roofs();
	test_roofs_fallback();
	test_roofs_measured_edges();
	test_classify();
	test_rate_words();
	test_ceilings_passed();
	test_false_alarms();
	test_counts();
	test_chart();
	test_view_words();
	return done_testing();
}
