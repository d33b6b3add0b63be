/*
 * Where the time of a pageable host<->device copy goes, and why it moves
 * (issue 31: gpuperf's pageable host-to-device copy read 0.88 of
 * bandwidthTest's; issue 42: on an H200 one run's repetitions spread by
 * 43 % at 32 MB, and gpuperf read 14.7 GB/s there against bandwidthTest's
 * 6.9).  One process, one GPU: each variant below is one way to time a
 * copy from (or to) malloc'd memory, changed from gpuperf's method or from
 * bandwidthTest's one factor at a time, run at the sizes bandwidthTest
 * measures, in rounds whose order alternates.  Every copy's data is
 * checked.  Built and run by bench/pageable-variants.sh, which runs it
 * several times and sets the runs side by side.
 *
 *   pageable-variants [-r ROUNDS] [-n REPS] [-v NAME,...] [-S] [SIZE...]
 *
 * SIZE in bytes (default 32000000 268435456); -v runs only the variants
 * named (default all); -S also prints every repetition as a line
 * "sample,SIZE,DIR,VARIANT,GB/s" for the script to pool over runs.
 *
 * One line per size, direction and variant: median, mean, fastest and
 * slowest repetition in GB/s (10^9 B/s), the repetitions, the ratio of
 * the median to bandwidthTest's method (bwt) and to gpuperf's (gp), the
 * check.
 *
 * The candidates for the spread, each a variant: the CPU caches (gp+flush
 * evicts them between repetitions as bandwidthTest does, gp+hot reads the
 * data into them just before), the CPU the copy runs on (one CPU of the
 * GPU's node, the first or the last, every CPU, a CPU of another node),
 * page faults (gp+fault drops the buffer's pages before each repetition),
 * transparent huge pages, and the staging: the driver copies through
 * pinned buffers of its own, whose size and count are not ours to set, so
 * stage* variants do the same with N pinned buffers of a given size (the
 * CPU's memcpy into one while the copy engine moves another), and
 * cpu-memcpy times the CPU's copy alone, no GPU: if pageable copies run at
 * its rate, the CPU side is what sets their time.
 *
 * bandwidthTest (cuda-samples 12.x, Samples/1_Utilities/bandwidthTest),
 * pageable: malloc'd host buffer (16 bytes past a page: glibc's header),
 * initialised byte by byte; the device-to-host destination is malloc'd
 * and never touched before the first copy; 100 synchronous cudaMemcpy
 * calls on the legacy default stream, each timed alone by the host clock
 * from the call to its return (for a pageable host-to-device copy the
 * call returns once the last chunk is staged, before its DMA ends); a
 * memset of a 256 MiB buffer after each (untimed, to flush the CPU's
 * caches); the mean.  No warm-up: the first copy, with its page faults,
 * counts.  The thread is not bound.
 *
 * gpuperf (probes/pcie*.c): posix_memalign'd (page-aligned) buffers, the
 * source filled with 64-bit words, the destination poisoned (touched)
 * before timing; the thread bound to the GPU's local CPUs after the
 * context exists; 2 warm-up and 10 timed repetitions, each
 * cudaMemcpyAsync on a non-blocking stream and cudaStreamSynchronize,
 * timed by the host clock around both; the median.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <cuda_runtime_api.h>

#define FLUSH_BYTES (256u << 20)
#define MAX_SIZES 8
#define MAX_SAMPLES 512

enum alloc { A_MALLOC, A_ALIGNED, A_THP, A_NOTHP, A_PINNED };
enum api { API_ASYNC_NB, API_ASYNC_LEGACY, API_SYNC };
/* Where the copying thread runs: the GPU's local CPUs, anywhere, one of them, another node. */
enum place { P_LOCAL, P_ANY, P_FIRST, P_LAST, P_REMOTE };

