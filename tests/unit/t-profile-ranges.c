/*
 * gpuperf profile --by range, without a GPU: the names of NVTX ranges
 * (profile/range-name.h), the grouping of records into ranges
 * (profile/ranges.h) on tests/fixtures/profile-ranges.records, whose
 * times add up by hand (below), the tables and the man page's columns.
 *
 * The fixture, in ns: triad 1.5e6 from time records (13 runs, 3 of them
 * by graph 7) + 67000 profiled (train/forward); stride 2e6 + 400000
 * profiled (train/backward); chase 2e6 + 1e6 profiled (no range).  Range
 * records: triad 720000 (6) in train/forward, 480000 (4) in
 * train/backward, 300000 (3) by graph 7 node 12 in train/step; stride
 * 2e6 (5) in train/backward; chase 2e6 (2) in none.  So:
 *   train/forward   720000 + 67000            =  787000 ns,  7 runs, 1 kernel
 *   train/backward  480000 + 2000000 + 400000 = 2880000 ns, 10 runs, 2 kernels
 *   (no range)      2000000 + 1000000         = 3000000 ns,  3 runs, 1 kernel
 *   train/step, graph 7 node 12               =  300000 ns,  3 runs, 1 kernel
 *   every range                               = 6967000 ns = the three kernels' times
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile/range-name.h"
#include "profile/ranges.h"
#include "results/contract.h"
#include "results/profile.h"
#include "tables/profile.h"
#include "util/compat.h"
#include "util/error.h"
#include "tests/unit/unit.h"

#define FIXTURE "tests/fixtures/profile-ranges.records"

static const char *name_of(const char *msg)
{
	static char out[PROF_RANGE_NAME_MAX];

	return prof_range_name(msg, out, sizeof(out));
}

static void test_names(void)
{
	char longname[700], out[PROF_RANGE_NAME_MAX];

	is_str(name_of("aten::addmm, seq = 12, op_id = 345"), "aten::addmm",
	       "emit_nvtx's sequence number and op id cut");
	is_str(name_of("aten::linear, op_id = 7, sizes = [[8, 4], [4]], input_op_ids = [(1, 0)]"),
	       "aten::linear", "op id, shapes (record_shapes) and input op ids cut");
	is_str(name_of("AddmmBackward0, stashed seq = 3"), "AddmmBackward0",
	       "the older profiler's backward sequence number cut");
	is_str(name_of("iteration 5"), "iteration 5", "a user's own numbers stay");
	is_str(name_of("x, sequence = 1"), "x, sequence = 1", "only PyTorch's fields are cut");
	is_str(name_of("  padded  "), "padded", "spaces at the ends trimmed");
	is_str(name_of("a\x1f" "b"), "a b", "the records' separator byte made a space");
	is_str(name_of(NULL), PROF_RANGE_UNNAMED, "no message: unnamed");
	is_str(name_of(""), PROF_RANGE_UNNAMED, "an empty one too");
	is_str(name_of(", seq = 5"), PROF_RANGE_UNNAMED, "nothing before the fields: unnamed");
	for (size_t i = 0; i + 2 < sizeof(longname); i += 2)
		memcpy(longname + i, "\xc3\xa9", 2);   /* e acute, 2 bytes */
	longname[sizeof(longname) - 2] = '\0';
	prof_range_name(longname, out, sizeof(out));
	is_int((long long)strlen(out), PROF_RANGE_NAME_MAX - 2,
	       "a long name cut to %d bytes, not inside a 2-byte character", PROF_RANGE_NAME_MAX - 2);
	prof_range_name("abcdef", out, 4);
	is_str(out, "abc", "cut to the room given");
}

static void test_labels(void)
{
	char *l = prof_range_label("train\x1f" "aten::linear");

	is_str(l, "train/aten::linear", "levels joined by /");
	free(l);
	l = prof_range_label("");
	is_str(l, PROF_RANGE_NONE, "no range");
	free(l);
	is_int(prof_range_depth(""), 0, "depth of none: 0");
	is_int(prof_range_depth("a"), 1, "one level");
	is_int(prof_range_depth("a\x1f" "b\x1f" "c"), 3, "three levels");
}

/* The fixture's records, with extra lines appended; *text to free. */
static int load(struct prof_records *rs, const char *extra, const char *drop)
{
	FILE *f = fopen(FIXTURE, "r");
	char line[8192], *err = NULL, *text = calloc(1, 1 << 20);
	int rc;

	if (!f || !text) {
		ok(0, "%s readable from the current directory", FIXTURE);
		free(text);
		if (f)
			fclose(f);
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		if (!drop || !strstr(line, drop))
			strcat(text, line);
	fclose(f);
	strcat(text, extra ? extra : "");
	memset(rs, 0, sizeof(*rs));
	rc = prof_decode(text, strlen(text), rs, &err);
	if (rc)
		diag("%s", err);
	free(err);
	free(text);
	return rc;
}

static const struct prof_range *find(const struct prof_ranges *g, const char *label,
				     unsigned long long graph)
{
	for (size_t i = 0; i < g->n; i++)
		if (!strcmp(g->r[i].label, label) && g->r[i].graph_id == graph)
			return &g->r[i];
	return NULL;
}

static const struct prof_kernel *kernel(const struct prof_analysis *a, const char *short_name)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->k[i].short_name, short_name))
			return &a->k[i];
	return NULL;
}

