/*
 * A global-memory access pattern of `gpuperf coalesce` (model/coalesce.h
 * predicts its sectors): part of its results.
 */
#ifndef GP_RESULTS_COALESCE_CONFIG_H
#define GP_RESULTS_COALESCE_CONFIG_H

#include <stdint.h>

/* The access patterns of `gpuperf coalesce` (one row each). */
enum coal_pattern {
	COAL_OFFSET,        /* element i + offset */
	COAL_STRIDE,        /* element i * stride */
	COAL_AOS_DIRECT,    /* struct {T x, y, z} read and written field by field */
	COAL_AOS_STAGED,    /* the same structs staged through shared memory */
	COAL_SOA,           /* three arrays, one per field */
	COAL_TR_COPY,       /* tiled matrix copy: the transpose's yardstick */
	COAL_TR_NAIVE,      /* out[x][y] = in[y][x] straight from global memory */
	COAL_TR_TILED,      /* 32x32 shared tile, one element per thread */
	COAL_TR_PADDED,     /* tile padded to 33 columns */
	COAL_TR_MULTI,      /* padded tile, 32x8 threads, 4 elements each */
	COAL_NPATTERNS
};

enum coal_op {
	COAL_LOAD,
	COAL_STORE,
	COAL_COPY,
	COAL_NOPS
};

struct coal_config {
	enum coal_pattern pattern;
	enum coal_op op;        /* AoS and transpose patterns always copy */
	uint64_t offset;        /* elements of width (COAL_OFFSET, COAL_STRIDE) */
	uint64_t stride;        /* elements of width, >= 1 */
	unsigned width;         /* bytes per access: 4, 8 or 16 */
	uint64_t pitch;         /* transpose: row length in elements; 0 = 1024 */
};

#endif
