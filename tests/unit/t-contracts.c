/*
 * The contracts of the commands' results (results/contract.h): each one
 * sound on its own, every measuring command of the table with one, the
 * columns each contract declares equal to the CSV header its tabulate
 * step writes (for fabricated results of each command and mode), and the
 * lookups that all, diff and check use.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmd.h"
#include "judge/check.h"
#include "results/banks.h"
#include "results/coalesce.h"
#include "results/check.h"
#include "results/contract.h"
#include "results/occupancy.h"
#include "results/p2p.h"
#include "results/pcie.h"
#include "results/profile.h"
#include "results/roofline.h"
#include "tables/all.h"
#include "tests/unit/fake-all.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

static int col_index(const struct result_contract *c, const char *name)
{
	for (size_t i = 0; name && i < c->ncols; i++)
		if (!strcmp(c->cols[i].name, name))
			return (int)i;
	return -1;
}

/* A key column: there, and REPORT_COL_CONFIG. */
static int key_column(const struct result_contract *c, const char *name)
{
	int i = col_index(c, name);

	return i >= 0 && (c->cols[i].flags & REPORT_COL_CONFIG);
}

/* A figure or noise column: there, and neither identity nor key. */
static int result_column(const struct result_contract *c, const char *name)
{
	int i = col_index(c, name);

	return i >= 0 && !(c->cols[i].flags & (REPORT_COL_ID | REPORT_COL_CONFIG));
}

static void test_sound(const struct result_contract *c)
{
	int dup = 0, keys = 0, ids = 0, ids_first = 1, bad = 0;

	ok(c->command && *c->command && c->cols && c->ncols > 0, "%s: named, with columns",
	   c->command ? c->command : "?");
	for (size_t i = 0; i < c->ncols; i++) {
		dup |= col_index(c, c->cols[i].name) != (int)i;
		keys += !!(c->cols[i].flags & REPORT_COL_CONFIG);
		ids += !!(c->cols[i].flags & REPORT_COL_ID);
		ids_first &= !(c->cols[i].flags & REPORT_COL_ID) == (i >= TAB_NIDENTITY);
	}
	ok(!dup, "%s: every column named once", c->command);
	/* a row per device (info) has no key; every other table keys its rows */
	ok(keys > 0 || !strcmp(c->command, "info"), "%s: %d key columns (REPORT_COL_CONFIG)",
	   c->command, keys);
	/* a table made without a device (--model) has no identity at all */
	ok((ids == TAB_NIDENTITY && ids_first) || ids == 0,
	   "%s: the identity columns first, all %d of them, or none (%d)", c->command,
	   TAB_NIDENTITY, ids);
	ok(c->nfigures > 0 || c->metric_column, "%s: %zu figures", c->command, c->nfigures);
	for (size_t i = 0; i < c->nfigures; i++) {
		const struct result_figure *f = &c->figures[i];

		if (!c->metric_column && !result_column(c, f->column)) {
			ok(0, "%s: figure %s is a column of results", c->command, f->column);
			bad = 1;
		}
		if ((f->cov_column && !result_column(c, f->cov_column)) ||
		    (f->best_column && !result_column(c, f->best_column)) ||
		    (f->worst_column && !result_column(c, f->worst_column))) {
			ok(0, "%s: the noise columns of %s are columns of results", c->command, f->column);
			bad = 1;
		}
		if (f->better != RESULT_HIGHER && f->better != RESULT_LOWER) {
			ok(0, "%s: %s says which way is better", c->command, f->column);
			bad = 1;
		}
		if (result_figure_of(c, f->column) != f) {
			ok(0, "%s: figure %s named once and found by name", c->command, f->column);
			bad = 1;
		}
	}
	ok(!bad, "%s: figures name result columns, noise columns exist, directions set",
	   c->command);
	for (size_t i = 0; i < c->nrow_kinds; i++)
		ok(key_column(c, c->row_kinds[i].column) && c->row_kinds[i].value,
		   "%s: rows of %s=%s told apart by a key column", c->command,
		   c->row_kinds[i].column, c->row_kinds[i].value);
	if (c->metric_column) {
		ok(col_index(c, c->metric_column) >= 0 && result_column(c, c->value_column),
		   "%s: the metric column (%s) and the value column (%s)", c->command,
		   c->metric_column, c->value_column);
	}
	ok(result_figure_of(c, "no_such_figure") == NULL, "%s: no figure of another name",
	   c->command);
}

