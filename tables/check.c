/* gpuperf check's tables: the checks for people and machines, the GPU records, the baseline. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/check.h"
#include "tables/check.h"
#include "util/compat.h"

enum { K_FIGURE = TAB_NIDENTITY, K_VALUE, K_FLOOR, K_MEDIAN, K_BASELINE, K_STATUS, K_REASON,
       K_CONTENDED };
_Static_assert(K_CONTENDED + TAB_NTRUST == CHECK_NCOLUMNS, "check_columns");

/* People: the GPU by index, the item, its figures and the verdict. */
static const struct report_col human_cols[] = {
	{ "device_index", "GPU", REPORT_INT, 0, 0 },
	{ "figure", "check", REPORT_STR, 0, 0 },
	{ "value", "value", REPORT_DBL, 1, 0 },
	{ "floor", "floor", REPORT_DBL, 1, 0 },
	{ "node_median", "node median", REPORT_DBL, 1, 0 },
	{ "baseline", "baseline", REPORT_DBL, 1, 0 },
	{ "status", "status", REPORT_STR, 0, 0 },
	{ "reason", "reason", REPORT_STR, 0, 0 },
};

/* An item's value: a figure in GB/s, or the state's count or link. */
static double item_value(const struct check_gpu *g, size_t k)
{
	switch (k) {
	case CHECK_ITEM_PCIE_GEN:
		return g->pcie_gen > 0 ? g->pcie_gen : NAN;
	case CHECK_ITEM_PCIE_WIDTH:
		return g->pcie_width > 0 ? g->pcie_width : NAN;
	case CHECK_ITEM_ECC:
		return g->ecc_uncorrected >= 0 ? (double)g->ecc_uncorrected : NAN;
	case CHECK_ITEM_ROWS:
		return g->retired_rows >= 0 ? (double)g->retired_rows : NAN;
	case CHECK_ITEM_THROTTLE:
	case CHECK_ITEM_PROCESSES:
		return NAN;
	default:
		return g->fig[k];
	}
}

static void no_gpu_row(struct report_table *t, const struct check_run *run)
{
	size_t r = report_add_row(t);

	report_set_str(t, r, (size_t)report_col_index(t, "hostname"), run->hostname);
	report_set_str(t, r, K_FIGURE, "gpu");
	report_set_str(t, r, K_STATUS, check_status_names[CHECK_NO_GPU]);
	report_set_str(t, r, K_REASON, run->no_gpu);
}

struct report_table *tab_check_records(struct report *rep, const struct check_run *run)
{
	struct report_table *t = report_add_table(rep, "Checks", check_columns, CHECK_NCOLUMNS);

	t->key = "checks";
	if (run->no_gpu[0])
		no_gpu_row(t, run);
	for (size_t i = 0; i < run->ngpus; i++) {
		const struct check_gpu *g = &run->gpus[i];

		for (size_t k = 0; k < CHECK_NITEMS; k++) {
			const struct check_verdict *v = &g->v[k];
			size_t r = report_add_row(t);

			tab_set_identity(t, r, &g->dev);
			report_set_str(t, r, K_FIGURE, check_item_names[k]);
			report_set_dbl(t, r, K_VALUE, item_value(g, k));
			report_set_dbl(t, r, K_FLOOR, v->floor);
			report_set_dbl(t, r, K_MEDIAN, v->median);
			report_set_dbl(t, r, K_BASELINE, v->baseline);
			report_set_str(t, r, K_STATUS, check_status_names[v->status]);
			report_set_str(t, r, K_REASON, v->reason);
			tab_set_trust(t, r, K_CONTENDED, &g->watch);
		}
	}
	return t;
}

/* A GPU's reason: its failures' and warnings' reasons, "figure: reason" joined by "; ". */
static void gpu_reason(const struct check_gpu *g, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < CHECK_NITEMS && len + 1 < n; k++)
		if (g->v[k].status != CHECK_PASS)
			len += (size_t)snprintf(buf + len, n - len, "%s%s: %s", len ? "; " : "",
						check_item_names[k], g->v[k].reason);
}

static void set_count(struct report_table *t, size_t r, size_t col, long long v)
{
	if (v >= 0)
		report_set_int(t, r, col, v);
}

