/* --kernel REGEX (util/filter.h). */
#include <stdio.h>
#include <string.h>
#include "util/filter.h"

int prof_filter_init(struct prof_filter *f, const char *pattern, char *err, size_t errsize)
{
	int rc;

	memset(f, 0, sizeof(*f));
	if (!pattern || !*pattern)
		return 0;
	if ((rc = regcomp(&f->re, pattern, REG_EXTENDED | REG_NOSUB))) {
		if (errsize)
			regerror(rc, &f->re, err, errsize);
		return -1;
	}
	f->on = 1;
	return 0;
}

int prof_filter_match(const struct prof_filter *f, const char *demangled)
{
	return !f->on || !regexec(&f->re, demangled, 0, NULL, 0);
}

void prof_filter_free(struct prof_filter *f)
{
	if (f->on)
		regfree(&f->re);
	f->on = 0;
}
