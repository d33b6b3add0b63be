/* gpuperf banks: the model's predictions, or measurements beside them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/banks.h"
#include "tables/all.h"
#include "tables/banks.h"
#include "util/compat.h"
#include "util/error.h"

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

/* The strides of the stride rows (cfgs[0], the baseline, is not a row): over decades, a log axis. */
static void stride_axis(struct report_chart *c, const struct bank_config *cfgs, size_t n)
{
	double lo = INFINITY, hi = 0;
	int pow2 = 1;

	for (size_t i = 1; i < n; i++)
		if (cfgs[i].pattern == BANK_STRIDE) {
			lo = fmin(lo, (double)cfgs[i].stride);
			hi = fmax(hi, (double)cfgs[i].stride);
			pow2 &= cfgs[i].stride > 0 && !(cfgs[i].stride & (cfgs[i].stride - 1));
		}
	report_chart_axis(&c->x, "stride", "elements", tab_stride_axis(lo, hi, pow2));
}

/* values[i] against the strides of the stride rows. */
static struct report_chart *chart(struct report_table *t, const char *title, const char *what,
				  const struct bank_config *cfgs, const double *values, size_t n,
				  const char *unit)
{
	struct report_chart *c = report_add_chart(t, title);
	struct report_series *s = report_chart_series(c, what, REPORT_SERIES_TEXT | REPORT_SERIES_PLOT);

	c->flags |= REPORT_CHART_SKIP_MISSING;
	c->text_width = 50;
	stride_axis(c, cfgs, n);
	report_chart_axis(&c->y, what, unit, strcmp(unit, "wavefronts") ? 0 : REPORT_AXIS_COUNT);
	for (size_t i = 1; i < n; i++)
		if (cfgs[i].pattern == BANK_STRIDE)
			report_series_add(s, (double)cfgs[i].stride, values[i], NULL);
	return c;
}

/* The conflict-free figure: the stride-1 baseline's wavefronts. */
static void conflict_free_line(struct report_chart *c, const struct bank_config *base)
{
	struct bank_prediction p;

	bank_predict(base, &p);
	report_chart_marker(c, 'y', p.ideal, "conflict-free");
}

