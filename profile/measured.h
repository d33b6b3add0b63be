/*
 * The ceilings `gpuperf roofline` measured, for `gpuperf profile`: for
 * each device the program's records name, the cache file of its UUID
 * (results/roofline-cache.h, util/cache.h), used while the CUDA driver is
 * the one that measured it.  Nothing is measured here: profiling must not
 * add seconds, nor compete with the program.
 *
 *     size_t n;
 *     struct prof_roofs *m = prof_measured_roofs(&records, &n);
 *     opts.roofs = m;  opts.nroofs = n;        // profile/analyze.h
 *     ...
 *     free(m);
 *
 * A file it cannot use is said on stderr: a damaged one as a warning, one
 * of another driver as a note; a missing one is not (the report says how
 * to measure the ceilings).
 */
#ifndef GP_PROFILE_MEASURED_H
#define GP_PROFILE_MEASURED_H

#include <stddef.h>
#include "profile/bound.h"
#include "profile/record.h"

/*
 * Measured roofs by CUDA device ordinal, for every device up to the
 * highest one with a device record (*n of them; unknown ones all
 * PROF_ROOF_UNKNOWN), malloc'd; NULL with *n 0 when no record names one.
 */
struct prof_roofs *prof_measured_roofs(const struct prof_records *rs, size_t *n);

#endif
