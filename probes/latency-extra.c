/*
 * The latency probe's other rows: a chase through shared memory, a chase
 * through mapped pinned host memory (each load a PCIe round trip from an
 * SM), and the round trip of a small cudaMemcpy each way, timed on the
 * host since the host's wait is what it costs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime_api.h>

#include "gpu/cuda-check.h"
#include "kernels/kernels.h"
#include "model/chase.h"
#include "probes/latency-priv.h"
#include "util/error.h"

static void no_counters(struct lat_row *row)
{
	row->load_sectors = row->l1_hit_sectors = row->l2_miss_sectors = row->dram_read_bytes = NAN;
}

int lat_shared_row(struct lat_ctx *c, const struct lat_request *req, struct lat_row *row)
{
	uint64_t stride = req->stride > 1024 ? 1024 : req->stride, end, want;
	struct chase_layout l;
	uint32_t *next, *d_next = NULL;
	int rc;

	chase_layout_make(LAT_SHARED_SET, stride, CHASE_MAX_ELEMS, &l);
	*row = (struct lat_row){ .memory = LAT_SHARED, .size = LAT_SHARED_SET, .layout = l,
				 .untimed = lat_untimed(l.n),
				 .loads = (uint64_t)LAT_SEGMENTS * LAT_STEPS };
	no_counters(row);
	next = gp_xcalloc(l.n, sizeof(*next));
	chase_order(req->pattern, next, l.n, lat_seed(l.n, req->pattern));
	if (!chase_is_one_cycle(next, l.n)) {
		rc = gp_error(GP_EXIT_FAIL, "latency: the shared-memory chain is not one cycle");
		goto out;
	}
	if ((rc = cuda_check(cudaMalloc((void **)&d_next, l.n * sizeof(*next)), "cudaMalloc")) ||
	    (rc = cuda_check(cudaMemcpy(d_next, next, l.n * sizeof(*next), cudaMemcpyHostToDevice),
			     "cudaMemcpy")) ||
	    (rc = cuda_check(launch_lat_shared(d_next, (unsigned)l.n, (unsigned)stride,
					       (unsigned)row->untimed, LAT_STEPS, LAT_SEGMENTS,
					       c->d_cycles, c->d_end, c->st), "shared-memory chase")) ||
	    (rc = lat_fetch(c, LAT_STEPS, &row->cycles, &end)))
		goto out;
	want = chase_walk(next, l.n, 0, row->untimed + row->loads) * stride;
	if (end != want)
		rc = lat_wrong_end("shared-memory chase", end, want);
out:
	cudaFree(d_next);
	free(next);
	return rc;
}

int lat_host_row(struct lat_ctx *c, const struct lat_request *req, struct lat_row *row)
{
	uint64_t stride = req->stride < LAT_HOST_STRIDE ? LAT_HOST_STRIDE : req->stride, end, want;
	struct chase_layout l;
	char *host = NULL, *dev = NULL;
	uint32_t *next;
	int rc;

	if (stride > LAT_HOST_SET / 2)
		stride = LAT_HOST_SET / 2;
	chase_layout_make(LAT_HOST_SET, stride, CHASE_MAX_ELEMS, &l);
	*row = (struct lat_row){ .memory = LAT_HOST, .size = LAT_HOST_SET, .layout = l,
				 .untimed = 256, .loads = (uint64_t)LAT_SEGMENTS * LAT_HOST_STEPS };
	no_counters(row);
	next = gp_xcalloc(l.n, sizeof(*next));
	chase_order(req->pattern, next, l.n, lat_seed(l.n, req->pattern));
	if (!chase_is_one_cycle(next, l.n)) {
		rc = gp_error(GP_EXIT_FAIL, "latency: the host-memory chain is not one cycle");
		goto out;
	}
	if ((rc = cuda_check(cudaHostAlloc((void **)&host, LAT_HOST_SET, cudaHostAllocMapped),
			     "cudaHostAlloc (mapped)")) ||
	    (rc = cuda_check(cudaHostGetDevicePointer((void **)&dev, host, 0),
			     "cudaHostGetDevicePointer")))
		goto out;
	/* The chain holds the device's view of the addresses (the same as the host's with UVA). */
	for (uint64_t i = 0; i < l.n; i++)
		*(uint64_t *)(host + chase_pos(l.slot, l.stride, i)) =
			(uint64_t)(dev + chase_pos(l.slot, l.stride, next[i]));
	if ((rc = cuda_check(launch_lat_chase(dev, l.n, l.slot, l.stride, 0, (unsigned)row->untimed,
					      LAT_HOST_STEPS, LAT_SEGMENTS, c->d_cycles, c->d_end,
					      c->st), "host-memory chase")) ||
	    (rc = lat_fetch(c, LAT_HOST_STEPS, &row->cycles, &end)))
		goto out;
	want = (uint64_t)dev + chase_pos(l.slot, l.stride,
					 chase_walk(next, l.n, 0, row->untimed + row->loads));
	if (end != want)
		rc = lat_wrong_end("host-memory chase", end, want);
