/*
 * A shared-memory access pattern of `gpuperf banks` (model/banks.h
 * predicts its conflicts): part of its results.
 */
#ifndef GP_RESULTS_BANKS_CONFIG_H
#define GP_RESULTS_BANKS_CONFIG_H

#include <stdint.h>

enum bank_pattern {
	BANK_STRIDE,             /* lane l: element l * stride */
	BANK_BROADCAST,          /* every lane: one element */
	BANK_MULTICAST,          /* lanes 4k..4k+3: element k (8 elements) */
	BANK_MULTICAST_CONFLICT, /* lane l: element (l % 4) * 128 / width: 4 elements, one bank */
	BANK_TR_UNPADDED,        /* 32x32 tile read by column: lane l, row l */
	BANK_TR_PADDED,          /* the tile padded to 33 columns */
	BANK_TR_SWIZZLED,        /* 32x32 tile, column c of row r stored at c ^ r */
	BANK_NPATTERNS
};

enum bank_op {
	BANK_LOAD,
	BANK_STORE,
	BANK_NOPS
};

struct bank_config {
	enum bank_pattern pattern;
	enum bank_op op;
	uint64_t stride;        /* BANK_STRIDE: elements of width, >= 1 */
	unsigned width;         /* bytes per access: 4, 8 or 16 */
};

#endif