/* Every contract's columns, as a CSV header reads them, lead back to it. */
static void test_lookups(void)
{
	const char *names[128];
	int own = 1, named = 1;

	for (size_t i = 0; i < result_ncontracts; i++) {
		const struct result_contract *c = result_contracts[i];

		for (size_t k = 0; k < c->ncols; k++)
			names[k] = c->cols[k].name;
		own &= result_contract_by_columns(names, c->ncols) == c;
		named &= result_contract_of(c->command) != NULL &&
			 !strcmp(result_contract_of(c->command)->command, c->command);
	}
	ok(own, "by columns: each contract's header finds that contract (no two alike)");
	ok(named, "by command: each contract's command finds a contract of it");
	ok(result_contract_of("bandwidth") && result_figure_of(result_contract_of("bandwidth"),
		"bandwidth_gbs")->better == RESULT_HIGHER, "bandwidth: more GB/s is better");
	ok(!strcmp(result_figure_of(result_contract_of("bandwidth"), "bandwidth_gbs")->cov_column,
		   "cov_pct"), "bandwidth: its noise in cov_pct");
	/* --shared-lines gives one set an l2 and an l2-shared row */
	ok(key_column(result_contract_of("bandwidth"), "method"), "bandwidth: method is a key");
	ok(result_figure_of(result_contract_of("latency"), "ns")->better == RESULT_LOWER,
	   "latency: fewer ns is better");
	ok(result_figure_of(result_contract_of("summary"), "dram_copy_gbs") != NULL,
	   "summary: its headline figures by name");
	ok(result_contract_of("no-such-command") == NULL, "by command: none for another name");
	names[0] = "device";
	ok(result_contract_by_columns(names, 1) == NULL, "by columns: none for another header");
	ok(result_contract_by_columns(names, 0) == NULL, "by columns: none for no header");
	ok(result_default_noise_pct(RESULT_KIND_CALCULATED) == 0, "noise: none in a calculation");
	ok(result_default_noise_pct(RESULT_KIND_BANDWIDTH) > 0 &&
	   result_default_noise_pct(RESULT_KIND_TIME) > 0 &&
	   result_default_noise_pct(RESULT_KIND_LATENCY) > 0 &&
	   result_default_noise_pct(RESULT_KIND_CLOCK) > 0 &&
	   result_default_noise_pct(RESULT_KIND_COUNTER) > 0, "noise: some in every measurement");
	ok(result_default_noise_pct(RESULT_KIND_COUNTER) <
	   result_default_noise_pct(RESULT_KIND_BANDWIDTH), "noise: counters less than timings");
}

/* c's columns without those named drop (and, if noise, without its noise columns) into names. */
static size_t columns_without(const struct result_contract *c, const char *drop, int noise,
			      const char **names)
{
	size_t n = 0;

	for (size_t k = 0; k < c->ncols; k++)
		if ((!drop || strcmp(c->cols[k].name, drop)) &&
		    !(noise && result_noise_column(c, c->cols[k].name)))
			names[n++] = c->cols[k].name;
	return n;
}

