/*
 * Why does gpuperf's pageable host-to-device copy read less than
 * bandwidthTest's (6.8 against 7.7 GB/s at 256 MiB on the H100, issue
 * 31), while its device-to-host copy reads more (12.96 against 9.6)?
 * One process, one GPU: each variant below is one way to time a copy
 * from (or to) malloc'd memory, changed from gpuperf's method or from
 * bandwidthTest's one factor at a time, run at the sizes bandwidthTest
 * measures, in rounds whose order alternates.  Every copy's data is
 * checked.  Built and run by bench/pageable-variants.sh.
 *
 *   pageable-variants [-r ROUNDS] [-n REPS] [SIZE...]   (bytes; default 32000000 268435456)
 *
 * One line per size, direction and variant: median, mean, fastest and
 * slowest repetition in GB/s (10^9 B/s), the repetitions, the ratio of
 * the median to bandwidthTest's method (bwt) and to gpuperf's (gp), the
 * check.
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

struct variant {
	const char *name, *what;
	enum alloc alloc;
	enum api api;
	int devsync;      /* stop the clock after the copy has finished on the device */
	int flush;        /* memset 256 MiB after each repetition, untimed */
	int bind;         /* the thread on the GPU's local CPUs */
	int touch_dst;    /* device-to-host: the destination written before timing */
	int warmup;
	size_t chunk;     /* 0: one copy; else copies of this many bytes in sequence */
	int threads;      /* 1, or 2: two host threads, each half on its own stream */
};

/*
 * gp and bwt first: the ratios are taken to them.  The rest change one
 * factor of gp (gp+...) or of bwt (bwt+...), then combinations.
 */
static const struct variant variants[] = {
	{ "bwt", "bandwidthTest: malloc, sync cudaMemcpy, clock to the return, flush, no warm-up",
	  A_MALLOC, API_SYNC, 0, 1, 0, 0, 0, 0, 1 },
	{ "gp", "gpuperf today: aligned, async + stream sync on a non-blocking stream, bound, 2 warm-ups",
	  A_ALIGNED, API_ASYNC_NB, 1, 0, 1, 1, 2, 0, 1 },
	{ "gp+malloc", "gp, buffers from malloc (16 B past a page)",
	  A_MALLOC, API_ASYNC_NB, 1, 0, 1, 1, 2, 0, 1 },
	{ "gp+sync", "gp, synchronous cudaMemcpy on the legacy stream (clock after a device sync)",
	  A_ALIGNED, API_SYNC, 1, 0, 1, 1, 2, 0, 1 },
	{ "gp+legacy", "gp, cudaMemcpyAsync on the legacy default stream",
	  A_ALIGNED, API_ASYNC_LEGACY, 1, 0, 1, 1, 2, 0, 1 },
	{ "gp+flush", "gp, 256 MiB memset after each repetition (untimed)",
	  A_ALIGNED, API_ASYNC_NB, 1, 1, 1, 1, 2, 0, 1 },
	{ "gp+unbound", "gp, thread not bound",
	  A_ALIGNED, API_ASYNC_NB, 1, 0, 0, 1, 2, 0, 1 },
	{ "gp+thp", "gp, 2 MiB-aligned buffers with MADV_HUGEPAGE",
	  A_THP, API_ASYNC_NB, 1, 0, 1, 1, 2, 0, 1 },
	{ "gp+nothp", "gp, MADV_NOHUGEPAGE (4 KiB pages)",
	  A_NOTHP, API_ASYNC_NB, 1, 0, 1, 1, 2, 0, 1 },
	{ "gp+chunk4M", "gp, copies of 4 MiB in sequence, one sync",
	  A_ALIGNED, API_ASYNC_NB, 1, 0, 1, 1, 2, 4u << 20, 1 },
	{ "gp+chunk32M", "gp, copies of 32 MiB in sequence, one sync",
	  A_ALIGNED, API_ASYNC_NB, 1, 0, 1, 1, 2, 32u << 20, 1 },
	{ "gp+2threads", "gp, two host threads, each half on its own stream",
	  A_ALIGNED, API_ASYNC_NB, 1, 0, 1, 1, 2, 0, 2 },
	{ "bwt+devsync", "bwt, the clock stopped after a device sync (the last chunk's DMA counted)",
	  A_MALLOC, API_SYNC, 1, 1, 0, 0, 0, 0, 1 },
	{ "bwt+noflush", "bwt without the memset between repetitions",
	  A_MALLOC, API_SYNC, 0, 0, 0, 0, 0, 0, 1 },
	{ "bwt+aligned", "bwt with page-aligned buffers",
	  A_ALIGNED, API_SYNC, 0, 1, 0, 0, 0, 0, 1 },
	{ "bwt+bound", "bwt with the thread on the GPU's local CPUs",
	  A_MALLOC, API_SYNC, 0, 1, 1, 0, 0, 0, 1 },
	{ "bwt+warm", "bwt with the destination touched and 2 warm-ups",
	  A_MALLOC, API_SYNC, 0, 1, 0, 1, 2, 0, 1 },
	{ "malloc+sync+devsync", "malloc, sync cudaMemcpy, clock after a device sync, bound, warm, no flush",
	  A_MALLOC, API_SYNC, 1, 0, 1, 1, 2, 0, 1 },
	{ "pinned", "reference: cudaHostAlloc'd buffer, gp's timing (the link, not pageable)",
	  A_PINNED, API_ASYNC_NB, 1, 0, 1, 1, 2, 0, 1 },
};
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

