/*
 * Host side of the pcie probe: buffers of each memory kind, the data
 * pattern written and checked by the CPU, NUMA placement of threads and
 * pages, and a thread that reads the link while transfers run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "gpu/cuda-check.h"
#include "gpu/pcie-link.h"
#include "kernels/pcie-pattern.h"
#include "probes/pcie-priv.h"
#include "util/error.h"
#include "util/parse.h"

static size_t page_size(void)
{
	long ps = sysconf(_SC_PAGESIZE);
	return ps > 0 ? (size_t)ps : 4096;
}

static int alloc_failed(enum pcie_mem mem, size_t size, const char *how, const char *why)
{
	char buf[64];

	return gp_error(GP_EXIT_FAIL, "cannot allocate %s of %s host memory (%s): %s",
			format_size(buf, sizeof(buf), size), pcie_mem_names[mem], how, why);
}

#define HUGE_PAGE (2ull << 20)

/*
 * mbind(2) through syscall(2), as move_pages below: no libnuma.  Preferred,
 * not strict: a full node falls back instead of failing the run.
 */
static void bind_to_node(void *p, size_t len, int node)
{
#ifdef SYS_mbind
	enum { MPOL_PREFERRED_ = 1 };
	unsigned long mask[16] = { 0 };

	if (node < 0 || node >= (int)(8 * sizeof(mask)))
		return;
	mask[node / (8 * sizeof(long))] = 1ul << (node % (8 * sizeof(long)));
	if (syscall(SYS_mbind, p, len, MPOL_PREFERRED_, mask, 8 * sizeof(mask) + 1, 0))
		gp_debug("pcie: mbind to node %d: %s", node, strerror(errno));
#else
	(void)p;
	(void)len;
	(void)node;
#endif
}

/* Huge pages of the mapping at p, from /proc/self/smaps. */
static unsigned long long huge_bytes(const void *p)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	unsigned long long n;

	if (!f)
		return 0;
	n = pcie_smaps_huge_bytes(f, (uintptr_t)p);
	fclose(f);
	return n;
}

/*
 * A pinned buffer the variant's way: hugetlb pages (when the system has
 * some reserved), else an anonymous mapping aligned to 2 MiB with THP
 * asked for or refused; bound to the GPU's node when asked; every page
 * touched before registering, so the pinned pages are the ones placed
 * now, not at the first transfer; registered mapped, as cudaHostAlloc's.
 */
static int alloc_mapped(struct pcie_hostbuf *b, size_t size, const struct pcie_variant *v,
			int gpu_node)
{
	size_t len = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	const char *how = "mmap";
	char *p = MAP_FAILED;
	cudaError_t err;

	if (v->host == PCIE_HOST_HUGETLB) {
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB,
			 -1, 0);
		if (p == MAP_FAILED)
			gp_debug("pcie: no hugetlb pages (%s): transparent huge pages instead",
				 strerror(errno));
	}
	if (p == MAP_FAILED) {
		/* 2 MiB more, to start on a 2 MiB boundary: THP needs aligned ranges */
		char *raw = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		size_t lead;

		if (raw == MAP_FAILED)
			return alloc_failed(b->mem, size, "mmap", strerror(errno));
		lead = (HUGE_PAGE - (uintptr_t)raw % HUGE_PAGE) % HUGE_PAGE;
		if (lead)
			munmap(raw, lead);
		munmap(raw + lead + len, HUGE_PAGE - lead);
		p = raw + lead;
		if (madvise(p, len, v->host == PCIE_HOST_SMALL ? MADV_NOHUGEPAGE : MADV_HUGEPAGE))
			gp_debug("pcie: madvise: %s", strerror(errno));
		how = v->host == PCIE_HOST_SMALL ? "mmap, 4 KiB pages" : "mmap, THP";
	} else {
		how = "mmap, hugetlb";
	}
	b->p = p;
	b->mapped = len;
	b->alloc = len;
	if (v->bind_node)
		bind_to_node(p, len, gpu_node);
	memset(p, 0, len);
	err = cudaHostRegister(p, len, cudaHostRegisterMapped);
	if (err != cudaSuccess) {
		(void)cudaGetLastError();
		munmap(p, len);
		memset(b, 0, sizeof(*b));
		return alloc_failed(PCIE_PINNED, size, "cudaHostRegister", cudaGetErrorString(err));
	}
	b->registered = 1;
	b->huge = huge_bytes(p);
	err = cudaHostGetDevicePointer(&b->dptr, p, 0);
	if (err != cudaSuccess) {
		(void)cudaGetLastError();
		pcie_host_free(b);
		return gp_error(GP_EXIT_FAIL, "cudaHostGetDevicePointer: %s", cudaGetErrorString(err));
	}
	gp_debug("pcie: pinned buffer of %zu MiB (%s): %llu MiB in huge pages, node %d", len >> 20,
		 how, b->huge >> 20, pcie_host_node(p, len));
	return 0;
}

