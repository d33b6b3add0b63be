/*
 * The line-table reader (occupancy/lines.c) on the seed cubins of
 * tests/fuzz/corpus-lines (tests/fixtures/lines/rows.cu built with and
 * without -lineinfo): every instruction's line against nvdisasm
 * --print-line-info's, recorded in tests/fixtures/lines/rows-sm90.nvdisasm;
 * then malformed tables (a cut section, bad opcodes, a bad header, byte
 * flips) refused with a message, never a crash; the ASan pass runs it too.
 * Run from the source tree (tests/run.sh does).
 */
#include <stdint.h>
#include <stdlib.h>
#include "occupancy/cubin.h"
#include "occupancy/lines.h"
#include "tests/unit/unit.h"

#define SEEDS "tests/fuzz/corpus-lines/"
#define SUM "_Z8sum_rowsPKfPfii"
#define SCALE "_Z5scalePffi"
#define DW_LNS_SET_FILE 4     /* DWARF 4, 7.21 */
#define DW_LNS_SET_COLUMN 5

static unsigned char *load(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = malloc(1 << 20);

	*n = f && buf ? fread(buf, 1, 1 << 20, f) : 0;
	if (f)
		fclose(f);
	return buf;
}

/* Rows sorted, apart, each found at its own offset and naming a file or none. */
static int well_formed(const struct line_table *t)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct line_row *r = &t->rows[i];
		const char *file = lines_file(t, r);
		if (r->end <= r->offset || (i && r->offset < t->rows[i - 1].end) ||
		    lines_at(t, r->offset) != r || lines_at(t, r->end - 1) != r || (file && !*file))
			return 0;
	}
	return 1;
}

/* Each "FUNCTION OFFSET FILE LINE" of the nvdisasm record against the reader. */
static void matches_nvdisasm(const unsigned char *buf, size_t n)
{
	struct line_table sum = { 0 }, scale = { 0 };
	char err[256], fn[64], file[256], line[16];
	unsigned long long off, last_scale = 0;
	int checked = 0, wrong = 0;
	FILE *ref = fopen("tests/fixtures/lines/rows-sm90.nvdisasm", "r");

	is_int(lines_read(buf, n, SUM, &sum, err, sizeof(err)), LINES_OK, "sm_90: sum_rows's rows (%s)", err);
	is_int(lines_read(buf, n, SCALE, &scale, err, sizeof(err)), LINES_OK, "sm_90: scale's rows (%s)", err);
	ok(ref != NULL, "the nvdisasm record opens");
	while (ref && fscanf(ref, "%63s %llx %255s %15s", fn, &off, file, line) == 4) {
		int is_sum = !strcmp(fn, SUM);
		const struct line_table *t = is_sum ? &sum : &scale;
		const struct line_row *r = lines_at(t, off);
		const char *got = r ? lines_file(t, r) : NULL;

		last_scale = is_sum ? last_scale : off;
		checked++;
		if (!r || !got || strcmp(got, file) || r->line != strtoul(line, NULL, 10)) {
			if (wrong++ < 5)
				diag("%s +0x%llx: nvdisasm %s:%s, reader %s:%u", fn, off, file, line,
				     got ? got : "-", r ? r->line : 0);
		}
	}
	if (ref)
		fclose(ref);
	is_int(checked, 200, "nvdisasm annotates 200 instructions of the two kernels");
	is_int(wrong, 0, "the reader gives nvdisasm's file and line at each of them");
	ok(lines_at(&scale, last_scale + 16) == NULL, "no row past scale's last instruction");
	ok(well_formed(&sum) && well_formed(&scale), "rows sorted, apart, each found at its offsets");
	lines_free(&sum);
	lines_free(&scale);
}

