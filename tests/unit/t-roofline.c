/*
 * gpuperf roofline's results helpers, tables and chart on fabricated
 * H100-like results.  With a file name as argument it also writes the
 * --plot SVG of those results there (tests/cli/roofline.bats parses it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "results/roofline.h"
#include "tables/roofline.h"
#include "tests/unit/json-check.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"
#include "util/parse.h"

static void measured(struct roof_results *res, enum roof_ceiling c, double value,
		     double theoretical, const char *instruction)
{
	struct roof_row *row = &res->row[c];

	res->asked |= 1u << c;
	row->measured = 1;
	row->value = value;
	row->best = value * 1.01;
	row->worst = value * 0.99;
	row->cov_pct = 0.4;
	row->reps = 10;
	row->ms = 10;
	row->theoretical = theoretical;
	row->clock_mhz = roof_is_memory(c) ? (c == ROOF_L1 || c == ROOF_SHARED ? 1980 : NAN) : 1755;
	row->clock = c == ROOF_DRAM || c == ROOF_L2 ? ROOF_CLOCK_NONE :
		     roof_is_memory(c) ? ROOF_CLOCK_SPIN : ROOF_CLOCK_KERNEL;
	snprintf(row->instruction, sizeof(row->instruction), "%s", instruction);
	snprintf(row->method, sizeof(row->method), "the %s way", roof_ceiling_name(c));
}

/* An H100 SXM's ceilings, FP8 left unmeasured. */
static void fake(struct gp_device *d, struct roof_results *res)
{
	memset(d, 0, sizeof(*d));
	memset(res, 0, sizeof(*res));
	snprintf(d->name, sizeof(d->name), "NVIDIA H100 80GB HBM3");
	d->cc_major = 9;
	d->sm_count = 132;
	res->sm_count = 132;
	res->spin_mhz = 1980;
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		res->row[c].value = res->row[c].theoretical = NAN;
		res->row[c].clock_mhz = res->row[c].per_clock_per_sm = NAN;
	}
	measured(res, ROOF_DRAM, 3.2e12, 3.352e12, "LDG.E.128");
	res->row[ROOF_DRAM].size = 1ull << 30;
	snprintf(res->row[ROOF_DRAM].level, sizeof(res->row[ROOF_DRAM].level), "DRAM");
	measured(res, ROOF_L2, 7.4e12, NAN, "LDG.E.128.STRONG.GPU");
	snprintf(res->row[ROOF_L2].note, sizeof(res->row[ROOF_L2].note),
		 "no theoretical: NVIDIA publishes no L2 bandwidth");
	measured(res, ROOF_L1, 32.5e12, 33.45e12, "LDG.E.128");
	measured(res, ROOF_SHARED, 33.0e12, 33.45e12, "LDS.128");
	measured(res, ROOF_FP64, 29.0e12, 29.66e12, "DFMA");
	measured(res, ROOF_FP32, 58.5e12, 59.3e12, "FFMA");
	measured(res, ROOF_FP16, 115e12, 118.6e12, "HFMA2");
	measured(res, ROOF_TENSOR_FP64, 55e12, 59.3e12, "DMMA");
	measured(res, ROOF_TENSOR_FP16, 850e12, 948.9e12, "HGMMA");
	measured(res, ROOF_TENSOR_BF16, 850e12, 948.9e12, "HGMMA");
	measured(res, ROOF_TENSOR_TF32, 430e12, 474.4e12, "HGMMA");
	measured(res, ROOF_TENSOR_INT8, 1700e12, 1897.9e12, "IGMMA");
	res->asked |= 1u << ROOF_TENSOR_FP8;
	snprintf(res->row[ROOF_TENSOR_FP8].note, sizeof(res->row[ROOF_TENSOR_FP8].note),
		 "not measured: this build has no sm_90a code (wgmma)");
}