int pcie_host_alloc_var(struct pcie_hostbuf *b, enum pcie_mem mem, size_t size,
			const struct pcie_variant *v, int gpu_node)
{
	if (mem == PCIE_PAGEABLE && v && v->pmalloc) {
		/* as a user's (and bandwidthTest's) buffer: malloc's alignment, 16 bytes past a page */
		memset(b, 0, sizeof(*b));
		b->mem = mem;
		b->alloc = size ? size : 1;
		if (!(b->p = malloc(b->alloc)))
			return alloc_failed(mem, size, "malloc", strerror(errno));
		return 0;
	}
	if (mem != PCIE_PINNED || !v || v->host == PCIE_HOST_DRIVER)
		return pcie_host_alloc(b, mem, size);
	memset(b, 0, sizeof(*b));
	b->mem = mem;
	return alloc_mapped(b, size, v, gpu_node);
}

int pcie_host_alloc(struct pcie_hostbuf *b, enum pcie_mem mem, size_t size)
{
	size_t ps = page_size();
	unsigned flags = cudaHostAllocMapped;
	cudaError_t err;
	void *p = NULL;

	memset(b, 0, sizeof(*b));
	b->mem = mem;
	b->alloc = (size + ps - 1) / ps * ps;
	if (b->alloc == 0)
		b->alloc = ps;

	if (mem == PCIE_PAGEABLE || mem == PCIE_REGISTERED) {
		int rc = posix_memalign(&p, ps, b->alloc);
		if (rc)
			return alloc_failed(mem, size, "posix_memalign", strerror(rc));
		b->p = p;
		if (mem == PCIE_PAGEABLE)
			return 0;
		/* Touch first so registration pins pages placed by the current thread. */
		memset(p, 0, b->alloc);
		err = cudaHostRegister(p, b->alloc, cudaHostRegisterDefault);
		if (err != cudaSuccess) {
			(void)cudaGetLastError();
			free(p);
			b->p = NULL;
			return alloc_failed(mem, size, "cudaHostRegister", cudaGetErrorString(err));
		}
		b->registered = 1;
		return 0;
	}

	if (mem == PCIE_WC)
		flags |= cudaHostAllocWriteCombined;
	err = cudaHostAlloc(&p, b->alloc, flags);
	if (err != cudaSuccess) {
		(void)cudaGetLastError();
		return alloc_failed(mem, size, "cudaHostAlloc", cudaGetErrorString(err));
	}
	b->p = p;
	err = cudaHostGetDevicePointer(&b->dptr, p, 0);
	if (err != cudaSuccess) {
		(void)cudaGetLastError();
		pcie_host_free(b);
		return gp_error(GP_EXIT_FAIL, "cudaHostGetDevicePointer: %s", cudaGetErrorString(err));
	}
	return 0;
}

void pcie_host_free(struct pcie_hostbuf *b)
{
	if (!b->p)
		return;
	if (b->mapped) {
		if (b->registered)
			(void)cudaHostUnregister(b->p);
		munmap(b->p, b->mapped);
	} else if (b->mem == PCIE_PAGEABLE || b->mem == PCIE_REGISTERED) {
		if (b->registered)
			(void)cudaHostUnregister(b->p);
		free(b->p);
	} else {
		(void)cudaFreeHost(b->p);
	}
	memset(b, 0, sizeof(*b));
}

