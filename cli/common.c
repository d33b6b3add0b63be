/* Helpers every command uses: the device, identity columns, unfinished rows. */
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
	if (rc)
		return rc;
	ctx->have_dev = 1;
	gp_debug("device %d: %s, CC %d.%d, %d SMs, bus %s", ctx->dev.index, ctx->dev.name,
		 ctx->dev.cc_major, ctx->dev.cc_minor, ctx->dev.sm_count, ctx->dev.pci_bus_id);
	return 0;
}

void cli_set_identity(struct report_table *t, size_t row, const struct gp_device *dev)
{
	char cc[16];

	report_set_str(t, row, 0, dev->name);
	report_set_str(t, row, 1, dev_cc_string(dev, cc, sizeof(cc)));
}

int cmd_not_implemented(struct gp_ctx *ctx, int argc, char **argv)
{
	(void)ctx, (void)argc;
	return gp_error(GP_EXIT_FAIL, "'%s' is not implemented yet in this version", argv[0]);
}
