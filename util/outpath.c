/* Where a write to a path lands: links followed, the kind of file decided. */
#include <errno.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "util/error.h"
#include "util/outpath.h"

#define MAX_LINKS 40  /* the kernel's own limit on a chain of links */

/* path's directory as text: "." for "f", "/" for "/f", "a/b" for "a/b/f". */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	if (!slash)
		return gp_xstrdup(".");
	if (slash == path)
		return gp_xstrdup("/");
	dir = gp_xstrdup(path);
	dir[slash - path] = '\0';
	return dir;
}

static int same_dir(const struct stat *a, const char *path)
{
	struct stat b;

	return !stat(path, &b) && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

/* dir is our own /proc/self/fd, reached by whatever name (/dev/fd). */
static int own_fd_dir(const char *dir)
{
	struct stat st;

	return !stat(dir, &st) && (same_dir(&st, "/proc/self/fd") || same_dir(&st, "/proc/thread-self/fd"));
}

/*
 * link is an entry of our own /proc/self/fd (reached as /dev/fd/N,
 * /dev/stdout...): the descriptor it stands for, else -1.  Writing goes
 * through that descriptor, as a shell does, so `>>log` keeps appending.
 */
static int own_fd(const char *link)
{
	char *dir = dir_of(link);
	const char *name = strrchr(link, '/');
	long n = -1;
	char *end;

	name = name ? name + 1 : link;
	if (own_fd_dir(dir)) {
		errno = 0;
		n = strtol(name, &end, 10);
		if (errno || end == name || *end || n < 0 || n > INT_MAX)
			n = -1;
	}
	free(dir);
	return (int)n;
}

/* A link in /proc (another process's descriptor) names no file one could rename over. */
static int in_procfs(const char *link)
{
	char *dir = dir_of(link);
	struct statfs fs;
	int yes = !statfs(dir, &fs) && fs.f_type == PROC_SUPER_MAGIC;

	free(dir);
	return yes;
}

/* cur is a link: the path it points to (a relative one read from the link's directory). */
static char *follow(const char *cur, int *err)
{
	char buf[PATH_MAX], *dir, *next;
	ssize_t n = readlink(cur, buf, sizeof(buf) - 1);

	if (n < 0) {
		*err = errno;
		return NULL;
	}
	buf[n] = '\0';
	if (buf[0] == '/')
		return gp_xstrdup(buf);
	dir = dir_of(cur);
	next = gp_xasprintf("%s/%s", dir, buf);
	free(dir);
	return next;
}

/* Nothing at cur: a new file, if its directory is there (and is not /proc's). */
static int new_file(struct outpath *w, char *cur)
{
	struct stat st;

	w->kind = OUTPATH_NEW;
	w->file = cur;
	w->dir = dir_of(cur);
	if (stat(w->dir, &st))
		return errno;
	if (!S_ISDIR(st.st_mode))
		return ENOTDIR;
	/* /dev/fd/N of a descriptor that is not open; nothing can be made in /proc */
	if (own_fd_dir(w->dir) || in_procfs(cur)) {
		w->kind = own_fd_dir(w->dir) ? OUTPATH_FD : OUTPATH_DIRECT;
		return own_fd_dir(w->dir) ? EBADF : ENOENT;
	}
	return 0;
}

int outpath_resolve(const char *path, struct outpath *w)
{
	char *cur;
	int err = 0;

	memset(w, 0, sizeof(*w));
	w->fd = -1;
	if (!strcmp(path, "-")) {
		w->kind = OUTPATH_STDOUT;
		return 0;
	}
	cur = gp_xstrdup(path);
	for (int hops = 0;; hops++) {
		char *next;

		if (lstat(cur, &w->st)) {
			err = errno;
			if (err == ENOENT)
				return new_file(w, cur);
			free(cur);
			return err;
		}
		if (!S_ISLNK(w->st.st_mode))
			break;
		if ((w->fd = own_fd(cur)) >= 0) {
			w->kind = OUTPATH_FD;
			free(cur);
			return 0;
		}
		if (hops == MAX_LINKS || in_procfs(cur)) {
			free(cur);
			if (hops == MAX_LINKS)
				return ELOOP;
			/* the kernel resolves such a link on open; stat it the same way */
			w->kind = OUTPATH_DIRECT;
			return stat(path, &w->st) ? errno : S_ISDIR(w->st.st_mode) ? EISDIR : 0;
		}
		next = follow(cur, &err);
		free(cur);
		if (!next)
			return err;
		cur = next;
	}
	if (S_ISDIR(w->st.st_mode)) {
		free(cur);
		return EISDIR;
	}
	if (!S_ISREG(w->st.st_mode)) {
		free(cur);
		w->kind = OUTPATH_DIRECT;
		return 0;
	}
	w->kind = OUTPATH_REPLACE;
	w->file = cur;
	w->dir = dir_of(cur);
	return 0;
}

void outpath_free(struct outpath *w)
{
	free(w->file);
	free(w->dir);
	w->file = w->dir = NULL;
}
