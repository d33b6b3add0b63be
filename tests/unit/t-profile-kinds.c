/*
 * Each kind of access judged apart (issue 37): the full set's SASS counts
 * of LDG, STG, atomics, cp.async, LDS, STS, ldmatrix and cp.async's
 * writes, against the ideal their lanes' bytes give (global) or the
 * hardware's bank conflicts of the kind (shared); the time at stake
 * weighed by the kind's share of the traffic; impossible figures told as
 * counters that disagree; launches of both sets merged into one row.
 *
 * Expected values are hand calculations from the counts, and, where a
 * kernel ran, the counts Nsight Compute read on an H200 (2026-11-29) for
 * the probe kernels of .explore's run: a 16-byte copy (LDG.E.128), an
 * 8-byte one, a stride-2 float load, cp.async, ldmatrix .x4.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"
#include "tests/unit/profile-records.h"

/* Analyse the stream built so far; a.n rows expected. */
static int run(struct prof_analysis *a, size_t n)
{
	prec_end();
	return ok(prec_analyze(a, &prec_defaults) == 0 && a->n == n, "%zu kernel%s analysed", n,
		  n == 1 ? "" : "s");
}

static int coalescing_verdict(const struct prof_kernel *k)
{
	return k->verdict == PV_LOAD_COALESCING || k->verdict == PV_STORE_COALESCING ||
	       k->verdict == PV_CP_ASYNC_COALESCING || k->verdict == PV_ATOMIC_COALESCING;
}

/*
 * PyTorch's vectorized elementwise kernels load 16 bytes a lane: 16
 * sectors a request is their ideal, not 4x it.  ncu on the H200, a float4
 * copy of 2^20 elements: 32768 LDG, 524288 sectors, 16777216 bytes asked.
 */
static void test_widths(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z8k_ldg128P6float4PKS_i", 4096, 256, 16, "duration_ns=9000",
		    "ldg_requests=32768", "ldg_sectors=524288", "global_load_bytes=16777216",
		    "stg_requests=32768", "stg_sectors=524288", "global_store_bytes=16777216",
		    "global_sectors_all=1048576", "dram_read_bytes=16777216",
		    "dram_write_bytes=16777216", "achieved_occupancy_pct=80", NULL);
	/* 8 bytes a lane: ncu, a double copy of 2^21 elements */
	prec_launch("_Z7k_ldg64PdPKdi", 8192, 256, 16, "duration_ns=9000",
		    "ldg_requests=65536", "ldg_sectors=524288", "global_load_bytes=16777216",
		    "stg_requests=65536", "stg_sectors=524288", "global_store_bytes=16777216",
		    "global_sectors_all=1048576", "dram_read_bytes=16777216",
		    "dram_write_bytes=16777216", "achieved_occupancy_pct=80", NULL);
	if (!run(&a, 2))
		return;
	k = prec_find(&a, "k_ldg128");
	if (ok(k != NULL, "the 16-byte copy")) {
		is_dbl(k->ld.sectors_per_request, 16, 1e-12, "16 sectors a request (524288 / 32768)");
		is_dbl(k->ld.ideal_per_request, 16, 1e-12, "ideal 16: 32 lanes x 16 B / 32 B");
		is_dbl(k->ld.ratio, 1, 1e-12, "every byte fetched is used");
		is_int(k->ld.width, 16, "16 bytes a lane");
		is_dbl(k->global_excess_pct, 0, 1e-12, "no excess sectors, as ncu");
		ok(!coalescing_verdict(k), "no coalescing verdict (%s)", prof_verdict_code(k->verdict));
		ok(k->per_kind, "judged kind by kind");
		is_dbl(k->ld.efficiency_pct, 100, 0, "every byte of its sectors asked for: 100 %%");
		ok(!k->disagree || !strstr(k->disagree, "LDG"),
		   "100 %% efficient, 16 sectors a request: LDG's counters agree");
		is_str(k->counter_set, "full", "LDGs counted apart: the full set");
	}
	k = prec_find(&a, "k_ldg64");
	if (ok(k != NULL, "the 8-byte copy")) {
		is_dbl(k->ld.ideal_per_request, 8, 1e-12, "ideal 8: 32 lanes x 8 B / 32 B");
		is_dbl(k->ld.ratio, 1, 1e-12, "not 2.0x");
		ok(!coalescing_verdict(k), "no coalescing verdict");
	}
	prof_analysis_free(&a);
}

/*
 * A stride-2 float load, as ncu counted it on the H200: LDG 65536
 * requests, 524288 sectors, 8388608 bytes (ideal 262144); STG 65536
 * requests, 262144 sectors, 8388608 bytes (ideal 262144).  ncu's
 * theoretical sectors: 786432, ideal 524288: 262144 excessive, 33.3 %.
 */
