/* gpuperf banks: shared-memory bank conflicts, measured, predicted and fixed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli/commands.h"
#include "model/banks.h"
#include "probes/banks.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	OPT_STRIDE = 256,
	OPT_WIDTH,
	OPT_OP,
	OPT_PATTERN,
	OPT_MODEL,
};

/* Parsed like the option, so the help and the value cannot drift apart. */
#define DEFAULT_STRIDES "1-33,64"

static const struct gp_option options[] = {
	{ "stride", 0, required_argument, "LIST",
	  "word strides in elements of the width (default " DEFAULT_STRIDES ")", OPT_STRIDE },
	{ "width", 0, required_argument, "4|8|16", "bytes per access (default 4)", OPT_WIDTH },
	{ "op", 0, required_argument, "load|store", "shared-memory loads or stores (default load)", OPT_OP },
	{ "pattern", 0, required_argument, "LIST",
	  "stride,broadcast,transpose or all (default all)", OPT_PATTERN },
	{ "model", 0, no_argument, NULL, "print the model's predictions only (no GPU needed)", OPT_MODEL },
	{ 0 }
};

static const char *const pattern_groups[] = { "stride", "broadcast", "transpose", NULL };
enum { PAT_STRIDE = 1, PAT_BROADCAST = 2, PAT_TRANSPOSE = 4 };
static const char *const ops[] = { "load", "store", NULL };  /* enum bank_op order */

#define WARMUP 2
#define REPS 10
#define ITERS 2048  /* conflict-free: about 0.4 ms on an H100; others scaled to match */
#define MATCH_TOL 0.005

struct args {
	struct u64_list strides;
	unsigned width;
	enum bank_op op;
	unsigned patterns;
	int model;
};

static int parse_args(struct gp_ctx *ctx, int argc, char **argv, struct args *a)
{
	struct opt_iter it;
	int id, idx, rc = 0;

	a->width = 4;
	a->op = BANK_LOAD;
	a->patterns = PAT_STRIDE | PAT_BROADCAST | PAT_TRANSPOSE;
	cli_options_begin(&it, ctx, &gp_cmd_banks, argc, argv);
	while (!rc && (id = cli_next_option(&it)) > 0) {
		switch (id) {
		case OPT_STRIDE:
			u64_list_free(&a->strides);
			rc = parse_list("--stride", it.arg, PARSE_COUNT, 1, 1ull << 32, &a->strides);
			break;
		case OPT_WIDTH:
			rc = parse_access_width("--width", it.arg, &a->width);
			break;
		case OPT_OP:
			if (!(rc = parse_choice("--op", it.arg, ops, &idx)))
				a->op = (enum bank_op)idx;
			break;
		case OPT_PATTERN:
			rc = parse_choices("--pattern", it.arg, pattern_groups, &a->patterns);
			break;
		case OPT_MODEL:
			a->model = 1;
			break;
		}
	}
	if (rc || id < 0)
		return GP_EXIT_USAGE;
	if (!a->strides.v)
		return parse_list("--stride", DEFAULT_STRIDES, PARSE_COUNT, 1, 1ull << 32, &a->strides);
	return 0;
}

/* cfgs[0] is the conflict-free baseline (stride 1) every slowdown uses; not a row. */
static struct bank_config *build_configs(const struct args *a, size_t *n)
{
	struct bank_config *c = gp_xcalloc(1 + a->strides.n + 6, sizeof(*c));
	size_t k = 0;

	c[k++] = (struct bank_config){ BANK_STRIDE, a->op, 1, a->width };
	for (size_t i = 0; (a->patterns & PAT_STRIDE) && i < a->strides.n; i++)
		c[k++] = (struct bank_config){ BANK_STRIDE, a->op, a->strides.v[i], a->width };
	if (a->patterns & PAT_BROADCAST)
		for (int p = BANK_BROADCAST; p <= BANK_MULTICAST_CONFLICT; p++)
			c[k++] = (struct bank_config){ p, a->op, 0, a->width };
	if (a->patterns & PAT_TRANSPOSE)
		for (int p = BANK_TR_UNPADDED; p <= BANK_TR_SWIZZLED; p++)
			c[k++] = (struct bank_config){ p, a->op, 0, a->width };
	*n = k;
	return c;
}

