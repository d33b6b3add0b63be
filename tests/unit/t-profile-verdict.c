/*
 * The verdict of one kernel (profile/verdict.c) from its figures alone:
 * the thresholds at their edges (a waste of sectors or wavefronts counted
 * from 5 % of all the kernel's, weighed by that share; occupancy limited
 * under 50 %; worth fixing from 5 % of the time),
 * the words and commands of each finding, and the order of precedence
 * (compute bound over waste, waste over other bounds).  The figures are
 * hand-made, the way the analysis would fill them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"
#include "profile/analyze.h"

/* A profiled kernel, memory-bound at 50 % of DRAM, that wastes nothing. */
static struct prof_kernel kernel(void)
{
	struct prof_kernel k;

	memset(&k, 0, sizeof(k));
	k.profiled = k.launches = 1;
	k.cc_major = 9, k.sms = 132;
	k.grid = (struct prof_dim3){ 1024, 1, 1 };
	k.block = (struct prof_dim3){ 256, 1, 1 };
	k.regs = 32;
	k.dram_pct = NAN;
	k.ld.ratio = k.st.ratio = 1;
	k.sld.ways = k.sst.ways = 1;
	k.bound.kind = PB_MEMORY;
	k.bound.text = "memory-bound: DRAM at 50 %";
	k.bound.brief = "memory-bound (DRAM 50 %)";
	k.bound.at_stake = 0.5;
	k.bound.compute_frac = NAN;
	return k;
}

/* Loads of ratio x the ideal sectors, n of them, spr sectors per request. */
static void loads(struct prof_access *a, double ratio, double n, double spr)
{
	a->ratio = ratio;
	a->sectors = n;
	a->sectors_per_request = spr;
	a->ideal_per_request = spr / ratio;
}

static void clear(struct prof_kernel *k)
{
	free(k->verdict_text);
	free(k->verdict_short);
	free(k->command);
	k->verdict_text = k->verdict_short = k->command = NULL;
}

/*
 * The excess the analysis derives from the figures a case sets: sectors
 * (wavefronts) beyond sectors / ratio (wavefronts / ways).
 */
static void excess_of(struct prof_access *a)
{
	a->excess = a->ratio > 0 && a->sectors >= 0 ? a->sectors - a->sectors / a->ratio : NAN;
}

static void wave_excess_of(struct prof_shared *s)
{
	s->excess = s->ways > 0 && s->wavefronts >= 0 ? s->wavefronts - s->wavefronts / s->ways : NAN;
}

/* judge K: its verdict is WANT, its text holds WORDS and its command CMD (NULL: either unchecked). */
static void judge(struct prof_kernel *k, enum prof_verdict want, const char *words, const char *cmd,
		  const char *what)
{
	int good;

	excess_of(&k->ld);
	excess_of(&k->st);
	wave_excess_of(&k->sld);
	wave_excess_of(&k->sst);
	prof_verdict(k);
	good = k->verdict == want && (!words || (k->verdict_text && strstr(k->verdict_text, words))) &&
	       (!cmd || (k->command && strstr(k->command, cmd)));
	if (!ok(good, "%s: %s", what, prof_verdict_code(want)))
		diag("got %s: %s [%s]", prof_verdict_code(k->verdict), k->verdict_text,
		     k->command ? k->command : "no command");
}

