/* gpuperf profile's results as tables (tables/tables.h). */
#ifndef GP_TABLES_PROFILE_H
#define GP_TABLES_PROFILE_H

#include "profile/analyze.h"
#include "tables/tables.h"

/* What `gpuperf profile` ran and found. */
struct profile_run {
	char *command;               /* the program's command line, for the title */
	char hostname[256];
	int status;                  /* the program's exit status (128 + signal when killed) */
	int signal;
	struct prof_analysis a;
};
void profile_run_free(void *profile_run);

#define PROFILE_NCOLUMNS (TAB_NIDENTITY + 74)
extern const struct report_col profile_columns[PROFILE_NCOLUMNS];

/*
 * The worst offenders first, then a row per kernel with its bound and
 * verdict, and the roofline of every profiled kernel (a chart: --plot,
 * --html).  run: struct profile_run.
 */
void tab_profile(struct report *r, const struct gp_device *dev, const void *profile_run);

#endif
