/*
 * The command table's promises, checked on every row: options with a
 * type, a field and a default that parses; columns all named, once.
 */
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "tests/unit/unit.h"

static void check_columns(const struct gp_cmd *c)
{
	int named = 1, unique = 1;

	for (size_t i = 0; i < c->ncolumns; i++) {
		named &= c->columns[i].name != NULL && c->columns[i].header != NULL;
		for (size_t j = 0; named && j < i; j++)
			unique &= strcmp(c->columns[i].name, c->columns[j].name) != 0;
	}
	ok(c->ncolumns > 0 && named, "%s: all %zu columns have a name and a header", c->name,
	   c->ncolumns);
	ok(unique, "%s: no column name twice", c->name);
}

/* Parsing no options at all stores every default: a bad default would fail here. */
static void check_defaults(const struct gp_cmd *c)
{
	void *args = calloc(1, c->args_size ? c->args_size : 1);
	/* a command that runs a program is given one, one that reads files two */
	char *argv[] = { (char *)c->name, "--", "true", "true", NULL };
	int argc = c->flags & CMD_TAKES_PROGRAM ? 3 : c->flags & CMD_TAKES_OPERANDS ? 4 : 1;
	struct gp_ctx ctx;
	struct gp_args given;
	int rc, rows_ok = 1;

	for (const struct gp_option *o = c->options; o && o->name; o++) {
		rows_ok &= o->help != NULL && strlen(o->name) > 1;
		rows_ok &= o->type == GP_OPT_FLAG || o->arg != NULL;
		rows_ok &= (o->type != GP_OPT_CHOICE && o->type != GP_OPT_CHOICES) || o->choices;
		rows_ok &= o->offset < (c->args_size ? c->args_size : 1);
	}
	ok(rows_ok, "%s: every option has help, a placeholder, its choices and a field", c->name);
	memset(&ctx, 0, sizeof(ctx));
	ctx.commands = gp_commands;  /* as main() sets it: all and check find their steps there */
	ctx.ncommands = gp_ncommands;
	rc = cli_parse(&ctx, c, argc, argv, args, &given);
	/* occupancy needs --threads and --regs; every other command parses bare */
	ok(rc == 0 || !strcmp(c->name, "occupancy"), "%s: the defaults parse (%d)", c->name, rc);
	cli_free_args(c, args);
	free(args);
}

int main(void)
{
	for (size_t i = 0; i < gp_ncommands; i++) {
		const struct gp_cmd *c = gp_commands[i];

		check_columns(c);
		check_defaults(c);
		ok(c->measure && c->tabulate, "%s: has its measure and tabulate steps", c->name);
		ok(cmd_lookup(c->name) == c, "%s: found by name", c->name);
	}
	return done_testing();
}