static void test_stride(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z9k_stride2PfPKfi", 8192, 256, 16, "duration_ns=20000",
		    "ldg_requests=65536", "ldg_sectors=524288", "global_load_bytes=8388608",
		    "stg_requests=65536", "stg_sectors=262144", "global_store_bytes=8388608",
		    "global_sectors_all=786432", "dram_read_bytes=16777216",
		    "dram_write_bytes=8388608", "achieved_occupancy_pct=80", "fma_pipe_pct=1",
		    NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_dbl(k->ld.ratio, 2, 1e-12, "loads: 2x the bytes used");
	is_dbl(k->st.ratio, 1, 1e-12, "stores coalesced");
	is_dbl(k->global_excess_pct, 100.0 / 3, 1e-9, "33.3 %% of the sectors excess, as ncu");
	ok(k->verdict == PV_LOAD_COALESCING, "a load coalescing verdict (%s)",
	   prof_verdict_code(k->verdict));
	ok(k->verdict_text && strstr(k->verdict_text, "stride-2") &&
	   strstr(k->verdict_text, "33 % of the kernel's global sectors are excess"),
	   "stride 2, with its share: %s", k->verdict_text);
	/* a third of its traffic wasted, the kernel far from any compute ceiling */
	is_dbl(k->waste, 1.0 / 3, 1e-9, "a third of its time at stake");
	prof_analysis_free(&a);
}

/*
 * cuBLAS's FP32 GEMM loads its tiles through cp.async: the hardware's
 * load sectors (4210688) count cp.async's with the few LDGs' (4096
 * requests), the 4097x of the issue.  Counted apart, each kind coalesces.
 */
static void test_cp_async(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8_stage3_ffma", 512, 256,
		    128, "duration_ns=1e6", "fma_pipe_pct=80", "achieved_occupancy_pct=12",
		    "global_load_requests=4096", "global_load_sectors=4210688",
		    "ldg_requests=4096", "ldg_sectors=16384", "global_load_bytes=524288",
		    "cp_async_requests=1048576", "cp_async_sectors=16777216",
		    "cp_async_bytes=536870912", "stg_requests=16384", "stg_sectors=65536",
		    "global_store_bytes=2097152", "global_sectors_all=16859136",
		    "lds_instructions=4194304", "lds_wavefronts=16777216", "lds_bytes=2147483648",
		    "ldgsts_shared_wavefronts=4194304", "ldgsts_shared_bytes=536870912",
		    "shared_wavefronts_all=20971520", "shared_load_bank_conflicts=0",
		    "shared_store_bank_conflicts=0", "ffma_thread_instructions=2.6e10",
		    "fadd_thread_instructions=0", "fmul_thread_instructions=0", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_dbl(k->ld.sectors_per_request, 4, 1e-12, "LDG: 4 sectors a request, as ncu, not 1028");
	is_dbl(k->ld.ratio, 1, 1e-12, "LDG coalesced");
	is_dbl(k->cp.sectors_per_request, 16, 1e-12, "cp.async: 16 sectors a request");
	is_dbl(k->cp.ratio, 1, 1e-12, "cp.async coalesced: 16 bytes a lane, 512 a request");
	is_dbl(k->global_excess_pct, 0, 1e-12, "no excess");
	/* 4194304 LDS.128: 4 wavefronts each and no conflict, so 4 is their ideal */
	is_dbl(k->sld.ideal_per_instruction, 4, 1e-12, "LDS.128: 4 wavefronts by design");
	is_dbl(k->sld.ways, 1, 1e-12, "no conflict");
	is_dbl(k->cpw.wavefronts_per_instruction, 4, 1e-12, "cp.async's 16-byte writes: 4 a request");
	is_dbl(k->shared_excess_pct, 0, 1e-12, "no shared excess");
	ok(k->verdict == PV_COMPUTE_BOUND, "compute-bound (%s)", prof_verdict_code(k->verdict));
	ok(!strstr(k->verdict_text, "besides"), "no waste beside it: %s", k->verdict_text);
	prof_analysis_free(&a);
}

/*
 * Hopper library kernels write shared memory through TMA or cp.async and
 * read it through ldmatrix: the hardware's shared wavefronts put those
 * over the LDS/STS instructions ("117-way").  Counted apart, STS take 1
 * wavefront each and ldmatrix .x4 4 (ncu: 1056 LDSM, 4224 wavefronts, no
 * excess), and neither conflicts.
 */