static void set_config_cols(struct report_table *t, size_t r, size_t col,
			    const struct bank_config *c)
{
	long long stride = bank_row_stride(c);

	report_set_str(t, r, col, bank_pattern_name(c->pattern));
	report_set_str(t, r, col + 1, bank_op_name(c->op));
	if (stride >= 0)
		report_set_int(t, r, col + 2, stride);
	report_set_int(t, r, col + 3, c->width);
}

/* values[i] against the strides of the stride rows. */
static void chart(struct report_table *t, const char *title, const struct bank_config *cfgs,
		  const double *values, size_t n, const char *unit)
{
	long long *keys = gp_xcalloc(n, sizeof(*keys));
	double *v = gp_xcalloc(n, sizeof(*v));
	size_t k = 0;

	for (size_t i = 1; i < n; i++) {
		if (cfgs[i].pattern != BANK_STRIDE)
			continue;
		keys[k] = (long long)cfgs[i].stride;
		v[k++] = values[i];
	}
	report_chart_keys(t, title, keys, v, k, unit, 50);
	free(keys);
	free(v);
}

static const struct report_col model_cols[] = {
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_ways", "ways", REPORT_INT, 0 },
	{ "predicted_wavefronts_per_request", "wavefronts/req", REPORT_DBL, 1 },
	{ "ideal_wavefronts_per_request", "ideal", REPORT_INT, 0 },
	{ "predicted_conflicts_per_request", "conflicts/req", REPORT_DBL, 1 },
};

static int run_model(struct gp_ctx *ctx, const struct bank_config *cfgs, size_t n)
{
	struct report_table *t = report_add_table(&ctx->report, "Bank-conflict model",
						  model_cols, ARRAY_SIZE(model_cols));
	double *wf = gp_xcalloc(n, sizeof(*wf));

	for (size_t i = 1; i < n; i++) {
		struct bank_prediction p;
		size_t r = report_add_row(t);

		bank_predict(&cfgs[i], &p);
		set_config_cols(t, r, 0, &cfgs[i]);
		report_set_int(t, r, 4, p.ways);
		report_set_dbl(t, r, 5, p.wavefronts);
		report_set_int(t, r, 6, p.ideal);
		report_set_dbl(t, r, 7, p.conflicts);
		wf[i] = p.wavefronts;
	}
	report_note(t, "ways: most distinct 4-byte words one bank must deliver in a phase "
		    "(32 banks; lanes on one word share it); 8- and 16-byte accesses are served "
		    "in 2 and 4 phases");
	report_note(t, "wavefronts/req: sum over phases; conflicts/req: wavefronts - ideal");
	chart(t, "predicted wavefronts per request vs stride", cfgs, wf, n, "wavefronts");
	free(wf);
	return 0;
}

static const struct report_col measured_cols[] = {
	CLI_IDENTITY_COLS,
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_ways", "ways", REPORT_INT, 0 },
	{ "predicted_wavefronts_per_request", "model wf/req", REPORT_DBL, 1 },
	{ "measured_wavefronts_per_request", "wf/req", REPORT_DBL, 2 },
	{ "measured_conflicts_per_request", "conflicts/req", REPORT_DBL, 2 },
	{ "model_match", "=model", REPORT_STR, 0 },
	{ "instructions", "instructions", REPORT_INT, 0 },
	{ "expected_instructions", "expected", REPORT_INT, 0 },
	{ "time_per_access_ns", "ns/access", REPORT_DBL, 3 },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 0 },
	{ "bytes_per_clock_per_sm", "B/clk/SM", REPORT_DBL, 1 },
	{ "slowdown", "slowdown", REPORT_DBL, 2 },
};

enum {
	C_WAYS = 6, C_PRED, C_MEAS, C_CONFL, C_MATCH, C_INSTR, C_EXPECT, C_TIME, C_BW,
	C_BPC, C_SLOW,
};

static double ratio(double num, double den)
{
	return isnan(num) || isnan(den) || den <= 0 ? NAN : num / den;
}

static void progress(size_t done, size_t total, void *arg)
{
	(void)arg;
	gp_progress("banks: configuration %zu of %zu", done + 1, total);
}

