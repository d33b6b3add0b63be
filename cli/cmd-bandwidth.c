/* gpuperf bandwidth: not implemented yet (its issue has not landed). */
#include "cli/commands.h"

static const struct gp_option options[] = {
	{ 0 }
};

const struct gp_cmd gp_cmd_bandwidth = {
	.name = "bandwidth",
	.run = cmd_not_implemented,
	.flags = CMD_NEEDS_GPU,
	.summary = "device-memory bandwidth",
	.synopsis = "",
	.options = options,
};
