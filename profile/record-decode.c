/*
 * The profile record codec (profile/record.h), decoding side: strict, so
 * a truncated or damaged file gives a message naming the line and what
 * is wrong with it, and never reads outside the buffer.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/compat.h"
#include "util/error.h"
#include "profile/record-fields.h"
#include "profile/stalls.h"

/* A value for a message: at most 40 bytes, unprintable ones as '?'. */
static const char *shown(const char *s, size_t n, char *buf, size_t size)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 4 < size && i < 40; i++)
		buf[k++] = isprint((unsigned char)s[i]) ? s[i] : '?';
	if (n > 40 && k + 4 < size) {
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k] = '\0';
	return buf;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Percent-decode v[0..n) into a malloc'd string, or NULL with *err. */
static char *unescape(const char *v, size_t n, char **err)
{
	char *s = gp_xmalloc(n + 1), *w = s;

	for (size_t i = 0; i < n; i++) {
		int hi, lo;

		if (v[i] != '%') {
			*w++ = v[i];
			continue;
		}
		if (n - i < 3) {
			free(s);
			*err = gp_xasprintf("'%%' without two hex digits after it");
			return NULL;
		}
		hi = hexval(v[i + 1]);
		lo = hexval(v[i + 2]);
		if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
			free(s);
			*err = hi < 0 || lo < 0 ? gp_xasprintf("a bad %%-escape") :
				gp_xasprintf("%%00 (a NUL byte)");
			return NULL;
		}
		*w++ = (char)(hi << 4 | lo);
		i += 2;
	}
	*w = '\0';
	return s;
}

/* Copy v[0..n) into buf as a string for strto*; 0, or -1 when too long or empty. */
static int number_text(const char *v, size_t n, char *buf, size_t size)
{
	if (!n || n >= size)
		return -1;
	memcpy(buf, v, n);
	buf[n] = '\0';
	return 0;
}

/* Strict signed decimal: all of v[0..n).  0, or -1. */
static int parse_ll(const char *v, size_t n, long long *out)
{
	char buf[32], *end;

	if (number_text(v, n, buf, sizeof(buf)) || !isdigit((unsigned char)buf[buf[0] == '-']))
		return -1;
	errno = 0;
	*out = strtoll(buf, &end, 10);
	return errno || *end ? -1 : 0;
}

/* Strict unsigned decimal, no sign. */
static int parse_ull(const char *v, size_t n, unsigned long long *out)
{
	char buf[32], *end;

	if (number_text(v, n, buf, sizeof(buf)) || !isdigit((unsigned char)buf[0]))
		return -1;
	errno = 0;
	*out = strtoull(buf, &end, 10);
	return errno || *end ? -1 : 0;
}

static int parse_u32(const char *v, size_t n, unsigned *out)
{
	unsigned long long u;

	if (parse_ull(v, n, &u) || u > UINT_MAX)
		return -1;
	*out = (unsigned)u;
	return 0;
}

/* "x,y,z" */
static int parse_dim3(const char *v, size_t n, struct prof_dim3 *d)
{
	const char *c1 = memchr(v, ',', n), *c2;

	if (!c1)
		return -1;
	c2 = memchr(c1 + 1, ',', n - (size_t)(c1 + 1 - v));
	if (!c2)
		return -1;
	return parse_u32(v, (size_t)(c1 - v), &d->x) ||
	       parse_u32(c1 + 1, (size_t)(c2 - c1 - 1), &d->y) ||
	       parse_u32(c2 + 1, n - (size_t)(c2 + 1 - v), &d->z) ? -1 : 0;
}

