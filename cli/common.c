/* The device, opened once for every step that needs it. */
#include <stdio.h>
#include "cli/cmd.h"
#include "cli/commands.h"
#include "util/error.h"

int cli_open_device(struct gp_ctx *ctx)
{
	int rc;

	if (ctx->have_dev)
		return 0;
	rc = dev_open(ctx->device_index, &ctx->dev);
	if (rc == GP_EXIT_NODEV && ctx->no_gpu_hint)
		gp_note("hint: %s", ctx->no_gpu_hint);
	if (rc)
		return rc;
	ctx->have_dev = 1;
	gp_debug("device %d: %s, CC %d.%d, %d SMs, bus %s", ctx->dev.index, ctx->dev.name,
		 ctx->dev.cc_major, ctx->dev.cc_minor, ctx->dev.sm_count, ctx->dev.pci_bus_id);
	return 0;
}