static void names(void)
{
	int n = 0;

	while (roof_ceiling_names[n])
		n++;
	is_int(n, ROOF_NCEILINGS, "a name per ceiling");
	is_str(roof_ceiling_name(ROOF_TENSOR_FP16), "tensor-fp16", "tensor-fp16's name");
	ok(roof_ceiling_name(ROOF_NCEILINGS) == NULL, "no name past the last");
	ok(roof_is_memory(ROOF_SHARED) && !roof_is_memory(ROOF_FP64), "shared is memory, FP64 not");
	ok(roof_is_tensor(ROOF_TENSOR_FP64) && !roof_is_tensor(ROOF_FP16), "tensor ceilings");
	is_str(roof_unit(ROOF_DRAM), "GB/s", "memory in GB/s");
	is_str(roof_unit(ROOF_FP32), "TFLOP/s", "FP32 in TFLOP/s");
	is_str(roof_unit(ROOF_TENSOR_INT8), "TOP/s", "INT8 in TOP/s");
	is_dbl(roof_scale(ROOF_L2), 1e9, 0, "GB/s is 10^9");
	is_dbl(roof_scale(ROOF_TENSOR_TF32), 1e12, 0, "TFLOP/s is 10^12");
	is_int(roof_ceiling_precision(ROOF_TENSOR_BF16), ROOF_PREC_BF16, "BF16 tensor's precision");
	is_int(roof_ceiling_precision(ROOF_DRAM), -1, "memory has no precision");
	is_str(roof_precision_name(ROOF_PREC_INT8), "int8", "int8's name");
	is_int(ROOF_MEMORY_MASK, 0xf, "four memory ceilings");
	is_int(ROOF_COMPUTE_MASK | ROOF_MEMORY_MASK, ROOF_ALL, "the rest compute");
}

/* The --ceiling list a failed run names: in order, and what --ceiling parses back. */
static void lists(void)
{
	unsigned others = ROOF_ALL & ~(1u << ROOF_TENSOR_FP8), back = 0;
	char buf[160], small[12];

	is_str(roof_ceiling_list(1u << ROOF_TENSOR_FP8, buf, sizeof(buf)), "tensor-fp8", "one");
	is_str(roof_ceiling_list(1u << ROOF_FP16 | 1u << ROOF_DRAM, buf, sizeof(buf)), "dram,fp16",
	       "two, in the ceilings' order");
	is_str(roof_ceiling_list(0, buf, sizeof(buf)), "", "none: empty");
	roof_ceiling_list(others, buf, sizeof(buf));
	is_str(buf, "dram,l2,l1,shared,fp64,fp32,fp16,tensor-fp64,tensor-fp16,tensor-bf16,"
	       "tensor-tf32,tensor-int8", "all but FP8");
	is_int(parse_choices("--ceiling", buf, roof_ceiling_names, &back), 0, "--ceiling takes it");
	is_int(back, others, "and gets the same ceilings");
	memset(small, 'x', sizeof(small));
	roof_ceiling_list(others, small, sizeof(small) - 2);
	is_str(small, "dram,l2", "whole names as fit, terminated");
	ok(small[sizeof(small) - 1] == 'x' && small[sizeof(small) - 2] == 'x', "nothing past it");
}

