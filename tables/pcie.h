/* gpuperf pcie results as tables (tables/tables.h). */
#ifndef GP_TABLES_PCIE_H
#define GP_TABLES_PCIE_H

#include "probes/pcie.h"
#include "tables/tables.h"

/*
 * Columns of the CSV/JSON tables: every row carries the link and NUMA
 * context.  The human table is narrower: what varies per row, with the
 * link, the formula, verdicts and NUMA placement as notes under it.
 */
#define PCIE_TRANSFER_NCOLS 27
#define PCIE_OVERLAP_NCOLS 27
extern const struct report_col pcie_transfer_cols[PCIE_TRANSFER_NCOLS];
extern const struct report_col pcie_overlap_cols[PCIE_OVERLAP_NCOLS];

/* Link the percentages refer to: as seen under load, else the maximum. */
void pcie_env_link(const struct pcie_env *env, int *gen, int *width);

/* A row's bandwidth (GB/s), and the theoretical one its percentage refers to. */
double pcie_row_gbs(const struct pcie_row *r);
double pcie_row_peak_gbs(const struct pcie_row *r, const struct pcie_env *env);

/*
 * The transfer results: a machine table and a human one with its notes;
 * watch: the device meanwhile (NULL: unknown).
 */
void tab_pcie_transfers(struct report *rep, const struct gp_device *dev,
			const struct pcie_plan *plan, const struct pcie_results *res,
			const struct trust_summary *watch);

/* The --overlap results likewise. */
void tab_pcie_overlap(struct report *rep, const struct gp_device *dev,
		      const struct pcie_overlap_plan *plan, const struct pcie_overlap_results *res,
		      const struct trust_summary *watch);

/* Whichever the run measured. */
void tab_pcie(struct report *rep, const struct gp_device *dev, const void *pcie_run);

#endif