/* Outputs of an older gpuperf, before a table carried its noise; the kind of a figure by its row. */
static void test_older_and_rows(void)
{
	const struct result_contract *bw = result_contract_of("bandwidth");
	const struct result_contract *lat = result_contract_of("latency");
	const struct result_contract *sum = result_contract_of("summary");
	const struct result_figure *cycles = result_figure_of(lat, "cycles");
	const char *names[128];
	int own = 1;
	size_t n;

	for (size_t i = 0; i < result_ncontracts; i++) {
		const struct result_contract *c = result_contracts[i];
		n = columns_without(c, NULL, 1, names);
		own &= result_contract_by_columns(names, n) == c;
	}
	ok(own, "by columns: each contract's header without its noise columns finds that contract");
	ok(result_noise_column(bw, "cov_pct") && result_noise_column(bw, "min_gbs") &&
	   !result_noise_column(bw, "bandwidth_gbs") && !result_noise_column(bw, "level"),
	   "bandwidth: its CoV, best and worst are noise columns, its figures and the rest not");
	n = columns_without(sum, "cov_pct", 0, names);
	ok(result_contract_by_columns(names, n) == sum, "by columns: the summary before its cov_pct");
	n = columns_without(bw, "level", 0, names);
	ok(result_contract_by_columns(names, n) == NULL, "by columns: none without a figure's column");
	is_int(result_kind_in_row(lat, cycles, "row=size memory=host size_bytes=2097152"),
	       RESULT_KIND_LINK, "latency: the host-mapped chase is over the link");
	is_int(result_kind_in_row(lat, cycles, "memory=memcpy-h2d"), RESULT_KIND_HOST_CALL,
	       "latency: a memcpy round trip is a call timed on the host (the key's first word)");
	is_int(result_kind_in_row(lat, cycles, "row=size memory=hostile"), RESULT_KIND_LATENCY,
	       "latency: memory=hostile is not memory=host");
	is_int(result_kind_in_row(lat, cycles, "row=size memory=global size_bytes=4096"),
	       RESULT_KIND_LATENCY, "latency: an on-chip chase is a latency");
	is_int(result_kind_in_row(bw, result_figure_of(bw, "bandwidth_gbs"),
				  "kernel=read width_bytes=16 size_bytes=2097152 method=l2-shared"),
	       RESULT_KIND_SHARED, "bandwidth: the l2-shared rows read shared lines (the last word)");
	is_int(result_kind_in_row(bw, result_figure_of(bw, "time_ms"), "kernel=read method=l2"),
	       RESULT_KIND_TIME, "bandwidth: an l2 row's time is a time");
	is_int(result_kind_in_row(&pcie_contract, result_figure_of(&pcie_contract, "time_us"),
				  "direction=bidir-h2d memory=pinned size_bytes=268435456"),
	       RESULT_KIND_LINK_BOTH_WAYS, "pcie: a both-ways row shares the link");
	is_int(result_kind_in_row(&pcie_contract, result_figure_of(&pcie_contract, "time_us"),
				  "direction=h2d memory=pinned size_bytes=268435456"),
	       RESULT_KIND_LINK, "pcie: one way is over the link alone");
	is_int(result_figure_of(sum, "l2_shared_read_gbs")->kind, RESULT_KIND_SHARED,
	       "summary: the shared-lines read is of shared lines");
	is_int(result_figure_of(sum, "pcie_pinned_bidir_gbs")->kind, RESULT_KIND_LINK,
	       "summary: PCIe is over the link");
	is_int(result_figure_of(result_contract_of("pcie"), "bandwidth_gbs")->kind, RESULT_KIND_LINK,
	       "pcie: its transfers are over the link");
}

/* The first line of the CSV of r, split into names (pointing into *line). */
static size_t csv_header(const struct report *r, char **line, const char **names, size_t max)
{
	char *p;
	size_t n = 0;

	*line = unit_render(r, REPORT_CSV);
	if (!*line)
		return 0;
	(*line)[strcspn(*line, "\n")] = '\0';
	for (p = *line; n < max; p++) {
		names[n++] = p;
		if (!(p = strchr(p, ',')))
			break;
		*p = '\0';
	}
	return n;
}

/* The header tabulate writes for results of cmd: a contract of cmd's. */
static void check_header(const struct gp_cmd *cmd, const char *mode, const void *results,
			 const struct gp_device *dev)
{
	struct report rep = { 0 };
	const char *names[128];
	const struct result_contract *c;
	char *line;
	size_t n;

	cmd->tabulate(&rep, dev, results);
	n = csv_header(&rep, &line, names, 128);
	c = result_contract_by_columns(names, n);
	ok(c && !strcmp(c->command, cmd->name), "%s%s: its CSV header is its contract's columns",
	   cmd->name, mode);
	for (size_t k = 0; !c && k < n; k++)
		diag("header column %zu: %s", k, names[k]);
	free(line);
	report_free(&rep);
}