static void coalescing_edges(void)
{
	struct prof_kernel k = kernel();

	/*
	 * A waste from 5 % of the kernel's sectors on: the loads alone, so
	 * 1 - 1/ratio; 1.06x is 5.7 %, a waste, 1.05x 4.8 %, coalesced
	 */
	loads(&k.ld, 1.1, 1000, 4.4);
	judge(&k, PV_LOAD_COALESCING, "global loads fetch 1.10x the bytes they use", "--offset 1",
	      "loads at 1.1x");
	is_dbl(k.waste, 1 - 1 / 1.1, 1e-12, "the stake: 1 - 1/1.1 of the traffic");
	clear(&k);
	loads(&k.ld, 1.06, 1000, 4.24);
	judge(&k, PV_LOAD_COALESCING, "global loads fetch 1.06x", NULL, "loads at 1.06x: 5.7 %");
	clear(&k);
	loads(&k.ld, 1.05, 1000, 4.2);
	judge(&k, PV_MEMORY_BOUND, "memory-bound", "gpuperf bandwidth", "loads at 1.05x: coalesced");
	clear(&k);
	/* sectors not counted: nothing to judge the waste by */
	loads(&k.ld, 2, 0, 8);
	judge(&k, PV_MEMORY_BOUND, NULL, "gpuperf bandwidth", "no sector counted: no waste");
	clear(&k);
	loads(&k.ld, 2, 1, 8);
	judge(&k, PV_LOAD_COALESCING, NULL, "--stride 2", "one sector, half of it wasted");
	clear(&k);
	/* loads not counted (NAN) add nothing to the traffic a store's excess is weighed in */
	k = kernel();
	loads(&k.ld, NAN, NAN, NAN);
	loads(&k.st, 1.1, 1, 4.4);
	judge(&k, PV_STORE_COALESCING, NULL, NULL, "one store sector, 9 % of it excess, loads uncounted");
	clear(&k);
	k = kernel();
	loads(&k.ld, 1.1, 1, 4.4);
	loads(&k.st, NAN, NAN, NAN);
	judge(&k, PV_LOAD_COALESCING, NULL, NULL, "one load sector, 9 % of it excess, stores uncounted");
	clear(&k);
	/* a tie: the loads first */
	loads(&k.ld, 2, 1000, 8);
	loads(&k.st, 2, 1000, 8);
	judge(&k, PV_LOAD_COALESCING, NULL, NULL, "loads and stores alike: the loads");
	clear(&k);
	k = kernel();
	/* the excess within all global traffic: 5 % counts, 4.9 % does not */
	loads(&k.ld, 2, 100, 8);
	loads(&k.st, 1, 900, 4);
	judge(&k, PV_LOAD_COALESCING, NULL, NULL, "50 excess sectors in 1000: 5 %");
	clear(&k);
	loads(&k.ld, 2, 98, 8);
	loads(&k.st, 1, 902, 4);
	judge(&k, PV_MEMORY_BOUND, NULL, "gpuperf bandwidth", "49 excess sectors in 1000: 4.9 %");
	clear(&k);
}

static void coalescing_words(void)
{
	struct prof_kernel k = kernel();

	/* every lane its own sector, from 31.5 sectors a request */
	loads(&k.st, 8, 1000, 31.5);
	judge(&k, PV_STORE_COALESCING, "every lane touches a 32-byte sector of its own",
	      "gpuperf coalesce --pattern transpose", "stores at 31.5 sectors a request");
	clear(&k);
	loads(&k.st, 7.9, 1000, 31.4);
	judge(&k, PV_STORE_COALESCING, "global stores write 7.9x the bytes they use (31.4 sectors "
	      "per request where 4.0 would do), like a stride-8 access", "--stride 8",
	      "31.4 sectors a request: a stride");
	clear(&k);
	k = kernel();
	/* misaligned below 1.9x, a stride from it */
	loads(&k.ld, 1.89, 1000, 7.56);
	judge(&k, PV_LOAD_COALESCING, "misaligned", "--offset 1", "1.89x: misaligned");
	clear(&k);
	loads(&k.ld, 1.9, 1000, 7.6);
	judge(&k, PV_LOAD_COALESCING, "like a stride-2 access, or fields", "--pattern stride --stride 2",
	      "1.9x: stride 2");
	clear(&k);
	/* a stride within 0.2 of a whole number; 3 is the AoS of three fields */
	loads(&k.ld, 3.15, 1000, 12.6);
	judge(&k, PV_LOAD_COALESCING, "like a stride-3 access", "--pattern stride,aos --stride 3",
	      "3.15x: stride 3");
	clear(&k);
	loads(&k.ld, 3.21, 1000, 12.84);
	judge(&k, PV_LOAD_COALESCING, "scattered addresses", NULL, "3.21x: more than 0.2 off");
	clear(&k);
	loads(&k.ld, 4.7, 1000, 18.8);
	judge(&k, PV_LOAD_COALESCING, "scattered addresses", "gpuperf coalesce --pattern stride",
	      "4.7x: scattered");
	clear(&k);
	loads(&k.ld, 5, 1000, 20);
	judge(&k, PV_LOAD_COALESCING, "like a stride-5 access", "--stride 5", "5x: no AoS beyond 4");
	ok(!strstr(k.verdict_text, "array of structures"), "no AoS words at stride 5");
	clear(&k);
	loads(&k.ld, 4, 1000, 16);
	judge(&k, PV_LOAD_COALESCING, "like a stride-4 access, or fields of an array of structures",
	      "--pattern stride --stride 4", "4x: AoS words up to 4");
	clear(&k);
	loads(&k.ld, 5, 1000, 20);
	/* the width of the accesses, for the command */
	k.ld.width = 16;
	judge(&k, PV_LOAD_COALESCING, NULL, "--stride 5 --width 16", "16-byte loads");
	clear(&k);
	k.ld.width = 8;
	judge(&k, PV_LOAD_COALESCING, NULL, "--stride 5 --width 8", "8-byte loads");
	clear(&k);
	k.ld.width = 4;
	judge(&k, PV_LOAD_COALESCING, NULL, "--stride 5", "4-byte loads: no --width");
	ok(!strstr(k.command, "--width"), "no --width for 4 bytes: %s", k.command);
	clear(&k);
	/* bytes not counted: the 4-byte ideal assumed, and said */
	k.ld.assumed = 1;
	k.ld.ideal_per_request = 1;
	judge(&k, PV_LOAD_COALESCING, "where 4.0 would do), like a stride-5 access (assuming 4-byte",
	      NULL, "assumed 4-byte accesses");
	clear(&k);
}

