/*
 * The steps of a command, run in order: parse (cli_parse and the
 * command's check), measure, then tabulate into ctx->report.  main()
 * renders the report; `gpuperf all` keeps each step's results for its
 * summary and tabulates them itself.  With -d LIST or -d all, the steps
 * run on each device in turn, never two at once, and the tables join.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "cli/cmd.h"
#include "model/trust.h"
#include "results/all.h"
#include "util/clock.h"
#include "util/compat.h"
#include "util/error.h"

/*
 * The watch around a measure step (CMD_WATCHED): created here, fed each
 * device as cli_open_device opens it, and summarised into the results
 * when the step ends; what it saw is said once on stderr, however many
 * steps (all) or devices (-d all) see the same thing.
 */
int cli_watch_before_open(struct gp_ctx *ctx, int index)
{
	struct trust_modes m;
	char bus[32], why[512];

	if (!ctx->watch || dev_bus_id(index, bus, sizeof(bus)) || watch_before_open(bus, &m))
		return 0;  /* opening says what is wrong, or nothing is known of the modes */
	if (trust_refusal(&m, ctx->command ? ctx->command : "", why, sizeof(why)))
		return gp_error(GP_EXIT_NODEV, "device %d: %s", index, why);
	return 0;
}

void cli_watch_opened(struct gp_ctx *ctx, const struct gp_device *d)
{
	if (ctx->watch)
		watch_add(ctx->watch, d->pci_bus_id);
}

/* A line on stderr unless the same was said before in this run. */
static void say_once(void (*say)(const char *, ...), const char *line)
{
	static char said[16][TRUST_LINE];
	static size_t nsaid;

	for (size_t i = 0; i < nsaid; i++)
		if (!strcmp(said[i], line))
			return;
	if (nsaid < 16)
		snprintf(said[nsaid++], TRUST_LINE, "%s", line);
	say("%s", line);
}

static void watch_done(struct gp_ctx *ctx, const struct gp_cmd *cmd, void *res, int ok)
{
	char lines[TRUST_MAX_WARNINGS][TRUST_LINE], where[64], line[TRUST_LINE];
	struct trust_summary s;
	size_t n;

	watch_finish(ctx->watch, &s);
	watch_free(ctx->watch);
	ctx->watch = NULL;
	if (!ok)
		return;
	memcpy((char *)res + cmd->watch_offset, &s, sizeof(s));
	if (!s.watched) {
		snprintf(line, sizeof(line), "watch: nothing read (%s): contended and throttled "
			 "left empty", s.why);
		say_once(gp_debug, line);
		return;
	}
	if (ctx->have_dev)
		snprintf(where, sizeof(where), "device %d", ctx->dev.index);
	else
		snprintf(where, sizeof(where), "the GPUs measured");
	n = trust_warnings(&s, where, lines, TRUST_MAX_WARNINGS);
	for (size_t i = 0; i < n; i++)
		say_once(gp_warn, lines[i]);
	if (trust_contended(&s) < 0) {
		snprintf(line, sizeof(line), "watch: %s: other processes cannot be told apart (%s): "
			 "contended left empty", where, s.procs == TRUST_PROCS_HIDDEN ?
			 "NVML's list lacks gpuperf itself: a PID namespace hides them" :
			 "NVML did not list the processes");
		say_once(gp_debug, line);
	}
}

int cli_measure(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv,
		void **results)
{
	void *args = gp_xcalloc(1, cmd->args_size ? cmd->args_size : 1);
	void *res = gp_xcalloc(1, cmd->results_size ? cmd->results_size : 1);
	struct gp_args given;
	int rc;

	rc = cli_parse(ctx, cmd, argc, argv, args, &given);
	ctx->no_gpu_hint = cmd->no_gpu_hint;
	if (!rc && (cmd->flags & CMD_WATCHED))
		ctx->watch = watch_new(WATCH_PERIOD_MS);
	if (!rc)
		rc = cmd->measure(ctx, args, res);
	if (ctx->watch)
		watch_done(ctx, cmd, res, !rc);
	cli_free_args(cmd, args);
	free(args);
	if (rc) {
		cli_free_results(cmd, res);
		res = NULL;
	}
	*results = res;
	return rc;
}

