/* A report rendered into memory, for the unit tests that read what report/ writes. */
#ifndef GP_TESTS_RENDER_H
#define GP_TESTS_RENDER_H

#include "report/report.h"

/* r in format fmt as one string (free it), or NULL where report_emit failed. */
char *unit_render(const struct report *r, enum report_format fmt);

#endif
