/* The coalescing probe: time, verify and count every configuration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "gpu/timing.h"
#include "kernels/kernels.h"
#include "model/coalesce.h"
#include "probes/counted.h"
#include "probes/coalesce.h"
#include "util/error.h"
#include "util/parse.h"

struct launch {
	const struct coal_config *cfg;
	const struct coal_plan *plan;
	void *in, *out;
};

/* One launch of the configuration's kernel: the unit that is timed and counted. */
static cudaError_t launch_one(void *arg, cudaStream_t s)
{
	const struct launch *l = arg;
	const struct coal_config *c = l->cfg;

	switch (c->pattern) {
	case COAL_OFFSET:
	case COAL_STRIDE:
		return launch_coal_strided((int)c->op, c->width, l->in, l->out, c->offset,
					   c->stride, l->plan->accesses, s);
	case COAL_AOS_DIRECT:
	case COAL_AOS_STAGED:
	case COAL_SOA:
		return launch_coal_aos(c->pattern - COAL_AOS_DIRECT, c->width, l->in, l->out,
				       l->plan->accesses / 3, s);
	default:
		return launch_coal_transpose(c->pattern - COAL_TR_COPY, c->width, l->in, l->out,
					     l->plan->pitch, s);
	}
}

static cudaError_t launch_verify(const struct launch *l, uint64_t size,
				 unsigned long long *bad, cudaStream_t s)
{
	const struct coal_config *c = l->cfg;

	switch (c->pattern) {
	case COAL_OFFSET:
	case COAL_STRIDE:
		return launch_coal_verify_strided((int)c->op, c->width, l->out, size / c->width,
						  c->offset, c->stride, l->plan->accesses, bad, s);
	case COAL_AOS_DIRECT:
	case COAL_AOS_STAGED:
	case COAL_SOA:
		return launch_coal_verify_plus1(l->out, size / 4, l->plan->span_bytes / 4, bad, s);
	default:
		return launch_coal_verify_transpose(c->pattern != COAL_TR_COPY, c->width, l->out,
						    l->plan->pitch, size / 4, bad, s);
	}
}

static void describe(const struct coal_config *c, char *buf, size_t n)
{
	if (c->pattern == COAL_OFFSET || c->pattern == COAL_STRIDE)
		snprintf(buf, n, "%s %s (offset %llu, stride %llu, %u bytes)",
			 coal_pattern_name(c->pattern), coal_op_name(c->op),
			 (unsigned long long)c->offset, (unsigned long long)c->stride, c->width);
	else
		snprintf(buf, n, "%s (%u bytes)", coal_pattern_name(c->pattern), c->width);
}

/* Poison, time, verify one configuration. */
static int measure(const struct launch *l, const struct coal_opts *o, double *ms,
		   unsigned long long *d_bad, cudaStream_t s, struct coal_result *r)
{
	unsigned long long bad = 0;
	char what[128];
	int rc;

	if ((rc = cuda_check(cudaMemsetAsync(l->out, 0xff, o->size, s), "cudaMemsetAsync")) ||
	    (rc = timing_run(launch_one, NULL, (void *)l, s, o->warmup, o->reps, ms)) ||
	    (rc = cuda_check(cudaMemsetAsync(d_bad, 0, sizeof(*d_bad), s), "cudaMemsetAsync")) ||
	    (rc = cuda_check(launch_verify(l, o->size, d_bad, s), "verify kernel")) ||
	    (rc = cuda_check(cudaMemcpyAsync(&bad, d_bad, sizeof(bad), cudaMemcpyDeviceToHost, s),
			     "cudaMemcpyAsync")) ||
	    (rc = cuda_check(cudaStreamSynchronize(s), "cudaStreamSynchronize")))
		return rc;
	describe(l->cfg, what, sizeof(what));
	if (bad)
		return gp_error(GP_EXIT_FAIL, "coalesce: %s: %llu wrong words in the output",
				what, bad);
	stats_compute(ms, (size_t)o->reps, &r->ms);
	if (r->ms.median <= 0)
		return gp_error(GP_EXIT_FAIL, "coalesce: %s: timed at zero", what);
	r->bandwidth_gbs = r->plan.bytes_requested / (r->ms.median * 1e-3) / 1e9;
	return 0;
}

