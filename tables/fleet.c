/* `gpuperf fleet` results as report tables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/fleet.h"
#include "tables/fleet.h"
#include "util/error.h"

/* fleet_columns (results/fleet.c), in order. */
enum { C_HOST, C_INDEX, C_UUID, C_DEVICE, C_MEMORY, C_STATUS, C_FIGURE, C_VALUE, C_MEDIAN,
       C_BELOW, C_SKU_GPUS, C_VERDICT, C_NODE, C_N };
_Static_assert(C_N == FLEET_NCOLUMNS, "FLEET_NCOLUMNS out of date");

/* People's view of the medians: a SKU a row, a figure a column (fleet_figure_headers). */
enum { S_DEVICE, S_MEMORY, S_GPUS, S_FIG0, S_N = S_FIG0 + FLEET_NFIGURES };
static struct report_col sku_columns[S_N] = {
	[S_DEVICE] = { "device", "SKU", REPORT_STR, 0 },
	[S_MEMORY] = { "memory_mib", "memory (MiB)", REPORT_INT, 0 },
	[S_GPUS]   = { "gpus", "GPUs", REPORT_INT, 0 },
};

enum { G_HOST, G_INDEX, G_UUID, G_FIGURE, G_VALUE, G_MEDIAN, G_BELOW, G_N };
static const struct report_col slow_columns[G_N] = {
	[G_HOST]   = { "hostname", "host", REPORT_STR, 0 },
	[G_INDEX]  = { "device_index", "GPU", REPORT_INT, 0 },
	[G_UUID]   = { "uuid", "UUID", REPORT_STR, 0 },
	[G_FIGURE] = { "figure", "figure", REPORT_STR, 0 },
	[G_VALUE]  = { "value_gbs", "value (GB/s)", REPORT_DBL, 1 },
	[G_MEDIAN] = { "median_gbs", "SKU median (GB/s)", REPORT_DBL, 1 },
	[G_BELOW]  = { "below_pct", "below (%)", REPORT_DBL, 1 },
};

enum { N_HOST, N_GPUS, N_SLOW, N_VERDICT, N_REASON, N_N };
static const struct report_col node_columns[N_N] = {
	[N_HOST]    = { "hostname", "node", REPORT_STR, 0 },
	[N_GPUS]    = { "gpus", "GPUs", REPORT_INT, 0 },
	[N_SLOW]    = { "slow_gpus", "slow GPUs", REPORT_INT, 0 },
	[N_VERDICT] = { "verdict", "verdict", REPORT_STR, 0 },
	[N_REASON]  = { "reason", "reason", REPORT_STR, 0 },
};

static void machine_rows(struct report_table *t, const struct fleet *f)
{
	for (size_t j = 0; j < f->n; j++) {
		const struct fleet_gpu *g = &f->gpus[j];
		const char *node = fleet_node_verdict_names[f->nodes[g->node].verdict];

		for (size_t i = 0; i < (g->no_gpu ? 1 : FLEET_NFIGURES); i++) {
			size_t r = report_add_row(t);

			report_set_str(t, r, C_HOST, g->hostname);
			report_set_str(t, r, C_UUID, g->uuid);
			report_set_str(t, r, C_DEVICE, g->device);
			report_set_str(t, r, C_STATUS, g->status);
			report_set_str(t, r, C_NODE, node);
			if (g->no_gpu) {
				report_set_str(t, r, C_VERDICT, "no-gpu");
				continue;
			}
			if (g->device_index >= 0)  /* null: unknown */
				report_set_int(t, r, C_INDEX, g->device_index);
			report_set_int(t, r, C_MEMORY, g->memory_mib);
			report_set_str(t, r, C_FIGURE, check_figure_names[i]);
			report_set_dbl(t, r, C_VALUE, g->value[i]);
			report_set_dbl(t, r, C_MEDIAN, f->skus[g->sku].median[i]);
			report_set_dbl(t, r, C_BELOW, g->below_pct[i]);
			report_set_int(t, r, C_SKU_GPUS, (long long)f->skus[g->sku].nmeasured[i]);
			report_set_str(t, r, C_VERDICT, fleet_fig_verdict_names[g->verdict[i]]);
		}
	}
}

