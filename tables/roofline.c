/* `gpuperf roofline`: the ceilings beside their theoretical, and the roofline chart. */
#include "tables/roofline.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "arch/peaks.h"
#include "util/compat.h"
#include "util/error.h"

static const char *const clock_names[] = {
	[ROOF_CLOCK_NONE] = NULL,
	[ROOF_CLOCK_KERNEL] = "kernel",
	[ROOF_CLOCK_SPIN] = "spin",
};

static int shown(const struct roof_results *res, enum roof_ceiling c)
{
	return (res->asked >> c) & 1;
}

static void set_dbl_scaled(struct report_table *t, size_t r, size_t col, double v, double scale)
{
	report_set_dbl(t, r, col, v / scale);
}

static void fill_row(struct report_table *t, size_t r, const struct gp_device *dev,
		     const struct roof_results *res, enum roof_ceiling c)
{
	const struct roof_row *row = &res->row[c];
	int p = roof_ceiling_precision(c);
	double scale = roof_scale(c);

	tab_set_identity(t, r, dev);
	report_set_str(t, r, ROOFLINE_C_KIND, roof_is_memory(c) ? "memory" : "compute");
	report_set_str(t, r, ROOFLINE_C_CEILING, roof_ceiling_name(c));
	if (p >= 0)
		report_set_str(t, r, ROOFLINE_C_PRECISION, roof_precision_name((enum roof_precision)p));
	report_set_str(t, r, ROOFLINE_C_UNIT, roof_unit(c));
	set_dbl_scaled(t, r, ROOFLINE_C_THEORETICAL, row->theoretical, scale);
	report_set_dbl(t, r, ROOFLINE_C_PER_CLOCK, row->per_clock_per_sm);
	report_set_dbl(t, r, ROOFLINE_C_CLOCK, row->clock_mhz);
	report_set_str(t, r, ROOFLINE_C_CLOCK_SOURCE, clock_names[row->clock]);
	report_set_int(t, r, ROOFLINE_C_SMS, res->sm_count);
	if (row->note[0])
		report_set_str(t, r, ROOFLINE_C_NOTE, row->note);
	tab_set_trust(t, r, ROOFLINE_C_CONTENDED, &res->watch);
	if (!row->measured)
		return;
	set_dbl_scaled(t, r, ROOFLINE_C_VALUE, row->value, scale);
	report_set_dbl(t, r, ROOFLINE_C_PCT, roof_pct_of_theoretical(row));
	report_set_str(t, r, ROOFLINE_C_INSTRUCTION, row->instruction);
	report_set_str(t, r, ROOFLINE_C_METHOD, row->method);
	set_dbl_scaled(t, r, ROOFLINE_C_BEST, row->best, scale);
	set_dbl_scaled(t, r, ROOFLINE_C_WORST, row->worst, scale);
	report_set_dbl(t, r, ROOFLINE_C_COV, row->cov_pct);
	report_set_int(t, r, ROOFLINE_C_REPS, row->reps);
	report_set_dbl(t, r, ROOFLINE_C_TIME, row->ms);
	if (row->size)
		report_set_int(t, r, ROOFLINE_C_SIZE, (long long)row->size);
	if (row->level[0])
		report_set_str(t, r, ROOFLINE_C_LEVEL, row->level);
}

/* "ridge points against DRAM (FLOP/B): FP64 10.0, FP32 19.9, FP16 tensor 295" */
static void ridge_note(struct report_table *t, const struct roof_results *res,
		       enum roof_ceiling memory)
{
	char line[512];
	int n, any = 0;

	if (!res->row[memory].measured)
		return;
	n = snprintf(line, sizeof(line), "ridge points against %s (operations per byte):",
		     roof_label(memory));
	for (int c = ROOF_FIRST_COMPUTE; c < ROOF_NCEILINGS && n > 0 && (size_t)n < sizeof(line); c++) {
		double x = roof_ridge(res, (enum roof_ceiling)c, memory);

		if (!isfinite(x))
			continue;
		n += snprintf(line + n, sizeof(line) - (size_t)n, "%s %s %.3g", any ? "," : "",
			      roof_label((enum roof_ceiling)c), x);
		any = 1;
	}
	if (any)
		report_note(t, "%s", line);
}

int tab_roofline_range(const struct roof_results *res, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (int m = 0; m < ROOF_FIRST_COMPUTE; m++)
		for (int c = ROOF_FIRST_COMPUTE; c < ROOF_NCEILINGS; c++) {
			double x = roof_ridge(res, (enum roof_ceiling)c, (enum roof_ceiling)m);

			if (isfinite(x) && x > 0) {
				*lo = fmin(*lo, x);
				*hi = fmax(*hi, x);
			}
		}
	if (!(*hi > 0))
		return 0;
	*lo /= 4;
	*hi *= 4;
	return 1;
}

