/* Writing a file whole, or writing through what is not a file (see outfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "util/compat.h"
#include "util/error.h"
#include "util/fault.h"
#include "util/outfile.h"

/*
 * The temporary files being written, for a signal handler: a fixed table
 * of fixed buffers, since a handler may neither allocate nor follow a
 * pointer that is being freed.  A slot is TEMP_ARMED only while its file
 * exists.
 */
enum { TEMP_FREE, TEMP_NAMED, TEMP_ARMED };
static struct {
	volatile sig_atomic_t state;
	char path[PATH_MAX];
} temps[4];

void outfile_remove_temps(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(temps); i++)
		if (temps[i].state == TEMP_ARMED)
			unlink(temps[i].path);
}

/* Hold the termination signals while a file and its entry change together. */
static void hold_signals(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	/* those cli/signals.c ends gpuperf by */
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGALRM);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void release_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* FILE.tmp.XXXXXX beside file, created with mode (before the umask); fd or -1 with errno. */
static int create_temp(struct outfile *o, mode_t mode)
{
	static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	static uint64_t counter;
	const char *file = o->where.file;
	size_t s;
	sigset_t old;
	int fd = -1;

	for (s = 0; s < ARRAY_SIZE(temps) && temps[s].state != TEMP_FREE; s++)
		;
	if (s == ARRAY_SIZE(temps)) {
		errno = EMFILE;
		return -1;
	}
	if (strlen(file) + sizeof(".tmp.XXXXXX") > sizeof(temps[s].path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	temps[s].state = TEMP_NAMED;
	for (int tries = 0; tries < 100; tries++) {
		struct timespec ts;
		uint64_t x;
		char suffix[7];

		clock_gettime(CLOCK_REALTIME, &ts);
		x = ((uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32) ^ ++counter * 0x9E3779B97F4A7C15u) *
		    0xD6E8FEB86659FD93u;
		for (int i = 0; i < 6; i++, x /= 62)
			suffix[i] = chars[x % 62];
		suffix[6] = '\0';
		snprintf(temps[s].path, sizeof(temps[s].path), "%s.tmp.%s", file, suffix);
		hold_signals(&old);
		fd = open(temps[s].path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
		if (fd >= 0)
			temps[s].state = TEMP_ARMED;
		release_signals(&old);
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd < 0) {
		temps[s].state = TEMP_FREE;
		return -1;
	}
	o->slot = (int)s;
	return fd;
}

static void drop_temp(struct outfile *o)
{
	sigset_t old;

	if (o->slot < 0)
		return;
	hold_signals(&old);
	unlink(temps[o->slot].path);
	temps[o->slot].state = TEMP_FREE;
	release_signals(&old);
	o->slot = -1;
}

/* A failure: an error, or for outfile_open_warn's files a warning; GP_EXIT_FAIL either way. */
GP_PRINTF(2, 3)
static int say(const struct outfile *o, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = gp_xvasprintf(fmt, ap);
	va_end(ap);
	if (o->warn)
		gp_warn("%s", msg);
	else
		gp_error(GP_EXIT_FAIL, "%s", msg);
	free(msg);
	return GP_EXIT_FAIL;
}

/* " (a link to 'x')" where the path's links lead elsewhere, for messages. */
static const char *via(const struct outfile *o, char *buf, size_t n)
{
	if (!o->where.file || !strcmp(o->where.file, o->path))
		return "";
	snprintf(buf, n, " (a link to '%s')", o->where.file);
	return buf;
}

/* A regular file: its temporary file, with the mode and owner a `>` would leave. */
static int open_whole(struct outfile *o)
{
	const struct stat *st = &o->where.st;
	int replace = o->where.kind == OUTPATH_REPLACE;
	char buf[PATH_MAX + 32];
	int fd;

	/* a file the user may not write, a shell's > refuses: so do we, rather than replace it */
	if (replace && faccessat(AT_FDCWD, o->where.file, W_OK, AT_EACCESS))
		return say(o, "cannot write '%s'%s: %s", o->path, via(o, buf, sizeof(buf)), strerror(errno));
	/* a new file: 0666 and the umask (and a default ACL), as open(2) applies them */
	fd = create_temp(o, replace ? 0600 : 0666);
	if (fd < 0)
		return say(o, "cannot write '%s'%s: cannot create its temporary file in '%s': %s",
			   o->path, via(o, buf, sizeof(buf)), o->where.dir, strerror(errno));
	if (replace) {
		/* the owner where we may (root, or the group of one's own file), then the permissions */
		if ((st->st_uid != geteuid() || st->st_gid != getegid()) &&
		    fchown(fd, st->st_uid, st->st_gid) && fchown(fd, (uid_t)-1, st->st_gid))
			errno = 0;  /* not permitted: the file becomes ours, as a copy would */
		/* set-id bits are not carried over: writing through `>` clears them too */
		if (fchmod(fd, st->st_mode & 0777)) {
			int e = errno;
			close(fd);
			drop_temp(o);
			return say(o, "cannot write '%s': %s", o->path, strerror(e));
		}
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		int e = errno;
		close(fd);
		drop_temp(o);
		return say(o, "cannot write '%s': %s", o->path, strerror(e));
	}
	return 0;
}

/* Not a regular file: written in place (a FIFO's open waits for its reader, as a shell's does). */
static int open_direct(struct outfile *o)
{
	int fd;

	if (o->where.kind == OUTPATH_FD)
		fd = fcntl(o->where.fd, F_DUPFD_CLOEXEC, 3);
	else
		fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return say(o, "cannot write '%s': %s", o->path, strerror(errno));
	o->f = fdopen(fd, "w");
	if (!o->f) {
		int e = errno;
		close(fd);
		return say(o, "cannot write '%s': %s", o->path, strerror(e));
	}
	return 0;
}

static int open_as(struct outfile *o, const char *path, int warn)
{
	int err;

	memset(o, 0, sizeof(*o));
	o->warn = warn;
	o->path = path;
	o->slot = -1;
	err = outpath_resolve(path, &o->where);
	if (err) {
		outpath_free(&o->where);
		return say(o, "cannot write '%s': %s", path, strerror(err));
	}
	switch (o->where.kind) {
	case OUTPATH_STDOUT:
		o->f = stdout;
		return 0;
	case OUTPATH_FD:
	case OUTPATH_DIRECT:
		err = open_direct(o);
		break;
	case OUTPATH_NEW:
	case OUTPATH_REPLACE:
		err = open_whole(o);
		break;
	}
	if (err)
		outpath_free(&o->where);
	return err;
}

int outfile_open(struct outfile *o, const char *path)
{
	return open_as(o, path, 0);
}

int outfile_open_warn(struct outfile *o, const char *path)
{
	return open_as(o, path, 1);
}

static void finish(struct outfile *o)
{
	if (o->f && o->f != stdout)
		fclose(o->f);
	o->f = NULL;
	drop_temp(o);
	outpath_free(&o->where);
}

void outfile_abort(struct outfile *o)
{
	finish(o);
}

/* Flush what o->f holds and check every write made it: 0, or -1 with errno. */
static int flush(struct outfile *o)
{
	int whole = o->slot >= 0;
	FILE *f = o->f;

	if (gp_fault("outfile write")) {
		errno = ENOSPC;
		return -1;
	}
	if (fflush(f) || ferror(f))
		return -1;
	/* on disk before the rename, so a crash leaves the old file or the new one */
	if (whole && fsync(fileno(f)))
		return -1;
	if (f == stdout)
		return 0;
	o->f = NULL;
	return fclose(f) ? -1 : 0;
}

int outfile_stdout_failed(int err)
{
	static int said;

	if (!said)
		gp_error(GP_EXIT_FAIL, "write failure on standard output: %s", strerror(err));
	said = 1;
	return GP_EXIT_FAIL;
}

int outfile_commit(struct outfile *o)
{
	char buf[PATH_MAX + 32];
	sigset_t old;
	int e;

	if (flush(o)) {
		e = errno;
		if (o->f == stdout)
			outfile_stdout_failed(e);
		else
			say(o, "cannot write '%s': %s", o->path, strerror(e));
		finish(o);
		return GP_EXIT_FAIL;
	}
	if (o->slot < 0) {
		finish(o);
		return 0;
	}
	if (gp_fault("outfile stall"))
		sleep(60);  /* the tests' window to send a signal while the temporary file exists */
	hold_signals(&old);
	e = rename(temps[o->slot].path, o->where.file) ? errno : 0;
	if (!e)
		temps[o->slot].state = TEMP_FREE;
	release_signals(&old);
	if (e) {
		say(o, "cannot write '%s'%s: %s", o->path, via(o, buf, sizeof(buf)),
			 strerror(e));
		finish(o);
		return GP_EXIT_FAIL;
	}
	o->slot = -1;
	finish(o);
	return 0;
}
