/* gpuperf coalesce: what misaligned, strided and structured global accesses cost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "model/coalesce.h"
#include "probes/coalesce.h"
#include "util/error.h"
#include "util/parse.h"

enum {
	OPT_OFFSET = 256,
	OPT_STRIDE,
	OPT_WIDTH,
	OPT_OP,
	OPT_PATTERN,
	OPT_SIZE,
	OPT_MODEL,
};

/* Parsed like the options, so the help and the values cannot drift apart. */
#define DEFAULT_OFFSETS "0-32"
#define DEFAULT_STRIDES "1-32"

static const struct gp_option options[] = {
	{ "offset", 0, required_argument, "LIST",
	  "offsets in elements of the width (default " DEFAULT_OFFSETS ")", OPT_OFFSET },
	{ "stride", 0, required_argument, "LIST",
	  "strides in elements of the width (default " DEFAULT_STRIDES ")", OPT_STRIDE },
	{ "width", 0, required_argument, "4|8|16", "bytes per access (default 4)", OPT_WIDTH },
	{ "op", 0, required_argument, "load|store|copy",
	  "what the offset and stride kernels do (default copy)", OPT_OP },
	{ "pattern", 0, required_argument, "LIST",
	  "offset,stride,aos,transpose or all (default all)", OPT_PATTERN },
	{ "size", 0, required_argument, "SIZE", "bytes of each of the two buffers (default 1G)", OPT_SIZE },
	{ "model", 0, no_argument, NULL, "print the model's predictions only (no GPU needed)", OPT_MODEL },
	{ 0 }
};

static const char *const pattern_groups[] = { "offset", "stride", "aos", "transpose", NULL };
enum { PAT_OFFSET = 1, PAT_STRIDE = 2, PAT_AOS = 4, PAT_TRANSPOSE = 8 };
static const char *const ops[] = { "load", "store", "copy", NULL };  /* enum coal_op order */

#define WARMUP 3
#define REPS 15
#define MATCH_TOL 0.005  /* relative: counters are totals over whole launches */

struct args {
	struct u64_list offsets, strides;
	unsigned width;
	enum coal_op op;
	unsigned patterns;
	uint64_t size;
	int model;
};

static int parse_args(struct gp_ctx *ctx, int argc, char **argv, struct args *a)
{
	struct opt_iter it;
	int id, idx, rc = 0;

	a->width = 4;
	a->op = COAL_COPY;
	a->patterns = PAT_OFFSET | PAT_STRIDE | PAT_AOS | PAT_TRANSPOSE;
	a->size = 1ull << 30;
	cli_options_begin(&it, ctx, &gp_cmd_coalesce, argc, argv);
	while (!rc && (id = cli_next_option(&it)) > 0) {
		switch (id) {
		case OPT_OFFSET:
			u64_list_free(&a->offsets);
			rc = parse_list("--offset", it.arg, PARSE_COUNT, 0, 1ull << 40, &a->offsets);
			break;
		case OPT_STRIDE:
			u64_list_free(&a->strides);
			rc = parse_list("--stride", it.arg, PARSE_COUNT, 1, 1ull << 40, &a->strides);
			break;
		case OPT_WIDTH:
			rc = parse_access_width("--width", it.arg, &a->width);
			break;
		case OPT_OP:
			if (!(rc = parse_choice("--op", it.arg, ops, &idx)))
				a->op = (enum coal_op)idx;
			break;
		case OPT_PATTERN:
			rc = parse_choices("--pattern", it.arg, pattern_groups, &a->patterns);
			break;
		case OPT_SIZE:
			rc = parse_size("--size", it.arg, 4ull << 20, 1ull << 40, &a->size);
			break;
		case OPT_MODEL:
			a->model = 1;
			break;
		}
	}
	if (rc || id < 0)
		return GP_EXIT_USAGE;
	if (!a->offsets.v &&
	    (rc = parse_list("--offset", DEFAULT_OFFSETS, PARSE_COUNT, 0, 1ull << 40, &a->offsets)))
		return rc;
	if (!a->strides.v)
		return parse_list("--stride", DEFAULT_STRIDES, PARSE_COUNT, 1, 1ull << 40, &a->strides);
	return 0;
}

