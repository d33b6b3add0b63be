/*
 * What `gpuperf latency` measured: a row per chase (global sets, shared
 * memory, mapped host memory) and per cudaMemcpy round trip, with the
 * method's constants the tables describe; its machine table and the
 * contract of its rows.  Pure C.
 */
#ifndef GP_RESULTS_LATENCY_H
#define GP_RESULTS_LATENCY_H

#include <stddef.h>
#include <stdint.h>
#include "results/chase.h"
#include "results/columns.h"
#include "results/contract.h"
#include "results/counters-mode.h"
#include "results/trust.h"
#include "util/stats.h"

#define LAT_STEPS 1024        /* loads per timed segment */
#define LAT_SEGMENTS 9        /* timed segments per chase: the median is the figure */
#define LAT_COUNT_SCALE 16    /* the counted chase makes this many times its loads (below) */
#define LAT_UNTIMED_MAX 4096  /* untimed loads before them, at most (one pass when shorter) */
#define LAT_HOST_STEPS 512    /* host memory is ~1 us a load: shorter segments */
#define LAT_HOST_SET (2u << 20)   /* nvbandwidth's latency buffer */
#define LAT_HOST_STRIDE 128u      /* and its step, at least */
#define LAT_SHARED_SET (16u << 10)
#define LAT_MEMCPY_BYTES 8u
#define LAT_MEMCPY_REPS 101
#define LAT_MEMCPY_WARMUP 20

/* What the extra rows measure, besides the global sweep. */
#define LAT_WANT_SHARED 0x1u
#define LAT_WANT_HOST   0x2u
#define LAT_WANT_MEMCPY 0x4u

struct lat_request {
	const uint64_t *sizes;     /* global sweep, ascending; may be empty */
	size_t nsizes;
	uint64_t stride;           /* bytes between elements, a multiple of 8 */
	enum chase_pattern pattern;
	unsigned extras;           /* LAT_WANT_* */
	enum counters_mode counters;
	void (*progress)(const char *what, size_t done, size_t total);
};

enum lat_memory {
	LAT_GLOBAL,
	LAT_SHARED,
	LAT_HOST,                  /* mapped pinned host memory, read by an SM over PCIe */
	LAT_MEMCPY_H2D,            /* cudaMemcpy of LAT_MEMCPY_BYTES, host timed */
	LAT_MEMCPY_D2H,
};

/* "global", "shared", "host", "memcpy-h2d", "memcpy-d2h" */
const char *lat_memory_name(enum lat_memory m);

struct lat_row {
	enum lat_memory memory;
	uint64_t size;             /* bytes of the set; memcpy: bytes copied */
	struct chase_layout layout;  /* chases */
	int warm;                  /* the block read the whole set before chasing */
	uint64_t untimed, loads;   /* loads before timing, loads timed */
	uint64_t counted_loads;    /* loads the counters cover (global chases; else 0) */
	struct stats cycles;       /* per load, over the segments; memcpy: zeros */
	struct stats ns;           /* memcpy: per copy, host clock; chases: unset */
	/* The counted loads' counters (a launch less its untimed twin); NaN without. */
	double load_sectors, l1_hit_sectors, l2_miss_sectors, dram_read_bytes;
};

/* What `gpuperf latency` measured. */
struct lat_run {
	struct lat_request req;
	uint64_t *sizes;           /* req.sizes, owned */
	struct lat_row *rows;
	size_t nrows;
	double sm_mhz;             /* measured around the chases (mean of before and after) */
	double sm_mhz_before, sm_mhz_after;
	uint64_t l1_bytes;         /* unified L1 per SM of the architecture, 0 when unknown */
	uint64_t flush_bytes;      /* written before each chase of a set larger than L2 */
	const char *pattern_note;  /* NULL, or why host memory used another stride */
	struct trust_summary watch;  /* the device while it measured (cli/steps.c fills it) */
};
void lat_run_free(void *lat_run);

#define LAT_NCOLUMNS (TAB_NIDENTITY + 19 + TAB_NTRUST)
extern const struct report_col lat_columns[LAT_NCOLUMNS];
extern const struct result_contract latency_contract;

/* all's headlines: the median of a plateau of the sweep, no CoV of its own. */
#define LATENCY_HEADLINES \
	{ "latency_l1_cycles", RESULT_LOWER, RESULT_KIND_LATENCY }, \
	{ "latency_l2_cycles", RESULT_LOWER, RESULT_KIND_LATENCY }, \
	{ "latency_dram_cycles", RESULT_LOWER, RESULT_KIND_LATENCY }

#endif
