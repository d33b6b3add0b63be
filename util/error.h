/*
 * Exit statuses and messages.
 *
 * Every fallible function returns an exit status: 0 on success, or one of
 * the GP_EXIT_* codes below after printing its message to stderr.  The
 * status travels up unchanged to main(), which exits with it, so the
 * mapping from failure to exit status is decided where the failure is
 * understood and documented once in gpuperf(1).
 *
 *     if (bad)
 *             return gp_error(GP_EXIT_USAGE, "--threads: '%s' is not a number", s);
 */
#ifndef GP_UTIL_ERROR_H
#define GP_UTIL_ERROR_H

#include <stdarg.h>
#include <stddef.h>
#include "util/compat.h"

enum gp_exit {
	GP_EXIT_OK = 0,
	GP_EXIT_FAIL = 1,        /* runtime failure: CUDA error, verification, I/O */
	GP_EXIT_USAGE = 2,       /* bad option, bad value, unknown command */
	GP_EXIT_NODEV = 3,       /* no usable GPU or driver */
	GP_EXIT_NOCOUNTERS = 4,  /* counters required (--counters=require) but unavailable */
};

/* Verbosity set by -q / -v: -1 quiet, 0 normal, 1 verbose. */
extern int gp_verbosity;

/* "gpuperf: error: ..." on stderr; returns status so callers can return it. */
int gp_error(int status, const char *fmt, ...) GP_PRINTF(2, 3);
/* "gpuperf: warning: ..." on stderr (shown even with -q). */
void gp_warn(const char *fmt, ...) GP_PRINTF(1, 2);
/* "gpuperf: ..." on stderr, an informational note; hidden by -q. */
void gp_note(const char *fmt, ...) GP_PRINTF(1, 2);
/* "gpuperf: ..." on stderr with -v only. */
void gp_debug(const char *fmt, ...) GP_PRINTF(1, 2);

/*
 * Progress on stderr, only when stderr is a terminal and not -q: each call
 * overwrites the previous line; gp_progress_done() clears it.
 */
void gp_progress(const char *fmt, ...) GP_PRINTF(1, 2);
void gp_progress_done(void);
/* A probe's progress callback: "<what> 3 of 40", what a string ("banks: configuration"). */
void gp_progress_step(size_t done, size_t total, void *what);
/* The same from a signal handler (async-signal-safe: one write(2)). */
void gp_progress_abort(void);

/*
 * Send every message above to sink instead of stderr (NULL: back to
 * stderr), for code running inside another program: the injected
 * profiling library forwards them to gpuperf.  level: "error: ",
 * "warning: ", "note: ", or "debug: " for -v lines.
 */
typedef void (*gp_message_sink)(const char *level, const char *text);
void gp_set_message_sink(gp_message_sink sink);

/*
 * A parser's error buffer: the caller's, written once, by the first
 * failure (what went wrong first, not what a failure led to).
 */
struct gp_first_error {
	char *msg;
	size_t len;
	int failed;
};
/* Write the message unless one was written; -1, for a parser to return. */
int gp_fail_first(struct gp_first_error *e, const char *fmt, ...) GP_PRINTF(2, 3);

/* Allocation that cannot fail: host memory exhaustion ends the program (exit 1). */
void *gp_xmalloc(size_t n);
void *gp_xcalloc(size_t count, size_t size);
void *gp_xrealloc(void *p, size_t n);
char *gp_xstrdup(const char *s);
char *gp_xasprintf(const char *fmt, ...) GP_PRINTF(1, 2);
char *gp_xvasprintf(const char *fmt, va_list ap) GP_PRINTF(1, 0);

#endif
