/*
 * gpuperf diff without a GPU: the CSV and JSON readers on good and broken
 * text, the noise rules on tables of a contract made here, and whole
 * runs (gpuperf all's fabricated results, rendered by report/ as the
 * command renders them) read back and compared.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/compare.h"
#include "judge/read.h"
#include "report/read-csv.h"
#include "report/read-json.h"
#include "tables/all.h"
#include "tests/unit/fake-all.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

/* ---- the readers ---- */

static void csv_cases(void)
{
	static const char good[] = "a,\"b,c\",\"say \"\"hi\"\"\"\r\n1,\"two\nlines\",\n3,4,5";
	struct csv_doc d;
	char err[160];

	ok(!csv_parse(good, strlen(good), &d, err, sizeof(err)), "CSV: quotes, CR LF, a line break");
	is_int(d.n, 3, "three records");
	is_str(d.recs[0].fields[1], "b,c", "a comma inside quotes");
	is_str(d.recs[0].fields[2], "say \"hi\"", "doubled quotes");
	is_str(d.recs[1].fields[1], "two\nlines", "a line break inside quotes");
	is_int(d.recs[1].n, 3, "an empty last field");
	is_int(d.recs[2].line, 4, "the record after a two-line field starts on line 4");
	csv_free(&d);
	ok(!csv_parse("a,b\n1,2\n\n\n", 10, &d, err, sizeof(err)) && d.n == 2,
	   "blank lines at the end are the end");
	csv_free(&d);
	ok(csv_parse("a,b\n1,\"2\n3\n", 11, &d, err, sizeof(err)) && strstr(err, "line 2:") &&
	   strstr(err, "never closed"), "an open quote: %s", err);
	ok(csv_parse("a,b\n1,2\"x\n", 10, &d, err, sizeof(err)) && strstr(err, "line 2:"),
	   "a quote inside a field: %s", err);
	ok(csv_parse("a,\"b\"c\n", 7, &d, err, sizeof(err)) && strstr(err, "after a closing quote"),
	   "text after a closing quote: %s", err);
	ok(csv_parse("a,b\0c\n", 6, &d, err, sizeof(err)) && strstr(err, "NUL"), "a NUL byte: %s", err);
}

static void json_cases(void)
{
	static const char good[] = "{\"s\": [ {\"k\": \"a\\\"\\u00e9\\ud83d\\ude00\", \"n\": -1.5e3,\n"
				   "\"z\": null, \"t\": true} ], \"e\": []}";
	static const char *const bad[][2] = {
		{ "[1, 2", "line 1:" },
		{ "[1,\n2,\n]", "line 3:" },
		{ "{\"a\" 1}", "':'" },
		{ "[01]", "',' or ']'" },
		{ "[1.]", "digits after" },
		{ "[\"a\nb\"]", "control character" },
		{ "[\"\\x\"]", "unknown escape" },
		{ "[] x", "after the JSON value" },
		{ "", "no JSON value" },
		{ "[\"\\u12\"]", "four hex digits" },
		{ "[\"\\u0000\"]", "\\u0000" },
		{ "[\"\xff\"]", "not UTF-8" },
	};
	struct json v;
	char err[160], deep[80];

	ok(!json_parse(good, strlen(good), &v, err, sizeof(err)), "JSON: sections, escapes, literals");
	is_int(v.type, JSON_OBJECT, "an object");
	is_str(v.keys[1], "e", "keys in the order written");
	is_str(v.items[0].items[0].items[0].text, "a\"\xc3\xa9\xf0\x9f\x98\x80",
	       "escapes and a surrogate pair as UTF-8");
	is_str(v.items[0].items[0].items[1].text, "-1.5e3", "a number as written");
	is_int(v.items[0].items[0].items[2].type, JSON_NULL, "null");
	is_int(v.items[0].items[0].items[1].line, 1, "the line of a value");
	is_int(v.items[0].items[0].items[2].line, 2, "the line after a line break");
	json_free(&v);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ok(json_parse(bad[i][0], strlen(bad[i][0]), &v, err, sizeof(err)) &&
		   strstr(err, bad[i][1]), "refused bad JSON %zu: %s", i, err);
	memset(deep, '[', sizeof(deep));
	ok(json_parse(deep, sizeof(deep), &v, err, sizeof(err)) && strstr(err, "too deep"),
	   "nesting past %d: %s", JSON_MAX_DEPTH, err);
}

/* ---- the noise rules, on a contract of this test's own ---- */

