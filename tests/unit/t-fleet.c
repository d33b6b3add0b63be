/*
 * gpuperf fleet's pure logic (judge/fleet.h) on tables of values: the
 * splitter of concatenated documents, the median, the record reader's
 * refusals, and the verdicts of GPUs and nodes for fleets built here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/fleet.h"
#include "report/read-json.h"
#include "tests/unit/unit.h"
#include "util/error.h"

/* ---- the splitter ---- */

static void split_cases(void)
{
	static const struct {
		const char *text;
		int values;      /* values read before the end or the error */
		int fails;       /* ends in an error */
		size_t line;     /* the line where it stopped */
	} cases[] = {
		{ "", 0, 0, 1 },
		{ " \n\t\r\n", 0, 0, 3 },
		{ "{}", 1, 0, 1 },
		{ "{\"a\": 1}\n{\"b\": 2}\n", 2, 0, 3 },
		{ "{}{}[]", 3, 0, 1 },
		{ "[1,\n2]\n\n[3]", 2, 0, 4 },
		{ "1 2 3", 3, 0, 1 },
		{ "12", 1, 0, 1 },
		{ "{}x", 1, 1, 1 },
		{ "{\"a\":\n", 0, 1, 2 },
		{ "{}\n{\"a\": [1,", 1, 1, 2 },
		{ "truefalse", 0, 1, 1 },
		{ "\"a\"\"b\"", 2, 0, 1 },
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const char *t = cases[k].text;
		size_t pos = 0, line = 1;
		int values = 0, rc;
		char err[160];
		struct json v;

		while ((rc = json_parse_next(t, strlen(t), &pos, &line, &v, err, sizeof(err))) == 0) {
			values++;
			json_free(&v);
		}
		is_int(values, cases[k].values, "split case %zu: %d values", k, cases[k].values);
		is_int(rc, cases[k].fails ? -1 : 1, "split case %zu: %s", k,
		       cases[k].fails ? "an error" : "the end");
		if (cases[k].fails) {
			char want[32];
			snprintf(want, sizeof(want), "line %zu:", cases[k].line);
			ok(!strncmp(err, want, strlen(want)), "split case %zu: the error names %s (%s)",
			   k, want, err);
		} else {
			is_int(line, cases[k].line, "split case %zu: ends on line %zu", k, cases[k].line);
		}
	}
}

/* ---- the median ---- */

static void median_cases(void)
{
	double none[1] = { 0 }, one[] = { 3 }, odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };

	ok(isnan(fleet_median(none, 0)), "median of nothing: NaN");
	is_dbl(fleet_median(one, 1), 3, 0, "median of one value: itself");
	is_dbl(fleet_median(odd, 3), 3, 0, "median of 5 1 3: 3");
	is_dbl(fleet_median(even, 4), 2.5, 1e-12, "median of 4 1 3 2: 2.5");
}

/* ---- fleets built from tables ---- */

#define H100 "NVIDIA H100 80GB HBM3"
#define A100 "NVIDIA A100-SXM4-80GB"

struct rec {
	const char *host;
	int index;
	const char *device;
	int memory_mib;
	const char *status;
	double copy, read, l2, h2d, d2h, p2p;   /* NaN: null */
	int contended;
};

static char *num(double v)
{
	return isnan(v) ? gp_xstrdup("null") : gp_xasprintf("%.1f", v);
}