static void helpers(const struct roof_results *res)
{
	enum roof_ceiling which = ROOF_DRAM;

	is_dbl(roof_ceiling_value(res, ROOF_FP32), 58.5e12, 0, "a measured ceiling's value");
	ok(isnan(roof_ceiling_value(res, ROOF_TENSOR_FP8)), "an unmeasured one is NaN");
	ok(isnan(roof_ceiling_value(NULL, ROOF_FP32)), "no results: NaN");
	is_dbl(roof_precision_peak(res, ROOF_PREC_FP16, &which), 850e12, 0,
	       "FP16's peak: the tensor cores, above HFMA2");
	is_int(which, ROOF_TENSOR_FP16, "... and it says which ceiling");
	is_dbl(roof_precision_peak(res, ROOF_PREC_FP64, &which), 55e12, 0, "FP64: DMMA above DFMA");
	is_dbl(roof_precision_peak(res, ROOF_PREC_FP32, NULL), 58.5e12, 0, "FP32: FFMA alone");
	ok(isnan(roof_precision_peak(res, ROOF_PREC_FP8, &which)), "FP8 not measured: NaN");
	is_dbl(roof_ridge(res, ROOF_FP32, ROOF_DRAM), 58.5e12 / 3.2e12, 1e-9,
	       "FP32's ridge against DRAM: ops/s over bytes/s");
	ok(isnan(roof_ridge(res, ROOF_DRAM, ROOF_FP32)), "a ridge wants compute then memory");
	ok(isnan(roof_ridge(res, ROOF_TENSOR_FP8, ROOF_DRAM)), "no ridge of an unmeasured ceiling");
	is_dbl(roof_attainable(res, ROOF_FP32, ROOF_DRAM, 1), 3.2e12, 1,
	       "at 1 FLOP/B a kernel gets DRAM's bytes/s in FLOP/s");
	is_dbl(roof_attainable(res, ROOF_FP32, ROOF_DRAM, 1000), 58.5e12, 1,
	       "far right of the ridge: the compute ceiling");
	ok(isnan(roof_attainable(res, ROOF_FP32, ROOF_DRAM, -1)), "a negative intensity: NaN");
	is_dbl(roof_pct_of_theoretical(&res->row[ROOF_FP32]), 100 * 58.5 / 59.3, 1e-9,
	       "%% of theoretical");
	ok(isnan(roof_pct_of_theoretical(&res->row[ROOF_L2])), "no theoretical: no %%");
}

/*
 * The helpers at their edges: a ceiling out of range, ties between two
 * ceilings of a precision (the first stays), zero and tiny figures, a
 * ridge or roof asked with the ceilings the wrong way round or of one
 * kind, an intensity of 0, a theoretical of 0.
 */
