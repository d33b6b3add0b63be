/* gpuperf banks results as tables (tables/tables.h). */
#ifndef GP_TABLES_BANKS_H
#define GP_TABLES_BANKS_H

#include "probes/banks.h"
#include "tables/tables.h"

#define BANKS_MATCH_TOL 0.005  /* relative difference of wavefronts still "=model" */

#define BANKS_NCOLUMNS 23
extern const struct report_col banks_columns[BANKS_NCOLUMNS];

/* The model table (run->model) or the measured one; dev NULL for the model. */
void tab_banks(struct report *r, const struct gp_device *dev, const void *bank_run);

#endif
