/*
 * A sample of rows of the architecture table against figures typed from
 * the sources arch/arch.c cites, never copied from the table:
 *  - cuda_occupancy.h of CUDA 13.0 (CUDA_VERSION 13000, the toolkit's
 *    include/): the functions named in each column;
 *  - the CUDA C++ Programming Guide's "Technical Specifications per
 *    Compute Capability" table and its per-architecture sections.
 * A row may depart from the Guide only where its caveat says so (sm_62's
 * registers per block).  t-occupancy-oracle checks the calculator against
 * the header itself; this checks the numbers the calculator is fed.
 */
#include <string.h>
#include "arch/arch.h"
#include "tests/unit/unit.h"

#define K 1024

/* cuda_occupancy.h, CUDA 13.0. */
static const struct occ_figures {
	const char *arch;
	int blocks;          /* cudaOccMaxBlocksPerMultiprocessor */
	int reg_unit;        /* cudaOccRegAllocationGranularity */
	int smem_unit;       /* cudaOccSMemAllocationGranularity */
	int sub_partitions;  /* cudaOccSubPartitionsPerMultiprocessor */
	int barriers_per_block_slot;  /* cudaOccMaxBlocksPerSMBlockBarrierLimit: x2 or x1 of blocks */
	int configs_kb[11];  /* cudaOccAlignUpShmemSizeVoltaPlus (7.0+), cudaOccSMemPreference (3.x); -1 ends */
} occ[] = {
	{ "sm_35", 16, 256, 256, 4, 0, { 16, 32, 48, -1 } },
	{ "sm_37", 16, 256, 256, 4, 0, { 80, 96, 112, -1 } },
	{ "sm_52", 32, 256, 256, 4, 2, { -1 } },
	{ "sm_60", 32, 256, 256, 2, 2, { -1 } },
	{ "sm_61", 32, 256, 256, 4, 2, { -1 } },
	{ "sm_70", 32, 256, 256, 4, 2, { 0, 8, 16, 32, 64, 96, -1 } },
	{ "sm_75", 16, 256, 256, 4, 2, { 32, 64, -1 } },
	{ "sm_80", 32, 256, 128, 4, 2, { 0, 8, 16, 32, 64, 100, 132, 164, -1 } },
	{ "sm_86", 16, 256, 128, 4, 1, { 0, 8, 16, 32, 64, 100, -1 } },
	{ "sm_87", 16, 256, 128, 4, 1, { 0, 8, 16, 32, 64, 100, 132, 164, -1 } },
	{ "sm_89", 24, 256, 128, 4, 1, { 0, 8, 16, 32, 64, 100, -1 } },
	{ "sm_90", 32, 256, 128, 4, 2, { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228, -1 } },
	{ "sm_100", 32, 256, 128, 4, 2, { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228, -1 } },
	{ "sm_110", 24, 256, 128, 4, 1, { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228, -1 } },
	{ "sm_120", 24, 256, 128, 4, 1, { 0, 8, 16, 32, 64, 100, -1 } },
};

/* The Programming Guide's compute-capability table (KB are 1024 bytes). */
static const struct guide_figures {
	const char *arch;
	int warps, threads_sm, regs_sm, regs_block, regs_thread;
	int smem_sm_kb, smem_block_kb, smem_optin_kb, unified_kb;
} guide[] = {
	{ "sm_35", 64, 2048, 64 * K, 64 * K, 255, 48, 48, 48, 64 },
	{ "sm_37", 64, 2048, 128 * K, 64 * K, 255, 112, 48, 48, 128 },
	{ "sm_50", 64, 2048, 64 * K, 64 * K, 255, 64, 48, 48, 0 },
	{ "sm_52", 64, 2048, 64 * K, 64 * K, 255, 96, 48, 48, 0 },
	{ "sm_53", 64, 2048, 64 * K, 32 * K, 255, 64, 48, 48, 0 },
	{ "sm_60", 64, 2048, 64 * K, 64 * K, 255, 64, 48, 48, 0 },
	{ "sm_61", 64, 2048, 64 * K, 64 * K, 255, 96, 48, 48, 0 },
	{ "sm_62", 64, 2048, 64 * K, 32 * K, 255, 64, 48, 48, 0 },
	{ "sm_70", 64, 2048, 64 * K, 64 * K, 255, 96, 48, 96, 128 },
	{ "sm_75", 32, 1024, 64 * K, 64 * K, 255, 64, 48, 64, 96 },
	{ "sm_80", 64, 2048, 64 * K, 64 * K, 255, 164, 48, 163, 192 },
	{ "sm_86", 48, 1536, 64 * K, 64 * K, 255, 100, 48, 99, 128 },
	{ "sm_89", 48, 1536, 64 * K, 64 * K, 255, 100, 48, 99, 128 },
	{ "sm_90", 64, 2048, 64 * K, 64 * K, 255, 228, 48, 227, 256 },
	{ "sm_100", 64, 2048, 64 * K, 64 * K, 255, 228, 48, 227, 256 },
	{ "sm_120", 48, 1536, 64 * K, 64 * K, 255, 100, 48, 99, 128 },
};

