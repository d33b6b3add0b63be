/*
 * The command table, the context every command runs in, and the four
 * steps every command is made of.
 *
 * Adding a command NAME:
 *   1. Parse: cli/cmd-NAME.c defines `const struct gp_cmd gp_cmd_NAME`
 *      and its option rows.  Each row says the option's type, range,
 *      default, allowed values and the field of the command's argument
 *      struct it fills, so the generic parser (cli_parse), --help, the
 *      man-page test and the completion all read one row.  The command's
 *      .check hook refuses what rows cannot say (options that need each
 *      other) and derives what follows; usage errors come before any GPU
 *      is touched.
 *   2. Measure: .measure opens the device if it needs one
 *      (cli_open_device, or cli_open_other for more) and calls the probe (probes/NAME.c with
 *      kernels/NAME.cu), the calculator (occupancy/) or the model (model/),
 *      which turn the arguments into a typed results struct: no tables,
 *      no output.  A command that measures a device (CMD_WATCHED) is
 *      watched meanwhile by cli_measure (gpu/watch.h): from the moment a
 *      device opens until measure returns, and the summary lands in its
 *      results at .watch_offset, with any warning said once on stderr.
 *   3. Tabulate: .tabulate calls tables/NAME.c, which turns the results
 *      (results/NAME.h: the struct, its free function, its machine
 *      table's columns and their contract for diff and check) into
 *      report tables, notes and charts.  Pure code: no CUDA, no
 *      output, and never told the output format; what differs between
 *      the human and the machine view is a table flag.  Unit-tested on
 *      fabricated results in tests/unit.
 *   4. Render: main() hands the report to report/, the only reader of
 *      --csv/--json, once every step has succeeded, so nothing partial
 *      reaches stdout on error.  --plot FILE.svg draws the charts the
 *      tables carry (and all --html FILE the whole report) through
 *      util/outfile.h (a file written whole or not at all), before stdout.
 * A command whose results can make a chart of a sweep fills .no_plot and
 * .plots (below), so that --plot is refused before any GPU is touched
 * where the arguments make no sweep.
 * Then: one row in cli/commands.c, its contract in results/contracts.c
 * (a contract per machine table it can write, every mode; a command that
 * reads outputs instead, diff, has none);
 * man/gpuperf-NAME.1 documenting every option and CSV column, and a line
 * in man/gpuperf.1 (tests/cli/man.bats checks both); CLI tests in
 * tests/cli, GPU tests in tests/gpu.
 * `gpuperf all` runs other commands' steps from their rows, one command
 * line each (cli/cmd-all.c): a command that fills .summarize adds its
 * headline figures to all's summary (tables/all.h), and a step of it in
 * all's table takes one row.
 */
#ifndef GP_CLI_CMD_H
#define GP_CLI_CMD_H

#include <getopt.h>
#include <stdint.h>
#include <string.h>
#include "counters/counters.h"
#include "gpu/device.h"
#include "gpu/watch.h"
#include "report/report.h"
#include "util/parse.h"

struct all_run;      /* results/all.h */
struct all_summary;  /* tables/all.h */

struct gp_ctx {
	/* global options */
	int device_index;            /* the device the steps use: -d N, or each of a list in turn */
	struct u64_list devices;     /* -d LIST: the devices in turn (empty: device_index alone) */
	int all_devices;             /* -d all */
	enum report_format format;   /* --csv / --json: read by main() alone */
	const char *output_path;     /* -o FILE, NULL for stdout */
	const char *plot_path;       /* --plot FILE.svg, NULL for none */
	const char *html_path;       /* all --html FILE (set by all's check), NULL for none */
	enum counters_mode counters;
	uint64_t globals_given;      /* bit i: global option i was on the line */
	const char *no_gpu_hint;     /* the running command's, said when no GPU opens */
	int exit_status;             /* a status the command asks for after its output (profile:
				        the program's) */
	int exit_signal;             /* and the signal that status stands for, to end by where
					that is quiet (profile: what killed the program), or 0 */
	/* set by cli_open_device() */
	struct gp_device dev;
	int have_dev;
	size_t ndevices;             /* set by cli_run: devices the steps ran on, when several */
	const char *command;         /* the command typed (all for its steps): what a mode refuses */
	/*
	 * The command table (cli/commands.c), set by main(): steps and messages
	 * find commands here, so that no command's file reaches the table that
	 * names it (a loop of files, tests/cli/layering.bats).
	 */
	const struct gp_cmd *const *commands;
	size_t ncommands;
	struct gp_watch *watch;      /* the running measure step's (CMD_WATCHED), else NULL */
	/* filled by the command's tabulate step, rendered by main() */
	struct report report;
};

