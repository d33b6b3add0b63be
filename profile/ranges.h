/*
 * gpuperf profile --by range: the kernels' GPU time grouped by the NVTX
 * range path around each launch (the library's range records, and the
 * profiled launches' own), with each range's bound and worst verdict
 * taken from its kernels' rows (profile/analyze.h).  Pure: no CUDA, no
 * output.
 *
 *     prof_analyze(&rs, &opts, &a);          // top 0: every kernel the filter keeps
 *     prof_ranges(&rs, &a, &ropts, &g);
 *     ... g.r[0 .. g.n) in the order asked for, g.summary ...
 *     prof_ranges_free(&g);
 *
 * A range is (device, path, graph): kernels run by a CUDA graph are a
 * range of their own beside the same path's launched ones.  Its time is
 * its kernels' there, so the ranges' times add up to the kernels' (but
 * for what a process killed before its exit did not write).
 */
#ifndef GP_PROFILE_RANGES_H
#define GP_PROFILE_RANGES_H

#include <stddef.h>
#include "profile/analyze.h"
#include "profile/record.h"

struct prof_range_opts {
	enum prof_sort sort;           /* time, waste (time at stake), name (the label) */
	size_t top;                    /* keep the N ranges with the most GPU time; 0: all */
};

/*
 * Group rs's range and profiled launch records of the kernels a keeps
 * (its rows: prof_analyze with top 0, the --kernel filter applied).
 */
void prof_ranges(const struct prof_records *rs, const struct prof_analysis *a,
		 const struct prof_range_opts *o, struct prof_ranges *g);

#endif
