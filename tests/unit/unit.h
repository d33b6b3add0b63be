/*
 * A tiny TAP producer for C unit tests.  Each test file is a program:
 *
 *     #include "tests/unit/unit.h"
 *     int main(void)
 *     {
 *             is_int(parse_thing("4K"), 4096, "4K is 4096 bytes");
 *             return done_testing();
 *     }
 *
 * tests/run.sh counts the "ok" / "not ok" lines.
 */
#ifndef GP_TESTS_UNIT_H
#define GP_TESTS_UNIT_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int unit_n, unit_failed;

static inline int unit_report(int pass, const char *fmt, va_list ap)
{
	unit_n++;
	if (!pass)
		unit_failed++;
	printf("%sok %d - ", pass ? "" : "not ", unit_n);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
	return pass;
}

__attribute__((format(printf, 2, 3)))
static inline int ok(int pass, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pass = unit_report(pass, fmt, ap);
	va_end(ap);
	return pass;
}

/* "# ..." diagnostic line, ignored by the counter. */
__attribute__((format(printf, 1, 2)))
static inline void diag(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("# ");
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
}

/* A test that cannot run here: "ok N # skip why" (tests/run.sh groups the reasons). */
__attribute__((format(printf, 1, 2)))
static inline void skip(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	unit_n++;
	printf("ok %d # skip ", unit_n);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	fflush(stdout);
}

#define is_int(got, want, ...) do { \
	long long got_ = (long long)(got), want_ = (long long)(want); \
	if (!ok(got_ == want_, __VA_ARGS__)) \
		diag("  got %lld, want %lld", got_, want_); \
} while (0)

#define is_dbl(got, want, tol, ...) do { \
	double got_ = (got), want_ = (want); \
	if (!ok(fabs(got_ - want_) <= (tol), __VA_ARGS__)) \
		diag("  got %.9g, want %.9g (tolerance %g)", got_, want_, (double)(tol)); \
} while (0)

#define is_str(got, want, ...) do { \
	const char *got_ = (got), *want_ = (want); \
	if (!ok(got_ && want_ && !strcmp(got_, want_), __VA_ARGS__)) \
		diag("  got '%s', want '%s'", got_ ? got_ : "(null)", want_ ? want_ : "(null)"); \
} while (0)

static inline int done_testing(void)
{
	printf("1..%d\n", unit_n);
	return unit_failed ? 1 : 0;
}

#endif