static void bind_cpus(int local)
{
	if (have_local)
		sched_setaffinity(0, sizeof(cpu_set_t), local ? &local_cpus : &all_cpus);
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

/* The copy as the variant makes it, and the wait its clock includes. */
static cudaError_t do_copy(const struct copy_arg *a)
{
	enum cudaMemcpyKind kind = a->h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
	size_t step = a->v->chunk ? a->v->chunk : a->n;
	cudaError_t e = cudaSuccess;

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

/* Seconds one repetition took. */
static double one_rep(const struct variant *v, void *dst, const void *src, size_t n, int h2d,
		      cudaStream_t st[2], int dev)
{
	double t0, t1;

	if (v->threads == 2) {
		pthread_barrier_t bar;
		pthread_t th[2];
		struct copy_arg a[2];
		size_t half = n / 2 / 4096 * 4096;

		pthread_barrier_init(&bar, NULL, 3);
		for (int i = 0; i < 2; i++) {
			a[i] = (struct copy_arg){ (char *)dst + (i ? half : 0),
						  (const char *)src + (i ? half : 0),
						  i ? n - half : half, h2d, v, st[i], dev, cudaSuccess, &bar };
			pthread_create(&th[i], NULL, copy_thread, &a[i]);
		}
		pthread_barrier_wait(&bar);
		t0 = now_s();
		for (int i = 0; i < 2; i++)
			pthread_join(th[i], NULL);
		t1 = now_s();
		pthread_barrier_destroy(&bar);
		for (int i = 0; i < 2; i++)
			if (a[i].err != cudaSuccess)
				die_cuda(a[i].err, "copy thread");
		return t1 - t0;
	} else {
		struct copy_arg a = { dst, src, n, h2d, v, st[0], dev, cudaSuccess, NULL };
		cudaError_t e;

		t0 = now_s();
		e = do_copy(&a);
		t1 = now_s();
		if (e != cudaSuccess)
			die_cuda(e, "copy");
		return t1 - t0;
	}
}

struct result {
	double gbs[MAX_SAMPLES];
	int n;
	size_t bad;
};

static char *flush_buf;

static void run_variant(const struct variant *v, size_t n, int h2d, int reps, cudaStream_t st[2],
			int dev, void *dbuf, void *pinned_scratch, struct result *r)
{
	struct hbuf h;
	uint64_t seed = 0x1234 + n + (uint64_t)h2d;

	halloc(&h, n, v->alloc);
	bind_cpus(v->bind);
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
		double s = one_rep(v, h2d ? dbuf : h.p, h2d ? h.p : dbuf, n, h2d, st, dev);

		if (i >= 0 && r->n < MAX_SAMPLES)
			r->gbs[r->n++] = (double)n / s / 1e9;
		if (v->flush)
			memset(flush_buf, i & 0xff, FLUSH_BYTES);
	}
	CK(cudaDeviceSynchronize());
	/* the data: what arrived must be the source's */
	if (h2d) {
		memset(pinned_scratch, 0, n);
		CK(cudaMemcpy(pinned_scratch, dbuf, n, cudaMemcpyDeviceToHost));
		r->bad += check(pinned_scratch, n, seed);
		CK(cudaMemset(dbuf, 0, n));  /* the next variant's copy must write it again */
	} else {
		r->bad += check(h.p, n, seed);
	}
	bind_cpus(0);
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

int main(int argc, char **argv)
{
	size_t sizes[MAX_SIZES] = { 32000000, 268435456 }, nsizes = 0, maxn = 0;
	int rounds = 2, reps = 4, dev = 0, opt, drv = 0, rt = 0;
	static struct result res[MAX_SIZES][2][NVARIANTS];
	cudaStream_t st[2];
	struct cudaDeviceProp prop;
	void *dbuf, *scratch;

	while ((opt = getopt(argc, argv, "r:n:")) != -1) {
		if (opt == 'r')
			rounds = atoi(optarg);
		else if (opt == 'n')
			reps = atoi(optarg);
		else {
			fprintf(stderr, "usage: pageable-variants [-r ROUNDS] [-n REPS] [SIZE...]\n");
			return 2;
		}
	}
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
	CK(cudaStreamCreateWithFlags(&st[0], cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&st[1], cudaStreamNonBlocking));
	CK(cudaMalloc(&dbuf, maxn));
	CK(cudaHostAlloc(&scratch, maxn, cudaHostAllocDefault));
	if (!(flush_buf = malloc(FLUSH_BYTES))) {
		fprintf(stderr, "pageable-variants: no memory for the flush buffer\n");
		return 1;
	}
	for (int r = 0; r < rounds; r++)
		for (size_t s = 0; s < nsizes; s++)
			for (int d = 0; d < 2; d++)
				for (size_t k = 0; k < NVARIANTS; k++) {
					size_t i = r % 2 ? NVARIANTS - 1 - k : k;

					run_variant(&variants[i], sizes[s], d == 0, reps, st, dev, dbuf,
						    scratch, &res[s][d][i]);
				}
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

				for (int k = 0; k < x->n; k++)
					mean += x->gbs[k] / x->n;
				printf("%-10zu %-4s %-20s %8.2f %8.2f %8.2f %8.2f %4d %7.3f %7.3f  %-5s %s\n",
				       sizes[s], d == 0 ? "h2d" : "d2h", variants[i].name, m[i], mean,
				       x->gbs[x->n - 1], x->gbs[0], x->n, m[i] / m[0], m[i] / m[1],
				       x->bad ? "BAD" : "ok", variants[i].what);
			}
		}
	printf("# GB/s = bytes / seconds / 1e9 of one repetition; median, mean, best and worst over "
	       "the repetitions of all rounds; /bwt, /gp: median over bandwidthTest's method's and "
	       "gpuperf's\n");
	for (size_t s = 0; s < nsizes; s++)
		for (int d = 0; d < 2; d++)
			for (size_t i = 0; i < NVARIANTS; i++)
				if (res[s][d][i].bad)
					return 1;
	return 0;
}