static void gpu_record(struct report_table *t, const struct check_gpu *g)
{
	const struct gp_device *d = &g->dev;
	size_t r = report_add_row(t), c = 0;
	char buf[1024];
	int busy = trust_contended(&g->watch);

	report_set_str(t, r, c++, d->hostname);
	report_set_int(t, r, c++, d->index);
	report_set_str(t, r, c++, d->name);
	report_set_int(t, r, c++, (long long)(d->total_mem_bytes >> 20));
	report_set_str(t, r, c++, d->uuid[0] ? d->uuid : NULL);
	report_set_str(t, r, c++, g->serial[0] ? g->serial : NULL);
	report_set_str(t, r, c++, d->pci_bus_id[0] ? d->pci_bus_id : NULL);
	report_set_str(t, r, c++, g->driver[0] ? g->driver : NULL);
	report_set_str(t, r, c++, check_status_names[g->status]);
	for (size_t f = 0; f < CHECK_P2P_MIN; f++)
		report_set_dbl(t, r, c++, g->fig[f]);
	set_count(t, r, c++, g->pcie_gen > 0 ? g->pcie_gen : -1);
	set_count(t, r, c++, d->link.max_gen > 0 ? d->link.max_gen : -1);
	set_count(t, r, c++, g->pcie_width > 0 ? g->pcie_width : -1);
	set_count(t, r, c++, d->link.max_width > 0 ? d->link.max_width : -1);
	report_set_dbl(t, r, c++, g->fig[CHECK_P2P_MIN]);
	set_count(t, r, c++, g->ecc_uncorrected);
	set_count(t, r, c++, g->retired_rows);
	report_set_str(t, r, c++, trust_throttled(&g->watch, buf, sizeof(buf)));
	if (busy >= 0)
		report_set_int(t, r, c, busy);
	c++;
	gpu_reason(g, buf, sizeof(buf));
	report_set_str(t, r, c, buf);
}

/* The fleet's records: a GPU each, or the host's one without a GPU. */
static void gpus_table(struct report *rep, const struct check_run *run)
{
	struct report_table *t = report_add_table(rep, "GPUs", check_gpus_columns,
						  CHECK_GPUS_NCOLUMNS);

	t->key = "gpus";
	t->flags |= REPORT_MACHINE_ONLY | REPORT_JSON_ONLY;
	if (run->no_gpu[0]) {
		size_t r = report_add_row(t);

		report_set_str(t, r, (size_t)report_col_index(t, "hostname"), run->hostname);
		report_set_str(t, r, (size_t)report_col_index(t, "status"),
			       check_status_names[CHECK_NO_GPU]);
		report_set_str(t, r, (size_t)report_col_index(t, "reason"), run->no_gpu);
	}
	for (size_t i = 0; i < run->ngpus; i++)
		gpu_record(t, &run->gpus[i]);
}

static void human_table(struct report *rep, const struct check_run *run)
{
	size_t counts[CHECK_NO_GPU + 1] = { 0 };
	enum check_status s = check_run_status(run);
	struct report_table *t;
	char title[400];

	snprintf(title, sizeof(title), "gpuperf check: %s, %zu GPU%s", run->hostname, run->ngpus,
		 tab_plural((long long)run->ngpus));
	t = report_add_table(rep, title, human_cols, ARRAY_SIZE(human_cols));
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < run->ngpus; i++) {
		const struct check_gpu *g = &run->gpus[i];

		counts[g->status]++;
		for (size_t k = 0; k < CHECK_NITEMS; k++) {
			size_t r = report_add_row(t);

			report_set_int(t, r, 0, g->dev.index);
			report_set_str(t, r, 1, check_item_names[k]);
			report_set_dbl(t, r, 2, item_value(g, k));
			report_set_dbl(t, r, 3, g->v[k].floor);
			report_set_dbl(t, r, 4, g->v[k].median);
			report_set_dbl(t, r, 5, g->v[k].baseline);
			report_set_str(t, r, 6, check_status_names[g->v[k].status]);
			report_set_str(t, r, 7, g->v[k].reason);
		}
	}
	for (size_t i = 0; i < run->ngpus; i++) {
		const struct check_gpu *g = &run->gpus[i];

		report_note(t, "GPU %d: %s, %s, serial %s: %s", g->dev.index, g->dev.name,
			    g->dev.pci_bus_id[0] ? g->dev.pci_bus_id : "bus unknown",
			    g->serial[0] ? g->serial : "unknown", check_status_names[g->status]);
	}
	report_note(t, "Floors from %s; figures in GB/s, 1 GB = 10^9 bytes.", run->floors_from);
	if (run->baseline_from[0])
		report_note(t, "Baseline: %s%s%s.", run->baseline_from, run->baseline_note[0] ?
			    ": " : "", run->baseline_note);
	report_note(t, "check: %s: %zu GPU%s pass, %zu warn, %zu fail%s", check_status_names[s],
		    counts[CHECK_PASS], tab_plural((long long)counts[CHECK_PASS]),
		    counts[CHECK_WARN], counts[CHECK_FAIL],
		    run->strict && counts[CHECK_WARN] ? " (--strict: a warning fails)" : "");
}

void tab_check(struct report *rep, const struct gp_device *dev, const void *p)
{
	const struct check_run *run = p;

	(void)dev;
	if (!run->no_gpu[0])
		human_table(rep, run);
	gpus_table(rep, run);
	tab_check_records(rep, run)->flags |= REPORT_MACHINE_ONLY;
}
