/*
 * The program's processes take turns with a GPU's counters.  A GPU's
 * counters serve one process at a time, from cuptiRangeProfilerEnable
 * (counters/cupti-load.c's check; a set's first session) until the set
 * closes: a second process of the profiled program (a Python script's
 * two workers) found them "in use by another tool" and lost its
 * counters for good.  Now each process takes the GPU's turn before it
 * opens counters there, and gives it when its set closes (its context
 * goes, or a sibling waits: launch.c closes the set at the next launch
 * entry, and opens a new one at its next profiled launch).  PC sampling
 * and a patched launch hold the counters too (CUPTI_ERROR_HARDWARE_BUSY
 * beside a sibling's set, and a sibling hung): they take the same turn,
 * given back when the turn of sampling ends or the patch is undone.
 *
 * The turns are util/turns.h's locks on the record file, by path (a
 * descriptor inherited through fork would share the lock), one slot per
 * GPU by UUID: processes on different GPUs never wait for each other.
 * A process waits at most WAIT_MS for a turn, WAIT_TOTAL_MS in all, and
 * then only briefly: a sibling that holds the counters while it waits
 * for us (a collective, a pipe) must not hang the program.  A launch that
 * got no turn runs without counters and the kernel's next launch tries
 * again.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include "inject/inject.h"
#include "util/turns.h"

#define WAIT_MS 2000.0
#define WAIT_TOTAL_MS 10000.0
#define WAIT_LATE_MS 20.0

static struct {
	struct turns t;
	int tried;             /* opened (or failed to) in this process */
	double waited_ms;
	int said_shared, said_late;
	unsigned slot[INJ_MAX_DEV];   /* set at each take */
	_Atomic int held[INJ_MAX_DEV];
} tn = { .t = { .fd = -1 } };

/* The GPU's slot: its UUID hashed (FNV-1a), else its ordinal. */
static unsigned slot_of(int dev)
{
	CUuuid u;
	uint32_t h = 2166136261u;

	if (!inj_api.cuDeviceGetUuid || inj_api.cuDeviceGetUuid(&u, dev))
		return (unsigned)dev;
	for (size_t i = 0; i < sizeof(u.bytes); i++)
		h = (h ^ (unsigned char)u.bytes[i]) * 16777619u;
	return h % TURNS_NSLOTS;
}

/* The turns of this process: opened at its first need, again in a forked child. */
static int ready(void)
{
	const char *path = getenv("GPUPERF_PROFILE_PATH");

	if (tn.tried && tn.t.pid == getpid())
		return tn.t.fd >= 0;
	if (tn.tried) {   /* a forked child: the parent's locks are not its own */
		turns_close(&tn.t);
		for (int d = 0; d < INJ_MAX_DEV; d++)
			atomic_store(&tn.held[d], 0);
	}
	tn.tried = 1;
	tn.t.pid = getpid();
	if (!path || !*path || turns_open(&tn.t, path))
		tn.t.fd = -1;   /* no turns: counters as before, first come first served */
	return tn.t.fd >= 0;
}

static void say_waited(int dev, pid_t other, int got, double ms, const char *kernel)
{
	if (!tn.said_shared) {
		tn.said_shared = 1;
		inj_note("info", "process %ld and process %ld, both of the profiled program, "
			 "profile GPU %d: they take turns with its counters", (long)getpid(),
			 (long)other, dev);
	}
	if (!got && !tn.said_late) {
		tn.said_late = 1;
		inj_note("warning", "process %ld of the profiled program (its own, not another "
			 "tool) kept GPU %d's counters %.1f s without a launch: a launch of %s in "
			 "process %ld ran without counters; its next launch tries again",
			 (long)other, dev, ms / 1e3, kernel, (long)getpid());
	}
}

int inj_turn_take(int dev, const char *kernel)
{
	double wait = tn.waited_ms < WAIT_TOTAL_MS ? WAIT_MS : WAIT_LATE_MS, t0;
	pid_t other = 0;
	int got;

	if (!ready() || atomic_load(&tn.held[dev]))
		return 1;
	tn.slot[dev] = slot_of(dev);
	t0 = gp_now_ms();
	got = turns_take(&tn.t, tn.slot[dev], wait, &other);
	if (got < 0)
		return 1;   /* locks refused here (the file system): first come first served */
	if (other) {
		tn.waited_ms += gp_now_ms() - t0;
		say_waited(dev, other, got, gp_now_ms() - t0, kernel);
	}
	atomic_store(&tn.held[dev], got);
	return got;
}

void inj_turn_give(int dev)
{
	if (tn.t.fd < 0 || tn.t.pid != getpid() || !atomic_exchange(&tn.held[dev], 0))
		return;
	turns_give(&tn.t, tn.slot[dev]);
}

int inj_turn_wanted(int dev)
{
	return tn.t.fd >= 0 && tn.t.pid == getpid() && atomic_load(&tn.held[dev]) &&
	       turns_wanted(&tn.t, tn.slot[dev]);
}
