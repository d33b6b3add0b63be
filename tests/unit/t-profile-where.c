/*
 * profile/where: which instructions a verdict's excess is read from, and
 * the line and instruction that hold most of it.  The kinds come from the
 * verdicts' meanings (results/profile-analysis.h: coalescing is global
 * sectors, conflicts shared wavefronts; SASS names each operation); the
 * shares are worked out by hand from the records made here.
 */
#include <stdlib.h>
#include <string.h>
#include "profile/where.h"
#include "util/error.h"
#include "tests/unit/unit.h"

static void kinds(void)
{
	static const struct {
		enum prof_verdict v;
		enum prof_where_count c;
	} want[] = {
		{ PV_LOAD_COALESCING, PW_SECTORS }, { PV_STORE_COALESCING, PW_SECTORS },
		{ PV_CP_ASYNC_COALESCING, PW_SECTORS }, { PV_ATOMIC_COALESCING, PW_SECTORS },
		{ PV_SHARED_LOAD_CONFLICTS, PW_WAVEFRONTS }, { PV_SHARED_STORE_CONFLICTS, PW_WAVEFRONTS },
		{ PV_SHARED_ATOMIC_CONFLICTS, PW_WAVEFRONTS }, { PV_NOT_PROFILED, PW_NONE },
		{ PV_NONE, PW_NONE }, { PV_COMPUTE_BOUND, PW_NONE }, { PV_MEMORY_BOUND, PW_NONE },
		{ PV_LATENCY_BOUND, PW_NONE }, { PV_OCCUPANCY_LIMIT, PW_NONE },
		{ PV_UNDERFILLED, PW_NONE },
	};

	_Static_assert(sizeof(want) / sizeof(want[0]) == PV_NVERDICTS, "every verdict");
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		is_int(prof_where_count(want[i].v), want[i].c, "verdict %d's count", (int)want[i].v);
}

static void ops(void)
{
	is_int(prof_where_op(PV_STORE_COALESCING, "STG"), 1, "a store verdict: its stores");
	ok(!prof_where_op(PV_STORE_COALESCING, "LDG"), "... not its loads");
	ok(prof_where_op(PV_LOAD_COALESCING, "LDG"), "a load verdict: LDG");
	ok(!prof_where_op(PV_LOAD_COALESCING, "LDGSTS"), "... not cp.async's LDGSTS");
	ok(prof_where_op(PV_CP_ASYNC_COALESCING, "LDGSTS"), "cp.async: LDGSTS");
	ok(prof_where_op(PV_ATOMIC_COALESCING, "ATOMG"), "atomics: ATOMG");
	ok(prof_where_op(PV_ATOMIC_COALESCING, "REDG"), "... and reductions, REDG");
	ok(prof_where_op(PV_SHARED_LOAD_CONFLICTS, "LDS"), "shared loads: LDS");
	ok(prof_where_op(PV_SHARED_LOAD_CONFLICTS, "LDSM"), "... and LDSM");
	ok(!prof_where_op(PV_SHARED_LOAD_CONFLICTS, "STS"), "... not STS");
	ok(prof_where_op(PV_SHARED_STORE_CONFLICTS, "STS"), "shared stores: STS");
	ok(prof_where_op(PV_SHARED_ATOMIC_CONFLICTS, "ATOMS"), "shared atomics: ATOMS");
	ok(!prof_where_op(PV_SHARED_ATOMIC_CONFLICTS, "ATOMG"), "... not global ones");
	is_int(prof_where_op(PV_STORE_COALESCING, NULL), 1, "no operation counted: any instruction");
	ok(!prof_where_op(PV_LATENCY_BOUND, NULL), "... of a memory or bank verdict only");
	ok(!prof_where_op(PV_STORE_COALESCING, "STGX"), "an unknown name: none");
}

static void excess(void)
{
	struct prof_rec r;

	prof_rec_init(&r, PROF_PC, 1);
	r.sectors = 40;
	r.sectors_ideal = 8;
	r.wavefronts = 3;
	r.wavefronts_ideal = 1;
	is_dbl(prof_where_excess(&r, PW_SECTORS), 32, 0, "40 sectors where 8 would do: 32");
	is_dbl(prof_where_excess(&r, PW_WAVEFRONTS), 2, 0, "3 wavefronts where 1 would do: 2");
	r.wavefronts_ideal = 0;
	is_dbl(prof_where_excess(&r, PW_NONE), 0, 0, "no count: none");
	r.sectors = 4;
	is_dbl(prof_where_excess(&r, PW_SECTORS), 0, 0, "fewer than the ideal: none, not negative");
}

