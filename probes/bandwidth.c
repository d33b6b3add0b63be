/*
 * The `gpuperf bandwidth` probe.
 *
 * One sample of a kernel: warm-up launches, poison the output (or zero the
 * read kernel's sums), then `reps` launches queued back to back, each
 * between its own pair of CUDA events, then verification on the device.
 * The output is poisoned after the warm-up, so a timed launch that did
 * nothing leaves poison behind and fails the check.
 *
 * Working sets that fit in the caches run `passes` sweeps per launch so
 * the launch is long enough to time (BW_PASS_TARGET bytes); --cold instead
 * writes a scratch buffer of twice the L2 between samples, outside the
 * timed events, and runs one pass.
 *
 * Reads of sets that fit a cache have methods of their own
 * (model/bandwidth-method.h): a resident grid whose blocks each re-read a
 * window of the set, plain loads for sets within one SM's L1, ld.global.cg
 * for sets within L2 (disjoint windows; with --shared-lines also
 * overlapping ones, a second row); the checked launch's sum is the
 * windows' (computed on the host).  After the sweep each row's kernel
 * runs once more between counters, whose L1 and L2 hits and DRAM bytes
 * name the row's level.
 */
#include "probes/bandwidth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>

#include "arch/arch.h"
#include "counters/counters.h"
#include "gpu/cuda-check.h"
#include "gpu/timing.h"
#include "kernels/kernels.h"
#include "model/bandwidth-method.h"
#include "model/bandwidth-pattern.h"
#include "model/bandwidth.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

struct bufs {
	float *a, *b, *c;
	uint64_t cap;              /* floats per array, guard included */
	unsigned *sink;            /* read kernel: BW_SINK_WORDS for its sum */
	unsigned *sum;             /* expected sum of a */
	unsigned long long *vres;  /* verify: mismatches, first bad index */
	float *scratch;            /* --cold: L2 flush buffer */
	uint64_t scratch_bytes;
	struct bw_cfg flush;       /* --cold: the L2 flush, a write kernel ... */
	int flush_grid;            /* ... with as many blocks as are resident */
	cudaStream_t st;
};

/* One kernel at one width, size and configuration: the argument of timed work. */
struct job {
	const struct bufs *B;
	enum bw_kernel k;
	int width;
	struct bw_cfg cfg;
	int grid;
	uint64_t size;
	unsigned passes;
	int check;                 /* read: this launch sums what it reads into sink */
	enum bw_method method;     /* STREAM, or L1/L2/L2 shared windows */
	struct bw_window w;        /* the windows' methods */
};

static int windowed(const struct job *j)
{
	return bw_method_windowed(j->method);
}

static cudaError_t job_launch(void *arg, cudaStream_t st)
{
	struct job *j = arg;
	const struct bufs *B = j->B;

	if (j->k == BW_MEMCPY) {
		for (unsigned p = 0; p < j->passes; p++) {
			cudaError_t e = cudaMemcpyAsync(B->c, B->a, j->size,
							cudaMemcpyDeviceToDevice, st);
			if (e != cudaSuccess)
				return e;
		}
		return cudaSuccess;
	}
	if (windowed(j))
		return launch_bw_window(j->width, j->cfg.unroll, bw_method_cg(j->method), j->grid,
					j->cfg.block, B->a, j->w.win, j->w.step, j->passes,
					B->sink, j->check, st);
	return launch_bw_stream((int)j->k, j->width, j->cfg.unroll,
				j->cfg.layout != BW_LAYOUT_GRID, j->grid, j->cfg.block,
				B->a, B->b, B->c, j->size / (uint64_t)j->width,
				BW_SCALAR, j->passes, B->sink, j->check, st);
}

/* Resident blocks per SM for a kernel, or 0 when it cannot launch at all. */
static int max_bps(enum bw_kernel k, int width, int block, int unroll)
{
	int n = 0;

	if (bw_stream_max_blocks((int)k, width, unroll, block, &n) != cudaSuccess) {
		cudaGetLastError();
		return 0;
	}
	return n;
}

struct bps_arg {
	enum bw_kernel k;
	int width;
};

static int max_bps_cb(void *arg, int block, int unroll)
{
	struct bps_arg *a = arg;

	return max_bps(a->k, a->width, block, unroll);
}

/* Fill in blocks_per_sm and the grid; GP_EXIT_USAGE when it cannot launch. */
/*
 * A default block the kernel cannot launch (too many registers per thread
 * at a narrow width or a large unroll) is halved, with twice the blocks
 * per SM, until it fits; a block the user chose is kept and refused.
 */
static void fit_default_block(struct job *j)
{
	while (j->cfg.block > 32 && max_bps(j->k, j->width, j->cfg.block, j->cfg.unroll) <= 0) {
		j->cfg.block /= 2;
		if (j->cfg.blocks_per_sm)
			j->cfg.blocks_per_sm *= 2;
	}
}

