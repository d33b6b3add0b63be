/*
 * What `gpuperf occupancy` computed, in each of its modes: one
 * configuration, a sweep of one input, every kernel of a compiled file,
 * or the check against the CUDA runtime (probes/occupancy.h).  Pure C.
 */
#ifndef GP_OCCUPANCY_RUN_H
#define GP_OCCUPANCY_RUN_H

#include <stddef.h>
#include "arch/arch.h"
#include "gpu/device.h"
#include "occupancy/cubin.h"
#include "occupancy/occupancy.h"

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

/*
 * --kernel: read run->file and fill rows for each kernel (named
 * function only, when given), on run->arch when have_arch, else on each
 * kernel's own SM.  0, or GP_EXIT_* after a message.
 */
int occ_run_kernels(struct occ_run *run, const char *function);

/*
 * The architecture of device d: gpuperf's row for its compute capability
 * with the limits the device reports.  0, or -1 when the table lacks it.
 */
int occ_arch_of_device(const struct gp_device *d, struct sm_arch *a);

void occ_run_free(void *occ_run);

#endif
