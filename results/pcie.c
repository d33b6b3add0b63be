/* gpuperf pcie's results: names, freeing them, overlap's figures, its tables and contracts. */
#include <math.h>
#include <stdlib.h>
#include "results/columns.h"
#include "results/pcie.h"
#include "util/compat.h"

const char *const pcie_dir_names[] = { "h2d", "d2h", "bidir", NULL };
const char *const pcie_mem_names[] = { "pageable", "pinned", "wc", "registered", "mapped", NULL };
const char *const pcie_part_names[] = { "h2d", "d2h", "bidir-h2d", "bidir-d2h", "bidir-sum" };

void pcie_plan_free(struct pcie_plan *p)
{
	free(p->jobs);
	p->jobs = NULL;
	p->njobs = 0;
}

void pcie_results_free(struct pcie_results *r)
{
	free(r->rows);
	r->rows = NULL;
	r->nrows = 0;
}

void pcie_overlap_plan_free(struct pcie_overlap_plan *p)
{
	free((void *)p->mems);
	free((void *)p->sizes);
	p->mems = NULL;
	p->sizes = NULL;
}

void pcie_overlap_results_free(struct pcie_overlap_results *r)
{
	free(r->rows);
	r->rows = NULL;
	r->nrows = 0;
}

double pcie_overlap_speedup(const struct pcie_overlap_row *r)
{
	if (!(r->overlapped_us.median > 0))
		return NAN;
	return r->serial_us.median / r->overlapped_us.median;
}

/*
 * Of the shorter activity (the copies, H2D + D2H, or the kernel), the
 * share that ran hidden under the other: the serial time minus the
 * overlapped time, over the shorter one.  Above 100 % means the two copy
 * directions also overlapped each other.
 */
double pcie_overlap_hidden_pct(const struct pcie_overlap_row *r)
{
	double copy = r->h2d_us + r->d2h_us;
	double shorter = copy < r->kernel_us ? copy : r->kernel_us;

	if (!(shorter > 0))
		return NAN;
	return 100.0 * (r->serial_us.median - r->overlapped_us.median) / shorter;
}

void pcie_run_free(void *pcie_run)
{
	struct pcie_run *run = pcie_run;

	if (run->overlap)
		pcie_overlap_results_free(&run->ores);
	else
		pcie_results_free(&run->res);
	pcie_plan_free(&run->plan);
	pcie_overlap_plan_free(&run->oplan);
}

