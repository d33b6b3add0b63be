/* Escaping for XML and HTML: every string from outside (a device name, argv) passes here. */
#include <string.h>
#include "report/xml.h"

/* Bytes of the well-formed UTF-8 sequence at s, or 0 (overlong forms and surrogates refused). */
static size_t utf8_len(const unsigned char *s)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

size_t xml_chars(const char *s)
{
	size_t n = 0, len;

	for (const unsigned char *p = (const unsigned char *)s; *p; p += len ? len : 1, n++)
		len = utf8_len(p);
	return n;
}

void xml_text(FILE *out, const char *s, size_t max_chars)
{
	size_t total = max_chars ? xml_chars(s) : 0, done = 0, len;

	for (const unsigned char *p = (const unsigned char *)s; *p; p += len ? len : 1, done++) {
		len = utf8_len(p);
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
