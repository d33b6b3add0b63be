/*
 * UTF-8 validity, for the writers of formats that must stay well formed
 * whatever bytes reach them (a kernel name from a cubin, a device name):
 * JSON (report/render-json.c) and XML/HTML (report/xml.c).
 */
#ifndef GP_UTIL_UTF8_H
#define GP_UTIL_UTF8_H

#include <stddef.h>

/*
 * Bytes of the well-formed UTF-8 sequence that starts at s (1 to 4), or 0
 * where s starts no such sequence: a stray continuation byte, a truncated
 * sequence, an overlong form, a surrogate or a value past U+10FFFF.  s[0]
 * must not be the terminating NUL; the check stops at the first bad byte,
 * so it never reads past a NUL.
 */
size_t utf8_seq_len(const unsigned char *s);

#endif