static int parse_double(const char *v, size_t n, double *out)
{
	char buf[64], *end;

	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)v[i]) && !strchr("+-.eE", v[i]))
			return -1;   /* no "nan", "inf", hex or spaces */
	if (number_text(v, n, buf, sizeof(buf)))
		return -1;
	errno = 0;
	*out = strtod(buf, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

/* One key=value into r.  NULL, or the reason (malloc'd). */
static char *set_field(struct prof_rec *r, const struct field *f, const char *v, size_t n)
{
	char *base = (char *)r, *err = NULL, tmp[48];
	unsigned long long u;
	long long x;

	switch (f->t) {
	case F_INT:
	case F_LL:
		if (parse_ll(v, n, &x) || x < f->min || x > f->max)
			return gp_xasprintf("'%s' is not a whole number from %lld to %lld: '%s'",
					    f->key, f->min, f->max, shown(v, n, tmp, sizeof(tmp)));
		if (f->t == F_INT)
			*(int *)(base + f->off) = (int)x;
		else
			*(long long *)(base + f->off) = x;
		return NULL;
	case F_U64:
		if (parse_ull(v, n, &u))
			return gp_xasprintf("'%s' is not a whole number: '%s'", f->key,
					    shown(v, n, tmp, sizeof(tmp)));
		*(unsigned long long *)(base + f->off) = u;
		return NULL;
	case F_DIM3:
		if (parse_dim3(v, n, (struct prof_dim3 *)(base + f->off)))
			return gp_xasprintf("'%s' is not three numbers x,y,z: '%s'", f->key,
					    shown(v, n, tmp, sizeof(tmp)));
		return NULL;
	case F_CC: {
		const char *dot = memchr(v, '.', n);
		unsigned long long ma, mi;
		if (!dot || parse_ull(v, (size_t)(dot - v), &ma) ||
		    parse_ull(dot + 1, n - (size_t)(dot + 1 - v), &mi) || ma > 99 || mi > 99)
			return gp_xasprintf("'cc' is not a compute capability like 9.0: '%s'",
					    shown(v, n, tmp, sizeof(tmp)));
		r->cc_major = (int)ma;
		r->cc_minor = (int)mi;
		return NULL;
	}
	case F_STR: {
		char *s = unescape(v, n, &err);
		if (!s) {
			char *e = gp_xasprintf("'%s': %s", f->key, err);
			free(err);
			return e;
		}
		*(char **)(base + f->off) = s;
		return NULL;
	}
	}
	return gp_xasprintf("unknown field type");
}

static void rec_free(struct prof_rec *r)
{
	free(r->name);
	free(r->chip);
	free(r->uuid);
	free(r->kernel);
	free(r->api);
	free(r->level);
	free(r->text);
	free(r->range);
	free(r->hot_file);
	free(r->op);
	free(r->code);
	free(r->sass);
	free(r->counter_set);
}

static int key_ok(const char *k, size_t n)
{
	if (!n || n > 64)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!islower((unsigned char)k[i]) && !isdigit((unsigned char)k[i]) &&
		    k[i] != '_' && k[i] != '.')
			return 0;
	return 1;
}

/* One "s.NAME=N" key: a state's samples.  NULL, or the reason. */
static char *set_stall(struct prof_rec *r, const char *key, size_t klen, const char *v,
		       size_t vlen)
{
	char name[80], tmp[48];
	unsigned long long n;
	int not_issued, s;

	if (r->type != PROF_LAUNCH && r->type != PROF_PC)
		return gp_xasprintf("stall samples outside a launch or pc record");
	if (klen >= sizeof(name) - 20)
		return gp_xasprintf("a stall state's name of %zu bytes", klen);
	snprintf(name, sizeof(name), "warps_issue_stalled_%.*s", (int)klen, key);
	s = prof_stall_of(name, &not_issued);
	if (s < 0 || not_issued)
		return NULL;   /* no state */
	/* a state of a newer gpuperf counts as other, with "other" itself */
	if (s != PS_OTHER && r->stall[s])
		return gp_xasprintf("stall state '%s' twice", prof_stall_code((enum prof_stall)s));
	if (parse_ull(v, vlen, &n) || !n)
		return gp_xasprintf("stall state '%.*s' is not a count above 0: '%s'", (int)klen,
				    key, shown(v, vlen, tmp, sizeof(tmp)));
	r->stall[s] += n;
	return NULL;
}

/* The fields of one line after its type.  NULL, or the reason. */
static char *parse_fields(struct prof_rec *r, const char *p, const char *end)
{
	unsigned bit = 1u << r->type;
	unsigned long long seen = 0;
	unsigned char seen_ctr[CTR_COUNT] = { 0 };
	char tmp[48];

	while (p < end) {
		const char *tok, *eq, *sp;
		size_t klen;

		if (*p != ' ')
			return gp_xasprintf("fields must be separated by one space");
		tok = ++p;
		sp = memchr(tok, ' ', (size_t)(end - tok));
		if (!sp)
			sp = end;
		if (sp == tok)
			return gp_xasprintf("an empty field (two spaces, or a space at the end)");
		eq = memchr(tok, '=', (size_t)(sp - tok));
		if (!eq)
			return gp_xasprintf("'%s' is not key=value",
					    shown(tok, (size_t)(sp - tok), tmp, sizeof(tmp)));
		klen = (size_t)(eq - tok);
		if (!key_ok(tok, klen))
			return gp_xasprintf("bad key '%s'", shown(tok, klen, tmp, sizeof(tmp)));
		for (const char *c = eq + 1; c < sp; c++)
			if ((unsigned char)*c <= ' ' || (unsigned char)*c > '~')
				return gp_xasprintf("a raw control or non-ASCII byte in the value "
						    "of '%s'", shown(tok, klen, tmp, sizeof(tmp)));
		p = sp;
		if (klen > 2 && !strncmp(tok, CTR_PREFIX, 2)) {
			char name[64];
			int id;
			double v;

			memcpy(name, tok + 2, klen - 2);
			name[klen - 2] = '\0';
			if (r->type != PROF_LAUNCH)
				return gp_xasprintf("counter '%s' outside a launch record", name);
			if ((id = ctr_lookup(name)) < 0)
				continue;   /* a counter of a newer gpuperf */
			if (seen_ctr[id]++)
				return gp_xasprintf("counter '%s' twice", name);
			if (parse_double(eq + 1, (size_t)(sp - eq - 1), &v))
				return gp_xasprintf("counter '%s' is not a finite number: '%s'", name,
						    shown(eq + 1, (size_t)(sp - eq - 1), tmp,
							  sizeof(tmp)));
			r->ctr[id] = v;
			continue;
		}
		if (klen > 2 && !strncmp(tok, STALL_PREFIX, 2)) {
			char *e = set_stall(r, tok + 2, klen - 2, eq + 1, (size_t)(sp - eq - 1));
			if (e)
				return e;
			continue;
		}
		size_t i;
		for (i = 0; i < prof_nfields; i++)
			if (strlen(prof_fields[i].key) == klen && !strncmp(prof_fields[i].key, tok, klen))
				break;
		if (i == prof_nfields || !((prof_fields[i].need | prof_fields[i].opt) & bit))
			continue;   /* a key of a newer gpuperf, or of another type */
		if (seen & (1ull << i))
			return gp_xasprintf("'%s' twice", prof_fields[i].key);
		seen |= 1ull << i;
		char *e = set_field(r, &prof_fields[i], eq + 1, (size_t)(sp - eq - 1));
		if (e)
			return e;
	}
	for (size_t i = 0; i < prof_nfields; i++)
		if ((prof_fields[i].need & bit) && !(seen & (1ull << i)))
			return gp_xasprintf("no '%s'", prof_fields[i].key);
	return NULL;
}