const struct report_col pcie_transfer_cols[PCIE_TRANSFER_NCOLS] = {
	TAB_IDENTITY_COLS,
	{ "direction", "direction", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "memory", "memory", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "size_bytes", "size (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "reps", "reps", REPORT_INT, 0 },
	{ "copies_per_rep", "per rep", REPORT_INT, 0 },
	{ "time_us", "time (us)", REPORT_DBL, 1 },
	{ "time_min_us", "min (us)", REPORT_DBL, 1 },
	{ "time_max_us", "max (us)", REPORT_DBL, 1 },
	{ "spread_pct", "spread (%)", REPORT_DBL, 1 },
	{ "bandwidth_gbs", "bw (GB/s)", REPORT_DBL, 2 },
	{ "pct_of_link", "% link", REPORT_DBL, 1 },
	{ "link_gen", "gen", REPORT_INT, 0 },
	{ "link_width", "width", REPORT_INT, 0 },
	{ "link_max_gen", "max gen", REPORT_INT, 0 },
	{ "link_max_width", "max width", REPORT_INT, 0 },
	{ "link_peak_gbs", "peak (GB/s)", REPORT_DBL, 1 },
	{ "numa_node", "GPU node", REPORT_INT, 0 },
	{ "host_numa_node", "host node", REPORT_INT, 0 },
	{ "host_local", "local", REPORT_INT, 0 },
	{ "timer", "timer", REPORT_STR, 0 },
	TAB_TRUST_COLS,
};
_Static_assert(ARRAY_SIZE(pcie_transfer_cols) == PCIE_TRANSFER_NCOLS, "column count");

const struct report_col pcie_overlap_cols[PCIE_OVERLAP_NCOLS] = {
	TAB_IDENTITY_COLS,
	{ "memory", "memory", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "size_bytes", "size (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "chunks", "chunks", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "streams", "streams", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "kernel_iters", "iters", REPORT_INT, 0 },
	{ "h2d_us", "H2D (us)", REPORT_DBL, 1 },
	{ "d2h_us", "D2H (us)", REPORT_DBL, 1 },
	{ "kernel_us", "kernel (us)", REPORT_DBL, 1 },
	{ "serial_us", "serial (us)", REPORT_DBL, 1 },
	{ "serial_min_us", "min (us)", REPORT_DBL, 1 },
	{ "serial_max_us", "max (us)", REPORT_DBL, 1 },
	{ "overlapped_us", "overlapped (us)", REPORT_DBL, 1 },
	{ "overlapped_min_us", "min (us)", REPORT_DBL, 1 },
	{ "overlapped_max_us", "max (us)", REPORT_DBL, 1 },
	{ "speedup", "speedup", REPORT_DBL, 2 },
	{ "overlap_pct", "hidden (%)", REPORT_DBL, 1 },
	{ "numa_node", "GPU node", REPORT_INT, 0 },
	{ "host_numa_node", "host node", REPORT_INT, 0 },
	{ "host_local", "local", REPORT_INT, 0 },
	TAB_TRUST_COLS,
};
_Static_assert(ARRAY_SIZE(pcie_overlap_cols) == PCIE_OVERLAP_NCOLS, "column count");

/*
 * A row per direction x memory kind x size: the median time of a transfer
 * with the fastest and slowest repetition, its bandwidth and the share of
 * the link it reached: all of it over the link (RESULT_KIND_LINK).
 */
static const struct result_figure transfer_figures[] = {
	{ "time_us", RESULT_LOWER, RESULT_KIND_LINK, NULL, "time_min_us", "time_max_us" },
	{ "bandwidth_gbs", RESULT_HIGHER, RESULT_KIND_LINK },
	{ "pct_of_link", RESULT_HIGHER, RESULT_KIND_LINK },
};

/*
 * A row per memory kind x size x chunks x streams: the copies and kernel
 * alone, serial and overlapped (each with its fastest and slowest), and
 * what overlapping gained: all over the link but the kernel alone.
 */
static const struct result_figure overlap_figures[] = {
	{ "h2d_us", RESULT_LOWER, RESULT_KIND_LINK },
	{ "d2h_us", RESULT_LOWER, RESULT_KIND_LINK },
	{ "kernel_us", RESULT_LOWER, RESULT_KIND_TIME },
	{ "serial_us", RESULT_LOWER, RESULT_KIND_LINK, NULL, "serial_min_us", "serial_max_us" },
	{ "overlapped_us", RESULT_LOWER, RESULT_KIND_LINK, NULL, "overlapped_min_us",
	  "overlapped_max_us" },
	{ "speedup", RESULT_HIGHER, RESULT_KIND_LINK },
	{ "overlap_pct", RESULT_HIGHER, RESULT_KIND_LINK },
};

/* --direction bidir's rows: both copies at once, sharing the link as it happens. */
static const struct result_row_kind transfer_row_kinds[] = {
	{ "direction", "bidir-h2d", RESULT_KIND_LINK_BOTH_WAYS },
	{ "direction", "bidir-d2h", RESULT_KIND_LINK_BOTH_WAYS },
	{ "direction", "bidir-sum", RESULT_KIND_LINK_BOTH_WAYS },
};

static const struct result_figure headlines[] = { PCIE_HEADLINES };

const struct result_contract pcie_contract = {
	.command = "pcie",
	.cols = pcie_transfer_cols,
	.ncols = PCIE_TRANSFER_NCOLS,
	.figures = transfer_figures,
	.nfigures = ARRAY_SIZE(transfer_figures),
	.headlines = headlines,
	.nheadlines = ARRAY_SIZE(headlines),
	.row_kinds = transfer_row_kinds,
	.nrow_kinds = ARRAY_SIZE(transfer_row_kinds),
};

const struct result_contract pcie_overlap_contract = {
	.command = "pcie",
	.cols = pcie_overlap_cols,
	.ncols = PCIE_OVERLAP_NCOLS,
	.figures = overlap_figures,
	.nfigures = ARRAY_SIZE(overlap_figures),
};