static void model_table(struct report *rep, const struct bank_run *run)
{
	struct report_table *t = report_add_table(rep, "Bank-conflict model",
						  banks_model_columns, BANKS_MODEL_NCOLUMNS);
	double *wf = gp_xcalloc(run->n, sizeof(*wf));

	for (size_t i = 1; i < run->n; i++) {
		struct bank_prediction p;
		size_t r = report_add_row(t);

		bank_predict(&run->cfgs[i], &p);
		set_config_cols(t, r, 0, &run->cfgs[i]);
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
	conflict_free_line(chart(t, "predicted wavefronts per request vs stride",
				 "predicted wavefronts per request", run->cfgs, wf, run->n, "wavefronts"),
			   &run->cfgs[0]);
	free(wf);
}

enum {
	C_WAYS = TAB_NIDENTITY + 4, C_PRED, C_MEAS, C_CONFL, C_MATCH, C_INSTR, C_EXPECT, C_TIME, C_BW,
	C_BPC, C_SLOW, C_CONTENDED,
};
_Static_assert(C_CONTENDED + TAB_NTRUST == BANKS_NCOLUMNS, "BANKS_NCOLUMNS");

/* The stability line: each row's launch-time CoV, named by its configuration. */
static void stability_note(struct report_table *t, const struct bank_run *run)
{
	struct trust_row *rows = gp_xcalloc(run->n + 1, sizeof(*rows));
	char (*labels)[64] = gp_xcalloc(run->n + 1, sizeof(*labels));

	for (size_t i = 0; i < run->n; i++) {
		const struct bank_config *c = &run->res[i].cfg;

		if (c->pattern == BANK_STRIDE)
			snprintf(labels[i], sizeof(labels[i]), "stride %llu, %u B",
				 (unsigned long long)c->stride, c->width);
		else
			snprintf(labels[i], sizeof(labels[i]), "%s, %u B", bank_pattern_name(c->pattern),
				 c->width);
		rows[i] = (struct trust_row){ tab_cov_pct(run->res[i].ms.n, run->res[i].ms.cov),
					      labels[i] };
	}
	tab_stability_note(t, rows, run->n, &run->watch);
	free(labels);
	free(rows);
}

/* Fills row r from res; returns 1 when the row disagrees with the model. */
static int measured_row(struct report_table *t, size_t r, const struct bank_result *res,
			double base_ns)
{
	struct bank_prediction p;
	double wf = tab_ratio(res->wavefronts, res->instructions);
	int bad = 0;

	bank_predict(&res->cfg, &p);
	report_set_int(t, r, C_WAYS, p.ways);
	report_set_dbl(t, r, C_PRED, p.wavefronts);
	report_set_dbl(t, r, C_MEAS, wf);
	report_set_dbl(t, r, C_CONFL, tab_ratio(res->conflicts, res->instructions));
	if (!isnan(wf)) {
		/* Wavefronts per request and every intended instruction issued. */
		bad = fabs(wf - p.wavefronts) > BANKS_MATCH_TOL * p.wavefronts ||
		      res->instructions != res->expected_instructions;
		report_set_str(t, r, C_MATCH, bad ? "no" : "yes");
	}
	if (!isnan(res->instructions))
		report_set_int(t, r, C_INSTR, (long long)res->instructions);
	report_set_int(t, r, C_EXPECT, (long long)res->expected_instructions);
	report_set_dbl(t, r, C_TIME, res->time_per_access_ns);
	report_set_dbl(t, r, C_BW, res->bandwidth_gbs);
	report_set_dbl(t, r, C_BPC, res->bytes_per_clock_per_sm);
	report_set_dbl(t, r, C_SLOW, tab_ratio(res->time_per_access_ns, base_ns));
	return bad;
}

/*
 * Plots only (the table has the columns): wavefronts per request and the
 * slowdown against stride 1, each measured beside the model's (the model's
 * slowdown: its wavefronts over the baseline's, time following wavefronts).
 */
static void model_charts(struct report_table *t, const struct bank_run *run)
{
	const struct bank_result *res = run->res;
	struct report_series *wf[2], *slow[2];
	struct report_chart *cw, *cs;
	struct bank_prediction base, p;
	size_t rows = 0;

	for (size_t i = 1; i < run->n; i++)
		rows += run->cfgs[i].pattern == BANK_STRIDE;
	if (rows < 2)
		return;
	bank_predict(&run->cfgs[0], &base);
	cw = report_add_chart(t, "wavefronts per request vs stride, measured and predicted");
	stride_axis(cw, run->cfgs, run->n);
	report_chart_axis(&cw->y, "wavefronts per request", "wavefronts", REPORT_AXIS_COUNT);
	wf[0] = report_chart_series(cw, "measured", REPORT_SERIES_PLOT);
	wf[1] = report_chart_series(cw, "model", REPORT_SERIES_PLOT | REPORT_SERIES_MODEL);
	conflict_free_line(cw, &run->cfgs[0]);
	cs = report_add_chart(t, "slowdown vs stride, measured and predicted");
	stride_axis(cs, run->cfgs, run->n);
	report_chart_axis(&cs->y, "slowdown against stride 1", "x", 0);
	slow[0] = report_chart_series(cs, "measured", REPORT_SERIES_PLOT);
	slow[1] = report_chart_series(cs, "model (wavefronts against stride 1)",
				      REPORT_SERIES_PLOT | REPORT_SERIES_MODEL);
	report_chart_marker(cs, 'y', 1, "conflict-free");
	for (size_t i = 1; i < run->n; i++) {
		double x = (double)res[i].cfg.stride;

		if (res[i].cfg.pattern != BANK_STRIDE)
			continue;
		bank_predict(&res[i].cfg, &p);
		report_series_add(wf[0], x, tab_ratio(res[i].wavefronts, res[i].instructions), NULL);
		report_series_add(wf[1], x, p.wavefronts, NULL);
		report_series_add(slow[0], x, tab_ratio(res[i].time_per_access_ns,
							 res[0].time_per_access_ns), NULL);
		report_series_add(slow[1], x, tab_ratio(p.wavefronts, base.wavefronts), NULL);
	}
}

static void measured_table(struct report *rep, const struct gp_device *dev,
			   const struct bank_run *run)
{
	const struct bank_result *res = run->res;
	struct report_table *t = report_add_table(rep, "Shared-memory bank conflicts",
						  banks_columns, BANKS_NCOLUMNS);
	double *tpa = gp_xcalloc(run->n, sizeof(*tpa));
	size_t bad = 0, have_counters = 0;
	int from_counter = 0;

	for (size_t i = 1; i < run->n; i++) {
		size_t r = report_add_row(t);

		tab_set_identity(t, r, dev);
		set_config_cols(t, r, TAB_NIDENTITY, &res[i].cfg);
		bad += measured_row(t, r, &res[i], res[0].time_per_access_ns);
		tab_set_trust(t, r, C_CONTENDED, &run->watch);
		have_counters += !isnan(res[i].instructions);
		from_counter |= res[i].clock_from_counter;
		tpa[i] = res[i].time_per_access_ns;
	}
	report_note(t, "wf/req: shared %s wavefronts per warp instruction; conflicts/req: the "
		    "bank-conflict counter; model: banks(1)'s rule", bank_op_name(run->cfgs[0].op));
	report_note(t, "ns/access: median launch time (of %d after %d warm-up) / warp accesses "
		    "per SM; bandwidth: bytes the lanes ask for / time; 1 GB = 10^9 B",
		    run->reps, run->warmup);
	report_note(t, "B/clk/SM: clock from %s; slowdown: against stride 1 (conflict-free)",
		    from_counter ? "the SM clock the counters saw, x the median time" :
		    "the driver's peak SM clock");
	if (!have_counters)
		report_note(t, "counters unavailable: measured wavefronts, conflicts and "
			    "instructions left empty");
	else if (bad)
		report_note(t, "%zu %s from the model or issued other than the intended "
			    "instructions (=model: no)", bad, bad == 1 ? "row differs" : "rows differ");
	stability_note(t, run);
	chart(t, "time per access vs stride", "time per access", run->cfgs, tpa, run->n, "ns");
	model_charts(t, run);
	free(tpa);
}

void tab_banks(struct report *r, const struct gp_device *dev, const void *bank_run)
{
	const struct bank_run *run = bank_run;

	if (run->model)
		model_table(r, run);
	else
		measured_table(r, dev, run);
}

/* ---- gpuperf all's summary ---- */

/* Two- and 32-way conflicts: time per access against stride 1. */
static void summarize_conflicts(struct all_summary *s, const struct bank_run *bk)
{
	static const uint64_t strides[] = { 2, 32 };
	char ref[160], metric[48], what[64];

	for (size_t i = 0; i < ARRAY_SIZE(strides); i++) {
		const struct bank_result *r = NULL;
		struct bank_prediction p = { 0 };
		double m = NAN, slow = NAN, ways = NAN, cov = NAN;
		int n;

		for (size_t k = 1; bk && bk->res && k < bk->n && !r; k++)
			if (bk->res[k].cfg.pattern == BANK_STRIDE && bk->res[k].cfg.stride == strides[i])
				r = &bk->res[k];
		if (r) {
			bank_predict(&r->cfg, &p);
			ways = p.ways;
			m = tab_ratio(r->wavefronts, r->instructions);
			slow = tab_ratio(r->time_per_access_ns, bk->res[0].time_per_access_ns);
			cov = tab_ratio_cov_pct(&r->ms, &bk->res[0].ms);
		}
		n = snprintf(ref, sizeof(ref), "time per access vs stride 1 (%.0f-way predicted", ways);
		if (n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, isfinite(m) ?
				 ", %.2f wavefronts per request measured)" : ")", m);
		snprintf(metric, sizeof(metric), "bank_conflict_%llu" "way_slowdown",
			 (unsigned long long)strides[i]);
		snprintf(what, sizeof(what), "%llu-way bank conflict, shared loads",
			 (unsigned long long)strides[i]);
		all_add(s, metric, what, slow, cov, "x", ref);
	}
}

/* Shared memory per SM: the conflict-free case of the banks step in bytes per clock. */
static void summarize_shared(struct all_summary *s, const struct bank_run *bk)
{
	const struct bank_result *r = bk && bk->res && bk->n ? &bk->res[0] : NULL;
	double v = r && r->cfg.stride == 1 ? r->bytes_per_clock_per_sm : NAN;
	char ref[192];

	snprintf(ref, sizeof(ref), "%.1f %% of %.0f B/clk/SM theoretical (32 banks x 4 B); "
		 "conflict-free 4-byte loads, clock %s", 100 * v / SM_BYTES_PER_CLOCK,
		 SM_BYTES_PER_CLOCK, r && r->clock_from_counter ? "at the clock the counters saw" :
		 "at the peak SM clock");
	all_add(s, "shared_bytes_per_clock_per_sm", "shared memory bandwidth per SM", v,
		r ? tab_cov_pct(r->ms.n, r->ms.cov) : NAN, "B/clk", ref);
}

/* gpuperf all's summary: the cost of bank conflicts, and shared memory's bandwidth. */
void tab_banks_summary(struct all_summary *s, const struct gp_device *d, const void *bank_run)
{
	(void)d;
	summarize_conflicts(s, bank_run);
	summarize_shared(s, bank_run);
}
