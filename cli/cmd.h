/*
 * The command table and the context every command runs in.
 *
 * Adding a command:
 *   1. cli/cmd-NAME.c defines `const struct gp_cmd gp_cmd_NAME` (name,
 *      function, flags, summary, synopsis, options) and the function;
 *   2. one row in cli/commands.c;
 *   3. man/gpuperf-NAME.1 documenting every option and CSV column, and a
 *      line in man/gpuperf.1 (tests/cli/man.bats checks both);
 *   4. the probe in probes/NAME.c (+ kernels/NAME.cu), the model in
 *      model/NAME.c, unit tests in tests/unit, CLI tests in tests/cli,
 *      GPU tests in tests/gpu.
 *
 * A command parses its options (usage errors before any GPU is touched),
 * opens the device if it needs one (cli_open_device), runs its probe, and
 * adds tables to ctx->report.  It never writes results itself: main()
 * renders the report once the command has succeeded, so nothing partial
 * reaches stdout on error.
 */
#ifndef GP_CLI_CMD_H
#define GP_CLI_CMD_H

#include <getopt.h>
#include "counters/counters.h"
#include "gpu/device.h"
#include "report/report.h"

struct gp_ctx {
	/* global options */
	int device_index;            /* -d N */
	enum report_format format;   /* --csv / --json */
	const char *output_path;     /* -o FILE, NULL for stdout */
	enum counters_mode counters;
	/* set by cli_open_device() */
	struct gp_device dev;
	int have_dev;
	/* filled by the command, rendered by main() */
	struct report report;
};

/* Command flags. */
#define CMD_NEEDS_GPU    0x1u  /* always needs a GPU */
#define CMD_GPU_OPTIONAL 0x2u  /* needs one only for some options (--model, --arch) */

/* One command option: drives getopt_long, --help and the man-page test. */
struct gp_option {
	const char *name;     /* long name without the dashes */
	int short_name;       /* 0 when none */
	int has_arg;          /* no_argument / required_argument */
	const char *arg;      /* value placeholder in help: "N", "LIST", "SIZE" */
	const char *help;     /* one line */
	int id;               /* returned by cli_next_option(); > 0, below 256 is a char */
};

struct gp_cmd {
	const char *name;
	int (*run)(struct gp_ctx *ctx, int argc, char **argv);
	unsigned flags;
	const char *summary;    /* one line for `gpuperf --help` */
	const char *synopsis;   /* options part of the usage line */
	const struct gp_option *options;  /* terminated by an entry with name NULL */
	/* Columns of the command's CSV/JSON table, for the docs test (NULL if none). */
	const struct report_col *columns;
	size_t ncolumns;
};

extern const struct gp_cmd *const gp_commands[];
extern const size_t gp_ncommands;
const struct gp_cmd *cmd_lookup(const char *name);

/*
 * Option iteration for a command.  Global options are accepted anywhere
 * and handled here; the command sees only its own.  Returns the option's
 * id with its value in it->arg, 0 at the end, or -1 on a usage error
 * (message printed).  Arguments that are not options are refused.
 *
 *     struct opt_iter it;
 *     int id;
 *     cli_options_begin(&it, ctx, &gp_cmd_bandwidth, argc, argv);
 *     while ((id = cli_next_option(&it)) > 0)
 *             switch (id) { case OPT_SIZE: ... it.arg ... }
 *     if (id < 0)
 *             return GP_EXIT_USAGE;
 */
struct opt_iter {
	struct gp_ctx *ctx;
	const struct gp_cmd *cmd;
	int argc;
	char **argv;
	const char *arg;
	struct option longopts[96];  /* no heap: a command may stop at any option */
	char shortopts[128];
};

void cli_options_begin(struct opt_iter *it, struct gp_ctx *ctx,
		       const struct gp_cmd *cmd, int argc, char **argv);
int cli_next_option(struct opt_iter *it);

/* Handle one global option (id from the global table); 0 or GP_EXIT_USAGE. */
int cli_global_option(struct gp_ctx *ctx, int id, const char *arg);

/* Open ctx->device_index into ctx->dev; 0, or GP_EXIT_NODEV/USAGE with a message. */
int cli_open_device(struct gp_ctx *ctx);

/* Print a command's --help text to out. */
void cli_print_command_help(const struct gp_cmd *cmd, FILE *out);

/* Identity columns every measured row carries (see report.h). */
#define CLI_IDENTITY_COLS \
	{ "device", "device", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "cc", "CC", REPORT_STR, 0, REPORT_COL_ID }
void cli_set_identity(struct report_table *t, size_t row, const struct gp_device *dev);

#endif