static void conflicts_edges(void)
{
	struct prof_kernel k = kernel();

	/* 1.5 ways is a conflict; 1.49 is not */
	k.sld = (struct prof_shared){ .instructions = 100, .wavefronts = 150, .ways = 1.5,
				      .wavefronts_per_instruction = 1.5, .ideal_per_instruction = 1 };
	judge(&k, PV_SHARED_LOAD_CONFLICTS, "a 2-way bank conflict, like a stride-2 access",
	      "gpuperf banks --pattern stride --stride 2", "1.5 ways");
	is_dbl(k.waste, 1 - 1 / 1.5, 1e-12, "the stake: a third of the wavefronts");
	clear(&k);
	/* from 5 % of the kernel's wavefronts on: 1.06 ways is 5.7 %, 1.05 4.8 % */
	k.sld.ways = 1.06;
	judge(&k, PV_SHARED_LOAD_CONFLICTS, "bank conflicts in some of them", NULL, "1.06 ways: 5.7 %");
	clear(&k);
	k.sld.ways = 1.05;
	judge(&k, PV_MEMORY_BOUND, NULL, "gpuperf bandwidth", "1.05 ways: no conflict");
	clear(&k);
	/* 16 ways and more: a tile's column; the store side says --op store */
	k.sst = (struct prof_shared){ .instructions = 100, .wavefronts = 1600, .ways = 16,
				      .wavefronts_per_instruction = 16, .ideal_per_instruction = 1 };
	judge(&k, PV_SHARED_STORE_CONFLICTS, "a 16-way bank conflict, as reading a column",
	      "gpuperf banks --pattern transpose --op store", "16-way stores");
	clear(&k);
	k.sst.ways = 15;
	k.sst.ideal_per_instruction = 2;
	judge(&k, PV_SHARED_STORE_CONFLICTS, "a 15-way bank conflict, like a stride-15",
	      "--stride 15 --op store --width 8", "15-way 8-byte stores");
	clear(&k);
	k.sst.ideal_per_instruction = 4;
	judge(&k, PV_SHARED_STORE_CONFLICTS, NULL, "--width 16", "16-byte stores");
	clear(&k);
	/* a mix of widths: an ideal halfway between two rounds up */
	k.sst.ideal_per_instruction = 3;
	judge(&k, PV_SHARED_STORE_CONFLICTS, NULL, "--width 16", "3 wavefronts ideal: 16 bytes");
	clear(&k);
	k.sst.ideal_per_instruction = 1.5;
	judge(&k, PV_SHARED_STORE_CONFLICTS, NULL, "--width 8", "1.5 wavefronts ideal: 8 bytes");
	clear(&k);
	k.sst.ideal_per_instruction = 1.4;
	judge(&k, PV_SHARED_STORE_CONFLICTS, NULL, "--stride 15 --op store", "1.4: 4 bytes");
	ok(!strstr(k.command, "--width"), "4 bytes: no --width in %s", k.command);
	clear(&k);
	/* wavefronts not counted: nothing to judge; one wavefront is some */
	k = kernel();
	k.sld = (struct prof_shared){ .wavefronts = 0, .ways = 4, .ideal_per_instruction = 1 };
	judge(&k, PV_MEMORY_BOUND, NULL, "gpuperf bandwidth", "no wavefront counted: no conflict");
	clear(&k);
	k.sld.wavefronts = 1;
	judge(&k, PV_SHARED_LOAD_CONFLICTS, "a 4-way bank conflict", NULL, "one wavefront, 4 ways");
	clear(&k);
	/* the same on the store side, the loads uncounted (NAN) */
	k.sld = (struct prof_shared){ .wavefronts = NAN, .ways = NAN };
	k.sst = (struct prof_shared){ .wavefronts = 1, .ways = 1.5, .ideal_per_instruction = 1 };
	judge(&k, PV_SHARED_STORE_CONFLICTS, "a 2-way bank conflict", NULL, "one store wavefront, 1.5 ways");
	/* 1 - 1/1.5 of its one wavefront, over that one wavefront alone */
	is_dbl(k.waste, 1.0 / 3, 1e-12, "  a third at stake: the uncounted loads add no wavefront");
	clear(&k);
	k.sld = (struct prof_shared){ .wavefronts = 1, .ways = 1.5, .ideal_per_instruction = 1 };
	k.sst = (struct prof_shared){ .wavefronts = NAN, .ways = NAN };
	judge(&k, PV_SHARED_LOAD_CONFLICTS, NULL, NULL, "one load wavefront, stores uncounted");
	clear(&k);
	/* the excess within all shared traffic: 5 % counts, under 5 % is nothing */
	k.sld = (struct prof_shared){ .wavefronts = 100, .ways = 2, .ideal_per_instruction = 1 };
	k.sst = (struct prof_shared){ .wavefronts = 900, .ways = 1 };
	judge(&k, PV_SHARED_LOAD_CONFLICTS, NULL, NULL, "50 excess wavefronts in 1000: 5 %");
	clear(&k);
	k.sst.ways = 2, k.sst.wavefronts = 100;
	k.sld = (struct prof_shared){ .wavefronts = 901, .ways = 1 };
	judge(&k, PV_MEMORY_BOUND, NULL, NULL, "50 excess wavefronts in 1001: under 5 %");
	clear(&k);
}

