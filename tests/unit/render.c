/* unit_render: report_emit into a memory stream (see render.h). */
#include <stdio.h>
#include <stdlib.h>
#include "tests/unit/render.h"

char *unit_render(const struct report *r, enum report_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (!f)
		return NULL;
	rc = report_emit(r, fmt, f);
	if (fclose(f) || rc) {
		free(buf);
		return NULL;
	}
	return buf;
}
