/*
 * A reader of the DWARF line table in a cubin's .debug_line (DWARF 2-4,
 * section 6.2 of the DWARF 4 standard), for one function.
 *
 * The section holds line-program units, each a header (the opcode
 * parameters, the include directories and the file names) and a program
 * whose sequences each start with DW_LNE_set_address.  In a cubin every
 * function's code starts at address 0 of its own section, so the address
 * alone cannot say whose sequence it is: the relocation at the address's
 * bytes names the function's symbol, and its addend is the offset.
 *
 * Every read goes through a bounds-checked cursor; every loop moves
 * forward through a bounded range; a row is added at most once per opcode
 * byte, so the rows are bounded by the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "occupancy/cubin.h"
#include "occupancy/lines.h"
#include "util/error.h"

#define SHT_RELA 4     /* sm_90's .rela.debug_line: offset, info, addend */
#define SHT_REL 9      /* sm_75's .rel.debug_line: offset, info; the addend is in place */
#define R_CUDA_64 2    /* the type nvcc's .rela.debug_line entries carry: a 64-bit S + A */

/* Standard and extended opcodes (DWARF 4, 6.2.5.2 and 6.2.5.3). */
enum {
	DW_LNS_copy = 1, DW_LNS_advance_pc, DW_LNS_advance_line, DW_LNS_set_file,
	DW_LNS_set_column, DW_LNS_negate_stmt, DW_LNS_set_basic_block, DW_LNS_const_add_pc,
	DW_LNS_fixed_advance_pc, DW_LNS_set_prologue_end, DW_LNS_set_epilogue_begin,
	DW_LNS_set_isa,
};
enum { DW_LNE_end_sequence = 1, DW_LNE_set_address, DW_LNE_define_file };

struct cursor {
	const unsigned char *p;
	size_t n, off;
	int bad;            /* a read ran past n */
};

struct ctx {
	const char *function;
	struct line_table *t;
	struct gp_first_error e;
	const struct cubin_section *sec;   /* the cubin's sections */
	size_t nsec;
	const struct cubin_section *rela;  /* .rela.debug_line or .rel.debug_line, or NULL */
};

#define fail(c, ...) gp_fail_first(&(c)->e, __VA_ARGS__)

/* ---- bounds-checked reads ---- */

static const unsigned char *take(struct cursor *r, size_t len)
{
	const unsigned char *p;

	if (r->bad || len > r->n - r->off) {
		r->bad = 1;
		return NULL;
	}
	p = r->p + r->off;
	r->off += len;
	return p;
}

/* A little-endian unsigned of size bytes (at most 8); 0 past the end. */
static uint64_t rd_le(struct cursor *r, size_t size)
{
	const unsigned char *p = take(r, size);
	uint64_t x = 0;

	for (size_t i = 0; p && i < size; i++)
		x |= (uint64_t)p[i] << (8 * i);
	return x;
}

/* LEB128 (DWARF 4, 7.6): bits past 64 are an error, not a wrap. */
static uint64_t rd_leb(struct cursor *r, int is_signed)
{
	uint64_t x = 0;
	unsigned shift = 0;
	const unsigned char *p;

	do {
		p = take(r, 1);
		if (!p)
			return 0;
		if (shift >= 64 && (*p & 0x7f)) {
			r->bad = 1;
			return 0;
		}
		if (shift < 64)
			x |= (uint64_t)(*p & 0x7f) << shift;
		shift += 7;
	} while (*p & 0x80);
	if (is_signed && shift < 64 && (*p & 0x40))
		x |= ~(uint64_t)0 << shift;
	return x;
}

/* A NUL-terminated string, or NULL when it runs past the end. */
static const char *rd_str(struct cursor *r)
{
	const unsigned char *s;
	const unsigned char *nul;

	if (r->bad)
		return NULL;
	s = r->p + r->off;
	nul = memchr(s, '\0', r->n - r->off);
	if (!nul) {
		r->bad = 1;
		return NULL;
	}
	r->off += (size_t)(nul - s) + 1;
	return (const char *)s;
}

/* ---- the table being built ---- */