/*
 * The total a waste is weighed in: every instruction's sectors (shared
 * wavefronts), as Nsight Compute's source counters count them, where the
 * analysis has it, above the kinds' own (generic loads, TMA's writes).
 */
static void counted_totals(void)
{
	struct prof_kernel k = kernel();

	/* loads at 2x: 500 of their 1000 sectors excess, of 5000 in all: 10 % */
	k.per_kind = 1;
	k.sectors_all = 5000;
	loads(&k.ld, 2, 1000, 8);
	judge(&k, PV_LOAD_COALESCING, "; 10 % of the kernel's global sectors are excess", NULL,
	      "500 excess sectors of 5000");
	is_dbl(k.waste, 0.1, 1e-12, "  a tenth at stake, not the loads' half");
	clear(&k);

	/* a 2-way conflict: 247 of its 494 wavefronts excess, of 500 in all: 49.4 % */
	k = kernel();
	k.per_kind = 1;
	k.wavefronts_all = 500;
	k.sld = (struct prof_shared){ .wavefronts = 494, .ways = 2, .ideal_per_instruction = 1,
				      .wavefronts_per_instruction = 2 };
	k.sst = (struct prof_shared){ .wavefronts = 0, .ways = 1 };
	judge(&k, PV_SHARED_LOAD_CONFLICTS, "a 2-way bank conflict, like a stride-2 access (49 % of "
	      "the kernel's shared wavefronts are excess)", "--stride 2", "247 excess wavefronts of 500");
	is_dbl(k.waste, 0.494, 1e-12, "  49.4 %% at stake");
	is_str(k.verdict_short, "shared loads: 49 % excess wavefronts", "  its brief");
	clear(&k);
}