/* rs grouped by range: the analysis (top 0, the filter) then the ranges. */
static void group(const struct prof_records *rs, const char *regex, enum prof_sort sort,
		  size_t top, struct prof_analysis *a, struct prof_ranges *g)
{
	struct prof_opts po = { PROF_SORT_TIME, 0, regex };
	struct prof_range_opts ro = { sort, top };

	prof_analyze(rs, &po, a);
	prof_ranges(rs, a, &ro, g);
}

static void test_grouping(void)
{
	struct prof_records rs;
	struct prof_analysis a;
	struct prof_ranges g;
	const struct prof_range *fw, *bw, *none, *step;
	const struct prof_kernel *stride;

	if (load(&rs, NULL, NULL))
		return;
	group(&rs, NULL, PROF_SORT_TIME, 0, &a, &g);
	is_int((long long)g.n, 4, "four ranges: three paths, one of them also run by a graph");
	is_dbl(g.time_ns, 6967000, 1e-6, "every range's time: 6.967 ms, by hand");
	is_dbl(g.time_ns, a.time_ns, 1e-6, "... the kernels' own total, exactly");
	is_dbl(g.unranged_ns, 0, 1e-9, "no kernel time outside the range records");
	fw = find(&g, "train/forward", 0);
	bw = find(&g, "train/backward", 0);
	none = find(&g, PROF_RANGE_NONE, 0);
	step = find(&g, "train/step", 7);
	stride = kernel(&a, "stride");
	if (!ok(fw && bw && none && step && stride, "each range found, and the stride kernel"))
		goto out;
	is_dbl(fw->time_ns, 787000, 1e-6, "train/forward: a range record and a profiled launch");
	ok(fw->launches == 7 && fw->kernels == 1 && fw->depth == 2, "train/forward: 7 runs, 1 kernel, depth 2");
	is_dbl(bw->time_ns, 2880000, 1e-6, "train/backward: two kernels' records and a launch");
	ok(bw->launches == 10 && bw->kernels == 2, "train/backward: 10 runs, 2 kernels");
	ok(bw->top == stride && fabs(bw->top_ns - 2400000) < 1e-6,
	   "train/backward's dominant kernel: stride, 2.4 ms there");
	ok(bw->worst == stride, "... and the one with the most at stake (its loads waste 8x)");
	is_dbl(bw->stake_ns, stride->waste * 2400000, 1e-6,
	       "its time at stake: its verdict's fraction of its 2.4 ms in the range, not of its all");
	is_dbl(none->time_ns, 3000000, 1e-6, "outside any range: chase's 3 ms");
	ok(none->depth == 0 && none->launches == 3, "outside any range: depth 0, 3 runs");
	is_dbl(step->time_ns, 300000, 1e-6, "the graph's kernels: a range of their own");
	ok(step->graph_node == 12 && step->launches == 3, "the graph's one node named");
	is_str(g.r[0].label, PROF_RANGE_NONE, "by time: the most first");
	is_str(g.r[3].label, "train/step", "... the least last");
	ok(g.summary && strstr(g.summary, "train/backward (stride: "),
	   "the summary names a range worth fixing and its kernel: %s", g.summary ? g.summary : "");
out:
	prof_ranges_free(&g);
	prof_analysis_free(&a);
	prof_records_free(&rs);
}

static void test_options(void)
{
	struct prof_records rs;
	struct prof_analysis a;
	struct prof_ranges g;

	if (load(&rs, NULL, NULL))
		return;
	group(&rs, "triad", PROF_SORT_TIME, 0, &a, &g);
	is_int((long long)g.n, 3, "--kernel triad: the three ranges it ran in");
	is_dbl(g.time_ns, 1567000, 1e-6, "... its time alone: 1.5 ms + 67 us");
	prof_ranges_free(&g);
	prof_analysis_free(&a);
	group(&rs, NULL, PROF_SORT_NAME, 2, &a, &g);
	ok(g.n == 2 && g.others == 2 && g.nranges == 4, "--top 2: two kept, two left out");
	is_dbl(g.other_time_ns, 787000 + 300000, 1e-6, "... the two least timed");
	ok(g.n == 2 && !strcmp(g.r[0].label, PROF_RANGE_NONE) && !strcmp(g.r[1].label, "train/backward"),
	   "--sort name: by label");
	prof_ranges_free(&g);
	prof_analysis_free(&a);
	group(&rs, NULL, PROF_SORT_WASTE, 0, &a, &g);
	for (size_t i = 1; i < g.n; i++)
		if (!ok(g.r[i - 1].stake_ns >= g.r[i].stake_ns, "--sort waste: %s before %s",
			g.r[i - 1].label, g.r[i].label))
			break;
	prof_ranges_free(&g);
	prof_analysis_free(&a);
	prof_records_free(&rs);
}

