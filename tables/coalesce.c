/* gpuperf coalesce: the model's predictions, or measurements beside them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/coalesce.h"
#include "tables/all.h"
#include "tables/coalesce.h"
#include "util/compat.h"
#include "util/error.h"

static int has_offset_stride(const struct coal_config *c)
{
	return c->pattern == COAL_OFFSET || c->pattern == COAL_STRIDE;
}

void coal_predicted_sectors(const struct coal_config *c, double *primary, double *st)
{
	struct coal_prediction p;

	coal_predict(c, &p);
	*primary = c->op == COAL_STORE ? p.st_sectors : p.ld_sectors;
	*st = c->op == COAL_COPY ? p.st_sectors : NAN;
}

static void set_config_cols(struct report_table *t, size_t r, size_t col,
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

static double sweep_x(const struct coal_config *c)
{
	return (double)(c->pattern == COAL_OFFSET ? c->offset : c->stride);
}

/* Rows of pattern (cfgs[0], the reference copy, is not a row). */
static size_t rows_of(const struct coal_config *cfgs, size_t n, enum coal_pattern pattern)
{
	size_t k = 0;

	for (size_t i = 1; i < n; i++)
		k += cfgs[i].pattern == pattern;
	return k;
}

/* The offsets or strides of pattern's rows: strides over decades on a log axis. */
static void sweep_axis(struct report_chart *c, const struct coal_config *cfgs, size_t n,
		       enum coal_pattern pattern)
{
	double lo = INFINITY, hi = 0;
	int pow2 = 1;

	for (size_t i = 1; i < n; i++)
		if (cfgs[i].pattern == pattern) {
			double x = sweep_x(&cfgs[i]);
			lo = fmin(lo, x);
			hi = fmax(hi, x);
			pow2 &= x >= 1 && x == ldexp(1, ilogb(x));
		}
	report_chart_axis(&c->x, pattern == COAL_OFFSET ? "offset" : "stride", "elements",
			  pattern == COAL_STRIDE ? tab_stride_axis(lo, hi, pow2) : 0);
}

/* One chart per sweep: values[i] against the offsets or strides of the rows of pattern. */
static struct report_chart *chart(struct report_table *t, const char *title, const char *what,
				  const struct coal_config *cfgs, const double *values, size_t n,
				  enum coal_pattern pattern, const char *unit)
{
	struct report_chart *c = report_add_chart(t, title);
	struct report_series *s = report_chart_series(c, what, REPORT_SERIES_TEXT | REPORT_SERIES_PLOT);

	c->flags |= REPORT_CHART_SKIP_MISSING;
	c->text_width = 50;
	sweep_axis(c, cfgs, n, pattern);
	report_chart_axis(&c->y, what, unit, strcmp(unit, "sectors") ? 0 : REPORT_AXIS_COUNT);
	for (size_t i = 1; i < n; i++)
		if (cfgs[i].pattern == pattern)
			report_series_add(s, sweep_x(&cfgs[i]), values[i], NULL);
	return c;
}

static void ideal_line(struct report_chart *c, unsigned width)
{
	report_chart_marker(c, 'y', coal_ideal_sectors(width), "ideal (coalesced)");
}

