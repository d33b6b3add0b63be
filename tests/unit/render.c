/* For unit tests: a report rendered into a string. */
#include <stdio.h>
#include <stdlib.h>
#include "tests/unit/render.h"

char *render(const struct report *r, enum report_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (!f)
		return NULL;
	rc = report_emit(r, fmt, f);
	fclose(f);
	if (rc) {
		free(buf);
		return NULL;
	}
	return buf;
}
