/*
 * The calculator on known answers: the classic CC 1.x slides, the
 * spreadsheet's 2.x rules, published examples, the steps and sweeps.
 * (Agreement with cuda_occupancy.h is t-occupancy-oracle.)
 */
#include <stdlib.h>
#include "occupancy/occupancy.h"
#include "tests/unit/unit.h"

static struct occ_result calc(const char *arch, int threads, int regs, long long smem,
			      int carveout, int barriers)
{
	struct occ_input in = { threads, regs, smem, carveout, barriers };
	struct occ_result r;
	const struct sm_arch *a = arch_parse(arch);

	memset(&r, 0, sizeof(r));
	if (!a || occ_compute(a, &in, &r))
		r.blocks = -1;
	return r;
}

static void classic_1x(void)
{
	/* 8192 registers, unit 256, block granularity, 24 warps, 8 blocks per SM */
	struct occ_result r = calc("1.0", 256, 10, 0, -1, 1);

	is_int(r.blocks, 3, "1.0 256 threads x 10 regs: 3 blocks");
	is_int(r.regs_per_block, 2560, "1.0 256 x 10: 2560 registers per block");
	is_dbl(r.occupancy_pct, 100.0, 1e-9, "1.0 256 x 10: 100 %%");
	is_int(r.max_warps, 24, "1.0: 24 warps per SM");
	is_int(r.binding, OCC_LIM_WARPS | OCC_LIM_REGS, "1.0 256 x 10: warps and registers bind");

	r = calc("1.1", 256, 17, 0, -1, 1);
	is_int(r.blocks, 1, "1.1 256 threads x 17 regs: 1 block");
	is_int(r.regs_per_block, 4352, "1.1 256 x 17: 4352 registers per block");
	is_dbl(r.occupancy_pct, 100.0 / 3, 1e-9, "1.1 256 x 17: 33 %%");
	is_int(r.binding, OCC_LIM_REGS, "1.1 256 x 17: registers bind");

	r = calc("sm_10", 128, 17, 0, -1, 1);
	is_int(r.blocks, 3, "1.0 128 threads x 17 regs: 3 blocks");
	is_int(r.regs_per_block, 2304, "1.0 128 x 17: 2304 registers per block");
	is_int(r.active_warps, 12, "1.0 128 x 17: 12 warps");
	is_dbl(r.occupancy_pct, 50.0, 1e-9, "1.0 128 x 17: 50 %%");

	/* block granularity rounds warps to 2: 3 warps cost as 4 */
	r = calc("1.3", 96, 16, 0, -1, 1);
	is_int(r.regs_per_block, 2048, "1.3 96 x 16: 4 warps x 16 x 32 = 2048 registers");
	is_int(r.lim_regs, 8, "1.3 96 x 16: 16384 / 2048 = 8 blocks");
	r = calc("1.2", 64, 10, 513, -1, 1);
	is_int(r.smem_per_block, 1024, "1.2: shared memory in 512-byte units");
	is_int(r.lim_smem, 16, "1.2: 16 KB / 1 KB = 16 blocks");
	r = calc("1.2", 64, 10, 16385, -1, 1);
	is_int(r.blocks, 0, "1.2: 16 KB + 1 byte cannot launch");
	is_int(r.why, OCC_SMEM_PER_BLOCK, "1.2: shared memory is why");
	r = calc("1.0", 64, 0, 0, -1, 1);
	is_int(r.lim_regs, OCC_NO_LIMIT, "0 registers: no register limit");
	is_int(r.lim_smem, OCC_NO_LIMIT, "1.x with no shared memory: no shared-memory limit");
}