/*
 * The configurations, in row order, each checked against the buffer size
 * (usage errors, before any GPU is touched).  cfgs[0] is the coalesced
 * copy every bandwidth is compared with; it is not a row.
 */
static int build_configs(const struct args *a, struct coal_config **out, size_t *n)
{
	size_t cap = 1 + a->offsets.n + a->strides.n + 3 + 5, k = 0;
	struct coal_config *c = gp_xcalloc(cap, sizeof(*c));
	struct coal_plan plan;
	char sz[32];

	c[k++] = (struct coal_config){ COAL_OFFSET, COAL_COPY, 0, 1, a->width, 0 };
	if (coal_plan(&c[0], a->size, &plan))
		goto too_small;
	for (size_t i = 0; (a->patterns & PAT_OFFSET) && i < a->offsets.n; i++) {
		c[k] = (struct coal_config){ COAL_OFFSET, a->op, a->offsets.v[i], 1, a->width, 0 };
		if (coal_plan(&c[k++], a->size, &plan)) {
			free(c);
			return gp_error(GP_EXIT_USAGE, "--offset %llu: overruns a %s buffer "
					"(--size) before %d accesses of %u bytes",
					(unsigned long long)a->offsets.v[i],
					format_size(sz, sizeof(sz), a->size),
					COAL_MIN_ACCESSES, a->width);
		}
	}
	for (size_t i = 0; (a->patterns & PAT_STRIDE) && i < a->strides.n; i++) {
		c[k] = (struct coal_config){ COAL_STRIDE, a->op, 0, a->strides.v[i], a->width, 0 };
		if (coal_plan(&c[k++], a->size, &plan)) {
			free(c);
			return gp_error(GP_EXIT_USAGE, "--stride %llu: overruns a %s buffer "
					"(--size) before %d accesses of %u bytes",
					(unsigned long long)a->strides.v[i],
					format_size(sz, sizeof(sz), a->size),
					COAL_MIN_ACCESSES, a->width);
		}
	}
	if (a->patterns & PAT_AOS)
		for (int p = COAL_AOS_DIRECT; p <= COAL_SOA; p++)
			c[k++] = (struct coal_config){ p, COAL_COPY, 0, 1, a->width, 0 };
	if (a->patterns & PAT_TRANSPOSE)
		for (int p = COAL_TR_COPY; p <= COAL_TR_MULTI; p++)
			c[k++] = (struct coal_config){ p, COAL_COPY, 0, 1, a->width, 0 };
	for (size_t i = 1; i < k; i++) {
		if (coal_plan(&c[i], a->size, &plan))
			goto too_small;
		c[i].pitch = plan.pitch;
	}
	*out = c;
	*n = k;
	return 0;
too_small:
	free(c);
	return gp_error(GP_EXIT_USAGE, "--size %s: too small for %u-byte accesses",
			format_size(sz, sizeof(sz), a->size), a->width);
}

static int has_offset_stride(const struct coal_config *c)
{
	return c->pattern == COAL_OFFSET || c->pattern == COAL_STRIDE;
}

/* Primary (load, or store for store-only) and store-side predictions. */
static void predictions(const struct coal_config *c, double *primary, double *st)
{
	struct coal_prediction p;

	coal_predict(c, &p);
	*primary = c->op == COAL_STORE ? p.st_sectors : p.ld_sectors;
	*st = c->op == COAL_COPY ? p.st_sectors : NAN;
}

