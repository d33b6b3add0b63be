/*
 * gpuperf pcie without a GPU: the plan built from options (default and
 * size sweeps), batching of small copies, the overlap arithmetic, the
 * --overlap kernel's closed form, and cpulist parsing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "probes/pcie.h"
#include "kernels/pcie-pattern.h"
#include "tests/unit/unit.h"
#include "util/parse.h"

/* The options as `gpuperf pcie ARGS` parses them: the real rows and defaults. */
static void parse_opts(struct pcie_opts *o, const char *const *args)
{
	char *argv[16] = { (char *)"pcie" };
	struct gp_ctx ctx;
	struct gp_args given;
	int argc = 1;

	memset(&ctx, 0, sizeof(ctx));
	memset(o, 0, sizeof(*o));
	for (; args && *args && argc < 15; args++)
		argv[argc++] = (char *)*args;
	ok(cli_parse(&ctx, &gp_cmd_pcie, argc, argv, o, &given) == 0,
	   "gpuperf pcie's options parse (%d arguments)", argc - 1);
}

static void opts_free(struct pcie_opts *o)
{
	cli_free_args(&gp_cmd_pcie, o);
}

static size_t count_jobs(const struct pcie_plan *p, enum pcie_dir d, enum pcie_mem m)
{
	size_t n = 0;
	for (size_t i = 0; i < p->njobs; i++)
		n += p->jobs[i].dir == d && p->jobs[i].mem == m;
	return n;
}

static void test_default_plan(void)
{
	struct pcie_opts o;
	struct pcie_plan p;
	int ordered = 1;

	parse_opts(&o, NULL);
	pcie_plan_build(&o, &p);
	/* 3 directions x (pageable, pinned, wc), pinned H2D and D2H with the 4-size sweep. */
	is_int(p.njobs, 3 * 3 + 2 * 4, "default plan: 9 pairs at 256 MiB plus 8 sweep points");
	is_int(count_jobs(&p, PCIE_H2D, PCIE_PINNED), 5, "pinned H2D: 4K, 64K, 1M, 16M, 256M");
	is_int(count_jobs(&p, PCIE_BIDIR, PCIE_PINNED), 1, "pinned bidir: 256 MiB only");
	is_int(count_jobs(&p, PCIE_H2D, PCIE_PAGEABLE), 1, "pageable H2D: 256 MiB only");
	is_int(count_jobs(&p, PCIE_H2D, PCIE_MAPPED), 0, "mapped is not a default");
	is_int(count_jobs(&p, PCIE_H2D, PCIE_REGISTERED), 0, "registered is not a default");
	is_int(p.jobs[0].dir, PCIE_H2D, "first job: H2D");
	is_int(p.jobs[0].mem, PCIE_PAGEABLE, "first job: pageable");
	is_int(p.jobs[0].size, 256ull << 20, "first job: 256 MiB");
	is_int(p.jobs[1].mem, PCIE_PINNED, "then pinned");
	is_int(p.jobs[1].size, 4096, "pinned sweep starts at 4 KiB");
	for (size_t i = 1; i < p.njobs; i++)
		if (p.jobs[i].dir < p.jobs[i - 1].dir ||
		    (p.jobs[i].dir == p.jobs[i - 1].dir && p.jobs[i].mem < p.jobs[i - 1].mem) ||
		    (p.jobs[i].dir == p.jobs[i - 1].dir && p.jobs[i].mem == p.jobs[i - 1].mem &&
		     p.jobs[i].size <= p.jobs[i - 1].size))
			ordered = 0;
	ok(ordered, "jobs ordered by direction, memory, size");
	is_int(p.reps, 10, "default repetitions");
	is_int(p.warmup, 2, "default warm-up");
	ok(p.bind, "binding to the GPU's node by default");
	/* pinned holds 256 MiB each way at once: the hungriest kind */
	is_int(pcie_plan_host_bytes(&p), 512ull << 20, "host memory held at once: 2 x 256 MiB");
	pcie_plan_free(&p);
	opts_free(&o);
}

