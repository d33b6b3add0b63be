/*
 * Turns between processes: one holder at a time of a numbered slot, by
 * open-file-description locks (fcntl F_OFD_SETLK) on a file they all
 * open by path.  The locks lie past the file's end and write nothing: the
 * file (gpuperf profile's record file) keeps its content.  A process
 * waiting for a slot says so, and the holder can see it (turns_wanted)
 * and give the slot at its next chance; a lock goes with its holder's
 * last descriptor, so a process that dies gives its slots.
 *
 *     struct turns t;
 *     if (!turns_open(&t, path) && turns_take(&t, slot, 2000, &other) == 1) {
 *             ... the slot's resource is ours ...
 *             turns_give(&t, slot);
 *     }
 *
 * Each slot's holder lock spans 1 + the holder's pid bytes, so a waiter
 * reads who holds it from the lock itself (an OFD lock carries no pid).
 */
#ifndef GP_UTIL_TURNS_H
#define GP_UTIL_TURNS_H

#include <sys/types.h>

#define TURNS_NSLOTS 1024

struct turns {
	int fd;        /* the file, opened here; -1 when closed */
	pid_t pid;     /* the process that opened it (a forked child must reopen) */
	unsigned char handed[TURNS_NSLOTS / 8];   /* given to a waiter (turns_give) */
};

/* Open path for turns (read and write, never created).  0, or -1 with errno. */
int turns_open(struct turns *t, const char *path);
void turns_close(struct turns *t);
/*
 * Take slot (below TURNS_NSLOTS), waiting up to wait_ms while another
 * process holds it (saying meanwhile that we want it).  1: ours (already
 * ours counts); 0: still held elsewhere, its holder's pid in *holder; -1:
 * the locks do not work here (errno).  *holder is that pid whenever we
 * had to wait, else 0.
 */
int turns_take(struct turns *t, unsigned slot, double wait_ms, pid_t *holder);
/*
 * Give slot back (nothing when it is not ours).  Given while another
 * process waits, it is that process's turn: our next turns_take of it
 * lets the waiter take it first.
 */
void turns_give(struct turns *t, unsigned slot);
/* 1 when another process waits for slot (ours, presumably), else 0. */
int turns_wanted(const struct turns *t, unsigned slot);

#endif
