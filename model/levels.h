/*
 * Plateaus and levels of a latency sweep: which memory level served the
 * loads of each working-set size, from the counters where the run could
 * read them and from the sizes of the caches where it could not.  Pure C,
 * no CUDA types: tested on recorded sweeps (tests/unit/t-levels.c).
 *
 * The staircase: latency against set size is flat while the set fits a
 * level and steps up where it stops fitting.  A plateau is a run of
 * sizes whose latencies agree within LV_TOL of their median; a size
 * between plateaus is a transition (the set spills from one level into
 * the next).  Two L2 plateaus are the near and the far partition (H100:
 * about 260 and 470 cycles); two DRAM plateaus are DRAM before and after
 * the TLB stops covering the set.
 */
#ifndef GP_MODEL_LEVELS_H
#define GP_MODEL_LEVELS_H

#include <stddef.h>
#include <stdint.h>

enum lv_level {
	LV_NONE,       /* not known */
	LV_L1,
	LV_L2,         /* the L2, or its near partition when it shows two */
	LV_L2_FAR,     /* the far partition of a split L2 */
	LV_DRAM,
	LV_DRAM_TLB,   /* DRAM, with TLB misses */
	LV_NLEVELS
};

/* "L1", "L2", "L2-far", "DRAM", "DRAM-TLB" ("" for LV_NONE). */
const char *lv_name(enum lv_level l);

/* The cache level a level is part of: L2 for L2-far, DRAM for DRAM-TLB. */
enum lv_level lv_base(enum lv_level l);

enum lv_source {
	LV_BY_SIZE,      /* from the sizes of the caches only */
	LV_BY_COUNTERS,  /* the counters of the timed loads say so */
};

/* "size", "counters" */
const char *lv_source_name(enum lv_source s);

/* One size of the sweep as measured. */
struct lv_point {
	uint64_t size;              /* bytes of the set */
	double cycles;              /* per load (median) */
	/* The timed loads' counters; NaN where they could not be read. */
	double l1_hit;              /* fraction of load sectors that hit in L1 */
	double l2_hit;              /* fraction of L2 read sectors that hit */
	double dram_bytes_per_load; /* DRAM bytes read per load */
};

/* Cache sizes for the size rule. */
struct lv_caches {
	uint64_t l1_bytes;          /* per SM, the most the L1 can hold */
	uint64_t l2_bytes;
};

/* Latencies within this fraction of a run's median belong to it. */
#define LV_TOL 0.12
/* A level the counters name for at least this fraction of the loads is that level's. */
#define LV_PURE 0.8
/* L2 read sectors per load: a load brings one 32-byte sector. */
#define LV_SECTOR_BYTES 32.0

/* Where one point's loads were served, as the counters tell; NaN fractions without them. */
struct lv_split {
	double l1, l2, dram;        /* fractions of the loads, summing to 1 */
};
/* 0 with *s filled, or -1 when the point has no counters. */
int lv_counter_split(const struct lv_point *p, struct lv_split *s);

/* A point's answer. */
struct lv_class {
	enum lv_level level;        /* the level, or the nearer of two in a transition */
	enum lv_level level2;       /* LV_NONE, or the farther level of a transition */
	enum lv_source source;
	int plateau;                /* index of its plateau, -1 for a transition */
};

struct lv_plateau {
	enum lv_level level;
	enum lv_source source;      /* counters when they name the level for most of its points */
	size_t first, last;         /* its points, in size order (indices into the sorted points) */
	double cycles;              /* median of its points */
};

#define LV_MAX_PLATEAUS 16

/*
 * Classify n points, sorted by size ascending (out[i] for p[i]); up to
 * max plateaus into pl, in size order.  Returns the number of plateaus.
 */
size_t lv_classify(const struct lv_point *p, size_t n, const struct lv_caches *c,
		   struct lv_class *out, struct lv_plateau *pl, size_t max);

/* --level's cache levels, the sizes of the default sweep around each. */
#define LV_WANT_L1   0x1u  /* 1 KiB to 2 x L1 */
#define LV_WANT_L2   0x2u  /* L1 / 2 to 2 x L2: near, far, and the steps either side */
#define LV_WANT_DRAM 0x4u  /* L2 to 1 GiB */
#define LV_WANT_TLB  0x8u  /* 256 MiB to 4 GiB */
#define LV_SWEEP_MIN (1ull << 10)
#define LV_SWEEP_MAX (4ull << 30)

/*
 * The default sweep: LV_SWEEP_MIN to LV_SWEEP_MAX by powers of two, plus
 * midpoints (x1.5) from L2 / 4 to 2 x L2, where the near and far L2
 * plateaus and the step to DRAM lie; only sizes in the span of a level
 * of `want` and at most max_size.  Ascending; up to cap into out;
 * returns how many.
 */
size_t lv_default_sizes(const struct lv_caches *c, unsigned want, uint64_t max_size,
			uint64_t *out, size_t cap);

/* "L2+DRAM" for a transition, the level's name otherwise. */
const char *lv_class_name(const struct lv_class *c, char *buf, size_t n);

#endif