static void helper_edges(void)
{
	static struct roof_results r;
	enum roof_ceiling which;

	memset(&r, 0, sizeof(r));
	measured(&r, ROOF_DRAM, 4e12, NAN, "LDG.E.128");
	measured(&r, ROOF_L2, 0, NAN, "LDG.E.128");
	measured(&r, ROOF_FP64, 55e12, 0, "DFMA");
	measured(&r, ROOF_TENSOR_FP64, 55e12, 0.5, "DMMA");
	measured(&r, ROOF_FP32, 0.5, 1, "FFMA");
	measured(&r, ROOF_FP16, 0, NAN, "HFMA2");
	measured(&r, ROOF_SHARED, 0.5, NAN, "LDS.128");
	ok(isnan(roof_ceiling_value(&r, ROOF_NCEILINGS)), "a ceiling out of range: NaN");
	is_dbl(roof_precision_peak(&r, ROOF_PREC_FP64, &which), 55e12, 0, "FP64: 55 T twice");
	is_int(which, ROOF_FP64, "  a tie: the first (DFMA) stays");
	is_dbl(roof_precision_peak(&r, ROOF_PREC_FP32, NULL), 0.5, 0, "half a FLOP/s is a peak");
	ok(isnan(roof_precision_peak(&r, ROOF_PREC_FP16, NULL)), "0 FLOP/s is none");
	measured(&r, ROOF_TENSOR_INT8, 0, NAN, "IMMA");
	ok(isnan(roof_precision_peak(&r, ROOF_PREC_INT8, NULL)), "INT8's one ceiling at 0: no peak");
	ok(isnan(roof_ridge(&r, ROOF_FP64, ROOF_TENSOR_FP64)), "a ridge of two compute ceilings: none");
	ok(isnan(roof_ridge(&r, ROOF_DRAM, ROOF_L2)), "a ridge of two memory ceilings: none");
	ok(isnan(roof_ridge(&r, ROOF_FP16, ROOF_DRAM)), "a ridge of 0 FLOP/s: none");
	ok(isnan(roof_ridge(&r, ROOF_FP64, ROOF_L2)), "a ridge over 0 B/s: none");
	is_dbl(roof_ridge(&r, ROOF_FP32, ROOF_DRAM), 0.5 / 4e12, 1e-30, "0.5 FLOP/s over 4 TB/s");
	is_dbl(roof_ridge(&r, ROOF_FP64, ROOF_SHARED), 55e12 / 0.5, 1, "over 0.5 B/s");
	is_dbl(roof_attainable(&r, ROOF_FP64, ROOF_SHARED, 2), 1, 1e-12, "2 FLOP a byte of 0.5 B/s");
	ok(isnan(roof_attainable(&r, ROOF_FP64, ROOF_TENSOR_FP64, 1)), "a roof of two compute ceilings");
	ok(isnan(roof_attainable(&r, ROOF_DRAM, ROOF_L2, 1)), "a roof of two memory ceilings");
	ok(isnan(roof_attainable(&r, ROOF_FP16, ROOF_DRAM, 1)), "a roof under 0 FLOP/s");
	ok(isnan(roof_attainable(&r, ROOF_FP64, ROOF_L2, 1)), "a roof over 0 B/s");
	is_dbl(roof_attainable(&r, ROOF_FP64, ROOF_DRAM, 0), 0, 0, "intensity 0: 0 FLOP/s");
	is_dbl(roof_attainable(&r, ROOF_FP64, ROOF_DRAM, 0.5), 2e12, 1, "intensity 0.5: 2 TFLOP/s");
	is_dbl(roof_attainable(&r, ROOF_FP32, ROOF_DRAM, 1), 0.5, 0, "under a roof of 0.5 FLOP/s");
	ok(isnan(roof_pct_of_theoretical(&r.row[ROOF_FP64])), "a theoretical of 0: no %%");
	is_dbl(roof_pct_of_theoretical(&r.row[ROOF_FP32]), 50, 1e-9, "0.5 of a theoretical 1: 50 %%");
	is_dbl(roof_pct_of_theoretical(&r.row[ROOF_TENSOR_FP64]), 100 * 55e12 / 0.5, 1,
	       "of a theoretical 0.5: its share");
	r.row[ROOF_FP32].value = INFINITY;
	ok(isnan(roof_pct_of_theoretical(&r.row[ROOF_FP32])), "an infinite value: no %%");
	r.row[ROOF_FP32].value = 0.5;
	r.row[ROOF_FP32].measured = 0;
	ok(isnan(roof_pct_of_theoretical(&r.row[ROOF_FP32])), "not measured: no %%");
}

static void contract(void)
{
	int cov = 0, value = 0, config = 0;

	ok(roofline_contract.cols == roofline_columns &&
	   roofline_contract.ncols == ROOFLINE_NCOLUMNS, "the contract holds the machine columns");
	is_str(roofline_contract.command, "roofline", "the contract's command");
	for (size_t i = 0; i < ROOFLINE_NCOLUMNS; i++) {
		const struct report_col *c = &roofline_columns[i];

		cov |= !strcmp(c->name, "cov_pct");
		value |= !strcmp(c->name, "value");
		config += (c->flags & REPORT_COL_CONFIG) != 0;
	}
	ok(cov && value, "the figure and its noise are columns");
	is_int(config, 2, "rows are keyed by kind and ceiling");
	for (size_t f = 0; f < roofline_contract.nfigures; f++) {
		int found = 0;

		for (size_t i = 0; i < ROOFLINE_NCOLUMNS; i++)
			found |= !strcmp(roofline_columns[i].name, roofline_contract.figures[f].column);
		ok(found, "figure %s is a column", roofline_contract.figures[f].column);
	}
}

