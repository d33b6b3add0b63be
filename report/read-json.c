/* A recursive-descent JSON reader, strict to the grammar of RFC 8259. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/read-json.h"
#include "util/error.h"
#include "util/utf8.h"

struct parser {
	const char *s;
	size_t len, i, line;
	char *err;
	size_t errn;
};

struct buf {
	char *s;
	size_t n, cap;
};

static void put(struct buf *b, const char *p, size_t k)
{
	if (b->n + k + 1 > b->cap) {
		b->cap = (b->n + k + 1) * 2;
		b->s = gp_xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, p, k);
	b->n += k;
	b->s[b->n] = '\0';
}

static int fail(struct parser *p, const char *what)
{
	if (p->i >= p->len)
		snprintf(p->err, p->errn, "line %zu: %s (the text ends there)", p->line, what);
	else
		snprintf(p->err, p->errn, "line %zu: %s", p->line, what);
	return -1;
}

static void skip_space(struct parser *p)
{
	for (; p->i < p->len; p->i++) {
		char c = p->s[p->i];
		if (c == '\n')
			p->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			break;
	}
}

static int peek(const struct parser *p)
{
	return p->i < p->len ? (unsigned char)p->s[p->i] : -1;
}

static int hex4(struct parser *p, unsigned *v)
{
	*v = 0;
	for (int k = 0; k < 4; k++, p->i++) {
		int c = peek(p), d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
				    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return fail(p, "a \\u escape needs four hex digits");
		*v = *v * 16 + (unsigned)d;
	}
	return 0;
}

static void put_utf8(struct buf *b, unsigned cp)
{
	char u[4];
	size_t k;

	if (cp < 0x80) {
		u[0] = (char)cp;
		k = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		k = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		k = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		k = 4;
	}
	put(b, u, k);
}

/* \uXXXX, a surrogate pair joined; a lone surrogate is U+FFFD, as the writer puts it. */
static int unicode_escape(struct parser *p, struct buf *b)
{
	unsigned cp, lo;

	if (hex4(p, &cp))
		return -1;
	if (cp >= 0xd800 && cp < 0xdc00 && p->i + 1 < p->len && p->s[p->i] == '\\' &&
	    p->s[p->i + 1] == 'u') {
		size_t at = p->i;
		p->i += 2;
		if (hex4(p, &lo))
			return -1;
		if (lo >= 0xdc00 && lo < 0xe000)
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		else
			p->i = at;  /* not a pair: the second escape stands on its own */
	}
	if (cp >= 0xd800 && cp < 0xe000)
		cp = 0xfffd;
	if (!cp)
		return fail(p, "a \\u0000 in a string");
	put_utf8(b, cp);
	return 0;
}

static int string(struct parser *p, char **out)
{
	struct buf b = { 0 };

	p->i++;  /* the opening quote */
	put(&b, "", 0);
	for (;;) {
		int c = peek(p);
		size_t k;

		if (c < 0) {
			free(b.s);
			return fail(p, "a string is never closed");
		}
		if (c == '"') {
			p->i++;
			break;
		}
		if (c < 0x20) {
			free(b.s);
			return fail(p, "a control character inside a string");
		}
		if (c == '\\') {
			static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
			const char *e;
			p->i++;
			c = peek(p);
			if (c == 'u') {
				p->i++;
				if (unicode_escape(p, &b)) {
					free(b.s);
					return -1;
				}
				continue;
			}
			e = c > 0 ? strchr(from, c) : NULL;
			if (!e) {
				free(b.s);
				return fail(p, "an unknown escape in a string");
			}
			put(&b, &to[e - from], 1);
			p->i++;
			continue;
		}
		k = utf8_seq_len((const unsigned char *)p->s + p->i);
		if (!k || p->i + k > p->len) {
			free(b.s);
			return fail(p, "a string that is not UTF-8");
		}
		put(&b, p->s + p->i, k);
		p->i += k;
	}
	*out = b.s;
	return 0;
}

static size_t digits(struct parser *p)
{
	size_t k = 0;

	while (peek(p) >= '0' && peek(p) <= '9') {
		p->i++;
		k++;
	}
	return k;
}

static int number(struct parser *p, struct json *v)
{
	size_t start = p->i;

	if (peek(p) == '-')
		p->i++;
	if (peek(p) == '0')
		p->i++;
	else if (!digits(p))
		return fail(p, "not a JSON value");
	if (peek(p) == '.') {
		p->i++;
		if (!digits(p))
			return fail(p, "a number without digits after its point");
	}
	if (peek(p) == 'e' || peek(p) == 'E') {
		p->i++;
		if (peek(p) == '+' || peek(p) == '-')
			p->i++;
		if (!digits(p))
			return fail(p, "a number without digits in its exponent");
	}
	v->type = JSON_NUMBER;
	v->text = gp_xasprintf("%.*s", (int)(p->i - start), p->s + start);
	return 0;
}