static void seeds(void)
{
	struct line_table t = { 0 };
	const struct line_row *r;
	unsigned char *buf;
	char err[256];
	size_t n;

	buf = load(SEEDS "rows-sm90.cubin", &n);
	ok(n > 0, "the sm_90 seed reads");
	matches_nvdisasm(buf, n);
	is_int(lines_read(buf, n, "_Z6absentv", &t, err, sizeof(err)), LINES_NONE, "an absent kernel: no rows");
	ok(strstr(err, "no rows for _Z6absentv") != NULL, "and says so: %s", err);
	lines_free(&t);
	free(buf);

	/* sm_75's REL relocations: the function's start is the addend in place */
	buf = load(SEEDS "rows-sm75.cubin", &n);
	is_int(lines_read(buf, n, SUM, &t, err, sizeof(err)), LINES_OK, "sm_75: sum_rows's rows (%s)", err);
	r = lines_at(&t, 0);
	ok(r && r->line == 13 && strstr(lines_file(&t, r), "/rows.cu"),
	   "sm_75: offset 0 is rows.cu line 13, the kernel's first line (__global__ void sum_rows)");
	lines_free(&t);
	free(buf);

	buf = load(SEEDS "rows-nolines.cubin", &n);
	is_int(lines_read(buf, n, SUM, &t, err, sizeof(err)), LINES_NONE, "without -lineinfo: no rows");
	ok(strstr(err, "built without -lineinfo") != NULL, "and says why: %s", err);
	is_int(t.n, 0, "without -lineinfo: the table is empty");
	lines_free(&t);
	free(buf);
}

/* Where .debug_line lies in the seed: its bytes and its section header's size field. */
struct where {
	size_t at, size, size_field;
};

static struct where find_debug_line(const unsigned char *buf, size_t n)
{
	struct cubin_section *sec;
	struct where w = { 0 };
	char err[256];
	size_t nsec;

	if (cubin_sections(buf, n, &sec, &nsec, err, sizeof(err)))
		return w;
	for (size_t i = 0; i < nsec; i++)
		if (!strcmp(sec[i].name, ".debug_line")) {
			uint64_t shoff = 0;
			for (int b = 7; b >= 0; b--)
				shoff = shoff << 8 | buf[40 + b];
			w.at = (size_t)(sec[i].data - buf);
			w.size = sec[i].size;
			w.size_field = (size_t)shoff + i * (size_t)(buf[58] | buf[59] << 8) + 32;
		}
	free(sec);
	return w;
}

/* lines_read on a patched copy: LINES_BAD with want in its message. */
static void refused(const unsigned char *seed, size_t n, size_t at, unsigned char byte, const char *want,
		    const char *what)
{
	unsigned char *buf = malloc(n);
	struct line_table t = { 0 };
	char err[256];
	int rc;

	memcpy(buf, seed, n);
	buf[at] = byte;
	rc = lines_read(buf, n, SUM, &t, err, sizeof(err));
	ok(rc == LINES_BAD && strstr(err, want), "%s: refused (%s)", what, err);
	lines_free(&t);
	free(buf);
}

static void malformed(const unsigned char *seed, size_t n)
{
	struct where w = find_debug_line(seed, n);
	size_t header_length = w.size ? seed[w.at + 6] | seed[w.at + 7] << 8 : 0;
	size_t program = w.at + 10 + header_length;   /* DWARF 2: 4 + 2 + 4 bytes before the header */

	ok(w.size > 100 && seed[w.at + 4] == 2, "the seed's .debug_line: %zu bytes, DWARF 2", w.size);
	/* the program starts with DW_LNE_set_address: 00 09 02 and 8 bytes */
	ok(seed[program] == 0 && seed[program + 1] == 9 && seed[program + 2] == 2,
	   "the program starts with an 8-byte DW_LNE_set_address");
	refused(seed, n, w.at + 4, 5, "version 5", "DWARF 5");
	refused(seed, n, w.at + 13, 0, "line_range 0", "line_range 0 (a division by zero)");
	refused(seed, n, w.at + 3, 0x10, "runs past .debug_line", "a unit longer than its section");
	refused(seed, n, program + 1, 0, "length 0", "an extended opcode of length 0");
	refused(seed, n, program + 1, 4, "3-byte address", "a 3-byte DW_LNE_set_address");
	/* the last bytes end sum_rows's sequence (00 01 01): its length made 16, or the end a discriminator */
	ok(seed[w.at + w.size - 1] == 1 && seed[w.at + w.size - 3] == 0, "the table ends with end_sequence");
	refused(seed, n, w.at + w.size - 2, 16, "extended opcode of length 16", "an opcode past its unit");
	refused(seed, n, w.at + w.size - 1, 4, "has no end", "a sequence without its end");
}