static int add_file(struct ctx *c, const char *dir, const char *name)
{
	struct line_table *t = c->t;
	char *path;

	if (t->nfiles == t->files_cap) {
		size_t cap = t->files_cap ? t->files_cap * 2 : 8;
		char **f = realloc(t->files, cap * sizeof(*f));
		if (!f)
			return fail(c, "out of memory");
		t->files = f;
		t->files_cap = cap;
	}
	if (dir && *dir && name[0] != '/') {
		path = malloc(strlen(dir) + strlen(name) + 2);
		if (path)
			sprintf(path, "%s/%s", dir, name);
	} else {
		path = strdup(name);
	}
	if (!path)
		return fail(c, "out of memory");
	t->files[t->nfiles++] = path;
	return 0;
}

static struct line_row *add_row(struct ctx *c)
{
	struct line_table *t = c->t;

	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		struct line_row *r = realloc(t->rows, cap * sizeof(*r));
		if (!r) {
			fail(c, "out of memory");
			return NULL;
		}
		t->rows = r;
		t->cap = cap;
	}
	return &t->rows[t->n++];
}

/* ---- relocations: whose sequence is it ---- */

/* The name of symbol sym of the relocations' symbol table, or NULL. */
static const char *symbol_name(const struct ctx *c, uint64_t sym)
{
	const struct cubin_section *symtab, *strtab;
	struct cursor r;
	uint64_t name;

	if (c->rela->link >= c->nsec)
		return NULL;
	symtab = &c->sec[c->rela->link];
	if (symtab->link >= c->nsec || sym >= symtab->size / 24)
		return NULL;
	strtab = &c->sec[symtab->link];
	r = (struct cursor){ symtab->data, symtab->size, (size_t)sym * 24, 0 };
	name = rd_le(&r, 4);   /* st_name, the first field of an Elf64_Sym (24 bytes) */
	if (name >= strtab->size || !memchr(strtab->data + name, '\0', strtab->size - name))
		return NULL;
	return (const char *)strtab->data + name;
}

/*
 * Does the address operand at byte off of .debug_line belong to our
 * function?  If so, *start is its offset in the function: the addend,
 * which a REL section leaves in place (*start as read).
 */
static int owned_address(const struct ctx *c, uint64_t off, uint64_t *start)
{
	struct cursor r;
	size_t size;

	if (!c->rela)
		return 0;
	size = c->rela->type == SHT_RELA ? 24 : 16;
	r = (struct cursor){ c->rela->data, c->rela->size, 0, 0 };
	for (size_t i = 0; i < c->rela->size / size; i++) {
		uint64_t where = rd_le(&r, 8), info = rd_le(&r, 8);
		uint64_t addend = size == 24 ? rd_le(&r, 8) : *start;
		const char *name;

		if (where != off || (info & 0xffffffffu) != R_CUDA_64)
			continue;
		name = symbol_name(c, info >> 32);
		if (name && !strcmp(name, c->function)) {
			*start = addend;
			return 1;
		}
		return 0;
	}
	return 0;
}

/* ---- one unit: its header ---- */

struct unit {
	struct cursor r;          /* the unit after its unit_length; r.off moves on */
	uint64_t base;            /* the offset of r's first byte in .debug_line */
	int version;
	unsigned min_inst;
	int line_base;
	unsigned line_range, opcode_base;
	const unsigned char *std_lengths;  /* operand counts of opcodes 1 .. opcode_base - 1 */
	size_t file0, nfiles;     /* the unit's files: t->files[file0 .. file0 + nfiles) */
};