out:
	cudaFreeHost(host);
	free(next);
	return rc;
}

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* reps synchronous copies of LAT_MEMCPY_BYTES after warm-ups, each timed on its own. */
static int time_copies(void *dst, const void *src, enum cudaMemcpyKind kind, double *ns)
{
	int rc = 0;

	for (int i = 0; i < LAT_MEMCPY_WARMUP + LAT_MEMCPY_REPS && !rc; i++) {
		double t0 = now_ns();

		rc = cuda_check(cudaMemcpy(dst, src, LAT_MEMCPY_BYTES, kind), "cudaMemcpy");
		if (i >= LAT_MEMCPY_WARMUP)
			ns[i - LAT_MEMCPY_WARMUP] = now_ns() - t0;
	}
	return rc;
}

int lat_memcpy_rows(struct lat_ctx *c, struct lat_row *h2d, struct lat_row *d2h)
{
	double ns[LAT_MEMCPY_REPS];
	unsigned char *host = NULL, *dev = NULL, back[LAT_MEMCPY_BYTES];
	int rc;

	(void)c;
	*h2d = (struct lat_row){ .memory = LAT_MEMCPY_H2D, .size = LAT_MEMCPY_BYTES,
				 .loads = LAT_MEMCPY_REPS };
	*d2h = *h2d;
	d2h->memory = LAT_MEMCPY_D2H;
	no_counters(h2d);
	no_counters(d2h);
	if ((rc = cuda_check(cudaMallocHost((void **)&host, LAT_MEMCPY_BYTES), "cudaMallocHost")) ||
	    (rc = cuda_check(cudaMalloc((void **)&dev, LAT_MEMCPY_BYTES), "cudaMalloc")))
		goto out;
	for (unsigned i = 0; i < LAT_MEMCPY_BYTES; i++)
		host[i] = (unsigned char)(0xa5 ^ i);
	if ((rc = time_copies(dev, host, cudaMemcpyHostToDevice, ns)))
		goto out;
	stats_compute(ns, LAT_MEMCPY_REPS, &h2d->ns);
	memset(host, 0, LAT_MEMCPY_BYTES);
	if ((rc = time_copies(host, dev, cudaMemcpyDeviceToHost, ns)))
		goto out;
	stats_compute(ns, LAT_MEMCPY_REPS, &d2h->ns);
	for (unsigned i = 0; i < LAT_MEMCPY_BYTES; i++)
		back[i] = (unsigned char)(0xa5 ^ i);
	if (memcmp(host, back, LAT_MEMCPY_BYTES))
		rc = gp_error(GP_EXIT_FAIL, "verification failed: %u bytes copied to the device and "
			      "back differ", LAT_MEMCPY_BYTES);
out:
	cudaFree(dev);
	cudaFreeHost(host);
	return rc;
}