static void set_identity_cols(struct report_table *t, size_t r, size_t col,
			      const struct coal_config *c)
{
	report_set_str(t, r, col, coal_pattern_name(c->pattern));
	report_set_str(t, r, col + 1, coal_op_name(c->op));
	if (has_offset_stride(c)) {
		report_set_int(t, r, col + 2, (long long)c->offset);
		report_set_int(t, r, col + 3, (long long)c->stride);
	}
	report_set_int(t, r, col + 4, c->width);
}

/* One chart per sweep: values[i] against the offsets or strides of the rows of pattern. */
static void chart(struct report_table *t, const char *title, const struct coal_config *cfgs,
		  const double *values, size_t n, enum coal_pattern pattern, const char *unit)
{
	long long *keys = gp_xcalloc(n, sizeof(*keys));
	double *v = gp_xcalloc(n, sizeof(*v));
	size_t k = 0;

	for (size_t i = 1; i < n; i++) {  /* cfgs[0] is the reference copy */
		if (cfgs[i].pattern != pattern)
			continue;
		keys[k] = (long long)(pattern == COAL_OFFSET ? cfgs[i].offset : cfgs[i].stride);
		v[k++] = values[i];
	}
	report_chart_keys(t, title, keys, v, k, unit, 50);
	free(keys);
	free(v);
}

static const struct report_col model_cols[] = {
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "offset", "offset", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_sectors_per_request", "sectors/req", REPORT_DBL, 1 },
	{ "predicted_sectors_per_request_st", "st sectors/req", REPORT_DBL, 1 },
	{ "ideal_sectors_per_request", "ideal", REPORT_INT, 0 },
	{ "efficiency_pct", "efficiency (%)", REPORT_DBL, 1 },
};

static void model_notes(struct report_table *t)
{
	report_note(t, "sectors/req: distinct 32-byte sectors per warp instruction (32 lanes, "
		    "all looked up at once); st: the store side of a copy");
	report_note(t, "efficiency: bytes the lanes ask for / bytes the sectors carry");
}

static int run_model(struct gp_ctx *ctx, const struct coal_config *cfgs, size_t n)
{
	struct report_table *t = report_add_table(&ctx->report, "Coalescing model",
						  model_cols, ARRAY_SIZE(model_cols));
	double *sect = gp_xcalloc(n, sizeof(*sect));

	for (size_t i = 1; i < n; i++) {
		size_t r = report_add_row(t);
		double primary, st;
		unsigned w = cfgs[i].width;

		predictions(&cfgs[i], &primary, &st);
		set_identity_cols(t, r, 0, &cfgs[i]);
		report_set_dbl(t, r, 5, primary);
		report_set_dbl(t, r, 6, st);
		report_set_int(t, r, 7, coal_ideal_sectors(w));
		report_set_dbl(t, r, 8, isnan(st) ? coal_efficiency_pct(w, primary)
						  : coal_efficiency_pct(w, (primary + st) / 2));
		sect[i] = primary;
	}
	model_notes(t);
	chart(t, "predicted sectors per request vs offset", cfgs, sect, n, COAL_OFFSET, "sectors");
	chart(t, "predicted sectors per request vs stride", cfgs, sect, n, COAL_STRIDE, "sectors");
	free(sect);
	return 0;
}

static const struct report_col measured_cols[] = {
	CLI_IDENTITY_COLS,
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "op", "op", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "offset", "offset", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_sectors_per_request", "model sect/req", REPORT_DBL, 1 },
	{ "measured_sectors_per_request", "sect/req", REPORT_DBL, 2 },
	{ "predicted_sectors_per_request_st", "model st", REPORT_DBL, 1 },
	{ "measured_sectors_per_request_st", "st sect/req", REPORT_DBL, 2 },
	{ "model_match", "=model", REPORT_STR, 0 },
	{ "requests", "requests", REPORT_INT, 0 },
	{ "dram_bytes", "DRAM (B)", REPORT_INT, 0 },
	{ "bytes_requested", "requested (B)", REPORT_INT, 0 },
	{ "efficiency_pct", "efficiency (%)", REPORT_DBL, 1 },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 1 },
	{ "pct_of_copy", "% of copy", REPORT_DBL, 1 },
};