/* include_directories then file_names, appending the files' paths to the table. */
static int read_file_table(struct ctx *c, struct unit *u)
{
	struct cursor scan = u->r;
	const char **dirs, *s;
	size_t ndirs = 0;

	while ((s = rd_str(&scan)) && *s)
		ndirs++;
	dirs = malloc((ndirs + 1) * sizeof(*dirs));
	if (!dirs)
		return fail(c, "out of memory");
	for (size_t i = 0; i < ndirs; i++)
		dirs[i] = rd_str(&u->r);
	rd_str(&u->r);
	u->file0 = c->t->nfiles;
	while ((s = rd_str(&u->r)) && *s) {
		uint64_t dir = rd_leb(&u->r, 0);   /* 0: the compilation's directory, unknown here */

		rd_leb(&u->r, 0);   /* modification time */
		rd_leb(&u->r, 0);   /* length */
		if (u->r.bad || add_file(c, dir >= 1 && dir <= ndirs ? dirs[dir - 1] : NULL, s))
			break;
		u->nfiles++;
	}
	free(dirs);
	if (c->e.failed)
		return -1;
	if (u->r.bad)
		return fail(c, "line table header: file table runs past its end");
	return 0;
}

/* The header after unit_length; u->r ends at the unit's end. */
static int read_header(struct ctx *c, struct unit *u, int offset_size)
{
	uint64_t header_length, program;
	size_t unit_end;

	u->version = (int)rd_le(&u->r, 2);
	if (u->version < 2 || u->version > 4)
		return fail(c, "line table version %d (only DWARF 2 to 4 are read)", u->version);
	header_length = rd_le(&u->r, (size_t)offset_size);
	if (u->r.bad || header_length > u->r.n - u->r.off)
		return fail(c, "line table header runs past its unit");
	program = u->r.off + header_length;
	u->min_inst = (unsigned)rd_le(&u->r, 1);
	if (u->version >= 4 && rd_le(&u->r, 1) != 1)
		return fail(c, "line table for VLIW (maximum_operations_per_instruction not 1)");
	rd_le(&u->r, 1);   /* default_is_stmt: every row counts here */
	u->line_base = (int)(signed char)rd_le(&u->r, 1);
	u->line_range = (unsigned)rd_le(&u->r, 1);
	u->opcode_base = (unsigned)rd_le(&u->r, 1);
	if (u->r.bad || u->line_range == 0 || u->opcode_base == 0)
		return fail(c, "line table header: line_range %u, opcode_base %u", u->line_range,
			    u->opcode_base);
	u->std_lengths = take(&u->r, u->opcode_base - 1);
	if (u->r.bad || u->r.off > program)
		return fail(c, "line table header runs past its header_length");
	unit_end = u->r.n;
	u->r.n = program;   /* the file table must end inside the header */
	if (read_file_table(c, u))
		return -1;
	u->r.n = unit_end;
	u->r.off = program;
	return 0;
}

/* ---- one unit: its program ---- */

/* The state machine's registers (DWARF 4, 6.2.2) that a row keeps. */
struct state {
	uint64_t address;
	uint64_t file;
	int64_t line;
	int ours;           /* the current sequence is the function's */
	size_t seq_first;   /* its first row in t->rows */
};

static void reset(struct state *s)
{
	s->address = 0;
	s->file = 1;
	s->line = 1;
	s->ours = 0;
}

/* Append a row at the state (a later row at the same address replaces it). */
static int emit(struct ctx *c, const struct unit *u, struct state *s)
{
	struct line_table *t = c->t;
	struct line_row *row;

	if (!s->ours)
		return 0;
	if (s->line < 0 || s->line > UINT32_MAX)
		return fail(c, "line table: line %lld out of range", (long long)s->line);
	if (t->n > s->seq_first) {
		row = &t->rows[t->n - 1];
		if (s->address < row->offset)
			return fail(c, "line table: addresses go backwards in a sequence");
		row->end = s->address;
		if (row->offset < s->address)
			row = add_row(c);
	} else {
		row = add_row(c);
	}
	if (!row)
		return -1;
	row->offset = row->end = s->address;
	row->file = s->file >= 1 && s->file <= u->nfiles ? (int)(u->file0 + s->file - 1) : -1;
	row->line = (unsigned)s->line;
	return 0;
}

/* End a sequence at the state's address: its last row ends there. */
static int end_sequence(struct ctx *c, struct state *s)
{
	struct line_table *t = c->t;

	if (s->ours && t->n > s->seq_first) {
		struct line_row *row = &t->rows[t->n - 1];
		if (s->address < row->offset)
			return fail(c, "line table: a sequence ends before its last row");
		row->end = s->address;
		if (row->end == row->offset)
			t->n--;
	}
	reset(s);
	s->seq_first = t->n;
	return 0;
}

