/*
 * The steps of a command, run in order: parse (cli_parse and the
 * command's check), measure, then tabulate into ctx->report.  main()
 * renders the report; `gpuperf all` keeps each step's results for its
 * summary and tabulates them itself.
 */
#include <stdlib.h>
#include "cli/cmd.h"
#include "util/error.h"

int cli_measure(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv,
		void **results)
{
	void *args = gp_xcalloc(1, cmd->args_size ? cmd->args_size : 1);
	void *res = gp_xcalloc(1, cmd->results_size ? cmd->results_size : 1);
	struct gp_args given;
	int rc;

	rc = cli_parse(ctx, cmd, argc, argv, args, &given);
	ctx->no_gpu_hint = cmd->no_gpu_hint;
	if (!rc)
		rc = cmd->measure(ctx, args, res);
	cli_free_args(cmd, args);
	free(args);
	if (rc) {
		cli_free_results(cmd, res);
		res = NULL;
	}
	*results = res;
	return rc;
}

void cli_free_results(const struct gp_cmd *cmd, void *results)
{
	if (results && cmd->free_results)
		cmd->free_results(results);
	free(results);
}

int cli_run(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv)
{
	void *res;
	int rc = cli_measure(ctx, cmd, argc, argv, &res);

	if (!rc)
		cmd->tabulate(&ctx->report, ctx->have_dev ? &ctx->dev : NULL, res);
	cli_free_results(cmd, res);
	return rc;
}
