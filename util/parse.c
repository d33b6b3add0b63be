/* Option values: numbers, sizes with suffixes, lists and ranges, names. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/parse.h"

struct suffix {
	const char *name;
	uint64_t mult;
};

static const struct suffix size_suffixes[] = {
	{ "", 1 }, { "b", 1 },
	{ "k", 1ull << 10 }, { "kib", 1ull << 10 }, { "kb", 1000ull },
	{ "m", 1ull << 20 }, { "mib", 1ull << 20 }, { "mb", 1000000ull },
	{ "g", 1ull << 30 }, { "gib", 1ull << 30 }, { "gb", 1000000000ull },
	{ "t", 1ull << 40 }, { "tib", 1ull << 40 }, { "tb", 1000000000000ull },
	{ "p", 1ull << 50 }, { "pib", 1ull << 50 }, { "pb", 1000000000000000ull },
	{ "e", 1ull << 60 }, { "eib", 1ull << 60 }, { "eb", 1000000000000000000ull },
};

static int bad(const char *opt, const char *s, const char *what)
{
	return gp_error(GP_EXIT_USAGE, "%s: '%s' is not %s", opt, s, what);
}

/*
 * what (the value as typed, quoted, or a value of a range) is outside
 * min..max: the bounds in the value's own terms, sizes in binary units
 * ("1 B to 1 TiB"), never a raw byte count.
 */
static int out_of_range(const char *opt, const char *what, enum parse_unit unit,
			uint64_t min, uint64_t max)
{
	char lo[32], hi[32];

	if (unit == PARSE_SIZE) {
		format_size(lo, sizeof(lo), min);
		format_size(hi, sizeof(hi), max);
	} else {
		snprintf(lo, sizeof(lo), "%" PRIu64, min);
		snprintf(hi, sizeof(hi), "%" PRIu64, max);
	}
	if (max == UINT64_MAX)
		return gp_error(GP_EXIT_USAGE, "%s: %s is too small (at least %s)", opt, what, lo);
	return gp_error(GP_EXIT_USAGE, "%s: %s is out of range (%s to %s)", opt, what, lo, hi);
}

/* Past what 64 bits hold: no bound is worth naming. */
static int too_large(const char *opt, const char *s)
{
	return gp_error(GP_EXIT_USAGE, "%s: '%s' is too large", opt, s);
}

static int typed_out_of_range(const char *opt, const char *s, enum parse_unit unit,
			      uint64_t min, uint64_t max)
{
	char *what = gp_xasprintf("'%s'", s);
	int rc = out_of_range(opt, what, unit, min, max);

	free(what);
	return rc;
}

/* Digits only: strtoull alone would accept spaces, signs and "0x". */
static int scan_digits(const char *s, const char **end, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = s;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -2;  /* overflow */
		v = v * 10 + d;
	}
	*end = p;
	*out = v;
	return 0;
}

int parse_uint(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	const char *end;
	uint64_t v;
	int rc;

	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	if (*s == '-' && isdigit((unsigned char)s[1]))
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is negative", opt, s);
	rc = scan_digits(s, &end, &v);
	if (rc == -2)
		return max == UINT64_MAX ? too_large(opt, s) : typed_out_of_range(opt, s, PARSE_COUNT, min, max);
	if (rc || *end)
		return bad(opt, s, "a number");
	if (v < min || v > max)
		return typed_out_of_range(opt, s, PARSE_COUNT, min, max);
	*out = v;
	return 0;
}

int parse_int(const char *opt, const char *s, int64_t min, int64_t max, int64_t *out)
{
	const char *end, *digits = s;
	uint64_t mag;
	int neg = 0, rc;
	int64_t v;

	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	if (*s == '-') {
		neg = 1;
		digits++;
	}
	rc = scan_digits(digits, &end, &mag);
	if (rc == -1 || (!rc && *end))
		return bad(opt, s, "a number");
	if (rc == -2 || mag > (uint64_t)INT64_MAX + neg)
		goto range;
	v = neg ? (int64_t)(0 - mag) : (int64_t)mag;
	if (v < min || v > max)
		goto range;
	*out = v;
	return 0;
range:
	return gp_error(GP_EXIT_USAGE, "%s: '%s' is out of range (%" PRId64 " to %" PRId64 ")",
			opt, s, min, max);
}

