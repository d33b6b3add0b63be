/* Turns between processes by OFD locks past a shared file's end (see turns.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "util/clock.h"
#include "util/turns.h"

/*
 * A slot's bytes: the holder's lock from its start, 1 + pid long (a pid
 * is below 2^22, Linux's PID_MAX_LIMIT); then one byte the waiters hold
 * shared while they wait.
 */
#define PID_SPAN ((off_t)1 << 22)
#define SLOT_SPAN (2 * PID_SPAN)
#define BASE ((off_t)1 << 30)   /* far past any record file's end */
/* How long a giver lets its waiter take the slot first (it polls each ms) */
#define HANDOVER_MS 100.0

static off_t slot_start(unsigned slot)
{
	return BASE + (off_t)(slot % TURNS_NSLOTS) * SLOT_SPAN;
}

static int lock(int fd, int cmd, short type, off_t start, off_t len)
{
	struct flock l;

	memset(&l, 0, sizeof(l));   /* l_pid must be 0 for an OFD lock */
	l.l_type = type;
	l.l_whence = SEEK_SET;
	l.l_start = start;
	l.l_len = len;
	return fcntl(fd, cmd, &l);
}

int turns_open(struct turns *t, const char *path)
{
	t->pid = getpid();
	memset(t->handed, 0, sizeof(t->handed));
	t->fd = open(path, O_RDWR | O_CLOEXEC);
	return t->fd < 0 ? -1 : 0;
}

void turns_close(struct turns *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/* 1: ours; 0: another holds it; -1: error. */
static int try_take(const struct turns *t, unsigned slot)
{
	if (!lock(t->fd, F_OFD_SETLK, F_WRLCK, slot_start(slot), 1 + (off_t)t->pid))
		return 1;
	return errno == EAGAIN || errno == EACCES ? 0 : -1;
}

/* The pid whose lock holds slot, or 0. */
static pid_t holder_of(const struct turns *t, unsigned slot)
{
	struct flock l;

	memset(&l, 0, sizeof(l));
	l.l_type = F_WRLCK;
	l.l_whence = SEEK_SET;
	l.l_start = slot_start(slot);
	l.l_len = 1;
	if (fcntl(t->fd, F_OFD_GETLK, &l) || l.l_type == F_UNLCK || l.l_len < 2)
		return 0;
	return (pid_t)(l.l_len - 1);
}

static int handed(const struct turns *t, unsigned slot)
{
	slot %= TURNS_NSLOTS;
	return t->handed[slot / 8] >> (slot % 8) & 1;
}

static void set_handed(struct turns *t, unsigned slot, int on)
{
	slot %= TURNS_NSLOTS;
	t->handed[slot / 8] = (unsigned char)((t->handed[slot / 8] & ~(1u << (slot % 8))) |
					      (unsigned)on << (slot % 8));
}

/*
 * After we gave slot to a waiter, let it take the slot before we try:
 * a giver that took it straight back, its next launch a moment later,
 * starved a waiter that looks only once a millisecond.
 */
static void let_waiter_take(const struct turns *t, unsigned slot)
{
	double t0 = gp_now_ms();
	struct timespec ms = { 0, 1000000 };

	while (!holder_of(t, slot) && turns_wanted(t, slot) && gp_now_ms() - t0 < HANDOVER_MS)
		nanosleep(&ms, NULL);
}

int turns_take(struct turns *t, unsigned slot, double wait_ms, pid_t *holder)
{
	off_t want = slot_start(slot) + PID_SPAN + 2;
	double t0;
	int got;

	if (handed(t, slot)) {
		set_handed(t, slot, 0);
		let_waiter_take(t, slot);
	}
	t0 = gp_now_ms();
	got = try_take(t, slot);
	*holder = 0;
	if (got)
		return got;
	*holder = holder_of(t, slot);
	/* shared: many may wait; blocking only while a holder tests it (turns_wanted) */
	if (lock(t->fd, F_OFD_SETLKW, F_RDLCK, want, 1))
		return -1;
	while (!got && gp_now_ms() - t0 < wait_ms) {
		struct timespec ms = { 0, 1000000 };

		nanosleep(&ms, NULL);
		if ((got = try_take(t, slot)) == 0 && !*holder)
			*holder = holder_of(t, slot);
	}
	lock(t->fd, F_OFD_SETLK, F_UNLCK, want, 1);
	return got;
}

void turns_give(struct turns *t, unsigned slot)
{
	set_handed(t, slot, turns_wanted(t, slot));
	lock(t->fd, F_OFD_SETLK, F_UNLCK, slot_start(slot), PID_SPAN + 1);
}

int turns_wanted(const struct turns *t, unsigned slot)
{
	off_t want = slot_start(slot) + PID_SPAN + 2;

	if (lock(t->fd, F_OFD_SETLK, F_WRLCK, want, 1))
		return errno == EAGAIN || errno == EACCES;
	lock(t->fd, F_OFD_SETLK, F_UNLCK, want, 1);
	return 0;
}