static void check_occ(const struct occ_figures *f)
{
	const struct sm_arch *a = arch_parse(f->arch);
	int n = 0, same = 1;

	if (!ok(a != NULL, "%s is in the table", f->arch))
		return;
	is_int(a->max_blocks_per_sm, f->blocks, "%s: blocks per SM as cuda_occupancy.h", f->arch);
	is_int(a->reg_alloc_unit, f->reg_unit, "%s: register allocation unit", f->arch);
	is_int(a->smem_alloc_unit, f->smem_unit, "%s: shared-memory allocation unit", f->arch);
	is_int(a->sub_partitions, f->sub_partitions, "%s: sub-partitions", f->arch);
	if (f->barriers_per_block_slot)
		is_int(a->block_barriers_per_sm, f->barriers_per_block_slot * f->blocks,
		       "%s: block barriers per SM", f->arch);
	for (; f->configs_kb[n] >= 0; n++)
		same &= n < a->n_smem_configs && a->smem_configs_kb[n] == f->configs_kb[n];
	if (n)
		ok(same && n == a->n_smem_configs, "%s: the %d shared-memory configurations", f->arch, n);
}

/* The row agrees with the Guide, or its caveat names the Guide's figure. */
static void guide_value(const struct sm_arch *a, int got, int want, const char *what)
{
	char figure[32];

	snprintf(figure, sizeof(figure), "%d per the Guide", want);
	if (got != want && a->caveat && strstr(a->caveat, figure)) {
		ok(1, "%s: %s departs from the Guide's %d, and its caveat says so", a->name, what, want);
		return;
	}
	is_int(got, want, "%s: %s as the Programming Guide", a->name, what);
}

static void check_guide(const struct guide_figures *f)
{
	const struct sm_arch *a = arch_parse(f->arch);

	if (!ok(a != NULL, "%s is in the table", f->arch))
		return;
	guide_value(a, a->max_warps_per_sm, f->warps, "resident warps per SM");
	guide_value(a, a->max_threads_per_sm, f->threads_sm, "resident threads per SM");
	guide_value(a, a->max_threads_per_block, 1024, "threads per block");
	guide_value(a, a->warp_size, 32, "warp size");
	guide_value(a, a->regs_per_sm, f->regs_sm, "registers per SM");
	guide_value(a, a->max_regs_per_block, f->regs_block, "registers per block");
	guide_value(a, a->max_regs_per_thread, f->regs_thread, "registers per thread");
	guide_value(a, a->smem_per_sm, f->smem_sm_kb * K, "shared memory per SM");
	guide_value(a, a->smem_per_block, f->smem_block_kb * K, "shared memory per block");
	guide_value(a, a->smem_per_block_optin, f->smem_optin_kb * K, "opt-in shared memory per block");
	guide_value(a, a->l1_smem_unified_kb, f->unified_kb, "unified L1/shared KB");
	guide_value(a, a->reserved_smem_per_block, a->major >= 8 ? K : 0, "reserved shared memory per block");
	guide_value(a, a->smem_banks, 32, "shared-memory banks");
}

int main(void)
{
	for (size_t i = 0; i < sizeof(occ) / sizeof(occ[0]); i++)
		check_occ(&occ[i]);
	for (size_t i = 0; i < sizeof(guide) / sizeof(guide[0]); i++)
		check_guide(&guide[i]);
	return done_testing();
}