static int resolve_cfg(const struct gp_device *dev, struct job *j, int block_fixed)
{
	int max;

	if (!block_fixed)
		fit_default_block(j);
	max = max_bps(j->k, j->width, j->cfg.block, j->cfg.unroll);

	if (max <= 0) {
		int regs = 0;

		bw_stream_regs((int)j->k, j->width, j->cfg.unroll, &regs);
		return gp_error(GP_EXIT_USAGE,
				"'%s' at %d-byte width and unroll %d cannot run %d threads per block "
				"(%d registers per thread)", bw_kernel_names[j->k], j->width,
				j->cfg.unroll, j->cfg.block, regs);
	}
	if (j->cfg.layout == BW_LAYOUT_FLAT) {
		j->cfg.blocks_per_sm = 0;
		j->grid = (int)bw_flat_grid(j->size / (uint64_t)j->width, j->cfg.block, j->cfg.unroll);
		return 0;
	}
	if (!j->cfg.blocks_per_sm)
		j->cfg.blocks_per_sm = max;
	j->grid = j->cfg.blocks_per_sm * dev->sm_count;
	return 0;
}

/*
 * The window methods: the method's block and unroll fitted to the set
 * (fixed fields kept), a resident grid on every SM, the windows, and
 * passes enough to take BW_WINDOW_PASS_TARGET bytes.
 */
static int resolve_window(const struct gp_device *dev, const struct bw_request *req, struct job *j)
{
	uint64_t n = j->size / (uint64_t)j->width;
	int bps = 0, cg = bw_method_cg(j->method), disjoint = j->method == BW_METHOD_L2;

	j->cfg = bw_method_cfg(j->method, j->width);
	if (req->fixed.block)
		j->cfg.block = req->fixed.block;
	if (req->fixed.unroll)
		j->cfg.unroll = req->fixed.unroll;
	j->cfg = bw_method_fit(j->cfg, req->fixed, n);
	if (bw_window_max_blocks(j->width, j->cfg.unroll, cg, j->cfg.block, &bps) != cudaSuccess ||
	    bps <= 0) {
		cudaGetLastError();
		return gp_error(GP_EXIT_USAGE, "the %s read at %d-byte width and unroll %d cannot run "
				"%d threads per block", bw_method_names[j->method], j->width,
				j->cfg.unroll, j->cfg.block);
	}
	j->cfg.blocks_per_sm = bps;
	j->cfg.layout = BW_LAYOUT_TILE;
	/*
	 * L2: no two blocks may read a line.  When several SMs ask for the
	 * same lines at once, the crossbar hands one L2 read to all of them:
	 * on the H100 overlapping windows over a 2 MiB set delivered 2.75 x
	 * the bytes the L2 slices read (ncu, lts__t_sectors against
	 * l1tex__m_xbar2l1tex_read_bytes), a figure no L2 sustains.  That
	 * is what L2 shared measures, on purpose, with the L1 method's
	 * overlapping windows.
	 */
	if (disjoint)
		j->cfg = bw_method_fit_disjoint(j->cfg, req->fixed, n, dev->sm_count);
	j->grid = j->cfg.blocks_per_sm * dev->sm_count;
	if (bw_window_plan(n, j->grid, j->cfg.block, j->cfg.unroll, disjoint, &j->w))
		return disjoint ? gp_error(GP_EXIT_USAGE, "%llu bytes leave each of %d blocks less "
					   "than one iteration of its own (%d threads, unroll %d)",
					   (unsigned long long)j->size, j->grid, j->cfg.block,
					   j->cfg.unroll)
				: gp_error(GP_EXIT_USAGE, "%llu bytes are less than one iteration of a "
					   "%d-thread block (unroll %d)", (unsigned long long)j->size,
					   j->cfg.block, j->cfg.unroll);
	j->passes = req->cold ? 1 : bw_passes(bw_window_bytes(&j->w, j->grid, j->width, 1),
					      BW_WINDOW_PASS_TARGET);
	return 0;
}

/* Before each timed repetition with --cold: write over the whole L2. */
static cudaError_t flush_l2(void *arg, cudaStream_t st)
{
	const struct bufs *B = ((const struct job *)arg)->B;

	return launch_bw_stream(BW_WRITE, 16, B->flush.unroll, 0, B->flush_grid, B->flush.block,
				NULL, NULL, B->scratch, B->scratch_bytes / 16, 0, 1, NULL, 0, st);
}

/* Floats of c to poison and check: the job's elements and the guard after them. */
static uint64_t check_end(const struct job *j)
{
	uint64_t end = j->size / 4 + BW_GUARD_BYTES / 4;

	return end < j->B->cap ? end : j->B->cap;
}

