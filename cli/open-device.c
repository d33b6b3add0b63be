/* The device, opened once for every step that needs it. */
#include <stdio.h>
#include "cli/cmd.h"
#include "cli/commands.h"
#include "cli/global.h"
#include "util/error.h"

int cli_open_device(struct gp_ctx *ctx)
{
	int rc;

	if (ctx->have_dev) {
		cli_watch_opened(ctx, &ctx->dev);  /* a later step of all: watched anew */
		return 0;
	}
	rc = cli_watch_before_open(ctx, ctx->device_index);
	if (!rc)
		rc = dev_open(ctx->device_index, &ctx->dev);
	if (rc == GP_EXIT_NODEV && ctx->no_gpu_hint)
		gp_note("hint: %s", ctx->no_gpu_hint);
	if (rc)
		return rc;
	ctx->have_dev = 1;
	cli_watch_opened(ctx, &ctx->dev);
	gp_debug("device %d: %s, CC %d.%d, %d SMs, bus %s", ctx->dev.index, ctx->dev.name,
		 ctx->dev.cc_major, ctx->dev.cc_minor, ctx->dev.sm_count, ctx->dev.pci_bus_id);
	return 0;
}

int cli_open_other(struct gp_ctx *ctx, int index, struct gp_device *d)
{
	int rc = cli_watch_before_open(ctx, index);

	if (!rc)
		rc = dev_open(index, d);
	if (!rc)
		cli_watch_opened(ctx, d);
	return rc;
}

void cli_spanned_devices(const struct gp_ctx *ctx, int count, int **out, size_t *n)
{
	*out = gp_xcalloc((size_t)count + ctx->devices.n + 1, sizeof(**out));
	*n = 0;
	if (ctx->devices.n)
		for (size_t i = 0; i < ctx->devices.n; i++)
			(*out)[(*n)++] = (int)ctx->devices.v[i];
	else if ((ctx->globals_given >> (GOPT_DEVICE - GOPT_FIRST) & 1) && !ctx->all_devices)
		(*out)[(*n)++] = ctx->device_index;
	else
		for (int i = 0; i < count; i++)
			(*out)[(*n)++] = i;
}