static void test_sweep_plan(void)
{
	struct pcie_opts o;
	struct pcie_plan p;
	int ok_sizes = 1;

	parse_opts(&o, (const char *const[]){ "--size", "4-1G:x4", "--direction", "h2d,bidir",
					       "--memory", "mapped", NULL });
	is_int(o.sizes.n, 15, "4-1G:x4 is 4, 16, ..., 1 GiB: 15 sizes");
	pcie_plan_build(&o, &p);
	is_int(p.njobs, 2 * 15, "2 directions x 1 memory x 15 sizes");
	for (size_t i = 0; i < 15; i++)
		if (p.jobs[i].size != 4ull << (2 * i) || p.jobs[i].dir != PCIE_H2D ||
		    p.jobs[i].mem != PCIE_MAPPED)
			ok_sizes = 0;
	ok(ok_sizes, "H2D mapped at 4 x 4^i bytes, in the order written");
	is_int(p.jobs[15].dir, PCIE_BIDIR, "then bidir");
	is_int(p.jobs[29].size, 1ull << 30, "last: 1 GiB");
	is_int(pcie_plan_host_bytes(&p), 2ull << 30, "bidir at 1 GiB holds 2 GiB of host memory");
	pcie_plan_free(&p);
	opts_free(&o);

	parse_opts(&o, (const char *const[]){ "--size", "1M", "--direction", "d2h",
					       "--memory", "all", NULL });
	pcie_plan_build(&o, &p);
	is_int(p.njobs, 5, "one size, D2H, all five kinds: no sweep added");
	is_int(pcie_plan_host_bytes(&p), 1ull << 20, "D2H only holds one buffer per kind");
	pcie_plan_free(&p);
	opts_free(&o);
}

static void test_per_rep(void)
{
	is_int(pcie_per_rep(4), 32, "4 B: 32 copies per repetition (the cap)");
	is_int(pcie_per_rep(256 << 10), 32, "256 KiB: 32");
	is_int(pcie_per_rep(1 << 20), 8, "1 MiB: 8 (8 MiB per repetition)");
	is_int(pcie_per_rep(3 << 20), 3, "3 MiB: 3");
	is_int(pcie_per_rep(8 << 20), 1, "8 MiB: 1");
	is_int(pcie_per_rep(1ull << 30), 1, "1 GiB: 1");
	is_int(pcie_per_rep(0), 1, "0: 1");
}

static void test_lcg(void)
{
	static const unsigned iters[] = { 0, 1, 2, 7, 64, 1000, 4097 };
	uint32_t x0[] = { 0, 1, 0xdeadbeef, 0xffffffff };

	for (size_t i = 0; i < sizeof(iters) / sizeof(iters[0]); i++) {
		uint32_t a, c;
		int good = 1;
		pcie_lcg_compose(iters[i], &a, &c);
		for (size_t k = 0; k < 4; k++) {
			uint32_t x = x0[k];
			for (unsigned s = 0; s < iters[i]; s++)
				x = x * PCIE_LCG_A + PCIE_LCG_C;
			if (x != a * x0[k] + c)
				good = 0;
		}
		ok(good, "%u kernel steps equal one affine map (the host's check of --overlap)", iters[i]);
	}
}

static void test_overlap_math(void)
{
	struct pcie_overlap_row r = { 0 };

	r.h2d_us = 4000;
	r.d2h_us = 4000;
	r.kernel_us = 8000;
	r.serial_us.median = 16000;
	r.overlapped_us.median = 9000;
	is_dbl(pcie_overlap_speedup(&r), 16000.0 / 9000, 1e-12, "speed-up: serial / overlapped");
	is_dbl(pcie_overlap_hidden_pct(&r), 87.5, 1e-9, "7 of 8 ms of the shorter activity hidden: 87.5 %%");
	r.kernel_us = 2000;
	r.serial_us.median = 10000;
	r.overlapped_us.median = 8000;
	is_dbl(pcie_overlap_hidden_pct(&r), 100.0, 1e-9, "the kernel is the shorter one: 2 of 2 ms hidden");
	r.overlapped_us.median = 10500;
	ok(pcie_overlap_hidden_pct(&r) < 0, "slower when split: a negative share, shown as is");
	r.overlapped_us.median = 0;
	ok(isnan(pcie_overlap_speedup(&r)), "no overlapped time: no speed-up");
	r = (struct pcie_overlap_row){ 0 };
	ok(isnan(pcie_overlap_hidden_pct(&r)), "nothing measured: no share");
}

static void test_cpulist(void)
{
	unsigned char set[128];

	is_int(pcie_parse_cpulist("0-3,8,10-11", set, 1024), 7, "0-3,8,10-11 is 7 CPUs");
	ok(set[0] == 0x0f && set[1] == 0x0d, "the right bits");
	is_int(pcie_parse_cpulist("0", set, 1024), 1, "one CPU");
	is_int(pcie_parse_cpulist("0-3,2-5", set, 1024), 6, "overlapping ranges counted once");
	is_int(pcie_parse_cpulist("", set, 1024), -1, "empty list refused");
	is_int(pcie_parse_cpulist("3-1", set, 1024), -1, "backward range refused");
	is_int(pcie_parse_cpulist("1,,2", set, 1024), -1, "empty item refused");
	is_int(pcie_parse_cpulist("a", set, 1024), -1, "garbage refused");
	is_int(pcie_parse_cpulist("1-", set, 1024), -1, "open range refused");
}

int main(void)
{
	test_default_plan();
	test_sweep_plan();
	test_per_rep();
	test_lcg();
	test_overlap_math();
	test_cpulist();
	return done_testing();
}