struct variant {
	const char *name, *what;
	enum alloc alloc;
	enum api api;
	int devsync;      /* stop the clock after the copy has finished on the device */
	int flush;        /* memset 256 MiB after each repetition, untimed */
	enum place place;
	int touch_dst;    /* device-to-host: the destination written before timing */
	int warmup;
	size_t chunk;     /* 0: one copy; else copies of this many bytes in sequence */
	int threads;      /* 1, 2 or 4 host threads, each a part on its own stream */
	int hot;          /* before each repetition, untimed: the CPU reads the source (h2d)
			     or writes the destination (d2h), so caches hold what fits */
	int fault;        /* before each repetition, untimed: the host buffer's pages dropped
			     (MADV_DONTNEED); h2d writes its source again (faults there) */
	int stage_n;      /* > 0: no pageable cudaMemcpy but our own staging through */
	size_t stage_bytes; /* stage_n pinned buffers of this size, memcpy and copy overlapped */
	int cpu_only;     /* the CPU's memcpy alone into (from) a pinned ring: no GPU, no check */
};

/* gpuperf's method: the base of every gp+ variant */
#define GP .alloc = A_ALIGNED, .api = API_ASYNC_NB, .devsync = 1, .place = P_LOCAL, .touch_dst = 1, \
	   .warmup = 2, .threads = 1
/* bandwidthTest's method: the base of every bwt+ variant */
#define BWT .alloc = A_MALLOC, .api = API_SYNC, .flush = 1, .place = P_ANY, .threads = 1

/*
 * gp and bwt first: the ratios are taken to them.  The rest change one
 * factor of gp (gp+...) or of bwt (bwt+...), then combinations.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"  /* a variant's field over its base's: on purpose */
static const struct variant variants[] = {
	{ "bwt", "bandwidthTest: malloc, sync cudaMemcpy, clock to the return, flush, no warm-up", BWT },
	{ "gp", "gpuperf today: aligned, async + stream sync on a non-blocking stream, bound, 2 warm-ups",
	  GP },
	{ "gp+malloc", "gp, buffers from malloc (16 B past a page)", GP, .alloc = A_MALLOC },
	{ "gp+sync", "gp, synchronous cudaMemcpy on the legacy stream (clock after a device sync)",
	  GP, .api = API_SYNC },
	{ "gp+legacy", "gp, cudaMemcpyAsync on the legacy default stream", GP, .api = API_ASYNC_LEGACY },
	{ "gp+flush", "gp, 256 MiB memset after each repetition (untimed): the CPU caches emptied",
	  GP, .flush = 1 },
	{ "gp+hot", "gp, the CPU reads the source / writes the destination before each repetition",
	  GP, .hot = 1 },
	{ "gp+unbound", "gp, thread not bound", GP, .place = P_ANY },
	{ "gp+firstcpu", "gp, thread on the first of the GPU's local CPUs alone", GP, .place = P_FIRST },
	{ "gp+lastcpu", "gp, thread on the last of the GPU's local CPUs alone", GP, .place = P_LAST },
	{ "gp+remote", "gp, thread (and so its pages) on CPUs of another NUMA node",
	  GP, .place = P_REMOTE },
	{ "gp+fault", "gp, the buffer's pages dropped before each repetition (faults in the copy, d2h)",
	  GP, .fault = 1 },
	{ "gp+thp", "gp, 2 MiB-aligned buffers with MADV_HUGEPAGE", GP, .alloc = A_THP },
	{ "gp+nothp", "gp, MADV_NOHUGEPAGE (4 KiB pages)", GP, .alloc = A_NOTHP },
	{ "gp+chunk1M", "gp, copies of 1 MiB in sequence, one sync", GP, .chunk = 1u << 20 },
	{ "gp+chunk4M", "gp, copies of 4 MiB in sequence, one sync", GP, .chunk = 4u << 20 },
	{ "gp+chunk32M", "gp, copies of 32 MiB in sequence, one sync", GP, .chunk = 32u << 20 },
	{ "gp+2threads", "gp, two host threads, each half on its own stream", GP, .threads = 2 },
	{ "gp+4threads", "gp, four host threads, each a quarter on its own stream", GP, .threads = 4 },
	{ "gp+flush+lastcpu", "gp+flush on the last local CPU alone", GP, .flush = 1, .place = P_LAST },
	{ "stage2x2M", "own staging: 2 pinned buffers of 2 MiB, memcpy and DMA overlapped",
	  GP, .stage_n = 2, .stage_bytes = 2u << 20 },
	{ "stage2x8M", "own staging: 2 pinned buffers of 8 MiB", GP, .stage_n = 2, .stage_bytes = 8u << 20 },
	{ "stage4x8M", "own staging: 4 pinned buffers of 8 MiB", GP, .stage_n = 4, .stage_bytes = 8u << 20 },
	{ "stage2x32M", "own staging: 2 pinned buffers of 32 MiB", GP, .stage_n = 2, .stage_bytes = 32u << 20 },
	{ "cpu-memcpy", "the CPU's memcpy alone into (h2d) or out of (d2h) 2 pinned 8 MiB buffers, no GPU",
	  GP, .stage_n = 2, .stage_bytes = 8u << 20, .cpu_only = 1 },
	{ "bwt+devsync", "bwt, the clock stopped after a device sync (the last chunk's DMA counted)",
	  BWT, .devsync = 1 },
	{ "bwt+noflush", "bwt without the memset between repetitions", BWT, .flush = 0 },
	{ "bwt+aligned", "bwt with page-aligned buffers", BWT, .alloc = A_ALIGNED },
	{ "bwt+bound", "bwt with the thread on the GPU's local CPUs", BWT, .place = P_LOCAL },
	{ "bwt+warm", "bwt with the destination touched and 2 warm-ups", BWT, .touch_dst = 1, .warmup = 2 },
	{ "malloc+sync+devsync", "malloc, sync cudaMemcpy, clock after a device sync, bound, warm, no flush",
	  GP, .alloc = A_MALLOC, .api = API_SYNC },
	{ "pinned", "reference: cudaHostAlloc'd buffer, gp's timing (the link, not pageable)",
	  GP, .alloc = A_PINNED },
};
#pragma GCC diagnostic pop
#define NVARIANTS (sizeof(variants) / sizeof(variants[0]))