/*
 * gpuperf all's sections: each keyed table's columns those of the contract
 * of its key; with several devices (-d LIST) the devices section too.
 */
static void check_sections(const struct gp_device *dev, const struct all_run *run)
{
	const struct gp_device devs[2] = { *dev, *dev };
	const void *const runs[2] = { run, run };
	struct report rep = { 0 };
	int sections = 0, bad = 0, devices = 0;

	tab_all(&rep, dev, run);
	tab_all_devices(&rep, devs, runs, 2);
	for (size_t i = 0; i < rep.ntables; i++) {
		const struct report_table *t = rep.tables[i];
		const struct result_contract *c;

		if (!t->key || (t->flags & REPORT_HUMAN_ONLY))
			continue;
		sections++;
		devices += !strcmp(t->key, "devices");
		c = result_contract_of(t->key);
		if (!c || c->ncols != t->ncols || c->cols != t->cols) {
			/* another table of the same command: found by its columns */
			const char *names[128];
			for (size_t k = 0; k < t->ncols && k < 128; k++)
				names[k] = t->cols[k].name;
			c = result_contract_by_columns(names, t->ncols);
		}
		if (!c || strcmp(c->command, t->key)) {
			ok(0, "all: section %s has its contract's columns", t->key);
			bad = 1;
		}
	}
	ok(sections >= 9 && devices == 1 && !bad,
	   "all: each of its %d sections (devices among them) has its contract's columns", sections);
	report_free(&rep);
}

/* The model's table (--model) of banks and coalesce: results predicted without a device. */
static void check_models(const struct gp_cmd *cmd, const void *res)
{
	if (!strcmp(cmd->name, "banks")) {
		struct bank_run model = *(const struct bank_run *)res;

		model.model = 1;
		check_header(cmd, " --model", &model, NULL);
	} else if (!strcmp(cmd->name, "coalesce")) {
		struct coal_run model = *(const struct coal_run *)res;

		model.model = 1;
		check_header(cmd, " --model", &model, NULL);
	}
}

/*
 * Every command in the table that measures (or models, or profiles): a
 * contract, its documented columns in it, the header of each of its
 * modes.  One that reads files instead (diff: two outputs, on which it
 * writes verdicts) makes no results of its own: no contract.
 */
