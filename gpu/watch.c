/*
 * The device watch (gpu/watch.h): readings through gpu/nvml.c, a thread
 * that sleeps on a condition variable between them (so that stopping it
 * is immediate), and the bookkeeping that tells gpuperf's own process
 * apart from the others in NVML's list.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "gpu/nvml.h"
#include "gpu/watch.h"

#define MAX_PIDS 64

struct wdev {
	struct nvml_gpu g;
	struct trust_summary s;
};

struct gp_watch {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	int running, stop;
	unsigned period_ms;
	struct wdev dev[WATCH_MAX_DEVICES];
	size_t ndev;
	struct timespec t0;
	char why[192];       /* the first device NVML could not read */
};

/*
 * Process-wide, touched by the main thread only (watch_before_open,
 * watch_add) or under a watch's lock: the PID NVML gives gpuperf, and
 * each device's process list from before this process opened it.
 */
static long self_pid = -1;
static struct {
	char bus[32];
	unsigned pids[MAX_PIDS];
	int n;          /* -1: read failed */
	long long mem;  /* device memory in use then; -1 unknown */
	int added;      /* a watch has read it since */
} seen[WATCH_MAX_DEVICES];
static size_t nseen;

static size_t seen_slot(const char *bus)
{
	for (size_t i = 0; i < nseen; i++)
		if (!strcmp(seen[i].bus, bus))
			return i;
	if (nseen == WATCH_MAX_DEVICES)
		return WATCH_MAX_DEVICES;
	snprintf(seen[nseen].bus, sizeof(seen[nseen].bus), "%s", bus);
	seen[nseen].n = -1;
	seen[nseen].mem = -1;
	return nseen++;
}

int watch_before_open(const char *bus_id, struct trust_modes *modes)
{
	struct trust_proc p[MAX_PIDS];
	unsigned long long used;
	struct nvml_gpu g;
	const char *why;
	size_t slot = seen_slot(bus_id);
	int n;

	*modes = (struct trust_modes){ -1, -1, -1, -1, -1, -1 };
	if (nvml_gpu_open(bus_id, &g, &why))
		return -1;
	nvml_read_modes(&g, modes);
	if (slot == WATCH_MAX_DEVICES || seen[slot].added)
		return 0;
	n = nvml_read_procs(&g, p, MAX_PIDS);
	seen[slot].n = n < 0 ? -1 : n > MAX_PIDS ? MAX_PIDS : n;
	for (int i = 0; i < seen[slot].n; i++)
		seen[slot].pids[i] = p[i].pid;
	seen[slot].mem = nvml_read_mem_used(&g, &used) ? -1 : (long long)used;
	return 0;
}

static int has_pid(const struct trust_proc *p, int n, long pid)
{
	for (int i = 0; i < n; i++)
		if ((long)p[i].pid == pid)
			return 1;
	return 0;
}

/*
 * Which entry of a fresh list (read just after the device was opened) is
 * gpuperf: getpid() itself, else the one PID that was not there before
 * the opening (in a container the driver reports host PIDs).
 */
static void find_self(const struct trust_proc *p, int n, size_t slot)
{
	long fresh = -1;
	int nfresh = 0;

	if (has_pid(p, n, (long)getpid())) {
		self_pid = (long)getpid();
		return;
	}
	if (self_pid >= 0 || slot == WATCH_MAX_DEVICES || seen[slot].n < 0)
		return;
	for (int i = 0; i < n; i++) {
		int before = 0;

		for (int k = 0; k < seen[slot].n; k++)
			before |= seen[slot].pids[k] == p[i].pid;
		if (!before) {
			fresh = p[i].pid;
			nfresh++;
		}
	}
	if (nfresh == 1)
		self_pid = fresh;
}