/*
 * The roofline, log-log: each memory ceiling a line of slope 1 from the
 * left edge up to the highest compute ceiling, each compute ceiling a
 * level line from its ridge with the fastest memory ceiling to the right
 * edge.  In TFLOP/s (INT8: TOP/s) against operations per byte.
 */
static void chart(struct report_table *t, const struct roof_results *res)
{
	double lo, hi, top = 0, fastest = 0;
	struct report_chart *ch;
	char name[96];

	if (!tab_roofline_range(res, &lo, &hi))
		return;
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		double v = roof_ceiling_value(res, (enum roof_ceiling)c);

		if (!(v > 0))
			continue;
		if (roof_is_memory((enum roof_ceiling)c))
			fastest = fmax(fastest, v);
		else
			top = fmax(top, v);
	}
	ch = report_add_chart(t, "roofline: measured ceilings");
	report_chart_axis(&ch->x, "arithmetic intensity", "FLOP/B", REPORT_AXIS_LOG);
	report_chart_axis(&ch->y, "performance", "TFLOP/s", REPORT_AXIS_LOG);
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		enum roof_ceiling e = (enum roof_ceiling)c;
		double v = roof_ceiling_value(res, e);
		struct report_series *s;

		if (!(v > 0))
			continue;
		snprintf(name, sizeof(name), "%s %.*f %s", roof_label(e), v / roof_scale(e) < 100 ? 1 : 0,
			 v / roof_scale(e), roof_unit(e));
		s = report_chart_series(ch, name, REPORT_SERIES_PLOT | REPORT_SERIES_LINE);
		if (roof_is_memory(e)) {
			report_series_add(s, lo, v * lo / 1e12, NULL);
			report_series_add(s, top / v, top / 1e12, NULL);
		} else {
			report_series_add(s, v / fastest, v / 1e12, NULL);
			report_series_add(s, hi, v / 1e12, NULL);
		}
	}
}

static void notes(struct report_table *t, const struct roof_results *res)
{
	int reps = 0;

	for (int c = 0; c < ROOF_NCEILINGS && !reps; c++)
		reps = res->row[c].measured ? res->row[c].reps : 0;
	report_note(t, "measured: the median of %d timed repetitions, every value checked; an FMA "
		    "counts 2 operations; 1 GB = 10^9 B, 1 TFLOP/s = 10^12 operations/s", reps);
	report_note(t, "theoretical: compute, 2 x FMAs per clock per SM (arch/peaks.c, from NVIDIA's "
		    "whitepapers) x SMs x the SM clock during the row's own launches; L1 and "
		    "shared, 128 B per clock per SM x SMs x the clock of a spin after them; DRAM, "
		    "2 x memory clock x bus width / 8");
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		const struct roof_row *row = &res->row[c];

		if (!shown(res, (enum roof_ceiling)c))
			continue;
		if (row->measured)
			report_note(t, "%s: %s%s%s", roof_ceiling_name((enum roof_ceiling)c), row->method,
				    row->note[0] ? "; " : "", row->note);
		else
			report_note(t, "%s: %s", roof_ceiling_name((enum roof_ceiling)c),
				    row->note[0] ? row->note : "not measured");
	}
	ridge_note(t, res, ROOF_DRAM);
}

static void stability(struct report_table *t, const struct roof_results *res)
{
	struct trust_row rows[ROOF_NCEILINGS];
	size_t n = 0;

	for (int c = 0; c < ROOF_NCEILINGS; c++)
		if (res->row[c].measured)
			rows[n++] = (struct trust_row){ res->row[c].cov_pct,
							roof_ceiling_name((enum roof_ceiling)c) };
	tab_stability_note(t, rows, n, &res->watch);
}

void tab_roofline(struct report *r, const struct gp_device *dev, const void *roof_results)
{
	const struct roof_results *res = roof_results;
	struct report_table *t = report_add_table(r, "Roofline: ceilings, measured and theoretical",
						  roofline_columns, ROOFLINE_NCOLUMNS);

	for (int c = 0; c < ROOF_NCEILINGS; c++)
		if (shown(res, (enum roof_ceiling)c))
			fill_row(t, report_add_row(t), dev, res, (enum roof_ceiling)c);
	notes(t, res);
	stability(t, res);
	chart(t, res);
}