/* One record of check's contract as JSON text. */
static char *record(const struct rec *r)
{
	char *n[6] = { num(r->copy), num(r->read), num(r->l2), num(r->h2d), num(r->d2h),
		       num(r->p2p) };
	char *s;

	if (!strcmp(r->status, "no-gpu"))
		s = gp_xasprintf("{\"hostname\": \"%s\", \"status\": \"no-gpu\", \"reason\": "
				 "\"no driver\"}", r->host);
	else
		s = gp_xasprintf("{\"hostname\": \"%s\", \"device_index\": %d, \"device\": \"%s\", "
				 "\"memory_mib\": %d, \"uuid\": \"GPU-%s-%d\", \"serial\": \"1\", "
				 "\"pci_bus_id\": \"00000000:18:00.0\", \"driver\": \"550.90.07\", "
				 "\"status\": \"%s\", \"reason\": \"%s\", \"dram_copy_gbs\": %s, "
				 "\"dram_read_gbs\": %s, \"l2_read_gbs\": %s, \"h2d_gbs\": %s, "
				 "\"d2h_gbs\": %s, \"pcie_gen\": 5, \"pcie_gen_max\": 5, "
				 "\"pcie_width\": 16, \"pcie_width_max\": 16, \"p2p_min_gbs\": %s, "
				 "\"ecc_uncorrected\": 0, \"retired_rows\": 0, \"throttle\": \"none\", "
				 "\"contended\": %d}", r->host, r->index, r->device, r->memory_mib,
				 r->host, r->index, r->status, strcmp(r->status, "pass") ? "why" : "",
				 n[0], n[1], n[2], n[3], n[4], n[5], r->contended);
	for (int i = 0; i < 6; i++)
		free(n[i]);
	return s;
}

/* The records as one document of sections per host, concatenated. */
static int build(struct fleet *f, const struct rec *recs, size_t n, double threshold)
{
	char *text = gp_xstrdup("");
	int rc;

	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < n; i++) {
		char *r = record(&recs[i]);
		int first = !i || strcmp(recs[i - 1].host, recs[i].host);
		int last = i + 1 == n || strcmp(recs[i + 1].host, recs[i].host);
		char *t = gp_xasprintf("%s%s    %s%s", text, first ? "{\n  \"gpus\": [\n" : ",\n", r,
				       last ? "\n  ],\n  \"checks\": []\n}\n" : "");
		free(text);
		free(r);
		text = t;
	}
	rc = fleet_parse(f, "t.json", text, strlen(text));
	free(text);
	return rc ? rc : fleet_judge(f, threshold);
}

static const struct fleet_gpu *gpu_of(const struct fleet *f, const char *host, int index)
{
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->gpus[i].hostname, host) && f->gpus[i].device_index == index)
			return &f->gpus[i];
	return NULL;
}

static const struct fleet_node *node_of(const struct fleet *f, const char *host)
{
	for (size_t i = 0; i < f->nnodes; i++)
		if (!strcmp(f->nodes[i].hostname, host))
			return &f->nodes[i];
	return NULL;
}

#define X NAN