static struct prof_rec pc(const char *kernel, int dev, unsigned long long off, const char *file,
			  int line, const char *op, int bytes, unsigned long long sectors,
			  unsigned long long ideal)
{
	struct prof_rec r;

	prof_rec_init(&r, PROF_PC, 1);
	r.kernel = (char *)kernel;
	r.dev = dev;
	r.nth = 4;
	r.hot_pc = off;
	r.hot_file = (char *)file;
	r.hot_line = line;
	r.op = (char *)op;
	r.op_bytes = bytes;
	r.inst_executed = 100;
	r.sectors = sectors;
	r.sectors_ideal = ideal;
	return r;
}

/* Free what prof_where made (the kernel's name is the test's). */
static void kernel_done(struct prof_kernel *k)
{
	prof_kernel_free(&(struct prof_kernel){ .verdict_text = k->verdict_text, .where = k->where });
}

static void kernel_init(struct prof_kernel *k, enum prof_verdict v)
{
	memset(k, 0, sizeof(*k));
	k->kernel = "K";
	k->verdict = v;
	k->verdict_text = gp_xstrdup("stores write 8.0x the bytes they use");
}

/*
 * Kernel K's stores: 35 and 25 excess sectors at a.cu:10, 40 at a.cu:12:
 * 100 in all, the line 60 % in 2 of 3, the worst instruction (0x40) 40 %.
 * Left out: a load with more excess, the same kernel on another device,
 * another kernel, a sampled-only record (no counts).
 */
static void where(void)
{
	struct prof_rec v[] = {
		pc("K", 0, 0x10, "a.cu", 10, "STG", 8, 43, 8),
		pc("K", 0, 0x20, "a.cu", 10, "STG", 8, 33, 8),
		pc("K", 0, 0x40, "a.cu", 12, "STG", 8, 48, 8),
		pc("K", 0, 0x50, "a.cu", 12, "LDG", 8, 1008, 8),
		pc("K", 1, 0x60, "a.cu", 12, "STG", 8, 1008, 8),
		pc("L", 0, 0x70, "a.cu", 12, "STG", 8, 1008, 8),
		pc("K", 0, 0x80, "a.cu", 12, "STG", 8, 1008, 8),
	};
	struct prof_records rs = { v, 7, 7 };
	struct prof_kernel k;

	v[6].inst_executed = 0;
	v[6].stall_samples = 9;
	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&rs, &k);
	is_int(k.where.known, 1, "the stores' excess is known");
	is_str(k.where.file, "a.cu", "the line's file");
	is_int(k.where.line, 10, "the line with the most excess: 10 (60), not 12 (40)");
	is_dbl(k.where.line_share, 0.6, 1e-12, "its share: 60 of 100");
	is_int(k.where.line_instrs, 2, "its two stores");
	is_int(k.where.instrs, 3, "three stores with excess in all");
	is_int(k.where.offset, 0x40, "the worst store: 0x40");
	is_dbl(k.where.share, 0.4, 1e-12, "its share: 40 of 100");
	is_str(k.where.op, "STG", "its operation");
	is_int(k.where.bytes, 8, "its bytes a thread");
	is_int(k.where.launch, 4, "the patched launch");
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: a.cu:10 holds 60 % of "
	       "the excess (2 of 3 instructions); the worst, STG (8 bytes a thread) at 0x40, 40 %",
	       "the sentence ends with where");
	kernel_done(&k);

	kernel_init(&k, PV_LOAD_COALESCING);
	prof_where(&rs, &k);
	is_int(k.where.offset, 0x50, "a load verdict: the load, alone");
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: one LDG (8 bytes a "
	       "thread) at a.cu:12 (0x50) holds all the excess", "one instruction, said so");
	kernel_done(&k);

	kernel_init(&k, PV_LATENCY_BOUND);
	prof_where(&rs, &k);
	ok(!k.where.known, "a latency verdict: no instruction to name");
	is_str(k.verdict_text, "stores write 8.0x the bytes they use", "its sentence unchanged");
	free(k.verdict_text);

	kernel_init(&k, PV_SHARED_LOAD_CONFLICTS);
	prof_where(&rs, &k);
	ok(!k.where.known, "a shared verdict: no shared instruction counted, nothing named");
	free(k.verdict_text);
}

/* No line table (PyTorch's kernels): the instructions by offset, and why no line. */
static void no_lines(void)
{
	struct prof_rec v[] = {
		pc("K", 0, 0x10, NULL, 0, "LDG", 4, 24, 8),
		pc("K", 0, 0x20, NULL, 0, "LDG", 4, 24, 8),
		pc("K", 0, 0x30, NULL, 0, "LDG", 4, 24, 8),
	};
	struct prof_records rs = { v, 3, 3 };
	struct prof_kernel k;

	kernel_init(&k, PV_LOAD_COALESCING);
	prof_where(&rs, &k);
	ok(!k.where.file, "no file");
	is_int(k.where.offset, 0x10, "a tie: the first, the lower offset");
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: 3 instructions hold the "
	       "excess, no source line known (build with -lineinfo); the worst, LDG (4 bytes a "
	       "thread) at 0x10, 33 %", "no line: the offset, and how to get lines");
	kernel_done(&k);
}

