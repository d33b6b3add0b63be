/* gpuperf profile's results as tables (tables/tables.h). */
#ifndef GP_TABLES_PROFILE_H
#define GP_TABLES_PROFILE_H

#include "results/profile.h"
#include "tables/tables.h"

/*
 * The worst offenders first, then a row per kernel with its bound and
 * verdict, and the roofline of every profiled kernel (a chart: --plot,
 * --html).  run: struct profile_run.
 */
void tab_profile(struct report *r, const struct gp_device *dev, const void *profile_run);

#endif