/* The largest waste wins, capped by the room the arithmetic leaves. */
static void precedence(void)
{
	struct prof_kernel k = kernel();

	loads(&k.ld, 2, 1000, 8);        /* 500 excess sectors */
	loads(&k.st, 4, 1000, 16);       /* 750 */
	judge(&k, PV_STORE_COALESCING, NULL, NULL, "stores waste more than loads");
	is_dbl(k.waste, 750.0 / 2000, 1e-12, "the stores' 750 of all 2000 sectors");
	clear(&k);
	k.sld = (struct prof_shared){ .wavefronts = 800, .ways = 8, .ideal_per_instruction = 1 };
	judge(&k, PV_SHARED_LOAD_CONFLICTS, NULL, NULL, "an 8-way conflict wastes more still");
	is_dbl(k.waste, 0.875, 1e-12, "its 87.5 %%");
	clear(&k);
	/* the arithmetic at 40 % of its ceiling leaves 60 % to gain */
	k.bound.compute_frac = 0.4;
	judge(&k, PV_SHARED_LOAD_CONFLICTS, NULL, NULL, "capped by the compute room");
	is_dbl(k.waste, 0.6, 1e-12, "at most 60 %%");
	clear(&k);
	/* near a compute ceiling: the bound, the waste beside it */
	k.bound.kind = PB_COMPUTE;
	k.bound.text = "compute-bound: FP32 at 80 %";
	k.bound.compute_frac = 0.8;
	k.bound.at_stake = 0.2;
	judge(&k, PV_COMPUTE_BOUND, "compute-bound: FP32 at 80 %; up to 20 % of its time to gain by "
	      "reaching that ceiling; besides, shared loads", NULL, "compute-bound over waste");
	ok(strstr(k.verdict_text, "(at most 20 % of its time)") != NULL, "the waste's stake: %s",
	   k.verdict_text);
	is_dbl(k.waste, 0.2, 1e-12, "the bound's stake");
	clear(&k);
	k.sld.ways = 10;
	k.sld.wavefronts = 1000;
	k.bound.compute_frac = 0.05;
	judge(&k, PV_COMPUTE_BOUND, "(at most 90 % of its time)", NULL, "a 10-way conflict beside it");
	clear(&k);
	k.bound.little_to_gain = 1;
	judge(&k, PV_COMPUTE_BOUND, "; little to gain", NULL, "little to gain");
	ok(!prof_worth_fixing(&k), "little to gain: not worth fixing first");
	clear(&k);
}