/* words into argv (CLI_LINE_MAX + 1 entries); the command, or NULL for an unknown one. */
static const struct gp_cmd *line_argv(const struct gp_ctx *ctx, const char *const *words,
				      char **argv, int *argc)
{
	*argc = 0;
	while (*argc < CLI_LINE_MAX && words[*argc]) {
		argv[*argc] = (char *)words[*argc];
		(*argc)++;
	}
	argv[*argc] = NULL;
	return cli_find_command(ctx, words[0]);
}

int cli_measure_line(struct gp_ctx *ctx, const char *const *words, void **results)
{
	char *argv[CLI_LINE_MAX + 1];
	int argc;
	const struct gp_cmd *cmd = line_argv(ctx, words, argv, &argc);

	*results = NULL;
	if (!cmd)
		return gp_error(GP_EXIT_FAIL, "BUG: a step of no command '%s'", words[0]);
	return cli_measure(ctx, cmd, argc, argv, results);
}

int cli_parse_line(struct gp_ctx *ctx, const char *const *words)
{
	char *argv[CLI_LINE_MAX + 1];
	int argc, rc;
	const struct gp_cmd *cmd = line_argv(ctx, words, argv, &argc);
	const char *plot = ctx->plot_path;
	struct gp_args given;
	void *args;

	if (!cmd)
		return gp_error(GP_EXIT_FAIL, "BUG: a step of no command '%s'", words[0]);
	args = gp_xcalloc(1, cmd->args_size ? cmd->args_size : 1);
	ctx->plot_path = NULL;  /* the command's own --plot, refused or not by its own rule */
	rc = cli_parse(ctx, cmd, argc, argv, args, &given);
	ctx->plot_path = plot;
	cli_free_args(cmd, args);
	free(args);
	return rc ? gp_error(GP_EXIT_FAIL, "BUG: the step '%s ...' does not parse", words[0]) : 0;
}

/* The wall clock as HH:MM:SS.mmm (UTC), for -v lines the lead can line up with other logs. */
static char *stamp(char *buf, size_t len)
{
	struct timeval tv;
	struct tm tm;

	gettimeofday(&tv, NULL);
	gmtime_r(&tv.tv_sec, &tm);
	snprintf(buf, len, "%02d:%02d:%02d.%03d", tm.tm_hour, tm.tm_min, tm.tm_sec,
		 (int)(tv.tv_usec / 1000));
	return buf;
}

/* -v: "all: step 3 of 10 (bandwidth --kernel read ...): 1.23 s, from 12:00:01.234" */
static void step_time(const struct gp_ctx *ctx, size_t i, size_t n, const struct cli_step *st,
		      double t0, const char *at)
{
	char line[256];
	size_t len = 0;

	line[0] = 0;
	for (size_t a = 0; a < ARRAY_SIZE(st->argv) && st->argv[a] && len < sizeof(line); a++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s", a ? " " : "",
					st->argv[a]);
	gp_debug("%s: step %zu of %zu (%s): %.2f s, from %s", ctx->command ? ctx->command : "",
		 i + 1, n, line, (gp_now_ms() - t0) / 1e3, at);
}

int cli_measure_steps(struct gp_ctx *ctx, int device, const struct cli_step *steps, size_t n,
		      const char *shown, struct all_run *run)
{
	int rc = 0;

	ctx->device_index = device;
	ctx->have_dev = 0;
	for (size_t i = 0; i < n && !rc && run->nsteps < ALL_MAX_STEPS; i++) {
		const struct cli_step *st = &steps[i];
		const struct gp_cmd *cmd = cli_find_command(ctx, st->argv[0]);
		void *res;
		double t0 = gp_now_ms();
		char at[16];

		gp_progress("%s%s (%zu of %zu)", shown, st->argv[0], i + 1, n);
		stamp(at, sizeof(at));
		rc = cli_measure_line(ctx, st->argv, &res);
		step_time(ctx, i, n, st, t0, at);
		if (!cmd)
			break;  /* a bug, said by cli_measure_line */
		run->steps[run->nsteps++] = (struct all_step){
			.command = cmd->name,
			.results = res,
			.free_results = cmd->free_results,
			.tabulate = cmd->tabulate,
			.summarize = st->summarize ? st->summarize : cmd->summarize,
			.summary_last = st->summary_last,
		};
	}
	return rc;
}

