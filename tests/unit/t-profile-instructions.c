/*
 * profile/instructions: the pc records of the kernels the analysis kept,
 * in its order, each kernel's most sampled first, their shares of the
 * kernel's samples, and --top.  The records are made here; the expected
 * shares are worked out by hand (a kernel of 600 + 300 + 100 samples:
 * 60, 30 and 10 %), and so are the lines'.
 */
#include <stdlib.h>
#include <string.h>
#include "profile/instructions.h"
#include "tests/unit/unit.h"

static struct prof_rec recs[24];
static size_t nrecs;

static void pc_in(const char *file, const char *kernel, int dev, unsigned long long offset,
		  unsigned long long n, int line)
{
	struct prof_rec *r = &recs[nrecs++];

	prof_rec_init(r, PROF_PC, 1);
	r->kernel = (char *)kernel;
	r->dev = dev;
	r->nth = 4;
	r->hot_pc = offset;
	r->hot_file = line ? (char *)file : NULL;
	r->hot_line = line;
	r->stall[PS_LONG_SCOREBOARD] = n;
	r->stall_samples = n;
}

static void pc(const char *kernel, int dev, unsigned long long offset, unsigned long long n,
	       int line)
{
	pc_in("/src/k.cu", kernel, dev, offset, n, line);
}

/*
 * The records: kernel b (the analysis's first row) 50 + 50 + 30 + 30 + 30
 * + 10 + 10 = 210 samples; kernel a 600 + 300 + 300 + 100 = 1300.
 */
static void records(void)
{
	pc("_Z1av", 0, 0x10, 300, 7);
	pc("_Z1av", 0, 0x20, 600, 8);
	pc("_Z1av", 0, 0x18, 300, 9);      /* line 7's tie, seen after it */
	pc("_Z1av", 0, 0x30, 100, 0);      /* no line table */
	pc("_Z1bv", 0, 0x40, 50, 3);
	pc("_Z1bv", 0, 0x08, 50, 3);
	pc("_Z1bv", 0, 0x50, 10, 3);       /* a tie in rising order, after one in falling order */
	pc("_Z1bv", 0, 0x60, 10, 3);
	pc("_Z1bv", 0, 0x70, 0, 3);        /* no samples of a state: no instruction */
	pc_in("/src/h.cuh", "_Z1bv", 0, 0x80, 30, 3);   /* line 3 of another file */
	pc("_Z1bv", 0, 0x90, 30, 8);       /* line 8, as kernel a's: another kernel's line */
	pc("_Z1bv", 0, 0xa0, 30, 2);       /* a three-way tie of lines: 3, 8, then 2 */
}