/* Command flags. */
#define CMD_NEEDS_GPU    0x1u  /* always needs a GPU */
#define CMD_GPU_OPTIONAL 0x2u  /* needs one only for some options (--model, --arch) */
#define CMD_TAKES_PROGRAM 0x4u /* options stop at the first non-option: "-- CMD ARGS" follow */
#define CMD_TAKES_DEVICES 0x8u /* uses -d's list itself (p2p): not run once per device */
#define CMD_WATCHED 0x10u      /* measures a device: watched, results hold a struct trust_summary */
#define CMD_TAKES_OPERANDS 0x20u /* takes operands (files) among its options: in gp_args' rest */
#define CMD_REPORT_STDERR 0x40u /* the report goes to stderr unless -o names a file: stdout
				   is the program's the command runs (profile), as with time */

/*
 * Option types, and the field each fills in the command's argument struct:
 *   FLAG      int, set to 1
 *   INT       int, min..max; with choices, one of those numbers
 *   U64       uint64_t, min..max
 *   SIZE      uint64_t with size suffixes (util/parse.h), min..max
 *   DOUBLE    double, min..max
 *   LIST      struct u64_list of counts, each min..max (and one of choices)
 *   SIZE_LIST struct u64_list of sizes, each min..max
 *   CHOICE    int: the index of the name in choices (GP_OPT_NUMBER: its number)
 *   CHOICES   unsigned: bit i for choices[i]; "all" for every one
 *   STRING    const char *: the text as given (a file, a name)
 * A repeated option keeps its last value.
 */
enum gp_opt_type {
	GP_OPT_FLAG,
	GP_OPT_INT,
	GP_OPT_U64,
	GP_OPT_SIZE,
	GP_OPT_DOUBLE,
	GP_OPT_LIST,
	GP_OPT_SIZE_LIST,
	GP_OPT_CHOICE,
	GP_OPT_CHOICES,
	GP_OPT_STRING,
};

#define GP_OPT_NUMBER 0x1u  /* CHOICE: store the chosen name's number, not its index */
#define GP_OPT_FILE   0x2u  /* STRING: a path (completion offers files) */
#define GP_OPT_AUTO   0x4u  /* INT, U64: the word "auto" too, stored as 0 (STATS_REPS_AUTO) */
#define GP_OPT_KIB    0x8u  /* SIZE: KB, MB... are powers of 1024 as well, with a note saying
			       what was taken (shared memory, as CUDA counts it: 48KB = 49152) */
/* For completion (--list-values) only: what a free-form value may be besides a number. */
#define GP_OPT_ALL    0x10u /* the word "all" (-d all) */
#define GP_OPT_ARCH   0x20u /* an architecture of gpuperf's table, by name: sm_90 */
#define GP_OPT_CC     0x40u /* an architecture of gpuperf's table, by compute capability: 9.0 */

/* One command option: drives parsing, --help, the man-page test and completion. */
struct gp_option {
	const char *name;     /* long name without the dashes */
	int short_name;       /* 0 when none */
	enum gp_opt_type type;
	const char *arg;      /* value placeholder in help: "N", "LIST", "SIZE" */
	const char *help;     /* one line, without the default */
	const char *def;      /* the default as one would type it; NULL: none, or the help says */
	uint64_t min, max;    /* numbers, sizes and list items */
	const char *const *choices;  /* CHOICE/CHOICES names; the allowed numbers of INT/LIST */
	size_t offset;        /* the field in the command's argument struct */
	unsigned flags;       /* GP_OPT_* */
	/* A rule the row cannot say (a multiple of 32); 0 or GP_EXIT_USAGE. */
	int (*check)(const char *opt, const char *text, const void *field);
	const char *excludes; /* the option of the same table it cannot stand beside */
	/*
	 * The name it had before a rename: still accepted, for one release, with
	 * a one-line note naming the new one (as git does); in no help or list.
	 */
	const char *was;
};

#define GP_OPT_MAX 48  /* options of one command */

