/*
 * gpuperf check without a GPU: the floors file, the judging of fabricated
 * figures (floor, node outlier, contended, --strict), the baseline through
 * diff's engine, and the records the fleet reads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/baseline.h"
#include "judge/check.h"
#include "judge/read.h"
#include "results/check.h"
#include "tables/check.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

static const char floors_text[] =
	"# a comment\n"
	"\n"
	"product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,p2p_min_gbs,source\n"
	"NVIDIA H100 80GB HBM3,79.6,2679,2866,,41.6,46.0,,measured, x 0.90\n"
	"NVIDIA L40S,45,691,691,,23.6,23.6,,theoretical x 0.80\n";

static void test_floors(void)
{
	struct check_floors f;
	char err[512];
	struct gp_device d = { 0 };

	is_int(check_floors_parse(floors_text, "f.csv", &f, err, sizeof(err)), 0, "floors parse");
	is_int((int)f.n, 2, "two SKUs");
	is_str(f.v[0].source, "measured, x 0.90", "the source keeps its commas");
	is_dbl(f.v[0].fig[CHECK_DRAM_COPY], 2679, 1e-9, "DRAM copy floor");
	ok(isnan(f.v[0].fig[CHECK_L2_READ]), "an empty floor is none");
	snprintf(d.name, sizeof(d.name), "NVIDIA H100 80GB HBM3");
	d.total_mem_bytes = 81559ull << 20;
	ok(check_floor_of(&f, &d) == &f.v[0], "H100 SXM with 81559 MiB matches 79.6 GiB");
	d.total_mem_bytes = 40ull << 30;
	ok(check_floor_of(&f, &d) == NULL, "the same name with half the memory: no floor");
	/* gpuperf-check(1): "memory within 5 % of" the floor's; 79.6 GiB x 1.05 = 83.58 GiB */
	d.total_mem_bytes = (unsigned long long)(79.6 * 1.049 * (1 << 30));
	ok(check_floor_of(&f, &d) == &f.v[0], "4.9 %% more memory: the floor");
	d.total_mem_bytes = (unsigned long long)(79.6 * 1.0505 * (1 << 30));
	ok(check_floor_of(&f, &d) == NULL, "5.05 %% more memory: no floor");
	/* 5 % exactly is within 5 %: 45 GiB x 1.05 = 47.25 = 189/4 GiB, x 0.95 = 42.75 = 171/4 */
	snprintf(d.name, sizeof(d.name), "NVIDIA L40S");
	d.total_mem_bytes = 189ull << 28;
	ok(check_floor_of(&f, &d) == &f.v[1], "L40S with 47.25 GiB, 5 %% over 45: the floor");
	d.total_mem_bytes = 171ull << 28;
	ok(check_floor_of(&f, &d) == &f.v[1], "L40S with 42.75 GiB, 5 %% under 45: the floor");
	snprintf(d.name, sizeof(d.name), "NVIDIA B999");
	ok(check_floor_of(&f, &d) == NULL, "unknown SKU: no floor");
	check_floors_free(&f);

	static const struct { const char *text, *want; } bad[] = {
		{ "product,memory\nX,1\n", "f.csv:1: the first row must be the header product,"
		  "memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,p2p_min_gbs,source" },
		{ "prod,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,80,1,1,1,1,1,1,s\n", "f.csv:1: the first row must be the header" },
		{ "# only a comment\n", "f.csv: no header and no floors" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,80,1,2\n", "f.csv:2: 4 fields, not 9 (product,...)" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\n,80,1,1,1,1,1,1,s\n", "f.csv:2: the product name is empty" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,,1,1,1,1,1,1,s\n", "f.csv:2: memory_gib '' is not a number" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,80,inf,1,1,1,1,1,s\n", "f.csv:2: dram_copy_gbs 'inf'" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\n"
		  "PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP"
		  "PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP,80,1,1,1,1,1,1,s\n", "f.csv:2: the product name is empty or too long" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,80,fast,1,1,1,1,1,s\n", "f.csv:2: dram_copy_gbs 'fast'" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,80,1,-1,1,1,1,1,s\n", "f.csv:2: dram_read_gbs '-1'" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,0,1,1,1,1,1,1,s\n", "f.csv:2: memory_gib '0'" },
		{ "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,"
		  "p2p_min_gbs,source\nX,80,1,1,1,1,1,1,\n", "f.csv:2: the source is empty" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		is_int(check_floors_parse(bad[i].text, "f.csv", &f, err, sizeof(err)), -1,
		       "malformed floors %zu refused", i);
		ok(strstr(err, bad[i].want) != NULL, "  says '%s' (%s)", bad[i].want, err);
	}
}

/*
 * n H100 SXMs of one node, idle, every figure at a healthy one's as gpuperf
 * measured it (tests/fixtures/diff/h100/all-1.json and all-2.json: copy
 * 3025.5 and 3026.6, read 3186.0 and 3189.6, L2 7505 and 7631, pinned h2d
 * 50.2 and 48.9, d2h 54.8 and 55.1 GB/s); peer copies, which no fixture
 * holds, at 350.
 */
static void fake_run(struct check_run *run, size_t n)
{
	static const double healthy[CHECK_NFIGURES] = { 3026, 3188, 7568, 49.5, 55.0, 350 };

	memset(run, 0, sizeof(*run));
	snprintf(run->hostname, sizeof(run->hostname), "node1");
	snprintf(run->floors_from, sizeof(run->floors_from), "f.csv");
	run->ngpus = n;
	run->gpus = calloc(n, sizeof(*run->gpus));
	for (size_t i = 0; i < n; i++) {
		struct check_gpu *g = &run->gpus[i];

		g->dev.index = (int)i;
		snprintf(g->dev.name, sizeof(g->dev.name), "NVIDIA H100 80GB HBM3");
		snprintf(g->dev.hostname, sizeof(g->dev.hostname), "node1");
		snprintf(g->dev.uuid, sizeof(g->dev.uuid), "GPU-%zu", i);
		snprintf(g->dev.pci_bus_id, sizeof(g->dev.pci_bus_id), "0000:%02zx:00.0", i + 0x18);
		g->dev.cc_major = 9;
		g->dev.total_mem_bytes = 81559ull << 20;
		g->dev.link = (struct pcie_link){ 5, 16, 5, 16, 0, 0, "sysfs" };
		snprintf(g->serial, sizeof(g->serial), "165%zu", i);
		snprintf(g->driver, sizeof(g->driver), "580.159.04");
		memcpy(g->fig, healthy, sizeof(healthy));
		g->fig[CHECK_DRAM_COPY] += (double)i;  /* not all equal */
		g->pcie_gen = 5;
		g->pcie_width = 16;
		g->watch.watched = 1;
		g->watch.procs = TRUST_PROCS_VISIBLE;
		g->watch.reasons_read = 1;
	}
}

static struct check_floors floors(void)
{
	struct check_floors f;
	char err[256];

	check_floors_parse(floors_text, "f.csv", &f, err, sizeof(err));
	return f;
}

static void test_judge(void)
{
	struct check_floors f = floors();
	struct check_run run;

	fake_run(&run, 4);
	check_judge(&run, &f);
	is_int(check_run_status(&run), CHECK_PASS, "four healthy GPUs pass");
	for (size_t k = 0; k < CHECK_NITEMS; k++)
		is_str(check_status_names[run.gpus[2].v[k].status], "pass", "  %s passes",
		       check_item_names[k]);

	/* below the floor: fail, naming the floor and its source */
	run.gpus[1].fig[CHECK_DRAM_READ] = 2800;
	check_judge(&run, &f);
	is_int(run.gpus[1].v[CHECK_DRAM_READ].status, CHECK_FAIL, "below the floor fails");
	ok(strstr(run.gpus[1].v[CHECK_DRAM_READ].reason, "below the floor 2866.0 GB/s (measured, x 0.90)")
	   != NULL, "  the reason names the floor and its source: %s",
	   run.gpus[1].v[CHECK_DRAM_READ].reason);
	is_int(run.gpus[1].status, CHECK_FAIL, "  the GPU fails");
	is_int(check_run_status(&run), CHECK_FAIL, "  the run fails");

	/* 6 % below the node's median but above the floor: an outlier fails */
	check_run_free(&run);
	fake_run(&run, 4);
	run.gpus[3].fig[CHECK_DRAM_COPY] = 3027 * 0.94;
	check_judge(&run, &f);
	is_int(run.gpus[3].v[CHECK_DRAM_COPY].status, CHECK_FAIL, "DRAM 6 %% below the node fails");
	ok(strstr(run.gpus[3].v[CHECK_DRAM_COPY].reason, "below the node's median 3027.0 GB/s") != NULL,
	   "  the reason gives the median: %s", run.gpus[3].v[CHECK_DRAM_COPY].reason);
	is_dbl(run.gpus[3].v[CHECK_DRAM_COPY].median, 3027, 1e-9, "  the median of the others");
	/* 4 % below: within the spread */
	run.gpus[3].fig[CHECK_DRAM_COPY] = 3027 * 0.96;
	check_judge(&run, &f);
	is_int(run.gpus[3].v[CHECK_DRAM_COPY].status, CHECK_PASS, "DRAM 4 %% below passes");
	/* the host's link: an outlier warns */
	run.gpus[0].fig[CHECK_H2D] = 45;
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_H2D].status, CHECK_WARN, "h2d 9 %% below the node warns");
	run.gpus[0].fig[CHECK_D2H] = 50;
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_D2H].status, CHECK_WARN, "d2h 9 %% below the node warns too");
	run.gpus[0].fig[CHECK_P2P_MIN] = run.gpus[1].fig[CHECK_P2P_MIN] * 0.9;
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_P2P_MIN].status, CHECK_WARN, "p2p 10 %% below the node warns too");
	is_int(check_run_status(&run), CHECK_WARN, "  the run warns");
	run.strict = 1;
	is_int(check_run_status(&run), CHECK_FAIL, "  --strict: a warning fails");

	/* contended: below the floor and the node, yet a warning */
	check_run_free(&run);
	fake_run(&run, 4);
	run.gpus[2].fig[CHECK_DRAM_COPY] = 1500;
	run.gpus[2].watch.nothers = 1;
	run.gpus[2].watch.others[0].pid = 4242;
	check_judge(&run, &f);
	is_int(run.gpus[2].v[CHECK_DRAM_COPY].status, CHECK_WARN, "contended: warn, not fail");
	ok(!strncmp(run.gpus[2].v[CHECK_DRAM_COPY].reason, "contended, not judged: below the floor",
		    38), "  says so: %s", run.gpus[2].v[CHECK_DRAM_COPY].reason);
	is_int(run.gpus[2].v[CHECK_ITEM_PROCESSES].status, CHECK_WARN, "  the processes row warns");
	ok(strstr(run.gpus[2].v[CHECK_ITEM_PROCESSES].reason, "pid 4242") != NULL, "  with the pid");
	is_int(check_run_status(&run), CHECK_WARN, "  the run warns, not fails");

	/* the state */
	check_run_free(&run);
	fake_run(&run, 1);
	run.gpus[0].pcie_gen = 4;
	run.gpus[0].ecc_uncorrected = 2;
	run.gpus[0].retired_rows = 3;
	run.gpus[0].watch.reasons = TRUST_REASON_HW_SLOWDOWN;
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_ITEM_PCIE_GEN].status, CHECK_FAIL, "a Gen4 link on a Gen5 GPU fails");
	is_int(run.gpus[0].v[CHECK_ITEM_PCIE_WIDTH].status, CHECK_PASS, "  x16 passes");
	is_int(run.gpus[0].v[CHECK_ITEM_ECC].status, CHECK_FAIL, "uncorrected ECC errors fail");
	is_int(run.gpus[0].v[CHECK_ITEM_ROWS].status, CHECK_WARN, "retired rows warn");
	is_int(run.gpus[0].v[CHECK_ITEM_THROTTLE].status, CHECK_WARN, "a hardware slowdown warns");
	ok(isnan(run.gpus[0].v[CHECK_DRAM_COPY].median), "one GPU: no node median");
	is_int(run.gpus[0].v[CHECK_P2P_MIN].status, CHECK_PASS, "no peer: p2p passes");
	run.gpus[0].pcie_gen = 4;
	run.gpus[0].dev.link.path_gen = 4;  /* the slot allows Gen4 alone */
	run.gpus[0].ecc_uncorrected = 0;
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_ITEM_PCIE_GEN].status, CHECK_PASS, "a Gen4 slot: Gen4 passes");

	/* unknown SKU: a warning, not a failure */
	check_run_free(&run);
	fake_run(&run, 2);
	for (size_t i = 0; i < 2; i++)
		snprintf(run.gpus[i].dev.name, sizeof(run.gpus[i].dev.name), "NVIDIA B999");
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_DRAM_COPY].status, CHECK_WARN, "unknown SKU warns");
	ok(strstr(run.gpus[0].v[CHECK_DRAM_COPY].reason, "no floor for this GPU") != NULL,
	   "  no floor for this GPU: %s", run.gpus[0].v[CHECK_DRAM_COPY].reason);
	is_int(run.gpus[0].v[CHECK_DRAM_READ].status, CHECK_PASS, "  once, on DRAM copy");
	is_int(check_run_status(&run), CHECK_WARN, "  the run warns, exit 0 without --strict");
	check_run_free(&run);
	check_floors_free(&f);
}

