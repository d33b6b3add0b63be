/*
 * The cubin/fatbin reader: the seed corpus's known resources, and a small
 * deterministic fuzz (every truncation, seeded byte flips) that must give
 * a result or a message, never a crash; the ASan pass runs it too.
 * Run from the source tree (tests/run.sh does).
 */
#include <stdint.h>
#include <stdlib.h>
#include "occupancy/cubin.h"
#include "util/demangle.h"
#include "tests/unit/unit.h"
#include "util/error.h"

#define CORPUS "tests/fuzz/corpus/"

static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long len;

	*n = 0;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)len);
		if (buf && fread(buf, 1, (size_t)len, f) == (size_t)len)
			*n = (size_t)len;
	}
	fclose(f);
	return buf;
}

static const struct cubin_kernel *find(const struct cubin_set *s, const char *name, int sm)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->k[i].name, name) && s->k[i].sm == sm)
			return &s->k[i];
	return NULL;
}

static void known_seeds(void)
{
	struct cubin_set s = { 0 };
	const struct cubin_kernel *k;
	char err[256];

	ok(!cubin_read_file(CORPUS "seed-sm90.cubin", &s, err, sizeof(err)), "sm_90 cubin reads (%s)", err);
	is_int(s.n, 2, "sm_90 cubin: two kernels");
	k = find(&s, "_Z9seed_tilePfi", 90);
	ok(k != NULL, "sm_90: seed_tile found");
	if (k) {
		is_int(k->regs, 10, "sm_90 seed_tile: 10 registers (ptxas)");
		is_int(k->smem_static, 512, "sm_90 seed_tile: 512 B static (ptxas)");
		is_int(k->smem_file, 1536, "sm_90 seed_tile: 1536 B in the cubin, with the reserved KiB");
		is_int(k->max_threads, 128, "sm_90 seed_tile: launch bound 128");
		is_int(k->maxreg, 128, "sm_90 seed_tile: register cap 128 from (128, 4)");
		is_int(k->barriers, 1, "sm_90 seed_tile: 1 barrier");
	}
	k = find(&s, "_Z10seed_plainPi", 90);
	ok(k && k->maxreg == 32 && k->barriers == 0 && k->max_threads == 0,
	   "sm_90 seed_plain: __maxnreg__(32), no barriers, no bound");
	cubin_set_free(&s);

	ok(!cubin_read_file(CORPUS "seed-sm75.cubin", &s, err, sizeof(err)), "sm_75 cubin reads");
	k = find(&s, "_Z9seed_tilePfi", 75);
	ok(k && k->regs == 8 && k->smem_static == 512 && k->smem_file == 512,
	   "sm_75 seed_tile: 8 registers, 512 B (no reserved part in the cubin)");
	cubin_set_free(&s);

	ok(!cubin_read_file(CORPUS "seed.fatbin", &s, err, sizeof(err)), "fatbin reads");
	ok(s.cubins == 1 && s.ptx == 1 && s.n == 2 && s.k[0].sm == 80, "fatbin: one sm_80 cubin, one PTX");
	cubin_set_free(&s);

	ok(!cubin_read_file(CORPUS "seed.o", &s, err, sizeof(err)), "host object reads");
	ok(s.cubins == 1 && s.n == 2 && find(&s, "_Z9seed_tilePfi", 90), "host object: the sm_90 kernels");
	cubin_set_free(&s);

	/* zstd: read through libzstd when it is installed, else refused saying why */
	if (!cubin_read_file(CORPUS "seed-zstd.fatbin", &s, err, sizeof(err))) {
		k = find(&s, "_Z9seed_tilePfi", 90);
		ok(s.decompressed == 1 && k && k->regs == 10 && k->smem_static == 512 && k->max_threads == 128,
		   "zstd fatbin: the same sm_90 resources as the plain cubin");
	} else {
		ok(strstr(err, "libzstd") != NULL, "zstd fatbin without libzstd: %s", err);
	}
	cubin_set_free(&s);

	ok(cubin_read_file(CORPUS, &s, err, sizeof(err)) && strstr(err, "not a regular file"),
	   "a directory is refused: %s", err);
	ok(cubin_read_file("tests/unit/t-cubin.c", &s, err, sizeof(err)) && strstr(err, "not a cubin"),
	   "a text file is refused: %s", err);
	cubin_set_free(&s);
}

static uint64_t rng_state = 0x853c49e6748fea9bull;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

