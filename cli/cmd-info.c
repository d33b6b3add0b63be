/* gpuperf info: the device inventory and the theoretical peaks derived from it. */
#include <stddef.h>
#include "cli/commands.h"
#include "counters/counters.h"
#include "gpu/sm-clock.h"
#include "results/info.h"
#include "tables/info.h"

static const struct gp_option options[] = {
	{ NULL }
};

static int measure(struct gp_ctx *ctx, void *args, void *r)
{
	struct info_run *run = r;
	int rc;

	(void)args;
	if ((rc = cli_open_device(ctx)) || (rc = sm_clock_measure(&run->sm_clock_measured_mhz)))
		return rc;
	run->counters_reason = ctx->counters == COUNTERS_OFF ? "not checked (--no-counters)"
							     : ctr_unavailable_reason(&ctx->dev);
	return 0;
}

const struct gp_cmd gp_cmd_info = {
	.name = "info",
	.flags = CMD_NEEDS_GPU | CMD_WATCHED,
	.summary = "device inventory with theoretical DRAM and PCIe bandwidth",
	.synopsis = "",
	.options = options,
	.columns = info_columns,
	.ncolumns = INFO_NCOLUMNS,
	.results_size = sizeof(struct info_run),
	.watch_offset = offsetof(struct info_run, watch),
	.measure = measure,
	.tabulate = tab_info,
	.summarize = tab_info_summary,
};
