/* gpuperf coalesce results as tables (tables/tables.h). */
#ifndef GP_TABLES_COALESCE_H
#define GP_TABLES_COALESCE_H

#include "results/coalesce.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

#define COALESCE_MATCH_TOL 0.005  /* relative: counters are totals over whole launches */

/* Predicted sectors per request: the primary op's, and a copy's store side (else NaN). */
void coal_predicted_sectors(const struct coal_config *c, double *primary, double *st);

/* The model table (run->model) or the measured one; dev NULL for the model. */
void tab_coalesce(struct report *r, const struct gp_device *dev, const void *coal_run);
/* gpuperf all's summary: a misaligned and two strided copies against the coalesced one. */
void tab_coalesce_summary(struct all_summary *s, const struct gp_device *dev, const void *coal_run);

#endif