static void fermi(void)
{
	/* 2.x: 64-register unit per warp, warps floored to 2, 48 warps, 8 blocks */
	struct occ_result r = calc("2.0", 256, 20, 0, -1, 1);

	is_int(r.lim_regs, 6, "2.0 256 x 20: 32768/640 = 51 warps, floored to 50, / 8 = 6 blocks");
	is_int(r.blocks, 6, "2.0 256 x 20: 6 blocks (48 warps, 100 %%)");
	is_dbl(r.occupancy_pct, 100.0, 1e-9, "2.0 256 x 20: 100 %%");
	r = calc("2.1", 192, 63, 0, -1, 1);
	/* 63 x 32 = 2016 -> 2048 per warp; 16 warps; 16/6 = 2 */
	is_int(r.lim_regs, 2, "2.1 192 x 63: 2 blocks by registers");
	r = calc("2.0", 128, 10, 12 * 1024 + 1, -1, 1);
	is_int(r.smem_per_block, 12 * 1024 + 128, "2.0: shared memory in 128-byte units");
	is_int(r.lim_smem, 3, "2.0: 48 KB / 12.1 KB = 3 blocks");
	r = calc("2.0", 1024, 33, 0, -1, 1);
	is_int(r.blocks, 0, "2.0 1024 x 33 cannot launch: 32 warps x 1088 > 32768");
	is_int(r.why, OCC_REGS_PER_BLOCK, "2.0 1024 x 33: registers per block is why");
}

/*
 * The register limits' edges under the spreadsheet's rules (occupancy.md
 * 3.1; shared/reference/cc_limits.csv): 1.x allocates per block (warps
 * rounded to 2, registers to 256 or 512), at most 124 a thread; 2.x per
 * warp (64-register units), at most 63 a thread.
 */
static void legacy_edges(void)
{
	struct occ_result r = calc("1.0", 64, 124, 0, -1, 1);

	/* 2 warps x 124 x 32 = 7936 (a multiple of 256): one block in 8192 */
	is_int(r.blocks, 1, "1.0 64 x 124: 7936 registers, 1 block");
	r = calc("1.0", 64, 125, 0, -1, 1);
	is_int(r.blocks, 0, "1.0 64 x 125: more than 124 a thread, no block");
	is_int(r.why, OCC_TOO_MANY_REGS, "1.0 64 x 125: too many registers is why");
	/* 16 warps x 32 x 32 = 16384: exactly the 1.3 block's limit */
	r = calc("1.3", 512, 32, 0, -1, 1);
	is_int(r.regs_per_block, 16384, "1.3 512 x 32: 16384 registers per block");
	is_int(r.blocks, 1, "1.3 512 x 32: exactly the limit, 1 block");
	/* 16 x 33 x 32 = 16896, a multiple of 512, over 16384 */
	r = calc("1.3", 512, 33, 0, -1, 1);
	is_int(r.blocks, 0, "1.3 512 x 33: 16896 registers, no block");
	is_int(r.why, OCC_REGS_PER_BLOCK, "1.3 512 x 33: registers per block is why");
	/* 20 x 32 = 640 per warp (a multiple of 64) x 8 warps */
	r = calc("2.0", 256, 20, 0, -1, 1);
	is_int(r.regs_per_block, 5120, "2.0 256 x 20: 5120 registers per block");
	/* 63 x 32 = 2016 -> 2048 a warp; 32768 / 2048 = 16 warps, 2 blocks of 8 */
	r = calc("2.0", 256, 63, 0, -1, 1);
	is_int(r.blocks, 2, "2.0 256 x 63: 2 blocks");
	r = calc("2.0", 256, 64, 0, -1, 1);
	is_int(r.blocks, 0, "2.0 256 x 64: more than 63 a thread, no block");
	is_int(r.why, OCC_TOO_MANY_REGS, "2.0 256 x 64: too many registers is why");
	/* no registers: 48 warps / 8 a block = 6 blocks, 100 % */
	r = calc("2.0", 256, 0, 0, -1, 1);
	is_int(r.lim_regs, OCC_NO_LIMIT, "2.0 256 x 0: no register limit");
	is_int(r.blocks, 6, "2.0 256 x 0: 6 blocks by warps");
}

