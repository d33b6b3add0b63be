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

struct prof_range {
	char *path;                    /* the levels joined by PROF_RANGE_SEP; "": no range */
	char *label;                   /* joined by '/', or PROF_RANGE_NONE */
	int depth;                     /* levels: 0 outside any range */
	int dev;
	unsigned long long graph_id;   /* CUPTI's id of the graph that ran them; 0: none */
	unsigned long long graph_node; /* their node, while it is one; 0: several, or none */
	double time_ns;
	unsigned long long launches;   /* kernel runs timed (graph kernels included) */
	size_t kernels;                /* distinct kernels */
	/*
	 * The bound is the dominant kernel's: where the range's time goes.
	 * The verdict is the one with the most time at stake here (its
	 * verdict's fraction times its time in the range) among those worth
	 * fixing (prof_worth_fixing), else the dominant kernel's: what to
	 * fix first.  Rows of the analysis, not owned.
	 */
	const struct prof_kernel *top;
	double top_ns;                 /* its time in the range */
	const struct prof_kernel *worst;
	double stake_ns;               /* its time at stake in the range */
};

struct prof_ranges {
	struct prof_range *r;          /* the rows kept, in the order asked for */
	size_t n;
	size_t nranges;                /* before --top */
	size_t others;                 /* left out by --top */
	unsigned long long other_launches;
	double other_time_ns;
	double time_ns;                /* every range's */
	double unranged_ns;            /* the kernels' time no range record holds */
	char *summary;                 /* one line: the ranges worth fixing first, or why none
					  (without any range, the analysis' says more) */
};

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
void prof_ranges_free(struct prof_ranges *g);

#endif