static char *render(const struct check_run *run, enum report_format fmt)
{
	struct report rep = { 0 };
	char *buf;

	tab_check(&rep, NULL, run);
	buf = unit_render(&rep, fmt);
	report_free(&rep);
	return buf;
}

/* A saved run read back as --baseline: the same figures pass, a drop fails. */
/* judge_gen CUR MAX PATH: the generation's verdict of one H100 so linked. */
static const struct check_verdict *judge_gen(struct check_run *run, const struct check_floors *f,
					     int cur, int max, int path)
{
	check_run_free(run);
	fake_run(run, 1);
	run->gpus[0].pcie_gen = cur;
	run->gpus[0].dev.link.max_gen = max;
	run->gpus[0].dev.link.path_gen = path;
	check_judge(run, f);
	return &run->gpus[0].v[CHECK_ITEM_PCIE_GEN];
}

/*
 * The link against what the GPU and the path to it can do (the lesser),
 * the state read from NVML (ECC, rows, clocks, processes), and the
 * figures' words: not measured, at the floor, how far below the node.
 */
static void test_state_edges(void)
{
	struct check_floors f = floors();
	struct check_run run = { 0 };
	const struct check_verdict *v;

	v = judge_gen(&run, &f, 5, 5, 0);
	ok(v->status == CHECK_PASS && !*v->reason && v->floor == 5, "Gen5 of 5, no path known: pass");
	v = judge_gen(&run, &f, 4, 5, 0);
	ok(v->status == CHECK_FAIL && strstr(v->reason, "generation 4 while transferring, the link can "
	   "do 5"), "Gen4 of 5: fail: %s", v->reason);
	v = judge_gen(&run, &f, 5, 5, 5);
	ok(v->status == CHECK_PASS && !*v->reason, "a Gen5 path to a Gen5 GPU: pass, nothing said");
	v = judge_gen(&run, &f, 1, 5, 1);
	ok(v->status == CHECK_PASS && v->floor == 1 &&
	   strstr(v->reason, "generation 1: the slot or a switch above it allows no more than 1 of the "
		  "GPU's 5"), "a Gen1 path: Gen1 passes, said: %s", v->reason);
	v = judge_gen(&run, &f, 5, 5, 6);
	ok(v->status == CHECK_PASS && !*v->reason && v->floor == 5,
	   "a path faster than the GPU: the GPU's 5 is the floor");
	v = judge_gen(&run, &f, 1, 1, 0);
	ok(v->status == CHECK_PASS && !*v->reason && v->floor == 1, "Gen1 of a Gen1 GPU: pass");
	v = judge_gen(&run, &f, 0, 5, 0);
	ok(v->status == CHECK_WARN && strstr(v->reason, "the link's generation could not be read"),
	   "the generation unread: warn");
	v = judge_gen(&run, &f, 5, 0, 0);
	ok(v->status == CHECK_WARN && isnan(v->floor), "the GPU's generation unread: warn, no floor");

	/* ECC: errors fail, none pass silently, unread passes saying so */
	check_run_free(&run);
	fake_run(&run, 1);
	run.gpus[0].ecc_uncorrected = 1;
	run.gpus[0].row_failure = 1;
	run.gpus[0].retired_rows = -1;
	check_judge(&run, &f);
	is_int(run.gpus[0].v[CHECK_ITEM_ECC].status, CHECK_FAIL, "one uncorrected ECC error fails");
	is_int(run.gpus[0].v[CHECK_ITEM_ROWS].status, CHECK_FAIL, "a failed row remapping fails");
	ok(strstr(run.gpus[0].v[CHECK_ITEM_ROWS].reason, "; not read") != NULL,
	   "  and the rows unread besides: %s", run.gpus[0].v[CHECK_ITEM_ROWS].reason);
	run.gpus[0].ecc_uncorrected = -1;
	run.gpus[0].row_failure = 0;
	run.gpus[0].retired_rows = 0;
	run.gpus[0].watch.reasons_read = 0;
	check_judge(&run, &f);
	ok(run.gpus[0].v[CHECK_ITEM_ECC].status == CHECK_PASS &&
	   strstr(run.gpus[0].v[CHECK_ITEM_ECC].reason, "not read (ECC off, or no NVML)"),
	   "ECC unread: pass, said");
	ok(!*run.gpus[0].v[CHECK_ITEM_ROWS].reason, "no row retired: nothing said");
	ok(strstr(run.gpus[0].v[CHECK_ITEM_THROTTLE].reason, "not read") != NULL,
	   "the clocks' reasons unread: said");
	run.gpus[0].ecc_uncorrected = 0;
	run.gpus[0].watch.reasons_read = 1;
	check_judge(&run, &f);
	ok(!*run.gpus[0].v[CHECK_ITEM_ECC].reason && !*run.gpus[0].v[CHECK_ITEM_THROTTLE].reason,
	   "no ECC error, clocks read: nothing said");
	ok(!*run.gpus[0].v[CHECK_ITEM_PROCESSES].reason, "processes visible, none other: nothing said");
	run.gpus[0].retired_rows = 1;
	run.gpus[0].watch.reasons = TRUST_REASON_HW_SLOWDOWN;
	run.gpus[0].watch.nothers = 2;
	run.gpus[0].watch.others[0].pid = 77;
	check_judge(&run, &f);
	ok(run.gpus[0].v[CHECK_ITEM_ROWS].status == CHECK_WARN &&
	   strstr(run.gpus[0].v[CHECK_ITEM_ROWS].reason, "1 rows retired"), "one retired row warns");
	ok(strstr(run.gpus[0].v[CHECK_ITEM_THROTTLE].reason, "clocks held down: hardware slowdown") != NULL,
	   "the slowdown in words: %s", run.gpus[0].v[CHECK_ITEM_THROTTLE].reason);
	ok(strstr(run.gpus[0].v[CHECK_ITEM_PROCESSES].reason, "contended: 2 other processes used the "
	   "GPU meanwhile (pid 77)") != NULL, "two others: %s", run.gpus[0].v[CHECK_ITEM_PROCESSES].reason);
	run.gpus[0].watch.nothers = 1;
	check_judge(&run, &f);
	ok(strstr(run.gpus[0].v[CHECK_ITEM_PROCESSES].reason, "contended: 1 other process used") != NULL,
	   "one other: %s", run.gpus[0].v[CHECK_ITEM_PROCESSES].reason);
	run.gpus[0].watch.nothers = 0;
	run.gpus[0].watch.procs = TRUST_PROCS_HIDDEN;
	check_judge(&run, &f);
	ok(run.gpus[0].v[CHECK_ITEM_PROCESSES].status == CHECK_PASS &&
	   strstr(run.gpus[0].v[CHECK_ITEM_PROCESSES].reason, "other processes cannot be told"),
	   "processes hidden: pass, said: %s", run.gpus[0].v[CHECK_ITEM_PROCESSES].reason);
	run.gpus[0].watch.procs = TRUST_PROCS_VISIBLE;
	run.gpus[0].watch.reasons = 0;
	run.gpus[0].retired_rows = 0;

	/* figures: unmeasured warns (a missing peer passes), at the floor passes */
	run.gpus[0].fig[CHECK_DRAM_READ] = NAN;
	run.gpus[0].fig[CHECK_DRAM_COPY] = 2679;  /* floors_text's H100 floor, exactly */
	check_judge(&run, &f);
	ok(run.gpus[0].v[CHECK_DRAM_READ].status == CHECK_WARN &&
	   !strcmp(run.gpus[0].v[CHECK_DRAM_READ].reason, "not measured"), "DRAM read unmeasured: warn");
	is_int(run.gpus[0].v[CHECK_DRAM_COPY].status, CHECK_PASS, "DRAM copy at its floor: pass");
	check_run_free(&run);
	fake_run(&run, 4);
	/* the others 3026, 3027, 3028: the node's median 3027 */
	run.gpus[3].fig[CHECK_DRAM_COPY] = 3027 * 0.94;
	check_judge(&run, &f);
	ok(!strncmp(run.gpus[3].v[CHECK_DRAM_COPY].reason, "6.0 % below the node's median 3027.0 GB/s", 41),
	   "6 %% below the node, in numbers: %s", run.gpus[3].v[CHECK_DRAM_COPY].reason);
	check_run_free(&run);
	fake_run(&run, 1);
	snprintf(run.gpus[0].dev.name, sizeof(run.gpus[0].dev.name), "NVIDIA B999");
	check_judge(&run, &f);
	ok(strstr(run.gpus[0].v[CHECK_DRAM_COPY].reason, "no floor for this GPU (NVIDIA B999, 80 GiB) "
	   "in f.csv") != NULL, "no floor, with the GPU's name and memory: %s",
	   run.gpus[0].v[CHECK_DRAM_COPY].reason);
	/* the memory in whole GiB: 80.55 GiB is 81 */
	check_run_free(&run);
	fake_run(&run, 1);
	snprintf(run.gpus[0].dev.name, sizeof(run.gpus[0].dev.name), "NVIDIA B999");
	run.gpus[0].dev.total_mem_bytes = (unsigned long long)(80.55 * (1 << 30));
	check_judge(&run, &f);
	ok(strstr(run.gpus[0].v[CHECK_DRAM_COPY].reason, "(NVIDIA B999, 81 GiB)") != NULL,
	   "80.55 GiB: 81 GiB: %s", run.gpus[0].v[CHECK_DRAM_COPY].reason);
	/* reasons longer than their 320 bytes together: the second cut at the end */
	check_run_free(&run);
	fake_run(&run, 4);
	memset(run.gpus[3].dev.name, 'X', 255);
	run.gpus[3].dev.name[255] = '\0';
	run.gpus[3].fig[CHECK_DRAM_COPY] = 3026 * 0.5;
	check_judge(&run, &f);
	is_int((int)strlen(run.gpus[3].v[CHECK_DRAM_COPY].reason), 319, "a reason cut at 319 bytes");
	ok(strstr(run.gpus[3].v[CHECK_DRAM_COPY].reason, " in f.csv; 50.0 % below the node") != NULL,
	   "  the second reason joined, cut at the end");
	/* more GPUs than the 64 compared: the 65th is judged without a node median */
	check_run_free(&run);
	fake_run(&run, 65);
	check_judge(&run, &f);
	ok(isnan(run.gpus[64].v[CHECK_DRAM_COPY].median), "the 65th GPU: no node median");
	is_int(run.gpus[64].v[CHECK_DRAM_COPY].status, CHECK_PASS, "  and passes its floor");
	check_run_free(&run);
	check_floors_free(&f);
}

