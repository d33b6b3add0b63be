/*
 * Where a write to a path lands, decided before anything is opened, so
 * that the files gpuperf writes (util/outfile.h) treat links, FIFOs and
 * devices as a shell's `>` does, and so that a path that cannot be
 * written is a usage error before anything is measured.
 */
#ifndef GP_UTIL_OUTPATH_H
#define GP_UTIL_OUTPATH_H

#include <sys/stat.h>

enum outpath_kind {
	OUTPATH_STDOUT,   /* "-" */
	OUTPATH_FD,       /* /dev/stdout, /dev/fd/N, /proc/self/fd/N: our descriptor N */
	OUTPATH_DIRECT,   /* not a regular file (FIFO, device, socket): written in place */
	OUTPATH_NEW,      /* no file there yet: created whole */
	OUTPATH_REPLACE,  /* a regular file: replaced whole */
};

struct outpath {
	enum outpath_kind kind;
	int fd;           /* OUTPATH_FD */
	char *file;       /* NEW, REPLACE: the path with its symbolic links followed */
	char *dir;        /* NEW, REPLACE: file's directory, where the temporary file goes */
	struct stat st;   /* REPLACE: the file's; DIRECT: what the path names */
};

/*
 * Follow path's symbolic links (a relative one from the link's own
 * directory) to what a write would reach.  0, or an errno value: ELOOP,
 * EISDIR, or what lstat/stat said (ENOENT for a missing directory, EACCES).
 * Free with outpath_free, whatever it returned.
 */
int outpath_resolve(const char *path, struct outpath *w);
void outpath_free(struct outpath *w);

#endif
