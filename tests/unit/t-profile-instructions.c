/*
 * profile/instructions: the pc records of the kernels the analysis kept,
 * in its order, each kernel's most sampled first, their shares of the
 * kernel's samples, and --top.  The records are made here; the expected
 * shares are worked out by hand (a kernel of 600 + 300 + 100 samples:
 * 60, 30 and 10 %).
 */
#include <stdlib.h>
#include <string.h>
#include "profile/instructions.h"
#include "tests/unit/unit.h"

static struct prof_rec recs[24];
static size_t nrecs;

static void pc(const char *kernel, int dev, unsigned long long offset, unsigned long long n,
	       int line)
{
	struct prof_rec *r = &recs[nrecs++];

	prof_rec_init(r, PROF_PC, 1);
	r->kernel = (char *)kernel;
	r->dev = dev;
	r->nth = 4;
	r->hot_pc = offset;
	r->hot_file = line ? (char *)"/src/k.cu" : NULL;
	r->hot_line = line;
	r->stall[PS_LONG_SCOREBOARD] = n;
	r->stall_samples = n;
}

int main(void)
{
	struct prof_kernel k[2] = { { .kernel = (char *)"_Z1bv", .dev = 0 },
				    { .kernel = (char *)"_Z1av", .dev = 0 } };
	struct prof_analysis a = { .k = k, .n = 2 };
	struct prof_records rs;
	struct prof_instrs in;

	pc("_Z1av", 0, 0x10, 300, 7);
	pc("_Z1av", 0, 0x20, 600, 8);
	pc("_Z1av", 0, 0x30, 100, 0);
	pc("_Z1bv", 0, 0x40, 50, 3);
	pc("_Z1bv", 0, 0x08, 50, 3);
	pc("_Z1bv", 0, 0x50, 10, 3);       /* a tie in rising order, after one in falling order */
	pc("_Z1bv", 0, 0x60, 10, 3);
	pc("_Z1bv", 0, 0x70, 0, 3);        /* no samples of a state: no instruction */
	pc("_Z1av", 1, 0x10, 999, 7);      /* another device's kernel of the name: not kept */
	pc("_Z1cv", 0, 0x10, 999, 7);      /* a kernel the analysis left out */
	recs[nrecs] = recs[0];
	recs[nrecs].type = PROF_LAUNCH;    /* a launch record: not an instruction */
	nrecs++;
	rs.v = recs;
	rs.n = nrecs;

	prof_instructions(&rs, &a, 0, &in);
	is_int((int)in.n, 7, "the kept kernels' instructions with samples, every one");
	is_int((int)in.kernels, 2, "of two kernels");
	is_int((int)in.others, 0, "none left out");
	if (in.n == 7) {
		ok(in.v[0].k == &k[0] && in.v[3].k == &k[0], "the analysis's first kernel first");
		ok(in.v[0].offset == 0x08 && in.v[1].offset == 0x40 && in.v[2].offset == 0x50 &&
		   in.v[3].offset == 0x60, "  the most sampled first, a tie's lower offset first");
		is_dbl(in.v[0].kernel_share, 50.0 / 120, 1e-12, "  50 of its 120 samples");
		ok(in.v[4].k == &k[1], "then the second kernel");
		is_int((int)in.v[4].offset, 0x20, "  its most sampled first");
		is_dbl(in.v[4].kernel_share, 0.6, 1e-12, "  600 of 1000");
		is_dbl(in.v[5].kernel_share, 0.3, 1e-12, "  then 300");
		is_dbl(in.v[6].kernel_share, 0.1, 1e-12, "  then 100");
		is_str(in.v[4].file, "/src/k.cu", "  its file");
		is_int((int)in.v[4].line, 8, "  its line");
		ok(!in.v[6].file, "  no line table: no file");
		is_int((int)in.v[4].launch, 4, "  which launch was sampled");
		is_dbl(in.v[4].st.by[PS_LONG_SCOREBOARD], 600, 0, "  its states");
	}
	prof_instrs_free(&in);
	ok(!in.v && !in.n, "freed");

	prof_instructions(&rs, &a, 1, &in);
	is_int((int)in.n, 2, "--top 1: one of each kernel");
	is_int((int)in.others, 5, "the other five counted");
	if (in.n == 2) {
		is_int((int)in.v[1].offset, 0x20, "the most sampled kept");
		is_dbl(in.v[1].kernel_share, 0.6, 1e-12, "its share of all the kernel's samples");
	}
	prof_instrs_free(&in);

	rs.n = 0;
	prof_instructions(&rs, &a, 0, &in);
	ok(in.n == 0 && in.kernels == 0, "no records: no rows");
	prof_instrs_free(&in);
	return done_testing();
}