static void model_table(struct report *rep, const struct coal_run *run)
{
	const struct coal_config *cfgs = run->cfgs;
	struct report_table *t = report_add_table(rep, "Coalescing model",
						  coalesce_model_columns, COALESCE_MODEL_NCOLUMNS);
	double *sect = gp_xcalloc(run->n, sizeof(*sect));

	for (size_t i = 1; i < run->n; i++) {
		size_t r = report_add_row(t);
		double primary, st;
		unsigned w = cfgs[i].width;

		coal_predicted_sectors(&cfgs[i], &primary, &st);
		set_config_cols(t, r, 0, &cfgs[i]);
		report_set_dbl(t, r, 5, primary);
		report_set_dbl(t, r, 6, st);
		report_set_int(t, r, 7, coal_ideal_sectors(w));
		report_set_dbl(t, r, 8, isnan(st) ? coal_efficiency_pct(w, primary)
						  : coal_efficiency_pct(w, (primary + st) / 2));
		sect[i] = primary;
	}
	report_note(t, "sectors/req: distinct 32-byte sectors per warp instruction (32 lanes, "
		    "all looked up at once); st: the store side of a copy");
	report_note(t, "efficiency: bytes the lanes ask for / bytes the sectors carry");
	ideal_line(chart(t, "predicted sectors per request vs offset", "predicted sectors per request",
			 cfgs, sect, run->n, COAL_OFFSET, "sectors"), run->width);
	ideal_line(chart(t, "predicted sectors per request vs stride", "predicted sectors per request",
			 cfgs, sect, run->n, COAL_STRIDE, "sectors"), run->width);
	free(sect);
}

enum {
	C_PRED = TAB_NIDENTITY + 5, C_MEAS, C_PRED_ST, C_MEAS_ST, C_MATCH, C_REQ, C_DRAM, C_BYTES,
	C_EFF, C_BW, C_PCT, C_CONTENDED,
};
_Static_assert(C_CONTENDED + TAB_NTRUST == COALESCE_NCOLUMNS, "COALESCE_NCOLUMNS");

/* The stability line: each row's launch-time CoV, named by its configuration. */
static void stability_note(struct report_table *t, const struct coal_run *run)
{
	struct trust_row *rows = gp_xcalloc(run->n + 1, sizeof(*rows));
	char (*labels)[64] = gp_xcalloc(run->n + 1, sizeof(*labels));

	for (size_t i = 0; i < run->n; i++) {
		const struct coal_config *c = &run->res[i].cfg;
		size_t len = (size_t)snprintf(labels[i], sizeof(labels[i]), "%s",
					      i ? coal_pattern_name(c->pattern) : "reference copy");

		if (i && (c->pattern == COAL_OFFSET || c->pattern == COAL_STRIDE))
			snprintf(labels[i] + len, sizeof(labels[i]) - len, " %s %llu",
				 c->pattern == COAL_OFFSET ? "offset" : "stride",
				 (unsigned long long)(c->pattern == COAL_OFFSET ? c->offset : c->stride));
		rows[i] = (struct trust_row){ tab_cov_pct(run->res[i].ms.n, run->res[i].ms.cov),
					      labels[i] };
	}
	tab_stability_note(t, rows, run->n, &run->watch);
	free(labels);
	free(rows);
}

static int close_enough(double measured, double predicted)
{
	return fabs(measured - predicted) <= COALESCE_MATCH_TOL * predicted + 1e-9;
}

