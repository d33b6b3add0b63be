/* gpuperf occupancy's results: freeing them, each mode's machine table and contract. */
#include <stdlib.h>
#include "results/columns.h"
#include "results/occupancy.h"
#include "util/compat.h"

void occ_run_free(void *occ_run)
{
	struct occ_run *run = occ_run;

	for (size_t i = 0; i < run->nrows; i++)
		free(run->rows[i].demangled);
	free(run->rows);
	free(run->pts);
	free(run->checks);
	free(run->ckernels);
	cubin_set_free(&run->set);
	run->rows = NULL;
	run->pts = NULL;
	run->checks = NULL;
	run->ckernels = NULL;
	run->nrows = run->npts = run->nchecks = run->nckernels = 0;
}

#define CFG REPORT_COL_CONFIG
/* barriers: configuration where the user gives them, the kernel's own under --kernel */
#define RESULT_COLS(barriers) \
	{ "carveout_pct", "carveout (%)", REPORT_INT, 0, CFG }, \
	{ "barriers_per_block", "barriers/block", REPORT_INT, 0, barriers }, \
	{ "regs_per_block_alloc", "regs/block alloc", REPORT_INT, 0 }, \
	{ "smem_per_block_alloc_bytes", "smem/block alloc (B)", REPORT_INT, 0 }, \
	{ "smem_per_sm_config_bytes", "smem/SM config (B)", REPORT_INT, 0 }, \
	{ "active_blocks_per_sm", "blocks/SM", REPORT_INT, 0 }, \
	{ "active_warps_per_sm", "warps/SM", REPORT_INT, 0 }, \
	{ "active_threads_per_sm", "threads/SM", REPORT_INT, 0 }, \
	{ "active_thread_slots_per_sm", "thread slots/SM", REPORT_INT, 0 }, \
	{ "max_warps_per_sm", "max warps/SM", REPORT_INT, 0 }, \
	{ "occupancy_pct", "occupancy (%)", REPORT_DBL, 1 }, \
	{ "limiter", "limited by", REPORT_STR, 0 }, \
	{ "blocks_limit_warps", "limit: warps", REPORT_INT, 0 }, \
	{ "blocks_limit_blocks", "limit: blocks", REPORT_INT, 0 }, \
	{ "blocks_limit_regs", "limit: regs", REPORT_INT, 0 }, \
	{ "blocks_limit_smem", "limit: smem", REPORT_INT, 0 }, \
	{ "blocks_limit_barriers", "limit: barriers", REPORT_INT, 0 }

/* The advice the text gives beside one configuration: the next step and the headroom. */
#define ADVICE_COLS \
	{ "next_regs_per_thread", "next: regs/thread", REPORT_INT, 0 }, \
	{ "next_regs_blocks_per_sm", "next: blocks/SM", REPORT_INT, 0 }, \
	{ "next_regs_occupancy_pct", "next: occupancy (%)", REPORT_DBL, 1 }, \
	{ "next_smem_per_block_bytes", "next: smem/block (B)", REPORT_INT, 0 }, \
	{ "next_smem_blocks_per_sm", "next: blocks/SM", REPORT_INT, 0 }, \
	{ "next_smem_occupancy_pct", "next: occupancy (%)", REPORT_DBL, 1 }, \
	{ "headroom_regs_per_thread", "headroom: regs/thread", REPORT_INT, 0 }, \
	{ "headroom_smem_per_block_bytes", "headroom: smem/block (B)", REPORT_INT, 0 }

/* A calculation's configuration and result: one row, or a sweep's rows. */
#define CONFIG_COLS \
	TAB_IDENTITY_COLS, \
	{ "arch", "arch", REPORT_STR, 0, CFG }, \
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG }, \
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0, CFG }, \
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0, CFG }, \
	RESULT_COLS(CFG)

const struct report_col occupancy_config_columns[] = { CONFIG_COLS, ADVICE_COLS };

const struct report_col occupancy_sweep_columns[] = {
	CONFIG_COLS,
	{ "current", "current", REPORT_INT, 0 },
};

/*
 * A kernel's row is keyed on the kernel, the architecture and the block
 * size (and carveout): what a rebuild leaves as it was.  Its resources
 * (registers, shared and local memory, barriers, launch bound) are what
 * a fix changes, so that -maxrregcount's row matches its row before.
 */
const struct report_col occupancy_kernel_columns[] = {
	TAB_IDENTITY_COLS,
	{ "arch", "arch", REPORT_STR, 0, CFG },
	{ "kernel", "kernel", REPORT_STR, 0, CFG },
	{ "kernel_symbol", "symbol", REPORT_STR, 0 },
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0 },
	{ "smem_static_bytes", "static smem (B)", REPORT_INT, 0 },
	{ "local_bytes_per_thread", "local (B)", REPORT_INT, 0 },
	{ "launch_bound_threads", "launch bound", REPORT_INT, 0 },
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG },
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0 },
	RESULT_COLS(0),
	ADVICE_COLS,
	/* what the file held that has no resources: the same in every row */
	{ "ptx_entries_skipped", "PTX skipped", REPORT_INT, 0 },
	{ "compressed_cubins_skipped", "compressed skipped", REPORT_INT, 0 },
};

