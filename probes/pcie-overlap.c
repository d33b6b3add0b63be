/*
 * gpuperf pcie --overlap: copy/compute overlap.  A buffer goes host ->
 * device, through a kernel, and back, first serially on one stream, then
 * split into chunks spread over several streams so one chunk's copies run
 * while another's kernel does.  The kernel's duration is set by its
 * iteration count, by default calibrated to match the copies (then at most
 * 100 % of the shorter activity can hide).
 */
#include <stdlib.h>
#include <string.h>
#include "gpu/cuda-check.h"
#include "kernels/kernels.h"
#include "kernels/pcie-pattern.h"
#include "probes/pcie-priv.h"
#include "util/error.h"
#include "util/parse.h"

#define SEED_OVERLAP 0x6f7665726c6170ull
#define CHUNK_ALIGN 4096  /* chunks start on pages: whole 16-byte vectors for the kernel */
#define CALIBRATE_ITERS 16

enum ovl_what { OV_H2D, OV_D2H, OV_KERNEL, OV_SERIAL, OV_OVERLAP };

struct ovl {
	enum ovl_what what;
	struct pcie_hostbuf src, dst;
	void *dev;
	size_t size, chunk;
	int nchunks, nstreams, blocks;
	unsigned iters;
};

static cudaError_t enqueue_chunk(const struct ovl *o, size_t off, size_t n, cudaStream_t s,
				 int h2d, int kernel, int d2h)
{
	cudaError_t err = cudaSuccess;
	char *dev = (char *)o->dev + off;

	if (h2d)
		err = cudaMemcpyAsync(dev, (const char *)o->src.p + off, n, cudaMemcpyHostToDevice, s);
	if (err == cudaSuccess && kernel)
		err = launch_pcie_compute((uint32_t *)dev, n / 4, o->iters, o->blocks, s);
	if (err == cudaSuccess && d2h)
		err = cudaMemcpyAsync((char *)o->dst.p + off, dev, n, cudaMemcpyDeviceToHost, s);
	return err;
}

static cudaError_t ovl_enqueue(void *arg, const struct pcie_timer *t)
{
	const struct ovl *o = arg;
	cudaError_t err = cudaSuccess;

	switch (o->what) {
	case OV_H2D:
		return enqueue_chunk(o, 0, o->size, t->streams[0], 1, 0, 0);
	case OV_D2H:
		return enqueue_chunk(o, 0, o->size, t->streams[0], 0, 0, 1);
	case OV_KERNEL:
		return enqueue_chunk(o, 0, o->size, t->streams[0], 0, 1, 0);
	case OV_SERIAL:
		return enqueue_chunk(o, 0, o->size, t->streams[0], 1, 1, 1);
	case OV_OVERLAP:
		for (int i = 0; i < o->nchunks && err == cudaSuccess; i++) {
			size_t off = (size_t)i * o->chunk;
			size_t n = o->size - off < o->chunk ? o->size - off : o->chunk;
			err = enqueue_chunk(o, off, n, t->streams[i % o->nstreams], 1, 1, 1);
		}
		return err;
	}
	return cudaErrorInvalidValue;
}

/* Median time (us) of reps gated repetitions of what; all of them in *st when given. */
static int time_what(struct pcie_timer *t, struct ovl *o, enum ovl_what what, int warmup,
		     int reps, struct stats *st)
{
	int nstreams = what == OV_OVERLAP ? o->nstreams : 1;
	double ms[PCIE_MAX_STREAMS], *us = gp_xcalloc((size_t)reps, sizeof(*us));
	int rc = 0;

	o->what = what;
	for (int r = -warmup; r < reps && !rc; r++) {
		double wall = 0;
		if ((rc = pcie_time_gated(t, nstreams, ovl_enqueue, o, ms)))
			break;
		for (int i = 0; i < nstreams; i++)
			if (ms[i] > wall)
				wall = ms[i];
		if (r >= 0)
			us[r] = wall * 1e3;
	}
	if (!rc)
		stats_compute(us, (size_t)reps, st);
	free(us);
	return rc;
}