static void bounds(void)
{
	struct prof_kernel k = kernel();

	judge(&k, PV_MEMORY_BOUND, "memory-bound: DRAM at 50 %; up to 50 % of its time to gain",
	      "gpuperf bandwidth", "memory-bound");
	ok(prof_worth_fixing(&k), "50 %% at stake: worth fixing");
	clear(&k);
	k.bound.at_stake = 0.9;
	judge(&k, PV_MEMORY_BOUND, "; up to 90 % of its time to gain", NULL, "90 % at stake");
	clear(&k);
	k.bound.at_stake = 0.2;
	k.bound.little_to_gain = 1;
	judge(&k, PV_MEMORY_BOUND, "; little to gain", NULL, "memory-bound, little to gain");
	ok(!prof_worth_fixing(&k), "memory-bound with little to gain: not worth fixing first");
	clear(&k);
	k.bound.little_to_gain = 0;
	/* worth fixing first from 5 % of its time */
	k.bound.at_stake = 0.05;
	judge(&k, PV_MEMORY_BOUND, NULL, NULL, "5 % at stake");
	ok(prof_worth_fixing(&k), "5 %% at stake: worth fixing");
	clear(&k);
	k.bound.at_stake = 0.049;
	judge(&k, PV_MEMORY_BOUND, NULL, NULL, "4.9 % at stake");
	ok(!prof_worth_fixing(&k), "4.9 %% at stake: not worth fixing first");
	clear(&k);

	/* latency-bound: its advice; with occupancy held under 50 %, the limit */
	k = kernel();
	k.bound.kind = PB_LATENCY;
	k.bound.text = "latency-bound: no ceiling near";
	k.bound.advice = "the warps wait";
	judge(&k, PV_LATENCY_BOUND, "latency-bound: no ceiling near; the warps wait", "gpuperf latency",
	      "latency-bound");
	clear(&k);
	/* PC sampling's states (a chase's, on an H200) name what the warps wait on, and where */
	k.stalls.by[PS_LONG_SCOREBOARD] = 2137;
	k.stalls.by[PS_WAIT] = 20;
	k.stalls.total = 2159;
	k.stalls.hot_file = "chase.cu";
	k.stalls.hot_line = 39;
	judge(&k, PV_LATENCY_BOUND, "latency-bound: no ceiling near; 99 % of samples wait on a "
	      "global or local memory load (long scoreboard) at chase.cu:39: give each warp more "
	      "independent work", "gpuperf latency", "latency-bound, sampled");
	ok(!strstr(k.verdict_text, "the warps wait"), "  the generic advice gives way: %s",
	   k.verdict_text);
	clear(&k);
	k.have_occ = 1;
	k.occ = (struct occ_result){ .blocks = 1, .occupancy_pct = 25, .max_warps = 64,
				     .active_warps = 16, .binding = OCC_LIM_REGS };
	judge(&k, PV_OCCUPANCY_LIMIT, "held by registers: 32 per thread; 99 % of samples wait on a "
	      "global or local memory load (long scoreboard) at chase.cu:39", NULL,
	      "occupancy-limited, sampled: the states follow the limit");
	clear(&k);
	k.have_occ = 0;
	k.occ = (struct occ_result){ 0 };
	k.stalls = (struct prof_stalls){ 0 };
	k.bound.advice = NULL;
	judge(&k, PV_LATENCY_BOUND, NULL, "gpuperf latency", "latency-bound without advice");
	is_str(k.verdict_text, "latency-bound: no ceiling near", "  the bound's words alone");
	ok(prof_worth_fixing(&k), "latency-bound, 50 %% at stake, little to gain or not: worth fixing");
	clear(&k);
	k.bound.little_to_gain = 1;
	judge(&k, PV_LATENCY_BOUND, NULL, NULL, "latency-bound, little_to_gain set");
	ok(prof_worth_fixing(&k), "  not a compute or memory verdict: still worth fixing");
	clear(&k);
	k.bound.little_to_gain = 0;
	k.bound.advice = "the warps wait";
	k.have_occ = 1;
	k.occ = (struct occ_result){ .blocks = 1, .occupancy_pct = 50, .max_warps = 64,
				     .active_warps = 32, .binding = OCC_LIM_REGS };
	judge(&k, PV_LATENCY_BOUND, NULL, "gpuperf latency", "occupancy 50 %: not limited");
	clear(&k);
	k.occ.occupancy_pct = 49.9;
	judge(&k, PV_OCCUPANCY_LIMIT, "held by registers: 32 per thread",
	      "gpuperf occupancy --cc 9.0 --threads 256 --regs 32 --sweep regs", "occupancy 49.9 %");
	clear(&k);
	k.occ.blocks = 0;
	judge(&k, PV_LATENCY_BOUND, NULL, NULL, "no block fits: no occupancy verdict");
	clear(&k);
	k.occ.blocks = 1;
	k.occ.binding = OCC_LIM_SMEM;
	k.static_smem = 16384;
	k.dyn_smem = 49152;
	judge(&k, PV_OCCUPANCY_LIMIT, "held by shared memory: 64 KiB per block",
	      "--smem 65536 --sweep smem", "16 KiB static + 48 KiB dynamic");
	clear(&k);
	k.static_smem = k.dyn_smem = 0;
	/* no binding limit known: the calculator's words, else "a limit"; the next step after */
	k.occ.binding = 0;
	k.limiter = "barriers";
	k.next_step = "fewer barriers would allow 2 blocks";
	judge(&k, PV_OCCUPANCY_LIMIT, "held by barriers; fewer barriers would allow 2 blocks", NULL,
	      "the limiter's name and the next step");
	is_str(k.verdict_short, "occupancy 49.9 % (barriers)", "its brief");
	clear(&k);
	k.limiter = NULL;
	k.next_step = NULL;
	judge(&k, PV_OCCUPANCY_LIMIT, "held by a limit", NULL, "no limiter named");
	ok(strlen(k.verdict_text) > 15 &&
	   !strcmp(k.verdict_text + strlen(k.verdict_text) - 15, "held by a limit"),
	   "no next step after it: %s", k.verdict_text);
	is_str(k.verdict_short, "occupancy 49.9 % (?)", "its brief without a limiter");
	clear(&k);
	k.occ.binding = OCC_LIM_BLOCKS;
	judge(&k, PV_OCCUPANCY_LIMIT, "blocks of 256 threads are too small", "--sweep threads",
	      "blocks bind");
	clear(&k);
	k.occ.binding = OCC_LIM_WARPS;
	judge(&k, PV_OCCUPANCY_LIMIT, "blocks of 256 threads leave 32 of 64 idle", "--sweep threads",
	      "warps bind");
	clear(&k);
	k.block = (struct prof_dim3){ 8, 16, 2 };
	judge(&k, PV_OCCUPANCY_LIMIT, "blocks of 256 threads", "--threads 256 ", "8 x 16 x 2 threads");
	clear(&k);

	/* underfilled: the grid's blocks against the slots, or idle warps */
	k = kernel();
	k.bound.kind = PB_UNDERFILLED;
	k.bound.text = "underfilled";
	k.have_occ = 1;
	k.occ = (struct occ_result){ .blocks = 2, .occupancy_pct = 100, .max_warps = 64,
				     .active_warps = 64 };
	k.grid.x = 263;
	k.achieved_pct = 40;
	judge(&k, PV_UNDERFILLED, "the grid's 263 blocks fill 99.6 % of the 264 block slots (132 SMs x 2)",
	      "gpuperf occupancy", "263 blocks for 264 slots");
	clear(&k);
	k.grid.x = 264;
	judge(&k, PV_UNDERFILLED, "warps sit idle", "gpuperf occupancy", "264 blocks: the slots full");
	clear(&k);
	k.grid = (struct prof_dim3){ 3, 29, 3 };
	judge(&k, PV_UNDERFILLED, "the grid's 261 blocks fill 99 % of the 264", NULL, "a grid of 3 x 29 x 3");
	clear(&k);
	/* a theoretical occupancy of 0 (no block fits) says nothing of the grid */
	k.occ.occupancy_pct = 0;
	k.occ.blocks = 0;
	judge(&k, PV_UNDERFILLED, NULL, NULL, "a theoretical of 0 %");
	is_str(k.verdict_text, "underfilled", "  the bound's words alone");
	clear(&k);
	k.occ.blocks = 2;
	k.have_occ = 0;
	judge(&k, PV_UNDERFILLED, "underfilled", NULL, "no occupancy: the bound's words alone");
	ok(!k.command, "no occupancy: no command");
	clear(&k);
	/* sampled (the chase's states): the states follow, or stand alone */
	k.stalls.by[PS_LONG_SCOREBOARD] = 2137;
	k.stalls.total = 2159;
	judge(&k, PV_UNDERFILLED, "underfilled; 99 % of samples wait on a global or local memory load",
	      NULL, "underfilled, no words of its own, sampled: the states");
	clear(&k);
	k.have_occ = 1;
	k.occ.occupancy_pct = 100;
	judge(&k, PV_UNDERFILLED, "(132 SMs x 2); launch more blocks, or more work per launch; 99 % of "
	      "samples wait on a global or local memory load (long scoreboard)", NULL,
	      "underfilled, sampled: the states after its words");
	clear(&k);
	/* sampled and too short to catch a sample (PyTorch's CUDAFunctor_add, an H200): said */
	k.stalls = (struct prof_stalls){ .empty = 1, .empty_launch = 3 };
	judge(&k, PV_UNDERFILLED, "(132 SMs x 2); launch more blocks, or more work per launch; its "
	      "launch 3, PC-sampled, caught no sample (too short for the sampling period)", NULL,
	      "underfilled, sampled, no sample: said after its words");
	clear(&k);
	k.bound.kind = PB_LATENCY;
	k.bound.text = "latency-bound";
	k.bound.advice = "the warps wait";
	k.have_occ = 0;
	judge(&k, PV_LATENCY_BOUND, "the warps wait; its launch 3, PC-sampled, caught no sample",
	      "gpuperf latency", "latency-bound, sampled, no sample: after the advice");
	clear(&k);
	/* a memory-bound kernel's states are not its verdict, nor their absence */
	k.bound.kind = PB_MEMORY;
	k.bound.text = "memory-bound";
	judge(&k, PV_MEMORY_BOUND, NULL, NULL, "memory-bound, sampled, no sample");
	ok(!strstr(k.verdict_text, "sample"), "  nothing of sampling in its words: %s", k.verdict_text);
	clear(&k);
	k.stalls = (struct prof_stalls){ 0 };
	k.stalls.by[PS_LONG_SCOREBOARD] = 2137;
	k.stalls.total = 2159;
	judge(&k, PV_MEMORY_BOUND, NULL, NULL, "memory-bound, sampled");
	ok(!strstr(k.verdict_text, "samples"), "  no states in its words: %s", k.verdict_text);
	clear(&k);
	k.bound.kind = PB_COMPUTE;
	k.bound.text = "compute-bound";
	judge(&k, PV_COMPUTE_BOUND, NULL, NULL, "compute-bound, sampled");
	ok(!strstr(k.verdict_text, "samples"), "  no states in its words: %s", k.verdict_text);
	clear(&k);
}

