/*
 * An SM architecture's limits (arch/arch.h holds the table of them):
 * part of the results of occupancy and of every row's architecture.
 */
#ifndef GP_RESULTS_SM_ARCH_H
#define GP_RESULTS_SM_ARCH_H

#define ARCH_MAX_SMEM_CONFIGS 12

/* How registers are handed out (the spreadsheet's "register allocation"). */
enum arch_reg_alloc {
	ARCH_REG_ALLOC_BLOCK,  /* CC 1.x: per block, warps rounded to warp_alloc_granularity */
	ARCH_REG_ALLOC_WARP,   /* CC 2.0 and later: per warp */
};

/* Row flags. */
#define ARCH_IN_CUDA_OCC   0x01u  /* covered by cuda_occupancy.h (CUDA 13.0) */
#define ARCH_PROVISIONAL   0x02u  /* values inferred, no product data (8.8) */
#define ARCH_PARTITIONED_GC 0x04u /* partitioned global caching exists (5.2, 5.3, 6.1, 6.2) */

struct sm_arch {
	const char *name;            /* "sm_90" */
	int major, minor;
	const char *family;          /* "GH100"; NULL where no chip of it is known (sm_88) */
	unsigned flags;              /* ARCH_* */

	/* threads and blocks */
	int warp_size;
	int max_warps_per_sm;
	int max_threads_per_sm;
	int max_blocks_per_sm;
	int max_threads_per_block;

	/* registers */
	int regs_per_sm;
	int max_regs_per_block;
	int max_regs_per_thread;
	int reg_alloc_unit;          /* registers: per warp (or per block on 1.x) rounded to this */
	enum arch_reg_alloc reg_alloc;
	int warp_alloc_granularity;  /* 1.x/2.x: warps rounded to this for registers */
	int sub_partitions;          /* register file split per SM; 0 where not modelled (1.x, 2.x) */

	/* shared memory (bytes unless named _kb) */
	int smem_per_sm;             /* largest configuration */
	int smem_configs_kb[ARCH_MAX_SMEM_CONFIGS]; /* ascending; the carveout rounds up to one */
	int n_smem_configs;
	int smem_per_block;          /* default per-block limit */
	int smem_per_block_optin;    /* opt-in per-block limit (= default before 7.0) */
	int smem_alloc_unit;
	int reserved_smem_per_block; /* the driver's share of every block (1 KB on 8.0+) */
	int carveout;                /* nonzero: the L1/shared split is a runtime preference (7.0+) */

	/* barriers: named barriers per SM (0 = not a limit in cuda_occupancy.h) */
	int block_barriers_per_sm;

	/* memory system facts shared by the models */
	int l1_smem_unified_kb;      /* 0 when shared memory is dedicated */
	int smem_banks;              /* 32 banks of 4 bytes from 2.0; 16 on 1.x */
	int sector_bytes;            /* global-memory sector (32 B) */

	const char *caveat;          /* a line worth showing with the results, or NULL */
};

#endif
