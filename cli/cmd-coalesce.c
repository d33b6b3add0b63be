/* gpuperf coalesce: not implemented yet (its issue has not landed). */
#include "cli/commands.h"

static const struct gp_option options[] = {
	{ 0 }
};

const struct gp_cmd gp_cmd_coalesce = {
	.name = "coalesce",
	.run = cmd_not_implemented,
	.flags = CMD_GPU_OPTIONAL,
	.summary = "global-memory coalescing",
	.synopsis = "",
	.options = options,
};
