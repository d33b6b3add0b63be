/* gpuperf all: not implemented yet (its issue has not landed). */
#include "cli/commands.h"

static const struct gp_option options[] = {
	{ 0 }
};

const struct gp_cmd gp_cmd_all = {
	.name = "all",
	.run = cmd_not_implemented,
	.flags = CMD_NEEDS_GPU,
	.summary = "every probe with quick defaults, and one summary",
	.synopsis = "",
	.options = options,
};
