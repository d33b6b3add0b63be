/*
 * gpuperf pcie: the pieces of the command that need no GPU, exposed so
 * unit tests drive the same code the command runs (plan from options,
 * results to tables).
 */
#ifndef GP_CLI_CMD_PCIE_H
#define GP_CLI_CMD_PCIE_H

#include <stdint.h>
#include "gpu/device.h"
#include "probes/pcie.h"
#include "report/report.h"
#include "util/parse.h"

#define PCIE_DEFAULT_SIZE (256ull << 20)
#define PCIE_DEFAULT_REPS 10
#define PCIE_DEFAULT_WARMUP 2
#define PCIE_DEFAULT_CHUNKS 8
#define PCIE_DEFAULT_STREAMS 4

struct pcie_opts {
	unsigned dirs;            /* bit per enum pcie_dir */
	unsigned mems;            /* bit per enum pcie_mem */
	int dirs_given, mems_given;
	struct u64_list sizes;    /* empty: the default size and sweep summary */
	int reps, warmup;
	int bind;
	int overlap;
	int chunks, streams;      /* 0 when not given */
	double kernel_us;         /* 0 when not given */
};

void pcie_opts_init(struct pcie_opts *o);
void pcie_opts_free(struct pcie_opts *o);

/*
 * Jobs in output order: direction, then memory kind, then size.  Without
 * --size: 256 MiB for every pair, and pinned H2D and D2H also at 4 KiB,
 * 64 KiB, 1 MiB and 16 MiB (the size sweep summary).
 */
void pcie_plan_build(const struct pcie_opts *o, struct pcie_plan *plan);
void pcie_plan_free(struct pcie_plan *plan);

/* Host bytes the plan holds at once (the hungriest memory kind). */
uint64_t pcie_plan_host_bytes(const struct pcie_plan *plan);

/* Link the percentages refer to: as seen under load, else the maximum. */
void pcie_env_link(const struct pcie_env *env, int *gen, int *width);

/*
 * Columns of the CSV/JSON tables: every row carries the link and NUMA
 * context.  The human table is narrower: what varies per row, with the
 * link, the formula, verdicts and NUMA placement as notes under it.
 */
#define PCIE_TRANSFER_NCOLS 21
#define PCIE_OVERLAP_NCOLS 21
extern const struct report_col pcie_transfer_cols[];
extern const struct report_col pcie_overlap_cols[];

/* The transfer results as the table for fmt (CSV/JSON: the machine table). */
void pcie_report(struct report *rep, enum report_format fmt, const struct gp_device *dev,
		 const struct pcie_plan *plan, const struct pcie_results *res);

/* The --overlap results likewise. */
void pcie_overlap_report(struct report *rep, enum report_format fmt, const struct gp_device *dev,
			 const struct pcie_overlap_plan *plan, const struct pcie_overlap_results *res);

#endif