/* Processes whose header was read, and so may write other records. */
struct pids {
	long long *v;
	size_t n, cap;
};

static int pid_known(const struct pids *p, long long pid)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->v[p->n - 1 - i] == pid)
			return 1;
	return 0;
}

static void pid_add(struct pids *p, long long pid)
{
	if (pid_known(p, pid))
		return;
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 8;
		p->v = gp_xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	p->v[p->n++] = pid;
}

/* One line (without its newline) into r.  NULL, or the reason. */
static char *parse_line(const char *line, size_t n, struct prof_rec *r, struct pids *pids)
{
	const char *sp = memchr(line, ' ', n), *end = line + n;
	size_t tlen = sp ? (size_t)(sp - line) : n;
	char tmp[48], *e;
	int t;

	prof_rec_init(r, PROF_HELLO, 0);
	if (memchr(line, '\0', n))
		return gp_xasprintf("a NUL byte in the line");
	for (t = 0; t < PROF_NTYPES; t++)
		if (strlen(prof_type_names[t]) == tlen && !strncmp(prof_type_names[t], line, tlen))
			break;
	if (t == PROF_NTYPES)
		return gp_xasprintf("unknown record type '%s'",
				    shown(line, tlen, tmp, sizeof(tmp)));
	prof_rec_init(r, (enum prof_type)t, 0);
	r->version = 0;
	if ((e = parse_fields(r, line + tlen, end)))
		return e;
	if (r->type == PROF_HELLO) {
		if (r->version < PROF_FORMAT_OLDEST || r->version > PROF_FORMAT_VERSION)
			return gp_xasprintf("format version %d; this gpuperf reads versions %d to "
					    "%d (the profiling library and gpuperf come from "
					    "different builds)", r->version, PROF_FORMAT_OLDEST,
					    PROF_FORMAT_VERSION);
		pid_add(pids, r->pid);
	} else if (!pid_known(pids, r->pid)) {
		return gp_xasprintf("process %lld wrote it before its '%s' header", r->pid,
				    PROF_MAGIC);
	}
	return NULL;
}

int prof_decode(const char *buf, size_t len, struct prof_records *out, char **err)
{
	struct pids pids = { 0 };
	size_t lineno = 0, pos = 0;
	int rc = 0;

	*err = NULL;
	while (pos < len) {
		const char *line = buf + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;
		struct prof_rec r;
		char *e;

		lineno++;
		if (n + 1 > PROF_LINE_MAX) {
			*err = gp_xasprintf("profile record line %zu is longer than %d bytes", lineno,
					    PROF_LINE_MAX);
			rc = -1;
			break;
		}
		if (!nl) {
			*err = gp_xasprintf("profile record line %zu is cut short (no newline at the "
					    "end of %zu bytes): the program may have been killed "
					    "while it was written", lineno, n);
			rc = -1;
			break;
		}
		if ((e = parse_line(line, n, &r, &pids))) {
			char tmp[48];
			const char *sp = memchr(line, ' ', n);
			*err = gp_xasprintf("profile record line %zu ('%s'): %s", lineno,
					    shown(line, sp ? (size_t)(sp - line) : n, tmp, sizeof(tmp)), e);
			free(e);
			rec_free(&r);
			rc = -1;
			break;
		}
		prof_records_push(out, &r);
		pos += n + 1;
	}
	free(pids.v);
	return rc;
}

void prof_records_push(struct prof_records *rs, const struct prof_rec *r)
{
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? 2 * rs->cap : 64;
		rs->v = gp_xrealloc(rs->v, rs->cap * sizeof(*rs->v));
	}
	rs->v[rs->n++] = *r;
}

void prof_records_free(struct prof_records *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		rec_free(&rs->v[i]);
	free(rs->v);
	rs->v = NULL;
	rs->n = rs->cap = 0;
}