/*
 * The carveout against a block's shared memory (H100: configurations up
 * to 228 KB, 227 KB a block with its 1 KB reserve): a block that fits the
 * preference keeps it; one that does not takes the smallest configuration
 * that holds it.  And the refusals of no architecture or no input.
 */
static void carveout_edges(void)
{
	struct occ_result r = calc("9.0", 256, 32, 227 * 1024, 100, 1);
	struct occ_input in = { 256, 32, 0, -1, 1 };

	is_int(r.blocks, 1, "9.0, 227 KB a block, carveout 100 %%: 1 block");
	is_int(r.smem_per_sm, 228 * 1024, "  in the 228 KB configuration");
	ok(!r.smem_overridden, "  the preference holds it: not overridden");
	r = calc("9.0", 256, 32, 100 * 1024, 0, 1);
	is_int(r.smem_per_sm, 132 * 1024, "carveout 0 %%, 100 KB + 1 KB a block: the 132 KB configuration");
	ok(r.smem_overridden, "  the preference overridden");
	is_int(occ_compute(NULL, &in, &r), -1, "no architecture: refused");
	is_int(occ_compute(arch_parse("9.0"), NULL, &r), -1, "no input: refused");
}

/* occ_compute IN: its return. */
static int compute(const struct sm_arch *a, int threads, int regs, long long smem, int carveout)
{
	struct occ_input in = { threads, regs, smem, carveout, 1 };
	struct occ_result r;

	return occ_compute(a, &in, &r);
}

/*
 * The inputs refused (-1) at their edges: a carveout of -1 (the default)
 * to 100 %, threads to 65536, registers to 4096, shared memory to 1 TiB
 * (beyond any GPU: products stay in range), and an architecture row that
 * could not be a GPU's.  Within them, a block too large is 0 blocks.
 */