static void verdict_cases(void)
{
	/*
	 * H100 SXMs at a healthy one's figures (tests/fixtures/diff/h100: copy
	 * 3026, read 3188, L2 7568, pinned h2d 49.5, d2h 55.0; peer copies 370).
	 * The copies' median 3020: 2869 is exactly 5 % below (ok), 2868.9 just
	 * more (slow).
	 */
	static const struct rec recs[] = {
		{ "a", 0, H100, 81559, "pass", 3020, 3188, 7568, 49.5, 55, 370, 0 },
		{ "a", 1, H100, 81559, "pass", 3030, 3188, 7568, 49.5, 55, 370, 0 },
		{ "a", 2, H100, 81559, "pass", 2869, 3188, 7568, 49.5, 55, 370, 0 },
		{ "b", 0, H100, 81559, "pass", 3010, 3188, 7568, 49.5, 55, 370, 0 },
		{ "b", 1, H100, 81559, "pass", 2868.9, 3188, 7568, 49.5, 55, 370, 0 },
		{ "b", 2, H100, 81559, "pass", 3040, 3188, 7568, 49.5, 55, X, 0 },
		{ "c", 0, H100, 81559, "pass", 3020, 3188, 7568, 45, 55, 370, 0 },   /* h2d 9 % */
		{ "c", 1, H100, 81559, "pass", 1000, 1000, 1000, 10, 10, 10, 1 },   /* contended */
		{ "c", 2, H100, 81559, "warn", 3020, 3188, 7568, 49.5, 55, 370, 0 },
		{ "d", 0, A100, 81920, "pass", 1720, 1780, 4200, 25, 26, 240, 0 },
		{ "d", 1, A100, 81920, "fail", 1700, 1780, 4200, 25, 26, 240, 0 },
		{ "e", 0, NULL, 0, "no-gpu", X, X, X, X, X, X, 0 },
		{ "f", 0, H100, 81559, "warn", 3020, 3188, 7568, 49.5, 55, 370, 0 },
	};
	static const struct {
		const char *host;
		int index;
		int fig;                      /* index in check_figure_names */
		enum fleet_fig_verdict want;
		double below;                 /* NaN: not judged */
	} gpus[] = {
		{ "a", 2, 0, FLEET_FIG_OK, 100.0 * (3020 - 2869) / 3020 },
		{ "b", 1, 0, FLEET_FIG_SLOW, 100.0 * (3020 - 2868.9) / 3020 },
		{ "a", 0, 0, FLEET_FIG_OK, 0 },
		{ "b", 2, 0, FLEET_FIG_OK, -100.0 * 20 / 3020 },
		{ "b", 2, 5, FLEET_FIG_NONE, X },
		{ "c", 0, 3, FLEET_FIG_SLOW, 100.0 / 11 },
		{ "c", 1, 0, FLEET_FIG_CONTENDED, 100.0 * 2020 / 3020 },
		{ "d", 1, 0, FLEET_FIG_OK, 100.0 * 10 / 1710 },
	};
	static const struct {
		const char *host;
		enum fleet_node_verdict want;
		size_t ngpus, nslow;
	} nodes[] = {
		{ "a", FLEET_NODE_PASS, 3, 0 },
		{ "b", FLEET_NODE_SLOW, 3, 1 },
		{ "c", FLEET_NODE_SLOW, 3, 1 },   /* slow outranks check's warning */
		{ "d", FLEET_NODE_FAIL, 2, 0 },
		{ "e", FLEET_NODE_NO_GPU, 0, 0 },
		{ "f", FLEET_NODE_WARN, 1, 0 },
	};
	struct fleet f;

	is_int(build(&f, recs, sizeof(recs) / sizeof(recs[0]), FLEET_THRESHOLD_PCT), 0,
	       "a fleet of 6 nodes reads and is judged");
	is_int(f.ndocs, 6, "one document per node");
	is_int(f.nskus, 2, "two SKUs: H100 and A100, never compared");
	/* the contended GPU's 1000 is left out: 9 H100 copies make the median */
	is_int(f.skus[0].nmeasured[0], 9, "H100 copy: 9 GPUs make the median (the contended one out)");
	is_dbl(f.skus[0].median[0], 3020, 1e-9, "H100 copy median: 3020");
	is_int(f.skus[0].nmeasured[5], 8, "H100 P2P: 8 GPUs (a null, a contended one out)");
	is_dbl(f.skus[1].median[0], 1710, 1e-9, "A100 copy median: 1710, of the A100s alone");
	for (size_t k = 0; k < sizeof(gpus) / sizeof(gpus[0]); k++) {
		const struct fleet_gpu *g = gpu_of(&f, gpus[k].host, gpus[k].index);
		const char *fig = check_figure_names[gpus[k].fig];

		if (!ok(g != NULL, "GPU %s/%d read", gpus[k].host, gpus[k].index))
			continue;
		is_str(fleet_fig_verdict_names[g->verdict[gpus[k].fig]],
		       fleet_fig_verdict_names[gpus[k].want], "%s/%d %s: %s", gpus[k].host,
		       gpus[k].index, fig, fleet_fig_verdict_names[gpus[k].want]);
		if (isnan(gpus[k].below))
			ok(isnan(g->below_pct[gpus[k].fig]), "%s/%d %s: no percentage", gpus[k].host,
			   gpus[k].index, fig);
		else
			is_dbl(g->below_pct[gpus[k].fig], gpus[k].below, 1e-9, "%s/%d %s: %g %% below",
			       gpus[k].host, gpus[k].index, fig, gpus[k].below);
	}
	for (size_t k = 0; k < sizeof(nodes) / sizeof(nodes[0]); k++) {
		const struct fleet_node *n = node_of(&f, nodes[k].host);

		if (!ok(n != NULL, "node %s judged", nodes[k].host))
			continue;
		is_str(fleet_node_verdict_names[n->verdict], fleet_node_verdict_names[nodes[k].want],
		       "node %s: %s", nodes[k].host, fleet_node_verdict_names[nodes[k].want]);
		is_int(n->ngpus, nodes[k].ngpus, "node %s: %zu GPUs", nodes[k].host, nodes[k].ngpus);
		is_int(n->nslow, nodes[k].nslow, "node %s: %zu slow", nodes[k].host, nodes[k].nslow);
	}
	is_str(node_of(&f, "b")->reason, "GPU 1: dram_copy_gbs 5.0 % below the median",
	       "node b's reason: the GPU, the figure, the percentage");
	is_str(node_of(&f, "e")->reason, "no GPU: no driver", "node e's reason: check's");
	is_int(f.nslow, 2, "2 slow GPUs");
	is_int(f.count[FLEET_NODE_PASS], 1, "1 node passes");
	ok(fleet_failed(&f), "the fleet fails");
	fleet_free(&f);

	/* --threshold 10: b/1 (5.03 %) and c/0's h2d (9.1 %) pass; fail and no-gpu still fail */
	is_int(build(&f, recs, sizeof(recs) / sizeof(recs[0]), 10), 0, "the fleet at 10 %%");
	is_int(f.nslow, 0, "at 10 %%: no slow GPU");
	ok(fleet_failed(&f), "at 10 %%: the failed and GPU-less nodes still fail the fleet");
	fleet_free(&f);

	/* nodes a, b and c alone (no fail, no GPU-less node): at 10 % they pass */
	is_int(build(&f, recs, 9, 10), 0, "three H100 nodes at 10 %%");
	ok(!fleet_failed(&f), "at 10 %%, no fail, no GPU-less node, a warning: the fleet passes");
	fleet_free(&f);
}