enum {
	C_PRED = 7, C_MEAS, C_PRED_ST, C_MEAS_ST, C_MATCH, C_REQ, C_DRAM, C_BYTES,
	C_EFF, C_BW, C_PCT,
};

static double ratio(double num, double den)
{
	return isnan(num) || isnan(den) || den <= 0 ? NAN : num / den;
}

static int close_enough(double measured, double predicted)
{
	return fabs(measured - predicted) <= MATCH_TOL * predicted + 1e-9;
}

static void progress(size_t done, size_t total, void *arg)
{
	(void)arg;
	gp_progress("coalesce: configuration %zu of %zu", done + 1, total);
}

/* The rows' measured side; returns the number of mismatches. */
static size_t measured_row(struct report_table *t, size_t r, const struct coal_result *res,
			   double copy_gbs)
{
	const struct coal_config *c = &res->cfg;
	double primary, st, m_primary, m_st = NAN, sectors, requests;
	size_t bad = 0;

	predictions(c, &primary, &st);
	report_set_dbl(t, r, C_PRED, primary);
	report_set_dbl(t, r, C_PRED_ST, st);
	if (c->op == COAL_STORE) {
		sectors = res->st_sectors;
		requests = res->st_requests;
	} else {
		sectors = res->ld_sectors;
		requests = res->ld_requests;
	}
	m_primary = ratio(sectors, requests);
	if (!isnan(requests))
		report_set_int(t, r, C_REQ, (long long)requests);
	if (c->op == COAL_COPY) {
		m_st = ratio(res->st_sectors, res->st_requests);
		sectors += res->st_sectors;
	}
	report_set_dbl(t, r, C_MEAS, m_primary);
	report_set_dbl(t, r, C_MEAS_ST, m_st);
	if (!isnan(m_primary) && (c->op != COAL_COPY || !isnan(m_st))) {
		int match = close_enough(m_primary, primary) &&
			    (c->op != COAL_COPY || close_enough(m_st, st));
		report_set_str(t, r, C_MATCH, match ? "yes" : "no");
		bad += !match;
	}
	if (!isnan(res->dram_read_bytes) && !isnan(res->dram_write_bytes))
		report_set_int(t, r, C_DRAM, (long long)(res->dram_read_bytes + res->dram_write_bytes));
	report_set_int(t, r, C_BYTES, (long long)res->plan.bytes_requested);
	report_set_dbl(t, r, C_EFF, 100.0 * ratio(res->plan.bytes_requested, 32.0 * sectors));
	report_set_dbl(t, r, C_BW, res->bandwidth_gbs);
	report_set_dbl(t, r, C_PCT, 100.0 * ratio(res->bandwidth_gbs, copy_gbs));
	return bad;
}

static void transpose_note(struct report_table *t, const struct coal_result *res, size_t n)
{
	const struct coal_result *prev = NULL;

	for (size_t i = 1; i < n; i++) {
		const struct coal_result *cur = &res[i];
		if (cur->cfg.pattern < COAL_TR_NAIVE || cur->cfg.pattern > COAL_TR_MULTI)
			continue;
		if (prev && cur->bandwidth_gbs <= prev->bandwidth_gbs)
			report_note(t, "%s is not faster than %s (%.1f vs %.1f GB/s)",
				    coal_pattern_name(cur->cfg.pattern),
				    coal_pattern_name(prev->cfg.pattern),
				    cur->bandwidth_gbs, prev->bandwidth_gbs);
		prev = cur;
	}
}

