/* gpuperf fleet's results: its figures' and verdicts' names, freeing them, its machine table. */
#include <stdlib.h>
#include <string.h>
#include "results/fleet.h"

const char *const fleet_figure_headers[FLEET_NFIGURES] = {
	"DRAM copy (GB/s)", "DRAM read (GB/s)", "L2 read (GB/s)", "H2D (GB/s)", "D2H (GB/s)",
	"P2P min (GB/s)",
};

const char *const fleet_fig_verdict_names[FLEET_NFIG_VERDICTS] = {
	"ok", "slow", "none", "contended",
};
const char *const fleet_node_verdict_names[FLEET_NNODE_VERDICTS] = {
	"no-gpu", "fail", "slow", "warn", "pass",
};

static void gpu_free(struct fleet_gpu *g)
{
	free(g->source);
	free(g->hostname);
	free(g->device);
	free(g->uuid);
	free(g->serial);
	free(g->pci_bus_id);
	free(g->driver);
	free(g->status);
	free(g->reason);
	free(g->throttle);
}

void fleet_free(struct fleet *f)
{
	for (size_t i = 0; i < f->n; i++)
		gpu_free(&f->gpus[i]);
	free(f->gpus);
	for (size_t i = 0; i < f->nskus; i++)
		free(f->skus[i].device);
	free(f->skus);
	for (size_t i = 0; i < f->nnodes; i++) {
		free(f->nodes[i].hostname);
		free(f->nodes[i].reason);
	}
	free(f->nodes);
	memset(f, 0, sizeof(*f));
}

void fleet_run_free(void *fleet_run)
{
	struct fleet_run *run = fleet_run;

	fleet_free(&run->fleet);
}

const struct report_col fleet_columns[FLEET_NCOLUMNS] = {
	{ "hostname", "host", REPORT_STR, 0, REPORT_COL_ID },
	{ "device_index", "GPU", REPORT_INT, 0, REPORT_COL_ID },
	{ "uuid", "UUID", REPORT_STR, 0, REPORT_COL_ID },
	{ "device", "device", REPORT_STR, 0, REPORT_COL_ID },
	{ "memory_mib", "memory (MiB)", REPORT_INT, 0, REPORT_COL_ID },
	{ "status", "check", REPORT_STR, 0 },
	{ "figure", "figure", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "value_gbs", "value (GB/s)", REPORT_DBL, 1 },
	{ "median_gbs", "median (GB/s)", REPORT_DBL, 1 },
	{ "below_pct", "below (%)", REPORT_DBL, 1 },
	{ "sku_gpus", "GPUs of the SKU", REPORT_INT, 0 },
	{ "verdict", "verdict", REPORT_STR, 0 },
	{ "node", "node", REPORT_STR, 0 },
};
