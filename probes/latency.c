/*
 * The latency probe's global-memory sweep.
 *
 * For each size: the host shuffles the chain's order (one cycle, checked),
 * a kernel lays it into device memory, and one block chases it: a set
 * that fits the L2 is first read by the whole block (the untimed first
 * pass that puts it in the caches, this SM's L1 included); a larger one
 * starts from an L2 flushed of it, so its loads miss every cache.  Then
 * its first warp (every lane on the chain) makes untimed loads and
 * LAT_SEGMENTS timed segments of LAT_STEPS loads, each timed with %clock64
 * on the SM.  The pointer it ends at must be the one the host's walk of
 * the chain reaches.
 *
 * Counters, once every set is timed: each set's chase again with counters,
 * LAT_COUNT_SCALE times as many segments, and its twin without them; their
 * difference is those loads' own count, whatever the warm-up read.  The
 * warm-up's own traffic varies between the twins: on the H100 by up to
 * ~0.1 MB of DRAM reads for sets in the L2, 12 B for each of the 9216
 * timed loads (6.4 B a load was the GPU test's bound for an L2 row), so the counted chase
 * makes 16 times their loads: under 2.5 B a load in five sweeps.  The sets share one counter session,
 * the two chases of each a bracketed range (a range per launch would cost
 * ~30 ms each), since enabling the profiler costs more than all of a set's
 * chases.  Both start from the same cache state (flushed or warmed), and
 * the counters take one pass, so nothing is replayed between them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>

#include "arch/arch.h"
#include "counters/counters.h"
#include "gpu/cuda-check.h"
#include "gpu/sm-clock.h"
#include "kernels/kernels.h"
#include "model/chase.h"
#include "probes/latency-priv.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

static const enum ctr_id ids[] = {
	CTR_GLOBAL_LOAD_SECTORS, CTR_L1_LOAD_HIT_SECTORS, CTR_L2_READ_MISS_SECTORS,
	CTR_DRAM_READ_BYTES,
};

/* The device chain and what builds it, kept across sizes. */
struct chain {
	char *base;                /* the largest set */
	uint32_t *d_next, *next;   /* the order, device and host */
	uint64_t order_n;          /* elements the host order was made for (0: none yet) */
	void *scratch;             /* L2 flush */
	uint64_t scratch_bytes;
	int flush_blocks;
	struct ctr_set *cs;        /* NULL without counters */
};

static int flush(struct chain *ch, struct lat_ctx *c, unsigned seed)
{
	return cuda_check(launch_lat_flush(ch->scratch, ch->scratch_bytes, seed, ch->flush_blocks,
					   c->st), "L2 flush");
}

/*
 * A chase of layout l: flushed first unless warm; end words at
 * c->d_end + slot.  With count, the chase (not the flush) is a counted range.
 */
static int chase(struct chain *ch, struct lat_ctx *c, const struct chase_layout *l, int warm,
		 unsigned untimed, unsigned segments, int slot, int count)
{
	int rc = warm ? 0 : flush(ch, c, (unsigned)slot);

	if (!rc && count)
		rc = ctr_range_push(ch->cs);
	if (!rc)
		rc = cuda_check(launch_lat_chase(ch->base, l->n, l->slot, l->stride, warm, untimed,
						 LAT_STEPS, segments, c->d_cycles, c->d_end + slot,
						 c->st), "latency chase");
	return rc || !count ? rc : ctr_range_pop(ch->cs);
}