static void die_cuda(cudaError_t e, const char *what)
{
	fprintf(stderr, "pageable-variants: %s: %s\n", what, cudaGetErrorString(e));
	exit(1);
}
#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) die_cuda(e_, #call); } while (0)

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Word i of the data: distinct for every word, cheap enough to fill 256 MiB in ~30 ms. */
static uint64_t pattern(uint64_t i, uint64_t seed)
{
	return (i + seed) * 0x9e3779b97f4a7c15ull;
}

static void fill(void *p, size_t n, uint64_t seed)
{
	uint64_t w;

	for (size_t i = 0; i < n / 8; i++) {
		w = pattern(i, seed);
		memcpy((char *)p + 8 * i, &w, 8);  /* malloc'd buffers need not be 8-aligned for us */
	}
	memset((char *)p + n / 8 * 8, 0x5a, n % 8);
}

/* 0 when p holds the pattern of seed, else the number of wrong words (tail bytes count as one). */
static size_t check(const void *p, size_t n, uint64_t seed)
{
	size_t bad = 0;
	uint64_t w;

	for (size_t i = 0; i < n / 8; i++) {
		memcpy(&w, (const char *)p + 8 * i, 8);
		bad += w != pattern(i, seed);
	}
	for (size_t i = n / 8 * 8; i < n; i++)
		if (((const unsigned char *)p)[i] != 0x5a) {
			bad++;
			break;
		}
	return bad;
}

/* ---- host buffers ---- */

struct hbuf {
	void *p, *base;
	size_t len;
	enum alloc how;
};

static void halloc(struct hbuf *b, size_t n, enum alloc how)
{
	memset(b, 0, sizeof(*b));
	b->how = how;
	switch (how) {
	case A_MALLOC:
		b->p = b->base = malloc(n);
		break;
	case A_ALIGNED:
		if (posix_memalign(&b->base, 4096, n))
			b->base = NULL;
		b->p = b->base;
		break;
	case A_THP:
	case A_NOTHP:
		if (posix_memalign(&b->base, 2u << 20, (n + (2u << 20) - 1) / (2u << 20) * (2u << 20)))
			b->base = NULL;
		b->p = b->base;
		if (b->p && madvise(b->p, (n + (2u << 20) - 1) / (2u << 20) * (2u << 20),
				    how == A_THP ? MADV_HUGEPAGE : MADV_NOHUGEPAGE))
			fprintf(stderr, "pageable-variants: madvise: %s\n", strerror(errno));
		break;
	case A_PINNED:
		CK(cudaHostAlloc(&b->base, n, cudaHostAllocDefault));
		b->p = b->base;
		break;
	}
	if (!b->p) {
		fprintf(stderr, "pageable-variants: cannot allocate %zu bytes\n", n);
		exit(1);
	}
	b->len = n;
}