/* One GPU of no known SKU, its floors read from a path that makes DRAM copy's reason len bytes. */
static const char *no_floor_reason(struct check_run *run, size_t len)
{
	struct check_verdict *v;
	size_t bare;

	fake_run(run, 1);
	snprintf(run->gpus[0].dev.name, sizeof(run->gpus[0].dev.name), "NVIDIA B999");
	v = &run->gpus[0].v[CHECK_DRAM_COPY];
	run->floors_from[0] = '\0';
	check_judge(run, NULL);
	bare = strlen(v->reason);  /* "no floor for this GPU (...) in " */
	memset(run->floors_from, 'f', len - bare);
	run->floors_from[len - bare] = '\0';
	check_judge(run, NULL);
	return v->reason;
}

/*
 * A reason holds 319 bytes (320 with its NUL): the reasons joined by
 * "; " and the whole cut there, so a first reason of 316 to 319 bytes
 * keeps 3, 2, 1 and 0 bytes of "; " and the second.  A contended GPU's
 * failure: "contended, not judged: " (23 bytes) and the reason, cut alike.
 */
static void test_reason_edges(void)
{
	static const char *const kept[] = { "; 1", "; ", ";", "" };
	struct check_run run;
	char first[320], want[640];

	for (size_t len = 316; len <= 319; len++) {
		snprintf(first, sizeof(first), "%s", no_floor_reason(&run, len));
		is_int((int)strlen(first), (int)len, "a first reason of %zu bytes", len);
		/* the second: "10.0 % below the baseline's 3000.0 GB/s (noise 2.0 %)" */
		check_judge_baseline(&run, 0, CHECK_DRAM_COPY, 3000, -10, 2);
		snprintf(want, sizeof(want), "%s%s", first, kept[len - 316]);
		is_str(run.gpus[0].v[CHECK_DRAM_COPY].reason, want, "  then '%s'", kept[len - 316]);
		check_run_free(&run);
	}

	fake_run(&run, 4);
	for (size_t i = 0; i < 4; i++)
		snprintf(run.gpus[i].dev.name, sizeof(run.gpus[i].dev.name), "NVIDIA B999");
	memset(run.floors_from, 'f', 250);
	run.floors_from[250] = '\0';
	run.gpus[3].fig[CHECK_DRAM_COPY] = 3026 * 0.5;
	check_judge(&run, NULL);
	snprintf(first, sizeof(first), "%s", run.gpus[3].v[CHECK_DRAM_COPY].reason);
	is_int(run.gpus[3].v[CHECK_DRAM_COPY].status, CHECK_FAIL, "no floor and half the node: fail");
	ok(strstr(first, "ff; 50.0 % below the") != NULL, "  both reasons: %s", first);
	is_int((int)strlen(first), 319, "  cut at 319 bytes");
	run.gpus[3].watch.nothers = 1;
	run.gpus[3].watch.others[0].pid = 4242;
	check_judge(&run, NULL);
	snprintf(want, sizeof(want), "contended, not judged: %.296s", first);
	is_str(run.gpus[3].v[CHECK_DRAM_COPY].reason, want,
	       "contended: the 23 bytes said first, then 296 of the reason");
	check_run_free(&run);
}