static void sku_table(struct report *r, const struct fleet_run *run)
{
	const struct fleet *f = &run->fleet;
	struct report_table *t;
	size_t ngpus = 0;
	char *title;

	for (size_t i = 0; i < FLEET_NFIGURES; i++)
		sku_columns[S_FIG0 + i] = (struct report_col){ check_figure_names[i],
							       fleet_figure_headers[i], REPORT_DBL, 1 };
	for (size_t j = 0; j < f->n; j++)
		ngpus += !f->gpus[j].no_gpu;
	title = gp_xasprintf("Fleet: %zu node%s, %zu GPU%s, %zu SKU%s: the medians", f->nnodes,
			     tab_plural((long long)f->nnodes), ngpus, tab_plural((long long)ngpus),
			     f->nskus, tab_plural((long long)f->nskus));
	t = report_add_table(r, title, sku_columns, S_N);
	free(title);
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t s = 0; s < f->nskus; s++) {
		size_t row = report_add_row(t);

		report_set_str(t, row, S_DEVICE, f->skus[s].device);
		report_set_int(t, row, S_MEMORY, f->skus[s].memory_mib);
		report_set_int(t, row, S_GPUS, (long long)f->skus[s].ngpus);
		for (size_t i = 0; i < FLEET_NFIGURES; i++)
			report_set_dbl(t, row, S_FIG0 + i, f->skus[s].median[i]);
	}
	report_note(t, "read %zu document%s from %zu file%s; each figure's median over its SKU's "
		    "GPUs (same product name and memory), contended ones left out", f->ndocs,
		    tab_plural((long long)f->ndocs), run->nfiles, tab_plural((long long)run->nfiles));
	for (size_t s = 0; s < f->nskus; s++)
		if (f->skus[s].ngpus < 2)
			report_note(t, "%s (%lld MiB): one GPU, compared with itself alone",
				    f->skus[s].device, f->skus[s].memory_mib);
}

static void slow_table(struct report *r, const struct fleet *f)
{
	struct report_table *t;
	char *title = gp_xasprintf("Slow GPUs: more than %g %% below their SKU's median",
				   f->threshold_pct);
	size_t contended = 0;

	t = report_add_table(r, title, slow_columns, G_N);
	free(title);
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t j = 0; j < f->n; j++) {
		const struct fleet_gpu *g = &f->gpus[j];

		contended += g->contended && !g->no_gpu;
		for (size_t i = 0; i < FLEET_NFIGURES; i++) {
			size_t row;

			if (g->verdict[i] != FLEET_FIG_SLOW)
				continue;
			row = report_add_row(t);
			report_set_str(t, row, G_HOST, g->hostname);
			if (g->device_index >= 0)
				report_set_int(t, row, G_INDEX, g->device_index);
			report_set_str(t, row, G_UUID, g->uuid);
			report_set_str(t, row, G_FIGURE, check_figure_names[i]);
			report_set_dbl(t, row, G_VALUE, g->value[i]);
			report_set_dbl(t, row, G_MEDIAN, f->skus[g->sku].median[i]);
			report_set_dbl(t, row, G_BELOW, g->below_pct[i]);
		}
	}
	if (f->nslow)
		report_note(t, "%zu slow GPU%s", f->nslow, tab_plural((long long)f->nslow));
	else
		report_note(t, "no slow GPU");
	if (contended)
		report_note(t, "%zu GPU%s measured beside another process (contended): not judged",
			    contended, tab_plural((long long)contended));
}

static void node_table(struct report *r, const struct fleet *f)
{
	struct report_table *t = report_add_table(r, "Nodes that do not pass", node_columns, N_N);
	size_t passing = 0;

	t->flags |= REPORT_HUMAN_ONLY;
	for (int v = 0; v < FLEET_NODE_PASS; v++)
		for (size_t i = 0; i < f->nnodes; i++) {
			const struct fleet_node *n = &f->nodes[i];
			size_t row;

			if ((int)n->verdict != v)
				continue;
			row = report_add_row(t);
			report_set_str(t, row, N_HOST, n->hostname);
			report_set_int(t, row, N_GPUS, (long long)n->ngpus);
			report_set_int(t, row, N_SLOW, (long long)n->nslow);
			report_set_str(t, row, N_VERDICT, fleet_node_verdict_names[v]);
			report_set_str(t, row, N_REASON, n->reason ? n->reason : "");
		}
	passing = f->count[FLEET_NODE_PASS];
	report_note(t, "%zu node%s pass; %zu no-gpu, %zu fail, %zu slow, %zu warn", passing,
		    tab_plural((long long)passing), f->count[FLEET_NODE_NO_GPU],
		    f->count[FLEET_NODE_FAIL], f->count[FLEET_NODE_SLOW], f->count[FLEET_NODE_WARN]);
	report_note(t, "%s", fleet_failed(f) ? "the fleet fails (exit 1): a slow GPU, a failed node "
		    "or one without a GPU" : "the fleet passes (exit 0); a warning fails nothing");
}

void tab_fleet(struct report *r, const struct gp_device *dev, const void *fleet_run)
{
	const struct fleet_run *run = fleet_run;
	struct report_table *t;

	(void)dev;
	t = report_add_table(r, "Fleet", fleet_columns, C_N);
	t->flags |= REPORT_MACHINE_ONLY;
	machine_rows(t, &run->fleet);
	sku_table(r, run);
	slow_table(r, &run->fleet);
	node_table(r, &run->fleet);
}