/* ---- refusals ---- */

/* Medians that judge nothing: none measured (all contended), or of 0 GB/s; 1 GB/s judges. */
static void median_edges(void)
{
	static const struct rec recs[] = {
		{ "a", 0, H100, 81559, "pass", 3200, 3250, 7500, 0, 1, NAN, 1 },
		{ "a", 1, H100, 81559, "pass", 3200, 3250, 7500, 0, 1, NAN, 1 },
		{ "b", 0, H100, 81559, "pass", 3200, 3250, 7500, 0, 1, NAN, 0 },
		{ "b", 1, H100, 81559, "pass", 3100, 3250, 7500, 0, 1, NAN, 0 },
	};
	struct fleet f;
	const struct fleet_gpu *g;

	is_int(build(&f, recs, 4, 5), 0, "four GPUs, two of them contended");
	is_int((int)f.nskus, 1, "one SKU");
	is_int((int)f.skus[0].ngpus, 4, "of four GPUs");
	is_int((int)f.skus[0].nmeasured[CHECK_DRAM_COPY], 2, "two of them measured (uncontended)");
	ok(!fleet_failed(&f), "passes and contention: the fleet passes");
	g = gpu_of(&f, "a", 0);
	is_str(fleet_fig_verdict_names[g->verdict[CHECK_DRAM_COPY]], "contended",
	       "a contended GPU beside a median: contended");
	g = gpu_of(&f, "b", 1);
	is_str(fleet_fig_verdict_names[g->verdict[CHECK_H2D]], "none", "a median of 0 GB/s judges none");
	is_str(fleet_fig_verdict_names[g->verdict[CHECK_D2H]], "ok", "a median of 1 GB/s judges");
	is_str(fleet_fig_verdict_names[g->verdict[CHECK_DRAM_COPY]], "ok", "3100 against 3150: ok");
	fleet_free(&f);
	{
		static const struct rec busy[] = {
			{ "a", 0, H100, 81559, "pass", 3200, 3250, 7500, 55, 55, NAN, 1 },
			{ "a", 1, H100, 81559, "pass", 3200, 3250, 7500, 55, 55, NAN, 1 },
		};
		is_int(build(&f, busy, 2, 5), 0, "two GPUs, both contended");
		g = gpu_of(&f, "a", 0);
		is_str(fleet_fig_verdict_names[g->verdict[CHECK_DRAM_COPY]], "none",
		       "no median (every GPU contended): none");
		fleet_free(&f);
	}
	{
		/* check's own verdicts, with check's reasons */
		static const struct rec said[] = {
			{ "f", 0, H100, 81559, "fail", 3200, 3250, 7500, 55, 55, NAN, 0 },
			{ "w", 0, H100, 81559, "warn", 3200, 3250, 7500, 55, 55, NAN, 0 },
		};
		is_int(build(&f, said, 2, 5), 0, "a failed GPU and a warned one");
		ok(fleet_failed(&f), "a failed node alone fails the fleet");
		ok(strstr(node_of(&f, "f")->reason, "GPU 0: check failed: why") != NULL,
		   "the failure's reason: %s", node_of(&f, "f")->reason);
		ok(strstr(node_of(&f, "w")->reason, "GPU 0: check warned: why") != NULL,
		   "the warning's reason: %s", node_of(&f, "w")->reason);
		fleet_free(&f);
	}
}