static void input_edges(void)
{
	const struct sm_arch *h = arch_parse("9.0"), *fermi = arch_parse("2.0");
	struct sm_arch bad;

	is_int(compute(h, 256, 32, 0, 100), 0, "carveout 100 %%: taken");
	is_int(compute(h, 256, 32, 0, 101), -1, "carveout 101 %%: refused");
	is_int(compute(h, 256, 32, 0, -2), -1, "carveout -2: refused");
	is_int(compute(h, 65536, 32, 0, -1), 0, "65536 threads: computed (no block fits)");
	is_int(compute(h, 65537, 32, 0, -1), -1, "65537 threads: refused");
	is_int(compute(h, 256, 4096, 0, -1), 0, "4096 registers: computed");
	is_int(compute(h, 256, 4097, 0, -1), -1, "4097 registers: refused");
	is_int(compute(h, 256, 32, 1LL << 40, -1), 0, "1 TiB of shared memory: computed");
	is_int(compute(h, 256, 32, (1LL << 40) + 1, -1), -1, "1 TiB + 1: refused");
	is_int(compute(h, 256, -1, 0, -1), -1, "-1 registers: refused");
	is_int(compute(h, 256, 32, -1, -1), -1, "-1 bytes of shared memory: refused");
	is_int(compute(h, 0, 32, 0, -1), -1, "0 threads: refused");
	is_int(compute(arch_parse("3.5"), 256, 32, 0, 101), -1, "carveout 101 %% where none is taken: refused");
	{
		struct occ_input in = { 256, 32, 0, -1, -1 };
		struct occ_result r;

		is_int(occ_compute(h, &in, &r), -1, "-1 barriers: refused");
	}

	static const char *const fields[] = {
		"warp size 0", "warp size 1", "fewer threads than a warp", "no block", "no register unit",
		"no shared memory unit", "no register per block", "no sub-partition", "no warp granularity",
	};
	for (int i = 0; i < 9; i++) {
		bad = i == 8 ? *fermi : *h;
		switch (i) {
		case 0: bad.warp_size = 0; break;
		case 1: bad.warp_size = 1; break;
		case 2: bad.max_threads_per_sm = bad.warp_size - 1; break;
		case 3: bad.max_blocks_per_sm = 0; break;
		case 4: bad.reg_alloc_unit = 0; break;
		case 5: bad.smem_alloc_unit = 0; break;
		case 6: bad.max_regs_per_block = 0; break;
		case 7: bad.sub_partitions = 0; break;
		case 8: bad.warp_alloc_granularity = 0; break;
		}
		is_int(compute(&bad, 256, 32, 0, -1), i == 1 ? 0 : -1, "an architecture with %s: %s",
		       fields[i], i == 1 ? "computed" : "refused");
	}
	bad = *h;
	bad.reg_alloc_unit = bad.smem_alloc_unit = bad.max_blocks_per_sm = 1;
	is_int(compute(&bad, 256, 32, 0, -1), 0, "units of 1, one block an SM: computed");
	bad = *h;
	bad.max_regs_per_block = 1;
	is_int(compute(&bad, 256, 32, 0, -1), 0, "one register a block: computed (no block fits)");
	bad = *h;
	bad.max_threads_per_sm = bad.warp_size;
	is_int(compute(&bad, 32, 32, 0, -1), 0, "threads an SM of exactly one warp: computed");
	/* sub-partitions count from 3.0, the warp granularity before it */
	bad = *arch_parse("3.5");
	bad.sub_partitions = 0;
	is_int(compute(&bad, 256, 32, 0, -1), -1, "3.5 without sub-partitions: refused");
	bad.sub_partitions = 1;
	bad.warp_alloc_granularity = 0;
	is_int(compute(&bad, 256, 32, 0, -1), 0, "3.5 of one sub-partition, no warp granularity: computed");
	bad = *h;
	bad.warp_alloc_granularity = 0;
	is_int(compute(&bad, 256, 32, 0, -1), 0, "9.0 without a warp granularity: computed");
	bad = *fermi;
	bad.warp_alloc_granularity = 1;
	bad.sub_partitions = 0;
	is_int(compute(&bad, 256, 32, 0, -1), 0, "2.0 of granularity 1, no sub-partition: computed");
}

/* What a result counts, and the limiters in words. */
static void counts_and_words(void)
{
	/* 9.0, 100 threads (4 warps) x 32 registers: 16 blocks by warps */
	struct occ_result r = calc("9.0", 100, 32, 0, -1, 1);
	char buf[64] = "untouched";

	is_int(r.blocks, 16, "9.0 100 x 32: 16 blocks");
	is_int(r.active_threads, 1600, "  1600 threads");
	is_int(r.active_thread_slots, 2048, "  in 2048 thread slots (64 warps)");
	is_str(occ_limiters_string(OCC_LIM_WARPS | OCC_LIM_REGS, buf, sizeof(buf)), "warps+registers",
	       "two limiters");
	is_str(occ_limiters_string(OCC_LIM_SMEM | OCC_LIM_BARRIERS | OCC_LIM_BLOCKS, buf, sizeof(buf)),
	       "blocks+shared memory+barriers", "three, in their order");
	is_str(occ_limiters_string(OCC_LIM_WARPS | OCC_LIM_REGS, buf, 6), "warps",
	       "a buffer of 6: what fits whole");
	{
		/* buffers of their own size, so that a write past them is one (asan) */
		char six[6], twelve[12];

		is_str(occ_limiters_string(OCC_LIM_WARPS | OCC_LIM_REGS | OCC_LIM_SMEM, six, sizeof(six)),
		       "warps", "a buffer of 6, three limiters: what fits whole");
		is_str(occ_limiters_string(OCC_LIM_WARPS | OCC_LIM_REGS | OCC_LIM_SMEM, twelve,
					   sizeof(twelve)), "warps+regis", "a buffer of 12: cut in the second");
	}
	strcpy(buf, "untouched");
	is_str(occ_limiters_string(OCC_LIM_WARPS, buf, 0), "untouched", "a buffer of 0: nothing written");
	is_str(occ_limiters_string(0, buf, sizeof(buf)), "", "no limiter: an empty string");
	strcpy(buf, "untouched");
	is_str(occ_limiters_string(OCC_LIM_WARPS, buf, 1), "", "a buffer of 1: empty");
}

