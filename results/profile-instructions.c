/* gpuperf profile --by instruction's machine table and its contract. */
#include "results/profile.h"
#include "util/compat.h"

const struct report_col profile_instr_columns[PROFILE_INSTR_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "kernel_mangled", "symbol", REPORT_STR, 0 },
	{ "launch", "sampled launch", REPORT_INT, 0 },
	{ "offset", "offset", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "sass", "instruction", REPORT_STR, 0 },
	{ "file", "file", REPORT_STR, 0 },
	{ "line", "line", REPORT_INT, 0 },
	{ "samples", "samples", REPORT_INT, 0 },
	{ "kernel_samples_pct", "of the kernel's (%)", REPORT_DBL, 1 },
	{ "stall_top", "top stall", REPORT_STR, 0 },
	{ "stall_top_pct", "its share (%)", REPORT_DBL, 1 },
	{ "stalls", "warp states", REPORT_STR, 0 },
	{ "stall_phrase", "waiting on", REPORT_STR, 0 },
	/* the patched launch's counts of a memory instruction (profile/where.h) */
	{ "counted_launch", "patched launch", REPORT_INT, 0 },
	{ "op", "operation", REPORT_STR, 0 },
	{ "op_bytes", "bytes a thread", REPORT_INT, 0 },
	{ "executed", "warp instructions", REPORT_INT, 0 },
	{ "sectors", "sectors", REPORT_INT, 0 },
	{ "sectors_ideal", "ideal sectors", REPORT_INT, 0 },
	{ "wavefronts", "shared wavefronts", REPORT_INT, 0 },
	{ "wavefronts_ideal", "ideal wavefronts", REPORT_INT, 0 },
};

/* An instruction's share of its kernel's samples: where its time goes. */
static const struct result_figure figures[] = {
	{ "kernel_samples_pct", RESULT_LOWER, RESULT_KIND_COUNTER },
};

const struct result_contract profile_instr_contract = {
	.command = "profile",
	.cols = profile_instr_columns,
	.ncols = PROFILE_INSTR_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
};
