/* gpuperf p2p results as tables (tables/tables.h). */
#ifndef GP_TABLES_P2P_H
#define GP_TABLES_P2P_H

#include "probes/p2p.h"
#include "tables/tables.h"

#define P2P_NCOLUMNS (TAB_NIDENTITY + 19 + TAB_NTRUST)
extern const struct report_col p2p_columns[P2P_NCOLUMNS];

/* A row per ordered pair for machines; a matrix per method for people.  run: struct p2p_run. */
void tab_p2p(struct report *r, const struct gp_device *dev, const void *p2p_run);

#endif