static void published(void)
{
	struct occ_result r;

	/* occupancy.md 1.2: ties set several bits */
	r = calc("sm_90", 256, 32, 0, -1, 1);
	is_int(r.blocks, 8, "9.0 256 x 32: 8 blocks");
	is_int(r.limiting, OCC_LIM_WARPS | OCC_LIM_REGS, "9.0 256 x 32: warps and registers tie");
	is_dbl(r.occupancy_pct, 100.0, 1e-9, "9.0 256 x 32: 100 %%");
	is_int(r.smem_per_block, 1024, "9.0: 1 KB reserved per block with none of its own");

	/* 9.0 256 x 64: 2048 registers per warp, 8 warps per sub-partition */
	r = calc("sm_90", 256, 64, 0, -1, 1);
	is_int(r.blocks, 4, "9.0 256 x 64: 4 blocks");
	is_dbl(r.occupancy_pct, 50.0, 1e-9, "9.0 256 x 64: 50 %%");
	is_int(r.binding, OCC_LIM_REGS, "9.0 256 x 64: registers bind");
	is_int(r.regs_per_block, 16384, "9.0 256 x 64: 16384 registers per block");

	/* occupancy.md 3.2: 8.6, 128 x 46 with 2 KB: 83.3 % with the default carveout */
	r = calc("8.6", 128, 46, 2048, -1, 1);
	is_int(r.blocks, 10, "8.6 128 x 46, 2 KB: 10 blocks");
	is_dbl(r.occupancy_pct, 250.0 / 3, 1e-9, "8.6 128 x 46, 2 KB: 83.3 %%");
	/* ... and 66.7 % with a 0 KB carveout bumped to fit one block */
	r = calc("8.6", 128, 46, 2048, 0, 1);
	is_int(r.smem_per_sm, 8 * 1024, "8.6 carveout 0: the driver takes the 8 KB configuration");
	ok(r.smem_overridden, "8.6 carveout 0: the preference was overridden");
	is_int(r.blocks, 2, "8.6 carveout 0: 8 KB / 3 KB = 2 blocks");

	/* xmartlabs/cuda-calculator PR #1: 128 x 85 is 5 blocks on 5.0 and, caching off, on 5.2 */
	is_int(calc("5.0", 128, 85, 0, -1, 1).blocks, 5, "5.0 128 x 85: 5 blocks");
	is_int(calc("5.2", 128, 85, 0, -1, 1).blocks, 5, "5.2 128 x 85: 5 blocks (caching off)");

	/* 7.5: no 0 KB configuration, a 0 % carveout is 32 KB */
	r = calc("7.5", 128, 32, 4096, 0, 1);
	is_int(r.smem_per_sm, 32 * 1024, "7.5 carveout 0: 32 KB");
	is_int(r.lim_smem, 8, "7.5 carveout 0: 32 KB / 4 KB = 8 blocks");
	r = calc("7.5", 1024, 32, 0, -1, 1);
	is_int(r.blocks, 1, "7.5 1024 threads: 1 block (32 warps per SM)");

	/* 9.0 carveout 50 %: 114 KB rounds up to the 132 KB configuration */
	r = calc("9.0", 128, 32, 10 * 1024, 50, 1);
	is_int(r.smem_per_sm, 132 * 1024, "9.0 carveout 50: 132 KB configuration");
	is_int(r.lim_smem, 12, "9.0 carveout 50: 132 KB / 11 KB = 12 blocks");

	/* the opt-in limit: 227 KB of its own is the most a 9.0 block may have */
	r = calc("9.0", 128, 32, 232448, -1, 1);
	is_int(r.blocks, 1, "9.0 227 KB: 1 block");
	is_int(r.smem_per_block, 233472, "9.0 227 KB: 228 KB allocated with the reserved KB");
	r = calc("9.0", 128, 32, 232449, -1, 1);
	is_int(r.blocks, 0, "9.0 227 KB + 1: cannot launch");
	is_int(r.why, OCC_SMEM_PER_BLOCK, "9.0 227 KB + 1: shared memory is why");
	is_int(r.binding & OCC_LIM_SMEM, OCC_LIM_SMEM, "9.0 227 KB + 1: shared memory binds");

	/* barriers bind from 9.0: 64 per SM, 16 per block -> 4 blocks */
	r = calc("9.0", 64, 16, 0, -1, 16);
	is_int(r.lim_barriers, 4, "9.0 16 barriers: 4 blocks");
	is_int(r.blocks, 4, "9.0 16 barriers: 4 blocks active");
	is_int(r.binding, OCC_LIM_BARRIERS, "9.0 16 barriers: only barriers bind");
	ok(r.limiting & OCC_LIM_BLOCKS, "9.0 16 barriers: cuda_occupancy.h keeps its earlier bit");
	is_int(calc("8.0", 64, 16, 0, -1, 16).lim_barriers, OCC_NO_LIMIT,
	       "8.0: barriers are not a limit in cuda_occupancy.h");
	is_int(calc("12.0", 64, 16, 0, -1, 2).lim_barriers, 12, "12.0: 24 barriers per SM / 2 = 12");

	/* 6.0: the GP10x rule */
	/* 9 warps x 5632: 10 warps' worth fit 6.0's two halves, 12 do not fit GP10x's four */
	r = calc("6.0", 288, 169, 0, -1, 1);
	is_int(r.blocks, 0, "6.0 288 x 169: refused because it cannot run on GP10x");
	is_int(calc("6.1", 288, 169, 0, -1, 1).blocks, 0, "6.1 288 x 169: cannot launch");
	is_int(calc("6.0", 256, 169, 0, -1, 1).blocks, 1, "6.0 256 x 169: 1 block");

	/* invalid inputs */
	ok(calc("9.0", 0, 32, 0, -1, 1).blocks == -1, "0 threads is invalid");
	ok(calc("9.0", 32, -1, 0, -1, 1).blocks == -1, "negative registers are invalid");
	ok(calc("9.0", 32, 32, -1, -1, 1).blocks == -1, "negative shared memory is invalid");
	ok(calc("9.0", 32, 32, 0, 101, 1).blocks == -1, "carveout 101 is invalid");
	ok(calc("9.0", 32, 32, 0, -2, 1).blocks == -1, "carveout -2 is invalid");

	/* cannot launch: named */
	r = calc("9.0", 1025, 32, 0, -1, 1);
	is_int(r.blocks, 0, "9.0 1025 threads: 0 blocks");
	is_int(r.why, OCC_TOO_MANY_THREADS, "9.0 1025 threads: threads are why");
	r = calc("9.0", 1024, 65, 0, -1, 1);
	is_int(r.why, OCC_REGS_PER_BLOCK, "9.0 1024 x 65: registers per block are why");
	r = calc("9.0", 32, 256, 0, -1, 1);
	is_int(r.why, OCC_TOO_MANY_REGS, "9.0 256 registers: over 255 per thread "
	       "(cuda_occupancy.h would allow 256, ptxas never emits it)");
}

