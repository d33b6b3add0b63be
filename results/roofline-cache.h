/*
 * What `gpuperf roofline` keeps for `gpuperf profile`: the ceilings it
 * measured on one GPU, in a file of the cache (util/cache.h) named by the
 * GPU's UUID, roofline-GPU-xxxxxxxx-....json, and valid while the CUDA
 * driver is the one that measured them.  Pure: text in and out, no I/O
 * beyond the FILE it is given.
 *
 *     {
 *       "format": "gpuperf-roofline-cache", "version": 1,
 *       "uuid": "GPU-...", "driver_version": 13000,
 *       "device": "NVIDIA H100 80GB HBM3", "cc": "9.0", "sms": 132,
 *       "measured_at": 1767225600,
 *       "units": "bytes/s for memory, operations/s for compute (an FMA counts 2)",
 *       "ceilings": { "dram": 3.1909e12, "fp32": 6.61e13, ... }
 *     }
 *
 * Ceilings by the names of --ceiling (roof_ceiling_names); a reader skips
 * names it does not know, so a later gpuperf may add some.
 */
#ifndef GP_RESULTS_ROOFLINE_CACHE_H
#define GP_RESULTS_ROOFLINE_CACHE_H

#include <stddef.h>
#include <stdio.h>
#include "results/device.h"
#include "results/roofline.h"

#define ROOF_CACHE_FORMAT "gpuperf-roofline-cache"
#define ROOF_CACHE_VERSION 1

struct roof_cache {
	char uuid[48];                  /* "GPU-..." as nvidia-smi writes it */
	int driver_version;             /* CUDA driver version: 13000 = 13.0 */
	char device[256];               /* name, for people reading the file */
	int cc_major, cc_minor, sms;
	long long measured_at;          /* seconds since the epoch */
	double value[ROOF_NCEILINGS];   /* bytes/s or operations/s; NAN: not in the cache */
};

/*
 * The cache's file name for a UUID: "roofline-GPU-....json" (malloc'd),
 * or NULL when the UUID is empty or holds anything but letters, digits
 * and '-' (it names a file).
 */
char *roof_cache_name(const char *uuid);

/* c from a run on dev: the rows measured, at time now. */
void roof_cache_from(struct roof_cache *c, const struct roof_results *r,
		     const struct gp_device *dev, long long now);

/*
 * Keep old's ceilings that c lacks (a run of some ceilings adds to what an
 * earlier one measured), when old is of the same GPU and driver.
 */
void roof_cache_merge(struct roof_cache *c, const struct roof_cache *old);

/* Whether c holds any ceiling. */
int roof_cache_any(const struct roof_cache *c);

/* c as JSON (the format above) on f. */
void roof_cache_write(const struct roof_cache *c, FILE *f);

/*
 * Parse len bytes of a cache file into c.  0, or -1 with why in err (n
 * bytes): not JSON, not this format or version, a field missing or of the
 * wrong type, a ceiling that is not a positive finite number.
 */
int roof_cache_parse(const char *text, size_t len, struct roof_cache *c, char *err, size_t n);

/*
 * Whether c was measured on the GPU of this UUID under this driver: NULL
 * when it was, else why not in words for a note ("measured under CUDA
 * driver 12080, not 13000"), in buf (n bytes).
 */
const char *roof_cache_mismatch(const struct roof_cache *c, const char *uuid, int driver_version,
				char *buf, size_t n);

#endif
