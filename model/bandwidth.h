/*
 * Byte accounting and size arithmetic for `gpuperf bandwidth`: pure, no
 * CUDA types, so the conventions printed and documented are unit-tested.
 *
 * Every kernel works on up to three arrays of the same size: inputs a and
 * b, output c.  Bytes moved = (arrays read + arrays written) x size, so a
 * copy of N bytes moves 2N (the STREAM and Best Practices convention).
 */
#ifndef GP_MODEL_BANDWIDTH_H
#define GP_MODEL_BANDWIDTH_H

#include <stdint.h>
#include "results/bandwidth-config.h"

#define BW_ALL_KERNELS ((1u << BW_NKERNELS) - 1)

/* Arrays, as a bit mask of bw_arrays(). */
#define BW_ARRAY_A 0x1u
#define BW_ARRAY_B 0x2u
#define BW_ARRAY_C 0x4u

/* Names in enum order, NULL-terminated (for parse_choices). */
extern const char *const bw_kernel_names[];

/* Formula shown in the man page and --help ("c = a + s*b"). */
const char *bw_kernel_formula(enum bw_kernel k);

/* Arrays a kernel reads / writes per element. */
int bw_arrays_read(enum bw_kernel k);
int bw_arrays_written(enum bw_kernel k);

/* Arrays a kernel touches (BW_ARRAY_*), and the union for a mask of kernels. */
unsigned bw_arrays(enum bw_kernel k);
unsigned bw_arrays_for(unsigned kernel_mask);
int bw_narrays(unsigned array_mask);

/* Bytes moved by one repetition: (read + written) x size x passes. */
uint64_t bw_bytes_moved(enum bw_kernel k, uint64_t size, unsigned passes);

/* Distinct bytes a kernel touches: the working set the caches see. */
uint64_t bw_working_set(enum bw_kernel k, uint64_t size);

/* GB/s (10^9 B/s) for bytes in ms; 0 for ms <= 0. */
double bw_gbs(uint64_t bytes, double ms);

/* Default bytes per array when --size is not given. */
#define BW_DEFAULT_SIZE (1ull << 30)

/*
 * Largest size per array that fits narrays arrays in free_bytes, keeping
 * reserve bytes (scratch, context growth) and a tenth of free memory
 * aside; rounded down to 1 MiB (to 16 B below 1 MiB).  0 when nothing fits.
 */
uint64_t bw_max_size(uint64_t free_bytes, int narrays, uint64_t reserve);

/*
 * Default size per array: BW_DEFAULT_SIZE, or, when that does not fit, the
 * largest multiple of 64 MiB (1 MiB below 64 MiB) that does.  *scaled is
 * set when the default was scaled down.  0 when nothing fits.
 */
uint64_t bw_default_size(uint64_t free_bytes, int narrays, uint64_t reserve,
			 int *scaled);

/*
 * Passes over the arrays within one launch so that it moves >= target
 * bytes, at most BW_MAX_PASSES: tiny arrays are latency-bound, and a
 * few thousand passes already make the launch long enough to time.
 */
unsigned bw_passes(uint64_t bytes_per_pass, uint64_t target);
#define BW_MAX_PASSES 4096u

/* Bytes a launch should move before its time is dominated by the kernel. */
#define BW_PASS_TARGET (1ull << 30)

/*
 * The memory level a working set of ws bytes should come from, estimated
 * from sizes (not measured): "L1" (reads only, ws per SM within l1_per_sm),
 * "L2" (ws <= L2), "L2+DRAM" (ws < 4 x L2), "DRAM".
 */
const char *bw_level(uint64_t ws, int read_only, int sm_count,
		     uint64_t l1_per_sm, uint64_t l2_bytes);

/*
 * How the work is spread.  grid and tile: a resident grid of blocks_per_sm
 * x SMs blocks loops over the arrays, a thread's accesses of one iteration
 * a grid apart (each access jumps the whole grid) or a block apart (each
 * block sweeps one contiguous tile of block x unroll accesses).  flat: one
 * such tile per block and as many blocks as tiles, no loop, so the
 * hardware's block scheduler hands out the work; one pass only (a block
 * that swept its tile again would hit its own cache lines).
 */
/* Names of the layouts by enum value ("" for unset), NULL-terminated. */
extern const char *const bw_layout_names[];

/* Unrolls the kernels are built for. */
#define BW_NUNROLLS 5
extern const int bw_unrolls[BW_NUNROLLS];
int bw_unroll_valid(int unroll);

/* Access widths the kernels are built for (bytes). */
int bw_width_valid(int width);

/*
 * Default configuration of a kernel for an access width, measured on an
 * H100 SXM with 16-byte accesses.  One pass over DRAM-sized arrays
 * (multipass 0): flat, blocks of 256, 512 or 1024 threads with one access
 * each (read; copy, scale; add, triad) or 256 with four (write), 1-6 % above
 * any resident grid.  Several passes over a cache-sized set
 * (multipass 1): the `--tune` winners among resident grids, few blocks per
 * SM, each sweeping its own tile with 4 to 16 accesses per thread in
 * flight.  Narrower accesses keep the bytes per thread by a larger unroll
 * (at most 16).  BW_MEMCPY and unknown kernels get the copy's.
 */
struct bw_cfg bw_default_cfg(enum bw_kernel k, int width, int multipass);

/*
 * A resident configuration for a set of nvec vectors smaller than one
 * sweep of its grid (blocks_per_sm x sm_count blocks of block x unroll):
 * the unroll, then the block (not below a warp), halved until every block
 * has work, so that a small set is spread over every SM instead of a few
 * tiles.  Dimensions in fixed (non-zero) are kept; flat configurations
 * and configurations with blocks_per_sm 0 are returned unchanged.
 */
struct bw_cfg bw_fit_small_set(struct bw_cfg c, struct bw_cfg fixed, uint64_t nvec, int sm_count);

/* Blocks of a flat launch over nvec vectors: one per whole tile, at least 1, at most 2^31 - 1. */
uint64_t bw_flat_grid(uint64_t nvec, int block, int unroll);

/*
 * The --tune search space: block in {128, 256, 512, 1024}, blocks per SM
 * in {1, 2, 4, 8, 16} capped at max_bps(block) (the occupancy limit, kept
 * as a candidate itself), unroll in bw_unrolls, the grid and tile layouts
 * (one only at unroll 1, where they coincide), and flat for each block and
 * unroll.  A field of fixed that is non-zero is not searched (a fixed
 * blocks per SM is kept even above the occupancy limit, and excludes
 * flat).  Pairs (block, unroll) with max_bps <= 0 cannot launch
 * and are skipped, and so are configurations with fewer than 256 threads
 * per SM.  Writes up to cap entries to out; returns the count.
 */
typedef int (*bw_max_bps_fn)(void *arg, int block, int unroll);
int bw_tune_space(struct bw_cfg fixed, bw_max_bps_fn max_bps, void *arg,
		  struct bw_cfg *out, int cap);

#endif