static void test_ldsm_tma(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("sm90_xmma_fprop_implicit_gemm_f16f16_f16f32_f32_nhwckrsc", 132, 384, 168,
		    "duration_ns=1e6", "tensor_pipe_pct=70", "achieved_occupancy_pct=9",
		    "shared_store_instructions=1056", "shared_store_wavefronts=123552",
		    "shared_load_bank_conflicts=0", "shared_store_bank_conflicts=0",
		    "sts_instructions=1056", "sts_wavefronts=1056", "sts_bytes=135168",
		    "ldsm_instructions=1056", "ldsm_wavefronts=4224", "ldsm_bytes=540672",
		    "lds_instructions=0", "lds_wavefronts=0", "lds_bytes=0", "ldg_requests=0",
		    "ldg_sectors=0", "global_load_bytes=0", "tma_load_requests=4096",
		    "shared_wavefronts_all=200000", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_dbl(k->ldsm.wavefronts_per_instruction, 4, 1e-12, "ldmatrix .x4: 4 wavefronts");
	is_dbl(k->sld.ways, 1, 1e-12, "loads (ldmatrix among them): no conflict");
	is_dbl(k->sst.ways, 1, 1e-12, "STS alone: 1 wavefront an instruction, not 117");
	is_dbl(k->shared_excess_pct, 0, 1e-12, "no excess");
	ok(!(k->sld.ways > 32) && !(k->sst.ways > 32), "no kind names more ways than 32 banks");
	ok(!strstr(k->verdict_text, "way"), "no bank conflict named: %s", k->verdict_text);
	prof_analysis_free(&a);
}

/*
 * A 4-way conflict on 4-byte shared loads, beside conflict-free stores:
 * N loads take 4N wavefronts, 3N of them the hardware's bank conflicts;
 * M stores take M.
 */
static void test_conflict(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;
	const double n = 65536, m = 16384;
	char kv[7][64];

	snprintf(kv[0], sizeof(kv[0]), "lds_instructions=%.0f", n);
	snprintf(kv[1], sizeof(kv[1]), "lds_wavefronts=%.0f", 4 * n);
	snprintf(kv[2], sizeof(kv[2]), "lds_bytes=%.0f", 128 * n);
	snprintf(kv[3], sizeof(kv[3]), "sts_instructions=%.0f", m);
	snprintf(kv[4], sizeof(kv[4]), "sts_wavefronts=%.0f", m);
	snprintf(kv[5], sizeof(kv[5]), "sts_bytes=%.0f", 128 * m);
	snprintf(kv[6], sizeof(kv[6]), "shared_load_bank_conflicts=%.0f", 3 * n);
	prec_begin();
	prec_launch("_Z9k_lds4wayPfPKfi", 1024, 256, 32, "duration_ns=50000",
		    "achieved_occupancy_pct=90", "fma_pipe_pct=5", kv[0], kv[1], kv[2], kv[3], kv[4],
		    kv[5], kv[6], "shared_store_bank_conflicts=0", "shared_wavefronts_all=278528",
		    "ldg_requests=8192",
		    "ldg_sectors=32768", "global_load_bytes=1048576", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_dbl(k->sld.ways, 4, 1e-12, "a 4-way conflict");
	is_dbl(k->sld.conflicts_per_instruction, 3, 1e-12, "3 extra wavefronts an instruction");
	/* 3N of 4N + M wavefronts: 196608 / 278528 */
	is_dbl(k->shared_excess_pct, 100 * 3 * n / (4 * n + m), 1e-9, "70.6 %% of them excess");
	ok(k->verdict == PV_SHARED_LOAD_CONFLICTS && strstr(k->verdict_text, "4-way"),
	   "a 4-way conflict verdict: %s", k->verdict_text);
	is_dbl(k->waste, 3 * n / (4 * n + m), 1e-9, "its share of the wavefronts at stake");
	prof_analysis_free(&a);
}

/*
 * The hardware counts bank conflicts against its own wavefronts, a little
 * above the instrumented ones.  On an H200 (2026-11-29) the transpose's
 * unpadded tile read 32 wavefronts an LDS and 31.2534 conflicts (its own
 * 32.25 wavefronts less 1); a stride-2 load 2 and 1.0138.  Without a floor
 * of one wavefront an instruction, the ways came out 42.86 and 2.028.
 */
static void test_conflict_floor(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z4tileILi0EEvPfPKfi", 16384, 1024, 32, "duration_ns=4e5",
		    "achieved_occupancy_pct=90", "lds_instructions=1000000",
		    "lds_wavefronts=32000000", "lds_bytes=128000000",
		    "shared_load_bank_conflicts=31253400", "sts_instructions=1000000",
		    "sts_wavefronts=1000000", "sts_bytes=128000000", "shared_store_bank_conflicts=0",
		    "shared_wavefronts_all=33000000", NULL);
	prec_launch("_Z6strideILi2EEvPfPKf", 4096, 256, 32, "duration_ns=1e5",
		    "achieved_occupancy_pct=90", "lds_instructions=1000000",
		    "lds_wavefronts=2000000", "lds_bytes=128000000",
		    "shared_load_bank_conflicts=1013800", "shared_store_bank_conflicts=0",
		    "sts_instructions=0", "sts_wavefronts=0", "sts_bytes=0",
		    "shared_wavefronts_all=2000000", NULL);
	if (!run(&a, 2))
		return;
	k = prec_find(&a, "tile<0>");
	if (ok(k != NULL, "the unpadded tile")) {
		is_dbl(k->sld.ways, 32, 1e-12, "32-way, not 42.86");
		is_dbl(k->sld.ideal_per_instruction, 1, 1e-12, "one wavefront an LDS at least");
	}
	k = prec_find(&a, "stride<2>");
	if (ok(k != NULL, "the stride-2 load"))
		is_dbl(k->sld.ways, 2, 1e-12, "2-way, not 2.028");
	prof_analysis_free(&a);
}

/*
 * A histogram's shared atomics: lanes adding to words of one bank take a
 * wavefront each.  8192 ATOMS in 24576 wavefronts, where one each would
 * do: 16384 excess, half of the kernel's 24576 + 8192 wavefronts (its
 * 8192 LDS take one each, no conflict).
 */
static void test_shared_atomics(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z9histogramPjPKji", 1024, 256, 32, "duration_ns=1e5",
		    "achieved_occupancy_pct=90", "fma_pipe_pct=1", "shared_atom_instructions=8192",
		    "shared_atom_wavefronts=24576", "lds_instructions=8192", "lds_wavefronts=8192",
		    "lds_bytes=1048576", "shared_load_bank_conflicts=0",
		    "shared_store_bank_conflicts=0", "shared_wavefronts_all=32768", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_dbl(k->satom.ways, 3, 1e-12, "3 wavefronts an atomic where 1 would do");
	is_dbl(k->shared_excess_pct, 100 * 16384.0 / 32768, 1e-9, "half the wavefronts excess");
	ok(k->verdict == PV_SHARED_ATOMIC_CONFLICTS, "a shared-atomics verdict: %s", k->verdict_text);
	prof_analysis_free(&a);
}

/* An FP64-bound kernel is compute-bound by its FP64 pipe, not latency-bound. */
static void test_fp64(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z6k_dfmaPdddi", 264, 256, 32, "duration_ns=1e6", "achieved_occupancy_pct=40",
		    "fma_pipe_pct=1", "fp64_pipe_pct=98", "tensor_pipe_pct=0",
		    "dfma_thread_instructions=0", "dadd_thread_instructions=0",
		    "dmul_thread_instructions=0", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	ok(k->bound.kind == PB_COMPUTE && k->verdict == PV_COMPUTE_BOUND,
	   "compute-bound: %s", k->verdict_text);
	is_str(prof_use_code((enum prof_use_id)k->bound.nearest), "fp64_pipe", "by the FP64 pipe");
	ok(strstr(k->verdict_text, "the FP64 pipe busy 98 % of the time") != NULL,
	   "its evidence named");
	prof_analysis_free(&a);
}

/*
 * A reduction whose stores write 4x the bytes they use, while coalesced
 * loads carry most of its sectors: at stake, the stores' excess over all
 * sectors, not 1 - 1/4 of the kernel.  Loads: 100000 requests, 400000
 * sectors, 12800000 bytes.  Stores: 10000 requests of 32 bytes, 40000
 * sectors where 10000 would do: 30000 excess of 440000, 6.8 %.
 */
static void test_weight(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z6reducePfPKfi", 2000, 512, 32, "duration_ns=1e6", "achieved_occupancy_pct=80",
		    "fma_pipe_pct=5", "ldg_requests=100000", "ldg_sectors=400000",
		    "global_load_bytes=12800000", "stg_requests=10000", "stg_sectors=40000",
		    "global_store_bytes=320000", "global_sectors_all=440000", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_dbl(k->st.ratio, 4, 1e-12, "stores: 4x the bytes used");
	ok(k->verdict == PV_STORE_COALESCING, "named (%s)", prof_verdict_code(k->verdict));
	is_dbl(k->waste, 30000.0 / 440000, 1e-12, "6.8 %% of its time at stake, not 75 %%");
	is_dbl(k->global_excess_pct, 100 * 30000.0 / 440000, 1e-9, "6.8 %% excess sectors");
	prof_analysis_free(&a);
}

/* A launch of 1024 blocks of 256 threads, 0.1 ms with busy warps, and these counts. */
static void counted(const char *kernel, const char *counts)
{
	char all[1024];

	snprintf(all, sizeof(all), "duration_ns=1e5 achieved_occupancy_pct=90 %s", counts);
	prec_launch_counts(kernel, 1024, 256, 32, all);
}

/*
 * Without a count of every instruction's sectors (or wavefronts), a chip
 * or a record that lacks it, the share of excess is over the kinds'
 * own: each kind that moved a sector adds its sectors, one that moved
 * none or was not counted adds nothing.  Loads (stores) of 100 requests
 * of 4 bytes a lane in 800 sectors, where 400 would do: 400 excess.
 */
static void test_totals_of_kinds(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	/* loads at 2x beside one sector of each other kind: 400 of 803 */
	counted("_Z2g1Pf", "ldg_requests=100 ldg_sectors=800 global_load_bytes=12800 "
		"stg_requests=1 stg_sectors=1 global_store_bytes=32 "
		"atom_requests=1 atom_sectors=1 atom_bytes=4 "
		"cp_async_requests=1 cp_async_sectors=1 cp_async_bytes=16");
	/* stores at 2x beside a load of one sector, no atomic or cp.async: 400 of 801 */
	counted("_Z2g2Pf", "ldg_requests=1 ldg_sectors=1 global_load_bytes=4 "
		"stg_requests=100 stg_sectors=800 global_store_bytes=12800");
	/* loads alone, stores not counted: 400 of 800 */
	counted("_Z2g3Pf", "ldg_requests=100 ldg_sectors=800 global_load_bytes=12800");
	/* stores alone, loads not counted: 400 of 800, still judged kind by kind */
	counted("_Z2g4Pf", "stg_requests=100 stg_sectors=800 global_store_bytes=12800");
	/* a total counted above the kinds' (generic loads): 400 of 1600 */
	counted("_Z2g5Pf", "ldg_requests=100 ldg_sectors=800 global_load_bytes=12800 "
		"global_sectors_all=1600");
	if (!run(&a, 5))
		return;
	k = prec_find(&a, "g1");
	if (ok(k != NULL, "loads at 2x among single sectors")) {
		is_dbl(k->sectors_all, 803, 0, "  800 + 1 + 1 + 1 sectors");
		is_dbl(k->global_excess_pct, 100 * 400.0 / 803, 1e-9, "  400 of them excess: 49.8 %%");
	}
	k = prec_find(&a, "g2");
	if (ok(k != NULL, "stores at 2x beside one load sector"))
		is_dbl(k->global_excess_pct, 100 * 400.0 / 801, 1e-9, "  400 of 801: 49.9 %%");
	k = prec_find(&a, "g3");
	if (ok(k != NULL, "loads alone"))
		is_dbl(k->global_excess_pct, 50, 1e-9, "  400 of 800: the stores add nothing");
	k = prec_find(&a, "g4");
	if (ok(k != NULL, "stores alone")) {
		ok(k->per_kind, "  stores counted apart: kind by kind");
		is_dbl(k->global_excess_pct, 50, 1e-9, "  400 of 800: the loads add nothing");
	}
	k = prec_find(&a, "g5");
	if (ok(k != NULL, "a total above the kinds'")) {
		is_dbl(k->sectors_all, 1600, 0, "  every instruction's 1600 sectors");
		is_dbl(k->global_excess_pct, 25, 1e-9, "  400 of them: 25 %%");
	}
	prof_analysis_free(&a);

	/*
	 * Shared: 100 loads in 400 wavefronts, 300 of them the hardware's bank
	 * conflicts (4-way), beside single wavefronts of the other kinds.
	 */
	prec_begin();
	counted("_Z2s1Pf", "lds_instructions=100 lds_wavefronts=400 lds_bytes=12800 "
		"shared_load_bank_conflicts=300 shared_store_bank_conflicts=0 "
		"sts_instructions=1 sts_wavefronts=1 sts_bytes=128 "
		"cp_async_requests=1 ldgsts_shared_wavefronts=1 ldgsts_shared_bytes=16 "
		"shared_atom_instructions=1 shared_atom_wavefronts=1");
	/* stores 4-way beside one load wavefront, no cp.async or atomic */
	counted("_Z2s2Pf", "lds_instructions=1 lds_wavefronts=1 lds_bytes=128 "
		"shared_load_bank_conflicts=0 shared_store_bank_conflicts=300 "
		"sts_instructions=100 sts_wavefronts=400 sts_bytes=12800");
	/* loads 4-way, stores not counted */
	counted("_Z2s3Pf", "lds_instructions=100 lds_wavefronts=400 lds_bytes=12800 "
		"shared_load_bank_conflicts=300");
	/*
	 * loads not counted (nor then the bank conflicts): 100 stores in 400
	 * wavefronts, and 100 atomics in 300 where 100 would do
	 */
	counted("_Z2s4Pf", "ldg_requests=0 ldg_sectors=0 global_load_bytes=0 "
		"sts_instructions=100 sts_wavefronts=400 sts_bytes=12800 "
		"shared_atom_instructions=100 shared_atom_wavefronts=300");
	/* a total counted above the kinds' (TMA's writes): 300 of 600 */
	counted("_Z2s5Pf", "lds_instructions=100 lds_wavefronts=400 lds_bytes=12800 "
		"shared_load_bank_conflicts=300 shared_wavefronts_all=600");
	if (!run(&a, 5))
		return;
	k = prec_find(&a, "s1");
	if (ok(k != NULL, "loads 4-way among single wavefronts")) {
		is_dbl(k->wavefronts_all, 403, 0, "  400 + 1 + 1 + 1 wavefronts");
		is_dbl(k->shared_excess_pct, 100 * 300.0 / 403, 1e-9, "  300 excess: 74.4 %%");
	}
	k = prec_find(&a, "s2");
	if (ok(k != NULL, "stores 4-way beside one load wavefront"))
		is_dbl(k->shared_excess_pct, 100 * 300.0 / 401, 1e-9, "  300 of 401: 74.8 %%");
	k = prec_find(&a, "s3");
	if (ok(k != NULL, "loads alone"))
		is_dbl(k->shared_excess_pct, 75, 1e-9, "  300 of 400: the stores add nothing");
	k = prec_find(&a, "s4");
	if (ok(k != NULL, "stores and atomics, loads not counted"))
		is_dbl(k->shared_excess_pct, 100 * 200.0 / 700, 1e-9,
		       "  the atomics' 200 of 700: the loads add nothing");
	k = prec_find(&a, "s5");
	if (ok(k != NULL, "a total above the kinds'"))
		is_dbl(k->shared_excess_pct, 50, 1e-9, "  300 of every instruction's 600: 50 %%");
	prof_analysis_free(&a);
}

/*
 * No share of excess where no kind's is known: loads of no active lane
 * (10 requests, no sector) among 50 sectors of generic loads; shared
 * loads without the hardware's bank conflicts.  The kinds account for
 * none of the traffic, so 0 % would claim what nobody counted.  A
 * single sector (wavefront) in all is a total: 0 % where a kind's excess
 * is known to be none.
 */
static void test_unknown_excess(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	counted("_Z2e1Pf", "ldg_requests=10 ldg_sectors=0 global_load_bytes=0 global_sectors_all=50 "
		"lds_instructions=100 lds_wavefronts=400 lds_bytes=12800 shared_wavefronts_all=400");
	counted("_Z2e2Pf", "ldg_requests=1 ldg_sectors=1 global_load_bytes=32 global_sectors_all=1");
	/* LDGs counted, no shared kind (their counters incomplete), 400 shared wavefronts */
	counted("_Z2e3Pf", "ldg_requests=100 ldg_sectors=400 global_load_bytes=12800 "
		"shared_wavefronts_all=400");
	/*
	 * one sector in all, of a store no kind counts, beside the hardware's
	 * loads of no sector (5 requests of no active lane): 0 % excess
	 */
	counted("_Z2e4Pf", "stg_requests=0 stg_sectors=0 global_store_bytes=0 global_sectors_all=1 "
		"global_load_requests=5 global_load_sectors=0");
	/* 5 shared loads of no active lane, one wavefront of another kind (TMA) in all */
	counted("_Z2e5Pf", "lds_instructions=5 lds_wavefronts=0 lds_bytes=0 "
		"shared_load_bank_conflicts=0 shared_wavefronts_all=1");
	if (!run(&a, 5))
		return;
	k = prec_find(&a, "e1");
	if (ok(k != NULL, "no kind's excess known")) {
		ok(isnan(k->global_excess_pct), "  no global excess figure (%g)", k->global_excess_pct);
		ok(isnan(k->shared_excess_pct), "  no shared excess figure (%g)", k->shared_excess_pct);
	}
	k = prec_find(&a, "e2");
	if (ok(k != NULL, "one coalesced sector in all"))
		is_dbl(k->global_excess_pct, 0, 0, "  none of it excess: 0 %%");
	k = prec_find(&a, "e3");
	if (ok(k != NULL, "no shared kind counted"))
		ok(isnan(k->shared_excess_pct), "  no shared excess figure (%g)", k->shared_excess_pct);
	k = prec_find(&a, "e4");
	if (ok(k != NULL, "one sector of a store no kind counts"))
		is_dbl(k->global_excess_pct, 0, 0, "  the loads' excess, none, of 1 sector: 0 %%");
	k = prec_find(&a, "e5");
	if (ok(k != NULL, "one shared wavefront in all"))
		is_dbl(k->shared_excess_pct, 0, 0, "  the loads' excess, none, of 1 wavefront: 0 %%");
	prof_analysis_free(&a);
}

/*
 * A kind of shared access with no instruction has no figure: no
 * wavefronts a request, no ideal; one instruction is enough for them.
 */
static void test_few_instructions(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	counted("_Z2z0Pf", "lds_instructions=0 lds_wavefronts=0 lds_bytes=0 "
		"shared_load_bank_conflicts=0 shared_store_bank_conflicts=0 "
		"sts_instructions=100 sts_wavefronts=100 sts_bytes=12800");
	counted("_Z2z1Pf", "lds_instructions=1 lds_wavefronts=1 lds_bytes=128 "
		"shared_load_bank_conflicts=0 shared_store_bank_conflicts=0");
	if (!run(&a, 2))
		return;
	k = prec_find(&a, "z0");
	if (ok(k != NULL, "no shared load")) {
		ok(isnan(k->sld.wavefronts_per_instruction) && isnan(k->sld.ideal_per_instruction) &&
		   isnan(k->sld.ways), "  no figure of the loads");
		is_dbl(k->sst.ways, 1, 0, "  the stores' still: 1 way");
	}
	k = prec_find(&a, "z1");
	if (ok(k != NULL, "one shared load")) {
		is_dbl(k->sld.wavefronts_per_instruction, 1, 0, "  1 wavefront a load");
		is_dbl(k->sld.ideal_per_instruction, 1, 0, "  1 ideal");
		is_dbl(k->sld.ways, 1, 0, "  1 way");
	}
	prof_analysis_free(&a);
}

/*
 * A kind counts where its three counters were read (instructions,
 * sectors, bytes), as one pass gives them: with one missing, no figure of
 * that kind, and the row is not judged kind by kind.
 */
static void test_kind_needs_three(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	counted("_Z2k2Pf", "ldg_requests=100 global_load_bytes=12800");
	counted("_Z2k3Pf", "ldg_requests=100 ldg_sectors=800");
	if (!run(&a, 2))
		return;
	k = prec_find(&a, "k2");
	if (ok(k != NULL, "LDG sectors missing"))
		ok(!k->per_kind && isnan(k->ld.requests) && isnan(k->ld.sectors_per_request),
		   "  no LDG figure, not judged kind by kind");
	k = prec_find(&a, "k3");
	if (ok(k != NULL, "LDG bytes missing"))
		ok(!k->per_kind && isnan(k->ld.requests) && isnan(k->ld.sectors_per_request),
		   "  no LDG figure, not judged kind by kind");
	prof_analysis_free(&a);
}

/*
 * The set a launch read: the full one counts LDGs apart or reads the FMA
 * pipe's busy cycles (either says it); the L1 hit rate weighed by the
 * LDGs' sectors where the hardware's load sectors were not read.
 */
static void test_full_set_signs(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	counted("_Z2f1Pf", "fma_pipe_pct=50");
	counted("_Z2f2Pf", "l1_hit_rate_pct=40 ldg_requests=100 ldg_sectors=400 "
		"global_load_bytes=12800");
	if (!run(&a, 2))
		return;
	k = prec_find(&a, "f1");
	if (ok(k != NULL, "the FMA pipe's busy cycles alone"))
		is_str(k->counter_set, "full", "  the full set");
	k = prec_find(&a, "f2");
	if (ok(k != NULL, "an L1 hit rate beside LDGs"))
		is_dbl(k->l1_hit_pct, 40, 0, "  40 %% of the LDGs' sectors hit");
	prof_analysis_free(&a);
}

/* Figures no hardware can give are not shown: the row says which counters disagree. */
static void test_disagree(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	/*
	 * 40 sectors a request; 40 wavefronts an LDS; more store conflicts than
	 * store wavefronts; DRAM 2x its roof; the FMA pipe 110 %
	 */
	prec_launch("_Z3badPf", 1024, 256, 32, "duration_ns=1e6", "achieved_occupancy_pct=50",
		    "fma_pipe_pct=110", "ldg_requests=1000", "ldg_sectors=40000",
		    "global_load_bytes=128000", "lds_instructions=1000", "lds_wavefronts=40000",
		    "lds_bytes=128000", "shared_load_bank_conflicts=0", "sts_instructions=1000",
		    "sts_wavefronts=1000", "sts_bytes=128000", "shared_store_bank_conflicts=5000",
		    "dram_read_bytes=6.70464e9", "dram_write_bytes=0", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	ok(k->disagree != NULL, "the row says the counters disagree: %s",
	   k->disagree ? k->disagree : "(nothing)");
	ok(k->disagree && strstr(k->disagree, "LDG: 40.0 sectors a request"), "names LDG");
	ok(k->disagree && strstr(k->disagree, "shared loads: 40.0 wavefronts an instruction"),
	   "names the shared loads");
	ok(k->disagree && strstr(k->disagree, "shared stores: 5000 bank conflicts, more than its "
				 "1000 wavefronts"), "names the stores' conflicts");
	ok(isnan(k->sst.ways), "no store ways shown");
	ok(k->disagree && strstr(k->disagree, "DRAM counted above its ceiling"), "names DRAM");
	ok(k->disagree && strstr(k->disagree, "FMA pipe counted above its ceiling"), "names the pipe");
	ok(isnan(k->ld.sectors_per_request) && isnan(k->ld.ratio), "no LDG figure shown");
	ok(isnan(k->sld.ways), "no LDS ways shown");
	ok(isnan(k->dram_pct) && isnan(k->dram_gbs), "no DRAM rate shown");
	ok(!strstr(k->verdict_text, "200 %") && !strstr(k->verdict_text, "110 %"),
	   "no figure above 100 %% in the verdict: %s", k->verdict_text);
	ok(!coalescing_verdict(k) && k->verdict != PV_SHARED_LOAD_CONFLICTS &&
	   k->verdict != PV_SHARED_STORE_CONFLICTS,
	   "no verdict from the impossible figures");
	prof_analysis_free(&a);
}

/*
 * The edges of what no hardware gives (gpuperf-profile(1), What each
 * kernel gets): a warp's 32 lanes touch 32 sectors a request at most, and
 * make 32 wavefronts an instruction at most; lanes ask for no more bytes
 * than their sectors carry.  Exactly 32 (a column walk, a 32-way
 * conflict) is a figure; anything above, even one sector in 2e9
 * requests, is a disagreement.  Conflicts as many as the wavefronts (the
 * hardware counts them against its own wavefronts, a few more than the
 * instrumented ones) are not more than them.
 */
static void test_impossible_edges(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	counted("_Z2d1Pf", "ldg_requests=1000 ldg_sectors=32000 global_load_bytes=128000");
	counted("_Z2d2Pf", "ldg_requests=2 ldg_sectors=65 global_load_bytes=256");
	counted("_Z2d3Pf", "ldg_requests=2e9 ldg_sectors=64000000001 global_load_bytes=256e9");
	counted("_Z2d4Pf", "ldg_requests=1000 ldg_sectors=4000 global_load_bytes=128640");
	counted("_Z2d5Pf", "ldg_requests=1e9 ldg_sectors=4e9 global_load_bytes=128000000001");
	counted("_Z2d6Pf", "lds_instructions=2 lds_wavefronts=65 lds_bytes=256 "
		"shared_load_bank_conflicts=0");
	counted("_Z2d7Pf", "lds_instructions=2e9 lds_wavefronts=64000000001 lds_bytes=256e9 "
		"shared_load_bank_conflicts=0");
	counted("_Z2d8Pf", "lds_instructions=1000 lds_wavefronts=32000 lds_bytes=128000 "
		"shared_load_bank_conflicts=32000");
	/* 2 x 2e9 DFMAs in 0.1 ms: 40 TFLOP/s, above the H100's 33.5 (64 FMAs a clock an SM) */
	counted("_Z2d9Pd", "dfma_thread_instructions=2e9 dadd_thread_instructions=0 "
		"dmul_thread_instructions=0");
	if (!run(&a, 9))
		return;
	k = prec_find(&a, "d1");
	if (ok(k != NULL, "32 sectors a request")) {
		ok(!k->disagree, "  a figure, no disagreement: %s", k->disagree ? k->disagree : "");
		is_dbl(k->ld.sectors_per_request, 32, 0, "  shown: 32");
	}
	k = prec_find(&a, "d2");
	if (ok(k != NULL, "32.5 sectors a request"))
		ok(k->disagree && strstr(k->disagree, "LDG: 32.5 sectors a request"), "  said: %s",
		   k->disagree ? k->disagree : "(nothing)");
	k = prec_find(&a, "d3");
	if (ok(k != NULL, "one sector beyond 32 a request in 2e9 requests"))
		ok(k->disagree && strstr(k->disagree, "LDG: 32.0 sectors a request, more than"),
		   "  said: %s", k->disagree ? k->disagree : "(nothing)");
	k = prec_find(&a, "d4");
	if (ok(k != NULL, "lanes asking 100.5 %% of what their sectors carry"))
		ok(k->disagree && strstr(k->disagree, "LDG: its lanes asked for 128640 bytes, more "
					 "than its 4000 sectors carry"), "  said: %s",
		   k->disagree ? k->disagree : "(nothing)");
	k = prec_find(&a, "d5");
	if (ok(k != NULL, "one byte beyond what 4e9 sectors carry"))
		ok(k->disagree && strstr(k->disagree, "LDG: its lanes asked for"), "  said: %s",
		   k->disagree ? k->disagree : "(nothing)");
	k = prec_find(&a, "d6");
	if (ok(k != NULL, "32.5 wavefronts a shared load"))
		ok(k->disagree && strstr(k->disagree, "shared loads: 32.5 wavefronts an instruction"),
		   "  said: %s", k->disagree ? k->disagree : "(nothing)");
	k = prec_find(&a, "d7");
	if (ok(k != NULL, "one wavefront beyond 32 an instruction in 2e9"))
		ok(k->disagree && strstr(k->disagree, "shared loads: 32.0 wavefronts an instruction"),
		   "  said: %s", k->disagree ? k->disagree : "(nothing)");
	k = prec_find(&a, "d8");
	if (ok(k != NULL, "as many bank conflicts as wavefronts")) {
		ok(!k->disagree, "  not more: no disagreement: %s", k->disagree ? k->disagree : "");
		is_dbl(k->sld.ways, 32, 0, "  32 wavefronts where one would do: 32-way");
	}
	k = prec_find(&a, "d9");
	if (ok(k != NULL, "FP64 above its roof"))
		ok(k->disagree && strstr(k->disagree, "FP64 counted above its ceiling"), "  said: %s",
		   k->disagree ? k->disagree : "(nothing)");
	prof_analysis_free(&a);
}

/*
 * One kernel, a launch of the full set (replayed) and two of the light
 * set (one pass): one row; each figure summed over the launches that
 * counted it; the row says which sets.
 */
static void test_merge(void)
{
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch("_Z4copyPfPKfi", 4096, 256, 16, "duration_ns=10000",
		    "ldg_requests=32768", "ldg_sectors=131072", "global_load_bytes=4194304",
		    "stg_requests=32768", "stg_sectors=131072", "global_store_bytes=4194304",
		    "fma_pipe_pct=1", "dram_read_bytes=4194304", "dram_write_bytes=4194304",
		    "achieved_occupancy_pct=80", NULL);
	for (int i = 0; i < 2; i++)
		prec_launch("_Z4copyPfPKfi", 4096, 256, 16, "duration_ns=8000",
			    "global_load_requests=32768", "global_load_sectors=131072",
			    "global_store_requests=32768", "global_store_sectors=131072",
			    "fma_issue_pct=1", "dram_read_bytes=4194304", "dram_write_bytes=4194304",
			    "achieved_occupancy_pct=70", NULL);
	if (!run(&a, 1))
		return;
	k = &a.k[0];
	is_int((int)k->profiled, 3, "three profiled launches, one row");
	is_str(k->counter_set, "full 1, light 2", "the row says which sets");
	is_dbl(k->time_ns, 26000, 1e-9, "GPU time: 10 + 8 + 8 us");
	is_dbl(k->dram_read_bytes, 3 * 4194304.0, 1e-9, "DRAM bytes of all three");
	is_dbl(k->ld.ideal_per_request, 4, 1e-12, "the ideal from the full launch's bytes");
	ok(k->per_kind && !k->ld.assumed, "judged by the kinds counted apart, not assumed 4 bytes");
	/* occupancy weighted by duration: (80 x 10 + 70 x 16) / 26 */
	is_dbl(k->achieved_pct, (80.0 * 10 + 70.0 * 16) / 26, 1e-9, "occupancy of all three");
	prof_analysis_free(&a);
}

/*
 * The set a launch's record names (gpuperf since the standard set) is
 * the one its row says, whatever its counters look like; a set this
 * gpuperf does not know is not named.
 */
static void test_named_sets(void)
{
	static const char counts[] = "duration_ns=10000 ldg_requests=32768 ldg_sectors=131072 "
				     "global_load_bytes=4194304 fma_pipe_pct=1 "
				     "dram_read_bytes=4194304 dram_write_bytes=4194304";
	struct prof_analysis a;
	const struct prof_kernel *k;

	prec_begin();
	prec_launch_set("standard", "_Z1av", 4096, 256, 16, counts);
	prec_launch_set("standard", "_Z1bv", 4096, 256, 16, counts);
	prec_launch_set("full", "_Z1bv", 4096, 256, 16, counts);
	prec_launch_set("standard", "_Z1bv", 4096, 256, 16, counts);
	prec_launch_set("heavy", "_Z1cv", 4096, 256, 16, counts);
	prec_launch_set(NULL, "_Z1dv", 4096, 256, 16, counts);
	prec_launch_set(NULL, "_Z1ev", 4096, 256, 16, "duration_ns=10000 dram_read_bytes=4096");
	prec_end();
	if (!ok(!prec_analyze(&a, &prec_defaults), "records naming their sets"))
		return;
	k = prec_find(&a, "a");
	is_str(k ? k->counter_set : NULL, "standard", "a standard launch: standard");
	k = prec_find(&a, "b");
	is_str(k ? k->counter_set : NULL, "full 1, standard 2", "one full, two standard");
	k = prec_find(&a, "c");
	ok(k && !k->counter_set && k->profiled == 1, "an unknown set: counted, not named");
	k = prec_find(&a, "d");
	is_str(k ? k->counter_set : NULL, "full", "no set named: as its counters say (full)");
	k = prec_find(&a, "e");
	ok(k && !k->counter_set && k->profiled == 1,
	   "no set named, and counters of neither kind: counted, not named");
	prof_analysis_free(&a);
}

int main(void)
{
	test_widths();
	test_stride();
	test_cp_async();
	test_ldsm_tma();
	test_conflict();
	test_conflict_floor();
	test_shared_atomics();
	test_fp64();
	test_weight();
	test_disagree();
	test_merge();
	test_named_sets();
	test_totals_of_kinds();
	test_unknown_excess();
	test_few_instructions();
	test_kind_needs_three();
	test_full_set_signs();
	test_impossible_edges();
	return done_testing();
}