static void instructions(const struct prof_records *rs, struct prof_kernel *k)
{
	struct prof_analysis a = { .k = k, .n = 2 };
	struct prof_instrs in;

	prof_instructions(rs, &a, 0, &in);
	is_int((int)in.n, 11, "the kept kernels' instructions with samples, every one");
	is_int((int)in.kernels, 2, "of two kernels");
	is_int((int)in.others, 0, "none left out");
	if (in.n == 11) {
		ok(in.v[0].k == &k[0] && in.v[6].k == &k[0], "the analysis's first kernel first");
		ok(in.v[0].offset == 0x08 && in.v[1].offset == 0x40 && in.v[2].offset == 0x80 &&
		   in.v[3].offset == 0x90 && in.v[4].offset == 0xa0 && in.v[5].offset == 0x50 &&
		   in.v[6].offset == 0x60, "  the most sampled first, a tie's lower offset first");
		is_dbl(in.v[0].kernel_share, 50.0 / 210, 1e-12, "  50 of its 210 samples");
		ok(in.v[7].k == &k[1], "then the second kernel");
		ok(in.v[7].offset == 0x20 && in.v[8].offset == 0x10 && in.v[9].offset == 0x18 &&
		   in.v[10].offset == 0x30, "  its most sampled first");
		is_dbl(in.v[7].kernel_share, 600.0 / 1300, 1e-12, "  600 of 1300");
		is_dbl(in.v[10].kernel_share, 100.0 / 1300, 1e-12, "  100 last");
		is_str(in.v[7].file, "/src/k.cu", "  its file");
		is_int((int)in.v[7].line, 8, "  its line");
		ok(!in.v[10].file, "  no line table: no file");
		is_int((int)in.v[7].launch, 4, "  which launch was sampled");
		is_dbl(in.v[7].st.by[PS_LONG_SCOREBOARD], 600, 0, "  its states");
	}
	/*
	 * By line: kernel b's k.cu:3 holds 50 + 50 + 10 + 10 = 120 of its 210,
	 * then h.cuh:3, k.cu:8 and k.cu:2 30 each (the lowest line first);
	 * kernel a's line 8 600 of 1300, lines 7 and 9 300 each, its 100
	 * without a line none.
	 */
	is_int((int)in.nlines, 7, "seven lines: one file's line 3 is not another's, nor one "
	       "kernel's line 8 another's");
	if (in.nlines == 7) {
		ok(in.lines[0].k == &k[0] && in.lines[0].line == 3 &&
		   !strcmp(in.lines[0].file, "/src/k.cu"), "k.cu:3 first");
		is_dbl(in.lines[0].samples, 120, 0, "  its instructions' samples together");
		is_dbl(in.lines[0].kernel_share, 120.0 / 210, 1e-12, "  120 of 210");
		ok(in.lines[1].line == 2 && in.lines[2].line == 3 && in.lines[3].line == 8 &&
		   !strcmp(in.lines[2].file, "/src/h.cuh") && in.lines[3].k == &k[0],
		   "then the tie of 30: lines 2, 3 (h.cuh) and 8");
		is_dbl(in.lines[1].kernel_share, 30.0 / 210, 1e-12, "  30 of 210");
		ok(in.lines[4].k == &k[1] && in.lines[4].line == 8 && in.lines[5].line == 7 &&
		   in.lines[6].line == 9, "the second kernel's lines after, a tie's lower line first");
		is_dbl(in.lines[4].kernel_share, 600.0 / 1300, 1e-12, "  line 8: 600 of 1300");
		is_dbl(in.lines[5].kernel_share, 300.0 / 1300, 1e-12, "  line 7: 300 of 1300");
	}
	prof_instrs_free(&in);
	ok(!in.v && !in.n && !in.lines && !in.nlines, "freed");

	prof_instructions(rs, &a, 1, &in);
	is_int((int)in.n, 2, "--top 1: one of each kernel");
	is_int((int)in.others, 9, "the other nine counted");
	is_int((int)in.nlines, 7, "the lines count every instruction, not only those kept");
	if (in.n == 2) {
		is_int((int)in.v[1].offset, 0x20, "the most sampled kept");
		is_dbl(in.v[1].kernel_share, 600.0 / 1300, 1e-12,
		       "its share of all the kernel's samples");
	}
	prof_instrs_free(&in);
}

/* A pc record of the patched launch (launch 6) of kernel a at line 9: its counts, no samples. */
static struct prof_rec counted(unsigned long long offset, const char *op, unsigned long long sectors,
			       unsigned long long ideal, unsigned long long wavefronts,
			       unsigned long long wavefronts_ideal)
{
	struct prof_rec r;

	prof_rec_init(&r, PROF_PC, 1);
	r.kernel = (char *)"_Z1av";
	r.nth = 6;
	r.hot_pc = offset;
	r.hot_file = (char *)"/src/k.cu";
	r.hot_line = 9;
	r.op = (char *)op;
	r.op_bytes = op ? 4 : 0;
	r.inst_executed = 64;
	r.sectors = sectors;
	r.sectors_ideal = ideal;
	r.wavefronts = wavefronts;
	r.wavefronts_ideal = wavefronts_ideal;
	return r;
}

/*
 * Kernel a sampled (600 at 0x20, 100 at 0x30) and patched: 0x20 a load
 * of 40 excess sectors (one row, both figures); unsampled, by excess:
 * a shared load 0x40 (40 wavefronts) and a store 0x48 (40 sectors), a
 * tie, then a store 0x50 (24) and a shared load 0x58 (24), another, then
 * 0x68 (1 wavefront), a load 0x60 (none); 0x70 no memory instruction
 * (executed alone): no row.  Each tie puts a shared load on one side.
 */
