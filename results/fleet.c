/* gpuperf fleet's results: freeing them, its machine table. */
#include "results/fleet.h"

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
