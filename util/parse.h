/*
 * Parsers for option values.  Every parser takes the option's name for
 * its message ("--threads"), prints "gpuperf: error: --threads: ..." and
 * returns GP_EXIT_USAGE on bad input, 0 on success.  They never touch the
 * GPU, so every bad value is refused before a device is opened.
 *
 * Numbers are decimal, without sign or spaces.  Sizes take an optional
 * suffix, case-insensitive: K, M, G, T, P, E and KiB ... EiB are powers
 * of 1024; KB ... EB are powers of 1000; B is bytes.  Every unit
 * format_size writes is one a size may be typed in.  A fraction is
 * allowed when the result is a whole number of bytes ("1.5K").
 *
 * Lists are comma-separated items; an item is a value or a range:
 *   A-B       every value from A to B
 *   A-B:S     from A to B in steps of S
 *   A-B:xF    A, A*F, A*F*F, ... up to B (F >= 2)
 */
#ifndef GP_UTIL_PARSE_H
#define GP_UTIL_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define GP_LIST_MAX 100000  /* most values a list may expand to */

enum parse_unit {
	PARSE_COUNT,  /* plain integers */
	PARSE_SIZE,   /* integers with size suffixes */
};

struct u64_list {
	uint64_t *v;
	size_t n;
};

int parse_uint(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out);
int parse_int(const char *opt, const char *s, int64_t min, int64_t max, int64_t *out);
int parse_double(const char *opt, const char *s, double min, double max, double *out);
int parse_size(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out);
/*
 * parse_size, where kib makes KB, MB, ... powers of 1024 as well (shared
 * memory: the "48 KB" of CUDA's documentation is 49152 bytes); *decimal,
 * when not NULL, says whether such a suffix was typed.
 */
int parse_size_as(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out,
		  int kib, int *decimal);

/* Values in the order written; duplicates kept.  Free with u64_list_free(). */
int parse_list(const char *opt, const char *s, enum parse_unit unit,
	       uint64_t min, uint64_t max, struct u64_list *out);
void u64_list_free(struct u64_list *l);

/*
 * One name out of names[] (NULL-terminated); *index receives its position.
 * Unknown names are refused with the list of valid ones.
 */
int parse_choice(const char *opt, const char *s, const char *const *names, int *index);

/*
 * Comma-separated names out of names[] (NULL-terminated, at most 32);
 * "all" selects every name.  *mask gets bit i for names[i].
 */
int parse_choices(const char *opt, const char *s, const char *const *names, unsigned *mask);

/* One access width, "4", "8" or "16" bytes, into *width. */
int parse_access_width(const char *opt, const char *s, unsigned *width);

/*
 * A size for people, never a long byte count: exact in binary units where
 * that takes four digits at most ("256 MiB", "1536 KiB", "1000 B"), else
 * exact in decimal units, as one types them ("500 GB"), else three
 * significant digits of binary units ("79.2 GiB").
 */
const char *format_size(char *buf, size_t n, uint64_t bytes);

/*
 * A share in percent for people, without the " %": whole numbers ("94"),
 * and within 1 of 0 or 100 the decimals that keep it off them ("0.02",
 * "0.8", "99.97"), so a share that is not nothing never reads 0 and one
 * short of all never reads 100.  Exactly 0 and 100 stay "0" and "100".
 */
const char *format_pct(char *buf, size_t n, double pct);

#endif
