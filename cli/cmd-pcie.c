/* gpuperf pcie: not implemented yet (its issue has not landed). */
#include "cli/commands.h"

static const struct gp_option options[] = {
	{ 0 }
};

const struct gp_cmd gp_cmd_pcie = {
	.name = "pcie",
	.run = cmd_not_implemented,
	.flags = CMD_NEEDS_GPU,
	.summary = "host-device transfers over PCIe",
	.synopsis = "",
	.options = options,
};
