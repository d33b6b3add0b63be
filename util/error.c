/* Messages on stderr and allocation that cannot fail. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/error.h"

int gp_verbosity;
static volatile sig_atomic_t progress_shown;
static gp_message_sink sink;

void gp_set_message_sink(gp_message_sink s)
{
	sink = s;
}

/* prefix on stderr; level for a sink ("error: ", "warning: ", "note: ", "debug: ") */
static void vmessage(const char *prefix, const char *level, const char *fmt, va_list ap)
{
	if (sink) {
		char *text = NULL;

		/* Inside another program: a message we cannot format is dropped. */
		if (vasprintf(&text, fmt, ap) >= 0) {
			sink(level, text);
			free(text);
		}
		return;
	}
	gp_progress_done();
	fprintf(stderr, "gpuperf: %s", prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int gp_error(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("error: ", "error: ", fmt, ap);
	va_end(ap);
	return status;
}

void gp_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("warning: ", "warning: ", fmt, ap);
	va_end(ap);
}

void gp_note(const char *fmt, ...)
{
	va_list ap;
	if (gp_verbosity < 0)
		return;
	va_start(ap, fmt);
	vmessage("", "note: ", fmt, ap);
	va_end(ap);
}

void gp_debug(const char *fmt, ...)
{
	va_list ap;
	if (gp_verbosity < 1)
		return;
	va_start(ap, fmt);
	vmessage("", "debug: ", fmt, ap);
	va_end(ap);
}

void gp_progress(const char *fmt, ...)
{
	va_list ap;
	if (gp_verbosity < 0 || !isatty(STDERR_FILENO))
		return;
	va_start(ap, fmt);
	fputs("\r\033[Kgpuperf: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	progress_shown = 1;
}

void gp_progress_step(size_t done, size_t total, void *what)
{
	gp_progress("%s %zu of %zu", (const char *)what, done + 1, total);
}

void gp_progress_done(void)
{
	if (!progress_shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	progress_shown = 0;
}

void gp_progress_abort(void)
{
	static const char clear[] = "\r\033[K";

	if (progress_shown && write(STDERR_FILENO, clear, sizeof(clear) - 1) < 0)
		return;
	progress_shown = 0;
}

static void *check_alloc(void *p)
{
	if (!p) {
		gp_error(GP_EXIT_FAIL, "out of host memory");
		exit(GP_EXIT_FAIL);
	}
	return p;
}

void *gp_xmalloc(size_t n)
{
	return check_alloc(malloc(n ? n : 1));
}

void *gp_xcalloc(size_t count, size_t size)
{
	return check_alloc(calloc(count ? count : 1, size ? size : 1));
}

void *gp_xrealloc(void *p, size_t n)
{
	return check_alloc(realloc(p, n ? n : 1));
}

char *gp_xstrdup(const char *s)
{
	return check_alloc(strdup(s));
}

char *gp_xvasprintf(const char *fmt, va_list ap)
{
	char *s = NULL;

	return check_alloc(vasprintf(&s, fmt, ap) < 0 ? NULL : s);
}

char *gp_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = gp_xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

int gp_fail_first(struct gp_first_error *e, const char *fmt, ...)
{
	va_list ap;

	if (!e->failed && e->len) {
		va_start(ap, fmt);
		vsnprintf(e->msg, e->len, fmt, ap);
		va_end(ap);
	}
	e->failed = 1;
	return -1;
}