static void not_judged(void)
{
	struct prof_kernel k = kernel();

	k.profiled = 0;
	judge(&k, PV_NOT_PROFILED, "no launch of it ran with counters", NULL, "not profiled");
	ok(!k.command && k.waste == 0, "not profiled: no command, nothing at stake");
	clear(&k);
	k.graph = k.launches = 3;
	judge(&k, PV_NOT_PROFILED, "launched only from CUDA graphs", NULL, "graph launches only");
	clear(&k);
	k.graph = 2;
	judge(&k, PV_NOT_PROFILED, "no launch of it ran with counters", NULL, "2 of 3 launches in graphs");
	clear(&k);
	k.graph = k.launches = 0;
	judge(&k, PV_NOT_PROFILED, "no launch of it ran with counters", NULL, "no launch seen at all");
	clear(&k);
	k = kernel();
	k.bound.kind = PB_UNKNOWN;
	judge(&k, PV_NONE, "nothing wasted in global coalescing or shared-memory banks", NULL,
	      "no bound, no waste");
	is_dbl(k.waste, 0, 0, "nothing at stake");
	ok(!strstr(k.verdict_text, "DRAM"), "no DRAM figure: %s", k.verdict_text);
	clear(&k);
	k.dram_pct = 12;
	judge(&k, PV_NONE, "; DRAM at 12 % of its peak", NULL, "no bound, DRAM known");
	clear(&k);
	loads(&k.ld, 2, 1000, 8);
	judge(&k, PV_LOAD_COALESCING, "global loads fetch", NULL, "no bound, a waste");
	ok(strncmp(k.verdict_text, "global loads", 12) == 0, "no bound words before it: %s",
	   k.verdict_text);
	clear(&k);
	is_str(prof_verdict_code(PV_UNDERFILLED), "underfilled", "the last verdict's code");
	ok(prof_verdict_code(PV_NVERDICTS) == NULL && prof_verdict_code((enum prof_verdict)-1) == NULL,
	   "no code out of range");
}

int main(void)
{
	coalescing_edges();
	coalescing_words();
	conflicts_edges();
	counted_totals();
	precedence();
	bounds();
	not_judged();
	return done_testing();
}