static void test_commands(void)
{
	struct gp_device dev;
	struct all_run run;
	struct p2p_pair pair = { .src = 0, .dst = 0, .link = "same device" };
	struct p2p_run p2p = { &dev, 1, &pair, 1, 1u << 20, 10, 2 };
	struct profile_run prof = { .command = "./app", .hostname = "node-1" };
	struct pcie_run ovl = { .overlap = 1 };
	struct roof_results roof = { .asked = 1u << ROOF_DRAM | 1u << ROOF_FP32, .sm_count = 132 };
	struct occ_run occ;
	struct check_gpu gpu = { 0 };
	struct check_run chk = { &gpu, 1, "node-1" };
	size_t checked = 0, measuring = 0;

	fake_all(&dev, &run, 0);
	gpu.dev = dev;
	check_judge(&chk, NULL);
	for (size_t i = 0; i < gp_ncommands; i++) {
		const struct gp_cmd *cmd = gp_commands[i];
		const struct result_contract *c = result_contract_of(cmd->name);
		int documented = 1;
		const void *res;

		if (cmd->flags & CMD_TAKES_OPERANDS) {
			ok(c == NULL && !(cmd->flags & (CMD_NEEDS_GPU | CMD_GPU_OPTIONAL)),
			   "%s reads files, touches no GPU: no results, no contract of its own",
			   cmd->name);
			continue;
		}
		measuring++;
		ok(c != NULL, "%s has a contract", cmd->name);
		if (!c)
			continue;
		/* the default table's columns are all documented in the command row */
		for (size_t k = 0; k < c->ncols; k++) {
			size_t d = 0;
			while (d < cmd->ncolumns && strcmp(cmd->columns[d].name, c->cols[k].name))
				d++;
			documented &= d < cmd->ncolumns;
		}
		ok(documented, "%s: its contract's columns are the command's documented ones",
		   cmd->name);
		res = !strcmp(cmd->name, "all") ? (const void *)&run : all_results_of(&run, cmd->name);
		if (!strcmp(cmd->name, "p2p"))
			res = &p2p;
		else if (!strcmp(cmd->name, "profile"))
			res = &prof;
		else if (!strcmp(cmd->name, "roofline"))
			res = &roof;
		else if (!strcmp(cmd->name, "check"))
			res = &chk;
		ok(res != NULL, "%s: fabricated results here (add some for a new command)", cmd->name);
		if (!res)
			continue;
		check_header(cmd, "", res, &dev);
		checked++;
		if (!strcmp(cmd->name, "pcie"))
			check_header(cmd, " --overlap", &ovl, &dev);
		check_models(cmd, res);
		if (!strcmp(cmd->name, "occupancy")) {
			static const char *const modes[] = { " --sweep", " --kernel", " --check-runtime" };
			const enum occ_mode m[] = { OCC_MODE_SWEEP, OCC_MODE_KERNELS, OCC_MODE_CHECK };

			for (size_t k = 0; k < 3; k++) {
				occ = *(const struct occ_run *)res;
				occ.mode = m[k];
				occ.sweep = OCC_RES_REGS;
				check_header(cmd, modes[k], &occ, &dev);
			}
		}
	}
	is_int((long long)checked, (long long)measuring, "every measuring command's header checked");
	check_sections(&dev, &run);
}

/* The summary's headline figures are all_summary_contract's, every one of them. */
static void test_headlines(void)
{
	const struct result_contract *c = result_contract_of("summary");
	struct all_headline h[ALL_MAX_HEADLINES];
	struct gp_device dev;
	struct all_run run;
	size_t n, found = 0;
	int named = 1;

	fake_all(&dev, &run, 0);
	n = all_headlines(&dev, &run, h, ALL_MAX_HEADLINES);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(h[i].metric, "counters"))  /* a state, not a figure */
			continue;
		named &= result_figure_of(c, h[i].metric) != NULL;
		found++;
	}
	ok(named, "summary: each headline with a value is a figure of its contract");
	/* fake_all runs occupancy once; gpuperf all three times */
	is_int((long long)found + 2, (long long)c->nfigures, "summary: every figure is a headline");
}

/*
 * profile's roofline columns (issue 27): each one a figure that improves
 * the way it should, or deliberately none (words, what describes the
 * program); a new column among them must be declared here.
 */
