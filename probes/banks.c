/* The bank-conflict probe: time, verify and count every configuration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "gpu/timing.h"
#include "kernels/kernels.h"
#include "model/banks.h"
#include "probes/banks.h"
#include "probes/counted.h"
#include "util/error.h"

#define WARPS (BANK_BLOCK / 32)
#define TABLE (BANK_UNROLL * BANK_WARP)

struct launch {
	const struct bank_config *cfg;
	const uint32_t *table;  /* device: TABLE offsets */
	int iters;
	unsigned blocks;
	uint32_t seed;          /* changes every launch: stale shared data never passes */
	uint32_t *out;
};

static cudaError_t launch_one(void *arg, cudaStream_t s)
{
	struct launch *l = arg;

	return launch_banks(l->cfg->op == BANK_STORE, l->cfg->width, l->table, l->iters,
			    ++l->seed, l->blocks, l->out, s);
}

/*
 * Loop iterations for c: the same time as `iters` conflict-free ones, so
 * a 32-way configuration does not take 32 times as long; a multiple of 16.
 */
static int iterations(const struct bank_config *c, int iters)
{
	struct bank_prediction p;
	int n;

	bank_predict(c, &p);
	n = (int)(iters * p.ideal / p.wavefronts) / 16 * 16;
	return n < 64 ? 64 : n;
}

/* The last launch's output: loads sum what the model's addresses hold, stores read back. */
static int verify(const struct launch *l, const uint32_t *host_table, uint32_t *host_out)
{
	size_t threads = (size_t)l->blocks * BANK_BLOCK;
	unsigned words = l->cfg->width / 4;
	uint32_t want[BANK_WARP];
	char what[96];
	int rc;

	if ((rc = cuda_check(cudaMemcpy(host_out, l->out, threads * sizeof(*host_out),
					cudaMemcpyDeviceToHost), "cudaMemcpy")))
		return rc;
	for (unsigned lane = 0; lane < BANK_WARP; lane++) {
		uint32_t per_iter = 0;
		for (unsigned u = 0; u < BANK_UNROLL && l->cfg->op == BANK_LOAD; u++)
			for (unsigned j = 0; j < words; j++)
				per_iter += BANK_WORD_VALUE(host_table[u * BANK_WARP + lane] / 4 + j,
							    l->seed);
		want[lane] = l->cfg->op == BANK_LOAD ? per_iter * (uint32_t)l->iters : 0;
	}
	for (size_t t = 0; t < threads; t++) {
		if (host_out[t] == want[t % BANK_WARP])
			continue;
		snprintf(what, sizeof(what), "%s %s, stride %llu, %u bytes",
			 bank_pattern_name(l->cfg->pattern), bank_op_name(l->cfg->op),
			 (unsigned long long)l->cfg->stride, l->cfg->width);
		return gp_error(GP_EXIT_FAIL, "banks: %s: thread %zu returned %u, expected %u",
				what, t, host_out[t], want[t % BANK_WARP]);
	}
	return 0;
}

static const enum ctr_id ids[] = {
	CTR_SHARED_LOAD_INSTRUCTIONS, CTR_SHARED_LOAD_WAVEFRONTS, CTR_SHARED_LOAD_BANK_CONFLICTS,
	CTR_SHARED_STORE_INSTRUCTIONS, CTR_SHARED_STORE_WAVEFRONTS, CTR_SHARED_STORE_BANK_CONFLICTS,
	CTR_SM_CLOCK_HZ,
};

/* A configuration's counters: the load or the store triple, and the SM clock. */
static void store_counts(const double *c, void *result)
{
	struct bank_result *r = result;
	int k = r->cfg.op == BANK_STORE ? 3 : 0;

	r->instructions = c[k];
	r->wavefronts = c[k + 1];
	r->conflicts = c[k + 2];
	r->sm_clock_hz = c[6];
}

/* Derived figures once times (and maybe cycles) are in. */
static void derive(const struct gp_device *dev, struct bank_result *r)
{
	double bytes = r->expected_instructions * BANK_WARP * r->cfg.width;
	double sec = r->ms.median * 1e-3;

	r->time_per_access_ns = sec * 1e9 / (r->expected_instructions / dev->sm_count);
	r->bandwidth_gbs = bytes / sec / 1e9;
	double hz = dev->sm_clock_khz * 1e3;

	/*
	 * Clocks: the median time x the clock the counted launch ran at.  Not
	 * that launch's elapsed cycles: its user range spans the launch's own
	 * edges too (11 % more than the kernel on an H200).
	 */
	r->clock_from_counter = !isnan(r->sm_clock_hz) && r->sm_clock_hz > 0;
	if (r->clock_from_counter)
		hz = r->sm_clock_hz;
	r->bytes_per_clock_per_sm = hz > 0 ? bytes / (sec * hz * dev->sm_count) : NAN;
}

