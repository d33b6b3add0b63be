/*
 * Counters on a GPU: kernels whose counts theory knows (kernels/ctrtest.cu)
 * read through ctr_*, compared with theory and with Nsight Compute.
 * Without a GPU (or in an ASan build) it skips; tests/gpu/counters.bats
 * drives the other modes:
 *
 *   t-counters-gpu                  TAP: counters equal theory
 *   t-counters-gpu --launch-only    the same launches without counters (run under ncu)
 *   t-counters-gpu --ncu-metrics    the metric names to pass to ncu --metrics
 *   t-counters-gpu --compare-ncu F  TAP: counters equal ncu's --csv output F, launch by launch
 *   t-counters-gpu --overhead       wall time of the launches with and without counters
 *   t-counters-gpu --reason         why counters are unavailable (exit 4) or "available"
 *   t-counters-gpu --require        ctr_open with --counters=require: its exit status
 *
 * GPUPERF_DEVICE picks the device (default 0).  GPUPERF_REQUIRE_COUNTERS=1
 * turns "counters unavailable" from a skip into a failure.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime_api.h>
#include "tests/unit/unit.h"
#include "util/compat.h"
#include "util/error.h"
#include "counters/counters.h"
#include "counters/metrics.h"
#include "kernels/kernels.h"
#include "util/clock.h"

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define ASAN_BUILD 1
#else
#define ASAN_BUILD 0
#endif

#define NTHREADS ((size_t)1 << 18)   /* per launch: 8192 warps */
#define WARPS (NTHREADS / 32)
#define MAX_STRIDE 32
#define TILE 1024                    /* words of shared memory ctrtest_shared reads */

enum kind { LOAD, STORE, SHARED };
static const char *const kernel_names[] = { "ctrtest_load", "ctrtest_store", "ctrtest_shared" };

static const struct tcase {
	enum kind kind;
	int stride;          /* in 4-byte words */
} cases[] = {
	{ LOAD, 1 }, { LOAD, 2 }, { LOAD, 4 }, { LOAD, 8 }, { LOAD, 16 }, { LOAD, 32 },
	{ STORE, 1 }, { STORE, 2 }, { STORE, 4 }, { STORE, 8 }, { STORE, 16 }, { STORE, 32 },
	{ SHARED, 0 }, { SHARED, 1 }, { SHARED, 2 }, { SHARED, 3 }, { SHARED, 4 },
	{ SHARED, 6 }, { SHARED, 8 }, { SHARED, 16 }, { SHARED, 32 },
};
#define NCASES ARRAY_SIZE(cases)

/* Counts that must match exactly, theory and ncu alike. */
static const enum ctr_id exact[] = {
	CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS,
	CTR_GLOBAL_STORE_SECTORS, CTR_GLOBAL_STORE_REQUESTS,
	CTR_SHARED_LOAD_BANK_CONFLICTS, CTR_SHARED_STORE_BANK_CONFLICTS,
	CTR_SHARED_LOAD_WAVEFRONTS, CTR_SHARED_STORE_WAVEFRONTS,
	CTR_SHARED_LOAD_INSTRUCTIONS, CTR_SHARED_STORE_INSTRUCTIONS,
};
#define NEXACT ARRAY_SIZE(exact)

struct bufs {
	float *in, *out;
	size_t off[NCASES];   /* each case writes its own part of out */
	size_t out_len;
	float *host;
};

static struct gp_device dev;