static const char header[] =
	"device,cc,device_index,uuid,pci_bus_id,hostname,kind,ceiling,precision,value,unit,"
	"theoretical,pct_of_theoretical,per_clock_per_sm,sm_clock_mhz,clock_source,sms,instruction,"
	"method,best,worst,cov_pct,reps,time_ms,size_bytes,level,note,contended,throttled\n";

static void machine(const struct gp_device *d, const struct roof_results *res)
{
	struct report rep = { 0 };
	char *csv, *json, *line;
	size_t rows = 0, objects = 0;

	tab_roofline(&rep, d, res);
	csv = unit_render(&rep, REPORT_CSV);
	if (getenv("T_ROOFLINE_DUMP"))
		fputs(csv, stderr);
	ok(csv && !strncmp(csv, header, strlen(header)), "CSV: the documented header");
	for (line = csv ? strchr(csv, '\n') : NULL; line && line[1]; line = strchr(line + 1, '\n'))
		rows++;
	is_int(rows, ROOF_NCEILINGS, "CSV: a row per ceiling asked for, measured or not");
	ok(csv && strstr(csv, ",compute,fp32,fp32,58.500,TFLOP/s,59.300,98.651,,1755.00,kernel,132,"
			      "FFMA,the fp32 way,59.085,57.915,0.4000,10,10.00000,,,,,\n"), "CSV: the FP32 row");
	ok(csv && strstr(csv, ",memory,dram,,3200.000,GB/s,3352.000,95.465,,,,132,LDG.E.128,"
			      "the dram way,") && strstr(csv, ",1073741824,DRAM,,"),
	   "CSV: the DRAM row, no SM clock, its set and level");
	ok(csv && strstr(csv, ",compute,tensor-int8,int8,1700.000,TOP/s,"), "CSV: INT8 in TOP/s");
	ok(csv && strstr(csv, ",compute,tensor-fp8,fp8,,TFLOP/s,,,,,,132,,,,,,,,,,"
			      "not measured: this build has no sm_90a code (wgmma),,\n"),
	   "CSV: an unmeasured ceiling: its row, empty figures, the note");
	free(csv);
	json = unit_render(&rep, REPORT_JSON);
	if (getenv("T_ROOFLINE_DUMP"))
		fputs(json, stderr);
	ok(json && json_check(json, strlen(json), NULL) == 0, "JSON: valid");
	for (const char *p = json; p && (p = strstr(p, "\"ceiling\":")); p++)
		objects++;
	is_int(objects, ROOF_NCEILINGS, "JSON: an object per ceiling");
	ok(json && strstr(json, "\"ceiling\": \"tensor-fp8\", \"precision\": \"fp8\", \"value\": null"),
	   "JSON: null for the unmeasured value");
	free(json);
	report_free(&rep);
}

static void human(const struct gp_device *d, const struct roof_results *res)
{
	struct report rep = { 0 };
	char *text;

	tab_roofline(&rep, d, res);
	text = unit_render(&rep, REPORT_TABLE);
	if (getenv("T_ROOFLINE_DUMP"))
		fputs(text, stderr);
	ok(text && strstr(text, "Roofline: ceilings, measured and theoretical"), "human: the title");
	ok(text && strstr(text, "FFMA") && strstr(text, "HGMMA"), "human: the instructions");
	ok(text && strstr(text, "fp32: the fp32 way"), "human: each row's method");
	ok(text && strstr(text, "tensor-fp8: not measured: this build has no sm_90a code"),
	   "human: why a ceiling was not measured");
	ok(text && strstr(text, "ridge points against DRAM (operations per byte): FP64 9.06, "
			       "FP32 18.3,"), "human: the ridge points against DRAM");
	ok(text && strstr(text, "stability: stable: CoV at most 0.40 % over 12 figures"), "human: the stability");
	ok(text && !strstr(text, "\n  fp32 |"), "human: no text chart (the roofline is for plots)");
	free(text);
	report_free(&rep);
}