/* A process killed before its exit: its range records missing, the kernels' times not. */
static void test_killed(void)
{
	struct prof_records rs;
	struct prof_analysis a;
	struct prof_ranges g;

	if (load(&rs, NULL, "range pid=4242 dev=0 kernel=_Z5chasePKjPjii"))
		return;
	group(&rs, NULL, PROF_SORT_TIME, 0, &a, &g);
	is_dbl(g.unranged_ns, 2000000, 1e-6, "chase's unwritten 2 ms: in no range, and said");
	is_dbl(find(&g, PROF_RANGE_NONE, 0)->time_ns, 1000000, 1e-6,
	       "outside any range: its profiled launch alone");
	prof_ranges_free(&g);
	prof_analysis_free(&a);
	prof_records_free(&rs);
}

/* Two nodes of one graph in one range: the node is not one any more. */
static void test_graph_nodes(void)
{
	struct prof_records rs;
	struct prof_analysis a;
	struct prof_ranges g;
	const struct prof_range *step;

	if (load(&rs, "range pid=4242 dev=0 kernel=_Z6stridePfPKfi range=train%1Fstep graph_id=7 "
		 "graph_node=13 timed=1 ns=1000\n", NULL))
		return;
	group(&rs, NULL, PROF_SORT_TIME, 0, &a, &g);
	step = find(&g, "train/step", 7);
	ok(step && step->graph_node == 0 && step->kernels == 2 && step->launches == 4,
	   "graph 7 in train/step: nodes 12 and 13, none named, 2 kernels, 4 runs");
	prof_ranges_free(&g);
	prof_analysis_free(&a);
	prof_records_free(&rs);
}

/* The tables: the machines' header is the range contract's; the people's view rows. */
static void test_tables(void)
{
	struct profile_run run = { .hostname = "node-1", .by_range = 1 };
	struct prof_records rs;
	struct report rep = { 0 };
	const char *names[PROFILE_RANGE_NCOLUMNS];
	const struct report_table *machine = NULL, *view = NULL;

	if (load(&rs, NULL, NULL))
		return;
	run.command = gp_xstrdup("./train");
	group(&rs, NULL, PROF_SORT_TIME, 0, &run.a, &run.ranges);
	tab_profile_ranges(&rep, &run);
	for (size_t i = 0; i < rep.ntables; i++) {
		if (rep.tables[i]->flags & REPORT_MACHINE_ONLY)
			machine = rep.tables[i];
		else if (rep.tables[i]->nrows)
			view = rep.tables[i];
	}
	if (ok(machine && machine->ncols == PROFILE_RANGE_NCOLUMNS && machine->nrows == 4,
	       "the machines' table: a row per range")) {
		for (size_t i = 0; i < machine->ncols; i++)
			names[i] = machine->cols[i].name;
		ok(result_contract_by_columns(names, machine->ncols) == &profile_range_contract,
		   "its header is the range contract's: diff compares two --by range outputs");
	}
	ok(view && view->nrows == 4, "the people's table: a row per range");
	report_free(&rep);
	profile_run_free(&run);
	prof_records_free(&rs);
}

/* Every column of the --by range table in the man page's CSV COLUMNS. */
static void test_man(void)
{
	FILE *f = fopen("man/gpuperf-profile.1", "r");
	static char man[1 << 20];
	size_t n;
	int all = 1;

	if (!ok(f != NULL, "man/gpuperf-profile.1 readable from the current directory"))
		return;
	n = fread(man, 1, sizeof(man) - 1, f);
	man[n] = '\0';
	fclose(f);
	for (size_t i = 0; i < PROFILE_RANGE_NCOLUMNS; i++) {
		char want[128];

		snprintf(want, sizeof(want), "\n.B %s\n", profile_range_columns[i].name);
		if (!strstr(man, want)) {
			diag("gpuperf-profile.1 lacks column %s", profile_range_columns[i].name);
			all = 0;
		}
	}
	ok(all, "the man page documents every column of the --by range table");
	ok(strstr(man, "\n.SS With \\-\\-by range\n") != NULL, "in a section of its own");
}

int main(void)
{
	test_names();
	test_labels();
	test_grouping();
	test_options();
	test_killed();
	test_graph_nodes();
	test_tables();
	test_man();
	return done_testing();
}