static int gcd(int a, int b)
{
	while (b) {
		int t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Sectors of one warp's 4-byte accesses at a stride of s words. */
static double sectors_per_request(int s)
{
	return s >= 8 ? 32 : 4.0 * s;
}

/* n-way conflict of a warp reading word lane * s of 32 banks; 0 is a broadcast. */
static int nway(int s)
{
	return s == 0 ? 1 : gcd(s, 32);
}

/* What theory says a counter reads for case c; NAN: no exact prediction. */
static double theory(const struct tcase *c, enum ctr_id id)
{
	const double w = WARPS;

	switch (c->kind) {
	case LOAD:
	case STORE: {
		double ld = c->kind == LOAD ? sectors_per_request(c->stride) : 4;
		double st = c->kind == STORE ? sectors_per_request(c->stride) : 4;
		switch (id) {
		case CTR_GLOBAL_LOAD_SECTORS: return w * ld;
		case CTR_GLOBAL_STORE_SECTORS: return w * st;
		case CTR_GLOBAL_LOAD_REQUESTS:
		case CTR_GLOBAL_STORE_REQUESTS: return w;
		case CTR_SHARED_LOAD_BANK_CONFLICTS: case CTR_SHARED_STORE_BANK_CONFLICTS:
		case CTR_SHARED_LOAD_WAVEFRONTS: case CTR_SHARED_STORE_WAVEFRONTS:
		case CTR_SHARED_LOAD_INSTRUCTIONS: case CTR_SHARED_STORE_INSTRUCTIONS:
			return 0;
		default: return NAN;
		}
	}
	case SHARED:
		/* 4 coalesced loads + 4 conflict-free shared stores per thread, then one read */
		switch (id) {
		case CTR_GLOBAL_LOAD_SECTORS: return w * 4 * 4;
		case CTR_GLOBAL_LOAD_REQUESTS: return w * 4;
		case CTR_GLOBAL_STORE_SECTORS: return w * 4;
		case CTR_GLOBAL_STORE_REQUESTS: return w;
		case CTR_SHARED_LOAD_INSTRUCTIONS: return w;
		case CTR_SHARED_LOAD_WAVEFRONTS: return w * nway(c->stride);
		case CTR_SHARED_LOAD_BANK_CONFLICTS: return w * (nway(c->stride) - 1);
		case CTR_SHARED_STORE_INSTRUCTIONS:
		case CTR_SHARED_STORE_WAVEFRONTS: return w * TILE / 256;
		case CTR_SHARED_STORE_BANK_CONFLICTS: return 0;
		default: return NAN;
		}
	}
	return NAN;
}

static int open_device(void)
{
	struct cudaDeviceProp p;
	const char *env = getenv("GPUPERF_DEVICE");
	int n = 0;

	dev.index = env ? atoi(env) : 0;
	if (cudaGetDeviceCount(&n) || dev.index >= n || cudaSetDevice(dev.index) ||
	    cudaGetDeviceProperties(&p, dev.index))
		return -1;
	snprintf(dev.name, sizeof(dev.name), "%s", p.name);
	dev.cc_major = p.major;
	dev.cc_minor = p.minor;
	dev.sm_count = p.multiProcessorCount;
	dev.warp_size = p.warpSize;
	return 0;
}

static int bufs_alloc(struct bufs *b)
{
	size_t in_len = NTHREADS * MAX_STRIDE;

	b->out_len = 0;
	for (size_t i = 0; i < NCASES; i++) {
		b->off[i] = b->out_len;
		b->out_len += NTHREADS * (cases[i].kind == STORE ? (size_t)cases[i].stride : 1);
	}
	b->host = malloc((in_len > b->out_len ? in_len : b->out_len) * sizeof(float));
	if (!b->host || cudaMalloc((void **)&b->in, in_len * sizeof(float)) ||
	    cudaMalloc((void **)&b->out, b->out_len * sizeof(float)))
		return -1;
	for (size_t j = 0; j < in_len; j++)
		b->host[j] = (float)j;   /* exact: below 2^24 */
	return cudaMemcpy(b->in, b->host, in_len * sizeof(float), cudaMemcpyHostToDevice) ? -1 : 0;
}

/* All 1 bits: a NaN no kernel writes. */
static int poison(struct bufs *b)
{
	if (cudaMemset(b->out, 0xff, b->out_len * sizeof(float)))
		return -1;
	return cudaDeviceSynchronize() ? -1 : 0;
}

static cudaError_t launch(struct bufs *b, size_t i)
{
	const struct tcase *c = &cases[i];
	float *out = b->out + b->off[i];

	switch (c->kind) {
	case LOAD: return launch_ctrtest_load(b->in, out, NTHREADS, c->stride, 0);
	case STORE: return launch_ctrtest_store(b->in, out, NTHREADS, c->stride, 0);
	case SHARED: return launch_ctrtest_shared(b->in, out, NTHREADS, c->stride, 0);
	}
	return cudaErrorInvalidValue;
}

static cudaError_t run_cases(struct bufs *b)
{
	cudaError_t e = cudaSuccess;

	for (size_t i = 0; i < NCASES && !e; i++)
		e = launch(b, i);
	return e;
}

/* Every case's output as its kernel must have written it; 0 when all match. */
static int verify(struct bufs *b)
{
	if (cudaMemcpy(b->host, b->out, b->out_len * sizeof(float), cudaMemcpyDeviceToHost))
		return -1;
	for (size_t i = 0; i < NCASES; i++) {
		const struct tcase *c = &cases[i];
		const float *o = b->host + b->off[i];

		for (size_t t = 0; t < NTHREADS; t++) {
			float got, want;
			switch (c->kind) {
			case LOAD: got = o[t]; want = (float)(t * c->stride); break;
			case STORE: got = o[t * c->stride]; want = (float)t; break;
			default: got = o[t]; want = (float)(((t % 32) * c->stride) % TILE); break;
			}
			if (got != want) {
				fprintf(stderr, "%s stride %d: out[%zu] is %g, not %g\n",
					kernel_names[c->kind], c->stride, t, got, want);
				return -1;
			}
		}
	}
	return 0;
}

static int setup(struct bufs *b)
{
	if (bufs_alloc(b) || poison(b)) {
		fprintf(stderr, "t-counters-gpu: cannot set up buffers: %s\n",
			cudaGetErrorString(cudaGetLastError()));
		return -1;
	}
	return 0;
}

/* Run every case once with counters over ids; rows[i * n + k]. */
static int measure(struct bufs *b, enum counters_mode mode, const enum ctr_id *ids, size_t n,
		   double *rows)
{
	struct ctr_set *cs;
	int rc;
	cudaError_t e;

	if ((rc = ctr_open(&dev, mode, ids, n, &cs)))
		return rc;
	if (!cs)
		return GP_EXIT_NOCOUNTERS;
	if ((rc = poison(b) ? GP_EXIT_FAIL : 0) || (rc = ctr_begin(cs)))
		goto out;
	e = run_cases(b);
	if ((rc = ctr_end(cs)))
		goto out;
	if (e || ctr_nranges(cs) != NCASES) {
		fprintf(stderr, "launch: %s; %zu ranges for %zu launches\n", cudaGetErrorString(e),
			ctr_nranges(cs), NCASES);
		rc = GP_EXIT_FAIL;
		goto out;
	}
	for (size_t i = 0; i < NCASES && !rc; i++)
		rc = ctr_read(cs, i, rows + i * n);
out:
	ctr_close(cs);
	return rc;
}

/*
 * Bracketed ranges: a launch before, two inside the first range, one
 * between, one inside the second: the ranges count theirs only.
 */
static void tap_bracketed(struct bufs *b)
{
	static const enum ctr_id ids[] = {
		CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS,
		CTR_GLOBAL_STORE_SECTORS, CTR_GLOBAL_STORE_REQUESTS,
	};
	double got[2][ARRAY_SIZE(ids)];
	struct ctr_set *cs;
	int rc, all = 1;

	if ((rc = ctr_open(&dev, COUNTERS_AUTO, ids, ARRAY_SIZE(ids), &cs)) || !cs) {
		ok(0, "bracketed ranges: a set of %zu counters opens", ARRAY_SIZE(ids));
		return;
	}
	ctr_bracketed_ranges(cs);
	ok(ctr_range_push(cs) == GP_EXIT_FAIL, "bracketed ranges: a push outside ctr_begin.."
	   "ctr_end is a bug, and says so");
	rc = poison(b) || ctr_begin(cs) || launch(b, 0) ||
	     ctr_range_push(cs) || launch(b, 1) || launch(b, 2) || ctr_range_pop(cs) ||
	     launch(b, 6) ||
	     ctr_range_push(cs) || launch(b, 7) || ctr_range_pop(cs) ||
	     ctr_end(cs);
	if (!ok(rc == 0 && ctr_nranges(cs) == 2, "bracketed ranges: 2 recorded for 5 launches "
		"(%zu)", ctr_nranges(cs))) {
		ctr_close(cs);
		return;
	}
	for (size_t r = 0; r < 2; r++) {
		ctr_read(cs, r, got[r]);
		for (size_t k = 0; k < ARRAY_SIZE(ids); k++) {
			double want = r ? theory(&cases[7], ids[k])
					: theory(&cases[1], ids[k]) + theory(&cases[2], ids[k]);
			if (got[r][k] != want) {
				all = 0;
				diag("range %zu: %s is %.0f, theory %.0f", r, ctr_name(ids[k]),
				     got[r][k], want);
			}
		}
	}
	ok(all, "bracketed ranges: each counts its own launches, none outside");
	ctr_close(cs);
}

/*
 * The injected library's one-pass path (gpuperf profile --set light): the
 * profiler kept enabled, one session per launch, each a user range of
 * its own; and a sweep's image sized for its launches (ctr_expect_ranges).
 */
static void tap_session_per_launch(struct bufs *b)
{
	static const enum ctr_id ids[] = {
		CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS,
		CTR_GLOBAL_STORE_SECTORS, CTR_GLOBAL_STORE_REQUESTS,
	};
	static const int which[] = { 1, 7, 2 };
	double got[ARRAY_SIZE(ids)];
	struct ctr_set *cs;
	char steps[256];
	int rc = 0, all = 1;

	if (ctr_open(&dev, COUNTERS_AUTO, ids, ARRAY_SIZE(ids), &cs) || !cs) {
		ok(0, "session per launch: a set of %zu counters opens", ARRAY_SIZE(ids));
		return;
	}
	ctr_bracketed_ranges(cs);
	ctr_one_launch_at_a_time(cs, 4);
	rc = poison(b);
	for (size_t i = 0; i < ARRAY_SIZE(which) && !rc; i++)
		rc = ctr_begin(cs) || ctr_range_push(cs) || launch(b, which[i]) ||
		     ctr_range_pop(cs) || ctr_end(cs);
	if (!ok(rc == 0 && ctr_nranges(cs) == ARRAY_SIZE(which), "session per launch: %zu ranges "
		"for %zu sessions", ctr_nranges(cs), ARRAY_SIZE(which))) {
		ctr_close(cs);
		return;
	}
	diag("the last session: %s", ctr_timing(cs, steps, sizeof(steps)) ? steps : "none");
	for (size_t r = 0; r < ARRAY_SIZE(which); r++) {
		ctr_read(cs, r, got);
		for (size_t k = 0; k < ARRAY_SIZE(ids); k++)
			if (got[k] != theory(&cases[which[r]], ids[k])) {
				all = 0;
				diag("session %zu: %s is %.0f, theory %.0f", r, ctr_name(ids[k]), got[k],
				     theory(&cases[which[r]], ids[k]));
			}
	}
	ok(all, "session per launch: each user range counts its launch exactly");
	ctr_close(cs);

	/* a sweep of 3 launches in an image for 3 ranges */
	if (ctr_open(&dev, COUNTERS_AUTO, ids, ARRAY_SIZE(ids), &cs) || !cs) {
		ok(0, "sized image: the set opens");
		return;
	}
	ctr_expect_ranges(cs, 3);
	rc = poison(b) || ctr_begin(cs) || launch(b, 1) || launch(b, 2) || launch(b, 7) ||
	     ctr_end(cs);
	ok(rc == 0 && ctr_nranges(cs) == 3, "sized image: 3 launches, 3 ranges (%zu)",
	   ctr_nranges(cs));
	ctr_read(cs, 2, got);
	ok(got[0] == theory(&cases[7], ids[0]), "sized image: the third range is the third launch");
	ctr_close(cs);
}

static void describe(const struct tcase *c, char *buf, size_t n)
{
	snprintf(buf, n, "%s stride %d", kernel_names[c->kind] + strlen("ctrtest_"), c->stride);
}

static int tap_theory(struct bufs *b)
{
	enum ctr_id ids[CTR_COUNT];
	double rows[NCASES * CTR_COUNT];
	const char *reason;
	int rc, require = getenv("GPUPERF_REQUIRE_COUNTERS") &&
			  !strcmp(getenv("GPUPERF_REQUIRE_COUNTERS"), "1");

	for (int k = 0; k < CTR_COUNT; k++)
		ids[k] = (enum ctr_id)k;
	if ((reason = ctr_unavailable_reason(&dev)) && !require) {
		printf("1..0 # SKIP counters unavailable: %s\n", reason);
		return 0;
	}
	rc = measure(b, require ? COUNTERS_REQUIRE : COUNTERS_AUTO, ids, CTR_COUNT, rows);
	if (!ok(rc == 0, "all %d counters read for %zu launches on %s (%s)", CTR_COUNT, NCASES,
		dev.name, ctr_chip_name(&dev) ? ctr_chip_name(&dev) : "?"))
		return done_testing();
	ok(verify(b) == 0, "every kernel wrote what it should, with counters on");

	for (size_t i = 0; i < NCASES; i++) {
		const struct tcase *c = &cases[i];
		const double *v = rows + i * CTR_COUNT;
		char what[64];
		int all = 1;

		describe(c, what, sizeof(what));
		if (c->kind == LOAD)
			is_dbl(v[CTR_GLOBAL_LOAD_SECTORS] / v[CTR_GLOBAL_LOAD_REQUESTS],
			       sectors_per_request(c->stride), 0,
			       "%s: %g load sectors per request", what, sectors_per_request(c->stride));
		if (c->kind == STORE)
			is_dbl(v[CTR_GLOBAL_STORE_SECTORS] / v[CTR_GLOBAL_STORE_REQUESTS],
			       sectors_per_request(c->stride), 0,
			       "%s: %g store sectors per request", what, sectors_per_request(c->stride));
		if (c->kind == SHARED) {
			is_dbl(v[CTR_SHARED_LOAD_WAVEFRONTS] / v[CTR_SHARED_LOAD_INSTRUCTIONS],
			       nway(c->stride), 0, "%s: %d-way conflict, %d wavefronts per load",
			       what, nway(c->stride), nway(c->stride));
			is_dbl(v[CTR_SHARED_LOAD_BANK_CONFLICTS] / v[CTR_SHARED_LOAD_INSTRUCTIONS],
			       nway(c->stride) - 1, 0, "%s: %d bank conflicts per load", what,
			       nway(c->stride) - 1);
		}
		for (size_t k = 0; k < NEXACT; k++) {
			double want = theory(c, exact[k]);
			if (!isnan(want) && v[exact[k]] != want) {
				all = 0;
				diag("%s: %s is %.0f, theory %.0f", what, ctr_name(exact[k]),
				     v[exact[k]], want);
			}
		}
		ok(all, "%s: every exact count equals theory", what);
		ok(v[CTR_ELAPSED_CYCLES] > 0 && v[CTR_DURATION_NS] > 0 &&
		   v[CTR_ACHIEVED_OCCUPANCY_PCT] > 0 && v[CTR_ACHIEVED_OCCUPANCY_PCT] <= 100,
		   "%s: cycles %.0f, %.0f ns, occupancy %.1f %%", what, v[CTR_ELAPSED_CYCLES],
		   v[CTR_DURATION_NS], v[CTR_ACHIEVED_OCCUPANCY_PCT]);
		/*
		 * hits are a part of their lookups; an L2 miss may count twice (the H100
		 * run: a strided read that misses everywhere counted 2x its sectors as
		 * misses, the near partition's miss and the far one's), never more
		 */
		ok(v[CTR_L1_LOAD_HIT_SECTORS] >= 0 &&
		   v[CTR_L1_LOAD_HIT_SECTORS] <= v[CTR_GLOBAL_LOAD_SECTORS] &&
		   v[CTR_L2_READ_MISS_SECTORS] >= 0 &&
		   v[CTR_L2_READ_MISS_SECTORS] <= 2 * v[CTR_L2_READ_SECTORS],
		   "%s: L1 load hits %.0f of %.0f sectors, L2 read misses %.0f of %.0f", what,
		   v[CTR_L1_LOAD_HIT_SECTORS], v[CTR_GLOBAL_LOAD_SECTORS],
		   v[CTR_L2_READ_MISS_SECTORS], v[CTR_L2_READ_SECTORS]);
		/* profile's counters: bytes the lanes asked for, and hit rates */
		is_dbl(v[CTR_GLOBAL_LOAD_BYTES], WARPS * 128.0 * (c->kind == SHARED ? TILE / 256 : 1),
		       0, "%s: global load bytes requested", what);
		is_dbl(v[CTR_GLOBAL_STORE_BYTES], WARPS * 128.0, 0,
		       "%s: global store bytes requested", what);
		/*
		 * L1's rate is one pass, the same run as the hit and sector
		 * counts: it must be theirs.  The shared kernel's 87.1 % is its
		 * own: every block reads the same 4 KiB tile, so only the first
		 * block on each SM misses it (132 x 128 sectors of 131072 on
		 * GH100).
		 */
		double l1_own = 100 * v[CTR_L1_LOAD_HIT_SECTORS] / v[CTR_GLOBAL_LOAD_SECTORS];
		ok(v[CTR_L1_HIT_RATE_PCT] >= 0 && v[CTR_L1_HIT_RATE_PCT] <= 100 &&
		   fabs(v[CTR_L1_HIT_RATE_PCT] - l1_own) <= 0.5,
		   "%s: L1 hit %.1f %%, %.1f %% of its sectors hit", what, v[CTR_L1_HIT_RATE_PCT],
		   l1_own);
		/*
		 * lts__t_sector_hit_rate's hits and lookups take a pass each
		 * (t-counters checks it offline), so kernel replay counts them
		 * in two runs of the launch, never one: a kernel whose L2
		 * lookups nearly all hit can read over 100 % (H100 ~101, H200
		 * 101.1-102.4 on the shared kernels).  Over 100 is allowed only
		 * where another pass says so too: the L2 read misses under 2 %
		 * of the L2 sectors, and then by 5 points at most.
		 */
		double l2_sectors = v[CTR_L2_READ_SECTORS] + v[CTR_L2_WRITE_SECTORS];
		int all_hit = v[CTR_L2_READ_MISS_SECTORS] < 0.02 * l2_sectors;
		ok(v[CTR_L2_HIT_RATE_PCT] >= 0 &&
		   v[CTR_L2_HIT_RATE_PCT] <= (all_hit ? 105 : 100),
		   "%s: L2 hit %.1f %% (from two runs), read misses %.1f %% of its sectors", what,
		   v[CTR_L2_HIT_RATE_PCT], 100 * v[CTR_L2_READ_MISS_SECTORS] / l2_sectors);
		diag("%s: DRAM read %.0f B write %.0f B, L2 read %.0f write %.0f sectors", what,
		     v[CTR_DRAM_READ_BYTES], v[CTR_DRAM_WRITE_BYTES], v[CTR_L2_READ_SECTORS],
		     v[CTR_L2_WRITE_SECTORS]);
	}
	tap_bracketed(b);
	tap_session_per_launch(b);
	return done_testing();
}

/* Split one CSV line (RFC 4180 quoting) into at most max fields, in place. */
static size_t csv_split(char *line, char **fields, size_t max)
{
	size_t n = 0;
	char *r = line, *w;

	while (n < max) {
		fields[n++] = w = r;
		if (*r == '"') {
			for (r++; *r; r++) {
				if (*r == '"' && r[1] == '"')
					*w++ = *r++;
				else if (*r == '"')
					break;
				else
					*w++ = *r;
			}
			if (*r == '"')
				r++;
		} else {
			while (*r && *r != ',' && *r != '\n' && *r != '\r')
				*w++ = *r++;
		}
		if (*r != ',') {
			*w = '\0';
			break;
		}
		*w = '\0';
		r++;
	}
	return n;
}

static int column(char **fields, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(fields[i], name))
			return (int)i;
	return -1;
}

/* ncu's value text as a number: "1,048,576" (its thousands separator) included. */
static double ncu_number(const char *s)
{
	char buf[64], *end;
	size_t n = 0;
	double v;

	for (; *s && n < sizeof(buf) - 1; s++)
		if (*s != ',')
			buf[n++] = *s;
	buf[n] = '\0';
	v = strtod(buf, &end);
	return end == buf || *end ? NAN : v;
}

static int tap_compare_ncu(struct bufs *b, const char *path)
{
	double ncu[NCASES][NEXACT], rows[NCASES * NEXACT];
	char kernel[NCASES][128], line[4096], *f[64];
	const char *chip;
	int cid = -1, ckernel = -1, cmetric = -1, cvalue = -1, rc;
	size_t nf, ids_seen = 0;
	FILE *in = fopen(path, "r");

	if (!in) {
		perror(path);
		return 1;
	}
	for (size_t i = 0; i < NCASES; i++)
		for (size_t k = 0; k < NEXACT; k++)
			ncu[i][k] = NAN;
	memset(kernel, 0, sizeof(kernel));
	rc = measure(b, COUNTERS_REQUIRE, exact, NEXACT, rows);
	if (!ok(rc == 0, "counters read for %zu launches", NCASES)) {
		fclose(in);
		return done_testing();
	}
	chip = ctr_chip_name(&dev);
	/* ncu prints "==PROF==" lines and the program's own output around the CSV */
	while (fgets(line, sizeof(line), in)) {
		if (line[0] != '"')
			continue;
		nf = csv_split(line, f, ARRAY_SIZE(f));
		if (cid < 0) {
			cid = column(f, nf, "ID");
			ckernel = column(f, nf, "Kernel Name");
			cmetric = column(f, nf, "Metric Name");
			cvalue = column(f, nf, "Metric Value");
			if (cid < 0 || ckernel < 0 || cmetric < 0 || cvalue < 0)
				cid = -1;
			continue;
		}
		if ((size_t)cvalue >= nf)
			continue;
		size_t id = (size_t)strtoul(f[cid], NULL, 10);
		if (id >= NCASES) {
			ids_seen = NCASES + 1;   /* more kernels than launches: wrong filter */
			continue;
		}
		if (id + 1 > ids_seen)
			ids_seen = id + 1;
		snprintf(kernel[id], sizeof(kernel[id]), "%s", f[ckernel]);
		for (size_t k = 0; k < NEXACT; k++)
			if (!strcmp(f[cmetric], ctr_metric(exact[k], chip)))
				ncu[id][k] = ncu_number(f[cvalue]);
	}
	fclose(in);
	if (!ok(cid >= 0, "%s has ncu's CSV header (ID, Kernel Name, Metric Name, Metric Value)",
		path))
		return done_testing();
	is_int(ids_seen, NCASES, "ncu profiled the same %zu launches", NCASES);
	for (size_t i = 0; i < NCASES; i++) {
		char what[64];
		int all = 1;

		describe(&cases[i], what, sizeof(what));
		if (!strstr(kernel[i], kernel_names[cases[i].kind])) {
			all = 0;
			diag("launch %zu: ncu saw kernel '%s', expected %s", i, kernel[i],
			     kernel_names[cases[i].kind]);
		}
		for (size_t k = 0; k < NEXACT; k++)
			if (rows[i * NEXACT + k] != ncu[i][k]) {
				all = 0;
				diag("%s: %s (%s) gpuperf %.0f, ncu %.0f", what, ctr_name(exact[k]),
				     ctr_metric(exact[k], chip), rows[i * NEXACT + k], ncu[i][k]);
			}
		ok(all, "%s: %zu counts equal ncu's", what, NEXACT);
	}
	return done_testing();
}

static int ncu_metrics(void)
{
	const char *reason = ctr_unavailable_reason(&dev);

	if (reason) {
		fprintf(stderr, "counters unavailable: %s\n", reason);
		return GP_EXIT_NOCOUNTERS;
	}
	for (size_t k = 0; k < NEXACT; k++)
		printf("%s%s", k ? "," : "", ctr_metric(exact[k], ctr_chip_name(&dev)));
	printf("\n");
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median wall time of the launches, with counters over ids (n 0: none). */
static double timed(struct bufs *b, const enum ctr_id *ids, size_t n, double *open_ms)
{
	enum { REPS = 5 };
	double t[REPS], t0;
	struct ctr_set *cs = NULL;

	t0 = gp_now_ms();
	if (n && (ctr_open(&dev, COUNTERS_REQUIRE, ids, n, &cs) || !cs))
		return NAN;
	*open_ms = gp_now_ms() - t0;
	for (int r = 0; r < REPS; r++) {
		if (poison(b))
			return NAN;
		t0 = gp_now_ms();
		if (ctr_begin(cs) || run_cases(b) || ctr_end(cs) || cudaDeviceSynchronize())
			return NAN;
		t[r] = gp_now_ms() - t0;
	}
	ctr_close(cs);
	qsort(t, REPS, sizeof(t[0]), cmp_double);
	return t[REPS / 2];
}

static int overhead(struct bufs *b)
{
	static const enum ctr_id coalesce[] = {
		CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS, CTR_GLOBAL_STORE_SECTORS,
		CTR_GLOBAL_STORE_REQUESTS, CTR_DRAM_READ_BYTES, CTR_DRAM_WRITE_BYTES,
		CTR_ELAPSED_CYCLES,
	};
	enum ctr_id all[CTR_COUNT];
	double t0, check_ms, open1, open2, open0, plain, one, two;

	for (int k = 0; k < CTR_COUNT; k++)
		all[k] = (enum ctr_id)k;
	t0 = gp_now_ms();
	if (ctr_unavailable_reason(&dev)) {
		fprintf(stderr, "counters unavailable: %s\n", ctr_unavailable_reason(&dev));
		return GP_EXIT_NOCOUNTERS;
	}
	check_ms = gp_now_ms() - t0;
	plain = timed(b, NULL, 0, &open0);
	one = timed(b, coalesce, ARRAY_SIZE(coalesce), &open1);
	two = timed(b, all, CTR_COUNT, &open2);
	printf("device=%s launches=%zu\n", dev.name, NCASES);
	printf("first_check_ms=%.1f  (load CUPTI, check the device; once per process)\n", check_ms);
	printf("plain_ms=%.3f\n", plain);
	printf("coalesce_set_ms=%.3f open_ms=%.1f per_launch_overhead_ms=%.3f (%zu counters)\n",
	       one, open1, (one - plain) / NCASES, ARRAY_SIZE(coalesce));
	printf("all_counters_ms=%.3f open_ms=%.1f per_launch_overhead_ms=%.3f (%d counters)\n",
	       two, open2, (two - plain) / NCASES, CTR_COUNT);
	return isnan(plain) || isnan(one) || isnan(two) ? GP_EXIT_FAIL : 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	struct bufs b;
	int tap = !*mode || !strcmp(mode, "--compare-ncu");

	if (!strcmp(mode, "--compare-ncu") && argc < 3) {
		fprintf(stderr, "usage: t-counters-gpu --compare-ncu NCU_CSV\n");
		return 2;
	}
	if (ASAN_BUILD && tap) {
		printf("1..0 # SKIP counters are not available in ASan builds\n");
		return 0;
	}
	if (open_device()) {
		if (tap) {
			printf("1..0 # SKIP no CUDA device\n");
			return 0;
		}
		fprintf(stderr, "t-counters-gpu: no CUDA device\n");
		return GP_EXIT_NODEV;
	}
	if (!strcmp(mode, "--reason")) {
		const char *r = ctr_unavailable_reason(&dev);
		if (r)
			printf("%s\n", r);
		else
			printf("available: %s is chip %s\n", dev.name, ctr_chip_name(&dev));
		return r ? GP_EXIT_NOCOUNTERS : 0;
	}
	if (!strcmp(mode, "--require")) {
		const enum ctr_id ids[] = { CTR_GLOBAL_LOAD_SECTORS };
		struct ctr_set *cs;
		int rc = ctr_open(&dev, COUNTERS_REQUIRE, ids, 1, &cs);
		ctr_close(cs);
		return rc;
	}
	if (!strcmp(mode, "--ncu-metrics"))
		return ncu_metrics();
	if (setup(&b))
		return tap ? (printf("not ok 1 - buffers\n1..1\n"), 1) : GP_EXIT_FAIL;
	if (!strcmp(mode, "--launch-only")) {
		if (run_cases(&b) || cudaDeviceSynchronize() || verify(&b)) {
			fprintf(stderr, "t-counters-gpu: launches failed or wrote wrong values\n");
			return GP_EXIT_FAIL;
		}
		return 0;
	}
	if (!strcmp(mode, "--overhead")) {
		gp_verbosity = 1;   /* passes and image sizes, for the log */
		return overhead(&b);
	}
	if (!strcmp(mode, "--compare-ncu"))
		return tap_compare_ncu(&b, argv[2]);
	if (*mode) {
		fprintf(stderr, "t-counters-gpu: unknown mode '%s'\n", mode);
		return 2;
	}
	return tap_theory(&b);
}