/* The chart: a line per measured ceiling, memory of slope 1, compute level. */
static void chart(const struct gp_device *d, const struct roof_results *res)
{
	struct report rep = { 0 };
	const struct report_chart *c = NULL;
	const struct report_table *t;
	double lo, hi;
	int monotone = 1, slopes = 1, levels = 1;

	ok(tab_roofline_range(res, &lo, &hi), "a range");
	is_dbl(lo, 29.0e12 / 33.0e12 / 4, 1e-9, "from a quarter of the lowest ridge (FP64 on shared)");
	is_dbl(hi, 1700e12 / 3.2e12 * 4, 1e-9, "to four times the highest (INT8 on DRAM)");
	tab_roofline(&rep, d, res);
	t = rep.tables[0];
	for (size_t i = 0; i < t->nitems; i++)
		if (t->items[i].chart)
			c = t->items[i].chart;
	ok(c != NULL, "the table carries the chart");
	if (!c)
		return;
	ok((c->x.flags & REPORT_AXIS_LOG) && (c->y.flags & REPORT_AXIS_LOG), "log-log");
	is_int(c->nseries, ROOF_NCEILINGS - 1, "a line per measured ceiling");
	is_int(report_plot_count(&rep), 1, "plots draw it");
	for (size_t i = 0; i < c->nseries; i++) {
		const struct report_series *s = c->series[i];

		monotone &= s->n == 2 && s->x[0] < s->x[1] && s->y[0] <= s->y[1];
		if (s->y[0] < s->y[1])
			slopes &= fabs(s->y[1] / s->x[1] - s->y[0] / s->x[0]) < 1e-9 * s->y[1] / s->x[1];
		else
			levels &= s->x[1] == hi;
		ok((s->flags & REPORT_SERIES_LINE) && !(s->flags & REPORT_SERIES_TEXT),
		   "series %zu: a plotted line", i);
	}
	ok(monotone, "every line rises or stays level left to right");
	ok(slopes, "memory lines have slope 1 (y / x constant)");
	ok(levels, "compute lines run level to the right edge");
	is_str(c->series[0]->name, "DRAM 3200 GB/s", "named with the value");
	is_str(c->series[4]->name, "FP64 29.0 TFLOP/s", "compute named with its value");
	report_free(&rep);
}

/* Without a memory or without a compute ceiling there is no roofline. */
static void one_kind(const struct gp_device *d, const struct roof_results *full)
{
	struct roof_results res = *full;
	struct report rep = { 0 };
	double lo, hi;

	res.asked = ROOF_COMPUTE_MASK;
	for (int c = 0; c < ROOF_FIRST_COMPUTE; c++)
		res.row[c].measured = 0;
	ok(!tab_roofline_range(&res, &lo, &hi), "compute alone: no range");
	tab_roofline(&rep, d, &res);
	is_int(report_plot_count(&rep), 0, "compute alone: no chart to plot");
	is_int(rep.tables[0]->nrows, ROOF_NCEILINGS - ROOF_FIRST_COMPUTE, "a row per ceiling asked");
	report_free(&rep);
}

static int write_svg(const char *path, const struct gp_device *d, const struct roof_results *res)
{
	struct report rep = { 0 };
	struct report_doc doc = { "gpuperf --plot FILE roofline", "NVIDIA H100 80GB HBM3, CC 9.0",
				  "test", "host", "today" };
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -1;
	tab_roofline(&rep, d, res);
	rc = report_emit_svg(&rep, &doc, f);
	report_free(&rep);
	return fclose(f) || rc ? -1 : 0;
}

int main(int argc, char **argv)
{
	struct gp_device d;
	struct roof_results res;

	fake(&d, &res);
	if (argc == 2)
		return write_svg(argv[1], &d, &res) ? 1 : 0;
	names();
	lists();
	helpers(&res);
	helper_edges();
	contract();
	machine(&d, &res);
	human(&d, &res);
	chart(&d, &res);
	one_kind(&d, &res);
	return done_testing();
}
