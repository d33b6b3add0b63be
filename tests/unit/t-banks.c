/* The bank-conflict model against conflicts worked out by hand. */
#include "model/banks.h"
#include "tests/unit/unit.h"

/*
 * Wavefronts per request for the default strides 1-33, worked by hand.
 * 4-byte: lane l hits bank (l s) % 32, so gcd(s, 32) lanes share a bank
 * with distinct words.  8-byte: per half-warp, lane l covers banks
 * 2 l s and 2 l s + 1, so gcd(s, 16) distinct words per bank, twice.
 * 16-byte: per quarter-warp, 4 banks from 4 l s: gcd(s, 8), four times.
 */
static const unsigned want_w4[34] = {
	0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16,
	1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32, 1,
};
static const unsigned want_w8[34] = {
	0, 2, 4, 2, 8, 2, 4, 2, 16, 2, 4, 2, 8, 2, 4, 2, 32,
	2, 4, 2, 8, 2, 4, 2, 16, 2, 4, 2, 8, 2, 4, 2, 32, 2,
};
static const unsigned want_w16[34] = {
	0, 4, 8, 4, 16, 4, 8, 4, 32, 4, 8, 4, 16, 4, 8, 4, 32,
	4, 8, 4, 16, 4, 8, 4, 32, 4, 8, 4, 16, 4, 8, 4, 32, 4,
};

