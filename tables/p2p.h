/* gpuperf p2p results as tables (tables/tables.h). */
#ifndef GP_TABLES_P2P_H
#define GP_TABLES_P2P_H

#include "results/p2p.h"
#include "tables/tables.h"

/* A row per ordered pair for machines; a matrix per method for people.  run: struct p2p_run. */
void tab_p2p(struct report *r, const struct gp_device *dev, const void *p2p_run);

#endif
