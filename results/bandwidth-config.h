/*
 * The kernels, layouts, launch configurations and methods of `gpuperf
 * bandwidth`, and the traffic its counters saw (model/bandwidth.h and
 * model/bandwidth-method.h reason about them): part of its results.
 */
#ifndef GP_RESULTS_BANDWIDTH_CONFIG_H
#define GP_RESULTS_BANDWIDTH_CONFIG_H

enum bw_kernel {
	BW_READ,    /* sum of a, kept alive by an atomic per warp */
	BW_WRITE,   /* c = pattern(i) */
	BW_COPY,    /* c = a */
	BW_SCALE,   /* c = s * a */
	BW_ADD,     /* c = a + b */
	BW_TRIAD,   /* c = a + s * b */
	BW_MEMCPY,  /* cudaMemcpyAsync device-to-device, c = a (copy engine) */
	BW_NKERNELS
};

enum bw_layout {
	BW_LAYOUT_UNSET,
	BW_LAYOUT_GRID,
	BW_LAYOUT_TILE,
	BW_LAYOUT_FLAT,
};

/* A launch configuration: grid = blocks_per_sm x SMs, or one block per tile (flat). */
struct bw_cfg {
	int block;          /* threads per block, multiple of 32 */
	int blocks_per_sm;  /* 0: as many as are resident at once; unused by flat */
	int unroll;         /* independent accesses per thread per iteration */
	int layout;         /* enum bw_layout */
};

enum bw_method {
	BW_METHOD_AUTO,    /* request: by size, bw_pick_method */
	BW_METHOD_STREAM,  /* the stream kernels as configured (DRAM-sized sets, stores) */
	BW_METHOD_L1,      /* read: windows with plain loads, within L1 */
	BW_METHOD_L2,      /* read: disjoint windows with ld.global.cg, from L2 */
	BW_METHOD_L2_SHARED, /* read: overlapping windows with ld.global.cg (--shared-lines) */
	BW_NMETHODS
};

/* The shares of a launch's traffic the counters saw; NaN where not read. */
struct bw_traffic {
	double l1_hit;             /* global load sectors that hit in L1 */
	double l2_hit;             /* L2 sectors read for L1 that hit */
	double dram_per_byte;      /* DRAM bytes read and written per byte requested */
	double l2_read;            /* L2 sectors read for L1 per load sector L1 missed: under
				      1 where one L2 read reached several SMs */
};

#endif
