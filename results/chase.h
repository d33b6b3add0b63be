/*
 * A pointer chase's pattern and layout (model/chase.h builds them):
 * part of `gpuperf latency`'s results.
 */
#ifndef GP_RESULTS_CHASE_H
#define GP_RESULTS_CHASE_H

#include <stdint.h>

enum chase_pattern {
	CHASE_RANDOM,
	CHASE_STRIDED,
};

struct chase_layout {
	uint64_t set;     /* bytes the chain spans */
	uint64_t stride;  /* bytes between candidate positions: a multiple of 8 */
	uint64_t n;       /* elements in the chain */
	uint64_t slot;    /* bytes per element: stride when dense, a multiple of it when sparse */
};

#endif