static void steps(void)
{
	const struct sm_arch *a = arch_parse("sm_90");
	struct occ_input in = { 256, 64, 0, -1, 1 };
	struct occ_step s;

	ok(occ_next_step(a, &in, OCC_RES_REGS, &s), "9.0 256 x 64: a register step exists");
	is_int(s.value, 48, "9.0 256 x 64: <= 48 registers ...");
	is_int(s.r.blocks, 5, "... would allow 5 blocks");
	ok(occ_headroom(a, &in, OCC_RES_REGS, &s), "9.0 256 x 64: headroom exists");
	is_int(s.value, 64, "9.0 256 x 64: no headroom above 64");

	in.regs = 60;
	ok(occ_headroom(a, &in, OCC_RES_REGS, &s) && s.value == 64,
	   "9.0 256 x 60: up to 64 registers keep 4 blocks");

	in = (struct occ_input){ 128, 32, 40 * 1024, -1, 1 };
	ok(occ_next_step(a, &in, OCC_RES_SMEM, &s), "9.0 40 KB: a shared-memory step exists");
	/* 41 KB allocated: 228 / 41 = 5 blocks; 6 need <= 38 KB allocated, 37 KB own */
	is_int(s.r.blocks, 6, "9.0 40 KB: 5 blocks now, 6 with less");
	is_int(s.value, 37 * 1024, "9.0 40 KB: <= 37 KB allows 6 blocks");
	ok(occ_headroom(a, &in, OCC_RES_SMEM, &s), "9.0 40 KB: headroom");
	is_int(s.value, 233472 / 5 / 128 * 128 - 1024, "9.0 40 KB: up to 44.5 KB keeps 5 blocks");

	in = (struct occ_input){ 256, 32, 0, -1, 1 };
	ok(!occ_next_step(a, &in, OCC_RES_REGS, &s), "9.0 256 x 32: 100 %%, no step down");

	in = (struct occ_input){ 1024, 128, 0, -1, 1 };
	ok(occ_next_step(a, &in, OCC_RES_REGS, &s) && s.value == 64 && s.r.blocks == 1,
	   "9.0 1024 x 128 cannot launch; <= 64 registers allow 1 block");
	ok(!occ_headroom(a, &in, OCC_RES_REGS, &s), "no headroom when it cannot launch");
}