/* What a row compares: flagged as configuration, as in occupancy_columns. */
const struct report_col occupancy_check_columns[] = {
	TAB_IDENTITY_COLS,
	{ "kernel", "kernel", REPORT_STR, 0, CFG },
	{ "check", "check", REPORT_STR, 0, CFG },
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG },
	{ "dynamic_smem_bytes", "dynamic smem (B)", REPORT_INT, 0, CFG },
	{ "expected", "expected", REPORT_INT, 0 },
	{ "actual", "runtime", REPORT_INT, 0 },
	{ "match", "match", REPORT_INT, 0 },
};

const struct report_col occupancy_columns[OCCUPANCY_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "arch", "arch", REPORT_STR, 0, CFG },
	{ "kernel", "kernel", REPORT_STR, 0, CFG },
	{ "kernel_symbol", "symbol", REPORT_STR, 0, CFG },
	{ "threads_per_block", "threads/block", REPORT_INT, 0, CFG },
	{ "regs_per_thread", "regs/thread", REPORT_INT, 0, CFG },
	{ "smem_per_block_bytes", "smem/block (B)", REPORT_INT, 0, CFG },
	{ "smem_static_bytes", "static smem (B)", REPORT_INT, 0, CFG },
	{ "local_bytes_per_thread", "local (B)", REPORT_INT, 0, CFG },
	{ "launch_bound_threads", "launch bound", REPORT_INT, 0, CFG },
	RESULT_COLS(CFG),
	ADVICE_COLS,
	{ "ptx_entries_skipped", "PTX skipped", REPORT_INT, 0 },
	{ "compressed_cubins_skipped", "compressed skipped", REPORT_INT, 0 },
	{ "current", "current", REPORT_INT, 0 },
	{ "check", "check", REPORT_STR, 0, CFG },
	{ "dynamic_smem_bytes", "dynamic smem (B)", REPORT_INT, 0, CFG },
	{ "expected", "expected", REPORT_INT, 0 },
	{ "actual", "runtime", REPORT_INT, 0 },
	{ "match", "match", REPORT_INT, 0 },
};

_Static_assert(ARRAY_SIZE(occupancy_config_columns) == OCC_CONFIG_NCOLUMNS, "OCC_CONFIG_NCOLUMNS");
_Static_assert(ARRAY_SIZE(occupancy_sweep_columns) == OCC_SWEEP_NCOLUMNS, "OCC_SWEEP_NCOLUMNS");
_Static_assert(ARRAY_SIZE(occupancy_kernel_columns) == OCC_KERNEL_NCOLUMNS, "OCC_KERNEL_NCOLUMNS");
_Static_assert(ARRAY_SIZE(occupancy_check_columns) == OCC_CHECK_NCOLUMNS, "OCC_CHECK_NCOLUMNS");

/* A calculation's result: exact, the same on every run of the same inputs. */
#define OCC_FIGURES \
	{ "occupancy_pct", RESULT_HIGHER, RESULT_KIND_CALCULATED }, \
	{ "active_blocks_per_sm", RESULT_HIGHER, RESULT_KIND_CALCULATED }, \
	{ "active_warps_per_sm", RESULT_HIGHER, RESULT_KIND_CALCULATED }, \
	{ "active_threads_per_sm", RESULT_HIGHER, RESULT_KIND_CALCULATED }
static const struct result_figure figures[] = { OCC_FIGURES };

/* A compiled kernel's: the calculation's, and the resources a fix lowers (read from the file). */
static const struct result_figure kernel_figures[] = {
	OCC_FIGURES,
	{ "regs_per_thread", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "local_bytes_per_thread", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "smem_static_bytes", RESULT_LOWER, RESULT_KIND_CALCULATED },
	{ "smem_per_block_bytes", RESULT_LOWER, RESULT_KIND_CALCULATED },
};

/* Whether the runtime agrees with the calculator: 1 is the good news. */
static const struct result_figure check_figures[] = {
	{ "match", RESULT_HIGHER, RESULT_KIND_CALCULATED },
};

#define OCC_CONTRACT(columns, n, figs) \
	{ .command = "occupancy", .cols = columns, .ncols = n, .figures = figs, \
	  .nfigures = ARRAY_SIZE(figs), .kernel_column = "kernel" }
static const struct result_figure headlines[] = { OCCUPANCY_HEADLINES };

const struct result_contract occupancy_contract = {
	.command = "occupancy", .cols = occupancy_config_columns, .ncols = OCC_CONFIG_NCOLUMNS,
	.figures = figures, .nfigures = ARRAY_SIZE(figures), .kernel_column = "kernel",
	.headlines = headlines, .nheadlines = ARRAY_SIZE(headlines),
};
const struct result_contract occupancy_sweep_contract =
	OCC_CONTRACT(occupancy_sweep_columns, OCC_SWEEP_NCOLUMNS, figures);
const struct result_contract occupancy_kernel_contract =
	OCC_CONTRACT(occupancy_kernel_columns, OCC_KERNEL_NCOLUMNS, kernel_figures);
const struct result_contract occupancy_check_contract =
	OCC_CONTRACT(occupancy_check_columns, OCC_CHECK_NCOLUMNS, check_figures);
