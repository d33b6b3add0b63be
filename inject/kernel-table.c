/*
 * Per-kernel state inside the profiled process: whether --kernel matches
 * it, how many of its launches were profiled, and the counts and GPU time
 * since the last time record.  Launches only count here; time records go
 * out as deltas when CUPTI hands over a buffer and at exit, so a program
 * of a million launches writes a few lines per kernel, not a million.
 * Everything with inj.lock held.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/demangle.h"
#include "util/hash.h"
#include "inject/inject.h"

#define NBUCKETS 4096

struct inj_kernel {
	char *name;
	int dev;
	int match;                   /* --kernel */
	unsigned long long count_at; /* profile --count-stalls' run: its launch to count; 0: any */
	unsigned profiled;
	int sampled;                 /* a launch of it was PC-sampled (pcsample.c) */
	int waits;                   /* its counted launch judged latency-bound or underfilled */
	unsigned waited;             /* its launches that waited for their samples */
	double counted_ns;           /* its counted launch's time; NAN: none yet */
	unsigned long long seen;     /* its launches through the API, all along */
	int dirty;
	/* since the last time record */
	unsigned long long launches, graph, timed, ns, min_ns, max_ns;
	struct prof_rec config;      /* the last shape seen (grid, block, memory, registers) */
	struct inj_kernel *next;
};

static struct inj_kernel *buckets[NBUCKETS];

/*
 * profile --count-stalls' run (GPUPERF_PROFILE_COUNT_AT="NTH:KERNEL ..."):
 * the launch to count of each kernel named, and no other kernel's; 0
 * where the kernel is not named or there is no such list.
 */
static unsigned long long count_at(const char *name)
{
	const char *at = getenv("GPUPERF_PROFILE_COUNT_AT"), *p = at;
	size_t len = strlen(name);

	while (p && *p) {
		char *end;
		unsigned long long nth = strtoull(p, &end, 10);

		if (*end == ':' && !strncmp(end + 1, name, len) && (!end[1 + len] || end[1 + len] == ' '))
			return nth;
		p = strchr(p, ' ');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

struct inj_kernel *inj_kernel_get(const char *name, int dev)
{
	unsigned h = gp_kernel_hash(name, dev) % NBUCKETS;
	struct inj_kernel *k;
	char *d;

	for (k = buckets[h]; k; k = k->next)
		if (k->dev == dev && !strcmp(k->name, name))
			return k;
	if (!(k = calloc(1, sizeof(*k))) || !(k->name = strdup(name))) {
		free(k);
		return NULL;
	}
	k->dev = dev;
	k->counted_ns = NAN;
	/* demangle once per kernel, and only to match a --kernel pattern */
	if (inj.filter.on) {
		d = kernel_demangle(name);
		k->match = prof_filter_match(&inj.filter, d ? d : name);
		free(d);
	} else {
		k->match = 1;
	}
	if (getenv("GPUPERF_PROFILE_COUNT_AT")) {
		k->count_at = count_at(name);
		k->match &= k->count_at > 0;
	}
	k->next = buckets[h];
	buckets[h] = k;
	return k;
}

int inj_kernel_launch(struct inj_kernel *k, int counters_allowed)
{
	k->launches++;
	k->seen++;
	k->dirty = 1;
	if (!counters_allowed || !k->match || k->profiled >= inj.launches ||
	    (k->count_at && k->seen != k->count_at))
		return 0;
	k->profiled++;
	return 1;
}

int inj_kernel_sample(struct inj_kernel *k, struct prof_sample_when *w)
{
	if (k->sampled || !k->match)
		return 0;
	w->waited = k->waited;
	w->launch_ns = k->counted_ns;
	if (!prof_sample_now(w)) {
		k->waited++;
		return 0;
	}
	k->sampled = 1;
	return 1;
}

void inj_kernel_unsample(struct inj_kernel *k)
{
	k->sampled = 0;
}

void inj_kernel_counted_ns(struct inj_kernel *k, double ns)
{
	k->counted_ns = ns;
}

void inj_kernel_wants_samples(struct inj_kernel *k)
{
	k->waits = 1;
}

int inj_kernel_waits(const struct inj_kernel *k)
{
	return k->waits;
}

int inj_kernel_counted(const struct inj_kernel *k)
{
	return k->profiled > 0;
}

void inj_kernel_unprofile(struct inj_kernel *k)
{
	if (k->profiled)
		k->profiled--;
}

void inj_kernel_time(struct inj_kernel *k, uint64_t ns, int graph, const struct prof_rec *config)
{
	if (!k->timed || ns < k->min_ns)
		k->min_ns = ns;
	if (ns > k->max_ns)
		k->max_ns = ns;
	k->timed++;
	k->ns += ns;
	k->graph += graph != 0;
	k->config.grid = config->grid;
	k->config.block = config->block;
	k->config.dyn_smem = config->dyn_smem;
	k->config.static_smem = config->static_smem;
	k->config.regs = config->regs;
	k->dirty = 1;
}

void inj_kernels_flush(void)
{
	for (unsigned b = 0; b < NBUCKETS; b++)
		for (struct inj_kernel *k = buckets[b]; k; k = k->next) {
			struct prof_rec r;

			if (!k->dirty)
				continue;
			prof_rec_init(&r, PROF_TIME, inj.pid);
			r.dev = k->dev;
			r.kernel = k->name;
			r.launches = k->launches;
			r.graph = k->graph;
			r.timed = k->timed;
			r.ns = k->ns;
			r.min_ns = k->min_ns;
			r.max_ns = k->max_ns;
			r.grid = k->config.grid;
			r.block = k->config.block;
			r.dyn_smem = k->config.dyn_smem;
			r.static_smem = k->config.static_smem;
			r.regs = k->config.regs;
			inj_write(&r);
			k->launches = k->graph = k->timed = k->ns = k->min_ns = k->max_ns = 0;
			k->dirty = 0;
		}
}

unsigned long long inj_kernel_seen(const struct inj_kernel *k)
{
	return k->seen;
}

const char *inj_kernel_name(const struct inj_kernel *k, int *dev)
{
	*dev = k->dev;
	return k->name;
}

/*
 * The set of profiled launches' correlation ids: open addressing, 0 is
 * empty (CUPTI's ids start at 1).  Small: at most --launches per kernel.
 */
static struct {
	uint32_t *v;
	size_t cap, n;
} corr;

static void set_put(uint32_t *v, size_t cap, uint32_t id)
{
	size_t i = (id * 2654435761u) & (cap - 1);

	while (v[i] && v[i] != id)
		i = (i + 1) & (cap - 1);
	v[i] = id;
}

void inj_profiled_add(uint32_t id)
{
	if (!id)
		return;
	if (2 * (corr.n + 1) > corr.cap) {
		size_t cap = corr.cap ? 2 * corr.cap : 64;
		uint32_t *v = calloc(cap, sizeof(*v));

		if (!v)
			return;
		for (size_t i = 0; i < corr.cap; i++)
			if (corr.v[i])
				set_put(v, cap, corr.v[i]);
		free(corr.v);
		corr.v = v;
		corr.cap = cap;
	}
	set_put(corr.v, corr.cap, id);
	corr.n++;
}

int inj_profiled_has(uint32_t id)
{
	if (!id || !corr.cap)
		return 0;
	for (size_t i = (id * 2654435761u) & (corr.cap - 1); corr.v[i];
	     i = (i + 1) & (corr.cap - 1))
		if (corr.v[i] == id)
			return 1;
	return 0;
}