/* One instruction of the least excess, 1 sector: named, as one. */
static void least(void)
{
	struct prof_rec v[] = { pc("K", 0, 0x10, "a.cu", 10, "STG", 1, 9, 8) };
	struct prof_records rs = { v, 1, 1 };
	struct prof_kernel k;

	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&rs, &k);
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: one STG (1 byte a thread) "
	       "at a.cu:10 (0x10) holds all the excess", "an excess of one sector is named");
	kernel_done(&k);
}

/*
 * Lines are a file and a number: a.cu:10 (10), b.cu:10 (20) and a
 * no-file :10 (5) are three, b.cu:10 holds 20 of 35.  Left out: a record
 * of no kernel, a launch record.  And a tie between two lines: the first.
 */
static void lines(void)
{
	struct prof_rec v[] = {
		pc("K", 0, 0x10, "a.cu", 10, "STG", 4, 18, 8),
		pc("K", 0, 0x20, "b.cu", 10, "STG", 4, 28, 8),
		pc("K", 0, 0x30, NULL, 10, "STG", 4, 13, 8),
		pc(NULL, 0, 0x40, "b.cu", 10, "STG", 4, 1008, 8),
		pc("K", 0, 0x50, "b.cu", 10, "STG", 4, 1008, 8),
	};
	struct prof_rec t[] = {
		pc("K", 0, 0x10, "c.cu", 1, "STG", 0, 18, 8),
		pc("K", 0, 0x20, "c.cu", 2, NULL, 4, 18, 8),
	};
	struct prof_records rs = { v, 5, 5 }, ts = { t, 2, 2 };
	struct prof_kernel k;

	v[4].type = PROF_LAUNCH;
	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&rs, &k);
	is_str(k.where.file, "b.cu", "the line of the most: b.cu");
	is_dbl(k.where.line_share, 20.0 / 35, 1e-12, "20 of 35");
	is_int(k.where.line_instrs, 1, "one instruction there: a.cu:10 and :10 are other lines");
	is_int(k.where.instrs, 3, "three instructions in all");
	kernel_done(&k);

	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&ts, &k);
	is_int(k.where.line, 1, "a tie between lines: the first");
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: c.cu:1 holds 50 % of the "
	       "excess (1 of 2 instructions); the worst, STG at 0x10, 50 %",
	       "an operation without its width: the name alone");
	kernel_done(&k);

	t[0].hot_pc = 0x30;   /* the second now the worst: an operation unknown */
	t[1].sectors = 28;
	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&ts, &k);
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: c.cu:2 holds 67 % of the "
	       "excess (1 of 2 instructions); the worst, an instruction at 0x20, 67 %",
	       "no operation counted: an instruction");
	kernel_done(&k);

	kernel_init(&k, PV_STORE_COALESCING);
	free(k.verdict_text);
	k.verdict_text = NULL;
	prof_where(&ts, &k);
	ok(!k.verdict_text, "no sentence: none made");
	kernel_done(&k);
}

/* The opcode nvdisasm names comes first, a predicate left out; the width stays the count's. */
static void named(void)
{
	struct prof_rec v[] = { pc("K", 0, 0x10, "a.cu", 10, "STG", 8, 40, 8) };
	struct prof_records rs = { v, 1, 1 };
	struct prof_kernel k;

	v[0].sass = (char *)"@P0 STG.E.64 desc[UR4][R4.64], R6";
	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&rs, &k);
	is_str(k.where.sass, "@P0 STG.E.64 desc[UR4][R4.64], R6", "the instruction kept whole");
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: one STG.E.64 (8 bytes a "
	       "thread) at a.cu:10 (0x10) holds all the excess", "its opcode in the sentence");
	kernel_done(&k);

	v[0].sass = (char *)"LDS.128 R4, [R2]";
	v[0].op_bytes = 0;
	kernel_init(&k, PV_STORE_COALESCING);
	prof_where(&rs, &k);
	is_str(k.verdict_text, "stores write 8.0x the bytes they use; where: one LDS.128 at a.cu:10 "
	       "(0x10) holds all the excess", "no width counted: the opcode alone");
	kernel_done(&k);
}

int main(void)
{
	kinds();
	ops();
	excess();
	where();
	no_lines();
	least();
	lines();
	named();
	return done_testing();
}
