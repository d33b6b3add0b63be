/*
 * What `gpuperf occupancy` computed, in each of its modes: one
 * configuration, a sweep of one input, every kernel of a compiled file,
 * or the check against the CUDA runtime (probes/occupancy.h); the
 * machine table of each mode and the contract of its rows.  Pure C.
 */
#ifndef GP_RESULTS_OCCUPANCY_H
#define GP_RESULTS_OCCUPANCY_H

#include <stddef.h>
#include "results/contract.h"
#include "results/cubin.h"
#include "results/occupancy-calc.h"
#include "results/sm-arch.h"

enum occ_mode {
	OCC_MODE_CONFIG,
	OCC_MODE_SWEEP,
	OCC_MODE_KERNELS,
	OCC_MODE_CHECK,
};

/* --kernel: one kernel's code for one architecture. */
struct occ_kernel_row {
	const struct cubin_kernel *k;  /* in the run's set */
	struct sm_arch a;              /* limits used, when have_arch */
	int have_arch;                 /* 0: gpuperf's table lacks the SM */
	char *demangled;               /* NULL when the name is not mangled */
	int threads;                   /* 0: unknown, no occupancy */
	struct occ_input in;
	struct occ_result r;
	int computed;
};

/* --check-runtime: one comparison, and each probe kernel's totals. */
struct occ_check_row {
	const char *kernel;
	const char *check;             /* registers, ..., active_blocks_per_sm, launch */
	int threads;                   /* 0 for attribute comparisons */
	long long dynamic_smem;
	long long expected, actual;
	int actual_known, match;
};

struct occ_check_kernel {
	const char *name;
	int regs, barriers, max_threads;
	long long smem_static, local_bytes;
	int configs, diffs;
};

struct occ_run {
	enum occ_mode mode;
	struct sm_arch arch;           /* the limits used (the table's row, or the device's) */
	int have_arch;                 /* 0 only for --kernel without --arch */
	int from_device;               /* the arch is the current device's, with live limits */
	struct occ_input in;
	struct occ_result r;           /* one configuration; the sweep's current one */
	/* sweep */
	enum occ_resource sweep;
	struct occ_step *pts;
	size_t npts;
	/* --kernel */
	const char *file;
	long long dynamic_smem;        /* --smem added to each kernel's static memory */
	int threads_given;
	struct cubin_set set;
	struct occ_kernel_row *rows;
	size_t nrows;
	/* --check-runtime */
	struct occ_check_row *checks;
	size_t nchecks;
	struct occ_check_kernel *ckernels;
	size_t nckernels;
};

void occ_run_free(void *occ_run);

/*
 * The machine table of each mode: one configuration, a sweep (the same
 * with `current`), the kernels of a compiled file (their resources
 * first), the check against the runtime; a contract for each, the
 * configuration's first.
 */
#define OCC_CONFIG_NCOLUMNS 35
#define OCC_SWEEP_NCOLUMNS 28
#define OCC_KERNEL_NCOLUMNS 42
#define OCC_CHECK_NCOLUMNS 13
extern const struct report_col occupancy_config_columns[OCC_CONFIG_NCOLUMNS];
extern const struct report_col occupancy_sweep_columns[OCC_SWEEP_NCOLUMNS];
extern const struct report_col occupancy_kernel_columns[OCC_KERNEL_NCOLUMNS];
extern const struct report_col occupancy_check_columns[OCC_CHECK_NCOLUMNS];
extern const struct result_contract occupancy_contract, occupancy_sweep_contract,
	occupancy_kernel_contract, occupancy_check_contract;

/* Every column any mode writes, for the command row and the manual's test. */
#define OCCUPANCY_NCOLUMNS 48
extern const struct report_col occupancy_columns[OCCUPANCY_NCOLUMNS];

/* all's headlines: one per configuration all runs (occupancy_THREADSxREGS_pct). */
#define OCCUPANCY_HEADLINES \
	{ "occupancy_256x32_pct", RESULT_HIGHER, RESULT_KIND_CALCULATED }, \
	{ "occupancy_256x64_pct", RESULT_HIGHER, RESULT_KIND_CALCULATED }, \
	{ "occupancy_1024x64_pct", RESULT_HIGHER, RESULT_KIND_CALCULATED }

#endif
