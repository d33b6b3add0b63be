/*
 * Internals shared by the files of the pcie probe (probes/pcie*.c):
 * host buffers of each memory kind, data fill and check, NUMA placement,
 * the link sampler, and gated timing.  Not for use outside probes/.
 */
#ifndef GP_PROBES_PCIE_PRIV_H
#define GP_PROBES_PCIE_PRIV_H

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <cuda_runtime_api.h>
#include "probes/pcie.h"

/* ---- host buffers (probes/pcie-host.c) ---- */

struct pcie_hostbuf {
	void *p;        /* host address */
	void *dptr;     /* device address of the same memory, NULL when not mapped */
	size_t alloc;   /* bytes allocated (whole pages) */
	enum pcie_mem mem;
	int registered; /* cudaHostRegister succeeded: undo before free() */
	size_t mapped;  /* bytes mmap'ed (a pinned variant): munmap, not cudaFreeHost */
	unsigned long long huge;  /* of them, in huge pages */
};

/* Allocate size bytes of kind mem; 0 or GP_EXIT_FAIL (message printed, nothing left allocated). */
int pcie_host_alloc(struct pcie_hostbuf *b, enum pcie_mem mem, size_t size);
/*
 * The same, pinned buffers as the variant v says (NULL: the default):
 * mmap'ed, bound to gpu_node when asked (>= 0), touched, registered.
 */
int pcie_host_alloc_var(struct pcie_hostbuf *b, enum pcie_mem mem, size_t size,
			const struct pcie_variant *v, int gpu_node);
/* Free b if allocated (safe on a zeroed or already freed buffer). */
void pcie_host_free(struct pcie_hostbuf *b);

/* Write the pattern of seed into p[0..size) from the CPU (then pcie_host_flush). */
void pcie_host_fill(void *p, size_t size, uint64_t seed);
/* Fill p[0..size) with the poison byte (then pcie_host_flush). */
void pcie_host_poison(void *p, size_t size);
/* Make the CPU's stores, write-combined ones included, visible to the device. */
void pcie_host_flush(void);
/* Number of bytes of p[0..size) (words, for whole words) differing from the pattern; *first gets the lowest offset. */
uint64_t pcie_host_check(const void *p, size_t size, uint64_t seed, uint64_t *first);

/*
 * Variant flush: a pageable buffer of twice the largest CPU cache (at
 * least bandwidthTest's 256 MiB), written before each pageable
 * repetition so that what the copy reads or writes is not in the caches.
 */
#define PCIE_EVICT_MIN (256u << 20)
int pcie_evict_alloc(struct pcie_hostbuf *b);
void pcie_evict(const struct pcie_hostbuf *b, int round);

/* NUMA node of the pages of p[0..size), sampled; PCIE_NODE_UNKNOWN or PCIE_NODE_MIXED. */
int pcie_host_node(const void *p, size_t size);

/* Thread placement on the GPU's local CPUs, undone by pcie_unbind. */
struct pcie_binding {
	cpu_set_t old;
	int changed;
};
/* Fills env->bound and env->cpulist; never fails (placement is best effort). */
void pcie_bind(const char *bus_id, struct pcie_binding *b, struct pcie_env *env);
/* Variant lastcpu: the thread on the last of the CPUs it may use (after pcie_bind, the GPU's). */
void pcie_bind_last(struct pcie_binding *b, struct pcie_env *env);
void pcie_unbind(struct pcie_binding *b);

/* Idle link, GPU node, and the thread moved to the GPU's CPUs when bind is set. */
void pcie_env_begin(const struct gp_device *dev, int bind, struct pcie_binding *b,
		    struct pcie_env *env);

/* ---- link readings while transfers run (probes/pcie-host.c) ---- */

struct pcie_sampler {
	pthread_t thread;
	int running;
	atomic_int stop;
	const char *bus_id;
	struct pcie_link best;
	int samples;
};
void pcie_sampler_start(struct pcie_sampler *s, const char *bus_id);
/* Stop the thread; env->busy and env->busy_samples receive what it saw. */
void pcie_sampler_stop(struct pcie_sampler *s, struct pcie_env *env);

/* ---- timing (probes/pcie-time.c) ---- */

/*
 * Streams, events and the gate: the gate kernel holds streams[0] until
 * the host has queued a whole repetition, then releases it, so copies run
 * back to back on the device instead of at the host's enqueue rate.
 */
struct pcie_timer {
	cudaStream_t streams[PCIE_MAX_STREAMS];
	int nstreams;
	cudaEvent_t start, end[PCIE_MAX_STREAMS];
	unsigned *gate;          /* mapped host memory: [0] release flag, [1] timed out */
	unsigned *gate_dev;
	int ungated;             /* the gate timed out once (a sanitizer): no gate */
	unsigned long long *check_result;  /* device, two words for launch_pcie_check */
	int dev_index;
	int sm_count;
};

int pcie_timer_open(struct pcie_timer *t, int nstreams, const struct gp_device *dev);
void pcie_timer_close(struct pcie_timer *t);

/* Enqueue one repetition's work on t->streams; returns a cudaError_t. */
typedef cudaError_t (*pcie_enqueue_fn)(void *arg, const struct pcie_timer *t);

/*
 * One gated repetition on streams[0..nstreams): ms[i] = time from the
 * common start to the end of stream i's work.  0 or GP_EXIT_FAIL.
 */
int pcie_time_gated(struct pcie_timer *t, int nstreams, pcie_enqueue_fn fn, void *arg, double *ms);

/* One side of a transfer: what moves where, and how. */
struct pcie_side {
	enum pcie_mem mem;
	void *dst;
	const void *src;
	size_t size;
	enum cudaMemcpyKind kind;
	int stream;       /* index into timer streams (the first of split) */
	int count;        /* transfers per repetition; 0: the count given to the timer */
	int split;        /* > 1: each transfer as split chunks on streams stream.. (a variant) */
	size_t tail;      /* bytes of one more, partial copy after the count (balancing); 0: none */
	/* pageable variants (struct pcie_variant): */
	int sync;         /* cudaMemcpy on the legacy stream */
	int legacy;       /* cudaMemcpyAsync on the legacy stream */
	size_t chunk;     /* > 0: each transfer as copies of chunk bytes in sequence */
};

/* Enqueue count transfers of side (a copy, or the mapped kernel), then its tail. */
cudaError_t pcie_side_enqueue(const struct pcie_side *s, const struct pcie_timer *t, int count);

/*
 * One repetition of count transfers on each of nsides sides (1 or 2),
 * started together.  Pageable sides are synchronous for the host, so they
 * are timed with the host clock (two threads for two sides); the others
 * with events behind the gate.  ms[i]: side i's time from the common
 * start; *wall: until the last side ended.
 */
int pcie_time_sides(struct pcie_timer *t, const struct pcie_side *sides, int nsides, int count,
		    double *ms, double *wall);

/*
 * Poison device memory on streams[0] and wait: the timed streams do not
 * wait for the legacy default stream, so a plain cudaMemset could race them.
 */
int pcie_device_poison(struct pcie_timer *t, void *dev, size_t size);

/* Compare dev (device or mapped host memory) with the pattern on the device. */
int pcie_device_check(struct pcie_timer *t, const void *dev, size_t size, uint64_t seed,
		      uint64_t *bad, uint64_t *first);

#endif
