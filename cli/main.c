/*
 * gpuperf's entry point: global options, the command table, rendering the
 * report a command built, and the exit status.  The only file that exits.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli/cmd.h"
#include "cli/commands.h"
#include "cli/global.h"
#include "arch/arch.h"
#include "cli/signals.h"
#include "util/error.h"
#include "util/outfile.h"
#include "util/quote.h"
#include "util/suggest.h"

static int unknown_command(const char *name)
{
	const char *names[16];
	const char *best;
	size_t n = 0;

	for (size_t i = 0; i < gp_ncommands && n < 15; i++)
		names[n++] = gp_commands[i]->name;
	names[n++] = "help";
	best = suggest(name, names, n);
	if (best)
		return gp_error(GP_EXIT_USAGE, "unknown command '%s'; did you mean '%s'?", name, best);
	return gp_error(GP_EXIT_USAGE, "unknown command '%s' (see 'gpuperf --help')", name);
}

/* The man page beside the binary: the source tree's man/ (also from build-asan/), or an install's share/man. */
static int find_man_page(const char *cmd, char *path, size_t n)
{
	static const char *const dirs[] = { "man", "../man", "../share/man/man1" };
	char file[128];

	snprintf(file, sizeof(file), "gpuperf-%s.1", cmd);
	return cli_find_beside(dirs, sizeof(dirs) / sizeof(dirs[0]), file, path, n);
}

/* Whether man(1) finds the page NAME where it looks (MANPATH...): `man -w NAME`, quietly. */
static int man_finds(const char *name)
{
	pid_t pid;
	int status;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return 0;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execlp("man", "man", "-w", name, (char *)NULL);
		_exit(127);
	}
	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int help_on_help(void)
{
	printf("usage: gpuperf help [COMMAND]\n\n"
	       "Show COMMAND's manual page (gpuperf-COMMAND(1)): the one beside the binary,\n"
	       "else the one man(1) finds; where there is none, or no man program, the\n"
	       "built-in help ('gpuperf COMMAND --help').  Without COMMAND, the general help.\n");
	return 0;
}

/*
 * man(1) ARG...: on a terminal man itself (its pager); elsewhere through a
 * pipe, its page copied to our stdout, so that a failed write (a full disk)
 * is reported and ends with status 1 as --help's does: man says nothing of
 * it.  Returns man's status, or GP_EXIT_FAIL where it could not be run.
 */
