/* For unit tests: a report rendered into a string, as gpuperf would print it. */
#ifndef GP_TESTS_UNIT_RENDER_H
#define GP_TESTS_UNIT_RENDER_H

#include "report/report.h"

/* The report in fmt (malloc'd; free it), or NULL when rendering failed. */
char *render(const struct report *r, enum report_format fmt);

#endif