/* What cli_parse saw besides the values it stored. */
struct gp_args {
	uint64_t given;       /* bit i: the command's option i was on the line */
	char **rest;          /* CMD_TAKES_PROGRAM: the program and its arguments;
				 CMD_TAKES_OPERANDS: the operands */
	int nrest;
};

struct gp_cmd {
	const char *name;
	unsigned flags;
	const char *summary;    /* one line for `gpuperf --help` */
	const char *synopsis;   /* options part of the usage line */
	const char *no_gpu_hint; /* said when the GPU is missing: the mode that needs none */
	/* --help's line on what needs a GPU, where the flags' words would be wrong (NULL: theirs) */
	const char *gpu_help;
	const struct gp_option *options;  /* terminated by an entry with name NULL */
	/* Columns of the command's CSV/JSON table, for the docs test (NULL if none). */
	const struct report_col *columns;
	size_t ncolumns;
	/* The steps; args_size and results_size bytes are zeroed for them. */
	size_t args_size, results_size;
	int (*check)(struct gp_ctx *ctx, const struct gp_args *given, void *args);
	/*
	 * --plot: NULL when these arguments (after check) make a sweep of two
	 * points or more, else why not, as the end of "--plot: ..." ("bandwidth
	 * measures one size: give --size a range such as 16K-2G:x2").  NULL
	 * hook: the command never plots.
	 */
	const char *(*no_plot)(const void *args);
	const char *plots;      /* what plots, for the error listing them: "bandwidth --size RANGE" */
	int (*measure)(struct gp_ctx *ctx, void *args, void *results);
	void (*tabulate)(struct report *r, const struct gp_device *dev, const void *results);
	void (*free_results)(void *results);
	void (*free_args)(void *args);    /* what check allocated in args, beyond lists */
	/*
	 * gpuperf all: the headline figures of these results, added to its
	 * summary (all_add_figure, all_add: tables/all.h) in order.  NULL:
	 * the command adds none.
	 */
	void (*summarize)(struct all_summary *s, const struct gp_device *dev, const void *results);
	/* With several devices: tables across them, after each device's own (optional). */
	void (*tabulate_devices)(struct report *r, const struct gp_device *devs,
				 const void *const *results, size_t n);
	/* CMD_WATCHED: where the results struct holds its struct trust_summary. */
	size_t watch_offset;
};

extern const struct gp_cmd *const gp_commands[];
extern const size_t gp_ncommands;
const struct gp_cmd *cmd_lookup(const char *name);  /* main's; the others: cli_find_command */

/* The command named name in ctx's table, or NULL. */
static inline const struct gp_cmd *cli_find_command(const struct gp_ctx *ctx, const char *name)
{
	for (size_t i = 0; i < ctx->ncommands; i++)
		if (!strcmp(ctx->commands[i]->name, name))
			return ctx->commands[i];
	return NULL;
}

/*
 * Parse argv (argv[0] the command name) into args: defaults first, then
 * the options in order, global ones handled into ctx; then cmd->check.
 * 0, or GP_EXIT_USAGE with the message printed.
 */
int cli_parse(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv,
	      void *args, struct gp_args *given);
/* The row of the option with this long name (a missing one is a bug: abort). */
size_t cli_option_index(const struct gp_cmd *cmd, const char *name);
/* Whether the option with this long name was on the command line. */
int cli_given(const struct gp_cmd *cmd, const struct gp_args *given, const char *name);
/*
 * A file -o, --plot or --html will write (opt names the option): a usage
 * error if it is a directory, or a file (new, or a regular one, links
 * followed: util/outpath.h) that does not end in one of exts (".svg";
 * NULL: any name) or whose directory is not there to write in, so that a
 * bad path costs no measuring.  FIFOs, devices and "-" pass.
 */
int cli_check_out_path(const char *opt, const char *path, const char *const *exts);
/* opt's path and the report's (-o, else stdout) must be two files; 0 or GP_EXIT_USAGE. */
int cli_check_apart(const struct gp_ctx *ctx, const char *opt, const char *path);
/*
 * A command's --html FILE (all, profile): checked as a path for an HTML
 * page apart from the report, then ctx->html_path, which main() writes
 * with the other outputs.  NULL is fine.  0 or GP_EXIT_USAGE.
 */
