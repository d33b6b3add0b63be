/*
 * Timing of host<->device transfers.  Asynchronous work (page-locked
 * copies, the mapped kernel, --overlap) is timed with CUDA events behind a
 * gate kernel; pageable copies, which the driver stages synchronously, with
 * the host clock around the copies and a stream synchronize.
 */
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include "gpu/cuda-check.h"
#include "kernels/kernels.h"
#include "kernels/pcie-pattern.h"
#include "probes/pcie-priv.h"
#include "util/error.h"
#include "util/fault.h"
#include "util/clock.h"

#define GATE_TIMEOUT_NS 5000000000ull

int pcie_timer_open(struct pcie_timer *t, int nstreams, const struct gp_device *dev)
{
	int rc;

	memset(t, 0, sizeof(*t));
	t->dev_index = dev->index;
	t->sm_count = dev->sm_count > 0 ? dev->sm_count : 1;
	if (nstreams < 2)
		nstreams = 2;
	if (nstreams > PCIE_MAX_STREAMS)
		nstreams = PCIE_MAX_STREAMS;
	for (int i = 0; i < nstreams; i++) {
		if ((rc = cuda_check(cudaStreamCreateWithFlags(&t->streams[i], cudaStreamNonBlocking),
				     "cudaStreamCreate")))
			goto fail;
		t->nstreams = i + 1;
		if ((rc = cuda_check(cudaEventCreate(&t->end[i]), "cudaEventCreate"))) {
			t->end[i] = NULL;
			goto fail;
		}
	}
	if ((rc = cuda_check(cudaEventCreate(&t->start), "cudaEventCreate"))) {
		t->start = NULL;
		goto fail;
	}
	if ((rc = cuda_check(cudaHostAlloc((void **)&t->gate, 64, cudaHostAllocMapped),
			     "cudaHostAlloc (gate flag)"))) {
		t->gate = NULL;
		goto fail;
	}
	memset(t->gate, 0, 64);
	if ((rc = cuda_check(cudaHostGetDevicePointer((void **)&t->gate_dev, t->gate, 0),
			     "cudaHostGetDevicePointer")))
		goto fail;
	if ((rc = cuda_check(cudaMalloc((void **)&t->check_result, 2 * sizeof(*t->check_result)),
			     "cudaMalloc (check result)"))) {
		t->check_result = NULL;
		goto fail;
	}
	return 0;
fail:
	pcie_timer_close(t);
	return rc;
}

void pcie_timer_close(struct pcie_timer *t)
{
	for (int i = 0; i < t->nstreams; i++) {
		if (t->streams[i]) {
			(void)cudaStreamSynchronize(t->streams[i]);
			(void)cudaStreamDestroy(t->streams[i]);
		}
		if (t->end[i])
			(void)cudaEventDestroy(t->end[i]);
	}
	if (t->start)
		(void)cudaEventDestroy(t->start);
	if (t->gate)
		(void)cudaFreeHost(t->gate);
	if (t->check_result)
		(void)cudaFree(t->check_result);
	memset(t, 0, sizeof(*t));
}

static void gate_release(struct pcie_timer *t)
{
	atomic_thread_fence(memory_order_seq_cst);
	((volatile unsigned *)t->gate)[0] = 1;
	atomic_thread_fence(memory_order_seq_cst);
}

