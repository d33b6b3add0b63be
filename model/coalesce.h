/*
 * Global-memory coalescing model: pure, no CUDA types.
 *
 * A warp instruction's active lanes each access `width` bytes (4, 8 or
 * 16, naturally aligned).  L1TEX looks the whole warp up at once (Volta
 * and later compare all 32 lanes in the tag stage; the 8- and 16-byte
 * instructions are not split into separate requests before it), so the
 * instruction costs one request and as many 32-byte sectors as there are
 * distinct sectors among the lanes' addresses.  That is what the counters
 * l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum divided by
 * smsp__inst_executed_op_global_{ld,st}.sum measure, and what this model
 * predicts: sectors per warp instruction.
 *
 * Buffers start on a 256-byte boundary (cudaMalloc), and 32 lanes x width
 * is a whole number of sectors, so every full warp of the offset and
 * stride patterns costs what warp 0 costs.
 */
#ifndef GP_MODEL_COALESCE_H
#define GP_MODEL_COALESCE_H

#include <stddef.h>
#include <stdint.h>
#include "results/coalesce-config.h"

#define COAL_WARP 32          /* lanes per warp */
#define COAL_SECTOR 32        /* bytes per sector */

struct coal_prediction {
	double ld_sectors;      /* per load instruction; 0 when the kernel loads nothing */
	double st_sectors;      /* per store instruction; 0 when it stores nothing */
	double ld_ideal;        /* sectors the requested bytes fill: width per full warp */
	double st_ideal;
};

/* "offset", "stride", "aos-direct", ...; NULL when out of range. */
const char *coal_pattern_name(enum coal_pattern p);
const char *coal_op_name(enum coal_op op);

/* 1 for 4, 8 and 16 (the widths with a vector load/store), else 0. */
int coal_width_ok(unsigned width);

/*
 * Distinct sectors among n lane accesses of width bytes at byte addresses
 * addr[0..n).  n <= COAL_WARP; an access never straddles a sector because
 * addresses are multiples of width.
 */
unsigned coal_sectors(const uint64_t *addr, size_t n, unsigned width);

/* Sectors of one full warp: lane l accesses element offset + l * stride. */
unsigned coal_sectors_strided(uint64_t offset, uint64_t stride, unsigned width);

/* Sectors the warp's requested bytes fill when perfectly coalesced. */
unsigned coal_ideal_sectors(unsigned width);

/* Per-instruction prediction for a configuration.  0, or -1 for a bad config. */
int coal_predict(const struct coal_config *c, struct coal_prediction *p);

/*
 * Efficiency in percent: bytes the lanes asked for over bytes the sectors
 * carry, per instruction (100 when coalesced, 12.5 for lone 4-byte accesses).
 */
double coal_efficiency_pct(unsigned width, double sectors);

#endif
