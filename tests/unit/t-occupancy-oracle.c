/*
 * The calculator against NVIDIA's cuda_occupancy.h, the oracle: the
 * header is included here and nowhere else.  Every architecture of the
 * table that the header covers, over seeded random configurations and
 * over every granularity boundary; each field of the result compared.
 *
 * The oracle is set up the way the runtime sees a kernel that opted in
 * to the large shared-memory limit: shmemLimitConfig OPTIN with
 * maxDynamicSharedSizeBytes = opt-in limit - static, partitioned global
 * caching off, and carveoutConfig set explicitly (a {0} state would mean
 * "max L1", not the default).
 */
#include <stdint.h>
#include <stdlib.h>
#include <cuda_occupancy.h>
#include "occupancy/occupancy.h"
#include "tests/unit/unit.h"

#define RANDOM_PER_ARCH 10000

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

/* xorshift64*: the same sequence on every machine */
static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static long long rnd(long long lo, long long hi)
{
	return lo + (long long)(rng() % (uint64_t)(hi - lo + 1));
}

struct mismatch {
	long n;
	char first[3][256];
};

static void oracle_prop(const struct sm_arch *a, cudaOccDeviceProp *p)
{
	memset(p, 0, sizeof(*p));
	p->computeMajor = a->major;
	p->computeMinor = a->minor;
	p->maxThreadsPerBlock = a->max_threads_per_block;
	p->maxThreadsPerMultiprocessor = a->max_threads_per_sm;
	p->regsPerBlock = a->max_regs_per_block;
	p->regsPerMultiprocessor = a->regs_per_sm;
	p->warpSize = a->warp_size;
	p->sharedMemPerBlock = (size_t)a->smem_per_block;
	p->sharedMemPerMultiprocessor = (size_t)a->smem_per_sm;
	p->numSms = 1;
	p->sharedMemPerBlockOptin = (size_t)a->smem_per_block_optin;
	p->reservedSharedMemPerBlock = (size_t)a->reserved_smem_per_block;
}

/*
 * Compare one configuration.  static_smem is the part of in->smem the
 * oracle sees as static (the rest is dynamic): the split must not matter.
 */
static void check(const struct sm_arch *a, const struct occ_input *in, long long static_smem,
		  struct mismatch *mm)
{
	cudaOccDeviceProp prop;
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;
	cudaOccResult want;
	struct occ_result got;
	long long optin = a->carveout ? a->smem_per_block_optin : a->smem_per_block;
	int err_hdr, err_ours;

	oracle_prop(a, &prop);
	memset(&attr, 0, sizeof(attr));
	attr.maxThreadsPerBlock = INT_MAX;
	attr.numRegs = in->regs;
	attr.sharedSizeBytes = (size_t)static_smem;
	attr.partitionedGCConfig = PARTITIONED_GC_OFF;
	attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
	attr.maxDynamicSharedSizeBytes = (size_t)(static_smem <= optin ? optin - static_smem : 0);
	attr.numBlockBarriers = in->barriers;
	attr.virtualResourceCount = 0;
	memset(&state, 0, sizeof(state));
	state.cacheConfig = CACHE_PREFER_NONE;
	state.carveoutConfig = in->carveout;
	memset(&want, 0, sizeof(want));

	err_hdr = cudaOccMaxActiveBlocksPerMultiprocessor(&want, &prop, &attr, &state, in->threads,
							  (size_t)(in->smem - static_smem));
	err_ours = occ_compute(a, in, &got);

	if (err_hdr != CUDA_OCC_SUCCESS || err_ours != 0 ||
	    got.blocks != want.activeBlocksPerMultiprocessor ||
	    got.limiting != want.limitingFactors ||
	    got.lim_warps != want.blockLimitWarps ||
	    got.lim_blocks != want.blockLimitBlocks ||
	    got.lim_regs != want.blockLimitRegs ||
	    got.lim_smem != want.blockLimitSharedMem ||
	    got.lim_barriers != want.blockLimitBarriers ||
	    got.regs_per_block != want.allocatedRegistersPerBlock ||
	    got.smem_per_block != (long long)want.allocatedSharedMemPerBlock) {
		if (mm->n < 3)
			snprintf(mm->first[mm->n], sizeof(mm->first[0]),
				 "%s T=%d R=%d S=%lld (static %lld) C=%d B=%d: hdr err %d blocks %d "
				 "lim %#x w%d b%d r%d s%d bar%d regs %d smem %zu | ours err %d blocks %d "
				 "lim %#x w%d b%d r%d s%d bar%d regs %d smem %lld",
				 a->name, in->threads, in->regs, in->smem, static_smem, in->carveout,
				 in->barriers, err_hdr, want.activeBlocksPerMultiprocessor,
				 want.limitingFactors, want.blockLimitWarps, want.blockLimitBlocks,
				 want.blockLimitRegs, want.blockLimitSharedMem, want.blockLimitBarriers,
				 want.allocatedRegistersPerBlock, want.allocatedSharedMemPerBlock,
				 err_ours, got.blocks, got.limiting, got.lim_warps, got.lim_blocks,
				 got.lim_regs, got.lim_smem, got.lim_barriers, got.regs_per_block,
				 got.smem_per_block);
		mm->n++;
	}
}