static void hfree(struct hbuf *b)
{
	if (b->how == A_PINNED)
		cudaFreeHost(b->base);
	else
		free(b->base);
	memset(b, 0, sizeof(*b));
}

/* ---- the GPU's local CPUs ---- */

static cpu_set_t all_cpus, local_cpus;
static int have_local;

static void find_local_cpus(int dev)
{
	char bus[32], path[128], list[4096];
	FILE *f;

	sched_getaffinity(0, sizeof(all_cpus), &all_cpus);
	CPU_ZERO(&local_cpus);
	if (cudaDeviceGetPCIBusId(bus, sizeof(bus), dev) != cudaSuccess)
		return;
	for (char *c = bus; *c; c++)
		if (*c >= 'A' && *c <= 'F')
			*c = (char)(*c - 'A' + 'a');
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/local_cpulist", bus);
	if (!(f = fopen(path, "r")))
		return;
	if (fgets(list, sizeof(list), f)) {
		for (char *tok = strtok(list, ",\n"); tok; tok = strtok(NULL, ",\n")) {
			int a, b;

			if (sscanf(tok, "%d-%d", &a, &b) == 2) {
			} else if (sscanf(tok, "%d", &a) == 1) {
				b = a;
			} else {
				continue;
			}
			for (int c = a; c <= b && c < CPU_SETSIZE; c++)
				if (CPU_ISSET(c, &all_cpus)) {
					CPU_SET(c, &local_cpus);
					have_local = 1;
				}
		}
	}
	fclose(f);
}

/*
 * Move the thread as the variant says; 0, or -1 when there is no such CPU
 * (the GPU's CPUs unknown for first and last, no other node's CPUs to use).
 */
static int place_thread(enum place where)
{
	cpu_set_t set;
	int first = -1, last = -1;

	/* where the GPU's CPUs are unknown, "local" runs anywhere (print_host says so) */
	if (where == P_ANY || (where == P_LOCAL && !have_local))
		return sched_setaffinity(0, sizeof(cpu_set_t), &all_cpus) ? -1 : 0;
	if (!have_local)
		return -1;
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &local_cpus)) {
			first = first < 0 ? c : first;
			last = c;
		}
	CPU_ZERO(&set);
	if (where == P_LOCAL)
		set = local_cpus;
	else if (where == P_FIRST || where == P_LAST)
		CPU_SET(where == P_FIRST ? first : last, &set);
	else
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &all_cpus) && !CPU_ISSET(c, &local_cpus))
				CPU_SET(c, &set);
	if (!CPU_COUNT(&set))
		return -1;
	return sched_setaffinity(0, sizeof(cpu_set_t), &set) ? -1 : 0;
}

/* ---- one variant at one size and direction ---- */

struct copy_arg {
	void *dst;
	const void *src;
	size_t n;
	int h2d;
	const struct variant *v;
	cudaStream_t st;
	int dev;
	cudaError_t err;
	pthread_barrier_t *barrier;
};

/* The stage* variants' pinned buffers and their events, made once for the largest. */
#define MAX_STAGE 4
#define MAX_THREADS 4
static void *ring[MAX_STAGE];
static cudaEvent_t ring_ev[MAX_STAGE];

/*
 * Our own staging, host to device: the CPU copies chunk i into buffer
 * i % N once the copy engine is done with that buffer's last chunk, and
 * the engine moves it while the CPU fills the next.
 */