static void test_baseline(enum report_format fmt, const char *form)
{
	struct check_floors f = floors();
	struct check_run run;
	struct diff_input base;
	struct report rep = { 0 };
	char *saved;

	fake_run(&run, 3);
	check_judge(&run, &f);
	saved = render(&run, fmt);
	is_int(diff_parse("base", saved, strlen(saved), &base), 0, "%s baseline read", form);
	is_str(base.command, "check", "  as check's output");
	run.gpus[1].fig[CHECK_DRAM_COPY] *= 0.97;  /* 3 %: within the node, above the floor */
	check_judge(&run, &f);
	is_int(check_run_status(&run), CHECK_PASS, "  a 3 %% drop passes floor and node");
	check_judge_against(&run, &base, tab_check_records(&rep, &run));
	report_free(&rep);
	is_int(run.gpus[1].v[CHECK_DRAM_COPY].status, CHECK_FAIL, "  3 %% below the baseline fails");
	ok(strstr(run.gpus[1].v[CHECK_DRAM_COPY].reason, "3.0 % below the baseline's 3027.0 GB/s")
	   != NULL, "  the reason: %s", run.gpus[1].v[CHECK_DRAM_COPY].reason);
	is_int(run.gpus[0].v[CHECK_DRAM_COPY].status, CHECK_PASS, "  the others pass");
	is_dbl(run.gpus[2].v[CHECK_DRAM_READ].baseline, 3188, 1e-6, "  the baseline's figure set");
	is_int(check_run_status(&run), CHECK_FAIL, "  the run fails");
	diff_input_free(&base);
	free(saved);
	check_run_free(&run);
	check_floors_free(&f);
}

