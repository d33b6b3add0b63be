/* `gpuperf roofline`'s results: names, units, the helpers profile reads, the contract. */
#include "results/roofline.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "results/columns.h"
#include "util/compat.h"

const char *const roof_ceiling_names[] = {
	[ROOF_DRAM] = "dram",
	[ROOF_L2] = "l2",
	[ROOF_L1] = "l1",
	[ROOF_SHARED] = "shared",
	[ROOF_FP64] = "fp64",
	[ROOF_FP32] = "fp32",
	[ROOF_FP16] = "fp16",
	[ROOF_TENSOR_FP64] = "tensor-fp64",
	[ROOF_TENSOR_FP16] = "tensor-fp16",
	[ROOF_TENSOR_BF16] = "tensor-bf16",
	[ROOF_TENSOR_TF32] = "tensor-tf32",
	[ROOF_TENSOR_INT8] = "tensor-int8",
	[ROOF_TENSOR_FP8] = "tensor-fp8",
	[ROOF_NCEILINGS] = NULL,
};

static const char *const labels[ROOF_NCEILINGS] = {
	[ROOF_DRAM] = "DRAM",
	[ROOF_L2] = "L2",
	[ROOF_L1] = "L1",
	[ROOF_SHARED] = "shared",
	[ROOF_FP64] = "FP64",
	[ROOF_FP32] = "FP32",
	[ROOF_FP16] = "FP16",
	[ROOF_TENSOR_FP64] = "FP64 tensor",
	[ROOF_TENSOR_FP16] = "FP16 tensor",
	[ROOF_TENSOR_BF16] = "BF16 tensor",
	[ROOF_TENSOR_TF32] = "TF32 tensor",
	[ROOF_TENSOR_INT8] = "INT8 tensor",
	[ROOF_TENSOR_FP8] = "FP8 tensor",
};

static const char *const precisions[ROOF_NPRECISIONS] = {
	"fp64", "fp32", "fp16", "bf16", "tf32", "int8", "fp8",
};

static const int precision_of[ROOF_NCEILINGS] = {
	[ROOF_DRAM] = -1, [ROOF_L2] = -1, [ROOF_L1] = -1, [ROOF_SHARED] = -1,
	[ROOF_FP64] = ROOF_PREC_FP64,
	[ROOF_FP32] = ROOF_PREC_FP32,
	[ROOF_FP16] = ROOF_PREC_FP16,
	[ROOF_TENSOR_FP64] = ROOF_PREC_FP64,
	[ROOF_TENSOR_FP16] = ROOF_PREC_FP16,
	[ROOF_TENSOR_BF16] = ROOF_PREC_BF16,
	[ROOF_TENSOR_TF32] = ROOF_PREC_TF32,
	[ROOF_TENSOR_INT8] = ROOF_PREC_INT8,
	[ROOF_TENSOR_FP8] = ROOF_PREC_FP8,
};

static int valid(enum roof_ceiling c)
{
	return c >= 0 && c < ROOF_NCEILINGS;
}

const char *roof_ceiling_name(enum roof_ceiling c)
{
	return valid(c) ? roof_ceiling_names[c] : NULL;
}

char *roof_ceiling_list(unsigned mask, char *buf, size_t n)
{
	size_t len = 0;

	if (!n)
		return buf;
	buf[0] = 0;
	for (int c = 0; c < ROOF_NCEILINGS; c++) {
		size_t need = (len ? 1 : 0) + strlen(roof_ceiling_names[c]);

		if (!((mask >> c) & 1))
			continue;
		if (len + need >= n)
			break;  /* whole names only */
		len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "",
					roof_ceiling_names[c]);
	}
	return buf;
}

int roof_is_memory(enum roof_ceiling c)
{
	return valid(c) && c < ROOF_FIRST_COMPUTE;
}

const char *roof_precision_name(enum roof_precision p)
{
	return p >= 0 && p < ROOF_NPRECISIONS ? precisions[p] : NULL;
}

int roof_ceiling_precision(enum roof_ceiling c)
{
	return valid(c) ? precision_of[c] : -1;
}

int roof_is_tensor(enum roof_ceiling c)
{
	return valid(c) && c >= ROOF_TENSOR_FP64;
}

const char *roof_unit(enum roof_ceiling c)
{
	if (roof_is_memory(c))
		return "GB/s";
	return c == ROOF_TENSOR_INT8 ? "TOP/s" : "TFLOP/s";
}

double roof_scale(enum roof_ceiling c)
{
	return roof_is_memory(c) ? 1e9 : 1e12;
}

const char *roof_label(enum roof_ceiling c)
{
	return valid(c) ? labels[c] : NULL;
}

double roof_ceiling_value(const struct roof_results *r, enum roof_ceiling c)
{
	return r && valid(c) && r->row[c].measured ? r->row[c].value : NAN;
}