static int run_man(const char *arg1, const char *arg2)
{
	char buf[8192];
	int fd[2], status, write_errno = 0;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (isatty(STDOUT_FILENO)) {
		execlp("man", "man", arg1, arg2, (char *)NULL);
		return gp_error(GP_EXIT_FAIL, "cannot run man: %s", strerror(errno));
	}
	if (pipe(fd))
		return gp_error(GP_EXIT_FAIL, "cannot run man: %s", strerror(errno));
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return gp_error(GP_EXIT_FAIL, "cannot run man: %s", strerror(errno));
	}
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], STDOUT_FILENO);
		close(fd[1]);
		execlp("man", "man", arg1, arg2, (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	while ((n = read(fd[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (fwrite(buf, 1, (size_t)n, stdout) != (size_t)n) {
			write_errno = errno;
			break;
		}
	}
	if (!write_errno && fflush(stdout))
		write_errno = errno;
	close(fd[0]);  /* man, still writing, ends on SIGPIPE */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (write_errno || ferror(stdout)) {
		errno = write_errno ? write_errno : EIO;
		return 0;  /* cli_finish says "write failure on standard output" and returns 1 */
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return gp_error(GP_EXIT_FAIL, "man failed on %s", arg2 ? arg2 : arg1);
	return 0;
}

/* `gpuperf help [COMMAND]`: the manual page, or the command's built-in help where there is none. */
static int help_command(const struct gp_ctx *ctx, int argc, char **argv)
{
	const struct gp_cmd *cmd;
	char page[PATH_MAX + 64], name[128];

	if (argc < 2)
		return cli_help(ctx, NULL);
	if (argc > 2)
		return gp_error(GP_EXIT_USAGE, "help takes one command name");
	if (!strcmp(argv[1], "help"))
		return help_on_help();
	cmd = cmd_lookup(argv[1]);
	if (!cmd)
		return unknown_command(argv[1]);
	fflush(stdout);
	if (!find_man_page(cmd->name, page, sizeof(page)))
		return run_man("-l", page);
	snprintf(name, sizeof(name), "gpuperf-%s", cmd->name);
	if (man_finds(name))
		return run_man(name, NULL);
	/* No page installed, or no man program: the built-in help is the manual's summary. */
	gp_note("no manual page gpuperf-%s(1) found; the built-in help follows", cmd->name);
	return cli_help(ctx, cmd);
}

/* -h/--help anywhere after the command name (before "--") shows its help. */
static int wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

/* What goes into one file: the report in its format, or a picture of it. */
typedef int (*render_fn)(const struct gp_ctx *ctx, const struct report_doc *doc, FILE *f);

static int render_report(const struct gp_ctx *ctx, const struct report_doc *doc, FILE *f)
{
	(void)doc;
	return report_emit(&ctx->report, ctx->format, f);
}

static int render_svg(const struct gp_ctx *ctx, const struct report_doc *doc, FILE *f)
{
	return report_emit_svg(&ctx->report, doc, f);
}

static int render_html(const struct gp_ctx *ctx, const struct report_doc *doc, FILE *f)
{
	return report_emit_html(&ctx->report, doc, f);
}

/* One output ("-" for stdout), written whole or not at all where it is a file (util/outfile.h). */
static int write_output(const char *path, render_fn render, const struct gp_ctx *ctx,
			const struct report_doc *doc)
{
	struct outfile o;
	int rc = outfile_open(&o, path);

	if (rc)
		return rc;
	errno = 0;
	if (render(ctx, doc, o.f)) {
		int e = errno ? errno : EIO;
		outfile_abort(&o);
		if (!strcmp(path, "-"))
			return outfile_stdout_failed(e);
		return gp_error(GP_EXIT_FAIL, "cannot write '%s': %s", path, strerror(e));
	}
	return outfile_commit(&o);
}

/* The command line as typed, each word quoted where a shell would need it. */
static char *command_line(int argc, char **argv)
{
	char *words = shell_join(argv + 1, argc - 1);
	char *s = gp_xasprintf("gpuperf%s%s", *words ? " " : "", words);

	free(words);
	return s;
}

/* --plot FILE.svg and all --html FILE, before stdout: a failure leaves stdout empty. */
static int emit_pictures(const struct gp_ctx *ctx, int argc, char **argv)
{
	struct report_doc doc = { .version = GP_VERSION };
	char dev[320], cc[16], host[256], date[64];
	time_t now = time(NULL);
	struct tm tm;
	int rc = 0;

	if (!ctx->plot_path && !ctx->html_path)
		return 0;
	if (ctx->plot_path && !report_plot_count(&ctx->report))
		return gp_error(GP_EXIT_FAIL, "--plot: the results hold no sweep of two points or "
				"more to draw; '%s' not written", ctx->plot_path);
	if (ctx->ndevices > 1) {
		snprintf(dev, sizeof(dev), "%zu devices, each in its own section", ctx->ndevices);
		doc.device = dev;
	} else if (ctx->have_dev) {
		snprintf(dev, sizeof(dev), "%s, CC %s", ctx->dev.name,
			 dev_cc_string(&ctx->dev, cc, sizeof(cc)));
		doc.device = dev;
	} else {
		doc.device = ctx->report.device;  /* one the command learnt of (profile's program's) */
	}
	if (!gethostname(host, sizeof(host))) {
		host[sizeof(host) - 1] = '\0';
		doc.host = host;
	}
	if (localtime_r(&now, &tm) && strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S %z", &tm))
		doc.date = date;
	doc.command_line = command_line(argc, argv);
	if (ctx->plot_path)
		rc = write_output(ctx->plot_path, render_svg, ctx, &doc);
	if (!rc && ctx->html_path)
		rc = write_output(ctx->html_path, render_html, ctx, &doc);
	free((char *)doc.command_line);
	return rc;
}

static int emit(const struct gp_ctx *ctx, const struct gp_cmd *cmd)
{
	if (!ctx->output_path && (cmd->flags & CMD_REPORT_STDERR)) {
		/* beside gpuperf's messages; a failure there cannot be said anywhere */
		if (report_emit(&ctx->report, ctx->format, stderr) || fflush(stderr) || ferror(stderr))
			return GP_EXIT_FAIL;
		return 0;
	}
	return write_output(ctx->output_path ? ctx->output_path : "-", render_report, ctx, NULL);
}

/*
 * Hidden requests for shell completion and the docs tests, all from the
 * command table:
 *   --list-commands          one command name per line
 *   --list-options [CMD]     CMD's long options (the global ones without CMD)
 *   --list-defaults [CMD]    "--option<TAB>default" for each option that has one
 *   --list-values [CMD] OPT  the values OPT takes from a fixed set; FILE for a path,
 *                            VALUE for a value without a fixed set (auto for N|auto,
 *                            all for -d, the architectures' names for --arch and
 *                            compute capabilities for --cc), nothing for a flag
 *   --list-columns CMD       the columns of CMD's CSV/JSON table
 *   --list-operands CMD      FILE when CMD takes files as operands (diff), PROGRAM
 *                            when a program and its arguments follow (profile -- CMD),
 *                            else nothing
 *   --list-plots             what plots, one command a line ("occupancy --sweep
 *                            threads|regs|smem"), as --plot's error lists them
 */
/* FILE for a path, VALUE for a value without a fixed set (auto where it may be auto), nothing for a flag. */
static void list_values(const struct gp_option *o)
{
	if (o->flags & GP_OPT_FILE)
		printf("FILE\n");
	else if (o->flags & GP_OPT_AUTO)
		printf("auto\n");  /* a number too: nothing to offer for it */
	else if (o->flags & GP_OPT_ALL)
		printf("all\n");   /* and device numbers, which only a GPU knows */
	else if (o->flags & (GP_OPT_ARCH | GP_OPT_CC))
		for (size_t i = 0; i < sm_narchs; i++)
			if (o->flags & GP_OPT_ARCH)
				printf("%s\n", sm_archs[i].name);
			else
				printf("%d.%d\n", sm_archs[i].major, sm_archs[i].minor);
	else if (o->type != GP_OPT_FLAG && !o->choices)
		printf("VALUE\n");
	for (size_t i = 0; o->choices && o->choices[i]; i++)
		printf("%s\n", o->choices[i]);
	if (o->type == GP_OPT_CHOICES)
		printf("all\n");
}

static int list_request(int argc, char **argv, int *status)
{
	const char *what = argv[1];
	const struct gp_option *o = gp_global_options;
	const struct gp_cmd *cmd = NULL;
	const char *opt = NULL;

	if (!strcmp(what, "--list-commands") || !strcmp(what, "--list-plots")) {
		int plots = !strcmp(what, "--list-plots");

		for (size_t i = 0; i < gp_ncommands; i++) {
			const char *line = plots ? gp_commands[i]->plots : gp_commands[i]->name;
			if (line)
				printf("%s\n", line);
		}
		*status = 0;
		return 1;
	}
	if (strcmp(what, "--list-columns") && strcmp(what, "--list-options") &&
	    strcmp(what, "--list-defaults") && strcmp(what, "--list-values") &&
	    strcmp(what, "--list-operands"))
		return 0;
	if (argc > 2 && (strcmp(what, "--list-values") || argc > 3)) {
		cmd = cmd_lookup(argv[2]);
		if (!cmd) {
			*status = unknown_command(argv[2]);
			return 1;
		}
		o = cmd->options;
	}
	*status = 0;
	if (!strcmp(what, "--list-columns")) {
		for (size_t i = 0; cmd && i < cmd->ncolumns; i++)
			printf("%s\n", cmd->columns[i].name);
		return 1;
	}
	if (!strcmp(what, "--list-operands")) {
		if (cmd && (cmd->flags & CMD_TAKES_OPERANDS))
			printf("FILE\n");
		else if (cmd && (cmd->flags & CMD_TAKES_PROGRAM))
			printf("PROGRAM\n");
		return 1;
	}
	if (!strcmp(what, "--list-values"))
		opt = argv[argc - 1] + strspn(argv[argc - 1], "-");
	for (; o && o->name; o++) {
		if (!strcmp(what, "--list-options"))
			printf("--%s\n", o->name);
		else if (!strcmp(what, "--list-defaults") && o->def)
			printf("--%s\t%s\n", o->name, o->def);
		else if (opt && (!strcmp(o->name, opt) || (opt[0] && !opt[1] && o->short_name == opt[0])))
			list_values(o);
	}
	return 1;
}

/* "info, bandwidth, ..., all" from the command table. */
static void print_command_names(FILE *out)
{
	for (size_t i = 0; i < gp_ncommands; i++)
		fprintf(out, "%s%s", gp_commands[i]->name, i + 1 < gp_ncommands ? ", " : ".\n");
}

static int run(struct gp_ctx *ctx, int argc, char **argv)
{
	struct opt_iter it;
	const struct gp_cmd *cmd;
	int id, status, first;

	if (argc >= 2 && list_request(argc, argv, &status))
		return cli_finish(status);
	/* Global options before the command; getopt stops at the command name. */
	cli_options_begin(&it, ctx, NULL, argc, argv);
	while ((id = cli_next_option(&it)) > 0)
		;
	if (id < 0)
		return GP_EXIT_USAGE;
	first = optind;
	if (first >= argc) {
		fprintf(stderr, "usage: gpuperf [global options] COMMAND [command options]\nCommands: ");
		print_command_names(stderr);
		fprintf(stderr, "See 'gpuperf --help'.\n");
		return GP_EXIT_USAGE;
	}
	if (!strcmp(argv[first], "help"))
		return cli_finish(help_command(ctx, argc - first, argv + first));
	cmd = cmd_lookup(argv[first]);
	if (!cmd)
		return unknown_command(argv[first]);
	/* a program's own -h is its own: getopt sees gpuperf's, before the program */
	if (!(cmd->flags & CMD_TAKES_PROGRAM) && wants_help(argc - first, argv + first))
		return cli_finish(cli_help(ctx, cmd));

	cli_signals_install();
	status = cli_run(ctx, cmd, argc - first, argv + first);
	if (status == GP_EXIT_OK)
		status = emit_pictures(ctx, argc, argv);
	if (status == GP_EXIT_OK)
		status = emit(ctx, cmd);
	if (status != GP_EXIT_OK)
		return cli_finish(status);
	status = cli_finish(ctx->exit_status);
	/* killed by a signal, the program: gpuperf ends the same way, as a shell would see it */
	if (ctx->exit_signal && status == ctx->exit_status)
		cli_end_by_signal(ctx->exit_signal);
	return status;
}

int main(int argc, char **argv)
{
	struct gp_ctx ctx;
	int status;

	memset(&ctx, 0, sizeof(ctx));
	ctx.commands = gp_commands;
	ctx.ncommands = gp_ncommands;
	status = run(&ctx, argc, argv);
	report_free(&ctx.report);
	u64_list_free(&ctx.devices);
	return status;
}