static cudaError_t staged_h2d(const struct copy_arg *a)
{
	const struct variant *v = a->v;
	cudaError_t e = cudaSuccess;
	size_t sz = v->stage_bytes;
	int i = 0;

	for (size_t off = 0; off < a->n && e == cudaSuccess; off += sz, i++) {
		int b = i % v->stage_n;
		size_t len = a->n - off < sz ? a->n - off : sz;

		if (i >= v->stage_n && (e = cudaEventSynchronize(ring_ev[b])) != cudaSuccess)
			break;
		memcpy(ring[b], (const char *)a->src + off, len);
		if (v->cpu_only)
			continue;
		e = cudaMemcpyAsync((char *)a->dst + off, ring[b], len, cudaMemcpyHostToDevice, a->st);
		if (e == cudaSuccess)
			e = cudaEventRecord(ring_ev[b], a->st);
	}
	return e == cudaSuccess && !v->cpu_only ? cudaStreamSynchronize(a->st) : e;
}

/* Device to host: chunk k's copy into buffer k % N queued once the CPU has emptied it. */
static cudaError_t staged_d2h_issue(const struct copy_arg *a, size_t k)
{
	const struct variant *v = a->v;
	size_t off = k * v->stage_bytes, len = a->n - off < v->stage_bytes ? a->n - off : v->stage_bytes;
	cudaError_t e = cudaSuccess;

	if (!v->cpu_only)
		e = cudaMemcpyAsync(ring[k % v->stage_n], (const char *)a->src + off, len,
				    cudaMemcpyDeviceToHost, a->st);
	return e == cudaSuccess && !v->cpu_only ? cudaEventRecord(ring_ev[k % v->stage_n], a->st) : e;
}

static cudaError_t staged_d2h(const struct copy_arg *a)
{
	const struct variant *v = a->v;
	size_t nchunks = (a->n + v->stage_bytes - 1) / v->stage_bytes;
	cudaError_t e = cudaSuccess;

	for (size_t k = 0; k < nchunks && k < (size_t)v->stage_n && e == cudaSuccess; k++)
		e = staged_d2h_issue(a, k);
	for (size_t i = 0; i < nchunks && e == cudaSuccess; i++) {
		size_t off = i * v->stage_bytes;
		size_t len = a->n - off < v->stage_bytes ? a->n - off : v->stage_bytes;

		if (!v->cpu_only && (e = cudaEventSynchronize(ring_ev[i % v->stage_n])) != cudaSuccess)
			break;
		memcpy((char *)a->dst + off, ring[i % v->stage_n], len);
		if (i + (size_t)v->stage_n < nchunks)
			e = staged_d2h_issue(a, i + (size_t)v->stage_n);
	}
	return e;
}

/* The copy as the variant makes it, and the wait its clock includes. */
static cudaError_t do_copy(const struct copy_arg *a)
{
	enum cudaMemcpyKind kind = a->h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
	size_t step = a->v->chunk ? a->v->chunk : a->n;
	cudaError_t e = cudaSuccess;

	if (a->v->stage_n)
		return a->h2d ? staged_h2d(a) : staged_d2h(a);
	for (size_t off = 0; off < a->n && e == cudaSuccess; off += step) {
		size_t len = a->n - off < step ? a->n - off : step;
		void *d = (char *)a->dst + off;
		const void *s = (const char *)a->src + off;

		if (a->v->api == API_SYNC)
			e = cudaMemcpy(d, s, len, kind);
		else
			e = cudaMemcpyAsync(d, s, len, kind, a->v->api == API_ASYNC_NB ? a->st : 0);
	}
	if (e == cudaSuccess && a->v->devsync)
		e = a->v->api == API_ASYNC_NB ? cudaStreamSynchronize(a->st) : cudaDeviceSynchronize();
	return e;
}

static void *copy_thread(void *p)
{
	struct copy_arg *a = p;

	a->err = cudaSetDevice(a->dev);
	pthread_barrier_wait(a->barrier);
	if (a->err == cudaSuccess)
		a->err = do_copy(a);
	return NULL;
}

