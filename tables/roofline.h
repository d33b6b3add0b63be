/* `gpuperf roofline` results as report tables (tables/tables.h). */
#ifndef GP_TABLES_ROOFLINE_H
#define GP_TABLES_ROOFLINE_H

#include "results/roofline.h"
#include "tables/tables.h"

/*
 * One table, a row per ceiling asked for (roofline_columns), the
 * conventions, each row's method and note, the ridge points and the
 * stability line under it, and the roofline chart (plots only).
 */
void tab_roofline(struct report *r, const struct gp_device *dev, const void *roof_results);

/*
 * The roofline chart's x range in operations per byte: a quarter of the
 * lowest ridge point of the measured ceilings to four times the highest,
 * so that every line's bend shows; 0 when there is no memory and compute
 * ceiling to make one.
 */
int tab_roofline_range(const struct roof_results *res, double *lo, double *hi);

#endif