/* The rows' measured side; returns the number of mismatches. */
static size_t measured_row(struct report_table *t, size_t r, const struct coal_result *res,
			   double copy_gbs)
{
	const struct coal_config *c = &res->cfg;
	double primary, st, m_primary, m_st = NAN, sectors, requests;
	size_t bad = 0;

	coal_predicted_sectors(c, &primary, &st);
	report_set_dbl(t, r, C_PRED, primary);
	report_set_dbl(t, r, C_PRED_ST, st);
	if (c->op == COAL_STORE) {
		sectors = res->st_sectors;
		requests = res->st_requests;
	} else {
		sectors = res->ld_sectors;
		requests = res->ld_requests;
	}
	m_primary = tab_ratio(sectors, requests);
	if (!isnan(requests))
		report_set_int(t, r, C_REQ, (long long)requests);
	if (c->op == COAL_COPY) {
		m_st = tab_ratio(res->st_sectors, res->st_requests);
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
	report_set_dbl(t, r, C_EFF, 100.0 * tab_ratio(res->plan.bytes_requested, 32.0 * sectors));
	report_set_dbl(t, r, C_BW, res->bandwidth_gbs);
	report_set_dbl(t, r, C_PCT, 100.0 * tab_ratio(res->bandwidth_gbs, copy_gbs));
	return bad;
}

/*
 * Plots only (the table has both columns): measured sectors per request
 * beside the model's, against offset or stride; a copy's stores too.
 */
static void sectors_chart(struct report_table *t, const struct coal_run *run, enum coal_pattern pattern)
{
	static const char *const names[2][2] = { { "measured", "model" },
						 { "measured, loads", "model, loads" } };
	struct report_series *s[4] = { 0 };
	struct report_chart *c;
	char title[96];
	int copy = 0;

	if (rows_of(run->cfgs, run->n, pattern) < 2)
		return;
	for (size_t i = 1; i < run->n; i++)
		copy |= run->cfgs[i].pattern == pattern && run->cfgs[i].op == COAL_COPY;
	snprintf(title, sizeof(title), "sectors per request vs %s, measured and predicted",
		 pattern == COAL_OFFSET ? "offset" : "stride");
	c = report_add_chart(t, title);
	sweep_axis(c, run->cfgs, run->n, pattern);
	report_chart_axis(&c->y, "sectors per request", "sectors", REPORT_AXIS_COUNT);
	s[0] = report_chart_series(c, names[copy][0], REPORT_SERIES_PLOT);
	s[1] = report_chart_series(c, names[copy][1], REPORT_SERIES_PLOT | REPORT_SERIES_MODEL);
	if (copy) {
		s[2] = report_chart_series(c, "measured, stores", REPORT_SERIES_PLOT);
		s[3] = report_chart_series(c, "model, stores", REPORT_SERIES_PLOT | REPORT_SERIES_MODEL);
	}
	for (size_t i = 1; i < run->n; i++) {
		const struct coal_result *r = &run->res[i];
		double x = sweep_x(&r->cfg), primary, st;
		int store = r->cfg.op == COAL_STORE;

		if (r->cfg.pattern != pattern)
			continue;
		coal_predicted_sectors(&r->cfg, &primary, &st);
		report_series_add(s[0], x, store ? tab_ratio(r->st_sectors, r->st_requests)
						 : tab_ratio(r->ld_sectors, r->ld_requests), NULL);
		report_series_add(s[1], x, primary, NULL);
		if (copy) {
			report_series_add(s[2], x, tab_ratio(r->st_sectors, r->st_requests), NULL);
			report_series_add(s[3], x, st, NULL);
		}
	}
	ideal_line(c, run->width);
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

static void measured_table(struct report *rep, const struct gp_device *dev,
			   const struct coal_run *run)
{
	const struct coal_result *res = run->res;
	double copy_gbs = res[0].bandwidth_gbs, tr_copy_gbs = NAN, *bw, spread = 0;
	size_t bad = 0, have_counters = 0;
	struct report_table *t;

	for (size_t i = 1; i < run->n; i++)
		if (res[i].cfg.pattern == COAL_TR_COPY)
			tr_copy_gbs = res[i].bandwidth_gbs;
	t = report_add_table(rep, "Global-memory coalescing", coalesce_columns, COALESCE_NCOLUMNS);
	bw = gp_xcalloc(run->n, sizeof(*bw));
	for (size_t i = 1; i < run->n; i++) {
		size_t r = report_add_row(t);
		int tr = res[i].cfg.pattern >= COAL_TR_COPY;

		tab_set_identity(t, r, dev);
		set_config_cols(t, r, TAB_NIDENTITY, &res[i].cfg);
		bad += measured_row(t, r, &res[i], tr ? tr_copy_gbs : copy_gbs);
		tab_set_trust(t, r, C_CONTENDED, &run->watch);
		have_counters += !isnan(res[i].ld_requests) || !isnan(res[i].st_requests);
		bw[i] = res[i].bandwidth_gbs;
		if (res[i].ms.min > 0 && res[i].ms.max / res[i].ms.min - 1 > spread)
			spread = res[i].ms.max / res[i].ms.min - 1;
	}
	report_note(t, "sect/req: l1tex sectors per warp instruction (global loads, or stores "
		    "for --op store; st: the stores of a copy); model: coalesce(1)'s rule");
	report_note(t, "bandwidth: bytes the threads request (loads + stores) / median of %d "
		    "launches after %d warm-up (slowest/fastest launch: +%.1f %%); 1 GB = 10^9 B",
		    run->reps, run->warmup, 100 * spread);
	report_note(t, "%% of copy: against a coalesced %u-byte copy (%.1f GB/s); transposes "
		    "against transpose-copy", run->width, copy_gbs);
	if (!have_counters)
		report_note(t, "counters unavailable: measured sectors, requests and DRAM bytes "
			    "left empty");
	else if (bad)
		report_note(t, "%zu %s from the model (=model: no)", bad,
			    bad == 1 ? "row differs" : "rows differ");
	transpose_note(t, res, run->n);
	stability_note(t, run);
	chart(t, "bandwidth vs offset", "bandwidth", run->cfgs, bw, run->n, COAL_OFFSET, "GB/s");
	chart(t, "bandwidth vs stride", "bandwidth", run->cfgs, bw, run->n, COAL_STRIDE, "GB/s");
	sectors_chart(t, run, COAL_OFFSET);
	sectors_chart(t, run, COAL_STRIDE);
	free(bw);
}

void tab_coalesce(struct report *r, const struct gp_device *dev, const void *coal_run)
{
	const struct coal_run *run = coal_run;

	if (run->model)
		model_table(r, run);
	else
		measured_table(r, dev, run);
}

/* ---- gpuperf all's summary ---- */

/* The measured row of pattern at offset or stride value, or NULL. */
static const struct coal_result *co_row(const struct coal_run *co, enum coal_pattern p,
					uint64_t value)
{
	for (size_t i = 1; co && co->res && i < co->n; i++) {
		const struct coal_config *c = &co->res[i].cfg;
		if (c->pattern == p && (p == COAL_OFFSET ? c->offset : c->stride) == value)
			return &co->res[i];
	}
	return NULL;
}

/* gpuperf all's summary: a misaligned and two strided copies against the coalesced one. */
void tab_coalesce_summary(struct all_summary *s, const struct gp_device *d, const void *coal_run)
{
	const struct coal_run *co = coal_run;
	static const struct { enum coal_pattern pattern; uint64_t val, base;
			      const char *metric, *what, *base_what; } rows[] = {
		{ COAL_OFFSET, 1, 0, "misaligned_copy_pct", "copy misaligned by 4 bytes", "aligned" },
		{ COAL_STRIDE, 2, 1, "stride2_copy_pct", "copy with a stride of 2", "unit-stride" },
		{ COAL_STRIDE, 32, 1, "stride32_copy_pct", "copy with a stride of 32", "unit-stride" },
	};
	char ref[160];

	(void)d;
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct coal_result *r = co_row(co, rows[i].pattern, rows[i].val);
		const struct coal_result *b = co_row(co, rows[i].pattern, rows[i].base);
		double predicted = NAN, st, m = NAN, gbs = r ? r->bandwidth_gbs : NAN;
		double base_gbs = b ? b->bandwidth_gbs : NAN;
		int n;

		if (r) {
			coal_predicted_sectors(&r->cfg, &predicted, &st);
			m = tab_ratio(r->ld_sectors, r->ld_requests);
		}
		n = snprintf(ref, sizeof(ref), "of the %s copy (%.1f GB/s); %g sectors per request predicted",
			     rows[i].base_what, base_gbs, predicted);
		if (isfinite(m) && n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, ", %.2f measured", m);
		all_add(s, rows[i].metric, rows[i].what, 100 * gbs / base_gbs,
			r && b ? tab_ratio_cov_pct(&r->ms, &b->ms) : NAN, "%", ref);
	}
}
