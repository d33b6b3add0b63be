/*
 * `gpuperf fleet` results as tables: every GPU's figure against its
 * SKU's median for machines; for people the medians per SKU, the slow
 * GPUs with the figure beside the median, and the nodes that do not pass.
 */
#ifndef GP_TABLES_FLEET_H
#define GP_TABLES_FLEET_H

#include "results/fleet.h"
#include "tables/tables.h"

/* The command's tabulate step (dev unused: fleet reads files). */
void tab_fleet(struct report *r, const struct gp_device *dev, const void *fleet_run);

#endif
