/*
 * Hardware counters: the one interface probes use to read what a kernel
 * did (sectors, requests, DRAM bytes, bank conflicts, wavefronts,
 * occupancy).  Logical names map to per-chip metric names inside the
 * module; callers never see CUPTI.
 *
 *     struct ctr_set *cs;
 *     if ((rc = ctr_open(dev, mode, ids, n, &cs)))   // exit 4 when required but unavailable
 *             return rc;
 *     if (cs) {                       // NULL: unavailable, reason already said once
 *             ctr_begin(cs);
 *             ... launch one kernel per configuration ...   // each launch is one range
 *             ctr_end(cs);
 *             ctr_read(cs, i, values);  // values for the i-th launch, NAN where missing
 *     }
 *     ctr_close(cs);
 */
#ifndef GP_COUNTERS_COUNTERS_H
#define GP_COUNTERS_COUNTERS_H

#include <stddef.h>
#include "gpu/device.h"

enum counters_mode {
	COUNTERS_AUTO,     /* read them where possible, say once why not */
	COUNTERS_OFF,      /* --no-counters: never load CUPTI */
	COUNTERS_REQUIRE,  /* --counters=require: exit 4 when unavailable */
};

enum ctr_id {
	CTR_GLOBAL_LOAD_SECTORS,
	CTR_GLOBAL_LOAD_REQUESTS,
	CTR_GLOBAL_STORE_SECTORS,
	CTR_GLOBAL_STORE_REQUESTS,
	CTR_DRAM_READ_BYTES,
	CTR_DRAM_WRITE_BYTES,
	CTR_SHARED_LOAD_BANK_CONFLICTS,
	CTR_SHARED_STORE_BANK_CONFLICTS,
	CTR_SHARED_LOAD_WAVEFRONTS,
	CTR_SHARED_STORE_WAVEFRONTS,
	CTR_SHARED_LOAD_INSTRUCTIONS,
	CTR_SHARED_STORE_INSTRUCTIONS,
	CTR_ACHIEVED_OCCUPANCY_PCT,
	CTR_ELAPSED_CYCLES,
	CTR_COUNT
};

struct ctr_set;

/* Logical name ("global_load_sectors"), or NULL for an invalid id. */
const char *ctr_name(enum ctr_id id);

/*
 * Why counters cannot be read on dev, or NULL when they can.  The answer
 * is computed once and cached.  Never loads CUPTI when mode is COUNTERS_OFF.
 */
const char *ctr_unavailable_reason(const struct gp_device *dev);

/*
 * Prepare to read counters ids[0..n) on dev.  Returns 0 with *out set, or
 * 0 with *out NULL when counters are off or unavailable (in AUTO mode the
 * reason goes to stderr once per process), or GP_EXIT_NOCOUNTERS when
 * mode is COUNTERS_REQUIRE and they are unavailable.
 */
int ctr_open(const struct gp_device *dev, enum counters_mode mode,
	     const enum ctr_id *ids, size_t n, struct ctr_set **out);

/* Every kernel launched between begin and end becomes one range. */
int ctr_begin(struct ctr_set *cs);
int ctr_end(struct ctr_set *cs);
size_t ctr_nranges(const struct ctr_set *cs);

/* Values of range i, in the order of ids given to ctr_open; NAN when missing. */
int ctr_read(const struct ctr_set *cs, size_t range, double *values);

void ctr_close(struct ctr_set *cs);

#endif
