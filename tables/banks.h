/* gpuperf banks results as tables (tables/tables.h). */
#ifndef GP_TABLES_BANKS_H
#define GP_TABLES_BANKS_H

#include "results/banks.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

#define BANKS_MATCH_TOL 0.005  /* relative difference of wavefronts still "=model" */

/* The model table (run->model) or the measured one; dev NULL for the model. */
void tab_banks(struct report *r, const struct gp_device *dev, const void *bank_run);
/* gpuperf all's summary: conflicts' cost against stride 1, shared memory's bytes per clock. */
void tab_banks_summary(struct all_summary *s, const struct gp_device *dev, const void *bank_run);

#endif
