/*
 * Option iteration shared by every command: the command's own options
 * plus the global ones, which are accepted before or after the command
 * name and handled here.  Usage errors are reported in one style, with a
 * "did you mean" where a near option exists.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmd.h"
#include "cli/global.h"
#include "util/error.h"
#include "util/parse.h"
#include "util/suggest.h"

const struct gp_option gp_global_options[] = {
	{ "device", 'd', required_argument, "N", "GPU to use, as CUDA numbers them (default 0)", GOPT_DEVICE },
	{ "csv", 0, no_argument, NULL, "print results as CSV (RFC 4180)", GOPT_CSV },
	{ "json", 0, no_argument, NULL, "print results as a JSON array of objects", GOPT_JSON },
	{ "output", 'o', required_argument, "FILE", "write results to FILE, whole or not at all", GOPT_OUTPUT },
	{ "quiet", 'q', no_argument, NULL, "no notes or progress on stderr (errors and warnings stay)", GOPT_QUIET },
	{ "verbose", 'v', no_argument, NULL, "more detail on stderr", GOPT_VERBOSE },
	{ "no-counters", 0, no_argument, NULL, "do not read hardware counters (same as --counters=off)", GOPT_NO_COUNTERS },
	{ "counters", 0, required_argument, "MODE", "auto, off, or require (exit 4 when unavailable)", GOPT_COUNTERS },
	{ "help", 'h', no_argument, NULL, "show help and exit", GOPT_HELP },
	{ "version", 0, no_argument, NULL, "show the version and exit", GOPT_VERSION },
	{ NULL, 0, 0, NULL, NULL, 0 }
};

static size_t count_options(const struct gp_option *o)
{
	size_t n = 0;
	while (o && o[n].name)
		n++;
	return n;
}

static void add_short(char *buf, size_t n, const struct gp_option *o)
{
	size_t len = strlen(buf);
	if (!o->short_name || len + 3 >= n)
		return;
	buf[len++] = (char)o->short_name;
	if (o->has_arg == required_argument)
		buf[len++] = ':';
	buf[len] = '\0';
}

void cli_options_begin(struct opt_iter *it, struct gp_ctx *ctx,
		       const struct gp_cmd *cmd, int argc, char **argv)
{
	const struct gp_option *own = cmd ? cmd->options : NULL;
	size_t n_own = count_options(own), n_glob = count_options(gp_global_options), k = 0;

	memset(it, 0, sizeof(*it));
	it->ctx = ctx;
	it->cmd = cmd;
	it->argc = argc;
	it->argv = argv;
	if (n_own + n_glob >= sizeof(it->longopts) / sizeof(it->longopts[0])) {
		fprintf(stderr, "gpuperf: BUG: too many options for '%s'\n", cmd ? cmd->name : "");
		abort();
	}
	/* "+" stops at the command name when parsing the options before it. */
	snprintf(it->shortopts, sizeof(it->shortopts), "%s:", cmd ? "" : "+");
	for (size_t i = 0; i < n_own; i++, k++) {
		it->longopts[k] = (struct option){ own[i].name, own[i].has_arg, NULL, own[i].id };
		add_short(it->shortopts, sizeof(it->shortopts), &own[i]);
	}
	for (size_t i = 0; i < n_glob; i++, k++) {
		const struct gp_option *g = &gp_global_options[i];
		it->longopts[k] = (struct option){ g->name, g->has_arg, NULL, g->id };
		add_short(it->shortopts, sizeof(it->shortopts), g);
	}
	optind = 0;  /* GNU getopt: start over, including its internal state */
	opterr = 0;
}

static int short_to_id(const struct opt_iter *it, int c)
{
	const struct gp_option *own = it->cmd ? it->cmd->options : NULL;

	for (size_t i = 0; own && own[i].name; i++)
		if (own[i].short_name == c)
			return own[i].id;
	for (size_t i = 0; gp_global_options[i].name; i++)
		if (gp_global_options[i].short_name == c)
			return gp_global_options[i].id;
	return c;
}

