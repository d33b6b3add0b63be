/*
 * libFuzzer target for the line-table reader (occupancy/lines.c), which
 * reads a cubin's sections through occupancy/cubin.c.
 *
 *   make build/fuzz/lines-fuzz
 *   build/fuzz/lines-fuzz -max_len=65536 build/fuzz/corpus-lines tests/fuzz/corpus-lines
 *
 * The seeds are tests/fixtures/lines/rows.cu's kernels built with and
 * without -lineinfo.  Both kernels are asked for; any crash, leak, hang or
 * sanitizer report is a bug, and so are rows that overlap, that lines_at
 * does not find, or an error without a message.
 */
#include <stddef.h>
#include <stdint.h>
#include "occupancy/lines.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void one(const uint8_t *data, size_t size, const char *function)
{
	struct line_table t = { 0 };
	char err[256];
	int rc = lines_read(data, size, function, &t, err, sizeof(err));

	if (rc != LINES_OK && (!err[0] || t.n))
		__builtin_trap();
	for (size_t i = 0; i < t.n; i++) {
		const struct line_row *r = &t.rows[i];
		if (r->end <= r->offset || (i && r->offset < t.rows[i - 1].end) ||
		    lines_at(&t, r->offset) != r || lines_at(&t, r->end - 1) != r)
			__builtin_trap();
		if (r->file >= 0 && !lines_file(&t, r))
			__builtin_trap();
	}
	lines_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	one(data, size, "_Z8sum_rowsPKfPfii");
	one(data, size, "_Z5scalePffi");
	return 0;
}