static int check_failed(const char *what, size_t size, uint64_t bad, uint64_t first)
{
	char buf[64];

	return gp_error(GP_EXIT_FAIL, "--overlap %s of %s: %llu wrong words, the first at byte %llu",
			what, format_size(buf, sizeof(buf), size), (unsigned long long)bad,
			(unsigned long long)first);
}

/* Every word of dst must be the kernel's affine map of the same word of src. */
static int check_computed(const struct ovl *o, const char *what)
{
	const uint32_t *src = o->src.p, *dst = o->dst.p;
	uint32_t a, c;
	uint64_t bad = 0, first = 0;

	pcie_lcg_compose(o->iters, &a, &c);
	/* Test hook, as in probes/pcie.c: a damaged word must fail the run. */
	if (getenv("GPUPERF_PCIE_CORRUPT") && *getenv("GPUPERF_PCIE_CORRUPT"))
		((uint32_t *)o->dst.p)[o->size / 8] ^= 1;
	for (size_t i = 0; i < o->size / 4; i++)
		if (dst[i] != a * src[i] + c) {
			if (!bad)
				first = (uint64_t)i * 4;
			bad++;
		}
	return bad ? check_failed(what, o->size, bad, first) : 0;
}

/* The plain copies each way, timed alone and verified. */
static int time_copies(struct pcie_timer *t, struct ovl *o, const struct pcie_overlap_plan *plan,
		       struct pcie_overlap_row *row)
{
	struct stats st;
	uint64_t bad, first;
	int rc;

	if ((rc = pcie_device_poison(t, o->dev, o->size)) ||
	    (rc = time_what(t, o, OV_H2D, plan->warmup, plan->reps, &st)))
		return rc;
	row->h2d_us = st.median;
	if ((rc = pcie_device_check(t, o->dev, o->size, SEED_OVERLAP, &bad, &first)))
		return rc;
	if (bad)
		return check_failed("H2D", o->size, bad, first);

	pcie_host_poison(o->dst.p, o->size);
	if ((rc = time_what(t, o, OV_D2H, plan->warmup, plan->reps, &st)))
		return rc;
	row->d2h_us = st.median;
	bad = pcie_host_check(o->dst.p, o->size, SEED_OVERLAP, &first);
	return bad ? check_failed("D2H", o->size, bad, first) : 0;
}

/*
 * Iterations that make the kernel last target_us.  Time is linear in the
 * iteration count once launch overhead is small against it, so the trial
 * count grows until the trial lasts a quarter of the target, then scales.
 */
static int calibrate(struct pcie_timer *t, struct ovl *o, double target_us)
{
	const unsigned most = 1u << 24;
	struct stats st;
	double iters;

	for (o->iters = CALIBRATE_ITERS;; o->iters *= 4) {
		int rc = time_what(t, o, OV_KERNEL, 1, 3, &st);
		if (rc)
			return rc;
		if (st.median >= target_us / 4 || st.median >= 1000 || o->iters >= most / 4)
			break;
	}
	iters = st.median > 0 ? o->iters * target_us / st.median : o->iters;
	o->iters = iters < 1 ? 1 : iters > most ? most : (unsigned)(iters + 0.5);
	return 0;
}

