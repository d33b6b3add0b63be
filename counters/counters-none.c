/*
 * Placeholder until the CUPTI module lands (issue 5): counters are never
 * available, and the reason says so.  Probes already treat a NULL set as
 * "counter columns empty".
 */
#include <stddef.h>
#include "counters/counters.h"
#include "util/error.h"

static const char *const names[CTR_COUNT] = {
	[CTR_GLOBAL_LOAD_SECTORS] = "global_load_sectors",
	[CTR_GLOBAL_LOAD_REQUESTS] = "global_load_requests",
	[CTR_GLOBAL_STORE_SECTORS] = "global_store_sectors",
	[CTR_GLOBAL_STORE_REQUESTS] = "global_store_requests",
	[CTR_DRAM_READ_BYTES] = "dram_read_bytes",
	[CTR_DRAM_WRITE_BYTES] = "dram_write_bytes",
	[CTR_SHARED_LOAD_BANK_CONFLICTS] = "shared_load_bank_conflicts",
	[CTR_SHARED_STORE_BANK_CONFLICTS] = "shared_store_bank_conflicts",
	[CTR_SHARED_LOAD_WAVEFRONTS] = "shared_load_wavefronts",
	[CTR_SHARED_STORE_WAVEFRONTS] = "shared_store_wavefronts",
	[CTR_SHARED_LOAD_INSTRUCTIONS] = "shared_load_instructions",
	[CTR_SHARED_STORE_INSTRUCTIONS] = "shared_store_instructions",
	[CTR_ACHIEVED_OCCUPANCY_PCT] = "achieved_occupancy_pct",
	[CTR_ELAPSED_CYCLES] = "elapsed_cycles",
};

static const char reason[] = "hardware counter support is not built into this version";

const char *ctr_name(enum ctr_id id)
{
	return (unsigned)id < CTR_COUNT ? names[id] : NULL;
}

const char *ctr_unavailable_reason(const struct gp_device *dev)
{
	(void)dev;
	return reason;
}

int ctr_open(const struct gp_device *dev, enum counters_mode mode,
	     const enum ctr_id *ids, size_t n, struct ctr_set **out)
{
	(void)dev, (void)ids, (void)n;
	*out = NULL;
	if (mode == COUNTERS_REQUIRE)
		return gp_error(GP_EXIT_NOCOUNTERS, "hardware counters unavailable: %s", reason);
	return 0;
}

int ctr_begin(struct ctr_set *cs) { (void)cs; return 0; }
int ctr_end(struct ctr_set *cs) { (void)cs; return 0; }
size_t ctr_nranges(const struct ctr_set *cs) { (void)cs; return 0; }
int ctr_read(const struct ctr_set *cs, size_t range, double *values)
{
	(void)cs, (void)range, (void)values;
	return GP_EXIT_NOCOUNTERS;
}
void ctr_close(struct ctr_set *cs) { (void)cs; }
