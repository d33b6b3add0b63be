/*
 * --kernel REGEX: which kernels to profile, decided the same way in the
 * injected library (before a launch) and in gpuperf (which rows to show).
 * POSIX extended regular expressions, matched anywhere in the demangled
 * name ("copy" matches "void copy<float>(float*, float const*)").
 */
#ifndef GP_UTIL_FILTER_H
#define GP_UTIL_FILTER_H

#include <regex.h>
#include <stddef.h>

struct prof_filter {
	int on;          /* 0: every kernel matches */
	regex_t re;
};

/*
 * Compile pattern (NULL or "": match everything).  0, or -1 with the
 * reason in err ("unmatched ( or \\(").  Allocates nothing but the regex.
 */
int prof_filter_init(struct prof_filter *f, const char *pattern, char *err, size_t errsize);

/* Does the demangled name match? */
int prof_filter_match(const struct prof_filter *f, const char *demangled);

void prof_filter_free(struct prof_filter *f);

#endif