static int run_one(struct pcie_timer *t, const struct pcie_overlap_plan *plan, enum pcie_mem mem,
		   size_t size, struct pcie_overlap_row *row)
{
	struct ovl o;
	struct stats st;
	int rc;

	memset(&o, 0, sizeof(o));
	o.size = size;
	o.chunk = (size + (size_t)plan->chunks - 1) / (size_t)plan->chunks;
	o.chunk = (o.chunk + CHUNK_ALIGN - 1) / CHUNK_ALIGN * CHUNK_ALIGN;
	o.nchunks = (int)((size + o.chunk - 1) / o.chunk);
	o.nstreams = plan->streams < o.nchunks ? plan->streams : o.nchunks;
	if (o.nstreams < 1)
		o.nstreams = 1;
	o.blocks = t->sm_count * 8;

	if ((rc = pcie_host_alloc(&o.src, mem, size)) || (rc = pcie_host_alloc(&o.dst, mem, size)))
		goto out;
	if ((rc = cuda_check(cudaMalloc(&o.dev, size), "cudaMalloc (--overlap buffer)"))) {
		o.dev = NULL;
		goto out;
	}
	pcie_host_fill(o.src.p, size, SEED_OVERLAP);
	if ((rc = time_copies(t, &o, plan, row)) ||
	    (rc = calibrate(t, &o, plan->kernel_us > 0 ? plan->kernel_us : row->h2d_us + row->d2h_us)) ||
	    (rc = time_what(t, &o, OV_KERNEL, plan->warmup, plan->reps, &st)))
		goto out;
	row->kernel_us = st.median;

	pcie_host_poison(o.dst.p, size);
	if ((rc = time_what(t, &o, OV_SERIAL, plan->warmup, plan->reps, &row->serial_us)) ||
	    (rc = check_computed(&o, "serial run")))
		goto out;
	pcie_host_poison(o.dst.p, size);
	if ((rc = time_what(t, &o, OV_OVERLAP, plan->warmup, plan->reps, &row->overlapped_us)) ||
	    (rc = check_computed(&o, "overlapped run")))
		goto out;

	row->mem = mem;
	row->size = size;
	row->chunks = o.nchunks;
	row->streams = o.nstreams;
	row->iters = o.iters;
	row->host_node = pcie_host_node(o.src.p, size);
out:
	if (o.dev)
		(void)cudaFree(o.dev);
	pcie_host_free(&o.src);
	pcie_host_free(&o.dst);
	return rc;
}

static int check_request(const struct gp_device *dev, const struct pcie_overlap_plan *plan)
{
	for (size_t i = 0; i < plan->nsizes; i++) {
		if (plan->sizes[i] % 4)
			return gp_error(GP_EXIT_USAGE, "--size: --overlap needs a multiple of 4 bytes");
		if (dev->total_mem_bytes && plan->sizes[i] > dev->total_mem_bytes) {
			char need[64], have[64];
			return gp_error(GP_EXIT_USAGE, "--size: %s is more than the %s of '%s'",
					format_size(need, sizeof(need), plan->sizes[i]),
					format_size(have, sizeof(have), dev->total_mem_bytes), dev->name);
		}
	}
	for (size_t i = 0; i < plan->nmems; i++)
		if (plan->mems[i] != PCIE_PINNED && plan->mems[i] != PCIE_REGISTERED)
			return gp_error(GP_EXIT_USAGE, "--memory: --overlap takes pinned or registered, not '%s'",
					pcie_mem_names[plan->mems[i]]);
	if (plan->chunks < 1 || plan->streams < 1 || plan->streams > PCIE_MAX_STREAMS)
		return gp_error(GP_EXIT_USAGE, "--overlap: bad chunk or stream count");
	return 0;
}

int pcie_overlap_run(const struct gp_device *dev, const struct pcie_overlap_plan *plan,
		     struct pcie_overlap_results *out)
{
	struct pcie_timer t;
	struct pcie_binding bind;
	struct pcie_sampler sampler;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = check_request(dev, plan)))
		return rc;
	out->nrows = plan->nmems * plan->nsizes;
	out->rows = gp_xcalloc(out->nrows ? out->nrows : 1, sizeof(*out->rows));
	pcie_env_begin(dev, plan->bind, &bind, &out->env);
	if ((rc = pcie_timer_open(&t, plan->streams, dev)))
		goto out;
	pcie_sampler_start(&sampler, dev->pci_bus_id);
	for (size_t m = 0, r = 0; m < plan->nmems && !rc; m++)
		for (size_t s = 0; s < plan->nsizes && !rc; s++, r++) {
			gp_progress("pcie --overlap: %s %llu bytes", pcie_mem_names[plan->mems[m]],
				    (unsigned long long)plan->sizes[s]);
			rc = run_one(&t, plan, plan->mems[m], plan->sizes[s], &out->rows[r]);
		}
	pcie_sampler_stop(&sampler, &out->env);
	pcie_timer_close(&t);
	gp_progress_done();
out:
	pcie_unbind(&bind);
	if (rc)
		pcie_overlap_results_free(out);
	return rc;
}