static void test_profile_roofline(void)
{
	static const struct { const char *column; int better; } want[] = {
		{ "bound", 0 }, { "bound_by", 0 }, { "roof_pct", RESULT_HIGHER },
		{ "roof_source", 0 }, { "time_at_stake_ms", RESULT_LOWER },
		{ "fp64_flop", RESULT_LOWER }, { "fp32_flop", RESULT_LOWER },
		{ "fp16_flop", RESULT_LOWER }, { "gflops", RESULT_HIGHER },
		{ "fma_pipe_pct", RESULT_HIGHER }, { "tensor_pipe_pct", RESULT_HIGHER },
		{ "l2_bytes", RESULT_LOWER }, { "l1_bytes", RESULT_LOWER },
		{ "shared_bytes", RESULT_LOWER }, { "l2_bandwidth_gbs", RESULT_HIGHER },
		{ "l1_bandwidth_gbs", RESULT_HIGHER },
		{ "intensity_dram_flop_per_byte", RESULT_HIGHER },
		{ "intensity_l2_flop_per_byte", RESULT_HIGHER },
		{ "dram_roof_gbs", RESULT_HIGHER }, { "l2_roof_gbs", RESULT_HIGHER },
		{ "l1_roof_gbs", RESULT_HIGHER }, { "fp64_roof_gflops", RESULT_HIGHER },
		{ "fp32_roof_gflops", RESULT_HIGHER }, { "fp16_roof_gflops", RESULT_HIGHER },
		{ "cp_async_sectors_per_request", RESULT_LOWER },
		{ "cp_async_ideal_sectors_per_request", 0 },
		{ "cp_async_efficiency_pct", RESULT_HIGHER },
		{ "cp_async_fetched_bytes", RESULT_LOWER },
		{ "cp_async_requested_bytes", 0 }, { "tma_loads", 0 },
	};
	const struct result_contract *c = result_contract_of("profile");
	int first = col_index(c, "bound"), last = col_index(c, "tma_loads"), declared = 1;

	is_int(last - first + 1, (long long)ARRAY_SIZE(want),
	       "profile: the roofline's columns, bound to tma_loads, each declared here");
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		const struct result_figure *f = result_figure_of(c, want[i].column);
		int got = f ? (int)f->better : 0;

		if (col_index(c, want[i].column) != first + (int)i || got != want[i].better) {
			ok(0, "profile: %s at column %d, %s", want[i].column, first + (int)i,
			   want[i].better > 0 ? "higher is better" :
			   want[i].better < 0 ? "lower is better" : "not a figure");
			declared = 0;
		}
	}
	ok(declared, "profile: each roofline column in place, a figure with its direction or none");
	ok(result_figure_of(c, "gpu_time_ms")->better == RESULT_LOWER,
	   "profile: less GPU time is better");
	is_int(result_figure_of(c, "time_at_stake_ms")->kind, RESULT_KIND_TIME,
	       "profile: the time at stake is a time");
	is_int(result_figure_of(c, "fp32_flop")->kind, RESULT_KIND_COUNTER,
	       "profile: FLOPs are counted");
}

/*
 * Each headline of all's summary is declared by one command's contract,
 * and check's figures are found by command and name (issue 39).
 */
static void test_headline_owners(void)
{
	const struct result_contract *sum = result_contract_of("summary");
	struct all_headline h[ALL_MAX_HEADLINES];
	struct gp_device dev;
	struct all_run run;
	size_t n;
	int once = 1, tagged = 1;

	for (size_t f = 0; f < sum->nfigures; f++) {
		size_t owners = 0;

		for (size_t i = 0; i < result_ncontracts; i++)
			for (size_t k = 0; k < result_contracts[i]->nheadlines; k++)
				owners += !strcmp(result_contracts[i]->headlines[k].column,
						  sum->figures[f].column);
		once &= owners == 1;
	}
	ok(once, "every figure of the summary is one command's headline");
	fake_all(&dev, &run, 0);
	n = all_headlines(&dev, &run, h, ALL_MAX_HEADLINES);
	for (size_t i = 0; i < n; i++)
		if (strcmp(h[i].metric, "counters"))  /* info's state, not a figure */
			tagged &= h[i].command && result_headline_of(h[i].command, h[i].metric);
	ok(n > 10 && tagged, "each summary row names its command, whose headline it is");
	ok(result_headline_of("bandwidth", "dram_copy_gbs") != NULL, "bandwidth's dram_copy_gbs");
	ok(result_headline_of("pcie", "pcie_pinned_h2d_gbs") != NULL, "pcie's pcie_pinned_h2d_gbs");
	ok(result_headline_of("pcie", "dram_copy_gbs") == NULL, "dram_copy_gbs is not pcie's");
	ok(result_headline_of("bandwidth", "dram_copy") == NULL, "a name in full, not a prefix");
	is_int(result_headline_of("latency", "latency_l2_cycles")->better, RESULT_LOWER,
	       "latency_l2_cycles: lower is better");
}

int main(void)
{
	for (size_t i = 0; i < result_ncontracts; i++)
		test_sound(result_contracts[i]);
	test_lookups();
	test_older_and_rows();
	test_commands();
	test_headlines();
	test_headline_owners();
	test_profile_roofline();
	return done_testing();
}
