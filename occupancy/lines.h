/*
 * The source lines of a kernel's SASS, read from a cubin without a driver:
 * the DWARF line table that nvcc writes with -lineinfo (or -G) into
 * .debug_line, one line-program sequence per function, its start keyed to
 * the function's symbol by a relocation in .rela.debug_line.  (The
 * .nv_debug_line_sass section beside it maps SASS to lines of the PTX in
 * .nv_debug_ptx_txt, not of the CUDA source.)  nvdisasm --print-line-info
 * prints the same rows; tests/cli/lines.bats compares the two.
 *
 * The input is untrusted, as in cubin.c: every read is bounds-checked and
 * a malformed table gives a message, never a crash or a hang
 * (tests/fuzz/lines-fuzz.c).  Pure C: no CUDA types.
 */
#ifndef GP_OCCUPANCY_LINES_H
#define GP_OCCUPANCY_LINES_H

#include <stddef.h>
#include <stdint.h>

/* The SASS bytes [offset, end) of a function come from line of file. */
struct line_row {
	uint64_t offset;    /* from the function's first instruction, as CUPTI's pcOffset */
	uint64_t end;
	int file;           /* index into line_table.files, -1 when the table names none */
	unsigned line;      /* 0: no source line (code the compiler made up) */
};

struct line_table {
	struct line_row *rows;  /* sorted by offset, not overlapping */
	size_t n, cap;
	char **files;           /* paths as the table writes them: directory/name */
	size_t nfiles, files_cap;
};

enum {
	LINES_BAD = -1,   /* malformed input: err says what */
	LINES_OK = 0,     /* rows read */
	LINES_NONE = 1,   /* no line information for the function: err says why */
};

/*
 * Read the line rows of function (its mangled name, as the cubin's symbol
 * table has it) from the cubin in buf into t, which must start zeroed.
 * Returns LINES_OK, LINES_NONE (no rows: "built without -lineinfo" when
 * the cubin has no line table) or LINES_BAD (no rows either), with a
 * message in err for the last two.  Free t with lines_free whatever the
 * result.
 */
int lines_read(const unsigned char *buf, size_t len, const char *function, struct line_table *t,
	       char *err, size_t errlen);

/* The row whose bytes hold offset, or NULL when no row does. */
const struct line_row *lines_at(const struct line_table *t, uint64_t offset);

/* The file of a row, or NULL when it names none. */
const char *lines_file(const struct line_table *t, const struct line_row *row);

void lines_free(struct line_table *t);

#endif