/* Warm up, poison, time: ms[0..*n), reps of them or, for --reps auto, as many as it takes. */
static int sample(struct job *j, int warmup, int reps, int cold, double *ms, int *n)
{
	const struct bufs *B = j->B;
	int rc = 0;

	for (int i = 0; i < warmup && !rc; i++)
		rc = cuda_check(job_launch(j, B->st), "warm-up launch");
	if (!rc && j->k != BW_READ)
		rc = cuda_check(cudaMemsetAsync(B->c, 0xff, check_end(j) * 4, B->st),
				"cudaMemsetAsync");
	return rc ? rc : timing_run_reps(job_launch, cold ? flush_l2 : NULL, j, B->st, 0, reps, ms, n);
}

static void describe(const struct job *j, char *buf, size_t n)
{
	char sz[32];

	format_size(sz, sizeof(sz), j->size);
	if (j->k == BW_MEMCPY)
		snprintf(buf, n, "'%s' at %s", bw_kernel_names[j->k], sz);
	else
		snprintf(buf, n, "'%s' at %d B x %s (grid %d, block %d, unroll %d, %s %s)",
			 bw_kernel_names[j->k], j->width, sz, j->grid, j->cfg.block,
			 j->cfg.unroll, windowed(j) ? bw_method_names[j->method] :
			 bw_layout_names[j->cfg.layout], windowed(j) ? "windows" : "layout");
}

static int corrupt(const struct job *j);

/*
 * The timed launches of read keep their loads without summing (see
 * launch_bw_stream); one more launch, the same but checked, sums what it
 * reads, and the sum must be the pattern's.
 */
static int verify_read(struct job *j)
{
	const struct bufs *B = j->B;
	unsigned got[BW_SINK_WORDS], want, sum = 0;
	int rc;

	rc = cuda_check(cudaMemsetAsync(B->sink, 0, sizeof(got), B->st), "cudaMemsetAsync");
	j->check = 1;
	if (!rc)
		rc = cuda_check(job_launch(j, B->st), "checked read launch");
	j->check = 0;
	if (!rc)
		rc = corrupt(j);
	if (!rc && !windowed(j))
		rc = cuda_check(cudaMemsetAsync(B->sum, 0, sizeof(*B->sum), B->st), "cudaMemsetAsync");
	if (!rc && !windowed(j))
		rc = cuda_check(launch_bw_pattern_sum(j->size / 4, B->sum, B->st), "pattern sum");
	if (!rc && !windowed(j))
		rc = cuda_check(cudaMemcpyAsync(&want, B->sum, sizeof(want),
						cudaMemcpyDeviceToHost, B->st), "cudaMemcpyAsync");
	if (!rc)
		rc = cuda_check(cudaMemcpyAsync(got, B->sink, sizeof(got), cudaMemcpyDeviceToHost,
						B->st), "cudaMemcpyAsync");
	if (!rc)
		rc = cuda_check(cudaStreamSynchronize(B->st), "verification");
	if (rc)
		return rc;
	if (windowed(j))
		want = bw_window_sum(&j->w, j->grid, j->width, j->passes);
	else
		want *= j->passes;
	for (int w = 0; w < BW_SINK_WORDS; w++)
		sum += got[w];
	if (sum != want) {
		char what[160];

		describe(j, what, sizeof(what));
		return gp_error(GP_EXIT_FAIL, "verification failed: %s: summed 0x%08x, expected 0x%08x",
				what, sum, want);
	}
	return 0;
}

static int verify_output(struct job *j)
{
	const struct bufs *B = j->B;
	unsigned long long res[2] = { 0, ~0ull };
	uint64_t n = j->size / 4, end = check_end(j);
	uint32_t bits = 0, want;
	char what[160];
	int rc;

	rc = cuda_check(cudaMemcpyAsync(B->vres, res, sizeof(res), cudaMemcpyHostToDevice,
					B->st), "cudaMemcpyAsync");
	if (!rc)
		rc = cuda_check(launch_bw_verify(B->c, n, end, (int)j->k, B->vres, B->st),
				"verify launch");
	if (!rc)
		rc = cuda_check(cudaMemcpyAsync(res, B->vres, sizeof(res), cudaMemcpyDeviceToHost,
						B->st), "cudaMemcpyAsync");
	if (!rc)
		rc = cuda_check(cudaStreamSynchronize(B->st), "verification");
	if (rc || !res[0])
		return rc;
	rc = cuda_check(cudaMemcpy(&bits, B->c + res[1], sizeof(bits), cudaMemcpyDeviceToHost),
			"cudaMemcpy");
	if (rc)
		return rc;
	want = res[1] < n ? bw_bits(bw_expected((int)j->k, res[1])) : BW_POISON;
	describe(j, what, sizeof(what));
	return gp_error(GP_EXIT_FAIL,
			"verification failed: %s: %llu of %llu floats wrong, first at index %llu%s "
			"(0x%08x, expected 0x%08x)", what, res[0], (unsigned long long)end,
			res[1], res[1] >= n ? ", past the end of the array" : "", bits, want);
}