static void test_records(void)
{
	static const char *const keys[] = {
		"hostname", "device_index", "device", "memory_mib", "uuid", "serial", "pci_bus_id",
		"driver", "status", "dram_copy_gbs", "dram_read_gbs", "l2_read_gbs", "h2d_gbs",
		"d2h_gbs", "pcie_gen", "pcie_gen_max", "pcie_width", "pcie_width_max", "p2p_min_gbs",
		"ecc_uncorrected", "retired_rows", "throttle", "contended", "reason",
	};
	struct check_floors f = floors();
	struct check_run run;
	char *json, *csv, key[64];

	is_int(CHECK_GPUS_NCOLUMNS, (int)(sizeof(keys) / sizeof(keys[0])), "the fleet's keys");
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		is_str(check_gpus_columns[i].name, keys[i], "  key %zu", i);
	fake_run(&run, 2);
	run.gpus[1].fig[CHECK_DRAM_COPY] = 1000;
	check_judge(&run, &f);
	json = render(&run, REPORT_JSON);
	csv = render(&run, REPORT_CSV);
	ok(strstr(json, "\"gpus\": [") && strstr(json, "\"checks\": ["), "JSON: sections gpus, checks");
	ok(strstr(json, "\"status\": \"fail\"") != NULL, "  a failing GPU's record says fail");
	ok(strstr(json, "\"reason\": \"dram_copy_gbs: below the floor") != NULL,
	   "  and why");
	ok(strstr(json, "\"serial\": \"1650\", \"pci_bus_id\": \"0000:18:00.0\", \"driver\": "
		   "\"580.159.04\"") != NULL, "  serial, bus id, driver");
	ok(strstr(json, "\"p2p_min_gbs\": 350") != NULL, "  the slowest peer");
	ok(strstr(json, "\"contended\": 0, \"reason\": \"\"}") != NULL,
	   "  a passing GPU's reason is empty");
	ok(!strncmp(csv, "device,cc,device_index,uuid,pci_bus_id,hostname,figure,value,floor,", 66),
	   "CSV: the checks table, plain");
	ok(strstr(csv, "serial") == NULL, "  without the gpus records");
	ok(strstr(csv, ",dram_copy_gbs,1000.000,2679.000,") != NULL, "  a row per figure");
	free(json);
	free(csv);
	json = render(&run, REPORT_TABLE);
	ok(strstr(json, "GPU 1: NVIDIA H100 80GB HBM3, 0000:19:00.0, serial 1651: fail") != NULL,
	   "people: a line per GPU with its verdict");
	ok(strstr(json, "check: fail: 1 GPU pass, 0 warn, 1 fail") != NULL, "  and the run's");
	free(json);
	check_run_free(&run);

	/* no GPU: one record for the host */
	memset(&run, 0, sizeof(run));
	snprintf(run.hostname, sizeof(run.hostname), "node9");
	snprintf(run.no_gpu, sizeof(run.no_gpu), "no NVIDIA driver found");
	is_int(check_run_status(&run), CHECK_NO_GPU, "no GPU: its own status");
	json = render(&run, REPORT_JSON);
	ok(strstr(json, "{\"hostname\": \"node9\", \"device_index\": null") != NULL,
	   "no GPU: the host's record");
	ok(strstr(json, "\"status\": \"no-gpu\"") && strstr(json, "\"reason\": \"no NVIDIA driver found\""),
	   "  status no-gpu and the reason");
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		snprintf(key, sizeof(key), "\"%s\": ", keys[i]);
		ok(strstr(json, key) != NULL, "  key %s", keys[i]);
	}
	free(json);
	check_floors_free(&f);
}

int main(void)
{
	test_floors();
	test_judge();
	test_state_edges();
	test_reason_edges();
	test_baseline(REPORT_CSV, "CSV");
	test_baseline(REPORT_JSON, "JSON");
	test_records();
	return done_testing();
}