static void report(const char *what, const struct sm_arch *a, long n, const struct mismatch *mm)
{
	ok(mm->n == 0, "%s: %s, %ld configurations match cuda_occupancy.h", a->name, what, n);
	for (long i = 0; i < mm->n && i < 3; i++)
		diag("  %s", mm->first[i]);
	if (mm->n)
		diag("  %ld mismatches", mm->n);
}

static long long smem_limit(const struct sm_arch *a)
{
	return a->carveout ? a->smem_per_block_optin : a->smem_per_block;
}

static void random_configs(const struct sm_arch *a)
{
	struct mismatch mm = { 0 };

	for (long i = 0; i < RANDOM_PER_ARCH; i++) {
		struct occ_input in;
		long long lim = smem_limit(a);

		/* mostly valid block sizes, some multiples of a warp, a few too large */
		switch (rnd(0, 9)) {
		case 0:  in.threads = (int)rnd(1, 2 * a->max_threads_per_block); break;
		case 1:
		case 2:  in.threads = (int)rnd(1, a->max_threads_per_block / 32) * 32; break;
		default: in.threads = (int)rnd(1, a->max_threads_per_block); break;
		}
		in.regs = (int)rnd(0, a->max_regs_per_thread);
		switch (rnd(0, 5)) {
		case 0:  in.smem = 0; break;
		case 1:  in.smem = rnd(0, 4096); break;
		case 2:  in.smem = rnd(0, 48 * 1024); break;
		case 3:  in.smem = rnd(0, lim / 4); break;
		default: in.smem = rnd(0, lim + 2048); break;
		}
		in.carveout = rnd(0, 2) == 0 ? OCC_CARVEOUT_DEFAULT : (int)rnd(0, 100);
		in.barriers = rnd(0, 3) == 0 ? (int)rnd(0, 16) : 1;
		check(a, &in, rnd(0, in.smem), &mm);
	}
	report("random", a, RANDOM_PER_ARCH, &mm);
}

/* Every block size, registers at and around each allocation step. */
static void thread_reg_boundaries(const struct sm_arch *a)
{
	struct mismatch mm = { 0 };
	long n = 0;

	for (int t = 1; t <= a->max_threads_per_block + 33; t++) {
		int near_warp = t % 32 <= 1 || t % 32 == 31;
		for (int r = 0; r <= a->max_regs_per_thread; r++) {
			/* all register counts next to a warp boundary, a stride elsewhere */
			if (!near_warp && r % 7 != t % 7)
				continue;
			struct occ_input in = { t, r, 0, OCC_CARVEOUT_DEFAULT, 1 };
			check(a, &in, 0, &mm);
			n++;
		}
	}
	report("threads x registers boundaries", a, n, &mm);
}

/* Shared memory at and around every allocation unit, under every carveout. */
static void smem_carveout_boundaries(const struct sm_arch *a)
{
	static const int threads[] = { 32, 128, 256, 1024 };
	struct mismatch mm = { 0 };
	long long unit = a->smem_alloc_unit, lim = smem_limit(a);
	long n = 0;

	for (int c = -1; c <= 100; c++) {
		if (!a->carveout && c > 0)
			break;
		for (long long k = 0; k * unit <= lim + 2 * unit; k++) {
			for (int d = -1; d <= 1; d++) {
				long long s = k * unit + d - a->reserved_smem_per_block % unit;
				if (s < 0)
					continue;
				struct occ_input in = {
					threads[(k + (long long)c) & 3], 32, s, c, 1,
				};
				check(a, &in, (k & 1) ? s : s / 2, &mm);
				n++;
			}
		}
	}
	report("shared memory x carveout boundaries", a, n, &mm);
}

/* Barrier counts, including ones that bind on 9.0+ (and none before). */
static void barrier_cases(const struct sm_arch *a)
{
	struct mismatch mm = { 0 };
	long n = 0;

	for (int b = 0; b <= 32; b++)
		for (int t = 32; t <= a->max_threads_per_block; t *= 2)
			for (int r = 8; r <= 64 && r <= a->max_regs_per_thread; r += 28) {
				struct occ_input in = { t, r, 1024, OCC_CARVEOUT_DEFAULT, b };
				check(a, &in, 0, &mm);
				n++;
			}
	report("barriers", a, n, &mm);
}

int main(void)
{
	int covered = 0;

	for (size_t i = 0; i < sm_narchs; i++) {
		const struct sm_arch *a = &sm_archs[i];

		if (!(a->flags & ARCH_IN_CUDA_OCC))
			continue;
		covered++;
		random_configs(a);
		thread_reg_boundaries(a);
		smem_carveout_boundaries(a);
		barrier_cases(a);
	}
	is_int(covered, 24, "24 architectures of the table are covered by cuda_occupancy.h");
	ok(covered * RANDOM_PER_ARCH >= 100000, "at least 100,000 random configurations (%d)",
	   covered * RANDOM_PER_ARCH);
	return done_testing();
}