static int verify(struct job *j)
{
	return j->k == BW_READ ? verify_read(j) : verify_output(j);
}

/*
 * cudaMemcpyAsync calls per repetition at most: each costs microseconds of
 * enqueueing, and a few hundred already make a repetition long to time.
 */
#define BW_MEMCPY_MAX_PASSES 256u

/* Passes per launch for a job: several for cache-sized sets, one when --cold. */
static unsigned job_passes(enum bw_kernel k, uint64_t size, int cold)
{
	unsigned p = cold ? 1 : bw_passes(bw_bytes_moved(k, size, 1), BW_PASS_TARGET);

	return k == BW_MEMCPY && p > BW_MEMCPY_MAX_PASSES ? BW_MEMCPY_MAX_PASSES : p;
}

/* Passes of a configuration: flat sweeps once (a second pass would hit its own lines). */
static unsigned cfg_passes(const struct bw_cfg *c, enum bw_kernel k, uint64_t size, int cold)
{
	return c->layout == BW_LAYOUT_FLAT ? 1 : job_passes(k, size, cold);
}

/*
 * The default configuration with the user's fixed fields for size bytes
 * per array: a resident grid for several passes, or when blocks per SM or
 * a resident layout is fixed, fitted to sets smaller than its sweep.
 */
static struct bw_cfg default_cfg(const struct bw_request *req, const struct gp_device *dev,
				 enum bw_kernel k, int width, uint64_t size)
{
	int resident = job_passes(k, size, req->cold) > 1 || req->fixed.blocks_per_sm ||
		       (req->fixed.layout && req->fixed.layout != BW_LAYOUT_FLAT);
	struct bw_cfg c = bw_default_cfg(k, width, resident);

	if (req->fixed.block)
		c.block = req->fixed.block;
	if (req->fixed.unroll)
		c.unroll = req->fixed.unroll;
	if (req->fixed.blocks_per_sm)
		c.blocks_per_sm = req->fixed.blocks_per_sm;
	if (req->fixed.layout)
		c.layout = req->fixed.layout;
	return bw_fit_small_set(c, req->fixed, size / (uint64_t)width, dev->sm_count);
}

/*
 * Test hook: with GPUPERF_TEST_CORRUPT=1 in the environment, spoil one
 * result after timing, so that tests can show verification catches it.
 */
static int corrupt(const struct job *j)
{
	const char *e = getenv("GPUPERF_TEST_CORRUPT");

	if (!e || strcmp(e, "1"))
		return 0;
	if (j->k == BW_READ)
		return cuda_check(cudaMemsetAsync(j->B->sink, 0, sizeof(unsigned), j->B->st),
				  "cudaMemsetAsync");
	return cuda_check(cudaMemsetAsync(j->B->c + j->size / 8, 0, sizeof(float), j->B->st),
			  "cudaMemsetAsync");
}

/* Sample, verify and summarise one job into *r. */
static int measure(struct job *j, int warmup, int reps, int cold, double *ms,
		   struct bw_result *r)
{
	int rc = sample(j, warmup, reps, cold, ms, &reps);

	if (!rc && j->k != BW_READ)  /* verify_read spoils its own checked sum */
		rc = corrupt(j);
	if (!rc)
		rc = verify(j);
	if (rc)
		return rc;
	memset(r, 0, sizeof(*r));
	r->kernel = j->k;
	r->size = j->size;
	r->passes = j->passes;
	r->bytes = windowed(j) ? bw_window_bytes(&j->w, j->grid, j->width, j->passes)
			       : bw_bytes_moved(j->k, j->size, j->passes);
	r->reps = reps;
	r->method = j->k == BW_MEMCPY ? BW_METHOD_AUTO : j->method ? j->method : BW_METHOD_STREAM;
	r->window_bytes = windowed(j) ? j->w.win * (uint64_t)j->width : 0;
	r->overlap = windowed(j) ? bw_window_overlap(&j->w, j->grid) : 0;
	r->traffic = (struct bw_traffic){ NAN, NAN, NAN, NAN };
	if (j->k != BW_MEMCPY) {
		r->width = j->width;
		r->cfg = j->cfg;
		r->grid = j->grid;
	}
	stats_compute(ms, (size_t)reps, &r->ms);
	return 0;
}

static int alloc(void **p, uint64_t bytes, const char *what)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "cudaMalloc (%s)", what);
	return cuda_check(cudaMalloc(p, bytes), msg);
}

