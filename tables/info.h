/* gpuperf info results as a table (tables/tables.h). */
#ifndef GP_TABLES_INFO_H
#define GP_TABLES_INFO_H

#include "probes/info.h"
#include "tables/tables.h"

#define INFO_NCOLUMNS 45
extern const struct report_col info_columns[INFO_NCOLUMNS];

/* The inventory of dev, one vertical table with the theoretical peaks' derivations. */
void tab_info(struct report *r, const struct gp_device *dev, const void *info_run);

#endif
