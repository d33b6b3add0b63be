/* Counters over a sweep: one counter session, one range per configuration. */
#ifndef GP_PROBES_COUNTED_H
#define GP_PROBES_COUNTED_H

#include <stddef.h>
#include "counters/counters.h"
#include "gpu/timing.h"

/*
 * Run fn once for each of n arguments (args, arg_size bytes apart) inside
 * one counter session, each launch a range.  values[i * nids + j] receives
 * counter ids[j] of launch i: NAN where the chip lacks it or counters are
 * off or unavailable (then, in AUTO mode, the reason was said once).
 * Returns 0, a CUDA failure's status (what names the kernel), or
 * GP_EXIT_NOCOUNTERS when counters are required and cannot be read.
 */
int probe_count_launches(const struct gp_device *dev, enum counters_mode mode,
			 const enum ctr_id *ids, size_t nids, timing_work_fn fn,
			 void *args, size_t arg_size, size_t n, cudaStream_t s,
			 const char *what, double *values);

#endif