static unsigned gcd(unsigned a, unsigned b)
{
	while (b) {
		unsigned t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static struct bank_prediction pred(enum bank_pattern pat, unsigned width, uint64_t stride)
{
	struct bank_config c = { .pattern = pat, .op = BANK_LOAD, .stride = stride, .width = width };
	struct bank_prediction p = { 0 };

	if (bank_predict(&c, &p))
		diag("config refused");
	return p;
}

static void strides(unsigned width, const unsigned *want)
{
	unsigned phases = width / 4, lanes = 32 / phases, bad = 0;

	for (unsigned s = 1; s <= 33; s++) {
		struct bank_prediction p = pred(BANK_STRIDE, width, s);
		if (p.wavefronts != want[s] || p.ways * phases != want[s]) {
			bad++;
			diag("width %u stride %u: %g wavefronts, %u ways; want %u",
			     width, s, p.wavefronts, p.ways, want[s]);
		}
	}
	ok(!bad, "width %u: strides 1-33 by hand", width);
	bad = 0;
	for (unsigned s = 1; s <= 64; s++) {
		struct bank_prediction p = pred(BANK_STRIDE, width, s);
		unsigned ways = gcd(s, lanes);  /* lanes per phase */
		if (p.ways != ways || p.wavefronts != ways * phases ||
		    p.ideal != phases || p.conflicts != (ways - 1.0) * phases) {
			bad++;
			diag("width %u stride %u: ways %u wavefronts %g; want %u, %u",
			     width, s, p.ways, p.wavefronts, ways, ways * phases);
		}
	}
	ok(!bad, "width %u: strides 1-64 follow gcd(stride, lanes per phase)", width);
	is_int(pred(BANK_STRIDE, width, 64).wavefronts, 32, "width %u stride 64: 32 wavefronts", width);
}

static void generic(void)
{
	uint32_t a[32];
	struct bank_access r;

	for (int l = 0; l < 32; l++)
		a[l] = 4 * l;
	bank_access(a, 0, 4, &r);
	is_int(r.wavefronts, 0, "no active lane: no wavefront");
	bank_access(a, 1, 4, &r);
	is_int(r.wavefronts, 1, "one lane: one wavefront");
	for (int l = 0; l < 32; l++)
		a[l] = 128 * l;
	bank_access(a, 0xffffffffu, 4, &r);
	is_int(r.ways, 32, "32 words in bank 0: 32-way");
	bank_access(a, 0x0000000fu, 4, &r);
	is_int(r.ways, 4, "only 4 of those lanes active: 4-way");
	bank_access(a, 0x11111111u, 4, &r);
	is_int(r.ways, 8, "every 4th lane active: 8-way");
	/* Two lanes on one word, two on another word of the same bank. */
	a[0] = a[1] = 0;
	a[2] = a[3] = 128;
	bank_access(a, 0xfu, 4, &r);
	is_int(r.ways, 2, "two words in a bank, each read twice: 2-way");

	/* 8-byte: the two half-warps are separate phases. */
	for (int l = 0; l < 32; l++)
		a[l] = 8 * l;
	bank_access(a, 0xffffffffu, 8, &r);
	ok(r.ways == 1 && r.wavefronts == 2, "8-byte consecutive: 2 wavefronts, no conflict");
	bank_access(a, 0x0000ffffu, 8, &r);
	is_int(r.wavefronts, 1, "8-byte, first half-warp only: 1 wavefront");
	/* Lanes 0 and 16 in one bank: not a conflict, they are in different phases. */
	for (int l = 0; l < 32; l++)
		a[l] = (l % 16) * 8 + (l / 16) * 128;
	bank_access(a, 0xffffffffu, 8, &r);
	ok(r.ways == 1 && r.wavefronts == 2, "8-byte, halves on the same banks: 2 wavefronts");
	/* Lanes 0 and 8 in one bank within one half-warp: conflict. */
	for (int l = 0; l < 32; l++)
		a[l] = (l % 8) * 8 + (l / 8) * 128;
	bank_access(a, 0xffffffffu, 8, &r);
	ok(r.ways == 2 && r.wavefronts == 4, "8-byte, two lines per half-warp: 2-way, 4 wavefronts");
	/* 16-byte: quarter-warps. */
	for (int l = 0; l < 32; l++)
		a[l] = 16 * l;
	bank_access(a, 0xffffffffu, 16, &r);
	ok(r.ways == 1 && r.wavefronts == 4, "16-byte consecutive: 4 wavefronts, no conflict");
	for (int l = 0; l < 32; l++)
		a[l] = 0;
	bank_access(a, 0xffffffffu, 16, &r);
	ok(r.ways == 1 && r.wavefronts == 4, "16-byte broadcast: one word set per quarter, 4 wavefronts");
	bank_access(a, 0xffffffffu, 12, &r);
	is_int(r.wavefronts, 0, "width 12: nothing");
}

static void broadcast_and_tiles(void)
{
	struct bank_prediction p;

	p = pred(BANK_BROADCAST, 4, 0);
	ok(p.ways == 1 && p.wavefronts == 1 && p.conflicts == 0, "broadcast: 1 wavefront");
	p = pred(BANK_MULTICAST, 4, 0);
	ok(p.ways == 1 && p.wavefronts == 1, "multicast (4 lanes per word): 1 wavefront");
	p = pred(BANK_MULTICAST_CONFLICT, 4, 0);
	ok(p.ways == 4 && p.wavefronts == 4 && p.conflicts == 3,
	   "multicast of 4 words in one bank: 4-way");
	p = pred(BANK_BROADCAST, 8, 0);
	ok(p.ways == 1 && p.wavefronts == 2, "8-byte broadcast: 2 wavefronts (ideal)");
	p = pred(BANK_MULTICAST, 16, 0);
	ok(p.ways == 1 && p.wavefronts == 4, "16-byte multicast: 4 wavefronts (ideal)");
	p = pred(BANK_MULTICAST_CONFLICT, 8, 0);
	ok(p.ways == 4 && p.wavefronts == 8, "8-byte multicast conflict: 4-way, 8 wavefronts");
	p = pred(BANK_MULTICAST_CONFLICT, 16, 0);
	ok(p.ways == 4 && p.wavefronts == 16, "16-byte multicast conflict: 4-way, 16 wavefronts");

	/* 32x32 tile read by column: every row's word c sits in bank c. */
	p = pred(BANK_TR_UNPADDED, 4, 0);
	ok(p.ways == 32 && p.wavefronts == 32 && p.conflicts == 31, "unpadded tile: 32-way");
	p = pred(BANK_TR_PADDED, 4, 0);
	ok(p.ways == 1 && p.wavefronts == 1, "padded tile (33 columns): conflict-free");
	p = pred(BANK_TR_SWIZZLED, 4, 0);
	ok(p.ways == 1 && p.wavefronts == 1, "XOR-swizzled tile: conflict-free");
	p = pred(BANK_TR_UNPADDED, 8, 0);
	ok(p.ways == 16 && p.wavefronts == 32, "unpadded 8-byte tile: 16-way per half, 32 wavefronts");
	p = pred(BANK_TR_PADDED, 8, 0);
	ok(p.ways == 1 && p.wavefronts == 2, "padded 8-byte tile: 2 wavefronts");
	p = pred(BANK_TR_SWIZZLED, 8, 0);
	ok(p.ways == 1 && p.wavefronts == 2, "swizzled 8-byte tile: 2 wavefronts");
	p = pred(BANK_TR_UNPADDED, 16, 0);
	ok(p.ways == 8 && p.wavefronts == 32, "unpadded 16-byte tile: 8-way per quarter, 32 wavefronts");
	p = pred(BANK_TR_PADDED, 16, 0);
	ok(p.ways == 1 && p.wavefronts == 4, "padded 16-byte tile: 4 wavefronts");
	p = pred(BANK_TR_SWIZZLED, 16, 0);
	ok(p.ways == 1 && p.wavefronts == 4, "swizzled 16-byte tile: 4 wavefronts");
}

static void addresses(void)
{
	struct bank_config c = { .pattern = BANK_STRIDE, .op = BANK_LOAD, .stride = 3, .width = 4 };
	uint32_t a[32], b[32];
	unsigned inside = 1;

	is_int(bank_addresses(&c, 0, a), 0, "addresses for stride 3");
	ok(a[0] == 0 && a[1] == 12 && a[31] == 372, "lane l at 12 l bytes");
	bank_addresses(&c, 5, b);
	ok(b[0] == 640 && b[1] == 652, "access 5 moved by 5 x 128 bytes");
	is_int(bank_addresses(&c, BANK_UNROLL, a), -1, "access past the unroll refused");
	c.stride = 0;
	is_int(bank_addresses(&c, 0, a), -1, "stride 0 refused");
	c.stride = 1, c.width = 2;
	is_int(bank_addresses(&c, 0, a), -1, "width 2 refused");

	/* Huge strides wrap inside the buffer; the model sees the wrapped addresses. */
	c = (struct bank_config){ .pattern = BANK_STRIDE, .op = BANK_LOAD, .stride = 1u << 20, .width = 16 };
	for (unsigned u = 0; u < BANK_UNROLL; u++) {
		bank_addresses(&c, u, a);
		for (int l = 0; l < 32; l++)
			inside &= a[l] + 16 <= BANK_BUF_BYTES && a[l] % 16 == 0;
	}
	ok(inside, "stride 2^20 x 16 bytes stays inside the buffer, aligned");
	c.stride = 1024, c.width = 4;  /* 4 KiB apart: 8 distinct words, each read by 4 lanes */
	is_int(pred(BANK_STRIDE, 4, 1024).ways, 8, "stride 1024 wraps at 32 KiB: 8-way");
	c.width = 16;
	c.stride = 64;  /* 31 x 64 x 16 + 16 = 32 KiB exactly: no wrap */
	bank_addresses(&c, 0, a);
	is_int(a[31], 31 * 64 * 16, "stride 64 of 16 bytes fits without wrapping");

	for (int pat = BANK_TR_UNPADDED; pat <= BANK_TR_SWIZZLED; pat++) {
		struct bank_config t = { .pattern = pat, .op = BANK_STORE, .width = 16 };
		unsigned fits = 1;
		for (unsigned u = 0; u < BANK_UNROLL; u++) {
			bank_addresses(&t, u, a);
			for (int l = 0; l < 32; l++)
				fits &= a[l] + 16 <= BANK_BUF_BYTES;
		}
		ok(fits, "%s 16-byte tile fits the buffer", bank_pattern_name(pat));
	}
}

static void names(void)
{
	struct bank_config c = { .pattern = BANK_TR_PADDED, .width = 4 };

	is_str(bank_pattern_name(BANK_STRIDE), "stride", "name stride");
	is_str(bank_pattern_name(BANK_TR_SWIZZLED), "transpose-swizzled", "name swizzled");
	ok(bank_pattern_name(BANK_NPATTERNS) == NULL, "no name past the end");
	is_str(bank_op_name(BANK_STORE), "store", "op store");
	ok(bank_op_name(BANK_NOPS) == NULL, "no op name past the end");
	is_int(bank_lanes_per_phase(8), 16, "8-byte: half-warps");
	is_int(bank_lanes_per_phase(16), 8, "16-byte: quarter-warps");
	is_int(bank_lanes_per_phase(3), 0, "width 3: none");
	is_int(bank_row_stride(&c), 33, "padded tile's row pitch 33");
	c.pattern = BANK_MULTICAST;
	is_int(bank_row_stride(&c), -1, "multicast has no stride");
	c.pattern = BANK_BROADCAST;
	is_int(bank_row_stride(&c), 0, "broadcast stride 0");
}

/*
 * The probe's addresses for the patterns whose accesses move by lines
 * (4-byte words: a line is 32 elements, 128 bytes): broadcast, all lanes
 * on one word of line u; multicast, four lanes a word; its conflicting
 * form, lanes 4 lines apart in groups of four.
 */
static void pattern_addresses(void)
{
	struct bank_config c = { .pattern = BANK_BROADCAST, .op = BANK_LOAD, .width = 4, .stride = 1 };
	uint32_t addr[BANK_WARP];

	is_int(bank_addresses(&c, 2, addr), 0, "broadcast, access 2");
	ok(addr[0] == 256 && addr[31] == 256, "broadcast access 2: every lane at byte 256 (line 2)");
	c.pattern = BANK_MULTICAST;
	bank_addresses(&c, 1, addr);
	is_int(addr[9], (9 / 4 + 32) * 4, "multicast access 1, lane 9: element 2 of line 1, byte 136");
	c.pattern = BANK_MULTICAST_CONFLICT;
	bank_addresses(&c, 1, addr);
	is_int(addr[6], (2 * 32 + 1 * 4 * 32) * 4, "multicast-conflict access 1, lane 6: byte 768");
	is_int(addr[4], (0 * 32 + 4 * 32) * 4, "  lane 4: byte 512");
	/* a 32 x 32 tile of 4-byte words read down column 3: row l at l x 32 (33 padded) + 3 */
	c.pattern = BANK_TR_UNPADDED;
	bank_addresses(&c, 3, addr);
	is_int(addr[5], (5 * 32 + 3) * 4, "unpadded tile, column 3, lane 5: byte 652");
	c.pattern = BANK_TR_PADDED;
	bank_addresses(&c, 3, addr);
	is_int(addr[5], (5 * 33 + 3) * 4, "padded tile, column 3, lane 5: byte 672");
	c.pattern = BANK_TR_SWIZZLED;
	bank_addresses(&c, 3, addr);
	is_int(addr[5], (5 * 32 + (3 ^ 5)) * 4, "swizzled tile, column 3 xor 5, lane 5: byte 664");
}

/* A wide access's later words: lane 0 at byte 0 and lane 1 at byte 132 share bank 1. */
static void wide_words(void)
{
	uint32_t addr[BANK_WARP] = { 0 };
	struct bank_access a;

	for (unsigned l = 0; l < BANK_WARP; l++)
		addr[l] = l == 1 ? 132 : 0;
	/* 8 bytes: lane 0 reads words 0 and 1, lane 1 words 33 and 34: bank 1 holds 1 and 33 */
	bank_access(addr, 0x3u, 8, &a);
	is_int(a.ways, 2, "8-byte lanes at bytes 0 and 132: 2-way in bank 1");
	bank_access(addr, 0x3u, 3, &a);
	ok(a.ways == 0 && a.wavefronts == 0, "a width of 3: nothing");
	{
		struct bank_config c = { .pattern = BANK_STRIDE, .op = BANK_LOAD, .width = 4, .stride = 1 };
		struct bank_prediction p;

		is_int(bank_predict(&c, &p), 0, "a stride-1 load: predicted (0)");
		c.op = BANK_NOPS;
		is_int(bank_predict(&c, &p), -1, "an op past the last: refused (-1)");
		c.op = BANK_LOAD;
		c.pattern = BANK_NPATTERNS;
		is_int(bank_predict(&c, &p), -1, "a pattern past the last: refused");
		c.pattern = BANK_STRIDE;
		c.stride = 0;
		is_int(bank_predict(&c, &p), -1, "stride 0: refused");
		c.stride = 1;
		c.width = 12;
		is_int(bank_predict(&c, &p), -1, "a width of 12: refused");
	}
}

int main(void)
{
	strides(4, want_w4);
	strides(8, want_w8);
	strides(16, want_w16);
	generic();
	broadcast_and_tiles();
	addresses();
	names();
	wide_words();
	pattern_addresses();
	return done_testing();
}
