/* The coalescing probe's launch geometry: what fits a buffer, worked out by hand. */
#include "probes/coalesce.h"
#include "tests/unit/unit.h"

static int plan(enum coal_pattern pat, enum coal_op op, uint64_t off, uint64_t stride,
		unsigned w, uint64_t size, struct coal_plan *p)
{
	struct coal_config c = { pat, op, off, stride, w, 0 };
	return coal_plan(&c, size, p);
}

int main(void)
{
	const uint64_t GiB = 1ull << 30, MiB = 1ull << 20;
	struct coal_plan p;

	/* 1 GiB of 4-byte elements: 2^28 of them, whole blocks of 1024 accesses. */
	is_int(plan(COAL_OFFSET, COAL_COPY, 0, 1, 4, GiB, &p), 0, "offset 0 fits");
	is_int(p.accesses, 1u << 28, "offset 0: every element");
	is_dbl(p.bytes_requested, 2.0 * GiB, 0, "copy: read + written");
	is_int(p.span_bytes, GiB, "offset 0 spans the buffer");
	plan(COAL_OFFSET, COAL_COPY, 1, 1, 4, GiB, &p);
	is_int(p.accesses, (1u << 28) - 1024, "offset 1: one block fewer");
	is_int(p.span_bytes, 4 + ((1ull << 28) - 1024) * 4, "offset 1 span");
	plan(COAL_OFFSET, COAL_LOAD, 32, 1, 4, GiB, &p);
	is_dbl(p.bytes_requested, ((1u << 28) - 1024) * 4.0, 0, "load-only counts reads only");

	/* Stride s walks the buffer once: (2^28 - 1) / s + 1 accesses, rounded to blocks. */
	plan(COAL_STRIDE, COAL_COPY, 0, 32, 4, GiB, &p);
	is_int(p.accesses, 1u << 23, "stride 32: 2^23 accesses");
	ok(p.span_bytes <= GiB, "stride 32 stays inside");
	plan(COAL_STRIDE, COAL_COPY, 0, 3, 16, GiB, &p);
	is_int(p.accesses, 22369622 - 22369622 % 1024, "stride 3 of 16 bytes: (2^26 - 1) / 3 + 1, in blocks");
	ok(p.span_bytes <= GiB, "stride 3 of 16 bytes stays inside");

	/* Overruns: fewer than 65536 accesses. */
	is_int(plan(COAL_STRIDE, COAL_COPY, 0, 1000, 4, 64 * MiB, &p), -1, "64 MiB at stride 1000 refused");
	is_int(plan(COAL_STRIDE, COAL_COPY, 0, 256, 4, 64 * MiB, &p), 0, "64 MiB at stride 256 fits");
	is_int(p.accesses, 65536, "exactly the minimum");
	is_int(plan(COAL_STRIDE, COAL_COPY, 0, 257, 4, 64 * MiB, &p), -1, "stride 257: just under");
	is_int(plan(COAL_OFFSET, COAL_COPY, 1u << 28, 1, 4, GiB, &p), -1, "offset past the end refused");
	is_int(plan(COAL_OFFSET, COAL_COPY, (1u << 28) - 65536, 1, 4, GiB, &p), 0,
	       "offset leaving exactly 65536 elements fits");
	is_int(plan(COAL_OFFSET, COAL_COPY, (1u << 28) - 65535, 1, 4, GiB, &p), -1,
	       "one element fewer does not");
	is_int(plan(COAL_STRIDE, COAL_COPY, 0, 0, 4, GiB, &p), -1, "stride 0 refused");
	is_int(plan(COAL_STRIDE, COAL_COPY, 0, 1, 12, GiB, &p), -1, "width 12 refused");

	/* AoS: size / (3 x width) structs, whole blocks of 256. */
	plan(COAL_AOS_DIRECT, COAL_COPY, 0, 1, 4, GiB, &p);
	is_int(p.accesses, 3ull * (89478485 - 89478485 % 256), "float3 structs in 1 GiB");
	is_dbl(p.bytes_requested, 2.0 * p.accesses * 4, 0, "AoS bytes: every field read and written");

	/* Transpose: the largest square, side a multiple of 32. */
	plan(COAL_TR_NAIVE, COAL_COPY, 0, 1, 4, GiB, &p);
	is_int(p.pitch, 16384, "1 GiB of floats: 16384 x 16384");
	plan(COAL_TR_PADDED, COAL_COPY, 0, 1, 16, GiB, &p);
	is_int(p.pitch, 8192, "1 GiB of 16-byte elements: 8192 x 8192");
	plan(COAL_TR_COPY, COAL_COPY, 0, 1, 4, 100 * MiB, &p);
	is_int(p.pitch, 5120 - 5120 % 32, "100 MiB: floor(sqrt(26214400)) = 5120");
	is_int(plan(COAL_TR_COPY, COAL_COPY, 0, 1, 16, 32768, &p), -1, "45 x 45 matrix refused");
	return done_testing();
}