/* Registers' first values (DWARF 4, 6.2.2): file 1, line 1, set by no opcode. */
static void defaults(const unsigned char *seed, size_t n)
{
	struct where w = find_debug_line(seed, n);
	size_t program = w.at + 10 + (seed[w.at + 6] | seed[w.at + 7] << 8);
	unsigned char *buf = malloc(n);
	struct line_table t = { 0 };
	const struct line_row *r;
	char err[256];

	memcpy(buf, seed, n);
	/* scale's sequence: set_address (11 bytes), then set_file 1 made set_column 1 */
	ok(buf[program + 11] == DW_LNS_SET_FILE && buf[program + 12] == 1, "scale's sequence sets file 1 first");
	buf[program + 11] = DW_LNS_SET_COLUMN;
	is_int(lines_read(buf, n, SCALE, &t, err, sizeof(err)), LINES_OK, "without its set_file: rows (%s)", err);
	r = lines_at(&t, 0);
	ok(r && lines_file(&t, r) && strstr(lines_file(&t, r), "/rows.cu"), "offset 0 in file 1, rows.cu");
	lines_free(&t);
	free(buf);
}

/* .debug_line cut to every shorter size in its section header: refused, or no rows at 0. */
static void cut_sections(const unsigned char *seed, size_t n)
{
	struct where w = find_debug_line(seed, n);
	unsigned char *buf = malloc(n);
	int wrong = 0;

	memcpy(buf, seed, n);
	for (size_t size = 0; size < w.size; size++) {
		struct line_table t = { 0 };
		char err[256];
		int rc;

		for (int b = 0; b < 8; b++)
			buf[w.size_field + b] = (unsigned char)((uint64_t)size >> (8 * b));
		rc = lines_read(buf, n, SUM, &t, err, sizeof(err));
		if (size == 0 ? rc != LINES_NONE : rc != LINES_BAD || !err[0]) {
			if (wrong++ < 3)
				diag("cut to %zu bytes: %d (%s)", size, rc, err);
		}
		lines_free(&t);
	}
	is_int(wrong, 0, "each cut of .debug_line (%zu sizes) refused with a message", w.size);
	free(buf);
}

/* Knuth's MMIX LCG, its high bits: the same flips on every machine. */
static uint64_t rng(void)
{
	static uint64_t x = 1;

	x = x * 6364136223846793005ull + 1442695040888963407ull;
	return x >> 33;
}

/* Byte flips in .debug_line: an error with a message, or well-formed rows. */
static void flips(const unsigned char *seed, size_t n)
{
	struct where w = find_debug_line(seed, n);
	unsigned char *buf = malloc(n);
	int bad = 0, refusals = 0;

	for (int i = 0; i < 4000 && w.size; i++) {
		struct line_table t = { 0 };
		char err[256];
		int rc;

		memcpy(buf, seed, n);
		for (int f = 1 + (int)(rng() % 4); f > 0; f--)
			buf[w.at + rng() % w.size] = (unsigned char)rng();
		rc = lines_read(buf, n, i % 2 ? SUM : SCALE, &t, err, sizeof(err));
		refusals += rc == LINES_BAD;
		if ((rc != LINES_OK && !err[0]) || !well_formed(&t)) {
			if (bad++ < 3)
				diag("flips %d: %d (%s), %zu rows", i, rc, err, t.n);
		}
		lines_free(&t);
	}
	is_int(bad, 0, "4000 flipped tables: each an error with a message or well-formed rows");
	ok(refusals > 100, "and many of them refused (%d)", refusals);
	free(buf);
}

int main(void)
{
	unsigned char *seed;
	size_t n;

	seeds();
	seed = load(SEEDS "rows-sm90.cubin", &n);
	malformed(seed, n);
	defaults(seed, n);
	cut_sections(seed, n);
	flips(seed, n);
	free(seed);
	return done_testing();
}
