/* The command table: one row per command drives dispatch, help and the docs test. */
#include <string.h>
#include "cli/cmd.h"
#include "cli/commands.h"
#include "util/compat.h"

const struct gp_cmd *const gp_commands[] = {
	&gp_cmd_info,
	&gp_cmd_bandwidth,
	&gp_cmd_coalesce,
	&gp_cmd_banks,
	&gp_cmd_latency,
	&gp_cmd_occupancy,
	&gp_cmd_pcie,
	&gp_cmd_p2p,
	&gp_cmd_roofline,
	&gp_cmd_profile,
	&gp_cmd_all,
	&gp_cmd_check,
	&gp_cmd_diff,
	&gp_cmd_fleet,
};
const size_t gp_ncommands = ARRAY_SIZE(gp_commands);

const struct gp_cmd *cmd_lookup(const char *name)
{
	for (size_t i = 0; i < gp_ncommands; i++)
		if (!strcmp(gp_commands[i]->name, name))
			return gp_commands[i];
	return NULL;
}
