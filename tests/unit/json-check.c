/* A strict recursive-descent JSON checker (see json-check.h). */
#include <string.h>
#include "tests/unit/json-check.h"

struct in {
	const unsigned char *p, *end;
	int depth;
};

static int value(struct in *in);

static void space(struct in *in)
{
	while (in->p < in->end && (*in->p == ' ' || *in->p == '\t' || *in->p == '\n' || *in->p == '\r'))
		in->p++;
}

static int eat(struct in *in, char c)
{
	if (in->p < in->end && *in->p == (unsigned char)c) {
		in->p++;
		return 0;
	}
	return -1;
}

static int word(struct in *in, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(in->end - in->p) < n || memcmp(in->p, w, n))
		return -1;
	in->p += n;
	return 0;
}

static int digits(struct in *in)
{
	const unsigned char *start = in->p;

	while (in->p < in->end && *in->p >= '0' && *in->p <= '9')
		in->p++;
	return in->p > start ? 0 : -1;
}

static int number(struct in *in)
{
	eat(in, '-');
	if (!eat(in, '0')) {
		if (in->p < in->end && *in->p >= '0' && *in->p <= '9')
			return -1;  /* a leading zero */
	} else if (digits(in)) {
		return -1;
	}
	if (!eat(in, '.') && digits(in))
		return -1;
	if (in->p < in->end && (*in->p == 'e' || *in->p == 'E')) {
		in->p++;
		if (eat(in, '+'))
			eat(in, '-');
		if (digits(in))
			return -1;
	}
	return 0;
}

/* Four hex digits after \u: the code unit, or -1. */
static long hex4(struct in *in)
{
	long v = 0;

	if (in->end - in->p < 4)
		return -1;
	for (int i = 0; i < 4; i++, in->p++) {
		int c = *in->p;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static int escape(struct in *in)
{
	long u;

	if (in->p >= in->end)
		return -1;
	if (*in->p && strchr("\"\\/bfnrt", *in->p)) {
		in->p++;
		return 0;
	}
	if (*in->p++ != 'u' || (u = hex4(in)) < 0)
		return -1;
	if (u >= 0xdc00 && u <= 0xdfff)
		return -1;  /* a low surrogate alone */
	if (u >= 0xd800 && u <= 0xdbff) {
		/* a high surrogate needs its low half */
		if (word(in, "\\u") || (u = hex4(in)) < 0xdc00 || u > 0xdfff)
			return -1;
	}
	return 0;
}

/* One UTF-8 encoded character at in->p (its first byte >= 0x80), decoded and range-checked. */
static int utf8_char(struct in *in)
{
	unsigned c = *in->p;
	unsigned long cp, min;
	int n;

	if (c >= 0xf0 && c < 0xf8) {
		n = 4, cp = c & 0x07, min = 0x10000;
	} else if (c >= 0xe0) {
		n = 3, cp = c & 0x0f, min = 0x800;
	} else if (c >= 0xc0) {
		n = 2, cp = c & 0x1f, min = 0x80;
	} else {
		return -1;
	}
	if (c >= 0xf8 || in->end - in->p < n)
		return -1;
	for (int i = 1; i < n; i++) {
		if ((in->p[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (in->p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	in->p += n;
	return 0;
}

static int string(struct in *in)
{
	if (eat(in, '"'))
		return -1;
	while (in->p < in->end && *in->p != '"') {
		if (*in->p < 0x20)
			return -1;
		if (*in->p == '\\') {
			in->p++;
			if (escape(in))
				return -1;
		} else if (*in->p >= 0x80) {
			if (utf8_char(in))
				return -1;
		} else {
			in->p++;
		}
	}
	return eat(in, '"');
}

/* The members of an array or object after its opening bracket, and its closing one. */
static int members(struct in *in, int object)
{
	char close = object ? '}' : ']';

	space(in);
	if (!eat(in, close))
		return 0;
	for (;;) {
		if (object) {
			if (string(in))
				return -1;
			space(in);
			if (eat(in, ':'))
				return -1;
			space(in);
		}
		if (value(in))
			return -1;
		space(in);
		if (!eat(in, close))
			return 0;
		if (eat(in, ','))
			return -1;
		space(in);
	}
}

static int value(struct in *in)
{
	int rc;

	if (in->p >= in->end)
		return -1;
	switch (*in->p) {
	case '{':
	case '[':
		if (++in->depth > 256)
			return -1;
		rc = members(in, *in->p++ == '{');
		in->depth--;
		return rc;
	case '"':
		return string(in);
	case 't':
		return word(in, "true");
	case 'f':
		return word(in, "false");
	case 'n':
		return word(in, "null");
	default:
		return number(in);
	}
}

int json_check(const char *s, size_t n, size_t *where)
{
	struct in in = { (const unsigned char *)s, (const unsigned char *)s + n, 0 };
	int rc;

	space(&in);
	rc = value(&in);
	space(&in);
	if (!rc && in.p != in.end)
		rc = -1;
	if (where)
		*where = (size_t)(in.p - (const unsigned char *)s);
	return rc;
}