/* Seconds one repetition took: one copy, or T threads each a part (whole pages) on its stream. */
static double one_rep(const struct variant *v, void *dst, const void *src, size_t n, int h2d,
		      cudaStream_t *st, int dev)
{
	int T = v->threads > 1 ? v->threads : 1;
	struct copy_arg a[MAX_THREADS];
	size_t part = n / (size_t)T / 4096 * 4096;
	double t0, t1;

	for (int i = 0; i < T; i++)
		a[i] = (struct copy_arg){ (char *)dst + (size_t)i * part, (const char *)src + (size_t)i * part,
					  i == T - 1 ? n - (size_t)i * part : part, h2d, v, st[i], dev,
					  cudaSuccess, NULL };
	if (T == 1) {
		t0 = now_s();
		a[0].err = do_copy(&a[0]);
		t1 = now_s();
	} else {
		pthread_barrier_t bar;
		pthread_t th[MAX_THREADS];

		pthread_barrier_init(&bar, NULL, (unsigned)T + 1);
		for (int i = 0; i < T; i++) {
			a[i].barrier = &bar;
			pthread_create(&th[i], NULL, copy_thread, &a[i]);
		}
		pthread_barrier_wait(&bar);
		t0 = now_s();
		for (int i = 0; i < T; i++)
			pthread_join(th[i], NULL);
		t1 = now_s();
		pthread_barrier_destroy(&bar);
	}
	for (int i = 0; i < T; i++)
		if (a[i].err != cudaSuccess)
			die_cuda(a[i].err, "copy");
	return t1 - t0;
}

struct result {
	double gbs[MAX_SAMPLES];
	int n;
	size_t bad;      /* n stays 0 when the variant's CPUs do not exist here */
};

static char *flush_buf;
static volatile uint64_t hot_sink;

/* gp+hot: the host side of the copy in the CPU's caches, as far as they hold it. */
static void make_hot(void *p, size_t n, int h2d)
{
	uint64_t sum = 0, w;

	if (!h2d) {
		memset(p, 0xee, n);
		return;
	}
	for (size_t i = 0; i + 8 <= n; i += 64) {
		memcpy(&w, (const char *)p + i, 8);
		sum += w;
	}
	hot_sink = sum;
}

/* gp+fault: the buffer's whole pages dropped, so the next touch faults them in again. */
static void drop_pages(void *p, size_t n)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE), off = (ps - (uintptr_t)p % ps) % ps;

	if (n > off && madvise((char *)p + off, (n - off) / ps * ps, MADV_DONTNEED))
		fprintf(stderr, "pageable-variants: madvise(MADV_DONTNEED): %s\n", strerror(errno));
}

