/*
 * Shared-memory bank-conflict model: pure, no CUDA types.
 *
 * Shared memory has 32 banks of 4-byte words; word k lives in bank k % 32,
 * and each bank delivers one word per wavefront.  A warp access is served
 * in phases of 128 bytes of requests: all 32 lanes at once for 4-byte
 * accesses, half-warps (lanes 0-15, 16-31) for 8-byte and quarter-warps
 * for 16-byte accesses.  In each phase the n-way conflict is the largest
 * number of distinct words any one bank must deliver (lanes reading the
 * same word share one delivery: broadcast), and the phase takes that many
 * wavefronts.  A request's wavefronts are the sum over its phases, so the
 * ideal is 1, 2 or 4; the bank-conflict counter should read wavefronts
 * minus ideal.
 *
 * The probe and the model take the lanes' addresses from the same table
 * (bank_addresses), so the prediction is for exactly what the kernel does.
 */
#ifndef GP_MODEL_BANKS_H
#define GP_MODEL_BANKS_H

#include <stddef.h>
#include <stdint.h>
#include "results/banks-config.h"

#define BANK_COUNT 32
#define BANK_WORD 4            /* bytes per bank word */
#define BANK_WARP 32
#define BANK_UNROLL 8          /* independent accesses per loop iteration */
#define BANK_BUF_BYTES 32768   /* the probe's shared buffer: addresses wrap here */

struct bank_access {
	unsigned ways;          /* worst phase's n-way conflict; 0 when no lane is active */
	unsigned wavefronts;    /* sum over phases */
};

struct bank_prediction {
	unsigned ways;          /* worst n-way conflict over the accesses */
	double wavefronts;      /* per request (mean over the BANK_UNROLL accesses) */
	unsigned ideal;         /* wavefronts without conflict: width / 4 */
	double conflicts;       /* wavefronts - ideal */
};

/* "stride", "broadcast", ...; NULL when out of range. */
const char *bank_pattern_name(enum bank_pattern p);
const char *bank_op_name(enum bank_op op);
int bank_width_ok(unsigned width);

/* Lanes served together: 128 / width (32, 16 or 8). */
unsigned bank_lanes_per_phase(unsigned width);

/*
 * Ways and wavefronts of one warp access: lane l (bit l of active set)
 * accesses width bytes at byte address addr[l], a multiple of width.
 */
void bank_access(const uint32_t *addr, uint32_t active, unsigned width,
		 struct bank_access *out);

/*
 * Byte offsets (within BANK_BUF_BYTES) that the 32 lanes access in access
 * u (0 <= u < BANK_UNROLL) of configuration c.  0, or -1 for a bad config.
 */
int bank_addresses(const struct bank_config *c, unsigned u, uint32_t addr[BANK_WARP]);

/* Prediction over the BANK_UNROLL accesses of c.  0, or -1 for a bad config. */
int bank_predict(const struct bank_config *c, struct bank_prediction *p);

/* The stride column of a row: the word stride, 0 for broadcast, the row
 * pitch for the transposes, -1 where there is none (multicast). */
long long bank_row_stride(const struct bank_config *c);

#endif
