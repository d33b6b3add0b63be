/* The coalescing model against sector counts worked out by hand. */
#include "model/coalesce.h"
#include "tests/unit/unit.h"

/*
 * Offset sweep, offsets 0-32 (elements of the width).  A warp spans
 * 32 x width bytes: 4, 8 or 16 sectors when it starts on a sector
 * boundary (offset x width a multiple of 32), one more when it does not.
 */
static const unsigned offset_w4[33] = {
	4, 5, 5, 5, 5, 5, 5, 5,  4, 5, 5, 5, 5, 5, 5, 5,
	4, 5, 5, 5, 5, 5, 5, 5,  4, 5, 5, 5, 5, 5, 5, 5,  4,
};
static const unsigned offset_w8[33] = {
	8, 9, 9, 9,  8, 9, 9, 9,  8, 9, 9, 9,  8, 9, 9, 9,
	8, 9, 9, 9,  8, 9, 9, 9,  8, 9, 9, 9,  8, 9, 9, 9,  8,
};
static const unsigned offset_w16[33] = {
	16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17,
	16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16, 17, 16,
};

/*
 * Stride sweep, strides 1-64.  Lanes sit stride x width bytes apart; while
 * that gap is below 32 bytes no sector in the warp's span is skipped, so
 * the count is the span's sectors (4-byte: 4, 8, 12, 16, 20, 24, 28 for
 * strides 1-7); from a 32-byte gap on every lane has its own sector (32).
 */
static const unsigned stride_w4[65] = {
	0,  4,  8, 12, 16, 20, 24, 28, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
};
static const unsigned stride_w8[65] = {
	0,  8, 16, 24, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
};
static const unsigned stride_w16[65] = {
	0, 16, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
	32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
};

static void sweeps(unsigned w, const unsigned *off, const unsigned *str)
{
	unsigned bad = 0;

	for (unsigned o = 0; o <= 32; o++)
		if (coal_sectors_strided(o, 1, w) != off[o]) {
			bad++;
			diag("width %u offset %u: got %u, want %u", w, o,
			     coal_sectors_strided(o, 1, w), off[o]);
		}
	ok(!bad, "width %u: offsets 0-32", w);
	bad = 0;
	for (unsigned s = 1; s <= 64; s++)
		if (coal_sectors_strided(0, s, w) != str[s]) {
			bad++;
			diag("width %u stride %u: got %u, want %u", w, s,
			     coal_sectors_strided(0, s, w), str[s]);
		}
	ok(!bad, "width %u: strides 1-64", w);
}

static void generic(void)
{
	uint64_t a[32];

	is_int(coal_sectors(a, 0, 4), 0, "no lane, no sector");
	a[0] = 100;
	is_int(coal_sectors(a, 1, 4), 1, "one lane, one sector");
	for (int l = 0; l < 32; l++)
		a[l] = 4096;
	is_int(coal_sectors(a, 32, 4), 1, "every lane one word: one sector");
	for (int l = 0; l < 32; l++)
		a[l] = (uint64_t)(31 - l) * 4;
	is_int(coal_sectors(a, 32, 4), 4, "lanes permuted inside 128 bytes: 4 sectors");
	for (int l = 0; l < 32; l++)
		a[l] = (uint64_t)(l % 2) * 28;
	is_int(coal_sectors(a, 32, 4), 1, "bytes 0 and 28: one sector");
	a[0] = 0, a[1] = 32;
	is_int(coal_sectors(a, 2, 16), 2, "16-byte accesses at 0 and 32: two sectors");
	a[0] = 0, a[1] = 16;
	is_int(coal_sectors(a, 2, 16), 1, "16-byte accesses at 0 and 16: one sector");
}

