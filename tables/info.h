/* gpuperf info results as a table (tables/tables.h). */
#ifndef GP_TABLES_INFO_H
#define GP_TABLES_INFO_H

#include "results/info.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

/* The inventory of dev, one vertical table with the theoretical peaks' derivations. */
void tab_info(struct report *r, const struct gp_device *dev, const void *info_run);
/* gpuperf all's summary: whether the hardware counters could be read. */
void tab_info_summary(struct all_summary *s, const struct gp_device *dev, const void *info_run);

#endif