/* The host's order for l->n elements (made once per length), checked, on the device, laid out. */
static int build(struct chain *ch, struct lat_ctx *c, const struct lat_request *req,
		 const struct chase_layout *l)
{
	int rc;

	if (ch->order_n != l->n) {
		chase_order(req->pattern, ch->next, l->n, lat_seed(l->n, req->pattern));
		if (!chase_is_one_cycle(ch->next, l->n))
			return gp_error(GP_EXIT_FAIL, "latency: the chain of %llu elements is not "
					"one cycle", (unsigned long long)l->n);
		ch->order_n = l->n;
		if ((rc = cuda_check(cudaMemcpyAsync(ch->d_next, ch->next, l->n * sizeof(*ch->next),
						     cudaMemcpyHostToDevice, c->st), "cudaMemcpyAsync")))
			return rc;
	}
	if ((rc = cuda_check(launch_lat_build(ch->base, ch->d_next, l->n, l->slot, l->stride,
					      c->st), "chain build")))
		return rc;
	/* Test hook: element 1 leads back to element 0, so the chase ends elsewhere. */
	if (getenv("GPUPERF_TEST_CORRUPT") && !strcmp(getenv("GPUPERF_TEST_CORRUPT"), "1") &&
	    l->n > 2) {
		uint64_t to = (uint64_t)ch->base;

		rc = cuda_check(cudaMemcpyAsync(ch->base + chase_pos(l->slot, l->stride, 1), &to,
						sizeof(to), cudaMemcpyHostToDevice, c->st),
				"cudaMemcpyAsync");
		if (!rc)
			rc = cuda_check(cudaStreamSynchronize(c->st), "cudaStreamSynchronize");
	}
	return rc;
}

static uint64_t expected_end(const struct chain *ch, const struct chase_layout *l, uint64_t steps)
{
	return (uint64_t)ch->base + chase_pos(l->slot, l->stride, chase_walk(ch->next, l->n, 0, steps));
}

static void describe(char *buf, size_t n, const struct chase_layout *l)
{
	char sz[32];

	snprintf(buf, n, "global chase of %s, %llu elements %llu B apart%s",
		 format_size(sz, sizeof(sz), l->set), (unsigned long long)l->n,
		 (unsigned long long)l->stride, chase_sparse(l) ? " (sparse)" : "");
}

/*
 * The counted twins of one set, inside the open counter session: the
 * chain laid out again, a chase that lets the build's traffic settle, then
 * two counted ranges, the chase without the timed segments and the chase
 * with them, each from the same cache state.
 */
static int count_set(struct chain *ch, struct lat_ctx *c, const struct lat_request *req,
		     const struct lat_row *row)
{
	const struct chase_layout *l = &row->layout;
	uint64_t end[LAT_END_WORDS], want;
	char what[128];
	int rc;

	/* the build's writes still drain through L2 after it: a first chase takes
	   them (in the H100 run, the twin right after the build counted them) */
	if ((rc = build(ch, c, req, l)) ||
	    (rc = chase(ch, c, l, row->warm, (unsigned)row->untimed, 0, 2, 0)) ||
	    (rc = chase(ch, c, l, row->warm, (unsigned)row->untimed, 0, 2, 1)) ||
	    (rc = chase(ch, c, l, row->warm, (unsigned)row->untimed,
			LAT_SEGMENTS * LAT_COUNT_SCALE, 4, 1)) ||
	    (rc = cuda_check(cudaMemcpyAsync(end, c->d_end, sizeof(end), cudaMemcpyDeviceToHost,
					     c->st), "cudaMemcpyAsync")) ||
	    (rc = cuda_check(cudaStreamSynchronize(c->st), "latency chase")))
		return rc;
	describe(what, sizeof(what), l);
	if (end[2] != (want = expected_end(ch, l, row->untimed)))
		return lat_wrong_end(what, end[2], want);
	if (end[4] != (want = expected_end(ch, l, row->untimed + row->counted_loads)))
		return lat_wrong_end(what, end[4], want);
	return 0;
}

/* Sets counted in one session: two ranges each. */
#define LAT_COUNT_CHUNK (CTR_MAX_RANGES / 2)

/*
 * The counters of rows[0..n) (the global sweep, timed already): one
 * session per LAT_COUNT_CHUNK sets, since enabling the profiler costs more
 * than a set's chases (~1.1 s a session on the H100).  A session that
 * lost ranges leaves its rows' counter columns empty (said once).
 */
