/*
 * What `gpuperf check` measured on each GPU of a node and the verdicts on
 * it (judge/check.h judges them), its two machine tables and their
 * contracts.  Pure C: fabricated runs are judged in unit tests.
 */
#ifndef GP_RESULTS_CHECK_H
#define GP_RESULTS_CHECK_H

#include <stddef.h>
#include "results/columns.h"
#include "results/contract.h"
#include "results/device.h"
#include "results/trust.h"

/* The measured figures, higher is better; names in check_figure_names ("dram_copy_gbs"). */
enum check_figure {
	CHECK_DRAM_COPY,
	CHECK_DRAM_READ,
	CHECK_L2_READ,
	CHECK_H2D,
	CHECK_D2H,
	CHECK_P2P_MIN,     /* the slowest peer copy from this GPU; NaN without peers */
	CHECK_NFIGURES
};
extern const char *const check_figure_names[CHECK_NFIGURES];

/* The rows judged per GPU: the figures, then the state read. */
enum check_item {
	CHECK_ITEM_PCIE_GEN = CHECK_NFIGURES,
	CHECK_ITEM_PCIE_WIDTH,
	CHECK_ITEM_ECC,
	CHECK_ITEM_ROWS,
	CHECK_ITEM_THROTTLE,
	CHECK_ITEM_PROCESSES,
	CHECK_NITEMS
};
extern const char *const check_item_names[CHECK_NITEMS];  /* the figures', then "pcie_gen", ... */

enum check_status { CHECK_PASS, CHECK_WARN, CHECK_FAIL, CHECK_NO_GPU };
extern const char *const check_status_names[];  /* "pass", "warn", "fail", "no-gpu" */

struct check_verdict {
	enum check_status status;
	char reason[320];          /* "" when it passes without remark */
	double floor;              /* the floor held to; NaN: none */
	double median;             /* the node's other GPUs' median; NaN: none */
	double baseline;           /* the earlier run's figure; NaN: none */
};

/* One GPU: its identity, figures and state, and the verdicts on them. */
struct check_gpu {
	struct gp_device dev;
	char serial[64];           /* "" unknown */
	char driver[32];           /* NVIDIA driver version "580.159.04"; "" unknown */
	double fig[CHECK_NFIGURES];  /* GB/s; NaN not measured */
	int pcie_gen, pcie_width;  /* negotiated while transferring; 0 unknown */
	long long ecc_uncorrected; /* volatile uncorrected ECC errors; -1 unknown */
	long long retired_rows;    /* retired pages or remapped rows; -1 unknown */
	int row_failure;           /* a row remapping failed or pending: 1; 0 no; -1 unknown */
	struct trust_summary watch;  /* every step's watch on this GPU, merged */
	struct check_verdict v[CHECK_NITEMS];
	enum check_status status;  /* the worst verdict */
};

struct check_run {
	struct check_gpu *gpus;
	size_t ngpus;
	char hostname[256];
	char no_gpu[320];          /* no GPU or driver: why (one "no-gpu" record); else "" */
	char floors_from[4096];    /* the floors file read */
	int strict;                /* --strict: a warning fails */
	char baseline_from[4096];  /* --baseline FILE; "" none */
	char baseline_note[512];   /* what the baseline comparison could not do; "" */
};
void check_run_free(void *check_run);

/* ---- machine tables ---- */

/* "gpus": a record per GPU, the keys the fleet reads. */
#define CHECK_GPUS_NCOLUMNS 24
extern const struct report_col check_gpus_columns[CHECK_GPUS_NCOLUMNS];
/* "checks": a row per GPU and item: the command's CSV. */
#define CHECK_NCOLUMNS (TAB_NIDENTITY + 7 + TAB_NTRUST)
extern const struct report_col check_columns[CHECK_NCOLUMNS];
extern const struct result_contract check_contract, check_gpus_contract;

#endif