void cli_free_results(const struct gp_cmd *cmd, void *results)
{
	if (results && cmd->free_results)
		cmd->free_results(results);
	free(results);
}

/*
 * The devices of -d LIST or -d all, in order, each checked against the
 * devices there are; 0 or a status.  Needs the driver: called once a
 * command is known to use a device.
 */
static int device_list(const struct gp_ctx *ctx, int **out, size_t *n)
{
	int count, rc;

	if ((rc = dev_count(&count)))
		return rc;
	*n = ctx->all_devices ? (size_t)count : ctx->devices.n;
	*out = gp_xcalloc(*n ? *n : 1, sizeof(**out));
	for (size_t i = 0; i < *n; i++) {
		(*out)[i] = ctx->all_devices ? (int)i : (int)ctx->devices.v[i];
		if ((*out)[i] >= count) {
			rc = dev_no_such((*out)[i], count);
			free(*out);
			return rc;
		}
	}
	return 0;
}

/*
 * The steps on each device of the list in turn, never two at once.  A
 * command that opens no device (--arch, --model) runs once; one that
 * always needs a GPU has its list checked before anything is measured.
 */
static int run_devices(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv)
{
	struct gp_device *devs = NULL;
	void **res = NULL;
	int *list = NULL, rc = 0, first;
	size_t n = 0, done = 0;

	if ((cmd->flags & CMD_NEEDS_GPU) && (rc = device_list(ctx, &list, &n)))
		return rc;
	first = list ? list[0] : ctx->all_devices ? 0 : (int)ctx->devices.v[0];
	devs = gp_xcalloc(1, sizeof(*devs));
	res = gp_xcalloc(1, sizeof(*res));
	for (size_t i = 0; !rc; i++) {
		ctx->device_index = i == 0 ? first : list[i];
		ctx->have_dev = 0;
		rc = cli_measure(ctx, cmd, argc, argv, &res[i]);
		devs[i] = ctx->dev;
		done = i + 1;
		if (rc || !ctx->have_dev)
			break;  /* --arch, --model: nothing of a device's */
		if (!list && (rc = device_list(ctx, &list, &n)))
			break;
		if (done >= n)
			break;
		devs = gp_xrealloc(devs, (done + 1) * sizeof(*devs));
		res = gp_xrealloc(res, (done + 1) * sizeof(*res));
		res[done] = NULL;
	}
	for (size_t i = 0; !rc && i < done; i++) {
		struct report one = { 0 };
		char heading[400];

		cmd->tabulate(&one, ctx->have_dev ? &devs[i] : NULL, res[i]);
		snprintf(heading, sizeof(heading), "== device %d: %s (%s)", devs[i].index,
			 devs[i].name, devs[i].pci_bus_id[0] ? devs[i].pci_bus_id : "bus unknown");
		if (done == 1)
			report_move_tables(&ctx->report, &one, 0);
		else
			report_join(&ctx->report, &one, heading);
	}
	if (!rc && done > 1 && cmd->tabulate_devices)
		cmd->tabulate_devices(&ctx->report, devs, (const void *const *)res, done);
	ctx->ndevices = ctx->have_dev ? done : 0;
	for (size_t i = 0; i < done; i++)
		cli_free_results(cmd, res[i]);
	free(res);
	free(devs);
	free(list);
	return rc;
}

int cli_run(struct gp_ctx *ctx, const struct gp_cmd *cmd, int argc, char **argv)
{
	void *res;
	int rc;

	ctx->command = cmd->name;
	if ((ctx->all_devices || ctx->devices.n > 1) && !(cmd->flags & CMD_TAKES_DEVICES))
		return run_devices(ctx, cmd, argc, argv);
	rc = cli_measure(ctx, cmd, argc, argv, &res);
	if (!rc)
		cmd->tabulate(&ctx->report, ctx->have_dev ? &ctx->dev : NULL, res);
	cli_free_results(cmd, res);
	return rc;
}
