/*
 * The pointer chase of `gpuperf latency`: where the chain's elements sit
 * in the set and the order the chase visits them.  Pure C; the position
 * function is shared with the device (kernels/latency.cu builds the chain
 * with it), so under nvcc it becomes __host__ __device__.
 *
 * Dense: an element every `stride` bytes of the set, set / stride of
 * them.  Sparse, when that is more than CHASE_MAX_ELEMS: the set is cut
 * into CHASE_MAX_ELEMS slots with one element each, at a pseudo-random
 * multiple of the stride inside its slot (no two slots alike, so no cache
 * set or DRAM bank is favoured).  The chase then still spans every page
 * of a 4 GiB set, the regime of TLB misses, while the chain stays short
 * enough for the host to shuffle and check in a few milliseconds.
 *
 * The order is one cycle through every element: random (Sattolo's
 * shuffle, so no stride or page order for a prefetcher to follow) or
 * strided (element i + 1 after i, in address order).
 */
#ifndef GP_MODEL_CHASE_H
#define GP_MODEL_CHASE_H

#include <stdint.h>
#include "results/chase.h"

#ifdef __CUDACC__
#define CHASE_HD __host__ __device__ __forceinline__
#else
#define CHASE_HD static inline
#endif

/* Elements of the longest chain; larger sets go sparse. */
#define CHASE_MAX_ELEMS (1u << 22)

/* Names in enum order, NULL-terminated. */
extern const char *const chase_pattern_names[];

/*
 * The layout of a set of `set` bytes with elements `stride` bytes apart,
 * at most max_elems of them.  0, or -1 when the set holds no element or
 * the stride is not a positive multiple of 8.
 */
int chase_layout_make(uint64_t set, uint64_t stride, uint64_t max_elems,
		      struct chase_layout *l);

/* 1 when the layout skips positions (sparse). */
int chase_sparse(const struct chase_layout *l);

/* A 64-bit mix of i (splitmix64's finaliser): the sparse offsets. */
CHASE_HD uint64_t chase_mix(uint64_t i)
{
	i += 0x9e3779b97f4a7c15ull;
	i = (i ^ (i >> 30)) * 0xbf58476d1ce4e5b9ull;
	i = (i ^ (i >> 27)) * 0x94d049bb133111ebull;
	return i ^ (i >> 31);
}

/* Byte offset of element i in the set. */
CHASE_HD uint64_t chase_pos(uint64_t slot, uint64_t stride, uint64_t i)
{
	uint64_t k = slot / stride;

	return i * slot + (k > 1 ? chase_mix(i) % k * stride : 0);
}

/*
 * next[i] = the element visited after element i, for i < n: one cycle
 * through all n elements, random (from seed) or strided.
 */
void chase_order(enum chase_pattern p, uint32_t *next, uint64_t n, uint64_t seed);

/* 1 when next[0..n) is one cycle through every element, walked from 0. */
int chase_is_one_cycle(const uint32_t *next, uint64_t n);

/* The element reached from `from` after `steps` steps (next must be one cycle). */
uint64_t chase_walk(const uint32_t *next, uint64_t n, uint64_t from, uint64_t steps);

#endif