static int value(struct parser *p, struct json *v, int depth);

static void add_item(struct json *v, struct json *item, char *key)
{
	v->items = gp_xrealloc(v->items, (v->n + 1) * sizeof(*v->items));
	v->items[v->n] = *item;
	if (v->type == JSON_OBJECT) {
		v->keys = gp_xrealloc(v->keys, (v->n + 1) * sizeof(*v->keys));
		v->keys[v->n] = key;
	}
	v->n++;
}

/* An array's values or an object's members, up to close. */
static int members(struct parser *p, struct json *v, int depth, char close)
{
	p->i++;
	skip_space(p);
	if (peek(p) == close) {
		p->i++;
		return 0;
	}
	for (;;) {
		struct json item = { 0 };
		char *key = NULL;

		skip_space(p);
		if (close == '}') {
			if (peek(p) != '"')
				return fail(p, "an object's member must start with a quoted name");
			if (string(p, &key))
				return -1;
			skip_space(p);
			if (peek(p) != ':') {
				free(key);
				return fail(p, "a ':' must follow a member's name");
			}
			p->i++;
		}
		if (value(p, &item, depth + 1)) {
			free(key);
			return -1;
		}
		add_item(v, &item, key);
		skip_space(p);
		if (peek(p) == ',') {
			p->i++;
			continue;
		}
		if (peek(p) == close) {
			p->i++;
			return 0;
		}
		return fail(p, close == '}' ? "a ',' or '}' must follow an object's member"
					    : "a ',' or ']' must follow an array's value");
	}
}

static int word(struct parser *p, const char *w, enum json_type t, struct json *v)
{
	size_t k = strlen(w);

	if (p->len - p->i < k || memcmp(p->s + p->i, w, k))
		return fail(p, "not a JSON value");
	p->i += k;
	v->type = t;
	return 0;
}

static int value(struct parser *p, struct json *v, int depth)
{
	int c;

	memset(v, 0, sizeof(*v));
	if (depth > JSON_MAX_DEPTH)
		return fail(p, "nested too deep");
	skip_space(p);
	v->line = p->line;
	c = peek(p);
	switch (c) {
	case '{':
	case '[':
		v->type = c == '{' ? JSON_OBJECT : JSON_ARRAY;
		if (members(p, v, depth, c == '{' ? '}' : ']')) {
			json_free(v);
			return -1;
		}
		return 0;
	case '"':
		v->type = JSON_STRING;
		return string(p, &v->text);
	case 't':
		return word(p, "true", JSON_TRUE, v);
	case 'f':
		return word(p, "false", JSON_FALSE, v);
	case 'n':
		return word(p, "null", JSON_NULL, v);
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return number(p, v);
		return fail(p, c < 0 ? "no JSON value" : "not a JSON value");
	}
}

int json_parse(const char *text, size_t len, struct json *out, char *err, size_t n)
{
	struct parser p = { text, len, 0, 1, err, n };

	if (value(&p, out, 0))
		return -1;
	skip_space(&p);
	if (p.i < p.len) {
		json_free(out);
		return fail(&p, "text after the JSON value");
	}
	return 0;
}

int json_parse_next(const char *text, size_t len, size_t *pos, size_t *line, struct json *out,
		    char *err, size_t n)
{
	struct parser p = { text, len, *pos, *line, err, n };

	skip_space(&p);
	if (p.i >= p.len) {
		*pos = p.i;
		*line = p.line;
		return 1;
	}
	if (value(&p, out, 0))
		return -1;
	/* a number or word ends at white space: "12" is not 1 then 2 (others end themselves) */
	if (p.i < p.len && out->type != JSON_OBJECT && out->type != JSON_ARRAY &&
	    out->type != JSON_STRING &&
	    !strchr(" \t\r\n", p.s[p.i])) {
		json_free(out);
		return fail(&p, "text after the JSON value");
	}
	*pos = p.i;
	*line = p.line;
	return 0;
}

void json_free(struct json *v)
{
	for (size_t i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->text);
	memset(v, 0, sizeof(*v));
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = {
		"null", "false", "true", "a number", "a string", "an array", "an object",
	};

	return names[t];
}
