/*
 * -o, --plot and --html (all, profile), the checks made while parsing: a path that
 * cannot be written, or a command line that makes no sweep, is a usage
 * error before anything is measured, never a failure at the end of a run.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cmd.h"
#include "util/error.h"
#include "util/outpath.h"

static int ends_in(const char *s, const char *ext)
{
	size_t n = strlen(s), k = strlen(ext);

	return n > k && !strcasecmp(s + n - k, ext);
}

int cli_check_out_path(const char *opt, const char *path, const char *const *exts)
{
	struct outpath w;
	int err, ok = !exts, rc = 0;

	if (!*path)
		return gp_error(GP_EXIT_USAGE, "%s: empty file name", opt);
	err = outpath_resolve(path, &w);
	if (err == EISDIR)
		rc = gp_error(GP_EXIT_USAGE, "%s: '%s' is a directory", opt, path);
	else if (err && w.kind == OUTPATH_NEW)
		rc = gp_error(GP_EXIT_USAGE, "%s: cannot write in '%s': %s", opt, w.dir, strerror(err));
	else if (err)
		rc = gp_error(GP_EXIT_USAGE, "%s: cannot write '%s': %s", opt, path, strerror(err));
	if (rc || (w.kind != OUTPATH_NEW && w.kind != OUTPATH_REPLACE)) {
		/* a FIFO, a device, /dev/stdout: whatever its name, gpuperf writes into it */
		outpath_free(&w);
		return rc;
	}
	for (size_t i = 0; exts && exts[i]; i++)
		ok |= ends_in(path, exts[i]);
	if (!ok)
		rc = gp_error(GP_EXIT_USAGE, "%s: '%s' does not end in %s (the format gpuperf writes)",
			      opt, path, exts[0]);
	/* a shell's > opens the file itself: one the user may not write is refused, not replaced */
	else if (w.kind == OUTPATH_REPLACE && faccessat(AT_FDCWD, w.file, W_OK, AT_EACCESS))
		rc = gp_error(GP_EXIT_USAGE, "%s: cannot write '%s': %s", opt, path, strerror(errno));
	/* the temporary file goes beside the file the path resolves to, then is renamed over it */
	else if (access(w.dir, W_OK | X_OK))
		rc = gp_error(GP_EXIT_USAGE, "%s: cannot write in '%s': %s", opt, w.dir, strerror(errno));
	outpath_free(&w);
	return rc;
}

/* Two names of one regular file (links, "./x"); devices and FIFOs may be shared. */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (!strcmp(a, b))
		return 1;
	return !stat(a, &sa) && !stat(b, &sb) && S_ISREG(sa.st_mode) && S_ISREG(sb.st_mode) &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int cli_check_apart(const struct gp_ctx *ctx, const char *opt, const char *path)
{
	const char *out = ctx->output_path ? ctx->output_path : "-";

	if (!same_file(path, out))
		return 0;
	if (!strcmp(path, "-"))
		return gp_error(GP_EXIT_USAGE, "%s -: the report goes to standard output; "
				"give -o FILE for it", opt);
	return gp_error(GP_EXIT_USAGE, "%s and --output name the same file '%s'", opt, path);
}

int cli_check_html(struct gp_ctx *ctx, const char *path)
{
	static const char *const html[] = { ".html", ".htm", NULL };
	int rc;

	if (!path)
		return 0;
	if ((rc = cli_check_out_path("--html", path, html)))
		return rc;
	if ((rc = cli_check_apart(ctx, "--html", path)))
		return rc;
	ctx->html_path = path;
	return 0;
}

/* "occupancy --sweep threads|regs|smem, bandwidth --size RANGE, ..." from the command table. */
static char *plotting_commands(const struct gp_ctx *ctx)
{
	char *list = gp_xstrdup(""), *next;

	for (size_t i = 0; i < ctx->ncommands; i++) {
		if (!ctx->commands[i]->plots)
			continue;
		next = gp_xasprintf("%s%s%s", list, *list ? ", " : "", ctx->commands[i]->plots);
		free(list);
		list = next;
	}
	return list;
}

int cli_check_plot(const struct gp_ctx *ctx, const struct gp_cmd *cmd, const void *args)
{
	const char *why;
	char *list;

	if (!ctx->plot_path)
		return 0;
	if (cli_check_apart(ctx, "--plot", ctx->plot_path))
		return GP_EXIT_USAGE;
	why = cmd->no_plot ? cmd->no_plot(args) : NULL;
	if (cmd->no_plot && !why)
		return 0;
	list = plotting_commands(ctx);
	if (why)
		gp_error(GP_EXIT_USAGE, "--plot: %s; commands that plot: %s", why, list);
	else
		gp_error(GP_EXIT_USAGE, "--plot: %s has no sweep to draw; commands that plot: %s",
			 cmd->name, list);
	free(list);
	return GP_EXIT_USAGE;
}