static void sweeps(void)
{
	const struct sm_arch *a = arch_parse("sm_90");
	struct occ_input in = { 200, 40, 3000, -1, 1 };
	struct occ_step *p;
	size_t n, cur = 0, sorted = 1;

	p = occ_sweep(a, &in, OCC_RES_THREADS, &n);
	is_int(n, 33, "threads sweep: 32 warp multiples and the current 200");
	for (size_t i = 1; p && i < n; i++)
		sorted &= p[i - 1].value < p[i].value;
	for (size_t i = 0; p && i < n; i++)
		cur += p[i].value == 200;
	ok(sorted && cur == 1, "threads sweep ascending with 200 once");
	free(p);

	p = occ_sweep(a, &in, OCC_RES_REGS, &n);
	is_int(n, 255, "registers sweep: 1 to 255");
	ok(p && p[39].value == 40 && p[39].r.blocks == 6,
	   "registers sweep point 40: 6 blocks of 7 warps");
	free(p);

	p = occ_sweep(a, &in, OCC_RES_SMEM, &n);
	is_int(n, 232448 / 128 + 2, "shared-memory sweep: every 128 bytes to 227 KB, and 3000");
	ok(p && p[0].value == 0 && p[n - 1].value == 232448, "shared-memory sweep from 0 to 227 KB");
	ok(p && p[n - 1].r.blocks == 1, "227 KB: 1 block");
	free(p);

	in.threads = 16;
	p = occ_sweep(a, &in, OCC_RES_THREADS, &n);
	ok(p && n == 33 && p[0].value == 16, "a current value below the first point comes first");
	free(p);
}

int main(void)
{
	classic_1x();
	fermi();
	legacy_edges();
	carveout_edges();
	input_edges();
	counts_and_words();
	published();
	steps();
	sweeps();
	return done_testing();
}