static const struct report_col cols[] = {
	{ "device", "device", REPORT_STR, 0, REPORT_COL_ID },
	{ "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "gbs", "GB/s", REPORT_DBL, 1 },
	{ "cov_pct", "CoV", REPORT_DBL, 2 },
	{ "best", "best", REPORT_DBL, 1 },
	{ "worst", "worst", REPORT_DBL, 1 },
	{ "ns", "ns", REPORT_DBL, 1 },
	{ "contended", "contended", REPORT_INT, 0 },
	{ "throttled", "throttled", REPORT_STR, 0 },
};
enum { DEV, KERNEL, GBS, COV, BEST, WORST, NS };
static const struct result_figure figures[] = {
	{ "gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct", "best", "worst" },
	{ "ns", RESULT_LOWER, RESULT_KIND_LATENCY, NULL, NULL, NULL },
};
static const struct result_contract contract = {
	"test", cols, sizeof(cols) / sizeof(cols[0]), figures, 2, NULL, NULL,
};

/* A table of one row: kernel k, gbs g with cov c (NaN: none) and best/worst (NaN: none). */
static struct report_table *one(struct report *r, const char *k, double g, double c, double best,
				double worst)
{
	struct report_table *t = report_add_table(r, "t", cols, sizeof(cols) / sizeof(cols[0]));
	size_t row = report_add_row(t);

	report_set_str(t, row, DEV, "gpu0");
	report_set_str(t, row, KERNEL, k);
	report_set_dbl(t, row, GBS, g);
	report_set_dbl(t, row, COV, c);
	report_set_dbl(t, row, BEST, best);
	report_set_dbl(t, row, WORST, worst);
	return t;
}

/* The verdict of gbs, before b against after a, each with cov c and the spread given. */
static const struct diff_row *judge(struct diff_result *res, double threshold, double b,
				    double cb, double a, double ca, double best, double worst)
{
	struct report rb = { 0 }, ra = { 0 };
	struct diff_opts o = { threshold };

	diff_result_free(res);
	diff_tables(&contract, one(&rb, "copy", b, cb, best, worst), one(&ra, "copy", a, ca, best,
				  worst), &o, res);
	report_free(&rb);
	report_free(&ra);
	return res->n ? &res->rows[0] : NULL;
}

static void noise_rules(void)
{
	struct diff_result res = { 0 };
	const struct diff_row *d;
	double def = result_default_noise_pct(RESULT_KIND_BANDWIDTH);

	d = judge(&res, 2, 1000, 0.5, 1015, 0.5, NAN, NAN);
	is_int(d->verdict, DIFF_SAME, "+1.5 %%, noise 1 %%: under the 2 %% threshold, same");
	is_dbl(d->change_pct, 1.5, 1e-9, "change (after - before) / before");
	is_dbl(d->noise_pct, 1.0, 1e-9, "noise: 2 x CoV");
	d = judge(&res, 2, 1000, 0.5, 1030, 0.5, NAN, NAN);
	is_int(d->verdict, DIFF_BETTER, "+3 %%, beyond noise and threshold: better (higher is)");
	d = judge(&res, 2, 1000, 0.5, 970, 0.5, NAN, NAN);
	is_int(d->verdict, DIFF_WORSE, "-3 %%: worse");
	d = judge(&res, 2, 1000, 0.5, 1030, 2, NAN, NAN);
	is_dbl(d->noise_pct, 4.0, 1e-9, "the larger run's noise: 2 x 2 %%");
	is_int(d->verdict, DIFF_SAME, "+3 %% inside one run's 4 %% noise: same");
	d = judge(&res, 0, 1000, NAN, 1015, NAN, 1010, 990);
	is_dbl(d->noise_pct, 1.0, 1e-9, "no CoV: half the best-to-worst spread, 20 / 2 of 1000");
	is_int(d->verdict, DIFF_BETTER, "+1.5 %% beyond a 1 %% spread, threshold 0: better");
	d = judge(&res, 0, 1000, NAN, 1015, NAN, 1100, 900);
	is_int(d->verdict, DIFF_SAME, "+1.5 %% inside a 10 %% spread: same");
	d = judge(&res, 0, 1000, NAN, 1000 * (1 + def / 200), NAN, NAN, NAN);
	is_dbl(d->noise_pct, def, 1e-9, "no noise carried: the kind's default (%g %%)", def);
	is_int(d->verdict, DIFF_SAME, "a change of half the default: same");
	d = judge(&res, 0, 1000, NAN, 1000 * (1 + def / 50), NAN, NAN, NAN);
	is_int(d->verdict, DIFF_BETTER, "a change of twice the default: better");
	d = judge(&res, 0, 1000, NAN, 1000 * (1 + def / 50), NAN, 1000, 1000);
	is_dbl(d->noise_pct, def, 1e-9, "no spread at all: the default, not zero");
	d = judge(&res, 2, 0, NAN, 5, NAN, NAN, NAN);
	is_int(d->verdict, DIFF_BETTER, "from 0: beyond any percentage");
	ok(isnan(d->change_pct), "from 0: no percentage");
	d = judge(&res, 2, NAN, NAN, 5, NAN, NAN, NAN);
	is_int(d->verdict, DIFF_NEW, "a figure missing before: new");
	d = judge(&res, 2, 5, NAN, NAN, NAN, NAN, NAN);
	is_int(d->verdict, DIFF_GONE, "a figure missing after: gone");
	is_str(d->figure, "gbs", "gone names the figure");
	d = judge(&res, 2, NAN, NAN, NAN, NAN, NAN, NAN);
	ok(d == NULL, "missing on both sides: nothing to say");
	diff_result_free(&res);
}

/*
 * The noise rules at their edges: a change equal to the noise or to the
 * threshold is not beyond it; a CoV of 0 carries no noise (the spread
 * does); a spread around a figure of 0 says nothing; from 0 to 0, no change.
 * The figures are powers of two, so that the percentages come out exact.
 */
static void noise_edges(void)
{
	struct diff_result res = { 0 };
	const struct diff_row *d;

	d = judge(&res, 2, 1024, 12.5, 1280, 12.5, NAN, NAN);
	is_dbl(d->change_pct, 25, 0, "+25 %% exactly");
	is_dbl(d->noise_pct, 25, 0, "noise 2 x 12.5 %%");
	is_int(d->verdict, DIFF_SAME, "a change equal to the noise: same");
	d = judge(&res, 25, 1024, 0.5, 1280, 0.5, NAN, NAN);
	is_int(d->verdict, DIFF_SAME, "a change equal to the threshold: same");
	d = judge(&res, 4, 1024, 0.5, 768, 0.5, NAN, NAN);
	is_int(d->verdict, DIFF_WORSE, "-25 %% beyond noise 1 %% and threshold 4 %%: worse");
	d = judge(&res, 0, 1000, 0, 1015, 0, 1010, 990);
	is_dbl(d->noise_pct, 1.0, 1e-9, "a CoV of 0 is no noise figure: the spread's 1 %%");
	d = judge(&res, 0, 0, NAN, 0, NAN, 10, -10);
	is_int(d->verdict, DIFF_SAME, "0 before and after: same");
	is_dbl(d->change_pct, 0, 0, "0 to 0: no change");
	is_dbl(d->noise_pct, result_default_noise_pct(RESULT_KIND_BANDWIDTH), 0,
	       "a spread around 0 is no percentage: the kind's default");
	d = judge(&res, 0, 1000, NAN, 1015, NAN, 1010, NAN);
	is_dbl(d->noise_pct, result_default_noise_pct(RESULT_KIND_BANDWIDTH), 0,
	       "a best without a worst: no spread, the default");
	d = judge(&res, 0, 1000, INFINITY, 1015, INFINITY, 1010, 990);
	is_dbl(d->noise_pct, 1.0, 1e-9, "an infinite CoV is none: the spread's 1 %%");
	is_int(d->verdict, DIFF_BETTER, "  +1.5 %% beyond it: better");
	d = judge(&res, 0, 1, NAN, 1.1, NAN, 1.2, 0.8);
	is_dbl(d->noise_pct, 20, 1e-9, "a figure of 1 with a spread of 0.4: 20 %% noise");
	is_int(d->verdict, DIFF_SAME, "+10 %% inside it: same");
	/* gpuperf-diff(1): "The default threshold, 2 %" */
	is_dbl(DIFF_THRESHOLD_PCT, 2, 0, "the default threshold is the man page's 2 %%");
	d = judge(&res, 0, -1000, NAN, -1015, NAN, NAN, NAN);
	is_dbl(d->change_pct, -1.5, 1e-9, "a change of a negative figure, over its magnitude");
	diff_result_free(&res);
}

/* ---- kinds by row, and the floors of the kinds that move between invocations ---- */

/* The test's contract, its rows of kernel pcie over the link and of kernel shared on shared lines. */
static const struct result_row_kind row_kinds[] = {
	{ "kernel", "pcie", RESULT_KIND_LINK },
	{ "kernel", "shared", RESULT_KIND_SHARED },
};
static const struct result_contract by_row = {
	"test", cols, sizeof(cols) / sizeof(cols[0]), figures, 2, NULL, NULL, row_kinds, 2,
};

/* The verdict of gbs in rows of kernel k, b against a, each with cov c. */
static const struct diff_row *judge_kernel(struct diff_result *res, const char *k, double b,
					   double a, double c)
{
	struct report rb = { 0 }, ra = { 0 };
	struct diff_opts o = { DIFF_THRESHOLD_PCT };

	diff_result_free(res);
	diff_tables(&by_row, one(&rb, k, b, c, NAN, NAN), one(&ra, k, a, c, NAN, NAN), &o, res);
	report_free(&rb);
	report_free(&ra);
	return res->n ? &res->rows[0] : NULL;
}

static void floors(void)
{
	double link = result_default_noise_pct(RESULT_KIND_LINK);
	double shared = result_default_noise_pct(RESULT_KIND_SHARED);
	struct diff_result res = { 0 };
	const struct diff_row *d;

	ok(link > DIFF_THRESHOLD_PCT && shared > DIFF_THRESHOLD_PCT,
	   "the link (%g %%) and shared lines (%g %%) move by more than the threshold", link, shared);
	is_dbl(result_floor_noise_pct(RESULT_KIND_LINK), link, 0, "the link's default is its floor");
	is_dbl(result_floor_noise_pct(RESULT_KIND_SHARED), shared, 0, "so is shared lines'");
	is_dbl(result_floor_noise_pct(RESULT_KIND_BANDWIDTH) + result_floor_noise_pct(RESULT_KIND_TIME) +
	       result_floor_noise_pct(RESULT_KIND_LATENCY) + result_floor_noise_pct(RESULT_KIND_CLOCK) +
	       result_floor_noise_pct(RESULT_KIND_COUNTER) +
	       result_floor_noise_pct(RESULT_KIND_CALCULATED), 0, 0,
	       "no floor for the others: the threshold covers their drift, a lower one reaches them");
	d = judge_kernel(&res, "copy", 1000, 1000 * (1 + link / 150), 0.1);
	is_dbl(d->noise_pct, 0.2, 1e-9, "kernel copy: its own 2 x CoV");
	is_int(d->verdict, DIFF_BETTER, "kernel copy: 2/3 of the link's floor is beyond it: better");
	d = judge_kernel(&res, "pcie", 1000, 1000 * (1 + link / 150), 0.1);
	is_dbl(d->noise_pct, link, 1e-9, "kernel pcie, over the link by its row: the floor, not 2 x CoV");
	is_int(d->verdict, DIFF_SAME, "kernel pcie: 2/3 of the floor is the same");
	d = judge_kernel(&res, "pcie", 1000, 900, 0.1);
	is_int(d->verdict, DIFF_WORSE, "kernel pcie: 10 %% lower is still worse");
	d = judge_kernel(&res, "pcie", 1000, 900, link);
	is_dbl(d->noise_pct, 2 * link, 1e-9, "a run's own noise above the floor counts");
	is_int(d->verdict, DIFF_SAME, "... and covers 10 %%");
	d = judge_kernel(&res, "shared", 1000, 1000 * (1 - shared / 150), NAN);
	is_dbl(d->noise_pct, shared, 1e-9, "kernel shared, no CoV: shared lines' default");
	is_int(d->verdict, DIFF_SAME, "kernel shared: 2/3 of it is the same");
	d = judge_kernel(&res, "pcie2", 1000, 1000 * (1 + link / 150), 0.1);
	is_dbl(d->noise_pct, 0.2, 1e-9, "kernel pcie2 is not kernel pcie");
	diff_result_free(&res);
}

/* ---- absolute floors, runs measured differently, names for people ---- */

static const struct report_col pcols[] = {
	{ "device", "device", REPORT_STR, 0, REPORT_COL_ID },
	{ "cc", "CC", REPORT_STR, 0, REPORT_COL_ID },
	{ "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "time_ms", "time", REPORT_DBL, 3 },
	{ "launch_us", "per launch", REPORT_DBL, 2 },
	{ "sectors_per_request", "sectors", REPORT_DBL, 2 },
	{ "pipe_pct", "pipe", REPORT_DBL, 1 },
	{ "flop", "FLOP", REPORT_DBL, 0 },
	{ "regs", "regs", REPORT_INT, 0 },
	{ "counter_set", "set", REPORT_STR, 0 },
};
enum { P_DEV, P_CC, P_KERNEL, P_TIME, P_LAUNCH, P_SECTORS, P_PIPE, P_FLOP, P_REGS, P_SET, P_N };
static const struct result_figure pfigures[] = {
	{ "time_ms", RESULT_LOWER, RESULT_KIND_TIME },
	{ "launch_us", RESULT_LOWER, RESULT_KIND_TIME },
	{ "sectors_per_request", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "pipe_pct", RESULT_HIGHER, RESULT_KIND_COUNTER },
	{ "flop", RESULT_LOWER, RESULT_KIND_COUNTER },
	{ "regs", RESULT_LOWER, RESULT_KIND_CALCULATED },
};
static const struct result_contract profiled = {
	.command = "test", .cols = pcols, .ncols = P_N, .figures = pfigures, .nfigures = 6,
	.kernel_column = "kernel", .method_column = "counter_set",
};

/* A row of kernel k on cc, read by counter set: column col holds v, the others 1 (flop: none). */
static struct report_table *prow(struct report *r, const char *k, const char *cc, const char *set,
				 int col, double v)
{
	struct report_table *t = report_add_table(r, "t", pcols, P_N);
	size_t row = report_add_row(t);

	report_set_str(t, row, P_DEV, "gpu0");
	report_set_str(t, row, P_CC, cc);
	report_set_str(t, row, P_KERNEL, k);
	report_set_str(t, row, P_SET, set);
	for (int c = P_TIME; c <= P_PIPE; c++)
		report_set_dbl(t, row, (size_t)c, 1);
	report_set_int(t, row, P_REGS, 64);
	if (col == P_REGS)
		report_set_int(t, row, P_REGS, (long long)v);
	else if (col >= 0)
		report_set_dbl(t, row, (size_t)col, v);
	return t;
}

/* Column col from b to a, in rows alike but for the cc and sets given; res holds the verdicts. */
static const struct diff_row *pjudge(struct diff_result *res, int col, double b, double a,
				     const char *cc_after, const char *set_after)
{
	struct report rb = { 0 }, ra = { 0 };
	struct diff_opts o = { DIFF_THRESHOLD_PCT };

	diff_result_free(res);
	diff_tables(&profiled, prow(&rb, "k", "9.0", "full", col, b),
		    prow(&ra, "k", cc_after, set_after, col, a), &o, res);
	report_free(&rb);
	report_free(&ra);
	for (size_t i = 0; i < res->n; i++)
		if (res->rows[i].figure && !strcmp(res->rows[i].figure, pcols[col].name))
			return &res->rows[i];
	return NULL;
}

static void absolute_floors(void)
{
	struct diff_result res = { 0 };
	const struct diff_row *d;

	d = pjudge(&res, P_PIPE, 0.001, 0.002, "9.0", "full");
	is_dbl(d->change_pct, 100, 1e-9, "pipe 0.001 -> 0.002 %%: +100 %%");
	is_int(d->verdict, DIFF_SAME, "... under 0.1, the last digit its table prints: same");
	d = pjudge(&res, P_PIPE, 0.1, 0.3, "9.0", "full");
	is_int(d->verdict, DIFF_BETTER, "pipe 0.1 -> 0.3 %%: two printed digits, better");
	d = pjudge(&res, P_TIME, 0.0010, 0.0014, "9.0", "full");
	is_int(d->verdict, DIFF_SAME, "time 1.0 -> 1.4 us (+40 %%), printed to 1 us: same");
	d = pjudge(&res, P_TIME, 1.000, 1.100, "9.0", "full");
	is_int(d->verdict, DIFF_WORSE, "time 1.000 -> 1.100 ms: worse");
	d = pjudge(&res, P_LAUNCH, 2.0, 2.4, "9.0", "full");
	is_int(d->verdict, DIFF_SAME, "2.0 -> 2.4 us (+20 %%), under the 0.5 us a CUDA event resolves: same");
	d = pjudge(&res, P_LAUNCH, 2.0, 3.0, "9.0", "full");
	is_int(d->verdict, DIFF_WORSE, "2.0 -> 3.0 us: worse");
	is_dbl(result_floor_abs(RESULT_KIND_TIME, "gpu_time_ms"), 0.0005, 1e-12, "0.5 us in ms");
	is_dbl(result_floor_abs(RESULT_KIND_TIME, "latency_ns"), 500, 1e-9, "0.5 us in ns");
	is_dbl(result_floor_abs(RESULT_KIND_TIME, "slowdown"), 0, 0, "a time ratio: no unit, none");
	is_dbl(result_floor_abs(RESULT_KIND_BANDWIDTH, "gbs"), 0, 0, "bandwidth: none but its digits");
	d = pjudge(&res, P_REGS, 128, 64, "9.0", "full");
	is_int(d->verdict, DIFF_BETTER, "regs 128 -> 64: a calculation's figure, better");
	d = pjudge(&res, P_REGS, 64, 65, "9.0", "full");
	is_int(d->verdict, DIFF_SAME, "regs 64 -> 65: 1.6 %%, under the threshold");
	diff_result_free(&res);
}

static void measured_differently(void)
{
	struct diff_result res = { 0 };
	const struct diff_row *d;

	d = pjudge(&res, P_SECTORS, 4, 2.25, "9.0", "light");
	ok(d == NULL, "full -> light: sectors 4 -> 2.25 not compared");
	ok(pjudge(&res, P_FLOP, 100, NAN, "9.0", "light") == NULL,
	   "a figure the light set leaves out: not gone");
	is_int(res.left_out, 3, "the three counters' figures left out");
	is_int(res.count[DIFF_GONE] + res.count[DIFF_NEW], 0, "nothing new or gone");
	ok(res.nnotes == 1 && strstr(res.notes[0], "measured differently: counter_set full (before), "
				     "light (after)"), "said: %s", res.nnotes ? res.notes[0] : "none");
	d = pjudge(&res, P_TIME, 1.000, 1.100, "9.0", "light");
	ok(d && d->verdict == DIFF_WORSE, "the time, no counter's: still compared");
	d = pjudge(&res, P_SECTORS, 4, 2.25, "8.0", "full");
	ok(d == NULL, "another architecture: its counters' figures not compared");
	ok(res.nnotes == 2 && strstr(res.notes[1], "measured differently: cc 9.0 (before), 8.0 (after)"),
	   "said, after the identity: %s", res.nnotes > 1 ? res.notes[1] : "none");
	d = pjudge(&res, P_SECTORS, 4, 2.25, "9.0", "full");
	ok(d && d->verdict == DIFF_BETTER && !res.left_out, "alike: sectors 4 -> 2.25 better");
	diff_result_free(&res);
}

/* A PyTorch kernel's name, as profile's table shows it: short, cut to 48 with "...". */
static void names_for_people(void)
{
	static const char name[] = "void at::native::vectorized_elementwise_kernel<4, "
				   "at::native::FillFunctor<float>, at::detail::Array<char*, 1> >(int, "
				   "at::native::FillFunctor<float>, at::detail::Array<char*, 1>)";
	struct report rb = { 0 }, ra = { 0 };
	struct diff_opts o = { DIFF_THRESHOLD_PCT };
	struct diff_result res = { 0 };

	diff_tables(&profiled, prow(&rb, name, "9.0", "full", P_TIME, 1),
		    prow(&ra, name, "9.0", "full", P_TIME, 2), &o, &res);
	ok(res.n > 0, "compared");
	is_str(res.rows[0].label, "kernel=at::native::vectorized_elementwise_kernel<4, ...",
	       "the row for people: the name without return type and parameters, 45 + ...");
	ok(!strncmp(res.rows[0].config, "kernel=void at::native::", 24) &&
	   strlen(res.rows[0].config) == strlen(name) + 7, "for machines: the name whole");
	diff_result_free(&res);
	report_free(&rb);
	report_free(&ra);
}

static void rows_and_flags(void)
{
	struct report rb = { 0 }, ra = { 0 };
	struct report_table *b = one(&rb, "copy", 1000, NAN, NAN, NAN);
	struct report_table *a = one(&ra, "copy", 1000, NAN, NAN, NAN);
	struct diff_opts o = { 2 };
	struct diff_result res = { 0 };
	size_t r;

	/* the same key twice (two devices): matched in order; lower-is-better ns */
	r = report_add_row(b);
	report_set_str(b, r, KERNEL, "copy");
	report_set_dbl(b, r, NS, 100);
	r = report_add_row(a);
	report_set_str(a, r, KERNEL, "copy");
	report_set_dbl(a, r, NS, 110);
	report_set_int(a, 0, 7, 1);  /* contended after */
	report_set_str(a, 0, DEV, "gpu1");
	r = report_add_row(b);
	report_set_str(b, r, KERNEL, "read");  /* gone */
	r = report_add_row(a);
	report_set_str(a, r, KERNEL, "write");  /* new */
	report_set_str(a, r, 8, "sw_thermal");
	diff_tables(&contract, b, a, &o, &res);
	is_int(res.n, 4, "copy's gbs, copy #2's ns, read gone, write new");
	is_int(res.rows[0].verdict, DIFF_UNRELIABLE, "contended after: unreliable, not judged");
	is_str(res.rows[0].reason, "contended after", "the reason");
	is_str(res.rows[1].config, "kernel=copy #2", "the key's second record");
	is_int(res.rows[1].verdict, DIFF_WORSE, "ns +10 %%: worse (lower is better)");
	is_int(res.rows[2].verdict, DIFF_GONE, "read: gone");
	ok(res.rows[2].figure == NULL, "a whole row");
	is_int(res.rows[3].verdict, DIFF_NEW, "write: new");
	is_int(res.count[DIFF_WORSE], 1, "counted");
	ok(res.nnotes == 1 && strstr(res.notes[0], "device differs: gpu0 (before), gpu1 (after)"),
	   "identities compared apart: %s", res.nnotes ? res.notes[0] : "none");
	diff_result_free(&res);
	/* throttled before, on the matched row */
	report_set_int(a, 0, 7, 0);
	report_set_str(b, 0, 8, "hw_slowdown");
	diff_tables(&contract, b, a, &o, &res);
	is_str(res.rows[0].reason, "throttled: hw_slowdown before", "throttled before");
	diff_result_free(&res);
	/* "no" and an empty field are not throttled; both sides are named */
	report_set_str(b, 0, 8, "no");
	report_set_str(a, 0, 8, "");
	diff_tables(&contract, b, a, &o, &res);
	ok(res.rows[0].reason == NULL && res.rows[0].verdict == DIFF_SAME,
	   "throttled 'no' before, '' after: judged, same");
	diff_result_free(&res);
	report_set_str(b, 0, 8, "hw_slowdown");
	report_set_int(a, 0, 7, 1);
	diff_tables(&contract, b, a, &o, &res);
	is_str(res.rows[0].reason, "throttled: hw_slowdown before, contended after", "both sides' reasons");
	diff_result_free(&res);
	report_free(&rb);
	report_free(&ra);
}

/* ---- whole runs: gpuperf all's records rendered, read back, compared ---- */

/* all's report of fabricated results; edit, when given, changes it first. */
static char *render_all(enum report_format fmt, void (*edit)(struct report *))
{
	struct gp_device dev;
	struct all_run run;
	struct report rep = { 0 };
	char *buf;

	fake_all(&dev, &run, 0);
	tab_all(&rep, &dev, &run);
	if (edit)
		edit(&rep);
	buf = unit_render(&rep, fmt);
	report_free(&rep);
	return buf;
}

static struct report_table *section(struct report *rep, const char *key)
{
	for (size_t i = 0; i < rep->ntables; i++)
		if (rep->tables[i]->key && !strcmp(rep->tables[i]->key, key))
			return rep->tables[i];
	return NULL;
}

/* The first bandwidth row 10 % slower; the second flagged contended. */
static void slower(struct report *rep)
{
	struct report_table *t = section(rep, "bandwidth");
	int g = report_col_index(t, "bandwidth_gbs"), c = report_col_index(t, "contended");

	report_set_dbl(t, 0, (size_t)g, report_cell(t, 0, (size_t)g)->u.d * 0.9);
	report_set_int(t, 1, (size_t)c, 1);
}

/* The first row of section key: its column col 10 % lower, with a CoV of 6 %: 12 % of noise. */
static void noisy_first_row(struct report *rep, const char *key, const char *col)
{
	struct report_table *t = section(rep, key);
	int v = report_col_index(t, col);

	report_set_dbl(t, 0, (size_t)v, report_cell(t, 0, (size_t)v)->u.d * 0.9);
	report_set_dbl(t, 0, (size_t)report_col_index(t, "cov_pct"), 6);
}

/* The summary's first headline 10 % lower, with a CoV of 6 %. */
static void noisy_headline(struct report *rep)
{
	noisy_first_row(rep, "summary", "value");
}

/* The first bandwidth row 10 % slower, with a CoV of 6 %. */
static void noisy_bandwidth(struct report *rep)
{
	noisy_first_row(rep, "bandwidth", "bandwidth_gbs");
}

/* The summary's first headline (DRAM copy bandwidth) 10 % lower. */
static void lower_headline(struct report *rep)
{
	struct report_table *t = section(rep, "summary");
	int v = report_col_index(t, "value");

	report_set_dbl(t, 0, (size_t)v, report_cell(t, 0, (size_t)v)->u.d * 0.9);
}

/* The rows of in's summary section whose metric is a figure of the summary's contract. */
static size_t summary_figures(const struct diff_input *in)
{
	const struct result_contract *c = result_contract_of("summary");
	size_t n = 0;

	for (size_t i = 0; i < in->tables.ntables; i++) {
		const struct report_table *t = in->tables.tables[i];
		int m = report_col_index(t, "metric");

		for (size_t r = 0; t->key && !strcmp(t->key, "summary") && r < t->nrows; r++)
			n += result_figure_of(c, report_cell(t, r, (size_t)m)->u.s) != NULL;
	}
	return n;
}

static int parse(const char *name, const char *text, struct diff_input *in)
{
	return diff_parse(name, text, strlen(text), in);
}

/* The summary's first headline under a name no contract knows: the run lacks dram_copy_gbs. */
static void unnamed_headline(struct report *rep)
{
	struct report_table *t = section(rep, "summary");

	report_set_str(t, 0, (size_t)report_col_index(t, "metric"), "dram_copy");
}

/* A copy of text with its line holding needle moved up to just under the header; NULL: none. */
static char *line_first(const char *text, const char *needle)
{
	const char *hit = strstr(text, needle), *start, *end;
	size_t head = strcspn(text, "\n") + 1, len;
	char *out;

	if (!hit || !(end = strchr(hit, '\n')))
		return NULL;
	for (start = hit; start > text && start[-1] != '\n'; start--)
		;
	len = (size_t)(end + 1 - start);
	out = malloc(strlen(text) + 1);
	memcpy(out, text, head);
	memcpy(out + head, start, len);
	memcpy(out + head + len, text + head, (size_t)(start - text) - head);
	strcpy(out + (start - text) + len, end + 1);
	return out;
}

/*
 * all's run, edited by before and after (NULL: as is), compared in form
 * (REPORT_JSON or the long CSV); with first, the after CSV's line holding
 * it comes first.  0, -1 without such a line, or what diff said.
 */
static int compare_edits(enum report_format form, void (*before)(struct report *),
			 void (*after)(struct report *), const char *first, struct diff_result *res)
{
	char *tb = render_all(form, before), *ta = render_all(form, after);
	struct diff_input b, a;
	struct diff_opts o = { DIFF_THRESHOLD_PCT };
	int rc;

	if (first) {
		char *moved = line_first(ta, first);
		free(ta);
		ta = moved;
	}
	rc = ta ? parse("before", tb, &b) : -1;
	if (!rc) {
		rc = parse("after", ta, &a);
		if (!rc) {
			rc = diff_files(&b, &a, &o, res);
			diff_input_free(&a);
		}
		diff_input_free(&b);
	}
	free(tb);
	free(ta);
	return rc;
}

static void whole_runs(void)
{
	char *json = render_all(REPORT_JSON, NULL), *csv = render_all(REPORT_CSV, NULL);
	char *json2 = render_all(REPORT_JSON, slower), *csv2 = render_all(REPORT_CSV, slower);
	struct diff_input a, b, c, d;
	struct diff_opts o = { DIFF_THRESHOLD_PCT };
	struct diff_result res = { 0 };
	size_t headlines = 0, nfigures;

	ok(!parse("a.json", json, &a), "all's JSON read back");
	is_str(a.command, "all", "written by all");
	ok(a.sectioned && a.tables.ntables >= 2, "as sections (%zu)", a.tables.ntables);
	ok(!parse("b.csv", csv, &b), "all's long CSV read back");
	is_str(b.command, "all", "the long CSV: all too");
	ok(!diff_files(&a, &a, &o, &res), "a run against itself");
	ok(res.count[DIFF_SAME] > 10 && res.count[DIFF_SAME] == res.n, "all the same (%zu)", res.n);
	for (size_t i = 0; i < res.n; i++)
		headlines += res.rows[i].section && !strcmp(res.rows[i].section, "summary");
	is_int(headlines, summary_figures(&a), "the summary's headline figures among them");
	nfigures = res.n;
	diff_result_free(&res);
	ok(!diff_files(&a, &b, &o, &res), "JSON sections against the long CSV of the same run");
	ok(res.count[DIFF_SAME] == nfigures && res.n == nfigures, "the same figures, through the long "
	   "form (%zu of %zu)", res.count[DIFF_SAME], res.n);
	for (size_t i = 0; i < res.n; i++)
		if (res.rows[i].verdict != DIFF_SAME)
			diag("%s %s %s: %s", res.rows[i].section ? res.rows[i].section : "",
			     res.rows[i].config, res.rows[i].figure ? res.rows[i].figure : "",
			     diff_verdict_names[res.rows[i].verdict]);
	diff_result_free(&res);
	ok(!parse("c.json", json2, &c) && !parse("d.csv", csv2, &d), "the edited run read back");
	for (int form = 0; form < 2; form++) {
		ok(!diff_files(form ? &b : &a, form ? &d : &c, &o, &res), "%s against the edit",
		   form ? "long CSV" : "JSON");
		is_int(res.count[DIFF_WORSE], 1, "one figure worse");
		is_int(res.count[DIFF_UNRELIABLE] > 0, 1, "a contended row unreliable");
		for (size_t i = 0; i < res.n; i++)
			if (res.rows[i].verdict == DIFF_WORSE) {
				is_str(res.rows[i].section, "bandwidth", "in the bandwidth section");
				is_str(res.rows[i].figure, "bandwidth_gbs", "its bandwidth");
				is_dbl(res.rows[i].change_pct, -10, 0.01, "by -10 %%");
			}
		diff_result_free(&res);
	}
	diff_input_free(&c);
	diff_input_free(&d);
	free(json2);
	free(csv2);
	/* a headline of the summary, in either form: its figure by its metric's name */
	json2 = render_all(REPORT_JSON, lower_headline);
	csv2 = render_all(REPORT_CSV, lower_headline);
	ok(!parse("c.json", json2, &c) && !parse("d.csv", csv2, &d), "a headline edited, read back");
	for (int form = 0; form < 2; form++) {
		ok(!diff_files(form ? &b : &a, form ? &d : &c, &o, &res), "%s: a headline 10 %% lower",
		   form ? "long CSV" : "JSON");
		is_int(res.count[DIFF_WORSE], 1, "one figure worse");
		for (size_t i = 0; i < res.n; i++)
			if (res.rows[i].verdict == DIFF_WORSE) {
				is_str(res.rows[i].section, "summary", "in the summary");
				is_str(res.rows[i].figure, "dram_copy_gbs", "named by its metric");
				is_str(res.rows[i].config, "", "no key beside the metric");
				is_dbl(res.rows[i].change_pct, -10, 0.01, "by -10 %%");
			}
		diff_result_free(&res);
	}
	diff_input_free(&c);
	diff_input_free(&d);
	free(json2);
	free(csv2);
	/* a headline's noise: the cov_pct of its own row, in either form */
	json2 = render_all(REPORT_JSON, noisy_headline);
	csv2 = render_all(REPORT_CSV, noisy_headline);
	ok(!parse("c.json", json2, &c) && !parse("d.csv", csv2, &d), "a noisy headline read back");
	for (int form = 0; form < 2; form++) {
		ok(!diff_files(form ? &b : &a, form ? &d : &c, &o, &res), "%s: a headline 10 %% lower, "
		   "CoV 6 %%", form ? "long CSV" : "JSON");
		is_int(res.count[DIFF_WORSE] + res.count[DIFF_BETTER], 0, "within its noise: nothing worse");
		for (size_t i = 0; i < res.n; i++)
			if (res.rows[i].figure && !strcmp(res.rows[i].figure, "dram_copy_gbs")) {
				is_dbl(res.rows[i].noise_pct, 12, 1e-9, "2 x the CoV of its row");
				is_int(res.rows[i].verdict, DIFF_SAME, "the same");
			}
		diff_result_free(&res);
	}
	diff_input_free(&a);
	diff_input_free(&b);
	diff_input_free(&c);
	diff_input_free(&d);
	free(json);
	free(csv);
	free(json2);
	free(csv2);
}

/* The first verdict on figure of section, or NULL. */
static const struct diff_row *verdict_of(const struct diff_result *res, const char *section,
					 const char *figure)
{
	for (size_t i = 0; i < res->n; i++)
		if (res->rows[i].section && !strcmp(res->rows[i].section, section) &&
		    res->rows[i].figure && !strcmp(res->rows[i].figure, figure))
			return &res->rows[i];
	return NULL;
}

static const char *const form_names[] = { "JSON", "long CSV" };
static const enum report_format forms[] = { REPORT_JSON, REPORT_CSV };

/*
 * A row's noise read from its own cov_pct in the long form too: a
 * section of a figure a row's column (bandwidth), and in the summary the
 * figure's cov_pct row wherever it stands among its record's rows (a CSV
 * sorted: "cov_pct" comes before "value").  -10 % within a CoV of 6 %,
 * 12 % of noise: the same; with the kind's 2 % instead: worse.
 */
static void noise_in_long_rows(void)
{
	struct diff_result res = { 0 };
	const struct diff_row *d;

	for (int form = 0; form < 2; form++) {
		is_int(compare_edits(forms[form], NULL, noisy_bandwidth, NULL, &res), 0,
		       "%s: a bandwidth row 10 %% slower, CoV 6 %%", form_names[form]);
		d = verdict_of(&res, "bandwidth", "bandwidth_gbs");
		is_dbl(d ? d->change_pct : NAN, -10, 0.01, "  its bandwidth by -10 %%");
		is_dbl(d ? d->noise_pct : NAN, 12, 1e-9, "  noise: 2 x the CoV of its row");
		is_int(d ? (int)d->verdict : -1, DIFF_SAME, "  the same");
		diff_result_free(&res);
	}
	is_int(compare_edits(REPORT_CSV, NULL, noisy_headline, "summary,metric=dram_copy_gbs,cov_pct,",
			     &res), 0, "long CSV: a headline 10 %% lower, its cov_pct row first");
	d = verdict_of(&res, "summary", "dram_copy_gbs");
	is_dbl(d ? d->change_pct : NAN, -10, 0.01, "  the headline by -10 %%");
	is_dbl(d ? d->noise_pct : NAN, 12, 1e-9, "  noise: 2 x its cov_pct, the record's first row");
	is_int(d ? (int)d->verdict : -1, DIFF_SAME, "  the same");
	diff_result_free(&res);
}

/*
 * A figure of a metric table on the after side alone: new, once (not
 * once for each of its rows in the long form: what, unit, reference,
 * cov_pct), and the first row of the after's record too.
 */
static void metric_new_after(void)
{
	struct diff_result res = { 0 };
	const struct diff_row *d;

	for (int form = 0; form < 2; form++) {
		is_int(compare_edits(forms[form], unnamed_headline, NULL, NULL, &res), 0,
		       "%s: the before run lacks the DRAM copy headline", form_names[form]);
		is_int(res.count[DIFF_NEW], 1, "  one figure new");
		d = verdict_of(&res, "summary", "dram_copy_gbs");
		is_int(d ? (int)d->verdict : -1, DIFF_NEW, "  the headline dram_copy_gbs");
		is_int(res.count[DIFF_GONE], 0, "  none gone: an unknown metric is no figure");
		diff_result_free(&res);
	}
}

/* ---- refusals: each a usage error ---- */

static void refusals(void)
{
	static const char *const bad[] = {
		"", "  \n", "hello,world\n1,2\n", "[1,2]", "\"text\"", "[]", "{}",
		"{\"summary\": 3}", "[{\"a\": 1}]", "pattern,op\n",
		"\"\"", "\"\"\n\"\"\n",  /* blank quoted records: the fuzzer's leak */
	};
	struct diff_input in, one, two;
	struct diff_opts o = { 2 };
	struct diff_result res = { 0 };
	char *csv = render_all(REPORT_CSV, NULL), *cut;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		is_int(parse("x", bad[i], &in), 2, "refused: bad input %zu", i);
	cut = strdup(csv);
	cut[strlen(cut) - 20] = '\0';  /* the last line cut short */
	is_int(parse("cut.csv", cut, &in), 2, "a truncated CSV");
	free(cut);
	cut = strdup(csv);
	*strchr(cut, '\n') = '\0';
	strcat(cut, "\n");
	is_int(parse("head.csv", cut, &in), 2, "a header alone");
	free(cut);
	ok(!parse("one.csv", "pattern,op,stride,width_bytes,predicted_ways,"
		  "predicted_wavefronts_per_request,ideal_wavefronts_per_request,"
		  "predicted_conflicts_per_request\nstride,load,1,4,1,1.000,1,0.000\n", &one),
	   "banks --model's CSV");
	ok(!parse("two.csv", csv, &two), "all's");
	is_int(diff_files(&one, &two, &o, &res), 2, "two commands' outputs refused");
	diff_input_free(&one);
	diff_input_free(&two);
	free(csv);
}

/* ---- earlier gpuperfs' outputs ---- */

#define SHAPES_DIR "tests/fixtures/shapes"

/*
 * tests/fixtures/shapes holds an output of every header of results/shapes.c
 * and of every contract's columns today, each read back as that header.
 * (Run from the repository root, as tests/run.sh does.)
 */
static void shapes_have_fixtures(void)
{
	unsigned char *earlier = calloc(result_nshapes + 1, 1), *today = calloc(result_ncontracts, 1);
	DIR *d = opendir(SHAPES_DIR);
	struct dirent *e;
	size_t files = 0, missing = 0;

	ok(d != NULL, "%s opens", SHAPES_DIR);
	while (d && (e = readdir(d))) {
		const char *ext = strrchr(e->d_name, '.');
		char path[512];
		struct diff_input in;
		const struct result_contract *c;

		if (!ext || (strcmp(ext, ".csv") && strcmp(ext, ".json")))
			continue;
		snprintf(path, sizeof(path), "%s/%s", SHAPES_DIR, e->d_name);
		files++;
		if (diff_read(path, &in) && ++missing)
			continue;
		c = diff_table_contract(in.tables.tables[0]);
		if (in.shape)
			earlier[in.shape - result_shapes] = 1;
		for (size_t i = 0; !in.shape && i < result_ncontracts; i++)
			today[i] |= c == result_contracts[i] && in.tables.tables[0]->ncols == c->ncols;
		diff_input_free(&in);
	}
	if (d)
		closedir(d);
	for (size_t i = 0; i < result_nshapes; i++)
		if (!earlier[i] && ++missing)
			diag("no fixture of %s's columns of %s", result_shapes[i].contract->command,
			     result_shapes[i].since);
	for (size_t i = 0; i < result_ncontracts; i++)
		if (!today[i] && ++missing)
			diag("no fixture of %s's columns today (contract %zu)", result_contracts[i]->command, i);
	ok(files >= result_nshapes + result_ncontracts && !missing, "%zu fixtures: one of each earlier "
	   "header (%zu) and of each contract's columns today (%zu)", files, result_nshapes,
	   result_ncontracts);
	free(earlier);
	free(today);
}

/* text without each " WORD=value" (a key column an earlier gpuperf's long CSV lacked). */
static char *without_key(const char *text, const char *word)
{
	char *out = strdup(text), *p;

	while ((p = strstr(out, word)) && p > out && p[-1] == ' ') {
		size_t end = strcspn(p, " ,\n");
		memmove(p - 1, p + end, strlen(p + end) + 1);
	}
	return out;
}

/* all's long CSV from before bandwidth's rows had a method: matched on the keys both have. */
static void long_keys_both_have(void)
{
	char *csv = render_all(REPORT_CSV, NULL), *old = without_key(csv, "method=");
	struct diff_input a, b;
	struct diff_opts o = { DIFF_THRESHOLD_PCT };
	struct diff_result res = { 0 };

	ok(strstr(csv, " method=l1,") && !strstr(old, "method="), "bandwidth's method left out");
	ok(!parse("old.csv", old, &a) && !parse("new.csv", csv, &b), "both read");
	ok(!diff_files(&a, &b, &o, &res), "compared");
	is_int(res.count[DIFF_NEW] + res.count[DIFF_GONE], 0, "no row new or gone");
	is_int(res.count[DIFF_SAME], res.n, "every figure the same (%zu)", res.n);
	diff_result_free(&res);
	diff_input_free(&a);
	diff_input_free(&b);
	free(old);
	free(csv);
}

/* Each earlier header: today's columns in today's order, but for the renamed; not today's own. */
static void shapes_sound(void)
{
	int sound = 1;

	for (size_t i = 0; i < result_nshapes; i++) {
		const struct result_shape *sh = &result_shapes[i];
		const struct result_contract *c = sh->contract;
		char *names = strdup(sh->columns), *save = NULL;
		size_t k = 0, n = 0;

		for (char *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
			n++;
			while (k < c->ncols && strcmp(c->cols[k].name, result_column_now(name)))
				k++;
			if (k++ >= c->ncols) {
				diag("%s %s: %s is not among today's columns, in order", c->command,
				     sh->since, name);
				sound = 0;
			}
		}
		if (n == c->ncols && sound) {
			diag("%s %s: today's columns", c->command, sh->since);
			sound = 0;
		}
		free(names);
	}
	ok(sound, "earlier headers: today's columns (some), in order, under today's names");
	is_str(result_column_now("index"), "device_index", "info's index is device_index today");
	is_str(result_column_now("kernel"), "kernel", "a column never renamed keeps its name");
}

/* t-diff --write DIR: all's fabricated records as DIR/all.json and DIR/all.csv (tests/cli/diff.bats). */
static int write_runs(const char *dir)
{
	static const enum report_format fmts[] = { REPORT_JSON, REPORT_CSV };
	static const char *const names[] = { "all.json", "all.csv" };

	for (int i = 0; i < 2; i++) {
		char *text = render_all(fmts[i], NULL), path[4096];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		f = fopen(path, "w");
		if (!f || !text || fputs(text, f) < 0 || fclose(f)) {
			perror(path);
			return 1;
		}
		free(text);
	}
	return 0;
}

/*
 * t-diff --noise: the default noise of each kind of figure as
 * gpuperf-diff(1) lists it (tests/cli/diff.bats holds the page to it).
 */
static int print_noise(void)
{
	static const struct { enum result_kind kind; const char *name; } kinds[] = {
		{ RESULT_KIND_BANDWIDTH, "bandwidth" }, { RESULT_KIND_TIME, "time" },
		{ RESULT_KIND_LATENCY, "latency" }, { RESULT_KIND_CLOCK, "clock" },
		{ RESULT_KIND_COUNTER, "counter ratios" }, { RESULT_KIND_CALCULATED, "calculations" },
		{ RESULT_KIND_LINK, "over the PCIe link" },
		{ RESULT_KIND_SHARED, "L2 lines shared between SMs" },
		{ RESULT_KIND_LINK_BOTH_WAYS, "both ways over the link at once" },
		{ RESULT_KIND_HOST_CALL, "a CUDA call timed on the host" },
	};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		printf("%s%s %g %%", i ? ", " : "", kinds[i].name,
		       result_default_noise_pct(kinds[i].kind));
	printf(".\n");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--write"))
		return write_runs(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "--noise"))
		return print_noise();
	csv_cases();
	json_cases();
	noise_rules();
	noise_edges();
	floors();
	absolute_floors();
	measured_differently();
	names_for_people();
	rows_and_flags();
	whole_runs();
	noise_in_long_rows();
	metric_new_after();
	refusals();
	shapes_sound();
	shapes_have_fixtures();
	long_keys_both_have();
	return done_testing();
}
