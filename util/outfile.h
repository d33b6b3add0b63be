/*
 * Every file gpuperf writes (-o, --plot, --html), written the way a
 * careful Unix tool writes over what is there (util/outpath.h decides
 * which way):
 *  - a regular file, new or existing, or a symbolic link to one: written
 *    to a temporary file in the directory of the resolved path and renamed
 *    over it once whole, so a reader sees the old content or the new and a
 *    failure or a signal leaves the old; a link keeps pointing at the new
 *    content.  The mode is what a shell's `>` gives: an existing file keeps
 *    its permissions and, where the user may, its owner and group; a new
 *    one gets 0666 & ~umask.  A file the user may not write is refused,
 *    as a shell's `>` refuses it, never replaced.
 *  - anything else (a FIFO, a terminal or other device, /dev/stdout,
 *    /dev/fd/N, "-" for standard output): opened and written directly,
 *    never renamed over, nothing created beside it.
 *
 *     struct outfile o;
 *     if (outfile_open(&o, path))
 *             return GP_EXIT_FAIL;             (the message is printed)
 *     if (render(o.f)) {
 *             outfile_abort(&o);
 *             return ...;
 *     }
 *     return outfile_commit(&o);
 */
#ifndef GP_UTIL_OUTFILE_H
#define GP_UTIL_OUTFILE_H

#include <stdio.h>
#include "util/outpath.h"

struct outfile {
	FILE *f;                /* write through this */
	/* private */
	const char *path;       /* as the user named it, for messages */
	struct outpath where;
	int slot;               /* the temporary file's entry in the list a signal removes, or -1 */
	int warn;               /* failures are warnings (outfile_open_warn) */
};

/* Open path for writing.  0, or GP_EXIT_FAIL after a message naming path and the cause. */
int outfile_open(struct outfile *o, const char *path);
/*
 * The same for a file gpuperf keeps for itself (a cache) and can go
 * without: its failures, here and in outfile_commit, are said as warnings
 * ("gpuperf: warning: cannot write ..."), still GP_EXIT_FAIL.
 */
int outfile_open_warn(struct outfile *o, const char *path);
/*
 * Finish: flush, and put a temporary file in place.  0, or GP_EXIT_FAIL
 * after a message, with nothing left behind.  o is closed either way.
 */
int outfile_commit(struct outfile *o);
/* Give up: the temporary file goes, what was there stays.  o is closed. */
void outfile_abort(struct outfile *o);
/*
 * Remove every temporary file being written: for a handler of the
 * signals that end gpuperf (cli/signals.h; async-signal-safe:
 * outfile_open and outfile_commit block those signals while they create
 * or rename one).
 */
void outfile_remove_temps(void);
/*
 * "write failure on standard output: <err>", said the first time only:
 * a failed flush of stdout is seen again by every later flush.
 * GP_EXIT_FAIL.
 */
int outfile_stdout_failed(int err);

#endif
