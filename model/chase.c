/* The pointer chase's chain: layout and visiting order (pure). */
#include <stddef.h>
#include "model/chase.h"

const char *const chase_pattern_names[] = { "random", "stride", NULL };

int chase_layout_make(uint64_t set, uint64_t stride, uint64_t max_elems,
		      struct chase_layout *l)
{
	if (stride == 0 || stride % 8 || set < stride || max_elems == 0)
		return -1;
	l->set = set;
	l->stride = stride;
	l->n = set / stride;
	l->slot = stride;
	if (l->n > max_elems) {
		/* whole strides per slot, so every position stays 8-byte aligned */
		l->n = max_elems;
		l->slot = set / max_elems / stride * stride;
	}
	return 0;
}

int chase_sparse(const struct chase_layout *l)
{
	return l->slot > l->stride;
}

/* splitmix64: a fast generator with a seed, so a run's chain can be made again. */
static uint64_t next_random(uint64_t *state)
{
	*state += 0x9e3779b97f4a7c15ull;
	return chase_mix(*state - 0x9e3779b97f4a7c15ull);
}

/* Uniform in [0, bound) without modulo bias worth the name (bound < 2^32). */
static uint64_t below(uint64_t *state, uint64_t bound)
{
	return (next_random(state) >> 32) * bound >> 32;
}

void chase_order(enum chase_pattern p, uint32_t *next, uint64_t n, uint64_t seed)
{
	uint64_t state = seed;

	for (uint64_t i = 0; i < n; i++)
		next[i] = (uint32_t)(p == CHASE_RANDOM ? i : (i + 1) % n);
	if (p != CHASE_RANDOM)
		return;
	/* Sattolo: the identity shuffled with j < i only is one cycle, uniformly chosen. */
	for (uint64_t i = n - 1; i > 0; i--) {
		uint64_t j = below(&state, i);
		uint32_t t = next[i];

		next[i] = next[j];
		next[j] = t;
	}
}

int chase_is_one_cycle(const uint32_t *next, uint64_t n)
{
	uint64_t e = 0;

	if (n == 0)
		return 0;
	for (uint64_t k = 1; k <= n; k++) {
		if (next[e] >= n)
			return 0;
		e = next[e];
		if (e == 0)
			return k == n;
	}
	return 0;
}

uint64_t chase_walk(const uint32_t *next, uint64_t n, uint64_t from, uint64_t steps)
{
	uint64_t e = from;

	for (uint64_t k = 0; k < steps % n; k++)
		e = next[e];
	return e;
}