static void run_variant(const struct variant *v, size_t n, int h2d, int reps, cudaStream_t *st,
			int dev, void *dbuf, void *pinned_scratch, struct result *r)
{
	struct hbuf h;
	uint64_t seed = 0x1234 + n + (uint64_t)h2d;

	if (place_thread(v->place)) {  /* no such CPU here: not run */
		place_thread(P_ANY);
		return;
	}
	halloc(&h, n, v->alloc);
	if (h2d) {
		fill(h.p, n, seed);
	} else {
		/* the device holds the pattern; the host destination is touched or not */
		fill(pinned_scratch, n, seed);
		CK(cudaMemcpy(dbuf, pinned_scratch, n, cudaMemcpyHostToDevice));
		if (v->touch_dst)
			memset(h.p, 0xee, n);
	}
	CK(cudaDeviceSynchronize());
	for (int i = -v->warmup; i < reps; i++) {
		double s;

		if (v->fault) {
			drop_pages(h.p, n);
			if (h2d)
				fill(h.p, n, seed);
		}
		if (v->hot)
			make_hot(h.p, n, h2d);
		s = one_rep(v, h2d ? dbuf : h.p, h2d ? h.p : dbuf, n, h2d, st, dev);
		if (i >= 0 && r->n < MAX_SAMPLES)
			r->gbs[r->n++] = (double)n / s / 1e9;
		if (v->flush)
			memset(flush_buf, i & 0xff, FLUSH_BYTES);
	}
	CK(cudaDeviceSynchronize());
	/* the data: what arrived must be the source's (the CPU's copy alone moves none) */
	if (v->cpu_only) {
	} else if (h2d) {
		memset(pinned_scratch, 0, n);
		CK(cudaMemcpy(pinned_scratch, dbuf, n, cudaMemcpyDeviceToHost));
		r->bad += check(pinned_scratch, n, seed);
		CK(cudaMemset(dbuf, 0, n));  /* the next variant's copy must write it again */
	} else {
		r->bad += check(h.p, n, seed);
	}
	place_thread(P_ANY);
	hfree(&h);
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(struct result *r)
{
	qsort(r->gbs, (size_t)r->n, sizeof(double), cmp_dbl);
	if (!r->n)
		return NAN;
	return r->n % 2 ? r->gbs[r->n / 2] : (r->gbs[r->n / 2 - 1] + r->gbs[r->n / 2]) / 2;
}

static void print_host(void)
{
	char line[256] = "?";
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");

	if (f) {
		if (!fgets(line, sizeof(line), f))
			snprintf(line, sizeof(line), "?\n");
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	printf("# THP: %s; GPU-local CPUs %s; CPUs usable: %d\n", line,
	       have_local ? "found" : "unknown (bound variants run unbound)", CPU_COUNT(&all_cpus));
}

static int selected[NVARIANTS];

/* -v NAME,...: the variants to run (all without it); 0, or -1 naming an unknown one. */
static int select_variants(char *list)
{
	for (char *save = NULL, *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		size_t i = 0;

		while (i < NVARIANTS && strcmp(variants[i].name, w))
			i++;
		if (i == NVARIANTS) {
			fprintf(stderr, "pageable-variants: no variant '%s'\n", w);
			return -1;
		}
		selected[i] = 1;
	}
	return 0;
}

/* The stage* variants' buffers, as large as the largest selected needs. */
static void make_rings(void)
{
	size_t most = 0;

	for (size_t i = 0; i < NVARIANTS; i++)
		if (selected[i] && variants[i].stage_bytes > most)
			most = variants[i].stage_bytes;
	for (int b = 0; b < MAX_STAGE && most; b++) {
		CK(cudaHostAlloc(&ring[b], most, cudaHostAllocDefault));
		CK(cudaEventCreateWithFlags(&ring_ev[b], cudaEventDisableTiming));
	}
}

static void ratio(double a, double b, char *buf, size_t n)
{
	if (isnan(a) || isnan(b) || !(b > 0))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.3f", a / b);
}

/* The table of one run (and its samples with -S); 1 when a check failed. */
static int report(size_t nsizes, const size_t *sizes, struct result res[][2][NVARIANTS], int samples)
{
	int bad = 0;

	printf("%-10s %-4s %-20s %8s %8s %8s %8s %4s %7s %7s  %-5s %s\n", "size", "dir", "variant",
	       "median", "mean", "best", "worst", "n", "/bwt", "/gp", "check", "what");
	for (size_t s = 0; s < nsizes; s++)
		for (int d = 0; d < 2; d++) {
			double m[NVARIANTS];

			for (size_t i = 0; i < NVARIANTS; i++)
				m[i] = median(&res[s][d][i]);
			for (size_t i = 0; i < NVARIANTS; i++) {
				struct result *x = &res[s][d][i];
				double mean = 0;
				char rb[16], rg[16];

				if (!selected[i])
					continue;
				if (!x->n) {
					printf("%-10zu %-4s %-20s %8s  (not run: no such CPU here)\n", sizes[s],
					       d == 0 ? "h2d" : "d2h", variants[i].name, "-");
					continue;
				}
				for (int k = 0; k < x->n; k++)
					mean += x->gbs[k] / x->n;
				ratio(m[i], m[0], rb, sizeof(rb));
				ratio(m[i], m[1], rg, sizeof(rg));
				printf("%-10zu %-4s %-20s %8.2f %8.2f %8.2f %8.2f %4d %7s %7s  %-5s %s\n",
				       sizes[s], d == 0 ? "h2d" : "d2h", variants[i].name, m[i], mean,
				       x->gbs[x->n - 1], x->gbs[0], x->n, rb, rg,
				       variants[i].cpu_only ? "n/a" : x->bad ? "BAD" : "ok", variants[i].what);
				bad |= x->bad != 0;
			}
		}
	printf("# GB/s = bytes / seconds / 1e9 of one repetition; median, mean, best and worst over "
	       "the repetitions of all rounds; /bwt, /gp: median over bandwidthTest's method's and "
	       "gpuperf's\n");
	for (size_t s = 0; s < nsizes && samples; s++)
		for (int d = 0; d < 2; d++)
			for (size_t i = 0; i < NVARIANTS; i++)
				for (int k = 0; selected[i] && k < res[s][d][i].n; k++)
					printf("sample,%zu,%s,%s,%.4f\n", sizes[s], d == 0 ? "h2d" : "d2h",
					       variants[i].name, res[s][d][i].gbs[k]);
	return bad;
}

int main(int argc, char **argv)
{
	size_t sizes[MAX_SIZES] = { 32000000, 268435456 }, nsizes = 0, maxn = 0;
	int rounds = 2, reps = 4, dev = 0, opt, drv = 0, rt = 0, samples = 0, chosen = 0;
	static struct result res[MAX_SIZES][2][NVARIANTS];
	cudaStream_t st[MAX_THREADS];
	struct cudaDeviceProp prop;
	void *dbuf, *scratch;

	while ((opt = getopt(argc, argv, "r:n:v:S")) != -1) {
		if (opt == 'r')
			rounds = atoi(optarg);
		else if (opt == 'n')
			reps = atoi(optarg);
		else if (opt == 'v') {
			chosen = 1;
			if (select_variants(optarg))
				return 2;
		} else if (opt == 'S') {
			samples = 1;
		} else {
			fprintf(stderr, "usage: pageable-variants [-r ROUNDS] [-n REPS] [-v NAME,...] [-S] "
				"[SIZE...]\n");
			return 2;
		}
	}
	for (size_t i = 0; i < NVARIANTS && !chosen; i++)
		selected[i] = 1;
	for (; optind < argc && nsizes < MAX_SIZES; optind++)
		sizes[nsizes++] = strtoull(argv[optind], NULL, 0);
	if (!nsizes)
		nsizes = 2;
	if (rounds < 1 || reps < 1 || rounds * reps > MAX_SAMPLES) {
		fprintf(stderr, "pageable-variants: 1 <= rounds x reps <= %d\n", MAX_SAMPLES);
		return 2;
	}
	for (size_t s = 0; s < nsizes; s++) {
		if (sizes[s] < 8) {
			fprintf(stderr, "pageable-variants: size %zu too small\n", sizes[s]);
			return 2;
		}
		if (sizes[s] > maxn)
			maxn = sizes[s];
	}
	/* the context first, unbound: as gpuperf, which binds after opening the device */
	CK(cudaSetDevice(dev));
	CK(cudaFree(0));
	CK(cudaGetDeviceProperties(&prop, dev));
	cudaDriverGetVersion(&drv);
	cudaRuntimeGetVersion(&rt);
	find_local_cpus(dev);
	printf("# %s, driver %d, runtime %d; %d rounds x %d repetitions per variant, order "
	       "reversed every other round\n", prop.name, drv, rt, rounds, reps);
	print_host();
	for (int i = 0; i < MAX_THREADS; i++)
		CK(cudaStreamCreateWithFlags(&st[i], cudaStreamNonBlocking));
	CK(cudaMalloc(&dbuf, maxn));
	CK(cudaHostAlloc(&scratch, maxn, cudaHostAllocDefault));
	make_rings();
	if (!(flush_buf = malloc(FLUSH_BYTES))) {
		fprintf(stderr, "pageable-variants: no memory for the flush buffer\n");
		return 1;
	}
	for (int r = 0; r < rounds; r++)
		for (size_t s = 0; s < nsizes; s++)
			for (int d = 0; d < 2; d++)
				for (size_t k = 0; k < NVARIANTS; k++) {
					size_t i = r % 2 ? NVARIANTS - 1 - k : k;

					if (selected[i])
						run_variant(&variants[i], sizes[s], d == 0, reps, st, dev, dbuf,
							    scratch, &res[s][d][i]);
				}
	return report(nsizes, sizes, res, samples);
}
