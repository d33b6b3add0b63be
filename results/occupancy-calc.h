/*
 * The occupancy calculator's input and result (occupancy/occupancy.h
 * computes them): part of the results of occupancy and profile.  Pure C.
 */
#ifndef GP_RESULTS_OCCUPANCY_CALC_H
#define GP_RESULTS_OCCUPANCY_CALC_H

#include <limits.h>

/* Limiters, the same bits as cuda_occupancy.h's cudaOccLimitingFactor. */
enum occ_limiter {
	OCC_LIM_WARPS    = 0x01,  /* warp slots (threads per SM) */
	OCC_LIM_REGS     = 0x02,
	OCC_LIM_SMEM     = 0x04,
	OCC_LIM_BLOCKS   = 0x08,  /* resident blocks per SM */
	OCC_LIM_BARRIERS = 0x10,  /* named barriers per SM (9.0+) */
};

#define OCC_NO_LIMIT INT_MAX        /* a limiter that does not apply */
#define OCC_CARVEOUT_DEFAULT (-1)   /* no preference: the runtime's default */

struct occ_input {
	int threads;      /* threads per block, >= 1 */
	int regs;         /* registers per thread, >= 0 (0: no register limit) */
	long long smem;   /* the kernel's shared memory per block, static + dynamic */
	int carveout;     /* shared-memory carveout in % of the SM (7.0+), or -1 */
	int barriers;     /* named barriers per block; the runtime assumes 1 */
};

/* Why a configuration cannot launch (blocks == 0). */
enum occ_why {
	OCC_FITS = 0,
	OCC_TOO_MANY_THREADS,     /* more threads than a block may have */
	OCC_TOO_MANY_REGS,        /* registers per thread over the maximum */
	OCC_REGS_PER_BLOCK,       /* the block's registers exceed the per-block file */
	OCC_SMEM_PER_BLOCK,       /* the block's shared memory exceeds the per-block limit */
	OCC_TOO_MANY_BARRIERS,
};

struct occ_result {
	int blocks;                 /* active blocks per SM; 0 = cannot launch */
	int warps_per_block;
	int active_warps;
	int active_threads;         /* active blocks x threads per block: the threads that run */
	int active_thread_slots;    /* active warps x warp size, as the spreadsheet: the slots
				       they take (a partial warp takes a whole one) */
	int max_warps;              /* warp slots per SM */
	double occupancy_pct;       /* active warps / max warps x 100 */

	/* blocks each limiter allows (OCC_NO_LIMIT where it does not apply) */
	int lim_warps, lim_blocks, lim_regs, lim_smem, lim_barriers;
	unsigned limiting;          /* cuda_occupancy.h's limitingFactors (OCC_LIM_*) */
	unsigned binding;           /* the limiters that allow exactly `blocks` */
	enum occ_why why;

	int regs_per_block;         /* allocated, after granularity */
	long long smem_per_block;   /* allocated: own + reserved, rounded to the unit */
	long long smem_block_limit; /* per-block limit (opt-in) including the reserved part */
	long long smem_per_sm;      /* shared memory configuration assumed for the SM */
	long long smem_pref;        /* the carveout preference rounded to a configuration */
	int smem_overridden;        /* preference < one block: the driver takes a larger config */
};

/* The inputs the sweeps and step searches vary. */
enum occ_resource {
	OCC_RES_THREADS,
	OCC_RES_REGS,
	OCC_RES_SMEM,
};

struct occ_step {
	long long value;            /* registers per thread, or bytes of shared memory per block */
	struct occ_result r;        /* the result at value */
};

#endif