int cli_check_html(struct gp_ctx *ctx, const char *path);
/* After cmd's check: refuse --plot where cmd draws no chart of these args; 0 or GP_EXIT_USAGE. */
int cli_check_plot(const struct gp_ctx *ctx, const struct gp_cmd *cmd, const void *args);
/*
 * An option row's check for a POSIX extended regular expression (profile
 * --kernel, occupancy --function), compiled as util/filter.h matches
 * names: 0, or GP_EXIT_USAGE with regcomp's reason.
 */
int cli_check_regex(const char *opt, const char *text, const void *field);
/* Free what cli_parse allocated in args (lists). */
void cli_free_args(const struct gp_cmd *cmd, void *args);

/*
 * Parse and measure: *results gets cmd's results (free them with
 * cli_free_results), or NULL on failure.  0 or a GP_EXIT_* status.
 */
int cli_measure(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv,
		void **results);
void cli_free_results(const struct gp_cmd *cmd, void *results);
/*
 * A fixed command line (all's and check's steps): words[0] the command,
 * NULL-terminated, at most CLI_LINE_MAX words.  cli_measure_line is
 * cli_measure of it; cli_parse_line only parses it, so that a step that
 * does not parse is a bug caught without a GPU (GP_EXIT_FAIL, said).
 */
#define CLI_LINE_MAX 15
int cli_measure_line(struct gp_ctx *ctx, const char *const *words, void **results);
int cli_parse_line(struct gp_ctx *ctx, const char *const *words);
/*
 * A step of all or check: a fixed command line, run by its command's own
 * steps; its results join all's summary (tables/all.h) through its
 * command's summarize hook, or through the step's own.
 */
struct cli_step {
	const char *argv[CLI_LINE_MAX];  /* NULL-terminated */
	void (*summarize)(struct all_summary *s, const struct gp_device *dev, const void *results);
	int summary_last;  /* its rows close the summary */
};
/*
 * Measure steps[0..n) in order on device (-d's index; it becomes
 * ctx->device_index), each into run (results/all.h), until one fails: 0
 * or its status.  A step that fails is kept with NULL results.  The
 * progress line of each begins with shown ("" or "check: device 1: ").
 */
int cli_measure_steps(struct gp_ctx *ctx, int device, const struct cli_step *steps, size_t n,
		      const char *shown, struct all_run *run);
/* Every step of cmd on argv: the tables land in ctx->report. */
int cli_run(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv);

/* Option iteration, for the global options before the command name. */
struct opt_iter {
	struct gp_ctx *ctx;
	const struct gp_cmd *cmd;
	int argc;
	char **argv;
	const char *arg;
	struct option longopts[96];  /* no heap: a command may stop at any option */
	size_t nown;                 /* the command's own options, then its old names (.was) */
	char shortopts[128];
};

void cli_options_begin(struct opt_iter *it, struct gp_ctx *ctx,
		       const struct gp_cmd *cmd, int argc, char **argv);
int cli_next_option(struct opt_iter *it);

/* Handle one global option (id from the global table); 0 or GP_EXIT_USAGE. */
int cli_global_option(struct gp_ctx *ctx, int id, const char *arg);

/*
 * Open ctx->device_index into ctx->dev; 0, or GP_EXIT_NODEV/USAGE with a
 * message.  A mode that makes the command meaningless (a MIG slice, a
 * prohibited compute mode: model/trust.h) refuses here, GP_EXIT_NODEV.
 */
int cli_open_device(struct gp_ctx *ctx);
/* Open one more device (p2p's) into *d likewise, watched with the first. */
int cli_open_other(struct gp_ctx *ctx, int index, struct gp_device *d);
/*
 * The devices a command that spans several (p2p, check) works on, of
 * count there are: -d LIST, -d N, or every one (-d all, or no -d), into
 * *out (free it), not checked against count.
 */
void cli_spanned_devices(const struct gp_ctx *ctx, int count, int **out, size_t *n);
/*
 * cli/steps.c's watch hooks for the two above: before device index opens
 * (its modes may refuse the command: 0 or GP_EXIT_NODEV after a message),
 * and once it is open (or already was) to watch it.
 */
int cli_watch_before_open(struct gp_ctx *ctx, int index);
void cli_watch_opened(struct gp_ctx *ctx, const struct gp_device *d);

/* Print a command's --help text to out. */
void cli_print_command_help(const struct gp_cmd *cmd, FILE *out);

#endif