/* Until the gate reports its timeout (a second or so at most), so a release cannot beat it. */
static void wait_for_timeout(volatile unsigned *g)
{
	const struct timespec pause = { 0, 10000 };
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		nanosleep(&pause, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (!g[1] && t.tv_sec - t0.tv_sec < 1);
}

int pcie_time_gated(struct pcie_timer *t, int nstreams, pcie_enqueue_fn fn, void *arg, double *ms)
{
	volatile unsigned *g = t->gate;
	int rc, queued = 0;

	g[0] = 0;
	g[1] = 0;
	atomic_thread_fence(memory_order_seq_cst);
	/* Even when the launch reports an error the gate may run: release it at out. */
	queued = 1;
	if (!t->ungated) {
		/* GPUPERF_FAULT="gate timeout:N", for the tests: a gate that gives up at once */
		int give_up = gp_fault("gate timeout");

		if ((rc = cuda_check(launch_pcie_gate(t->gate_dev, give_up ? 0 : GATE_TIMEOUT_NS,
						      t->gate_dev + 1, t->streams[0]), "gate kernel launch")))
			goto out;
		if (give_up)
			wait_for_timeout(g);
	}
	if ((rc = cuda_check(cudaEventRecord(t->start, t->streams[0]), "cudaEventRecord")))
		goto out;
	for (int i = 1; i < nstreams; i++)
		if ((rc = cuda_check(cudaStreamWaitEvent(t->streams[i], t->start, 0),
				     "cudaStreamWaitEvent")))
			goto out;
	if ((rc = cuda_check(fn(arg, t), "enqueueing transfers")))
		goto out;
	for (int i = 0; i < nstreams; i++)
		if ((rc = cuda_check(cudaEventRecord(t->end[i], t->streams[i]), "cudaEventRecord")))
			goto out;
out:
	/* Release even on error so nothing stays queued behind the gate. */
	gate_release(t);
	for (int i = 0; i < nstreams && queued; i++) {
		int r = cuda_check(cudaStreamSynchronize(t->streams[i]), "transfer");
		if (!rc)
			rc = r;
	}
	if (rc)
		return rc;
	if (g[1] && !t->ungated) {
		/*
		 * Queuing one repetition took longer than the gate waits (a tool
		 * that intercepts every CUDA call or makes launches block, or an
		 * overloaded host): the times include that wait, so repeat the
		 * repetition without the gate and go on without it.
		 */
		gp_warn("pcie: queuing one repetition took over %llu s; timing without the gate",
			GATE_TIMEOUT_NS / 1000000000ull);
		t->ungated = 1;
		return pcie_time_gated(t, nstreams, fn, arg, ms);
	}
	for (int i = 0; i < nstreams; i++) {
		float f;
		if ((rc = cuda_check(cudaEventElapsedTime(&f, t->start, t->end[i]), "cudaEventElapsedTime")))
			return rc;
		ms[i] = f;
	}
	return 0;
}

/* A transfer as split chunks of whole 64 KiB, one on each of split streams. */
static cudaError_t enqueue_split(const struct pcie_side *s, const struct pcie_timer *t)
{
	size_t chunk = (s->size / (size_t)s->split + 65535) / 65536 * 65536;
	cudaError_t err = cudaSuccess;

	for (int c = 0; c < s->split && err == cudaSuccess; c++) {
		size_t off = (size_t)c * chunk;

		if (off >= s->size)
			break;
		err = cudaMemcpyAsync((char *)s->dst + off, (const char *)s->src + off,
				      s->size - off < chunk ? s->size - off : chunk, s->kind,
				      t->streams[s->stream + c]);
	}
	return err;
}

/* A pageable transfer the variant's way: in chunks, synchronous, on the legacy stream. */
static cudaError_t enqueue_pageable(const struct pcie_side *s, cudaStream_t st)
{
	size_t step = s->chunk ? s->chunk : s->size;
	cudaError_t err = cudaSuccess;

	for (size_t off = 0; off < s->size && err == cudaSuccess; off += step) {
		size_t len = s->size - off < step ? s->size - off : step;

		if (s->sync)
			err = cudaMemcpy((char *)s->dst + off, (const char *)s->src + off, len, s->kind);
		else
			err = cudaMemcpyAsync((char *)s->dst + off, (const char *)s->src + off, len,
					      s->kind, s->legacy ? 0 : st);
	}
	return err;
}

cudaError_t pcie_side_enqueue(const struct pcie_side *s, const struct pcie_timer *t, int count)
{
	cudaStream_t st = t->streams[s->stream];
	cudaError_t err = cudaSuccess;

	for (int i = 0; i < count && err == cudaSuccess; i++) {
		if (s->mem == PCIE_PAGEABLE && (s->sync || s->legacy || s->chunk))
			err = enqueue_pageable(s, st);
		else if (s->mem == PCIE_MAPPED)
			err = launch_pcie_mapped_copy(s->dst, s->src, s->size, t->sm_count, st);
		else if (s->split > 1)
			err = enqueue_split(s, t);
		else
			err = cudaMemcpyAsync(s->dst, s->src, s->size, s->kind, st);
	}
	/* a prefix of the same copy again (balance_sides sets a tail only for plain
	   copies, under their size): the destination keeps what the full ones wrote */
	if (err == cudaSuccess && s->tail)
		err = cudaMemcpyAsync(s->dst, s->src, s->tail, s->kind, st);
	return err;
}

struct sides_arg {
	const struct pcie_side *sides;
	int nsides, count;
};

static cudaError_t enqueue_sides(void *arg, const struct pcie_timer *t)
{
	const struct sides_arg *a = arg;
	cudaError_t err = cudaSuccess;

	for (int i = 0; i < a->nsides && err == cudaSuccess; i++)
		err = pcie_side_enqueue(&a->sides[i], t, a->sides[i].count ? a->sides[i].count : a->count);
	return err;
}

/* Pageable copies: the host clock around the copies and the synchronize. */
struct host_side {
	const struct pcie_side *side;
	const struct pcie_timer *t;
	int count;
	pthread_barrier_t *barrier;
	double t0, t1;
	cudaError_t err;
};

static void host_side_run(struct host_side *h)
{
	const struct pcie_side *s = h->side;

	h->t0 = gp_now_ms();
	h->err = pcie_side_enqueue(s, h->t, h->count);
	/* a pageable copy may return before its last chunk's DMA: wait for it on its stream */
	if (h->err == cudaSuccess)
		h->err = cudaStreamSynchronize(s->sync || s->legacy ? 0 : h->t->streams[s->stream]);
	h->t1 = gp_now_ms();
}

/* Each thread has its own current device in the runtime: set it first. */
static void *host_side_thread(void *arg)
{
	struct host_side *h = arg;

	h->err = cudaSetDevice(h->t->dev_index);
	pthread_barrier_wait(h->barrier);
	if (h->err == cudaSuccess)
		host_side_run(h);
	return NULL;
}

static int time_host(struct pcie_timer *t, const struct pcie_side *sides, int nsides, int count,
		     double *ms, double *wall)
{
	struct host_side h[2];
	pthread_barrier_t barrier;
	int rc = 0;
	double t0;

	memset(h, 0, sizeof(h));
	for (int i = 0; i < nsides; i++) {
		h[i].side = &sides[i];
		h[i].t = t;
		h[i].count = sides[i].count ? sides[i].count : count;
		h[i].barrier = &barrier;
	}
	if (nsides == 1) {
		host_side_run(&h[0]);
	} else {
		pthread_t th[2];
		int started = 0;

		/* Both directions at once need two host threads: each copy blocks its caller. */
		if (pthread_barrier_init(&barrier, NULL, 2))
			return gp_error(GP_EXIT_FAIL, "pthread_barrier_init failed");
		for (; started < 2; started++)
			if (pthread_create(&th[started], NULL, host_side_thread, &h[started]))
				break;
		if (started < 2) {
			/* Stand in for the missing thread so the other one is not left at the barrier. */
			if (started == 1)
				pthread_barrier_wait(&barrier);
			rc = gp_error(GP_EXIT_FAIL, "cannot start a copy thread");
		}
		for (int i = 0; i < started; i++)
			pthread_join(th[i], NULL);
		pthread_barrier_destroy(&barrier);
		if (rc)
			return rc;
	}
	for (int i = 0; i < nsides; i++)
		if ((rc = cuda_check(h[i].err, "pageable transfer")))
			return rc;
	t0 = h[0].t0;
	if (nsides == 2 && h[1].t0 < t0)
		t0 = h[1].t0;
	*wall = 0;
	for (int i = 0; i < nsides; i++) {
		ms[i] = h[i].t1 - t0;
		if (ms[i] > *wall)
			*wall = ms[i];
	}
	return 0;
}

/* Split sides: a side ends when the last of its streams does. */
static int time_split(struct pcie_timer *t, const struct sides_arg *a, double *ms, double *wall)
{
	double per_stream[PCIE_MAX_STREAMS];
	int nstreams = 0, rc;

	for (int i = 0; i < a->nsides; i++)
		if (a->sides[i].stream + a->sides[i].split > nstreams)
			nstreams = a->sides[i].stream + a->sides[i].split;
	if (nstreams > t->nstreams)
		return gp_error(GP_EXIT_FAIL, "pcie: %d streams needed, %d open", nstreams, t->nstreams);
	if ((rc = pcie_time_gated(t, nstreams, enqueue_sides, (void *)a, per_stream)))
		return rc;
	*wall = 0;
	for (int i = 0; i < a->nsides; i++) {
		ms[i] = 0;
		for (int k = 0; k < a->sides[i].split; k++)
			if (per_stream[a->sides[i].stream + k] > ms[i])
				ms[i] = per_stream[a->sides[i].stream + k];
		if (ms[i] > *wall)
			*wall = ms[i];
	}
	return 0;
}

int pcie_time_sides(struct pcie_timer *t, const struct pcie_side *sides, int nsides, int count,
		    double *ms, double *wall)
{
	struct sides_arg a = { sides, nsides, count };
	int rc;

	if (sides[0].mem == PCIE_PAGEABLE)
		return time_host(t, sides, nsides, count, ms, wall);
	if (sides[0].split > 1)
		return time_split(t, &a, ms, wall);
	if ((rc = pcie_time_gated(t, nsides, enqueue_sides, &a, ms)))
		return rc;
	*wall = 0;
	for (int i = 0; i < nsides; i++)
		if (ms[i] > *wall)
			*wall = ms[i];
	return 0;
}

int pcie_device_poison(struct pcie_timer *t, void *dev, size_t size)
{
	int rc;

	if ((rc = cuda_check(cudaMemsetAsync(dev, PCIE_POISON_BYTE, size, t->streams[0]), "cudaMemsetAsync")))
		return rc;
	return cuda_check(cudaStreamSynchronize(t->streams[0]), "poisoning device memory");
}

int pcie_device_check(struct pcie_timer *t, const void *dev, size_t size, uint64_t seed,
		      uint64_t *bad, uint64_t *first)
{
	unsigned long long r[2];
	int rc;

	if ((rc = cuda_check(launch_pcie_check(dev, size, seed, t->check_result, t->streams[0]),
			     "check kernel launch")) ||
	    (rc = cuda_check(cudaMemcpyAsync(r, t->check_result, sizeof(r), cudaMemcpyDeviceToHost,
					     t->streams[0]), "reading the check result")) ||
	    (rc = cuda_check(cudaStreamSynchronize(t->streams[0]), "check kernel")))
		return rc;
	*bad = r[0];
	*first = r[1];
	return 0;
}