int parse_double(const char *opt, const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	if (!isdigit((unsigned char)*s) && !(*s == '-' && isdigit((unsigned char)s[1])) &&
	    *s != '.')
		return bad(opt, s, "a number");
	errno = 0;
	v = strtod(s, &end);
	if (*end || end == s || !isfinite(v))
		return bad(opt, s, "a number");
	if (errno == ERANGE || v < min || v > max)
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is out of range (%g to %g)",
				opt, s, min, max);
	*out = v;
	return 0;
}

/*
 * A size without range checks: 0, -1 (not a size) or -2 (too large).
 * kib: KB, MB, ... are powers of 1024 too; *decimal (when not NULL) is set
 * where such a suffix was read.
 */
static int scan_size_as(const char *s, const char **end, uint64_t *out, int kib, int *decimal)
{
	const char *p;
	uint64_t whole, frac = 0, frac_div = 1, mult = 0;
	char unit[8];
	size_t ulen = 0;
	int rc;

	rc = scan_digits(s, &p, &whole);
	if (rc)
		return rc;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return -1;
		for (; isdigit((unsigned char)*p); p++) {
			if (frac_div >= 1000000000000ull)
				return -1;  /* more decimals than any byte count needs */
			frac = frac * 10 + (uint64_t)(*p - '0');
			frac_div *= 10;
		}
	}
	while (ulen < sizeof(unit) - 1 && isalpha((unsigned char)p[ulen])) {
		unit[ulen] = (char)tolower((unsigned char)p[ulen]);
		ulen++;
	}
	unit[ulen] = '\0';
	for (size_t i = 0; i < sizeof(size_suffixes) / sizeof(size_suffixes[0]); i++)
		if (!strcmp(unit, size_suffixes[i].name))
			mult = size_suffixes[i].mult;
	if (!mult)
		return -1;
	if (ulen == 2 && unit[1] == 'b') {  /* KB, MB, ...: the power of 1000, or of 1024 */
		if (decimal)
			*decimal = 1;
		if (kib) {
			unit[1] = '\0';
			for (size_t i = 0; i < sizeof(size_suffixes) / sizeof(size_suffixes[0]); i++)
				if (!strcmp(unit, size_suffixes[i].name))
					mult = size_suffixes[i].mult;
		}
	}
	if (whole > UINT64_MAX / mult)
		return -2;
	/* The fraction must come out as whole bytes: 1.5K yes, 1.5 (bytes) no. */
	if (frac) {
		unsigned __int128 part = (unsigned __int128)frac * mult;
		if (part % frac_div)
			return -1;
		part /= frac_div;
		if (whole * mult > UINT64_MAX - (uint64_t)part)
			return -2;
		*out = whole * mult + (uint64_t)part;
	} else {
		*out = whole * mult;
	}
	*end = p + ulen;
	return 0;
}

static int scan_size(const char *s, const char **end, uint64_t *out)
{
	return scan_size_as(s, end, out, 0, NULL);
}

static int size_error(const char *opt, const char *s, int rc, uint64_t min, uint64_t max)
{
	if (rc == -2)
		return max == UINT64_MAX ? too_large(opt, s) : typed_out_of_range(opt, s, PARSE_SIZE, min, max);
	if (*s == '-')
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is negative", opt, s);
	return gp_error(GP_EXIT_USAGE,
			"%s: '%s' is not a size (a whole number of bytes, optionally with "
			"K, M, G, T, P, E, KiB..., KB...)", opt, s);
}

int parse_size(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	return parse_size_as(opt, s, min, max, out, 0, NULL);
}

int parse_size_as(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out,
		  int kib, int *decimal)
{
	const char *end;
	uint64_t v;
	int rc;

	if (decimal)
		*decimal = 0;
	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	rc = scan_size_as(s, &end, &v, kib, decimal);
	if (!rc && *end)
		rc = -1;
	if (rc)
		return size_error(opt, s, rc, min, max);
	if (v < min || v > max)
		return typed_out_of_range(opt, s, PARSE_SIZE, min, max);
	*out = v;
	return 0;
}