static uint64_t max_size(const struct bw_request *req)
{
	uint64_t max = 0;

	for (size_t i = 0; i < req->nsizes; i++)
		if (req->sizes[i] > max)
			max = req->sizes[i];
	return max;
}

static int setup(const struct gp_device *dev, const struct bw_request *req, struct bufs *B)
{
	unsigned arrays = bw_arrays_for(req->kernels);
	int rc;

	B->cap = (max_size(req) + BW_GUARD_BYTES) / 4;
	if ((rc = cuda_check(cudaStreamCreateWithFlags(&B->st, cudaStreamNonBlocking),
			     "cudaStreamCreate")))
		return rc;
	if ((arrays & BW_ARRAY_A) && (rc = alloc((void **)&B->a, B->cap * 4, "array a")))
		return rc;
	if ((arrays & BW_ARRAY_B) && (rc = alloc((void **)&B->b, B->cap * 4, "array b")))
		return rc;
	if ((arrays & BW_ARRAY_C) && (rc = alloc((void **)&B->c, B->cap * 4, "array c")))
		return rc;
	if ((rc = alloc((void **)&B->sink, sizeof(*B->sink) * BW_SINK_WORDS, "sums")) ||
	    (rc = alloc((void **)&B->sum, sizeof(*B->sum), "sums")) ||
	    (rc = alloc((void **)&B->vres, 2 * sizeof(*B->vres), "verification")))
		return rc;
	if (req->cold) {
		B->scratch_bytes = 2 * (uint64_t)dev->l2_bytes;
		if (B->scratch_bytes < (8u << 20))
			B->scratch_bytes = 8u << 20;
		if ((rc = alloc((void **)&B->scratch, B->scratch_bytes, "L2 flush buffer")))
			return rc;
		B->flush = bw_default_cfg(BW_WRITE, 16, 1);
		B->flush_grid = max_bps(BW_WRITE, 16, B->flush.block, B->flush.unroll) * dev->sm_count;
	}
	/* An unchecked read may (almost never) write sink[0]: keep it defined. */
	if ((rc = cuda_check(cudaMemsetAsync(B->sink, 0, sizeof(*B->sink) * BW_SINK_WORDS, B->st),
			     "cudaMemsetAsync")))
		return rc;
	if (B->a || B->b)
		rc = cuda_check(launch_bw_fill(B->a, B->b, B->cap, B->st), "fill launch");
	return rc;
}

static void teardown(struct bufs *B)
{
	cudaFree(B->a);
	cudaFree(B->b);
	cudaFree(B->c);
	cudaFree(B->sink);
	cudaFree(B->sum);
	cudaFree(B->vres);
	cudaFree(B->scratch);
	if (B->st)
		cudaStreamDestroy(B->st);
}

/*
 * Run real work until the GPU has spent BW_CLOCK_WARMUP_MS on it, so that
 * the first kernel measured does not pay for lazy loading and clock ramp-up.
 */
static int clock_warmup(struct job *j, double *spent)
{
	double ms;
	int rc, n;

	*spent = 0;
	while (*spent < BW_CLOCK_WARMUP_MS) {
		if ((rc = timing_run(job_launch, NULL, j, j->B->st, 0, 1, &ms)))
			return rc;
		*spent += ms;
		n = ms > 0 ? (int)((BW_CLOCK_WARMUP_MS - *spent) / ms) : 0;
		if (n > 10000)
			n = 10000;
		for (int i = 0; i < n; i++)
			if ((rc = cuda_check(job_launch(j, j->B->st), "warm-up launch")))
				return rc;
		if ((rc = cuda_check(cudaStreamSynchronize(j->B->st), "warm-up")))
			return rc;
		*spent += n * ms;
	}
	return 0;
}

/* Tuning repetitions: a few are enough to rank configurations. */
#define BW_TUNE_REPS 5
/* Tune at the largest size asked for, capped at the default size, which sweeps once. */
#define BW_TUNE_MAX_SIZE BW_DEFAULT_SIZE
#define BW_TUNE_MAX_CONFIGS 256

static int same_cfg(struct bw_cfg a, struct bw_cfg b)
{
	return a.block == b.block && a.blocks_per_sm == b.blocks_per_sm && a.unroll == b.unroll &&
	       a.layout == b.layout;
}

