/*
 * A reader for the resource records of compiled CUDA code.
 *
 * Layers, each on a bounds-checked view of the input:
 *   file     -> a cubin (ELF, e_machine EM_CUDA), a fatbin, or a host ELF
 *               whose .nv_fatbin / __nv_relfatbin sections hold fatbins;
 *   fatbin   -> entries: cubins (kind 2) are read, PTX (kind 1) and
 *               compressed cubins are counted and skipped;
 *   cubin    -> one kernel per .nv.info.<name> section: registers and
 *               stack frame from the .nv.info records keyed by symbol,
 *               launch bounds and barriers from .nv.info.<name>, static
 *               shared memory from .nv.shared.<name>.
 *
 * All offsets and sizes are 64-bit and checked against the view before
 * use; loops advance by at least one record.  Little-endian ELF64 only
 * (what nvcc emits on every host it supports).
 */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "arch/arch.h"
#include "occupancy/cubin.h"
#include "util/error.h"

#define FATBIN_MAGIC 0xba55ed50u
#define FATBIN_KIND_PTX 1
#define FATBIN_KIND_CUBIN 2
#define FATBIN_FLAG_COMPRESSED_LZ4 0x2000u   /* per third-party readers */
#define FATBIN_FLAG_COMPRESSED_ZSTD 0x8000u  /* seen with nvcc 13 */

/* CUDA's ELF section type and the .nv.info attribute records (occupancy.md 4.3) */
#define SHT_CUDA_INFO 0x70000000u
#define STO_CUDA_ENTRY 0x10   /* st_other of a kernel's symbol (device functions lack it) */
#define EIFMT_NVAL 1
#define EIFMT_BVAL 2
#define EIFMT_HVAL 3
#define EIFMT_SVAL 4
#define EIATTR_MAX_THREADS 0x05
#define EIATTR_REQNTID 0x10
#define EIATTR_FRAME_SIZE 0x11
#define EIATTR_MAXREG_COUNT 0x1b
#define EIATTR_REGCOUNT 0x2f
#define EIATTR_CTA_PER_CLUSTER 0x3d
#define EIATTR_NUM_BARRIERS 0x4c

#define MAX_DECOMPRESSED (256u << 20)  /* per cubin: far above any real one */

struct view {
	const unsigned char *p;
	size_t n;
};

struct reader {
	struct cubin_set *set;
	struct gp_first_error e;
};

#define fail(r, ...) gp_fail_first(&(r)->e, __VA_ARGS__)

/* Is [off, off + len) inside v?  Overflow-safe. */
static int in_view(const struct view *v, uint64_t off, uint64_t len)
{
	return off <= v->n && len <= v->n - off;
}