static int count_rows(struct chain *ch, struct lat_ctx *c, const struct lat_request *req,
		      struct lat_row *rows, size_t n)
{
	for (size_t at = 0; at < n; at += LAT_COUNT_CHUNK) {
		size_t m = n - at < LAT_COUNT_CHUNK ? n - at : LAT_COUNT_CHUNK;
		size_t first = ctr_nranges(ch->cs);
		int rc;

		ctr_expect_ranges(ch->cs, 2 * m);   /* an image for this chunk's ranges alone */
		if ((rc = ctr_begin(ch->cs)))
			return rc;
		for (size_t k = 0; k < m && !rc; k++)
			rc = count_set(ch, c, req, &rows[at + k]);
		if (rc) {
			ctr_end(ch->cs);
			return rc;
		}
		if ((rc = ctr_end(ch->cs)))
			return rc;
		if (ctr_nranges(ch->cs) != first + 2 * m)
			continue;  /* counting failed on the way: said once, the columns stay empty */
		for (size_t k = 0; k < m; k++) {
			double a[ARRAY_SIZE(ids)], b[ARRAY_SIZE(ids)];
			struct lat_row *row = &rows[at + k];

			if ((rc = ctr_read(ch->cs, first + 2 * k, a)) ||
			    (rc = ctr_read(ch->cs, first + 2 * k + 1, b)))
				return rc;
			row->load_sectors = b[0] - a[0];
			row->l1_hit_sectors = b[1] - a[1];
			row->l2_miss_sectors = b[2] - a[2];
			row->dram_read_bytes = b[3] - a[3];
		}
	}
	return 0;
}

static int global_row(struct chain *ch, struct lat_ctx *c, const struct lat_request *req,
		      uint64_t size, struct lat_row *row)
{
	struct chase_layout l;
	uint64_t end, want;
	char what[128];
	int rc, warm;

	if (chase_layout_make(size, req->stride, CHASE_MAX_ELEMS, &l))
		return gp_error(GP_EXIT_USAGE, "latency: a set of %llu bytes holds no element %llu "
				"bytes apart", (unsigned long long)size,
				(unsigned long long)req->stride);
	warm = size <= (uint64_t)c->dev->l2_bytes;
	*row = (struct lat_row){ .memory = LAT_GLOBAL, .size = size, .layout = l, .warm = warm,
				 .untimed = lat_untimed(l.n),
				 .loads = (uint64_t)LAT_SEGMENTS * LAT_STEPS,
				 .counted_loads = (uint64_t)LAT_SEGMENTS * LAT_COUNT_SCALE * LAT_STEPS };
	row->load_sectors = row->l1_hit_sectors = row->l2_miss_sectors = row->dram_read_bytes = NAN;
	if ((rc = build(ch, c, req, &l)) ||
	    (rc = chase(ch, c, &l, warm, (unsigned)row->untimed, LAT_SEGMENTS, 0, 0)) ||
	    (rc = lat_fetch(c, LAT_STEPS, &row->cycles, &end)))
		return rc;
	want = expected_end(ch, &l, row->untimed + row->loads);
	describe(what, sizeof(what), &l);
	if (end != want)
		return lat_wrong_end(what, end, want);
	return 0;
}