/* The largest CPU cache sysfs lists for CPU 0 (its last level), 0 when unknown. */
static size_t largest_cache(void)
{
	size_t most = 0;

	for (int i = 0; i < 16; i++) {
		char path[96];
		unsigned long long kb;
		FILE *f;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		if (!(f = fopen(path, "r")))
			break;
		if (fscanf(f, "%lluK", &kb) == 1 && kb << 10 > most)
			most = (size_t)(kb << 10);
		fclose(f);
	}
	return most;
}

int pcie_evict_alloc(struct pcie_hostbuf *b)
{
	size_t bytes = 2 * largest_cache();

	return pcie_host_alloc(b, PCIE_PAGEABLE, bytes > PCIE_EVICT_MIN ? bytes : PCIE_EVICT_MIN);
}

void pcie_evict(const struct pcie_hostbuf *b, int round)
{
	memset(b->p, round & 0xff, b->alloc);
}

static unsigned char pattern_byte(size_t off, uint64_t seed)
{
	return (unsigned char)(pcie_pattern(off / 8, seed) >> (8 * (off % 8)));
}

/*
 * Stores to write-combined memory wait in the CPU's combining buffers;
 * a full fence drains them before the GPU reads the memory.
 */
void pcie_host_flush(void)
{
	atomic_thread_fence(memory_order_seq_cst);
}

/* Buffers are at least 16-byte aligned (malloc's), so whole words can be written as uint64_t. */
void pcie_host_fill(void *p, size_t size, uint64_t seed)
{
	uint64_t *w = p;
	size_t n8 = size / 8;

	for (size_t i = 0; i < n8; i++)
		w[i] = pcie_pattern(i, seed);
	for (size_t off = n8 * 8; off < size; off++)
		((unsigned char *)p)[off] = pattern_byte(off, seed);
	pcie_host_flush();
}

void pcie_host_poison(void *p, size_t size)
{
	memset(p, PCIE_POISON_BYTE, size);
	pcie_host_flush();
}

uint64_t pcie_host_check(const void *p, size_t size, uint64_t seed, uint64_t *first)
{
	const uint64_t *w = p;
	size_t n8 = size / 8;
	uint64_t bad = 0;

	*first = UINT64_MAX;
	for (size_t i = 0; i < n8; i++)
		if (w[i] != pcie_pattern(i, seed)) {
			if (!bad)
				*first = (uint64_t)i * 8;
			bad++;
		}
	for (size_t off = n8 * 8; off < size; off++)
		if (((const unsigned char *)p)[off] != pattern_byte(off, seed)) {
			if (*first == UINT64_MAX)
				*first = off;
			bad++;
		}
	return bad;
}

/*
 * move_pages(2) with no target nodes reports where each page lives; called
 * through syscall(2) so there is no libnuma dependency.  Memory the driver
 * maps itself may not be visible to it: then the node is unknown.
 */
int pcie_host_node(const void *p, size_t size)
{
#ifdef SYS_move_pages
	enum { NSAMPLE = 16 };
	void *pages[NSAMPLE];
	int status[NSAMPLE];
	size_t ps = page_size(), npages = (size + ps - 1) / ps;
	unsigned long n = npages < NSAMPLE ? npages : NSAMPLE;
	int node = PCIE_NODE_UNKNOWN;

	if (n == 0)
		return PCIE_NODE_UNKNOWN;
	for (unsigned long i = 0; i < n; i++) {
		size_t page = n == 1 ? 0 : i * (npages - 1) / (n - 1);
		pages[i] = (char *)p + page * ps;
		status[i] = -1;
	}
	if (syscall(SYS_move_pages, 0, n, pages, NULL, status, 0) != 0)
		return PCIE_NODE_UNKNOWN;
	for (unsigned long i = 0; i < n; i++) {
		if (status[i] < 0)
			return PCIE_NODE_UNKNOWN;
		if (node == PCIE_NODE_UNKNOWN)
			node = status[i];
		else if (node != status[i])
			return PCIE_NODE_MIXED;
	}
	return node;
#else
	(void)p;
	(void)size;
	return PCIE_NODE_UNKNOWN;
#endif
}

