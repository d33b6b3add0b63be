/* "Did you mean" for mistyped commands and options. */
#ifndef GP_UTIL_SUGGEST_H
#define GP_UTIL_SUGGEST_H

#include <stddef.h>

/* Edit distance between two strings (insert, delete, substitute, swap). */
size_t edit_distance(const char *a, const char *b);

/*
 * The candidate closest to word, or NULL when none is close enough to be
 * a likely typo.  cands has n entries; NULL entries are skipped.
 */
const char *suggest(const char *word, const char *const *cands, size_t n);

#endif
