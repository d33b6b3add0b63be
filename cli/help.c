/* --help, --version and `gpuperf help COMMAND`, all from the command table. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/cmd.h"
#include "cli/global.h"

/* The options' descriptions start at column 2 + HELP_COLUMN + 1, two spaces at least after the name. */
#define HELP_COLUMN 24

static void print_options(const struct gp_option *o, FILE *out)
{
	for (; o && o->name; o++) {
		char left[64];
		int n;
		if (o->short_name)
			n = snprintf(left, sizeof(left), "-%c, --%s", o->short_name, o->name);
		else
			n = snprintf(left, sizeof(left), "    --%s", o->name);
		if (o->arg && n > 0 && (size_t)n < sizeof(left))
			snprintf(left + n, sizeof(left) - (size_t)n, " %s", o->arg);
		/* a name too long for the column: its description on the next line */
		if (strlen(left) > HELP_COLUMN - 2)
			fprintf(out, "  %s\n  %-*s %s", left, HELP_COLUMN, "", o->help);
		else
			fprintf(out, "  %-*s %s", HELP_COLUMN, left, o->help);
		if (o->def)
			fprintf(out, " (default %s)", o->def);
		fputc('\n', out);
	}
}

void cli_print_command_help(const struct gp_cmd *cmd, FILE *out)
{
	fprintf(out, "usage: gpuperf %s%s%s\n\n", cmd->name, *cmd->synopsis ? " " : "",
		cmd->synopsis);
	fprintf(out, "%s.\n", cmd->summary);
	if (cmd->gpu_help)
		fprintf(out, "%s\n", cmd->gpu_help);
	else if (cmd->flags & CMD_NEEDS_GPU)
		fprintf(out, "Needs a GPU.\n");
	else if (cmd->flags & CMD_GPU_OPTIONAL)
		fprintf(out, "Needs a GPU only to measure; see the manual.\n");
	if (cmd->flags & CMD_REPORT_STDERR)
		fprintf(out, "The report goes to standard error, or to -o FILE: standard output stays "
			"the program's.\n");
	if (cmd->options && cmd->options->name) {
		fprintf(out, "\nOptions:\n");
		print_options(cmd->options, out);
	}
	fprintf(out, "\nGlobal options (-d, --csv, --json, -o, --plot, -q, -v, --counters) work here "
		"too; see 'gpuperf --help'.\nFull manual: 'gpuperf help %s' or 'man gpuperf-%s'.\n",
		cmd->name, cmd->name);
}

int cli_help(const struct gp_ctx *ctx, const struct gp_cmd *cmd)
{
	if (cmd) {
		cli_print_command_help(cmd, stdout);
		return 0;
	}
	printf("usage: gpuperf [global options] COMMAND [command options]\n"
	       "       gpuperf help COMMAND\n\n"
	       "Measure GPU memory bandwidth, coalescing, bank conflicts, occupancy and\n"
	       "PCIe transfers, each beside what theory predicts.\n\nCommands:\n");
	for (size_t i = 0; i < ctx->ncommands; i++)
		printf("  %-10s  %s\n", ctx->commands[i]->name, ctx->commands[i]->summary);
	printf("\nGlobal options:\n");
	print_options(gp_global_options, stdout);
	printf("\nRun 'gpuperf COMMAND --help' for a command's options and 'gpuperf help COMMAND'\n"
	       "(or 'man gpuperf-COMMAND') for its manual.\n");
	return 0;
}

int cli_version(void)
{
	printf("gpuperf %s\n", GP_VERSION);
	return 0;
}
