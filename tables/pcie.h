/* gpuperf pcie results as tables (tables/tables.h). */
#ifndef GP_TABLES_PCIE_H
#define GP_TABLES_PCIE_H

#include "results/pcie.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

/* Link the percentages refer to: as seen under load, else the maximum. */
void pcie_env_link(const struct pcie_env *env, int *gen, int *width);

/* A row's bandwidth (GB/s), and the theoretical one its percentage refers to. */
double pcie_row_gbs(const struct pcie_row *r);
double pcie_row_peak_gbs(const struct pcie_row *r, const struct pcie_env *env);
/* (slowest - fastest) / median time of its repetitions, in percent; NaN under two. */
double pcie_row_spread_pct(const struct pcie_row *r);

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
/* gpuperf all's summary: pinned transfers each way and both ways at once. */
void tab_pcie_summary(struct all_summary *s, const struct gp_device *dev, const void *pcie_run);

#endif
