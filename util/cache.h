/*
 * Files gpuperf keeps between runs for itself, under the XDG base
 * directory for caches: $XDG_CACHE_HOME/gpuperf/NAME, or
 * $HOME/.cache/gpuperf/NAME where XDG_CACHE_HOME is unset, empty or not
 * absolute (the XDG Base Directory Specification ignores a relative one).
 * Written through util/outfile.h (whole or not at all); read here.
 */
#ifndef GP_UTIL_CACHE_H
#define GP_UTIL_CACHE_H

#include <stddef.h>

/* The most a cache file may hold: more is not one of ours. */
#define CACHE_MAX_BYTES (1u << 20)

/*
 * The path of cache file name (malloc'd), or NULL with *why saying that
 * neither XDG_CACHE_HOME nor HOME gives a place (static text).
 */
char *cache_path(const char *name, const char **why);

/*
 * Create the directories above path that are missing (new ones 0700, as
 * the specification asks of the base directory).  0, or an errno value.
 */
int cache_make_dirs(const char *path);

/*
 * The whole file at path, NUL-terminated (malloc'd), its length in *len;
 * NULL with *err an errno value: ENOENT where there is none, EFBIG over
 * CACHE_MAX_BYTES, EISDIR for a directory.
 */
char *cache_read(const char *path, size_t *len, int *err);

#endif
