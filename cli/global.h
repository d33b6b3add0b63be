/* Global options and the program-level helpers main() and the commands share. */
#ifndef GP_CLI_GLOBAL_H
#define GP_CLI_GLOBAL_H

#include "cli/cmd.h"

/* Ids of global options; command option ids stay below GOPT_FIRST. */
enum {
	GOPT_FIRST = 1000,
	GOPT_DEVICE = GOPT_FIRST,
	GOPT_CSV,
	GOPT_JSON,
	GOPT_OUTPUT,
	GOPT_PLOT,
	GOPT_QUIET,
	GOPT_VERBOSE,
	GOPT_NO_COUNTERS,
	GOPT_COUNTERS,
	GOPT_HELP,
	GOPT_VERSION,
};

extern const struct gp_option gp_global_options[];

/* Print the general help (cmd NULL) or a command's help to stdout; returns 0. */
int cli_help(const struct gp_ctx *ctx, const struct gp_cmd *cmd);
int cli_version(void);

/*
 * Flush stdout and turn a write failure (full disk, closed file) into
 * "write failure on standard output" and exit 1; returns the final status.
 */
int cli_finish(int status);

/*
 * file in the first of dirs[0..ndirs) (relative to the running binary's
 * directory: "../data") where it can be read, its path into out: 0, or
 * -1 with none found.
 */
int cli_find_beside(const char *const *dirs, size_t ndirs, const char *file, char *out, size_t n);

#endif
