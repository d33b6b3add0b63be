/* The pointer chase's chain: layouts, one cycle through every element, the walk. */
#include <stdlib.h>
#include "model/chase.h"
#include "tests/unit/unit.h"

/* Positions in order, 8-byte aligned, inside the set, each in its own slot. */
static int positions_ok(const struct chase_layout *l)
{
	uint64_t prev = 0;

	for (uint64_t i = 0; i < l->n; i++) {
		uint64_t p = chase_pos(l->slot, l->stride, i);

		if (p % 8 || p + 8 > l->set || p < i * l->slot || p >= (i + 1) * l->slot ||
		    (i && p <= prev))
			return 0;
		prev = p;
	}
	return 1;
}

static void test_layouts(void)
{
	struct chase_layout l;

	ok(chase_layout_make(16384, 64, CHASE_MAX_ELEMS, &l) == 0 && l.n == 256 && l.slot == 64 &&
	   !chase_sparse(&l), "16 KiB at 64 B: 256 elements, dense");
	ok(positions_ok(&l), "dense positions are i x stride");
	is_int(chase_pos(l.slot, l.stride, 7), 7 * 64, "element 7 at 448");
	ok(chase_layout_make(4ull << 30, 64, CHASE_MAX_ELEMS, &l) == 0 && l.n == CHASE_MAX_ELEMS &&
	   l.slot == 1024 && chase_sparse(&l), "4 GiB at 64 B: 2^22 slots of 1 KiB");
	ok(positions_ok(&l), "sparse positions: one per slot, aligned, in order");
	{
		uint64_t offs[16] = { 0 }, distinct = 0;
		for (uint64_t i = 0; i < 4096; i++)
			offs[chase_pos(l.slot, l.stride, i) % l.slot / l.stride]++;
		for (int k = 0; k < 16; k++)
			distinct += offs[k] > 0;
		ok(distinct == 16, "sparse offsets use every stride of the slot (%llu of 16)",
		   (unsigned long long)distinct);
	}
	ok(chase_layout_make(1000, 64, 8, &l) == 0 && l.n == 8 && l.slot == 64,
	   "a slot is whole strides: 1000 B for 8 elements gives 64-byte slots");
	ok(positions_ok(&l), "and stays inside the set");
	ok(chase_layout_make(1ull << 30, 192, CHASE_MAX_ELEMS, &l) == 0 && l.slot % 192 == 0 &&
	   positions_ok(&l), "a stride that does not divide a power of two");
	ok(chase_layout_make(32, 64, 16, &l) < 0, "a set smaller than one stride holds nothing");
	ok(chase_layout_make(4096, 12, 16, &l) < 0, "a stride that is no multiple of 8 is refused");
	ok(chase_layout_make(4096, 0, 16, &l) < 0, "stride 0 is refused");
}

static void test_order(void)
{
	static const uint64_t sizes[] = { 1, 2, 3, 17, 256, 4096, 100003 };
	uint32_t *next = calloc(100003, sizeof(*next));
	int all = 1, fixed = 0;

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint64_t n = sizes[k];

		chase_order(CHASE_RANDOM, next, n, 42 + k);
		all &= chase_is_one_cycle(next, n);
		chase_order(CHASE_STRIDED, next, n, 0);
		all &= chase_is_one_cycle(next, n);
	}
	ok(all, "random and strided orders are one cycle through every element, 1 to 100003");
	chase_order(CHASE_RANDOM, next, 4096, 7);
	for (uint64_t i = 0; i < 4096; i++)
		fixed += next[i] == (i + 1) % 4096;
	ok(fixed < 16, "the random order is not the strided one (%d successors in address order)",
	   fixed);
	{
		uint32_t again[4096];
		chase_order(CHASE_RANDOM, again, 4096, 7);
		ok(!memcmp(again, next, sizeof(again)), "the same seed gives the same chain");
		chase_order(CHASE_RANDOM, again, 4096, 8);
		ok(memcmp(again, next, sizeof(again)), "another seed another");
	}
	chase_order(CHASE_STRIDED, next, 10, 0);
	is_int(next[9], 0, "strided: the last element leads back to the first");
	is_int(chase_walk(next, 10, 0, 23), 3, "23 steps around a 10-cycle end at element 3");
	is_int(chase_walk(next, 10, 4, 0), 4, "no step stays put");
	{
		uint32_t two[] = { 1, 0, 3, 2 }, bad[] = { 1, 2, 7 };
		ok(!chase_is_one_cycle(two, 4), "two 2-cycles are not one cycle");
		ok(!chase_is_one_cycle(bad, 3), "an index past the end is caught");
		ok(!chase_is_one_cycle(two, 0), "an empty chain is no cycle");
	}
	free(next);
}

int main(void)
{
	test_layouts();
	test_order();
	return done_testing();
}