/* Search the configurations of one kernel at one width; *t gets the result. */
static int tune_one(const struct gp_device *dev, const struct bw_request *req,
		    const struct bufs *B, enum bw_kernel k, int width, struct bw_tuning *t)
{
	struct bw_cfg *cfgs = gp_xcalloc(BW_TUNE_MAX_CONFIGS, sizeof(*cfgs));
	struct bps_arg arg = { k, width };
	struct job j = { .B = B, .k = k, .width = width };
	double ms[BW_TUNE_REPS];
	struct stats st;
	int n, max, rc = 0, have_def = 0;
	int reps = req->reps && req->reps < BW_TUNE_REPS ? req->reps : BW_TUNE_REPS;

	memset(t, 0, sizeof(*t));
	t->kernel = k;
	t->width = width;
	t->size = max_size(req) < BW_TUNE_MAX_SIZE ? max_size(req) : BW_TUNE_MAX_SIZE;
	j.size = t->size;
	t->def = default_cfg(req, dev, k, width, j.size);
	if (!req->fixed.block) {
		struct job fit = { .k = k, .width = width, .cfg = t->def };
		fit_default_block(&fit);
		t->def = fit.cfg;
	}
	max = max_bps(k, width, t->def.block, t->def.unroll);
	if (!t->def.blocks_per_sm && t->def.layout != BW_LAYOUT_FLAT)
		t->def.blocks_per_sm = max;

	n = bw_tune_space(req->fixed, max_bps_cb, &arg, cfgs, BW_TUNE_MAX_CONFIGS);
	if (n < BW_TUNE_MAX_CONFIGS && max > 0) {
		int seen = 0;

		for (int i = 0; i < n; i++)
			seen |= same_cfg(cfgs[i], t->def);
		if (!seen)
			cfgs[n++] = t->def;
	}
	t->nconfigs = n;
	for (int i = 0; i < n && !rc; i++) {
		double gbs;

		gp_progress("tuning %s, %d B: configuration %d of %d", bw_kernel_names[k],
			    width, i + 1, n);
		j.cfg = cfgs[i];
		j.passes = cfg_passes(&j.cfg, k, j.size, req->cold);
		if ((rc = resolve_cfg(dev, &j, 1)) || (rc = sample(&j, 1, reps, req->cold, ms, &reps)) ||
		    (rc = verify(&j)))
			break;
		stats_compute(ms, (size_t)reps, &st);
		gbs = bw_gbs(bw_bytes_moved(k, j.size, j.passes), st.median);
		if (gbs > t->best_gbs) {
			t->best_gbs = gbs;
			t->best = cfgs[i];
		}
		if (same_cfg(cfgs[i], t->def)) {
			t->def_gbs = gbs;
			have_def = 1;
		}
	}
	gp_progress_done();
	if (!rc && !have_def)
		t->def_gbs = 0;
	if (!rc && !t->best.block)
		rc = gp_error(GP_EXIT_USAGE, "--tune: no configuration of '%s' at %d B can run",
			      bw_kernel_names[k], width);
	free(cfgs);
	return rc;
}

static int bit(unsigned mask, enum bw_kernel k)
{
	return !!(mask & (1u << k));
}

/* The configuration a kernel runs with: tuned, else default with fixed fields. */
static struct bw_cfg pick_cfg(const struct bw_request *req, const struct gp_device *dev,
			      const struct bw_outcome *out, enum bw_kernel k, int width,
			      uint64_t size)
{
	for (size_t i = 0; i < out->ntune; i++)
		if (out->tune[i].kernel == k && out->tune[i].width == width)
			return out->tune[i].best;
	return default_cfg(req, dev, k, width, size);
}

/* Rows at most: --shared-lines may add a second read row per width and size. */
static size_t count_results(const struct bw_request *req)
{
	size_t per_width = 0;

	for (int k = 0; k < BW_MEMCPY; k++)
		per_width += (size_t)bit(req->kernels, (enum bw_kernel)k);
	if (req->shared_lines)
		per_width += (size_t)bit(req->kernels, BW_READ);
	return (per_width * req->nwidths + (size_t)bit(req->kernels, BW_MEMCPY)) * req->nsizes;
}

/* Whether kernel k at width runs a configuration --tune found. */
static int tuned(const struct bw_outcome *out, enum bw_kernel k, int width)
{
	for (size_t i = 0; i < out->ntune; i++)
		if (out->tune[i].kernel == k && out->tune[i].width == width)
			return 1;
	return 0;
}

/*
 * Each kernel row's traffic, in two sets of one pass each on every chip
 * from Turing on (tests/unit/t-counters.c): the L2 sectors read and the
 * L2 misses share no pass, and two passes would replay each counted
 * launch, its second pass on the caches the first one left (and cost
 * kernel replay's ~30 ms a pass a launch).
 */
static const enum ctr_id level_ids[] = {
	CTR_GLOBAL_LOAD_SECTORS, CTR_L1_LOAD_HIT_SECTORS, CTR_L2_READ_MISS_SECTORS,
	CTR_DRAM_READ_BYTES, CTR_DRAM_WRITE_BYTES,
};
static const enum ctr_id l2_read_ids[] = {
	CTR_GLOBAL_LOAD_SECTORS, CTR_L1_LOAD_HIT_SECTORS, CTR_L2_READ_SECTORS,
};