static int advance(struct ctx *c, struct state *s, uint64_t by)
{
	if (s->address + by < s->address)
		return fail(c, "line table: address overflows");
	s->address += by;
	return 0;
}

/* Lines stay far inside int64 (emit refuses what is past 32 bits): no overflow. */
static int add_line(struct ctx *c, struct state *s, int64_t by)
{
	if (by < -(INT64_C(1) << 33) || by > INT64_C(1) << 33 ||
	    s->line + by < -(INT64_C(1) << 34) || s->line + by > INT64_C(1) << 34)
		return fail(c, "line table: line advance %lld out of range", (long long)by);
	s->line += by;
	return 0;
}

/* An extended opcode (after its 0 byte). */
static int extended(struct ctx *c, struct unit *u, struct state *s)
{
	uint64_t len = rd_leb(&u->r, 0), at, end;
	unsigned op;

	if (u->r.bad || len == 0 || len > u->r.n - u->r.off)
		return fail(c, "line table: extended opcode of length %llu at offset %llu",
			    (unsigned long long)len, (unsigned long long)(u->base + u->r.off));
	end = u->r.off + len;
	op = (unsigned)rd_le(&u->r, 1);
	at = u->base + u->r.off;
	switch (op) {
	case DW_LNE_end_sequence:
		if (end_sequence(c, s))
			return -1;
		break;
	case DW_LNE_set_address:
		if (len - 1 != 4 && len - 1 != 8)
			return fail(c, "line table: %llu-byte address", (unsigned long long)(len - 1));
		if (s->ours && c->t->n > s->seq_first)   /* nvcc starts each sequence afresh */
			return fail(c, "line table: a second DW_LNE_set_address in a kernel's sequence");
		s->address = rd_le(&u->r, (size_t)(len - 1));
		s->ours = owned_address(c, at, &s->address);
		s->seq_first = c->t->n;
		break;
	case DW_LNE_define_file: {
		const char *name = rd_str(&u->r);
		if (!name || !*name)
			return fail(c, "line table: DW_LNE_define_file without a name");
		if (add_file(c, NULL, name))
			return -1;
		u->nfiles++;
		break;
	}
	default:   /* DW_LNE_set_discriminator, NVIDIA's own (0x90: inlining): skipped */
		break;
	}
	u->r.off = end;
	return 0;
}

/* A standard opcode below opcode_base. */
static int standard(struct ctx *c, struct unit *u, struct state *s, unsigned op)
{
	switch (op) {
	case DW_LNS_copy:
		return emit(c, u, s);
	case DW_LNS_advance_pc:
		return advance(c, s, rd_leb(&u->r, 0) * u->min_inst);
	case DW_LNS_advance_line:
		return add_line(c, s, (int64_t)rd_leb(&u->r, 1));
	case DW_LNS_set_file:
		s->file = rd_leb(&u->r, 0);
		return 0;
	case DW_LNS_const_add_pc:
		return advance(c, s, (uint64_t)((255 - u->opcode_base) / u->line_range) * u->min_inst);
	case DW_LNS_fixed_advance_pc:
		return advance(c, s, rd_le(&u->r, 2));
	default:   /* column, stmt, basic block, prologue, epilogue, isa, unknown: operands skipped */
		for (unsigned i = 0; i < u->std_lengths[op - 1]; i++)
			rd_leb(&u->r, 0);
		return 0;
	}
}

