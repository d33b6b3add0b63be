/* Cache files: where they live, their directories, reading one whole (util/cache.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/cache.h"
#include "util/error.h"

char *cache_path(const char *name, const char **why)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (xdg && xdg[0] == '/')
		return gp_xasprintf("%s/gpuperf/%s", xdg, name);
	if (home && home[0])
		return gp_xasprintf("%s/.cache/gpuperf/%s", home, name);
	*why = "neither XDG_CACHE_HOME (an absolute path) nor HOME is set";
	return NULL;
}

int cache_make_dirs(const char *path)
{
	char *dir = gp_xstrdup(path);
	struct stat st;
	int err = 0;

	/* each '/' after the first character ends a directory to have */
	for (char *p = dir + 1; *p && !err; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) && errno != EEXIST)
			err = errno;
		else if (stat(dir, &st) || !S_ISDIR(st.st_mode))
			err = ENOTDIR;   /* a file where a directory should be */
		*p = '/';
	}
	free(dir);
	return err;
}

char *cache_read(const char *path, size_t *len, int *err)
{
	/* O_NONBLOCK: a FIFO in its place must not hang gpuperf */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	char *buf;
	size_t n = 0;
	ssize_t got;

	*err = 0;
	if (fd < 0) {
		*err = errno;
		return NULL;
	}
	if (fstat(fd, &st))
		*err = errno;
	else if (S_ISDIR(st.st_mode))
		*err = EISDIR;
	else if (!S_ISREG(st.st_mode))
		*err = EINVAL;
	else if (st.st_size > (off_t)CACHE_MAX_BYTES)
		*err = EFBIG;
	if (*err) {
		close(fd);
		return NULL;
	}
	buf = gp_xmalloc((size_t)st.st_size + 1);
	/* read to the end, even if the file grew: never past the size it had */
	while (n < (size_t)st.st_size && (got = read(fd, buf + n, (size_t)st.st_size - n)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*err = errno;
			free(buf);
			close(fd);
			return NULL;
		}
		n += (size_t)got;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
}
