/*
 * How `gpuperf bandwidth` measures a set of a given size so that the row
 * is the level it says (pure, no CUDA types).
 *
 * The stream kernels sweep arrays that DRAM serves: every set larger than
 * L2, and every kernel that stores (stores are write-through: they end in
 * L2 whatever L1 holds).  Reads of smaller sets get a method of their own,
 * the same for every size, L1 or L2 by where the set fits:
 *
 *   windows  a resident grid (as many blocks as fit on every SM, every
 *            thread with `unroll` independent 16-byte loads); block b
 *            re-reads one window of the set each pass, the windows spread
 *            evenly over it and together covering it.
 *   L1       windows with plain loads, for sets within 3/4 of one SM's L1:
 *            whatever windows an SM's blocks have, the set fits its L1, so
 *            after the first pass each block re-reads lines its SM holds.
 *   L2       windows with ld.global.cg, L1 bypassed, for sets within L2;
 *            disjoint, so each line is read by one block: the L2 slices'
 *            own throughput (every sector the loads ask for, they read).
 *   L2 shared  asked for beside L2 (--shared-lines): the L1 method's
 *            windows with ld.global.cg.  Where the grid's windows add up
 *            to more than the set they overlap, several SMs ask for a
 *            line at once and the crossbar hands one L2 read to all of
 *            them: what the SMs receive, as gpu-benches' gpu-l2-cache
 *            counts it, more than the slices read.
 *
 * Bytes moved are what the loads requested: grid x window x width per
 * pass (a small set is read by many blocks, and each read counts).
 */
#ifndef GP_MODEL_BANDWIDTH_METHOD_H
#define GP_MODEL_BANDWIDTH_METHOD_H

#include <stdint.h>
#include "model/bandwidth.h"
#include "results/bandwidth-config.h"

/* "", "stream", "l1", "l2", "l2-shared": names by enum value, NULL-terminated. */
extern const char *const bw_method_names[];

/* Share of one SM's L1 a set may take and still count as L1-resident. */
#define BW_L1_FILL_NUM 3
#define BW_L1_FILL_DEN 4

/*
 * The method of a row.  want AUTO: read sets within 3/4 of l1_bytes get
 * L1, read sets within l2_bytes get L2, the rest STREAM.  want L1, L2 or
 * L2_SHARED is kept for read.  Always STREAM for other kernels, --cold
 * (one pass from DRAM), a fixed layout, or a set of fewer than 32 vectors
 * of width bytes (a warp's loads would repeat addresses).
 */
enum bw_method bw_pick_method(enum bw_method want, enum bw_kernel k, uint64_t size, int width,
			      uint64_t l1_bytes, uint64_t l2_bytes, int cold, int layout_fixed);

/* Whether method m reads windows (L1, L2, L2 shared) rather than streams. */
int bw_method_windowed(enum bw_method m);

/* Whether method m loads with ld.global.cg (L1 bypassed): L2 and L2 shared. */
int bw_method_cg(enum bw_method m);

/*
 * Configuration of the L1 and L2 methods at width bytes: blocks of 512
 * with 4 16-byte loads each per iteration (more for narrower accesses, as
 * bw_default_cfg does), blocks_per_sm 0 (as many as are resident).
 */
struct bw_cfg bw_method_cfg(enum bw_method m, int width);

/* The windows of a launch, in vectors of the access width. */
struct bw_window {
	uint64_t n;        /* vectors in the set */
	uint64_t win;      /* each block's window: a multiple of block x unroll, at most n */
	uint64_t step;     /* between consecutive blocks' window starts (before alignment) */
};

/*
 * Windows for grid blocks of block threads with unroll loads each over n
 * vectors.  Shared (the L1 and L2 shared methods): a window is n / grid
 * rounded up to whole block x unroll (so the windows cover the set), at
 * least one block x unroll, at most n rounded down; starts spread evenly
 * from 0 to n - win.
 * Disjoint (the L2 method): n / grid rounded down to whole block x unroll,
 * each window starting where the one before ends, so no two blocks read
 * a line (the set's last n - grid x win vectors go unread).  0, or -1 when
 * a window would be smaller than block x unroll (fewer vectors than one
 * iteration).
 */
int bw_window_plan(uint64_t n, int grid, int block, int unroll, int disjoint,
		   struct bw_window *w);

/*
 * For sets smaller than one iteration of a block: the unroll, then the
 * block (not below a warp), halved until block x unroll <= n vectors, so
 * that every thread's loads are distinct; fields fixed (non-zero in
 * fixed) are kept.
 */
struct bw_cfg bw_method_fit(struct bw_cfg c, struct bw_cfg fixed, uint64_t n);

/*
 * The L2 method's disjoint windows: as bw_method_fit for n / grid
 * vectors (grid = sm_count x c.blocks_per_sm), then one block per SM less
 * at a time, until every block has at least one iteration of its own
 * (grid x block x unroll <= n) or one block per SM is left.
 */
struct bw_cfg bw_method_fit_disjoint(struct bw_cfg c, struct bw_cfg fixed, uint64_t n,
				     int sm_count);

/*
 * How many blocks read each vector of the set on average: grid x win / n
 * (1 or a little under for disjoint windows; more where shared windows
 * overlap); 0 for an empty set.
 */
double bw_window_overlap(const struct bw_window *w, int grid);

/* Bytes the loads of one launch request: grid x win x width x passes. */
uint64_t bw_window_bytes(const struct bw_window *w, int grid, int width, unsigned passes);

/*
 * The checked read's expected sum (mod 2^32) of the bits of every float
 * the launch reads: passes x the sum over blocks of their windows, of the
 * pattern bw_pat_a.
 */
uint32_t bw_window_sum(const struct bw_window *w, int grid, int width, unsigned passes);

/* Sum (mod 2^32) of bw_bits(bw_pat_a(j)) for lo <= j < hi. */
uint32_t bw_pattern_sum(uint64_t lo, uint64_t hi);

/* Bytes a window launch should move: long enough to time (~0.3-1 ms from L1 or L2). */
#define BW_WINDOW_PASS_TARGET (8ull << 30)

/*
 * The level a row should come from by size alone (the fallback when
 * counters cannot be read): "L1" and "L2" for those methods (L2 shared
 * too); stream rows as bw_level says with l1_per_sm.
 */
const char *bw_level_by_size(enum bw_method m, enum bw_kernel k, uint64_t size,
			     int sm_count, uint64_t l1_per_sm, uint64_t l2_bytes);

/* Of the traffic, a level must serve this share to name the row alone. */
#define BW_LEVEL_PURE 0.8

/*
 * The level the counters name: "L1" when L1 served BW_LEVEL_PURE of the
 * load sectors (reads only), "DRAM" when DRAM moved that share of the
 * bytes requested, "L2" when L2 hit that share of what it was asked and
 * DRAM moved less than 1 - BW_LEVEL_PURE, "L2+DRAM" between; NULL when
 * the counters needed are missing.
 */
const char *bw_level_by_counters(const struct bw_traffic *t, int read_only);

#endif