static int run_program(struct ctx *c, struct unit *u)
{
	struct state s;

	reset(&s);
	s.seq_first = c->t->n;
	while (u->r.off < u->r.n && !c->e.failed) {
		unsigned op = (unsigned)rd_le(&u->r, 1);

		if (op >= u->opcode_base) {
			unsigned adj = op - u->opcode_base;
			if (!add_line(c, &s, u->line_base + (int)(adj % u->line_range)) &&
			    !advance(c, &s, (uint64_t)(adj / u->line_range) * u->min_inst))
				emit(c, u, &s);
		} else if (op == 0) {
			extended(c, u, &s);
		} else {
			standard(c, u, &s, op);
		}
		if (u->r.bad)
			return fail(c, "line table: an operand runs past its unit");
	}
	if (!c->e.failed && s.ours && c->t->n > s.seq_first)
		return fail(c, "line table: the function's last sequence has no end");
	return c->e.failed ? -1 : 0;
}

/* Each unit of .debug_line in turn. */
static int read_units(struct ctx *c, const struct cubin_section *debug_line)
{
	struct cursor all = { debug_line->data, debug_line->size, 0, 0 };

	while (all.off < all.n) {
		struct unit u = { .base = all.off };
		uint64_t length = rd_le(&all, 4);
		int offset_size = 4;

		if (length == 0xffffffffu) {
			length = rd_le(&all, 8);
			offset_size = 8;
		}
		if (all.bad || length > all.n - all.off)
			return fail(c, "line table unit at offset %llu runs past .debug_line",
				    (unsigned long long)u.base);
		u.r = (struct cursor){ all.p + all.off, (size_t)length, 0, 0 };
		u.base = all.off;
		all.off += (size_t)length;
		if (read_header(c, &u, offset_size) || run_program(c, &u))
			return -1;
	}
	return 0;
}

static int by_offset(const void *a, const void *b)
{
	const struct line_row *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Sorted rows must not overlap: two sequences claiming one byte is malformed. */
static int sort_rows(struct ctx *c)
{
	struct line_table *t = c->t;

	if (t->n)
		qsort(t->rows, t->n, sizeof(*t->rows), by_offset);
	for (size_t i = 1; i < t->n; i++)
		if (t->rows[i].offset < t->rows[i - 1].end)
			return fail(c, "line table: two rows of %s hold offset 0x%llx", c->function,
				    (unsigned long long)t->rows[i].offset);
	return 0;
}

static const struct cubin_section *find_section(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->nsec; i++)
		if (!strcmp(c->sec[i].name, name))
			return &c->sec[i];
	return NULL;
}

int lines_read(const unsigned char *buf, size_t len, const char *function, struct line_table *t,
	       char *err, size_t errlen)
{
	struct ctx c = { .function = function, .t = t, .e = { err, errlen, 0 } };
	struct cubin_section *sec;
	const struct cubin_section *debug_line;
	int rc = LINES_BAD;

	if (errlen)
		err[0] = '\0';
	if (cubin_sections(buf, len, &sec, &c.nsec, err, errlen))
		return LINES_BAD;
	c.sec = sec;
	debug_line = find_section(&c, ".debug_line");
	if (!debug_line || !debug_line->data) {
		snprintf(err, errlen, "no line table (.debug_line): built without -lineinfo");
		rc = LINES_NONE;
		goto out;
	}
	for (size_t i = 0; i < c.nsec; i++)
		if ((sec[i].type == SHT_RELA || sec[i].type == SHT_REL) && sec[i].info < c.nsec && &sec[sec[i].info] == debug_line)
			c.rela = &sec[i];
	if (read_units(&c, debug_line) || sort_rows(&c)) {
		t->n = 0;   /* no half-read table */
		goto out;
	}
	rc = LINES_OK;
	if (t->n == 0) {
		snprintf(err, errlen, "the line table has no rows for %s", function);
		rc = LINES_NONE;
	}
out:
	free(sec);
	return rc;
}

const struct line_row *lines_at(const struct line_table *t, uint64_t offset)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {   /* the first row that ends after offset */
		size_t mid = lo + (hi - lo) / 2;
		if (t->rows[mid].end <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->rows[lo].offset <= offset ? &t->rows[lo] : NULL;
}

const char *lines_file(const struct line_table *t, const struct line_row *row)
{
	return row->file >= 0 && (size_t)row->file < t->nfiles ? t->files[row->file] : NULL;
}

void lines_free(struct line_table *t)
{
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	free(t->rows);
	memset(t, 0, sizeof(*t));
}
