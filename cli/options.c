/*
 * Options: the global table, the iteration shared by every command (the
 * command's own options plus the global ones, accepted before or after
 * the command name), and cli_parse, which stores each option's value in
 * the command's argument struct as its row says.  Usage errors are
 * reported in one style, with a "did you mean" where a near option exists.
 */
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmd.h"
#include "cli/global.h"
#include "util/error.h"
#include "util/filter.h"
#include "util/parse.h"
#include "util/suggest.h"

/* getopt ids: the command's option i is CMD_ID + i, the global option j GOPT_FIRST + j. */
#define CMD_ID 256

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
	if (o->type != GP_OPT_FLAG)
		buf[len++] = ':';
	buf[len] = '\0';
}

void cli_options_begin(struct opt_iter *it, struct gp_ctx *ctx,
		       const struct gp_cmd *cmd, int argc, char **argv)
{
	const struct gp_option *own = cmd ? cmd->options : NULL;
	size_t n_own = count_options(own), n_glob = count_options(gp_global_options), k = 0;
	size_t n_was = 0;
	int stop_early = !cmd || (cmd->flags & CMD_TAKES_PROGRAM);

	for (size_t i = 0; i < n_own; i++)
		n_was += own[i].was != NULL;
	memset(it, 0, sizeof(*it));
	it->ctx = ctx;
	it->cmd = cmd;
	it->argc = argc;
	it->argv = argv;
	if (n_own > GP_OPT_MAX ||
	    n_own + n_was + n_glob >= sizeof(it->longopts) / sizeof(it->longopts[0])) {
		fprintf(stderr, "gpuperf: BUG: too many options for '%s'\n", cmd ? cmd->name : "");
		abort();
	}
	/* "+" stops at the first argument that is not an option: the command name, or a program. */
	snprintf(it->shortopts, sizeof(it->shortopts), "%s:", stop_early ? "+" : "");
	for (size_t i = 0; i < n_own; i++, k++) {
		it->longopts[k] = (struct option){ own[i].name,
			own[i].type == GP_OPT_FLAG ? no_argument : required_argument, NULL,
			CMD_ID + (int)i };
		add_short(it->shortopts, sizeof(it->shortopts), &own[i]);
	}
	it->nown = k;
	for (size_t i = 0; i < n_own; i++)
		if (own[i].was)
			it->longopts[k++] = (struct option){ own[i].was,
				own[i].type == GP_OPT_FLAG ? no_argument : required_argument, NULL,
				CMD_ID + (int)i };
	for (size_t i = 0; i < n_glob; i++, k++) {
		const struct gp_option *g = &gp_global_options[i];
		it->longopts[k] = (struct option){ g->name,
			g->type == GP_OPT_FLAG ? no_argument : required_argument, NULL, GOPT_FIRST + (int)i };
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
			return CMD_ID + (int)i;
	for (size_t i = 0; gp_global_options[i].name; i++)
		if (gp_global_options[i].short_name == c)
			return GOPT_FIRST + (int)i;
	return c;
}

int cli_check_regex(const char *opt, const char *text, const void *field)
{
	struct prof_filter f;
	char err[256];

	(void)field;
	if (prof_filter_init(&f, text, err, sizeof(err)))
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is not a regular expression: %s", opt, text, err);
	prof_filter_free(&f);
	return 0;
}

/* "-t is profile's --top": short option c of another command, or NULL. */
static char *elsewhere(const struct opt_iter *it, int c)
{
	for (size_t i = 0; it->ctx && i < it->ctx->ncommands; i++) {
		const struct gp_cmd *other = it->ctx->commands[i];

		for (const struct gp_option *o = other->options; o && o->name; o++)
			if (o->short_name == c && other != it->cmd)
				return gp_xasprintf("-%c is %s's --%s", c, other->name, o->name);
	}
	return NULL;
}

static int unknown_option(struct opt_iter *it)
{
	const char *where = it->cmd ? it->cmd->name : NULL;
	char name[128];
	const char *bad = it->argv[optind - 1], *best;
	const char **cands;
	char *other;
	size_t n = 0;

	if (optopt && optopt < 256 && bad[0] == '-' && bad[1] != '-')
		snprintf(name, sizeof(name), "-%c", optopt);
	else
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(bad, "="), bad);
	cands = gp_xcalloc(count_options(it->cmd ? it->cmd->options : NULL) +
			   count_options(gp_global_options) + 1, sizeof(*cands));
	for (size_t i = 0; it->longopts[i].name; i++)
		cands[n++] = it->longopts[i].name;
	if (name[0] == '-' && name[1] == '-' && name[2]) {
		/* getopt_long says '?' alike for a prefix of several long names: name them */
		size_t len = strlen(name + 2), nmatch = 0, left;
		char list[1024] = "";
		for (size_t i = 0; i < n; i++)
			nmatch += !strncmp(cands[i], name + 2, len);
		left = nmatch;
		for (size_t i = 0; nmatch > 1 && i < n; i++) {
			size_t used = strlen(list);
			if (strncmp(cands[i], name + 2, len))
				continue;
			left--;
			snprintf(list + used, sizeof(list) - used, "%s'--%s'",
				 left + 1 == nmatch ? "" : left ? ", " : " or ", cands[i]);
		}
		if (nmatch > 1) {
			gp_error(GP_EXIT_USAGE, "option '%s'%s%s is ambiguous: it could be %s", name,
				 where ? " for " : "", where ? where : "", list);
			free(cands);
			return -1;
		}
	}
	best = name[0] == '-' && name[1] == '-' ? suggest(name + 2, cands, n) : NULL;
	other = name[0] == '-' && name[1] != '-' ? elsewhere(it, optopt) : NULL;
	if (other)
		gp_error(GP_EXIT_USAGE, "unknown option '%s'%s%s (%s; see 'gpuperf %s%s--help')",
			 name, where ? " for " : "", where ? where : "", other, where ? where : "",
			 where ? " " : "");
	else if (best)
		gp_error(GP_EXIT_USAGE, "unknown option '%s'%s%s; did you mean '--%s'?", name,
			 where ? " for " : "", where ? where : "", best);
	else
		gp_error(GP_EXIT_USAGE, "unknown option '%s'%s%s (see 'gpuperf %s%s--help')", name,
			 where ? " for " : "", where ? where : "", where ? where : "",
			 where ? " " : "");
	free(other);
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

/*
 * Option i of table is on the line, with the options of *given before it:
 * refuse it beside the one it excludes (either row may say so).  A
 * repeated option is fine: the last value stands, as in git.
 */
static int exclusive(const struct gp_option *table, size_t i, uint64_t *given)
{
	for (size_t j = 0; table[j].name; j++) {
		int clash = (table[i].excludes && !strcmp(table[i].excludes, table[j].name)) ||
			    (table[j].excludes && !strcmp(table[j].excludes, table[i].name));
		if (j != i && clash && (*given >> j & 1))
			return gp_error(GP_EXIT_USAGE, "--%s and --%s exclude each other",
					table[j].name, table[i].name);
	}
	*given |= 1ull << i;
	return 0;
}

/*
 * The next option of the command: its id (CMD_ID + row) with the value in
 * it->arg, 0 at the end, or -1 on a usage error (message printed).  Global
 * options are handled here and not returned.
 */
int cli_next_option(struct opt_iter *it)
{
	for (;;) {
		int idx = -1;
		int c = getopt_long(it->argc, it->argv, it->shortopts, it->longopts, &idx);

		it->arg = optarg;
		if (c >= CMD_ID && c < GOPT_FIRST && idx >= (int)it->nown)
			gp_note("%s --%s is now --%s; the old name goes in the next release",
				it->cmd->name, it->longopts[idx].name, it->cmd->options[c - CMD_ID].name);
		if (c == -1) {
			if (it->cmd && optind < it->argc &&
			    !(it->cmd->flags & (CMD_TAKES_PROGRAM | CMD_TAKES_OPERANDS))) {
				gp_error(GP_EXIT_USAGE, "unexpected argument '%s' for %s", it->argv[optind],
					 it->cmd->name);
				return -1;
			}
			return 0;
		}
		if (c == '?' || c == ':') {
			return c == '?' ? unknown_option(it) : missing_value(it);
		}
		if (c < CMD_ID)
			c = short_to_id(it, c);
		if (c >= GOPT_FIRST) {
			if (c == GOPT_HELP || c == GOPT_VERSION) {
				/* Help and version end the run, whatever else is on the line. */
				exit(cli_finish(c == GOPT_HELP ? cli_help(it->ctx, it->cmd) : cli_version()));
			}
			if (exclusive(gp_global_options, (size_t)(c - GOPT_FIRST), &it->ctx->globals_given) ||
			    cli_global_option(it->ctx, c, optarg))
				return -1;
			continue;
		}
		return c;
	}
}

int cli_global_option(struct gp_ctx *ctx, int id, const char *arg)
{
	int mode;

	switch (id) {
	case GOPT_DEVICE:
		u64_list_free(&ctx->devices);
		ctx->all_devices = !strcmp(arg, "all");
		if (ctx->all_devices)
			return 0;
		if (parse_list("--device", arg, PARSE_COUNT, 0, 1023, &ctx->devices))
			return GP_EXIT_USAGE;
		ctx->device_index = (int)ctx->devices.v[0];
		if (ctx->devices.n == 1)
			u64_list_free(&ctx->devices);  /* one device: the usual path */
		return 0;
	case GOPT_CSV:
		ctx->format = REPORT_CSV;
		return 0;
	case GOPT_JSON:
		ctx->format = REPORT_JSON;
		return 0;
	case GOPT_OUTPUT:
		ctx->output_path = arg;
		return cli_check_out_path("--output", arg, NULL);
	case GOPT_PLOT: {
		static const char *const svg[] = { ".svg", NULL };
		ctx->plot_path = arg;
		return cli_check_out_path("--plot", arg, svg);
	}
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
		/* enum counters_mode lists AUTO, OFF, REQUIRE in the order of the row's choices */
		if (parse_choice("--counters", arg, gp_global_options[GOPT_COUNTERS - GOPT_FIRST].choices, &mode))
			return GP_EXIT_USAGE;
		ctx->counters = (enum counters_mode)mode;
		return 0;
	}
	return gp_error(GP_EXIT_USAGE, "BUG: unhandled global option %d", id);
}

/* ---- values into the argument struct ---- */

/* "1, 2, 4, 8 or 16" */
static const char *choice_words(const char *const *choices, char *buf, size_t n)
{
	size_t k = 0, used = 0;

	while (choices[k])
		k++;
	buf[0] = '\0';
	for (size_t i = 0; i < k && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s",
					 i == 0 ? "" : i + 1 == k ? " or " : ", ", choices[i]);
	return buf;
}

static int is_choice(const char *const *choices, uint64_t v)
{
	char text[32];

	snprintf(text, sizeof(text), "%llu", (unsigned long long)v);
	for (size_t i = 0; choices[i]; i++)
		if (!strcmp(choices[i], text))
			return 1;
	return 0;
}

static int not_a_choice(const char *opt, const char *text, const char *const *choices)
{
	char words[256];

	return gp_error(GP_EXIT_USAGE, "%s: '%s' is not %s", opt, text,
			choice_words(choices, words, sizeof(words)));
}

/* Store text as o's value in field; 0 or GP_EXIT_USAGE. */
static int store(const struct gp_option *o, const char *text, void *field)
{
	char opt[64];
	uint64_t v;
	int rc, i;

	snprintf(opt, sizeof(opt), "--%s", o->name);
	if ((o->flags & GP_OPT_AUTO) && !strcmp(text, "auto")) {
		if (o->type == GP_OPT_U64)
			*(uint64_t *)field = 0;
		else
			*(int *)field = 0;
		return 0;
	}
	switch (o->type) {
	case GP_OPT_FLAG:
		*(int *)field = 1;
		return 0;
	case GP_OPT_INT:
		if ((rc = parse_uint(opt, text, o->min, o->max, &v)))
			return rc;
		if (o->choices && !is_choice(o->choices, v))
			return not_a_choice(opt, text, o->choices);
		*(int *)field = (int)v;
		return 0;
	case GP_OPT_U64:
		return parse_uint(opt, text, o->min, o->max, (uint64_t *)field);
	case GP_OPT_SIZE: {
		int decimal = 0;
		if ((rc = parse_size_as(opt, text, o->min, o->max, (uint64_t *)field,
					!!(o->flags & GP_OPT_KIB), &decimal)))
			return rc;
		if ((o->flags & GP_OPT_KIB) && decimal)
			gp_note("%s %s: taken as %llu B (KB, MB as powers of 1024, as CUDA counts "
				"shared memory)", opt, text, (unsigned long long)*(uint64_t *)field);
		return 0;
	}
	case GP_OPT_DOUBLE:
		return parse_double(opt, text, (double)o->min, (double)o->max, (double *)field);
	case GP_OPT_LIST:
	case GP_OPT_SIZE_LIST: {
		struct u64_list *l = field, got = { 0 };

		rc = parse_list(opt, text, o->type == GP_OPT_LIST ? PARSE_COUNT : PARSE_SIZE,
				o->min, o->max, &got);
		if (rc)
			return rc;
		for (size_t k = 0; o->choices && k < got.n; k++)
			if (!is_choice(o->choices, got.v[k])) {
				char item[32];
				snprintf(item, sizeof(item), "%llu", (unsigned long long)got.v[k]);
				u64_list_free(&got);
				return not_a_choice(opt, item, o->choices);
			}
		u64_list_free(l);
		*l = got;
		return 0;
	}
	case GP_OPT_CHOICE:
		if ((rc = parse_choice(opt, text, o->choices, &i)))
			return rc;
		*(int *)field = (o->flags & GP_OPT_NUMBER) ? atoi(o->choices[i]) : i;
		return 0;
	case GP_OPT_CHOICES:
		return parse_choices(opt, text, o->choices, (unsigned *)field);
	case GP_OPT_STRING:
		*(const char **)field = text;
		return 0;
	}
	return gp_error(GP_EXIT_USAGE, "BUG: %s has no type", opt);
}

static int store_checked(const struct gp_option *o, const char *text, void *args)
{
	void *field = (char *)args + o->offset;
	char opt[64];
	int rc = store(o, text, field);

	snprintf(opt, sizeof(opt), "--%s", o->name);
	return rc ? rc : o->check ? o->check(opt, text, field) : 0;
}

int cli_parse(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv,
	      void *args, struct gp_args *given)
{
	const struct gp_option *o = cmd->options;
	struct opt_iter it;
	int id, rc;

	memset(given, 0, sizeof(*given));
	for (size_t i = 0; o && o[i].name; i++)
		if (o[i].def && (rc = store_checked(&o[i], o[i].def, args)))
			return rc;  /* a bad default is a bug the tests catch */
	cli_options_begin(&it, ctx, cmd, argc, argv);
	while ((id = cli_next_option(&it)) > 0) {
		size_t i = (size_t)(id - CMD_ID);

		if ((rc = exclusive(o, i, &given->given)) ||
		    (rc = store_checked(&o[i], it.arg ? it.arg : "", args)))
			return rc;
	}
	if (id < 0)
		return GP_EXIT_USAGE;
	if (cmd->flags & (CMD_TAKES_PROGRAM | CMD_TAKES_OPERANDS)) {
		given->rest = argv + optind;
		given->nrest = argc - optind;
	}
	if (cmd->check && (rc = cmd->check(ctx, given, args)))
		return rc;
	return cli_check_plot(ctx, cmd, args);
}

size_t cli_option_index(const struct gp_cmd *cmd, const char *name)
{
	for (size_t i = 0; cmd->options && cmd->options[i].name; i++)
		if (!strcmp(cmd->options[i].name, name))
			return i;
	fprintf(stderr, "gpuperf: BUG: %s has no option --%s\n", cmd->name, name);
	abort();
}

int cli_given(const struct gp_cmd *cmd, const struct gp_args *given, const char *name)
{
	return (given->given >> cli_option_index(cmd, name)) & 1;
}

void cli_free_args(const struct gp_cmd *cmd, void *args)
{
	for (size_t i = 0; cmd->options && cmd->options[i].name; i++) {
		const struct gp_option *o = &cmd->options[i];
		if (o->type == GP_OPT_LIST || o->type == GP_OPT_SIZE_LIST)
			u64_list_free((struct u64_list *)((char *)args + o->offset));
	}
	if (cmd->free_args)
		cmd->free_args(args);
}
