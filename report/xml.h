/* Text inside XML and HTML (internal to report/: the SVG and HTML writers). */
#ifndef GP_REPORT_XML_H
#define GP_REPORT_XML_H

#include <stddef.h>
#include <stdio.h>

/*
 * Write s escaped for element text and attribute values alike (& < > " '),
 * with control characters and bytes that are not UTF-8 as '?', so that
 * any device name or argument keeps the document well-formed.  A
 * max_chars other than 0 cuts s to that many characters, the last an
 * ellipsis.
 */
void xml_text(FILE *out, const char *s, size_t max_chars);

/* Characters (not bytes) of s, as xml_text counts them. */
size_t xml_chars(const char *s);

#endif
