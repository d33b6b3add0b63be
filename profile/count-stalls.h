/*
 * profile --count-stalls.  PC sampling's shares are estimates, and on some
 * kernels they differ from Nsight Compute's WarpStateStats, which counts
 * each state's warp-cycles (smsp__warps_issue_stalled_*) rather than
 * sampling them (bench/NOTES.md: a 32-way bank conflict, 24 points).
 * Those counters take six passes on GH100, too many for every counted
 * launch, and CUPTI will not count beside sampling; so --count-stalls
 * runs the program once more, counting them alone on each sampled
 * kernel's launch of the same number (GPUPERF_PROFILE_COUNT_AT,
 * GPUPERF_PROFILE_WARP_STATES), and the counts join that sampled launch's
 * record.  Pure: no CUDA, no I/O.
 *
 *     char *at = prof_count_at(&records);     // NULL: nothing was sampled
 *     ... run the program again with at, decode into run ...
 *     prof_count_merge(&records, &run);
 */
#ifndef GP_PROFILE_COUNT_STALLS_H
#define GP_PROFILE_COUNT_STALLS_H

#include <stddef.h>
#include "profile/record.h"

/*
 * "NTH:KERNEL NTH:KERNEL ...": for each kernel (mangled) with samples in
 * rs, the number of its most sampled launch (the one its verdict's place
 * comes from); NULL where none has samples.  Malloc'd.
 */
char *prof_count_at(const struct prof_records *rs);

/*
 * Each launch record of run with warp-state counts onto rs's sampled
 * launch record of the same kernel, device and number (one each, the
 * first not given counts yet): its warps[] and warps_counted.  Returns
 * how many got them.
 */
size_t prof_count_merge(struct prof_records *rs, const struct prof_records *run);

#endif