static int scan_value(enum parse_unit unit, const char *s, const char **end, uint64_t *out)
{
	if (unit == PARSE_SIZE)
		return scan_size(s, end, out);
	return scan_digits(s, end, out);
}

static void list_push(struct u64_list *l, size_t *cap, uint64_t v)
{
	if (l->n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		l->v = gp_xrealloc(l->v, *cap * sizeof(*l->v));
	}
	l->v[l->n++] = v;
}

/*
 * Value v of a list's item is out of range: the item as typed where it
 * is one value ("'2T'"), else v itself, a size in binary units, and the
 * item ("2 TiB (in '1M-2T:x2')").
 */
static int item_out_of_range(const char *opt, const char *item, int single, enum parse_unit unit,
			     uint64_t v, uint64_t min, uint64_t max)
{
	char num[32], *what;
	int rc;

	if (single)
		return typed_out_of_range(opt, item, unit, min, max);
	if (unit == PARSE_SIZE)
		format_size(num, sizeof(num), v);
	else
		snprintf(num, sizeof(num), "%" PRIu64, v);
	what = gp_xasprintf("%s (in '%s')", num, item);
	rc = out_of_range(opt, what, unit, min, max);
	free(what);
	return rc;
}

/* One item of a list: "A", "A-B", "A-B:S" or "A-B:xF". */
static int parse_item(const char *opt, const char *item, enum parse_unit unit,
		      uint64_t min, uint64_t max, struct u64_list *l, size_t *cap)
{
	const char *p;
	uint64_t a, b, step = 1;
	int rc, mult = 0;

	if (!*item)
		return gp_error(GP_EXIT_USAGE, "%s: empty item in list", opt);
	if (*item == '-')
		return gp_error(GP_EXIT_USAGE, "%s: '%s' is negative", opt, item);
	rc = scan_value(unit, item, &p, &a);
	if (rc)
		goto bad_item;
	if (*p == '\0') {
		b = a;
	} else if (*p == '-') {
		rc = scan_value(unit, p + 1, &p, &b);
		if (rc)
			goto bad_item;
		if (*p == ':') {
			p++;
			if (*p == 'x' || *p == 'X') {
				mult = 1;
				p++;
			}
			rc = scan_digits(p, &p, &step);
			if (rc || *p)
				return gp_error(GP_EXIT_USAGE, "%s: '%s': bad step (use A-B:S or A-B:xF)",
						opt, item);
			if (step == 0 || (mult && step < 2))
				return gp_error(GP_EXIT_USAGE, "%s: '%s': step must be %s", opt, item,
						mult ? "a factor of at least 2" : "at least 1");
		} else if (*p) {
			goto bad_item;
		}
		if (b < a)
			return gp_error(GP_EXIT_USAGE, "%s: '%s': range ends before it starts", opt, item);
		if (mult && a == 0)
			return gp_error(GP_EXIT_USAGE, "%s: '%s': a multiplied range cannot start at 0",
					opt, item);
	} else {
		goto bad_item;
	}
	for (uint64_t v = a;;) {
		if (v < min || v > max)
			return item_out_of_range(opt, item, a == b, unit, v, min, max);
		if (l->n >= GP_LIST_MAX)
			return gp_error(GP_EXIT_USAGE, "%s: '%s' expands to more than %d values",
					opt, item, GP_LIST_MAX);
		list_push(l, cap, v);
		if (mult) {
			if (v > b / step)
				break;
			v *= step;
		} else {
			if (b - v < step)
				break;
			v += step;
		}
		if (v > b)
			break;
	}
	return 0;
bad_item:
	if (rc == -2)
		return max == UINT64_MAX ? too_large(opt, item) :
		       typed_out_of_range(opt, item, unit, min, max);
	return gp_error(GP_EXIT_USAGE, "%s: '%s' is not a %s or a range (A-B, A-B:S, A-B:xF)",
			opt, item, unit == PARSE_SIZE ? "size" : "number");
}

