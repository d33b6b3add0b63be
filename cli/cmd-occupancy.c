/* gpuperf occupancy: not implemented yet (its issue has not landed). */
#include "cli/commands.h"

static const struct gp_option options[] = {
	{ 0 }
};

const struct gp_cmd gp_cmd_occupancy = {
	.name = "occupancy",
	.run = cmd_not_implemented,
	.flags = CMD_GPU_OPTIONAL,
	.summary = "occupancy calculator for any architecture, or the current device",
	.synopsis = "",
	.options = options,
};