/*
 * One set over the kernel rows: each counted launch once more (after an
 * L2 flush with --cold, as it was timed), untimed, a user range of its
 * own with the flush outside it, so nothing is replayed; auto ranges
 * with kernel replay where the set takes more than one pass here.
 * v[i * nids + j]: counter j of row i; got[i]: row i was counted.
 */
static int count_set(const struct gp_device *dev, const struct bw_request *req,
		     const struct bufs *B, const struct bw_outcome *out, struct job *jobs,
		     const enum ctr_id *ids, size_t nids, double *v, unsigned char *got)
{
	size_t *range = gp_xcalloc(out->nres + 1, sizeof(*range));
	struct ctr_set *cs = NULL;
	size_t launched = 0;
	int rc, user;

	if ((rc = ctr_open(dev, req->counters, ids, nids, &cs)) || !cs)
		goto done;
	user = ctr_passes(cs) == 1;
	if (user)
		ctr_bracketed_ranges(cs);
	/* a range per counted launch, and per L2 flush with --cold under auto ranges */
	ctr_expect_ranges(cs, (req->cold && !user ? 2 : 1) * (out->nres ? out->nres : 1));
	if ((rc = ctr_begin(cs)))
		goto done;
	for (size_t i = 0; i < out->nres && !rc; i++) {
		if (jobs[i].k == BW_MEMCPY)
			continue;
		if (req->cold) {
			rc = cuda_check(flush_l2(&jobs[i], B->st), "L2 flush");
			launched += !user;  /* an auto range of its own */
		}
		range[i] = ++launched;  /* 0: not counted */
		if (!rc && user)
			rc = ctr_range_push(cs);
		if (!rc)
			rc = cuda_check(job_launch(&jobs[i], B->st), "counted launch");
		if (!rc && user)
			rc = ctr_range_pop(cs);
	}
	if (rc) {
		ctr_end(cs);
		goto done;
	}
	if ((rc = ctr_end(cs)))
		goto done;
	/* one range per counted launch (a fresh set: they start at 0); fewer when profiling stopped */
	for (size_t i = 0; i < out->nres && !rc; i++) {
		if (!range[i] || ctr_nranges(cs) < range[i])
			continue;
		if (!(rc = ctr_read(cs, range[i] - 1, v + i * nids)))
			got[i] = 1;
	}
done:
	ctr_close(cs);
	free(range);
	return rc;
}

/* Each kernel row's traffic.  0 or a GP_EXIT_* status; without counters it stays NaN. */
static int count_levels(const struct gp_device *dev, const struct bw_request *req,
			const struct bufs *B, struct bw_outcome *out, struct job *jobs)
{
	size_t n = out->nres ? out->nres : 1;
	double *lv = gp_xcalloc(n * ARRAY_SIZE(level_ids), sizeof(*lv));
	double *rv = gp_xcalloc(n * ARRAY_SIZE(l2_read_ids), sizeof(*rv));
	unsigned char *lgot = gp_xcalloc(n, 1), *rgot = gp_xcalloc(n, 1);
	int rc;

	rc = count_set(dev, req, B, out, jobs, level_ids, ARRAY_SIZE(level_ids), lv, lgot);
	if (!rc)
		rc = count_set(dev, req, B, out, jobs, l2_read_ids, ARRAY_SIZE(l2_read_ids), rv, rgot);
	for (size_t i = 0; i < out->nres && !rc; i++) {
		const double *a = lv + i * ARRAY_SIZE(level_ids), *b = rv + i * ARRAY_SIZE(l2_read_ids);
		struct bw_result *r = &out->res[i];

		if (!lgot[i])
			continue;
		r->traffic.l1_hit = a[0] > 0 ? a[1] / a[0] : NAN;
		/* what L1 missed went to L2: the share of it L2 did not miss */
		r->traffic.l2_hit = a[0] - a[1] > 0 ? 1 - a[2] / (a[0] - a[1]) : NAN;
		r->traffic.dram_per_byte = r->bytes ? (a[3] + a[4]) / (double)r->bytes : NAN;
		/* the second run's own L1 misses: the L2 sectors read per sector L1 missed */
		r->traffic.l2_read = rgot[i] && b[0] - b[1] > 0 ? b[2] / (b[0] - b[1]) : NAN;
		r->counted = 1;
		out->counted = 1;
	}
	free(lv);
	free(rv);
	free(lgot);
	free(rgot);
	return rc;
}