int parse_list(const char *opt, const char *s, enum parse_unit unit,
	       uint64_t min, uint64_t max, struct u64_list *out)
{
	struct u64_list l = { 0 };
	size_t cap = 0;
	char *copy, *item, *save = NULL;
	int rc = 0;

	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	if (s[0] == ',' || s[strlen(s) - 1] == ',' || strstr(s, ",,"))
		return gp_error(GP_EXIT_USAGE, "%s: empty item in list '%s'", opt, s);
	copy = gp_xstrdup(s);
	for (item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save))
		rc = parse_item(opt, item, unit, min, max, &l, &cap);
	free(copy);
	if (rc) {
		free(l.v);
		return rc;
	}
	*out = l;
	return 0;
}

void u64_list_free(struct u64_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static void choices_error(const char *opt, const char *s, const char *const *names, int all)
{
	char buf[512];
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; names[i] && off < sizeof(buf); i++)
		off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%s", i ? ", " : "", names[i]);
	if (all && off < sizeof(buf))
		snprintf(buf + off, sizeof(buf) - off, ", all");
	gp_error(GP_EXIT_USAGE, "%s: unknown value '%s' (choose from %s)", opt, s, buf);
}

int parse_choice(const char *opt, const char *s, const char *const *names, int *index)
{
	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	for (int i = 0; names[i]; i++) {
		if (!strcmp(s, names[i])) {
			*index = i;
			return 0;
		}
	}
	choices_error(opt, s, names, 0);
	return GP_EXIT_USAGE;
}

int parse_access_width(const char *opt, const char *s, unsigned *width)
{
	static const char *const widths[] = { "4", "8", "16", NULL };
	int i, rc = parse_choice(opt, s, widths, &i);

	if (!rc)
		*width = 4u << i;
	return rc;
}

int parse_choices(const char *opt, const char *s, const char *const *names, unsigned *mask)
{
	unsigned m = 0, all = 0;
	char *copy, *item, *save = NULL;
	int rc = 0;

	for (unsigned i = 0; i < 32 && names[i]; i++)
		all |= 1u << i;
	if (!*s)
		return gp_error(GP_EXIT_USAGE, "%s: empty value", opt);
	if (s[0] == ',' || s[strlen(s) - 1] == ',' || strstr(s, ",,"))
		return gp_error(GP_EXIT_USAGE, "%s: empty item in list '%s'", opt, s);
	copy = gp_xstrdup(s);
	for (item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		int found = 0;
		if (!strcmp(item, "all")) {
			m |= all;
			continue;
		}
		for (unsigned i = 0; i < 32 && names[i]; i++) {
			if (!strcmp(item, names[i])) {
				m |= 1u << i;
				found = 1;
			}
		}
		if (!found) {
			choices_error(opt, item, names, 1);
			rc = GP_EXIT_USAGE;
			break;
		}
	}
	free(copy);
	if (!rc)
		*mask = m;
	return rc;
}

const char *format_size(char *buf, size_t n, uint64_t bytes)
{
	static const char *const bin[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	static const char *const dec[] = { "B", "KB", "MB", "GB", "TB", "PB", "EB" };
	uint64_t v = bytes;
	double x = (double)bytes;
	int u = 0;

	/* exact in binary units, in four digits at most: "256 MiB", "1536 KiB", "1000 B" */
	while (u < 6 && v && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	if (v < 10000) {
		snprintf(buf, n, "%" PRIu64 " %s", v, bin[u]);
		return buf;
	}
	/* exact in decimal units, as one types them: "500 GB" */
	for (v = bytes, u = 0; u < 6 && v % 1000 == 0; u++)
		v /= 1000;
	if (u && v < 10000) {
		snprintf(buf, n, "%" PRIu64 " %s", v, dec[u]);
		return buf;
	}
	/* else (free memory, say) three significant digits of binary units */
	for (u = 0; u < 6 && x >= 1024; u++)
		x /= 1024;
	snprintf(buf, n, "%.*f %s", x < 10 ? 2 : x < 100 ? 1 : 0, x, bin[u]);
	return buf;
}

const char *format_pct(char *buf, size_t n, double pct)
{
	double off = fmin(fabs(pct), fabs(100 - pct));   /* from the nearer of 0 and 100 */
	int decimals = 0;

	if (off > 0 && off < 1)
		decimals = (int)fmin(9, fmax(1, ceil(-log10(off))));
	snprintf(buf, n, "%.*f", decimals, pct);
	return buf;
}