static int unknown_option(struct opt_iter *it)
{
	const char *where = it->cmd ? it->cmd->name : NULL;
	char name[128];
	const char *bad = it->argv[optind - 1], *best;
	const char **cands;
	size_t n = 0;

	if (optopt && optopt < 256 && bad[0] == '-' && bad[1] != '-')
		snprintf(name, sizeof(name), "-%c", optopt);
	else
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(bad, "="), bad);
	cands = gp_xcalloc(count_options(it->cmd ? it->cmd->options : NULL) +
			   count_options(gp_global_options) + 1, sizeof(*cands));
	for (size_t i = 0; it->longopts[i].name; i++)
		cands[n++] = it->longopts[i].name;
	best = name[0] == '-' && name[1] == '-' ? suggest(name + 2, cands, n) : NULL;
	if (best)
		gp_error(GP_EXIT_USAGE, "unknown option '%s'%s%s; did you mean '--%s'?", name,
			 where ? " for " : "", where ? where : "", best);
	else
		gp_error(GP_EXIT_USAGE, "unknown option '%s'%s%s (see 'gpuperf %s%s--help')", name,
			 where ? " for " : "", where ? where : "", where ? where : "",
			 where ? " " : "");
	free(cands);
	return -1;
}

static int missing_value(struct opt_iter *it)
{
	const char *bad = it->argv[optind - 1];
	if (optopt && optopt < 256 && bad[0] == '-' && bad[1] != '-')
		gp_error(GP_EXIT_USAGE, "option '-%c' needs a value", optopt);
	else
		gp_error(GP_EXIT_USAGE, "option '%s' needs a value", bad);
	return -1;
}

int cli_next_option(struct opt_iter *it)
{
	for (;;) {
		int c = getopt_long(it->argc, it->argv, it->shortopts, it->longopts, NULL);

		it->arg = optarg;
		if (c == -1) {
			if (it->cmd && optind < it->argc) {
				gp_error(GP_EXIT_USAGE, "unexpected argument '%s' for %s", it->argv[optind],
					 it->cmd->name);
				return -1;
			}
			return 0;
		}
		if (c == '?' || c == ':') {
			return c == '?' ? unknown_option(it) : missing_value(it);
		}
		if (c < 256)
			c = short_to_id(it, c);
		if (c >= GOPT_FIRST) {
			if (c == GOPT_HELP || c == GOPT_VERSION) {
				/* Help and version end the run, whatever else is on the line. */
				exit(cli_finish(c == GOPT_HELP ? cli_help(it->cmd) : cli_version()));
			}
			if (cli_global_option(it->ctx, c, optarg)) {
				return -1;
			}
			continue;
		}
		return c;
	}
}

int cli_global_option(struct gp_ctx *ctx, int id, const char *arg)
{
	static const char *const modes[] = { "auto", "off", "require", NULL };
	uint64_t dev;
	int mode;

	switch (id) {
	case GOPT_DEVICE:
		if (parse_uint("--device", arg, 0, 1023, &dev))
			return GP_EXIT_USAGE;
		ctx->device_index = (int)dev;
		return 0;
	case GOPT_CSV:
		ctx->format = REPORT_CSV;
		return 0;
	case GOPT_JSON:
		ctx->format = REPORT_JSON;
		return 0;
	case GOPT_OUTPUT:
		if (!*arg)
			return gp_error(GP_EXIT_USAGE, "--output: empty file name");
		ctx->output_path = arg;
		return 0;
	case GOPT_QUIET:
		gp_verbosity = -1;
		return 0;
	case GOPT_VERBOSE:
		gp_verbosity = 1;
		return 0;
	case GOPT_NO_COUNTERS:
		ctx->counters = COUNTERS_OFF;
		return 0;
	case GOPT_COUNTERS:
		/* enum counters_mode lists AUTO, OFF, REQUIRE in the order of modes[] */
		if (parse_choice("--counters", arg, modes, &mode))
			return GP_EXIT_USAGE;
		ctx->counters = (enum counters_mode)mode;
		return 0;
	}
	return gp_error(GP_EXIT_USAGE, "BUG: unhandled global option %d", id);
}
