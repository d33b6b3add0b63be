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

/* --by range: the ranges worth fixing first, then a row per range (tables/profile-ranges.c). */
void tab_profile_ranges(struct report *r, const struct profile_run *run);

/* --by instruction: a table of sampled instructions per kernel (tables/profile-instructions.c). */
void tab_profile_instructions(struct report *r, const struct profile_run *run);

/* The identity cells of a row of kernel k's device, as the program's records give it. */
void tab_profile_identity(struct report_table *t, size_t r, const struct prof_kernel *k,
			  const char *hostname);

#endif