static int run_all(const struct gp_device *dev, const struct bw_request *req,
		   const struct bufs *B, struct bw_outcome *out, double *ms)
{
	struct job *jobs = gp_xcalloc(count_results(req) + 1, sizeof(*jobs));
	int rc = 0;

	for (size_t w = 0; w < req->nwidths && !rc; w++) {
		for (int k = 0; k < BW_MEMCPY && !rc; k++) {
			if (!bit(req->kernels, (enum bw_kernel)k))
				continue;
			for (size_t s = 0; s < req->nsizes && !rc; s++) {
				struct job j = { .B = B, .k = (enum bw_kernel)k,
						 .width = req->widths[w], .size = req->sizes[s] };

				j.method = bw_pick_method(BW_METHOD_AUTO, j.k, j.size, j.width,
							  out->l1_bytes, (uint64_t)dev->l2_bytes,
							  req->cold, req->fixed.layout ||
							  req->fixed.blocks_per_sm ||
							  tuned(out, j.k, j.width));
				gp_progress("measuring %s, %d B, size %zu of %zu", bw_kernel_names[k],
					    j.width, s + 1, req->nsizes);
				if (windowed(&j)) {
					rc = resolve_window(dev, req, &j);
				} else {
					j.cfg = pick_cfg(req, dev, out, j.k, j.width, j.size);
					j.passes = cfg_passes(&j.cfg, j.k, j.size, req->cold);
					rc = resolve_cfg(dev, &j, req->fixed.block != 0);
				}
				if (!rc) {
					jobs[out->nres] = j;
					rc = measure(&j, req->warmup, req->reps, req->cold, ms,
						     &out->res[out->nres++]);
				}
				/* --shared-lines: the same set again with overlapping windows */
				if (!rc && req->shared_lines && j.method == BW_METHOD_L2) {
					j.method = BW_METHOD_L2_SHARED;
					rc = resolve_window(dev, req, &j);
					if (!rc) {
						jobs[out->nres] = j;
						rc = measure(&j, req->warmup, req->reps, req->cold, ms,
							     &out->res[out->nres++]);
					}
				}
			}
		}
	}
	for (size_t s = 0; s < req->nsizes && !rc && bit(req->kernels, BW_MEMCPY); s++) {
		struct job j = { .B = B, .k = BW_MEMCPY, .size = req->sizes[s] };

		j.passes = job_passes(BW_MEMCPY, j.size, req->cold);
		jobs[out->nres] = j;
		rc = measure(&j, req->warmup, req->reps, req->cold, ms,
			     &out->res[out->nres++]);
	}
	gp_progress_done();
	if (!rc && req->counters != COUNTERS_OFF)
		rc = count_levels(dev, req, B, out, jobs);
	free(jobs);
	if (rc)
		out->nres = 0;
	return rc;
}

/* The job the clock warm-up runs: the first kernel asked for, at the largest size. */
static int warmup_job(const struct gp_device *dev, const struct bw_request *req,
		      const struct bufs *B, struct job *j)
{
	memset(j, 0, sizeof(*j));
	j->B = B;
	j->size = max_size(req);
	j->width = req->widths[0];
	j->passes = 1;
	for (int k = 0; k < BW_NKERNELS; k++)
		if (bit(req->kernels, (enum bw_kernel)k)) {
			j->k = (enum bw_kernel)k;
			break;
		}
	if (j->k == BW_MEMCPY)
		return 0;
	j->cfg = bw_default_cfg(j->k, j->width, 0);
	return resolve_cfg(dev, j, 0);
}

int bw_probe(const struct gp_device *dev, const struct bw_request *req,
	     struct bw_outcome *out)
{
	struct bufs B = { 0 };
	struct job wj;
	double *ms;
	int rc;

	memset(out, 0, sizeof(*out));
	{
		const struct sm_arch *arch = arch_lookup_cc(dev->cc_major, dev->cc_minor);

		out->l1_bytes = arch ? (uint64_t)arch->l1_smem_unified_kb << 10 : 0;
	}
	ms = gp_xcalloc((size_t)(req->reps ? req->reps : STATS_AUTO_MAX) + BW_TUNE_REPS, sizeof(*ms));
	out->res = gp_xcalloc(count_results(req), sizeof(*out->res));
	if ((rc = setup(dev, req, &B)))
		goto done;
	out->flush_bytes = B.scratch_bytes;
	if ((rc = warmup_job(dev, req, &B, &wj)) || (rc = clock_warmup(&wj, &out->warmup_ms)))
		goto done;
	if (req->tune) {
		out->tune = gp_xcalloc(req->nwidths * BW_MEMCPY, sizeof(*out->tune));
		for (size_t w = 0; w < req->nwidths && !rc; w++)
			for (int k = 0; k < BW_MEMCPY && !rc; k++)
				if (bit(req->kernels, (enum bw_kernel)k) &&
				    !(rc = tune_one(dev, req, &B, (enum bw_kernel)k, req->widths[w],
						    &out->tune[out->ntune])))
					out->ntune++;
		if (rc)
			goto done;
	}
	rc = run_all(dev, req, &B, out, ms);
done:
	teardown(&B);
	free(ms);
	return rc;
}

