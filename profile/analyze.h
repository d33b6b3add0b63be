/*
 * What `gpuperf profile` makes of the records (profile/record.h): one row
 * per kernel, aggregated over its launches, joined with gpuperf's own
 * occupancy calculator and the ceilings of the device (profile/bound.h),
 * with what bounds it (compute, memory, latency, underfilled) and one
 * verdict each: the thing most worth fixing, pointing at the gpuperf
 * command that shows it.  Pure: no CUDA, no output.
 *
 *     struct prof_records rs = { 0 };
 *     struct prof_analysis a;
 *     prof_decode(text, len, &rs, &err);        // keeps what decoded before an error
 *     prof_analyze(&rs, &opts, &a);
 *     ... a.k[0 .. a.n) in the order asked for, a.notes, a.summary ...
 *     prof_analysis_free(&a);
 *     prof_records_free(&rs);
 *
 * Aggregation: counts are summed over a kernel's profiled launches and the
 * ratios taken of the sums; achieved occupancy is the duration-weighted
 * mean, hit rates are weighted by the sectors they are rates of.  GPU time
 * adds the activity records' times of unprofiled launches to the counter
 * duration of profiled ones (a profiled launch's own wall time includes
 * its replays).  Shape, registers and shared memory are the first
 * profiled launch's (config_varies says when later ones differ).
 */
#ifndef GP_PROFILE_ANALYZE_H
#define GP_PROFILE_ANALYZE_H

#include <stddef.h>
#include "occupancy/occupancy.h"
#include "profile/bound.h"
#include "results/profile-analysis.h"
#include "profile/record.h"
#include "util/demangle.h"

enum prof_sort {
	PROF_SORT_TIME,    /* GPU time, most first (the default) */
	PROF_SORT_WASTE,   /* time the verdict's problem costs, most first */
	PROF_SORT_NAME,
};

/* Names in enum order, NULL-terminated: "time", "waste", "name". */
extern const char *const prof_sort_names[];

/* Stable snake_case code of a verdict, for CSV and JSON ("load_coalescing"). */
const char *prof_verdict_code(enum prof_verdict v);

struct prof_opts {
	enum prof_sort sort;
	size_t top;                    /* keep the top N kernels by GPU time; 0: all */
	const char *kernel_regex;      /* show only these (demangled names); NULL: all */
	/*
	 * Measured ceilings by CUDA device ordinal (gpuperf roofline), laid
	 * over each kernel's theoretical ones; NULL or short: theoretical only.
	 */
	const struct prof_roofs *roofs;
	size_t nroofs;
};

/*
 * Analyse rs.  0, or -1 when kernel_regex does not compile (*a is then
 * empty; check it with prof_filter_check first).
 */
int prof_analyze(const struct prof_records *rs, const struct prof_opts *o,
		 struct prof_analysis *a);

/*
 * A run without a kernel where no GPU can be used (why: gpuperf's own
 * look, "no NVIDIA driver found (...)"): the summary says so, rather than
 * guess at what the program did.  Nothing changes when kernels ran.
 */
void prof_no_gpu(struct prof_analysis *a, const char *why);

/*
 * The verdict of one row whose counters, occupancy, DRAM figures and
 * bound are filled (profile/verdict.c; prof_analyze calls it).
 */
void prof_verdict(struct prof_kernel *k);

/*
 * The name people read: the short name (the demangled one without its
 * parameters), cut to PROF_NAME_SHOWN characters with "..." at the end;
 * the table's and the summary line's.  Returns buf (n bytes).
 */
#define PROF_NAME_SHOWN KERNEL_LABEL_MAX
const char *prof_kernel_label(const struct prof_kernel *k, char *buf, size_t n);

/*
 * The GPU time a profiled launch's record adds to its kernel's: its
 * counters' (the kernel's own, as prof_analyze takes it); NAN when it
 * has no counter.  For grouping kernels' times otherwise (profile/ranges.h).
 */
double prof_launch_ns(const struct prof_rec *l);

/* Whether a row belongs in "worth fixing first": time at stake, and not at a ceiling. */
int prof_worth_fixing(const struct prof_kernel *k);

#endif
