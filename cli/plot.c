/*
 * --plot and all --html, the checks made while parsing: a path that
 * cannot be written, or a command line that makes no sweep, is a usage
 * error before anything is measured, never a failure at the end of a run.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cmd.h"
#include "util/error.h"

static int ends_in(const char *s, const char *ext)
{
	size_t n = strlen(s), k = strlen(ext);

	return n > k && !strcasecmp(s + n - k, ext);
}

int cli_check_out_path(const char *opt, const char *path, const char *const *exts)
{
	char *dir, *slash;
	struct stat st;
	int ok = 0;

	if (!*path)
		return gp_error(GP_EXIT_USAGE, "%s: empty file name", opt);
	for (size_t i = 0; exts[i]; i++)
		ok |= ends_in(path, exts[i]);
	if (!ok)
		return gp_error(GP_EXIT_USAGE, "%s: '%s' does not end in %s (the format gpuperf writes)",
				opt, path, exts[0]);
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is a directory", opt, path);
	/* the temporary file goes beside the named one, then is renamed over it */
	dir = gp_xstrdup(strchr(path, '/') ? path : "./");
	slash = strrchr(dir, '/');
	slash[slash == dir] = '\0';  /* "/x.svg" keeps "/" */
	if (access(dir, W_OK | X_OK)) {
		int e = errno;
		gp_error(GP_EXIT_USAGE, "%s: cannot write in '%s': %s", opt, dir, strerror(e));
		free(dir);
		return GP_EXIT_USAGE;
	}
	free(dir);
	return 0;
}

/* "occupancy --sweep threads|regs|smem, bandwidth --size RANGE, ..." from the command table. */
static char *plotting_commands(void)
{
	char *list = gp_xstrdup(""), *next;

	for (size_t i = 0; i < gp_ncommands; i++) {
		if (!gp_commands[i]->plots)
			continue;
		next = gp_xasprintf("%s%s%s", list, *list ? ", " : "", gp_commands[i]->plots);
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
	if (ctx->output_path && !strcmp(ctx->output_path, ctx->plot_path))
		return gp_error(GP_EXIT_USAGE, "--plot and --output name the same file '%s'",
				ctx->plot_path);
	why = cmd->no_plot ? cmd->no_plot(args) : NULL;
	if (cmd->no_plot && !why)
		return 0;
	list = plotting_commands();
	if (why)
		gp_error(GP_EXIT_USAGE, "--plot: %s; commands that plot: %s", why, list);
	else
		gp_error(GP_EXIT_USAGE, "--plot: %s has no sweep to draw; commands that plot: %s",
			 cmd->name, list);
	free(list);
	return GP_EXIT_USAGE;
}
