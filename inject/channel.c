/*
 * The record file gpuperf reads after the program ends.
 *
 * gpuperf names it twice: GPUPERF_PROFILE_PATH (opened here, so programs
 * that close inherited descriptors, and their children, still reach it)
 * and GPUPERF_PROFILE_FD=N:DEV:INO (an inherited descriptor, used when
 * the path cannot be opened; DEV:INO proves N is still that file and not
 * a number the program reused).  Our descriptor moves above 100 and is
 * checked against the file before every write, so a program that closes
 * or dup2()s descriptors can lose us records but never receive them.
 * Writes are whole lines with O_APPEND: processes sharing the file never
 * interleave inside a line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "inject/inject.h"

#define HIGH_FD 100
#define NAME_CUT 8192   /* a kernel name longer than this is cut to fit a line */

static struct {
	int fd;
	dev_t dev;
	ino_t ino;
	const char *path;
	char buf[PROF_LINE_MAX];
	pthread_mutex_t lock;
} ch = { .fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER };

/*
 * Make fd the channel: a copy above the numbers programs use, closed on
 * exec.  ours: we opened fd (the path) and may close it; an inherited one
 * stays as it is.
 */
static int adopt(int fd, int ours)
{
	struct stat st;
	int high = fcntl(fd, F_DUPFD_CLOEXEC, HIGH_FD), flags;

	if (high >= 0 && ours)
		close(fd);
	if (high < 0)
		high = fd;
	flags = fcntl(high, F_GETFL);
	if (fstat(high, &st) || flags < 0 || (flags & O_ACCMODE) == O_RDONLY) {
		if (ours || high != fd)
			close(high);
		return -1;
	}
	if (!(flags & O_APPEND))
		fcntl(high, F_SETFL, flags | O_APPEND);
	ch.fd = high;
	ch.dev = st.st_dev;
	ch.ino = st.st_ino;
	return 0;
}

static int open_path(void)
{
	int fd;

	if (!ch.path || !*ch.path)
		return -1;
	fd = open(ch.path, O_WRONLY | O_APPEND | O_CLOEXEC);
	return fd < 0 ? -1 : adopt(fd, 1);
}

static int open_fd(void)
{
	const char *env = getenv("GPUPERF_PROFILE_FD");
	unsigned long long dev = 0, ino = 0;
	struct stat st;
	int fd, n;

	if (!env || (n = sscanf(env, "%d:%llu:%llu", &fd, &dev, &ino)) < 1 || fd < 0)
		return -1;
	if (fstat(fd, &st))
		return -1;
	if (n == 3 && ((unsigned long long)st.st_dev != dev || (unsigned long long)st.st_ino != ino))
		return -1;   /* the number now names another file of the program's */
	return adopt(fd, 0);
}

int inj_channel_open(void)
{
	ch.path = getenv("GPUPERF_PROFILE_PATH");
	return open_path() && open_fd() ? -1 : 0;
}

/* Is ch.fd still our file?  Reopen the path once if not. */
static int still_ours(void)
{
	struct stat st;

	if (ch.fd >= 0 && !fstat(ch.fd, &st) && st.st_dev == ch.dev && st.st_ino == ch.ino)
		return 1;
	ch.fd = -1;   /* never close it: the number may be the program's now */
	return !open_path();
}

static void write_all(const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(ch.fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;   /* a full disk: records are lost, the program is not */
		s += w;
		n -= (size_t)w;
	}
}

void inj_write(const struct prof_rec *r)
{
	int n;

	/* A forked child is not the process the header announced. */
	if ((long long)getpid() != inj.pid)
		return;
	pthread_mutex_lock(&ch.lock);
	if (!still_ours()) {
		pthread_mutex_unlock(&ch.lock);
		return;
	}
	n = prof_encode(r, ch.buf, sizeof(ch.buf));
	if (n < 0 && r->kernel && strlen(r->kernel) > NAME_CUT) {
		struct prof_rec cut = *r;
		char *name = strndup(r->kernel, NAME_CUT);

		if (name) {
			cut.kernel = name;
			n = prof_encode(&cut, ch.buf, sizeof(ch.buf));
			free(name);
		}
	}
	if (n > 0)
		write_all(ch.buf, (size_t)n);
	pthread_mutex_unlock(&ch.lock);
}

void inj_note(const char *level, const char *fmt, ...)
{
	char text[2048];
	struct prof_rec r;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	prof_rec_init(&r, PROF_NOTE, inj.pid);
	r.level = (char *)level;
	r.text = text;
	inj_write(&r);
}

void inj_message_sink(const char *level, const char *text)
{
	/* an "error" inside the library is a warning about profiling, not the program's;
	   gp_debug's lines (only under gpuperf -v) stay debug */
	inj_note(!strncmp(level, "debug", 5) ? "debug" : strncmp(level, "note", 4) ? "warning" : "info",
		 "%s", text);
}

void inj_stderr_line(const char *fmt, ...)
{
	static int said;
	va_list ap;

	if (said++)
		return;
	fprintf(stderr, "gpuperf: profiling library: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