static void with_counts(struct prof_kernel *k)
{
	struct prof_rec v[] = {
		recs[1], recs[3], counted(0x20, "LDG", 48, 8, 0, 0), counted(0x50, "STG", 32, 8, 0, 0),
		counted(0x58, "LDS", 0, 0, 34, 10), counted(0x70, NULL, 0, 0, 0, 0),
		counted(0x48, "STG", 48, 8, 0, 0), counted(0x60, "LDG", 8, 8, 0, 0),
		counted(0x68, "LDS", 0, 0, 3, 2), counted(0x40, "LDS", 0, 0, 50, 10),
	};
	struct prof_records rs = { v, 10, 10 };
	struct prof_analysis a = { .k = k, .n = 2 };
	static const unsigned long long order[] = { 0x20, 0x30, 0x40, 0x48, 0x50, 0x58, 0x68, 0x60 };
	struct prof_instrs in;
	int in_order = 1;

	prof_instructions(&rs, &a, 0, &in);
	is_int((int)in.n, 8, "two sampled, six more counted, the non-memory one left out");
	for (size_t i = 0; i < in.n && i < 8; i++)
		in_order &= in.v[i].offset == order[i];
	ok(in_order, "the most samples first, then the most excess, a tie's lower offset first");
	if (in.n == 8) {
		is_int((int)in.v[0].launch, 4, "0x20: its sampled launch");
		is_int((int)in.v[0].counted_launch, 6, "  and its patched one, in one row");
		is_dbl(in.v[0].st.total, 600, 0, "  its samples");
		is_int((int)in.v[0].sectors, 48, "  its sectors");
		is_int((int)in.v[0].sectors_ideal, 8, "  their ideal");
		is_str(in.v[0].op, "LDG", "  its operation");
		is_int(in.v[0].op_bytes, 4, "  its bytes");
		is_int((int)in.v[0].executed, 64, "  its warp instructions");
		is_dbl(in.v[0].kernel_share, 600.0 / 700, 1e-12, "  600 of the kernel's 700 samples");
		is_int((int)in.v[5].launch, 0, "0x58: not sampled");
		is_int((int)in.v[5].wavefronts, 34, "  its wavefronts");
		is_dbl(in.v[5].kernel_share, 0, 0, "  no share of the samples");
	}
	is_int((int)in.nlines, 1, "the lines are the samples': line 8; the counted at 9 add none");
	prof_instrs_free(&in);

	/* kernel b patched, never sampled: its rows have no share, not 0/0 */
	for (size_t i = 2; i < 10; i++)
		v[i].kernel = (char *)"_Z1bv";
	prof_instructions(&rs, &a, 0, &in);
	ok(in.n == 9 && in.v[0].k == &k[0] && in.v[0].offset == 0x20,
	   "kernel b's seven counted rows first (the analysis's order), 0x20 of a tie of three");
	if (in.n == 9)
		is_dbl(in.v[0].kernel_share, 0, 0, "  a kernel without samples: a share of 0");
	prof_instrs_free(&in);

	/* a kernel of one sample: all of them */
	rs.v = &recs[1];
	rs.n = 1;
	recs[1].stall_samples = 1;
	recs[1].stall[PS_LONG_SCOREBOARD] = 1;
	prof_instructions(&rs, &a, 0, &in);
	ok(in.n == 1 && in.v[0].kernel_share == 1, "one sample: 100 %% of its kernel's");
	prof_instrs_free(&in);
	recs[1].stall_samples = recs[1].stall[PS_LONG_SCOREBOARD] = 600;
}

int main(void)
{
	struct prof_kernel k[2] = { { .kernel = (char *)"_Z1bv", .dev = 0 },
				    { .kernel = (char *)"_Z1av", .dev = 0 } };
	struct prof_analysis a = { .k = k, .n = 2 };
	struct prof_records rs;
	struct prof_instrs in;
	size_t kept;

	records();
	kept = nrecs;
	pc("_Z1av", 1, 0x10, 999, 7);      /* another device's kernel of the name: not kept */
	pc("_Z1cv", 0, 0x10, 999, 7);      /* a kernel the analysis left out */
	recs[nrecs] = recs[0];
	recs[nrecs].type = PROF_LAUNCH;    /* a launch record: not an instruction */
	nrecs++;
	rs.v = recs;
	rs.n = nrecs;
	instructions(&rs, k);

	/* every record an instruction (ASan: nothing read past them) */
	rs.n = kept;
	recs[8] = recs[7];   /* the one without samples, replaced */
	recs[8].hot_pc = 0x68;
	prof_instructions(&rs, &a, 0, &in);
	is_int((int)in.n, 12, "only instructions: every one kept");
	prof_instrs_free(&in);

	with_counts(k);

	rs.n = 0;
	prof_instructions(&rs, &a, 0, &in);
	ok(in.n == 0 && in.kernels == 0 && in.nlines == 0, "no records: no rows");
	prof_instrs_free(&in);
	return done_testing();
}