static uint16_t rd16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const unsigned char *p)
{
	return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* ---- ELF64 (<elf.h>'s layouts, read little-endian from any alignment) ---- */

/* A field of an ELF structure (Elf64_Shdr, ...) at p: 16, 32 or 64 bits. */
#define ELF_RD(bits, p, type, field) rd##bits((p) + offsetof(type, field))

struct elf {
	struct view v;
	uint16_t machine;
	uint32_t flags;
	unsigned char abi_version;
	uint64_t shoff;
	uint32_t shnum;
	uint32_t shentsize;
	uint32_t shstrndx;
};

static int is_elf(const struct view *v)
{
	return v->n >= 4 && !memcmp(v->p, "\177ELF", 4);
}

static int elf_open(struct reader *r, const struct view *v, struct elf *e)
{
	const unsigned char *p = v->p;

	memset(e, 0, sizeof(*e));
	e->v = *v;
	if (v->n < sizeof(Elf64_Ehdr))
		return fail(r, "truncated ELF header (%zu bytes)", v->n);
	if (p[EI_CLASS] != ELFCLASS64)
		return fail(r, "32-bit ELF is not supported");
	if (p[EI_DATA] != ELFDATA2LSB)
		return fail(r, "big-endian ELF is not supported");
	e->abi_version = p[EI_ABIVERSION];
	e->machine = ELF_RD(16, p, Elf64_Ehdr, e_machine);
	e->flags = ELF_RD(32, p, Elf64_Ehdr, e_flags);
	e->shoff = ELF_RD(64, p, Elf64_Ehdr, e_shoff);
	e->shentsize = ELF_RD(16, p, Elf64_Ehdr, e_shentsize);
	e->shnum = ELF_RD(16, p, Elf64_Ehdr, e_shnum);
	e->shstrndx = ELF_RD(16, p, Elf64_Ehdr, e_shstrndx);
	if (e->shnum == 0 && e->shoff != 0) {
		/* extended numbering: the count is in section 0's size */
		if (e->shentsize < sizeof(Elf64_Shdr) || !in_view(v, e->shoff, sizeof(Elf64_Shdr)))
			return fail(r, "section header table outside the file");
		uint64_t n = ELF_RD(64, p + e->shoff, Elf64_Shdr, sh_size);
		if (n > UINT32_MAX)
			return fail(r, "implausible section count %llu", (unsigned long long)n);
		e->shnum = (uint32_t)n;
	}
	if (e->shstrndx == SHN_XINDEX && e->shnum > 0 && e->shentsize >= sizeof(Elf64_Shdr) &&
	    in_view(v, e->shoff, sizeof(Elf64_Shdr)))
		e->shstrndx = ELF_RD(32, p + e->shoff, Elf64_Shdr, sh_link);  /* extended */
	if (e->shnum == 0)
		return 0;
	if (e->shentsize < sizeof(Elf64_Shdr))
		return fail(r, "section header size %u is too small", e->shentsize);
	if (!in_view(v, e->shoff, (uint64_t)e->shnum * e->shentsize))
		return fail(r, "section header table (%u entries at offset %llu) outside the file",
			    e->shnum, (unsigned long long)e->shoff);
	if (e->shstrndx >= e->shnum)
		return fail(r, "section name table index %u out of range", e->shstrndx);
	return 0;
}

static void elf_shdr(const struct elf *e, uint32_t i, Elf64_Shdr *s)
{
	const unsigned char *p = e->v.p + e->shoff + (uint64_t)i * e->shentsize;

	memset(s, 0, sizeof(*s));
	s->sh_name = ELF_RD(32, p, Elf64_Shdr, sh_name);
	s->sh_type = ELF_RD(32, p, Elf64_Shdr, sh_type);
	s->sh_flags = ELF_RD(64, p, Elf64_Shdr, sh_flags);
	s->sh_offset = ELF_RD(64, p, Elf64_Shdr, sh_offset);
	s->sh_size = ELF_RD(64, p, Elf64_Shdr, sh_size);
	s->sh_link = ELF_RD(32, p, Elf64_Shdr, sh_link);
	s->sh_info = ELF_RD(32, p, Elf64_Shdr, sh_info);
	s->sh_entsize = ELF_RD(64, p, Elf64_Shdr, sh_entsize);
}

/* Contents of a section with file bytes, or an empty view when it has none or lies outside. */
static int elf_section_view(const struct elf *e, const Elf64_Shdr *s, struct view *out)
{
	out->p = NULL;
	out->n = 0;
	if (s->sh_type == SHT_NOBITS || s->sh_size == 0)
		return 0;
	if (!in_view(&e->v, s->sh_offset, s->sh_size))
		return -1;
	out->p = e->v.p + s->sh_offset;
	out->n = (size_t)s->sh_size;
	return 0;
}

/* A NUL-terminated string at off in string section strndx, or NULL. */
static const char *elf_string(const struct elf *e, uint32_t strndx, uint64_t off)
{
	Elf64_Shdr s;
	struct view v;

	if (strndx >= e->shnum)
		return NULL;
	elf_shdr(e, strndx, &s);
	if (elf_section_view(e, &s, &v) || off >= v.n)
		return NULL;
	if (!memchr(v.p + off, '\0', v.n - off))
		return NULL;
	return (const char *)v.p + off;
}

static const char *elf_section_name(const struct elf *e, const Elf64_Shdr *s)
{
	return elf_string(e, e->shstrndx, s->sh_name);
}

static int starts_with(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

/* ---- cubin ---- */

/* Per-symbol attributes from the cubin-wide .nv.info section. */
struct sym_attr {
	int regs;
	long long frame;
};

static struct cubin_kernel *add_kernel(struct reader *r, const char *name, int sm)
{
	struct cubin_set *set = r->set;

	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 16;
		struct cubin_kernel *k = realloc(set->k, cap * sizeof(*k));
		if (!k) {
			fail(r, "out of memory");
			return NULL;
		}
		set->k = k;
		set->cap = cap;
	}
	struct cubin_kernel *k = &set->k[set->n];
	memset(k, 0, sizeof(*k));
	k->name = strdup(name);
	if (!k->name) {
		fail(r, "out of memory");
		return NULL;
	}
	k->sm = sm;
	k->regs = -1;
	set->n++;
	return k;
}

/* Product of up to three u32 dimensions, saturated to INT32 range. */
static int dims_product(const unsigned char *p, uint16_t size)
{
	uint64_t prod = 1;

	if (size < 4)
		return 0;
	for (uint16_t i = 0; i + 4 <= size && i < 12; i += 4) {
		prod *= rd32(p + i);
		if (prod > INT32_MAX)
			return INT32_MAX;
	}
	return (int)prod;
}

/*
 * Walk the attribute records of one .nv.info section.  Unknown ids are
 * skipped by their format; a record running past the end stops the walk.
 */
typedef void (*attr_fn)(void *ctx, unsigned id, const unsigned char *data, uint16_t size,
			uint16_t value);

static int walk_attrs(struct reader *r, const struct view *v, attr_fn fn, void *ctx)
{
	size_t off = 0;

	while (off + 4 <= v->n) {
		unsigned fmt = v->p[off], id = v->p[off + 1];
		uint16_t val = rd16(v->p + off + 2);

		switch (fmt) {
		case EIFMT_NVAL:
		case EIFMT_BVAL:
		case EIFMT_HVAL:
			fn(ctx, id, NULL, 0, fmt == EIFMT_BVAL ? (uint16_t)(val & 0xff) : val);
			off += 4;
			break;
		case EIFMT_SVAL:
			if (val > v->n - off - 4)
				return fail(r, ".nv.info record 0x%02x runs past its section", id);
			fn(ctx, id, v->p + off + 4, val, 0);
			off += 4 + (size_t)val;
			break;
		default:
			return fail(r, ".nv.info record with unknown format %u", fmt);
		}
	}
	return 0;
}

struct global_ctx {
	struct sym_attr *attr;
	uint32_t nsyms;
};

static void global_attr(void *vctx, unsigned id, const unsigned char *d, uint16_t size,
			uint16_t value)
{
	struct global_ctx *c = vctx;
	uint32_t sym, x;

	(void)value;
	if ((id != EIATTR_REGCOUNT && id != EIATTR_FRAME_SIZE) || size < 8)
		return;
	sym = rd32(d);
	x = rd32(d + 4);
	if (sym >= c->nsyms)
		return;
	if (id == EIATTR_REGCOUNT)
		c->attr[sym].regs = x > INT32_MAX ? INT32_MAX : (int)x;
	else
		c->attr[sym].frame = x;
}

static void kernel_attr(void *vctx, unsigned id, const unsigned char *d, uint16_t size,
			uint16_t value)
{
	struct cubin_kernel *k = vctx;

	switch (id) {
	case EIATTR_MAX_THREADS:
		if (d)
			k->max_threads = dims_product(d, size);
		break;
	case EIATTR_REQNTID:
		if (d)
			k->reqntid = dims_product(d, size);
		break;
	case EIATTR_MAXREG_COUNT:
		if (!d)
			k->maxreg = value;
		break;
	case EIATTR_NUM_BARRIERS:
		if (!d)
			k->barriers = value;
		break;
	case EIATTR_CTA_PER_CLUSTER:
		if (d && size >= 12)
			for (int i = 0; i < 3; i++) {
				uint32_t x = rd32(d + 4 * i);
				k->cluster[i] = x > INT32_MAX ? INT32_MAX : (int)x;
			}
		break;
	}
}

/* The SM of a cubin from e_flags (layout changed with ABI version 8). */
static int cubin_sm(const struct elf *e)
{
	return e->abi_version >= 8 ? (int)((e->flags >> 8) & 0xff) : (int)(e->flags & 0xff);
}

/* What read_cubin learns of one cubin's sections before it reads its kernels. */
struct cubin_scan {
	struct elf e;
	int sm;
	struct global_ctx g;            /* registers and stack frame per symbol */
	uint32_t symtab;                /* the symbol table's section, UINT32_MAX: none */
	int64_t *text_sym;              /* section index -> FUNC symbol defined there */
	long long *shared;              /* text section index -> .nv.shared size */
	unsigned char *entry;           /* text section index -> its symbol is a kernel */
	int has_reserved;               /* a .nv.shared.reserved. section is present */
};

/* Pass 1: the symbol table, the shared-memory sections, the reserved marker. */
static void scan_sections(struct cubin_scan *c)
{
	Elf64_Shdr s;

	for (uint32_t i = 0; i < c->e.shnum; i++) {
		const char *name;

		elf_shdr(&c->e, i, &s);
		name = elf_section_name(&c->e, &s);
		if (s.sh_type == SHT_SYMTAB && c->symtab == UINT32_MAX)
			c->symtab = i;
		if (starts_with(name, ".nv.shared.reserved."))
			c->has_reserved = 1;
		else if (starts_with(name, ".nv.shared.") && s.sh_info < c->e.shnum)
			c->shared[s.sh_info] = s.sh_size > INT64_MAX ? INT64_MAX :
					       (long long)s.sh_size;
	}
}

/* The function symbol of each text section, and whether it is a kernel. */
static int read_symbols(struct reader *r, struct cubin_scan *c)
{
	Elf64_Shdr s;
	struct view sv;

	if (c->symtab == UINT32_MAX)
		return 0;
	elf_shdr(&c->e, c->symtab, &s);
	if (elf_section_view(&c->e, &s, &sv))
		return fail(r, "symbol table outside the file");
	c->g.nsyms = (uint32_t)(sv.n / sizeof(Elf64_Sym) > UINT32_MAX ? UINT32_MAX :
				sv.n / sizeof(Elf64_Sym));
	c->g.attr = calloc((size_t)c->g.nsyms + 1, sizeof(*c->g.attr));
	if (!c->g.attr)
		return fail(r, "out of memory");
	for (uint32_t j = 0; j < c->g.nsyms; j++) {
		const unsigned char *sym = sv.p + (size_t)j * sizeof(Elf64_Sym);
		uint16_t shndx = ELF_RD(16, sym, Elf64_Sym, st_shndx);
		unsigned char info = sym[offsetof(Elf64_Sym, st_info)];

		c->g.attr[j].regs = -1;
		if (ELF64_ST_TYPE(info) == STT_FUNC && shndx < c->e.shnum && c->text_sym[shndx] < 0) {
			c->text_sym[shndx] = j;
			c->entry[shndx] = (sym[offsetof(Elf64_Sym, st_other)] & STO_CUDA_ENTRY) != 0;
		}
	}
	return 0;
}

/* Pass 2: the cubin-wide .nv.info (registers, stack frame per symbol). */
static int read_global_info(struct reader *r, struct cubin_scan *c)
{
	Elf64_Shdr s;

	for (uint32_t i = 0; i < c->e.shnum && c->g.attr; i++) {
		struct view iv;

		elf_shdr(&c->e, i, &s);
		if (s.sh_type != SHT_CUDA_INFO)
			continue;
		const char *name = elf_section_name(&c->e, &s);
		if (!name || strcmp(name, ".nv.info"))
			continue;
		if (elf_section_view(&c->e, &s, &iv))
			return fail(r, ".nv.info outside the file");
		if (walk_attrs(r, &iv, global_attr, &c->g))
			return -1;
	}
	return 0;
}

/* The kernel of section i, a .nv.info.<name>; 0 also when it is not one. */
static int read_kernel(struct reader *r, const struct cubin_scan *c, uint32_t i,
		       long long reserved)
{
	Elf64_Shdr s;
	struct view iv;
	struct cubin_kernel *k;

	elf_shdr(&c->e, i, &s);
	const char *name = elf_section_name(&c->e, &s);
	if (s.sh_type != SHT_CUDA_INFO || !starts_with(name, ".nv.info.") || !name[9])
		return 0;
	/* with -rdc, device functions have .nv.info.<name> too */
	uint32_t text = s.sh_info;  /* .nv.info.<name> points at .text.<name> */
	if (text < c->e.shnum && c->text_sym[text] >= 0 && !c->entry[text])
		return 0;
	if (elf_section_view(&c->e, &s, &iv))
		return fail(r, "section %s outside the file", name);
	k = add_kernel(r, name + 9, c->sm);
	if (!k)
		return -1;
	if (walk_attrs(r, &iv, kernel_attr, k))
		return -1;

	if (text < c->e.shnum) {
		Elf64_Shdr ts;

		elf_shdr(&c->e, text, &ts);
		if (c->text_sym[text] >= 0 && (uint64_t)c->text_sym[text] < c->g.nsyms) {
			k->regs = c->g.attr[c->text_sym[text]].regs;
			k->local_bytes = c->g.attr[c->text_sym[text]].frame;
		}
		if (k->regs < 0 && (ts.sh_info >> 24))
			k->regs = (int)(ts.sh_info >> 24);  /* older toolkits: sh_info bits 24-31 */
		k->smem_file = c->shared[text];
	}
	k->smem_static = k->smem_file > reserved ? k->smem_file - reserved : 0;
	return 0;
}

/* Pass 3: one kernel per .nv.info.<name>. */
static int read_kernels(struct reader *r, const struct cubin_scan *c)
{
	long long reserved = 0;

	if (c->has_reserved) {
		const struct sm_arch *a = arch_lookup_sm(c->sm);
		reserved = a ? a->reserved_smem_per_block : 1024;
	}
	for (uint32_t i = 0; i < c->e.shnum; i++)
		if (read_kernel(r, c, i, reserved))
			return -1;
	return 0;
}

static int read_cubin(struct reader *r, const struct view *v)
{
	struct cubin_scan c = { .symtab = UINT32_MAX };
	int rc = -1;

	if (elf_open(r, v, &c.e))
		return -1;
	if (c.e.machine != EM_CUDA)
		return fail(r, "ELF machine %u is not CUDA (%u)", c.e.machine, EM_CUDA);
	c.sm = cubin_sm(&c.e);
	r->set->cubins++;

	c.text_sym = malloc(((size_t)c.e.shnum + 1) * sizeof(*c.text_sym));
	c.shared = calloc((size_t)c.e.shnum + 1, sizeof(*c.shared));
	c.entry = calloc((size_t)c.e.shnum + 1, 1);
	if (!c.text_sym || !c.shared || !c.entry) {
		fail(r, "out of memory");
		goto out;
	}
	for (uint32_t i = 0; i < c.e.shnum; i++)
		c.text_sym[i] = -1;
	scan_sections(&c);
	if (!read_symbols(r, &c) && !read_global_info(r, &c) && !read_kernels(r, &c))
		rc = 0;
out:
	free(c.g.attr);
	free(c.text_sym);
	free(c.shared);
	free(c.entry);
	return rc;
}

int cubin_sections(const unsigned char *buf, size_t len, struct cubin_section **out, size_t *n,
		   char *err, size_t errlen)
{
	struct reader r = { NULL, { err, errlen, 0 } };
	struct view v = { buf, len };
	struct elf e;
	Elf64_Shdr s;
	struct view data;

	*out = NULL;
	*n = 0;
	if (errlen)
		err[0] = '\0';
	if (!is_elf(&v))
		return fail(&r, "not a cubin (no ELF magic)");
	if (elf_open(&r, &v, &e))
		return -1;
	if (e.machine != EM_CUDA)
		return fail(&r, "ELF machine %u is not CUDA (%u)", e.machine, EM_CUDA);
	*out = calloc((size_t)e.shnum + 1, sizeof(**out));
	if (!*out)
		return fail(&r, "out of memory");
	for (uint32_t i = 0; i < e.shnum; i++) {
		const char *name;

		elf_shdr(&e, i, &s);
		if (elf_section_view(&e, &s, &data)) {
			free(*out);
			*out = NULL;
			return fail(&r, "section %u lies outside the file", i);
		}
		name = elf_section_name(&e, &s);
		(*out)[i] = (struct cubin_section){ name ? name : "", s.sh_type, s.sh_link, s.sh_info, data.p, data.n };
	}
	*n = e.shnum;
	return 0;
}

/* ---- compressed cubins ---- */

/*
 * nvcc compresses cubins with zstd in relocatable code, with
 * -compress-mode and in NVIDIA's libraries.  libzstd is opened at run
 * time when present (as CUPTI and NVML are), so nothing is linked.
 */
typedef size_t (*zstd_decompress_fn)(void *dst, size_t cap, const void *src, size_t n);
typedef unsigned (*zstd_is_error_fn)(size_t code);

static int zstd_open(zstd_decompress_fn *dec, zstd_is_error_fn *is_error)
{
	static int tried;
	static zstd_decompress_fn d;
	static zstd_is_error_fn e;

	if (!tried) {
		void *h = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
		tried = 1;
		if (h) {
			*(void **)&d = dlsym(h, "ZSTD_decompress");
			*(void **)&e = dlsym(h, "ZSTD_isError");
		}
	}
	*dec = d;
	*is_error = e;
	return d && e ? 0 : -1;
}

/* A compressed cubin entry: decompress (zstd) and read, or count it as skipped. */
static int read_compressed(struct reader *r, const struct view *entry, uint32_t ehsize,
			   uint64_t flags, uint64_t off)
{
	const unsigned char *h = entry->p;
	uint64_t csize = entry->n, dsize = 0;
	zstd_decompress_fn dec;
	zstd_is_error_fn is_error;
	unsigned char *buf;
	size_t got;
	int rc;

	if (!(flags & FATBIN_FLAG_COMPRESSED_ZSTD)) {
		r->set->compressed++;
		r->set->compressed_why = "LZ4-compressed cubins are not supported";
		return 0;
	}
	if (zstd_open(&dec, &is_error)) {
		r->set->compressed++;
		r->set->compressed_why = "zstd-compressed, and libzstd.so.1 is not installed";
		return 0;
	}
	/* the header's compressed and decompressed sizes (occupancy.md 4.4) */
	if (ehsize >= 64) {
		uint32_t c = rd32(h - ehsize + 16);
		if (c > 0 && c <= entry->n)
			csize = c;
		dsize = rd64(h - ehsize + 56);
	}
	if (dsize == 0 || dsize > MAX_DECOMPRESSED)
		return fail(r, "compressed cubin at offset %llu declares %llu bytes",
			    (unsigned long long)off, (unsigned long long)dsize);
	buf = malloc((size_t)dsize);
	if (!buf)
		return fail(r, "out of memory");
	got = dec(buf, (size_t)dsize, entry->p, (size_t)csize);
	if (is_error(got) || got != dsize) {
		free(buf);
		return fail(r, "compressed cubin at offset %llu does not decompress",
			    (unsigned long long)off);
	}
	struct view dv = { buf, (size_t)dsize };
	rc = is_elf(&dv) ? read_cubin(r, &dv)
			 : fail(r, "compressed cubin at offset %llu is not ELF", (unsigned long long)off);
	free(buf);
	r->set->decompressed += rc == 0;
	return rc;
}

/* ---- fatbin ---- */

static int is_fatbin(const struct view *v, uint64_t off)
{
	return in_view(v, off, 16) && rd32(v->p + off) == FATBIN_MAGIC;
}

/* One fatbin at off; *next receives the offset after it. */
static int read_fatbin(struct reader *r, const struct view *v, uint64_t off, uint64_t *next)
{
	uint16_t hsize = rd16(v->p + off + 6);
	uint64_t payload = rd64(v->p + off + 8);
	uint64_t q, end;

	if (hsize < 16)
		return fail(r, "fatbin header size %u is too small", hsize);
	if (!in_view(v, off, hsize) || !in_view(v, off + hsize, payload))
		return fail(r, "fatbin at offset %llu is truncated (%llu bytes declared)",
			    (unsigned long long)off, (unsigned long long)payload);
	q = off + hsize;
	end = q + payload;
	*next = end;
	while (q < end) {
		uint16_t kind;
		uint32_t ehsize;
		uint64_t esize, flags = 0;

		if (end - q < 16)
			return fail(r, "fatbin entry at offset %llu is truncated", (unsigned long long)q);
		kind = rd16(v->p + q);
		ehsize = rd32(v->p + q + 4);
		esize = rd64(v->p + q + 8);
		if (ehsize < 16 || ehsize > end - q || esize > end - q - ehsize)
			return fail(r, "fatbin entry at offset %llu has a bad size", (unsigned long long)q);
		if (ehsize >= 48)
			flags = rd64(v->p + q + 40);

		struct view ev = { v->p + q + ehsize, (size_t)esize };
		if (kind == FATBIN_KIND_CUBIN) {
			if (flags & (FATBIN_FLAG_COMPRESSED_LZ4 | FATBIN_FLAG_COMPRESSED_ZSTD)) {
				if (read_compressed(r, &ev, ehsize, flags, q))
					return -1;
			} else if (!is_elf(&ev)) {
				return fail(r, "fatbin entry at offset %llu is neither ELF nor marked compressed",
					    (unsigned long long)q);
			} else if (read_cubin(r, &ev)) {
				return -1;
			}
		} else if (kind == FATBIN_KIND_PTX) {
			r->set->ptx++;
		}
		q += ehsize + esize;
	}
	return 0;
}

/* Consecutive fatbins in [off, off + len), as linkers concatenate them. */
static int read_fatbins(struct reader *r, const struct view *v, uint64_t off, uint64_t len)
{
	uint64_t end = off + len, next;

	while (off < end) {
		if (!is_fatbin(v, off)) {
			/* padding between fatbins: skip zero bytes */
			if (v->p[off] == 0) {
				off++;
				continue;
			}
			return fail(r, "no fatbin header at offset %llu", (unsigned long long)off);
		}
		if (read_fatbin(r, v, off, &next))
			return -1;
		if (next > end)
			return fail(r, "fatbin at offset %llu runs past its section", (unsigned long long)off);
		off = next;
	}
	return 0;
}

/* A host object or executable: its fatbin sections, or a scan when it has none. */
static int read_host_elf(struct reader *r, const struct view *v)
{
	struct elf e;
	Elf64_Shdr s;
	int found = 0;

	if (elf_open(r, v, &e))
		return -1;
	for (uint32_t i = 0; i < e.shnum; i++) {
		elf_shdr(&e, i, &s);
		const char *name = elf_section_name(&e, &s);
		if (!name || (strcmp(name, ".nv_fatbin") && strcmp(name, "__nv_relfatbin")))
			continue;
		if (s.sh_type == SHT_NOBITS || !in_view(v, s.sh_offset, s.sh_size))
			return fail(r, "section %s outside the file", name);
		found = 1;
		if (read_fatbins(r, v, s.sh_offset, s.sh_size))
			return -1;
	}
	if (found)
		return 0;
	/*
	 * Stripped of section headers: fatbins are 8-byte aligned in the
	 * image.  A candidate whose header does not fit is a chance match of
	 * the magic, not an error.
	 */
	for (uint64_t off = 0; off + 16 <= v->n; off += 8) {
		uint64_t next;

		if (!is_fatbin(v, off) || rd16(v->p + off + 6) < 16 ||
		    !in_view(v, off + rd16(v->p + off + 6), rd64(v->p + off + 8)))
			continue;
		if (read_fatbin(r, v, off, &next))
			return -1;
		off = (next + 7) / 8 * 8 - 8;
	}
	return 0;
}

int cubin_read_buffer(const unsigned char *buf, size_t len, struct cubin_set *set,
		      char *err, size_t errlen)
{
	struct reader r = { set, { err, errlen, 0 } };
	struct view v = { buf, len };
	int cubins = set->cubins, compressed = set->compressed, ptx = set->ptx;

	if (errlen)
		err[0] = '\0';
	if (len == 0)
		return fail(&r, "empty file");
	if (is_fatbin(&v, 0)) {
		if (read_fatbins(&r, &v, 0, len))
			return -1;
	} else if (is_elf(&v)) {
		if (len >= offsetof(Elf64_Ehdr, e_machine) + 2 &&
		    ELF_RD(16, buf, Elf64_Ehdr, e_machine) == EM_CUDA) {
			if (read_cubin(&r, &v))
				return -1;
		} else if (read_host_elf(&r, &v)) {
			return -1;
		}
	} else {
		return fail(&r, "not a cubin, fatbin or ELF object (no ELF or fatbin magic)");
	}

	if (set->cubins == cubins) {
		if (set->compressed > compressed)
			return fail(&r, "its %d cubin%s compressed and cannot be read: %s",
				    set->compressed - compressed,
				    set->compressed - compressed == 1 ? " is" : "s are", set->compressed_why);
		if (set->ptx > ptx)
			return fail(&r, "it holds only PTX, no compiled code (build with -arch=sm_XY)");
		return fail(&r, "no CUDA code found");
	}
	return 0;
}

int cubin_read_file(const char *path, struct cubin_set *set, char *err, size_t errlen)
{
	struct stat st;
	void *map;
	int fd, rc;

	if (errlen)
		err[0] = '\0';
	/* O_NONBLOCK: a FIFO must not block the open; it is refused below */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "not a regular file");
		close(fd);
		return -1;
	}
	if (st.st_size == 0) {
		snprintf(err, errlen, "empty file");
		close(fd);
		return -1;
	}
	if ((uint64_t)st.st_size > SIZE_MAX) {
		snprintf(err, errlen, "file too large");
		close(fd);
		return -1;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(err, errlen, "cannot map: %s", strerror(errno));
		return -1;
	}
	rc = cubin_read_buffer(map, (size_t)st.st_size, set, err, errlen);
	munmap(map, (size_t)st.st_size);
	return rc;
}
