/* Counters over a sweep: one counter session, one range per configuration. */
#ifndef GP_PROBES_COUNTED_H
#define GP_PROBES_COUNTED_H

#include <stddef.h>
#include "counters/counters.h"
#include "gpu/timing.h"

/*
 * A sweep's launches to count: launch runs once for each of n arguments
 * (args, arg_size bytes apart) inside one counter session, each launch a
 * range; store then puts launch i's values (in the order of ids; NAN
 * where the chip lacks a counter) into result i (results, result_size
 * bytes apart).  The probes differ only in their ids and store.
 */
struct probe_counted {
	const enum ctr_id *ids;
	size_t nids;
	timing_work_fn launch;
	void *args;
	size_t arg_size;
	void *results;
	size_t result_size;
	void (*store)(const double *values, void *result);
	const char *what;           /* the kernel, for a CUDA failure's message */
};

/*
 * Count the n launches of c, in one begin/end, and store each launch's
 * values: all NAN where counters are off or unavailable (then, in AUTO
 * mode, the reason was said once) or failed mid-run.  Returns 0, a CUDA
 * failure's status (fatal: nothing stored), or GP_EXIT_NOCOUNTERS when
 * counters are required and cannot be read.
 */
int probe_count_sweep(const struct gp_device *dev, enum counters_mode mode,
		      const struct probe_counted *c, size_t n, cudaStream_t s);

#endif