double roof_precision_peak(const struct roof_results *r, enum roof_precision p,
			   enum roof_ceiling *which)
{
	double best = NAN;

	for (int c = ROOF_FIRST_COMPUTE; c < ROOF_NCEILINGS; c++) {
		double v = roof_ceiling_value(r, (enum roof_ceiling)c);

		if (precision_of[c] != (int)p || !(v > 0) || v <= best)
			continue;
		best = v;
		if (which)
			*which = (enum roof_ceiling)c;
	}
	return best;
}

double roof_ridge(const struct roof_results *r, enum roof_ceiling compute,
		  enum roof_ceiling memory)
{
	double ops = roof_ceiling_value(r, compute), bytes = roof_ceiling_value(r, memory);

	if (roof_is_memory(compute) || !roof_is_memory(memory) || !(ops > 0) || !(bytes > 0))
		return NAN;
	return ops / bytes;
}

double roof_attainable(const struct roof_results *r, enum roof_ceiling compute,
		       enum roof_ceiling memory, double intensity)
{
	double ops = roof_ceiling_value(r, compute), bytes = roof_ceiling_value(r, memory);

	if (roof_is_memory(compute) || !roof_is_memory(memory) || !(ops > 0) || !(bytes > 0) ||
	    !(intensity >= 0))
		return NAN;
	return fmin(ops, intensity * bytes);
}

double roof_pct_of_theoretical(const struct roof_row *row)
{
	if (!row->measured || !(row->theoretical > 0) || !isfinite(row->value))
		return NAN;
	return 100 * row->value / row->theoretical;
}

const struct report_col roofline_columns[ROOFLINE_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	[ROOFLINE_C_KIND] = { "kind", "kind", REPORT_STR, 0, REPORT_COL_CONFIG | REPORT_COL_MACHINE },
	[ROOFLINE_C_CEILING] = { "ceiling", "ceiling", REPORT_STR, 0, REPORT_COL_CONFIG },
	[ROOFLINE_C_PRECISION] = { "precision", "precision", REPORT_STR, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_VALUE] = { "value", "measured", REPORT_DBL, 1 },
	[ROOFLINE_C_UNIT] = { "unit", "unit", REPORT_STR, 0 },
	[ROOFLINE_C_THEORETICAL] = { "theoretical", "theoretical", REPORT_DBL, 1 },
	[ROOFLINE_C_PCT] = { "pct_of_theoretical", "of theor. (%)", REPORT_DBL, 1 },
	[ROOFLINE_C_PER_CLOCK] = { "per_clock_per_sm", "per clk/SM", REPORT_DBL, 0 },
	[ROOFLINE_C_CLOCK] = { "sm_clock_mhz", "clock (MHz)", REPORT_DBL, 0 },
	[ROOFLINE_C_CLOCK_SOURCE] = { "clock_source", "clock by", REPORT_STR, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_SMS] = { "sms", "SMs", REPORT_INT, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_INSTRUCTION] = { "instruction", "instruction", REPORT_STR, 0 },
	[ROOFLINE_C_METHOD] = { "method", "method", REPORT_STR, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_BEST] = { "best", "best", REPORT_DBL, 1, REPORT_COL_MACHINE },
	[ROOFLINE_C_WORST] = { "worst", "worst", REPORT_DBL, 1, REPORT_COL_MACHINE },
	[ROOFLINE_C_COV] = { "cov_pct", "CoV (%)", REPORT_DBL, 2 },
	[ROOFLINE_C_REPS] = { "reps", "reps", REPORT_INT, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_TIME] = { "time_ms", "time (ms)", REPORT_DBL, 3, REPORT_COL_MACHINE },
	[ROOFLINE_C_SIZE] = { "size_bytes", "size (B)", REPORT_INT, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_LEVEL] = { "level", "level", REPORT_STR, 0 },
	[ROOFLINE_C_NOTE] = { "note", "note", REPORT_STR, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_CONTENDED] = { "contended", "contended", REPORT_INT, 0, REPORT_COL_MACHINE },
	[ROOFLINE_C_THROTTLED] = { "throttled", "throttled", REPORT_STR, 0, REPORT_COL_MACHINE },
};
_Static_assert(ROOFLINE_C_KIND == TAB_NIDENTITY, "identity columns first");
_Static_assert(ROOFLINE_C_THROTTLED == ROOFLINE_C_CONTENDED + 1, "tab_set_trust fills two columns");

static const struct result_figure figures[] = {
	{ "value", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct", "best", "worst" },
	{ "pct_of_theoretical", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, "cov_pct", NULL, NULL },
};

const struct result_contract roofline_contract = {
	.command = "roofline",
	.cols = roofline_columns,
	.ncols = ROOFLINE_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
};
