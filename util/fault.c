/* GPUPERF_FAULT=TEXT:N: which calls fail on purpose (see fault.h). */
#include <stdlib.h>
#include <string.h>
#include "util/fault.h"

int gp_fault(const char *what)
{
	static const char *text;
	static size_t len;
	static long nth, seen;
	static int parsed;

	if (!parsed) {
		const char *env = getenv("GPUPERF_FAULT");
		const char *colon = env ? strrchr(env, ':') : NULL;

		parsed = 1;
		if (colon && colon > env && (nth = strtol(colon + 1, NULL, 10)) > 0) {
			text = env;
			len = (size_t)(colon - env);
		}
	}
	if (!text || !memmem(what, strlen(what), text, len))
		return 0;
	return ++seen >= nth;
}