/* The command name of pid where /proc shows this process's own PID space. */
static void proc_name(unsigned pid, char *name, size_t n)
{
	char path[64];
	FILE *f;

	name[0] = '\0';
	if (self_pid != (long)getpid())
		return;  /* host PIDs: /proc here would name someone else */
	snprintf(path, sizeof(path), "/proc/%u/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(name, (int)n, f))
		name[strcspn(name, "\n")] = '\0';
	fclose(f);
}

static void read_procs(struct wdev *d)
{
	struct trust_proc p[MAX_PIDS];
	int n = nvml_read_procs(&d->g, p, MAX_PIDS);

	if (n < 0)
		return;  /* keep what earlier readings said */
	n = n > MAX_PIDS ? MAX_PIDS : n;
	if (self_pid < 0 || !has_pid(p, n, self_pid)) {
		if (d->s.procs == TRUST_PROCS_UNREAD)
			d->s.procs = TRUST_PROCS_HIDDEN;
		return;
	}
	d->s.procs = TRUST_PROCS_VISIBLE;
	for (int i = 0; i < n; i++) {
		int known = 0;

		if ((long)p[i].pid == self_pid)
			continue;
		for (size_t k = 0; k < d->s.nothers && k < TRUST_MAX_PROCS; k++)
			known |= d->s.others[k].pid == p[i].pid;
		if (known)
			continue;
		if (d->s.nothers < TRUST_MAX_PROCS) {
			d->s.others[d->s.nothers] = p[i];
			proc_name(p[i].pid, d->s.others[d->s.nothers].name,
				  sizeof(d->s.others[0].name));
		}
		d->s.nothers++;
	}
}

static unsigned lower(unsigned a, unsigned b)
{
	return !a ? b : !b ? a : a < b ? a : b;
}

/* One reading of a device: clocks and their reasons, then the processes. */
static void sample(struct wdev *d)
{
	struct nvml_clocks c;

	d->s.samples++;
	if (!nvml_read_clocks(&d->g, &c)) {
		d->s.sm_max_mhz = c.sm_max_mhz ? c.sm_max_mhz : d->s.sm_max_mhz;
		d->s.mem_max_mhz = c.mem_max_mhz ? c.mem_max_mhz : d->s.mem_max_mhz;
		if (c.reasons_known) {
			d->s.reasons_read++;
			d->s.reasons |= c.reasons & TRUST_REASON_SLOWDOWNS;
			/* an idle GPU's clocks say nothing about the probe's */
			if (!(c.reasons & TRUST_REASON_IDLE)) {
				d->s.sm_min_mhz = lower(d->s.sm_min_mhz, c.sm_mhz);
				d->s.mem_min_mhz = lower(d->s.mem_min_mhz, c.mem_mhz);
			}
		}
	}
	read_procs(d);
}

static double since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void *run(void *arg)
{
	struct gp_watch *w = arg;
	struct timespec next;

	pthread_mutex_lock(&w->lock);
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!w->stop) {
		next.tv_nsec += (long)w->period_ms * 1000000L;
		next.tv_sec += next.tv_nsec / 1000000000L;
		next.tv_nsec %= 1000000000L;
		while (!w->stop && pthread_cond_timedwait(&w->wake, &w->lock, &next) != ETIMEDOUT)
			;
		if (w->stop)
			break;
		for (size_t i = 0; i < w->ndev; i++)
			sample(&w->dev[i]);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct gp_watch *watch_new(unsigned period_ms)
{
	struct gp_watch *w = calloc(1, sizeof(*w));
	pthread_condattr_t attr;

	if (!w)
		return NULL;
	pthread_mutex_init(&w->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&w->wake, &attr);
	pthread_condattr_destroy(&attr);
	w->period_ms = period_ms ? period_ms : WATCH_PERIOD_MS;
	return w;
}

void watch_add(struct gp_watch *w, const char *bus_id)
{
	struct wdev *d;
	const char *why;
	size_t slot;
	struct trust_proc p[MAX_PIDS];
	int n;

	if (!w || !bus_id || !bus_id[0])
		return;
	pthread_mutex_lock(&w->lock);
	for (size_t i = 0; i < w->ndev; i++)
		if (!strcmp(w->dev[i].g.bus_id, bus_id))
			goto out;
	if (w->ndev == WATCH_MAX_DEVICES)
		goto out;
	d = &w->dev[w->ndev];
	if (nvml_gpu_open(bus_id, &d->g, &why)) {
		if (!w->why[0])
			snprintf(w->why, sizeof(w->why), "%s", why);
		goto out;
	}
	trust_unwatched(&d->s, NULL);
	d->s.watched = 1;
	d->s.devices = 1;
	nvml_read_modes(&d->g, &d->s.modes);
	slot = seen_slot(bus_id);
	if ((n = nvml_read_procs(&d->g, p, MAX_PIDS)) >= 0)
		find_self(p, n > MAX_PIDS ? MAX_PIDS : n, slot);
	/* memory in use before this process held any there: someone else's */
	if (slot < WATCH_MAX_DEVICES && !seen[slot].added)
		d->s.mem_before = seen[slot].mem;
	if (slot < WATCH_MAX_DEVICES)
		seen[slot].added = 1;
	sample(d);
	if (!w->ndev++) {
		clock_gettime(CLOCK_MONOTONIC, &w->t0);
		w->running = !pthread_create(&w->thread, NULL, run, w);
	}
out:
	pthread_mutex_unlock(&w->lock);
}

static void stop(struct gp_watch *w)
{
	if (!w->running)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = 1;
	pthread_cond_signal(&w->wake);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	w->running = 0;
}

void watch_finish(struct gp_watch *w, struct trust_summary *out)
{
	if (!w || !w->ndev) {
		trust_unwatched(out, w && w->why[0] ? w->why : "no device was watched");
		return;
	}
	stop(w);
	trust_unwatched(out, NULL);
	for (size_t i = 0; i < w->ndev; i++) {
		sample(&w->dev[i]);
		w->dev[i].s.seconds = since(&w->t0);
		trust_merge(out, &w->dev[i].s);
	}
	if (w->why[0] && !out->why[0])
		snprintf(out->why, sizeof(out->why), "%s", w->why);
}

void watch_free(struct gp_watch *w)
{
	if (!w)
		return;
	stop(w);
	pthread_cond_destroy(&w->wake);
	pthread_mutex_destroy(&w->lock);
	free(w);
}