/* Every prefix and many mutations: a result or an error message, no crash. */
static void mini_fuzz(const char *name)
{
	char path[256], err[256];
	size_t n, ran = 0, errors = 0, bad_err = 0;
	unsigned char *seed, *buf;

	snprintf(path, sizeof(path), CORPUS "%s", name);
	seed = slurp(path, &n);
	ok(seed != NULL && n > 0, "%s: seed read", name);
	if (!seed)
		return;
	buf = malloc(n);
	for (size_t len = 0; len < n; len += 1 + len / 64) {
		struct cubin_set s = { 0 };
		/* a copy of exactly len bytes, so ASan sees any read past it */
		unsigned char *cut = malloc(len ? len : 1);
		memcpy(cut, seed, len);
		if (cubin_read_buffer(cut, len, &s, err, sizeof(err))) {
			errors++;
			bad_err += err[0] == '\0';
		}
		cubin_set_free(&s);
		free(cut);
		ran++;
	}
	for (int i = 0; i < 3000; i++) {
		struct cubin_set s = { 0 };
		int flips = 1 + (int)(rng() % 8);

		memcpy(buf, seed, n);
		for (int f = 0; f < flips; f++) {
			size_t at = (size_t)(rng() % n);
			switch (rng() % 3) {
			case 0: buf[at] ^= (unsigned char)(1u << (rng() % 8)); break;
			case 1: buf[at] = 0xff; break;
			default: buf[at] = (unsigned char)rng(); break;
			}
		}
		if (cubin_read_buffer(buf, n, &s, err, sizeof(err))) {
			errors++;
			bad_err += err[0] == '\0';
		}
		for (size_t k = 0; k < s.n; k++)
			bad_err += s.k[k].name == NULL;
		cubin_set_free(&s);
		ran++;
	}
	ok(bad_err == 0, "%s: %zu truncated and mutated inputs, %zu refused, each with a message",
	   name, ran, errors);
	free(buf);
	free(seed);
}

static void names(void)
{
	char *d = kernel_demangle("_Z9seed_tilePfi");

	is_str(d, "seed_tile(float*, int)", "demangled");
	free(d);
	d = kernel_demangle("__nv_static_25__daa59973_4_k_cu_c4ede496__Z7kstaticPi");
	is_str(d, "kstatic(int*)", "nvcc's static prefix is dropped");
	free(d);
	d = kernel_demangle("plain_c_kernel");
	is_str(d, "plain_c_kernel", "an extern \"C\" name stays");
	free(d);
	ok(kernel_name_matches("_Z9seed_tilePfi", "_Z9seed_tilePfi"), "match: mangled");
	ok(kernel_name_matches("_Z9seed_tilePfi", "seed_tile(float*, int)"), "match: demangled");
	ok(kernel_name_matches("_Z9seed_tilePfi", "seed_tile"), "match: without parameters");
	ok(!kernel_name_matches("_Z9seed_tilePfi", "seed"), "no match: a prefix");
	ok(kernel_name_matches("_ZN2ns5ktmplIdEEvPT_", "ns::ktmpl<double>"), "match: a template");
	ok(kernel_name_matches("_ZN2ns5ktmplIdEEvPT_", "void ns::ktmpl<double>(double*)"),
	   "match: a template, demangled");
	ok(kernel_name_matches("_ZN12_GLOBAL__N_11kEi", "(anonymous namespace)::k"),
	   "match: an anonymous namespace");
}

/* The readers' error buffer: the first failure's message, never a later one's. */
static void first_error(void)
{
	char buf[32] = "";
	struct gp_first_error e = { buf, sizeof(buf), 0 };

	is_int(gp_fail_first(&e, "truncated at %d", 7), -1, "a failure returns -1");
	ok(e.failed, "and is marked");
	is_int(gp_fail_first(&e, "what it led to"), -1, "a second one returns -1 too");
	is_str(buf, "truncated at 7", "the message is the first's");
	e = (struct gp_first_error){ NULL, 0, 0 };
	is_int(gp_fail_first(&e, "x"), -1, "no buffer: -1, nothing written");
	ok(e.failed, "and marked");
	e = (struct gp_first_error){ buf, 4, 0 };
	gp_fail_first(&e, "abcdef");
	is_str(buf, "abc", "cut to the buffer, terminated");
}

int main(void)
{
	first_error();
	known_seeds();
	mini_fuzz("seed-sm90.cubin");
	mini_fuzz("seed.fatbin");
	mini_fuzz("seed.o");
	mini_fuzz("seed-zstd.fatbin");
	names();
	return done_testing();
}
