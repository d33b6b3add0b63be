/*
 * PC sampling's stall reasons: CUPTI's names read into results/stalls.h's
 * states, and the sentence a latency-bound or underfilled verdict gives
 * of them ("99 % of samples wait on a global or local memory load (long
 * scoreboard) at chase.cu:39").  Pure C.
 */
#ifndef GP_PROFILE_STALLS_H
#define GP_PROFILE_STALLS_H

#include <stddef.h>
#include "counters/counters.h"
#include "results/stalls.h"

/*
 * The state of a CUPTI stall reason name ("smsp__pcsamp_warps_issue_stalled_
 * long_scoreboard", with or without its prefix); *not_issued is 1 for the
 * "_not_issued" variant, whose samples the plain one already counts
 * (they are a subset, and are not to be added).  PS_OTHER for a name of
 * no known state; -1 for NULL or a name that is no stall reason.
 */
int prof_stall_of(const char *name, int *not_issued);

/* "long_scoreboard", ...; NULL out of range. */
const char *prof_stall_code(enum prof_stall s);
/* "a global or local memory load (long scoreboard)", ...; NULL out of range. */
const char *prof_stall_phrase(enum prof_stall s);

/* Whether s is a stall (a warp that could not issue): not selected or issuing are not. */
int prof_stall_is_stall(enum prof_stall s);

/*
 * The counter of state s's warp-cycles (CTR_WARPS_*), CTR_COUNT for a
 * state no counter counts (warpgroup_arrive and other: PC sampling's
 * alone); and every such counter, *n of them, for profile
 * --count-stalls' run.
 */
enum ctr_id prof_stall_counter(enum prof_stall s);
const enum ctr_id *prof_stall_counters(size_t *n);

/* Whether st's shares are counted warp-cycles (profile --count-stalls), not samples. */
int prof_stalls_counted(const struct prof_stalls *st);

/*
 * The stall with the most samples (counted warp-cycles, where counted),
 * and its share of every sample (0-1): -1 where nothing was sampled or no
 * sample was a stall.  So do the functions below.
 */
int prof_stalls_top(const struct prof_stalls *st, double *share);

/*
 * Where the top stall's samples gather: "chase.cu:17", or "offset 0x1a0"
 * (the SASS offset, where the module has no line table); NULL where not
 * known.  Malloc'd.
 */
char *prof_stalls_place(const struct prof_stalls *st);

/*
 * Every state of at least min_share (0-1) of the samples, most first:
 * "long_scoreboard 98.7 %, selected 0.8 %"; NULL where nothing was
 * sampled.  Malloc'd.
 */
char *prof_stalls_list(const struct prof_stalls *st, double min_share);

/*
 * What the warps wait on, for a verdict: the top stall's share and
 * place, and a second stall's where it holds 10 % or more; NULL where
 * nothing was sampled.  Malloc'd.
 */
char *prof_stalls_text(const struct prof_stalls *st);

/*
 * Where a launch was sampled and caught no sample of the kernel's code (a
 * launch shorter than the sampling period): "its launch 3, PC-sampled,
 * caught no sample (too short for the sampling period)"; NULL where a
 * sample was caught or none was taken.  Malloc'd.
 */
char *prof_stalls_none(const struct prof_stalls *st);

#endif