int bank_probe(const struct gp_device *dev, const struct bank_opts *o,
	       const struct bank_config *cfgs, size_t n, struct bank_result *res)
{
	struct launch *l = calloc(n, sizeof(*l));
	uint32_t *table = calloc(n * TABLE, sizeof(*table)), *host_out = NULL, *d_table = NULL;
	uint32_t *d_out = NULL;
	double *ms = calloc(o->reps == STATS_REPS_AUTO ? STATS_AUTO_MAX : (size_t)o->reps, sizeof(*ms));
	unsigned max_blocks = 0;
	cudaStream_t s = NULL;
	int rc = 0;

	if (!l || !table || !ms) {
		rc = gp_error(GP_EXIT_FAIL, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		int per_sm = 0;
		res[i] = (struct bank_result){ .cfg = cfgs[i] };
		res[i].instructions = res[i].wavefronts = res[i].conflicts = res[i].sm_clock_hz = NAN;
		for (unsigned u = 0; u < BANK_UNROLL; u++)
			if (bank_addresses(&cfgs[i], u, table + i * TABLE + u * BANK_WARP))
				rc = gp_error(GP_EXIT_FAIL, "banks: configuration %zu is invalid", i);
		if (!rc && !(rc = cuda_check(banks_blocks_per_sm(cfgs[i].op == BANK_STORE,
								  cfgs[i].width, &per_sm),
					     "cudaOccupancyMaxActiveBlocksPerMultiprocessor")) &&
		    per_sm < 1)
			rc = gp_error(GP_EXIT_FAIL, "banks: the kernel cannot be resident on an SM");
		l[i].cfg = &res[i].cfg;
		l[i].iters = iterations(&cfgs[i], o->iters);
		l[i].blocks = (unsigned)(per_sm * dev->sm_count);  /* one full wave */
		l[i].seed = (uint32_t)i << 20;
		if (l[i].blocks > max_blocks)
			max_blocks = l[i].blocks;
		res[i].expected_instructions = (double)l[i].blocks * WARPS * l[i].iters * BANK_UNROLL;
	}
	if (rc)
		goto out;
	host_out = calloc((size_t)max_blocks * BANK_BLOCK, sizeof(*host_out));
	if (!host_out) {
		rc = gp_error(GP_EXIT_FAIL, "out of memory");
		goto out;
	}
	if ((rc = cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate")) ||
	    (rc = cuda_check(cudaMalloc((void **)&d_table, n * TABLE * sizeof(*d_table)), "cudaMalloc")) ||
	    (rc = cuda_check(cudaMalloc((void **)&d_out, (size_t)max_blocks * BANK_BLOCK * sizeof(*d_out)),
			     "cudaMalloc")) ||
	    (rc = cuda_check(cudaMemcpy(d_table, table, n * TABLE * sizeof(*table),
					cudaMemcpyHostToDevice), "cudaMemcpy")))
		goto out;
	for (size_t i = 0; i < n; i++) {
		l[i].table = d_table + i * TABLE;
		l[i].out = d_out;
		if (o->progress)
			o->progress(i, n, o->progress_arg);
		int reps;

		if ((rc = timing_run_reps(launch_one, NULL, &l[i], s, o->warmup, o->reps, ms, &reps)) ||
		    (rc = verify(&l[i], table + i * TABLE, host_out)))
			goto out;
		stats_compute(ms, (size_t)reps, &res[i].ms);
	}
	/* one range per configuration; counter failures leave the columns empty */
	if ((rc = probe_count_sweep(dev, o->counters, &(struct probe_counted){
			ids, ARRAY_SIZE(ids), launch_one, l, sizeof(*l), res, sizeof(*res),
			store_counts, "banks kernel" }, n, s)))
		goto out;
	for (size_t i = 0; i < n; i++)
		derive(dev, &res[i]);
out:
	if (s)
		cudaStreamSynchronize(s);
	cudaFree(d_out);
	cudaFree(d_table);
	if (s)
		cudaStreamDestroy(s);
	free(host_out);
	free(ms);
	free(table);
	free(l);
	return rc;
}

