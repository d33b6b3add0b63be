/* One declaration per command, each defined in cli/cmd-NAME.c. */
#ifndef GP_CLI_COMMANDS_H
#define GP_CLI_COMMANDS_H

#include "cli/cmd.h"

extern const struct gp_cmd gp_cmd_info;
extern const struct gp_cmd gp_cmd_bandwidth;
extern const struct gp_cmd gp_cmd_coalesce;
extern const struct gp_cmd gp_cmd_banks;
extern const struct gp_cmd gp_cmd_latency;
extern const struct gp_cmd gp_cmd_occupancy;
extern const struct gp_cmd gp_cmd_pcie;
extern const struct gp_cmd gp_cmd_p2p;
extern const struct gp_cmd gp_cmd_roofline;
extern const struct gp_cmd gp_cmd_profile;
extern const struct gp_cmd gp_cmd_all;
extern const struct gp_cmd gp_cmd_check;
extern const struct gp_cmd gp_cmd_diff;
extern const struct gp_cmd gp_cmd_fleet;

#endif
