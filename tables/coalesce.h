/* gpuperf coalesce results as tables (tables/tables.h). */
#ifndef GP_TABLES_COALESCE_H
#define GP_TABLES_COALESCE_H

#include "probes/coalesce.h"
#include "tables/tables.h"

#define COALESCE_MATCH_TOL 0.005  /* relative: counters are totals over whole launches */

#define COALESCE_NCOLUMNS 24
extern const struct report_col coalesce_columns[COALESCE_NCOLUMNS];

/* Predicted sectors per request: the primary op's, and a copy's store side (else NaN). */
void coal_predicted_sectors(const struct coal_config *c, double *primary, double *st);

/* The model table (run->model) or the measured one; dev NULL for the model. */
void tab_coalesce(struct report *r, const struct gp_device *dev, const void *coal_run);

#endif