static void large_and_mixed(void)
{
	unsigned widths[] = { 4, 8, 16 };
	uint64_t big[] = { 65, 100, 1000, 4096, 1u << 20, 1ull << 30 };

	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < sizeof(big) / sizeof(big[0]); j++)
			is_int(coal_sectors_strided(0, big[j], widths[i]), 32,
			       "width %u stride %llu: a sector per lane",
			       widths[i], (unsigned long long)big[j]);
	/* Offset 1, stride 2, 4 bytes: bytes 4, 12, ..., 252: sectors 0-7. */
	is_int(coal_sectors_strided(1, 2, 4), 8, "offset 1 stride 2 width 4: 8");
	/* Offset 3, stride 3, 8 bytes: bytes 24 + 24l, up to 768: sectors 0-24, 25 of them. */
	is_int(coal_sectors_strided(3, 3, 8), 25, "offset 3 stride 3 width 8: 25");
	/* Offset 7 (28 bytes), stride 8: every lane at 28 + 32l. */
	is_int(coal_sectors_strided(7, 8, 4), 32, "offset 7 stride 8 width 4: 32");
	/* A 4 GiB offset changes nothing but the base. */
	is_int(coal_sectors_strided(1ull << 30, 1, 4), 4, "offset 2^30 width 4: aligned");
	is_int(coal_sectors_strided((1ull << 30) + 1, 1, 4), 5, "offset 2^30+1 width 4: 5");
}

static void predict(void)
{
	struct coal_config c = { .pattern = COAL_OFFSET, .op = COAL_COPY, .stride = 1, .width = 4 };
	struct coal_prediction p;

	c.offset = 1;
	is_int(coal_predict(&c, &p), 0, "offset config accepted");
	is_dbl(p.ld_sectors, 5, 0, "offset 1 copy: 5 load sectors");
	is_dbl(p.st_sectors, 5, 0, "offset 1 copy: 5 store sectors");
	is_dbl(p.ld_ideal, 4, 0, "ideal 4");
	c.op = COAL_LOAD;
	coal_predict(&c, &p);
	is_dbl(p.st_sectors, 0, 0, "load-only: no store prediction");
	c.op = COAL_STORE;
	coal_predict(&c, &p);
	is_dbl(p.ld_sectors, 0, 0, "store-only: no load prediction");
	is_dbl(p.st_sectors, 5, 0, "store-only: 5 store sectors");

	c = (struct coal_config){ .pattern = COAL_STRIDE, .op = COAL_COPY, .stride = 0, .width = 4 };
	is_int(coal_predict(&c, &p), -1, "stride 0 refused");
	c.stride = 2, c.width = 12;
	is_int(coal_predict(&c, &p), -1, "width 12 refused");

	/* float3: fields 12 bytes apart span 384 bytes = 12 sectors each. */
	c = (struct coal_config){ .pattern = COAL_AOS_DIRECT, .op = COAL_COPY, .width = 4 };
	coal_predict(&c, &p);
	is_dbl(p.ld_sectors, 12, 0, "float3 AoS: 12 sectors per load");
	is_dbl(p.st_sectors, 12, 0, "float3 AoS: 12 sectors per store");
	is_dbl(coal_efficiency_pct(4, p.ld_sectors), 100.0 / 3, 1e-9, "float3 AoS: 33 %%");
	c.width = 8;
	coal_predict(&c, &p);
	is_dbl(p.ld_sectors, 24, 0, "double3 AoS: 24 sectors (768 bytes)");
	c.width = 16;
	coal_predict(&c, &p);
	is_dbl(p.ld_sectors, 32, 0, "48-byte structs: a sector per lane");
	c.pattern = COAL_AOS_STAGED, c.width = 4;
	coal_predict(&c, &p);
	is_dbl(p.ld_sectors, 4, 0, "AoS staged: coalesced loads");
	c.pattern = COAL_SOA;
	coal_predict(&c, &p);
	is_dbl(p.st_sectors, 4, 0, "SoA: coalesced stores");

	c = (struct coal_config){ .pattern = COAL_TR_NAIVE, .op = COAL_COPY, .width = 4, .pitch = 16384 };
	coal_predict(&c, &p);
	is_dbl(p.ld_sectors, 4, 0, "naive transpose: rows read coalesced");
	is_dbl(p.st_sectors, 32, 0, "naive transpose: column written, 32 sectors");
	c.pitch = 4;  /* rows 16 bytes apart: two per sector */
	coal_predict(&c, &p);
	is_dbl(p.st_sectors, 16, 0, "pitch 4: two rows per sector");
	for (int pat = COAL_TR_COPY; pat <= COAL_TR_MULTI; pat++) {
		if (pat == COAL_TR_NAIVE)
			continue;
		c = (struct coal_config){ .pattern = pat, .op = COAL_COPY, .width = 8 };
		coal_predict(&c, &p);
		ok(p.ld_sectors == 8 && p.st_sectors == 8, "%s width 8: 8 and 8",
		   coal_pattern_name(pat));
	}
}