static const enum ctr_id ids[] = {
	CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS,
	CTR_GLOBAL_STORE_SECTORS, CTR_GLOBAL_STORE_REQUESTS,
	CTR_DRAM_READ_BYTES, CTR_DRAM_WRITE_BYTES,
};

/* A configuration's counters, in the order of ids. */
static void store_counts(const double *c, void *result)
{
	struct coal_result *r = result;

	r->ld_sectors = c[0];
	r->ld_requests = c[1];
	r->st_sectors = c[2];
	r->st_requests = c[3];
	r->dram_read_bytes = c[4];
	r->dram_write_bytes = c[5];
}

int coal_probe(const struct gp_device *dev, const struct coal_opts *o,
	       const struct coal_config *cfgs, size_t n, struct coal_result *res)
{
	struct launch *l = calloc(n, sizeof(*l));
	double *ms = calloc((size_t)o->reps, sizeof(*ms));
	unsigned long long *d_bad = NULL;
	void *in = NULL, *out = NULL;
	cudaStream_t s = NULL;
	size_t free_b = 0, total_b = 0;
	char size_s[32], need[32], have[32];
	int rc;

	if (!l || !ms) {
		rc = gp_error(GP_EXIT_FAIL, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		res[i].cfg = cfgs[i];
		if (coal_plan(&cfgs[i], o->size, &res[i].plan)) {
			rc = gp_error(GP_EXIT_FAIL, "coalesce: configuration %zu does not fit", i);
			goto out;
		}
		res[i].cfg.pitch = res[i].plan.pitch;
		res[i].ld_sectors = res[i].ld_requests = NAN;
		res[i].st_sectors = res[i].st_requests = NAN;
		res[i].dram_read_bytes = res[i].dram_write_bytes = NAN;
	}
	if ((rc = cuda_check(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo")))
		goto out;
	if (2 * o->size + (64u << 20) > free_b) {
		rc = gp_error(GP_EXIT_FAIL, "coalesce: two buffers of --size %s need %s of "
			      "device memory, %s free", format_size(size_s, sizeof(size_s), o->size),
			      format_size(need, sizeof(need), 2 * o->size),
			      format_size(have, sizeof(have), free_b));
		goto out;
	}
	if ((rc = cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate")) ||
	    (rc = cuda_check(cudaMalloc(&in, o->size), "cudaMalloc")) ||
	    (rc = cuda_check(cudaMalloc(&out, o->size), "cudaMalloc")) ||
	    (rc = cuda_check(cudaMalloc((void **)&d_bad, sizeof(*d_bad)), "cudaMalloc")) ||
	    (rc = cuda_check(launch_coal_fill(in, o->size / 4, s), "fill kernel")))
		goto out;
	for (size_t i = 0; i < n; i++) {
		l[i] = (struct launch){ &res[i].cfg, &res[i].plan, in, out };
		if (o->progress)
			o->progress(i, n, o->progress_arg);
		if ((rc = measure(&l[i], o, ms, d_bad, s, &res[i])))
			goto out;
	}
	/* one range per configuration; counter failures leave the columns empty */
	rc = probe_count_sweep(dev, o->counters, &(struct probe_counted){
		ids, ARRAY_SIZE(ids), launch_one, l, sizeof(*l), res, sizeof(*res),
		store_counts, "coalesce kernel" }, n, s);
out:
	if (s)
		cudaStreamSynchronize(s);
	cudaFree(d_bad);
	cudaFree(out);
	cudaFree(in);
	if (s)
		cudaStreamDestroy(s);
	free(ms);
	free(l);
	return rc;
}