static int setup(struct chain *ch, struct lat_ctx *c, const struct lat_run *run)
{
	const struct lat_request *req = &run->req;
	uint64_t max = 0, max_n = 0;
	int rc;

	for (size_t i = 0; i < req->nsizes; i++) {
		struct chase_layout l;
		if (chase_layout_make(req->sizes[i], req->stride, CHASE_MAX_ELEMS, &l) == 0 &&
		    l.n > max_n)
			max_n = l.n;
		if (req->sizes[i] > max)
			max = req->sizes[i];
	}
	if ((rc = cuda_check(cudaStreamCreateWithFlags(&c->st, cudaStreamNonBlocking),
			     "cudaStreamCreate")) ||
	    (rc = cuda_check(cudaMalloc((void **)&c->d_cycles,
					LAT_SEGMENTS * LAT_COUNT_SCALE * sizeof(long long)),
			     "cudaMalloc")) ||
	    (rc = cuda_check(cudaMalloc((void **)&c->d_end, LAT_END_WORDS * sizeof(uint64_t)),
			     "cudaMalloc")) ||
	    (rc = cuda_check(lat_chase_setup(), "cudaFuncSetAttribute")))
		return rc;
	if (!req->nsizes)
		return 0;
	ch->next = gp_xcalloc(max_n, sizeof(*ch->next));
	if ((rc = cuda_check(cudaMalloc((void **)&ch->base, max), "cudaMalloc (chain)")) ||
	    (rc = cuda_check(cudaMalloc((void **)&ch->d_next, max_n * sizeof(*ch->d_next)),
			     "cudaMalloc (chain order)")))
		return rc;
	if (max > (uint64_t)c->dev->l2_bytes) {
		ch->scratch_bytes = run->flush_bytes;
		ch->flush_blocks = 4 * c->dev->sm_count;
		if ((rc = cuda_check(cudaMalloc(&ch->scratch, ch->scratch_bytes),
				     "cudaMalloc (L2 flush buffer)")))
			return rc;
	}
	if ((rc = ctr_open(c->dev, req->counters, ids, ARRAY_SIZE(ids), &ch->cs)))
		return rc;
	ctr_bracketed_ranges(ch->cs);
	return 0;
}

static void teardown(struct chain *ch, struct lat_ctx *c)
{
	if (c->st)
		cudaStreamSynchronize(c->st);
	ctr_close(ch->cs);
	cudaFree(ch->base);
	cudaFree(ch->d_next);
	cudaFree(ch->scratch);
	cudaFree(c->d_cycles);
	cudaFree(c->d_end);
	if (c->st)
		cudaStreamDestroy(c->st);
	free(ch->next);
}

static void progress(const struct lat_request *req, const char *what, size_t done, size_t total)
{
	if (req->progress)
		req->progress(what, done, total);
}

int lat_probe(const struct gp_device *dev, struct lat_run *run)
{
	const struct lat_request *req = &run->req;
	const struct sm_arch *arch = arch_lookup_cc(dev->cc_major, dev->cc_minor);
	struct lat_ctx c = { .dev = dev };
	struct chain ch = { 0 };
	size_t cap = req->nsizes + 4;
	int rc;

	run->rows = gp_xcalloc(cap, sizeof(*run->rows));
	run->nrows = 0;
	run->l1_bytes = arch ? (uint64_t)arch->l1_smem_unified_kb << 10 : 0;
	run->flush_bytes = 2 * (uint64_t)dev->l2_bytes < (8u << 20) ? (8u << 20)
								     : 2 * (uint64_t)dev->l2_bytes;
	if ((rc = setup(&ch, &c, run)) || (rc = sm_clock_measure(&run->sm_mhz_before)))
		goto out;
	for (size_t i = 0; i < req->nsizes && !rc; i++) {
		progress(req, "global memory", i, req->nsizes);
		rc = global_row(&ch, &c, req, req->sizes[i], &run->rows[run->nrows]);
		run->nrows += !rc;
	}
	if (!rc && ch.cs && run->nrows) {
		progress(req, "global memory, counted", 0, 1);
		rc = count_rows(&ch, &c, req, run->rows, run->nrows);
	}
	if (!rc && (req->extras & LAT_WANT_SHARED)) {
		progress(req, "shared memory", 0, 1);
		if (!(rc = lat_shared_row(&c, req, &run->rows[run->nrows])))
			run->nrows++;
	}
	if (!rc && (req->extras & LAT_WANT_HOST)) {
		progress(req, "host memory", 0, 1);
		if (!(rc = lat_host_row(&c, req, &run->rows[run->nrows])))
			run->nrows++;
	}
	if (!rc && (req->extras & LAT_WANT_MEMCPY)) {
		progress(req, "cudaMemcpy", 0, 1);
		if (!(rc = lat_memcpy_rows(&c, &run->rows[run->nrows], &run->rows[run->nrows + 1])))
			run->nrows += 2;
	}
	if (!rc)
		rc = sm_clock_measure(&run->sm_mhz_after);
	run->sm_mhz = (run->sm_mhz_before + run->sm_mhz_after) / 2;
out:
	teardown(&ch, &c);
	return rc;
}

