/* gpuperf banks: not implemented yet (its issue has not landed). */
#include "cli/commands.h"

static const struct gp_option options[] = {
	{ 0 }
};

const struct gp_cmd gp_cmd_banks = {
	.name = "banks",
	.run = cmd_not_implemented,
	.flags = CMD_GPU_OPTIONAL,
	.summary = "shared-memory bank conflicts",
	.synopsis = "",
	.options = options,
};
