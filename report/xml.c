/* Escaping for XML and HTML: every string from outside (a device name, argv) passes here. */
#include <string.h>
#include "report/xml.h"
#include "util/utf8.h"

size_t xml_chars(const char *s)
{
	size_t n = 0, len;

	for (const unsigned char *p = (const unsigned char *)s; *p; p += len ? len : 1, n++)
		len = utf8_seq_len(p);
	return n;
}

void xml_text(FILE *out, const char *s, size_t max_chars)
{
	size_t total = max_chars ? xml_chars(s) : 0, done = 0, len;

	for (const unsigned char *p = (const unsigned char *)s; *p; p += len ? len : 1, done++) {
		len = utf8_seq_len(p);
		if (max_chars && total > max_chars && done + 1 == max_chars) {
			fputs("\xe2\x80\xa6", out);  /* the ellipsis */
			return;
		}
		if (!len || (*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f) {
			fputc('?', out);
			continue;
		}
		switch (*p) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fwrite(p, 1, len, out);
		}
	}
}