/*
 * Host buffers on the wrong NUMA node can cost a factor of three, so the
 * measuring thread runs on the CPUs sysfs lists as local to the GPU;
 * pages it touches first (and the pinned pages the driver allocates for
 * it) then come from that node.
 */
void pcie_bind(const char *bus_id, struct pcie_binding *b, struct pcie_env *env)
{
	char list[4096];
	unsigned char set[CPU_SETSIZE / 8];
	cpu_set_t want;
	int any = 0;

	b->changed = 0;
	env->bound = 0;
	env->cpulist[0] = '\0';
	if (pcie_sysfs_read(bus_id, "local_cpulist", list, sizeof(list)) ||
	    pcie_parse_cpulist(list, set, CPU_SETSIZE) <= 0)
		return;
	if (sched_getaffinity(0, sizeof(b->old), &b->old))
		return;
	CPU_ZERO(&want);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if ((set[c / 8] >> (c % 8) & 1) && CPU_ISSET(c, &b->old)) {
			CPU_SET(c, &want);
			any = 1;
		}
	if (!any)
		return;  /* none of the local CPUs is ours to use (cgroup, taskset) */
	/* A long list is cut: it is only shown to the user. */
	list[sizeof(env->cpulist) - 1] = '\0';
	memcpy(env->cpulist, list, strlen(list) + 1);
	if (CPU_EQUAL(&want, &b->old)) {
		env->bound = 1;
		return;
	}
	if (sched_setaffinity(0, sizeof(want), &want) == 0) {
		b->changed = 1;
		env->bound = 1;
	}
}

void pcie_bind_last(struct pcie_binding *b, struct pcie_env *env)
{
	cpu_set_t cur, one;
	int last = -1;

	if (sched_getaffinity(0, sizeof(cur), &cur))
		return;
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &cur))
			last = c;
	if (last < 0)
		return;
	if (!b->changed)
		b->old = cur;
	CPU_ZERO(&one);
	CPU_SET(last, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		return;
	b->changed = 1;
	if (env->bound)
		snprintf(env->cpulist, sizeof(env->cpulist), "%d", last);
}

void pcie_unbind(struct pcie_binding *b)
{
	if (b->changed)
		(void)sched_setaffinity(0, sizeof(b->old), &b->old);
	b->changed = 0;
}

void pcie_env_begin(const struct gp_device *dev, int bind, struct pcie_binding *b,
		    struct pcie_env *env)
{
	memset(env, 0, sizeof(*env));
	pcie_link_read(dev->pci_bus_id, &env->idle);
	env->gpu_node = pcie_numa_node(dev->pci_bus_id);
	b->changed = 0;
	if (bind)
		pcie_bind(dev->pci_bus_id, b, env);
}

/* Keep the highest generation seen, then the widest width at it. */
static void keep_best(struct pcie_link *best, const struct pcie_link *l)
{
	if (l->cur_gen > best->cur_gen ||
	    (l->cur_gen == best->cur_gen && l->cur_width > best->cur_width))
		*best = *l;
}

/*
 * An idle link may report a lower generation (power management), so the
 * link is read every 10 ms while transfers run.
 */
static void *sampler_main(void *arg)
{
	struct pcie_sampler *s = arg;
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	while (!atomic_load(&s->stop)) {
		struct pcie_link l;
		memset(&l, 0, sizeof(l));
		pcie_link_read(s->bus_id, &l);
		if (l.cur_gen > 0) {
			keep_best(&s->best, &l);
			s->samples++;
		}
		nanosleep(&ts, NULL);
	}
	return NULL;
}

void pcie_sampler_start(struct pcie_sampler *s, const char *bus_id)
{
	memset(&s->best, 0, sizeof(s->best));
	s->samples = 0;
	s->bus_id = bus_id;
	atomic_store(&s->stop, 0);
	s->running = pthread_create(&s->thread, NULL, sampler_main, s) == 0;
	if (!s->running)
		gp_debug("cannot start the link sampler thread: the link is read only when idle");
}

void pcie_sampler_stop(struct pcie_sampler *s, struct pcie_env *env)
{
	if (s->running) {
		atomic_store(&s->stop, 1);
		pthread_join(s->thread, NULL);
		s->running = 0;
	}
	env->busy = s->best;
	env->busy_samples = s->samples;
}