static void refusal_cases(void)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "", "empty" },
		{ "[]", "an empty array" },
		{ "{\"bandwidth\": []}", "no gpus section" },
		{ "{\"gpus\": {}}", "gpus an object" },
		{ "{\"gpus\": [1]}", "a record a number" },
		{ "{\"gpus\": [{\"hostname\": \"a\", \"status\": \"no-gpu\"}]}", "no reason" },
		{ "{\"gpus\": [{\"status\": \"no-gpu\", \"reason\": \"\"}]}", "a no-gpu record without hostname" },
		{ "{\"gpus\": [{\"hostname\": \"\", \"status\": \"no-gpu\", \"reason\": \"\"}]}",
		  "an empty hostname" },
		{ "{\"gpus\": [{\"hostname\": null, \"status\": \"no-gpu\", \"reason\": \"\"}]}",
		  "a null hostname" },
		{ "{\"gpus\": [{\"hostname\": \"a\", \"status\": \"pass\", \"reason\": \"\"}]}",
		  "a pass record of three keys" },
		{ "{\"gpus\": [{\"hostname\": \"a\", \"status\": \"no-gpu\", \"reason\": \"\"}]} x",
		  "text after the document" },
		{ "\"gpus\"", "a string" },
	};
	static const char no_gpu[] = "[{\"hostname\": \"a\", \"status\": \"no-gpu\", \"reason\": \"r\"}]";
	struct fleet f;
	int rc;

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		memset(&f, 0, sizeof(f));
		rc = fleet_parse(&f, "t.json", bad[k].text, strlen(bad[k].text));
		is_int(rc, GP_EXIT_USAGE, "refused: %s", bad[k].why);
		fleet_free(&f);
	}
	memset(&f, 0, sizeof(f));
	rc = fleet_parse(&f, "t.json", no_gpu, strlen(no_gpu));
	is_int(rc, 0, "a no-gpu record needs hostname, status and reason alone");
	is_int(fleet_judge(&f, 5), 0, "judged");
	ok(fleet_failed(&f), "a node without its GPU alone fails the fleet");
	fleet_free(&f);
	{
		static const struct rec twice[] = {
			{ "a", 0, H100, 81559, "pass", 3026, 3188, 7568, 49.5, 55, 370, 0 },
			{ "a", 0, H100, 81559, "pass", 3026, 3188, 7568, 49.5, 55, 370, 0 },
		};
		is_int(build(&f, twice, 2, 5), GP_EXIT_USAGE, "a UUID met twice: refused");
		fleet_free(&f);
	}
	{
		/* a GPU's record whose status is null: a status is needed, as a no-gpu one's */
		static const struct rec one = { "a", 0, H100, 81559, "pass", 3200, 3250, 7500, 55,
						55, 370, 0 };
		char *r = record(&one), *at = strstr(r, "\"status\": \"pass\""), *text;

		memcpy(at, "\"status\": null  ", 16);
		text = gp_xasprintf("{\"gpus\": [%s]}", r);
		memset(&f, 0, sizeof(f));
		is_int(fleet_parse(&f, "t.json", text, strlen(text)), GP_EXIT_USAGE,
		       "a GPU's record with a null status: refused");
		fleet_free(&f);
		free(text);
		free(r);
	}
	/* gpuperf-fleet(1): --threshold, "default 5" */
	is_dbl(FLEET_THRESHOLD_PCT, 5, 0, "the default threshold is the man page's 5 %%");
}

int main(void)
{
	split_cases();
	median_cases();
	verdict_cases();
	median_edges();
	refusal_cases();
	return done_testing();
}