static void names(void)
{
	is_str(coal_pattern_name(COAL_OFFSET), "offset", "name offset");
	is_str(coal_pattern_name(COAL_TR_MULTI), "transpose-multi", "name transpose-multi");
	ok(coal_pattern_name(COAL_NPATTERNS) == NULL, "no name past the end");
	is_str(coal_op_name(COAL_COPY), "copy", "op copy");
	ok(coal_width_ok(4) && coal_width_ok(8) && coal_width_ok(16), "widths 4 8 16");
	ok(!coal_width_ok(0) && !coal_width_ok(2) && !coal_width_ok(32), "widths 0 2 32 refused");
	is_int(coal_ideal_sectors(4), 4, "ideal 4-byte");
	is_int(coal_ideal_sectors(16), 16, "ideal 16-byte");
	is_dbl(coal_efficiency_pct(4, 32), 12.5, 1e-12, "lone 4-byte accesses: 12.5 %%");
	is_dbl(coal_efficiency_pct(16, 17), 100.0 * 16 / 17, 1e-12, "misaligned 16-byte");
}

/* Refusals, and the ideal of a direction that moves nothing. */
static void edges(void)
{
	struct coal_config c = { .pattern = COAL_OFFSET, .op = COAL_NOPS, .stride = 1, .width = 4 };
	struct coal_prediction p = { 0 };

	ok(coal_op_name(COAL_NOPS) == NULL, "no op name past the end");
	is_int(coal_predict(&c, &p), -1, "an op past the last refused");
	c.op = COAL_COPY, c.pattern = COAL_NPATTERNS;
	is_int(coal_predict(&c, &p), -1, "a pattern past the last refused");
	/* one direction only: 4 sectors (128 B) ideal there, none the other way */
	c = (struct coal_config){ .pattern = COAL_STRIDE, .op = COAL_STORE, .stride = 1, .width = 4 };
	is_int(coal_predict(&c, &p), 0, "store-only stride 1 accepted");
	is_dbl(p.ld_ideal, 0, 0, "store-only: no ideal load");
	is_dbl(p.st_ideal, 4, 0, "store-only: ideal 4 store sectors");
	c.op = COAL_LOAD;
	coal_predict(&c, &p);
	is_dbl(p.ld_ideal, 4, 0, "load-only: ideal 4 load sectors");
	is_dbl(p.st_ideal, 0, 0, "load-only: no ideal store");
	is_dbl(coal_efficiency_pct(4, 0), 0, 0, "no sector: 0 %%, not a division by zero");
	/* measured sectors are means: half a sector a request is 8 x the bytes a 4-byte warp asks */
	is_dbl(coal_efficiency_pct(4, 0.5), 800, 1e-9, "0.5 sectors a request: 128 B over 16 B, 800 %%");
}

int main(void)
{
	sweeps(4, offset_w4, stride_w4);
	sweeps(8, offset_w8, stride_w8);
	sweeps(16, offset_w16, stride_w16);
	generic();
	large_and_mixed();
	predict();
	names();
	edges();
	return done_testing();
}