/* Fills row r from res; returns 1 when the row disagrees with the model. */
static int measured_row(struct report_table *t, size_t r, const struct bank_result *res,
			double base_ns)
{
	struct bank_prediction p;
	double wf = ratio(res->wavefronts, res->instructions);
	int bad = 0;

	bank_predict(&res->cfg, &p);
	report_set_int(t, r, C_WAYS, p.ways);
	report_set_dbl(t, r, C_PRED, p.wavefronts);
	report_set_dbl(t, r, C_MEAS, wf);
	report_set_dbl(t, r, C_CONFL, ratio(res->conflicts, res->instructions));
	if (!isnan(wf)) {
		/* Wavefronts per request and every intended instruction issued. */
		bad = fabs(wf - p.wavefronts) > MATCH_TOL * p.wavefronts ||
		      res->instructions != res->expected_instructions;
		report_set_str(t, r, C_MATCH, bad ? "no" : "yes");
	}
	if (!isnan(res->instructions))
		report_set_int(t, r, C_INSTR, (long long)res->instructions);
	report_set_int(t, r, C_EXPECT, (long long)res->expected_instructions);
	report_set_dbl(t, r, C_TIME, res->time_per_access_ns);
	report_set_dbl(t, r, C_BW, res->bandwidth_gbs);
	report_set_dbl(t, r, C_BPC, res->bytes_per_clock_per_sm);
	report_set_dbl(t, r, C_SLOW, ratio(res->time_per_access_ns, base_ns));
	return bad;
}

static int run_measure(struct gp_ctx *ctx, const struct bank_config *cfgs, size_t n)
{
	struct bank_opts o = {
		.warmup = WARMUP, .reps = REPS, .iters = ITERS, .counters = ctx->counters,
		.progress = progress,
	};
	struct bank_result *res;
	struct report_table *t;
	double *tpa;
	size_t bad = 0, have_counters = 0;
	int rc, from_counter = 0;

	if ((rc = cli_open_device(ctx)))
		return rc;
	res = gp_xcalloc(n, sizeof(*res));
	rc = bank_probe(&ctx->dev, &o, cfgs, n, res);
	gp_progress_done();
	if (rc) {
		free(res);
		return rc;
	}
	t = report_add_table(&ctx->report, "Shared-memory bank conflicts",
			     measured_cols, ARRAY_SIZE(measured_cols));
	tpa = gp_xcalloc(n, sizeof(*tpa));
	for (size_t i = 1; i < n; i++) {
		size_t r = report_add_row(t);

		cli_set_identity(t, r, &ctx->dev);
		set_config_cols(t, r, 2, &res[i].cfg);
		bad += measured_row(t, r, &res[i], res[0].time_per_access_ns);
		have_counters += !isnan(res[i].instructions);
		from_counter |= res[i].clock_from_counter;
		tpa[i] = res[i].time_per_access_ns;
	}
	report_note(t, "wf/req: shared %s wavefronts per warp instruction; conflicts/req: the "
		    "bank-conflict counter; model: banks(1)'s rule", bank_op_name(cfgs[0].op));
	report_note(t, "ns/access: median launch time (of %d after %d warm-up) / warp accesses "
		    "per SM; bandwidth: bytes the lanes ask for / time; 1 GB = 10^9 B", REPS, WARMUP);
	report_note(t, "B/clk/SM: clock from %s; slowdown: against stride 1 (conflict-free)",
		    from_counter ? "the elapsed-cycles counter" : "the driver's peak SM clock");
	if (!have_counters)
		report_note(t, "counters unavailable: measured wavefronts, conflicts and "
			    "instructions left empty");
	else if (bad)
		report_note(t, "%zu %s from the model or issued other than the intended "
			    "instructions (=model: no)", bad, bad == 1 ? "row differs" : "rows differ");
	chart(t, "time per access vs stride", cfgs, tpa, n, "ns");
	free(tpa);
	free(res);
	return 0;
}

static int cmd_banks(struct gp_ctx *ctx, int argc, char **argv)
{
	struct args a = { 0 };
	struct bank_config *cfgs;
	size_t n;
	int rc;

	if ((rc = parse_args(ctx, argc, argv, &a))) {
		u64_list_free(&a.strides);
		return rc;
	}
	cfgs = build_configs(&a, &n);
	rc = a.model ? run_model(ctx, cfgs, n) : run_measure(ctx, cfgs, n);
	free(cfgs);
	u64_list_free(&a.strides);
	return rc;
}

const struct gp_cmd gp_cmd_banks = {
	.name = "banks",
	.run = cmd_banks,
	.flags = CMD_GPU_OPTIONAL,
	.summary = "shared-memory bank conflicts: stride, broadcast, transpose tiles, measured and predicted",
	.synopsis = "[--stride LIST] [--width 4|8|16] [--op load|store] [--pattern LIST] [--model]",
	.options = options,
	.columns = measured_cols,
	.ncolumns = ARRAY_SIZE(measured_cols),
};