static int run_measure(struct gp_ctx *ctx, const struct args *a,
		       const struct coal_config *cfgs, size_t n)
{
	struct coal_opts o = {
		.size = a->size, .warmup = WARMUP, .reps = REPS, .counters = ctx->counters,
		.progress = progress,
	};
	struct coal_result *res;
	struct report_table *t;
	double copy_gbs, tr_copy_gbs = NAN, *bw, spread = 0;
	size_t bad = 0, have_counters = 0;
	int rc;

	if ((rc = cli_open_device(ctx)))
		return rc;
	res = gp_xcalloc(n, sizeof(*res));
	rc = coal_probe(&ctx->dev, &o, cfgs, n, res);
	gp_progress_done();
	if (rc) {
		free(res);
		return rc;
	}
	copy_gbs = res[0].bandwidth_gbs;
	for (size_t i = 1; i < n; i++)
		if (res[i].cfg.pattern == COAL_TR_COPY)
			tr_copy_gbs = res[i].bandwidth_gbs;

	t = report_add_table(&ctx->report, "Global-memory coalescing",
			     measured_cols, ARRAY_SIZE(measured_cols));
	bw = gp_xcalloc(n, sizeof(*bw));
	for (size_t i = 1; i < n; i++) {
		size_t r = report_add_row(t);
		int tr = res[i].cfg.pattern >= COAL_TR_COPY;

		cli_set_identity(t, r, &ctx->dev);
		set_identity_cols(t, r, 2, &res[i].cfg);
		bad += measured_row(t, r, &res[i], tr ? tr_copy_gbs : copy_gbs);
		have_counters += !isnan(res[i].ld_requests) || !isnan(res[i].st_requests);
		bw[i] = res[i].bandwidth_gbs;
		if (res[i].ms.min > 0 && res[i].ms.max / res[i].ms.min - 1 > spread)
			spread = res[i].ms.max / res[i].ms.min - 1;
	}
	report_note(t, "sect/req: l1tex sectors per warp instruction (global loads, or stores "
		    "for --op store; st: the stores of a copy); model: coalesce(1)'s rule");
	report_note(t, "bandwidth: bytes the threads request (loads + stores) / median of %d "
		    "launches after %d warm-up (slowest/fastest launch: +%.1f %%); 1 GB = 10^9 B",
		    REPS, WARMUP, 100 * spread);
	report_note(t, "%% of copy: against a coalesced %u-byte copy (%.1f GB/s); transposes "
		    "against transpose-copy", a->width, copy_gbs);
	if (!have_counters)
		report_note(t, "counters unavailable: measured sectors, requests and DRAM bytes "
			    "left empty");
	else if (bad)
		report_note(t, "%zu %s from the model (=model: no)", bad,
			    bad == 1 ? "row differs" : "rows differ");
	transpose_note(t, res, n);
	chart(t, "bandwidth vs offset", cfgs, bw, n, COAL_OFFSET, "GB/s");
	chart(t, "bandwidth vs stride", cfgs, bw, n, COAL_STRIDE, "GB/s");
	free(bw);
	free(res);
	return 0;
}

static int cmd_coalesce(struct gp_ctx *ctx, int argc, char **argv)
{
	struct args a = { 0 };
	struct coal_config *cfgs = NULL;
	size_t n = 0;
	int rc;

	if (!(rc = parse_args(ctx, argc, argv, &a)) && !(rc = build_configs(&a, &cfgs, &n)))
		rc = a.model ? run_model(ctx, cfgs, n) : run_measure(ctx, &a, cfgs, n);
	free(cfgs);
	u64_list_free(&a.offsets);
	u64_list_free(&a.strides);
	return rc;
}

const struct gp_cmd gp_cmd_coalesce = {
	.name = "coalesce",
	.run = cmd_coalesce,
	.flags = CMD_GPU_OPTIONAL,
	.summary = "global-memory coalescing: offset, stride, AoS and transpose, measured and predicted",
	.synopsis = "[--offset LIST] [--stride LIST] [--width 4|8|16] [--op load|store|copy] "
		    "[--pattern LIST] [--size SIZE] [--model]",
	.options = options,
	.columns = measured_cols,
	.ncolumns = ARRAY_SIZE(measured_cols),
};
