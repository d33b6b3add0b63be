/*
 * gpuperf profile's runs of the program after the first: --patch-each's,
 * one a kernel to patch (profile/patch-each.h), and --count-stalls', one
 * to count the sampled launches' warp states (profile/count-stalls.h).
 * Their output is discarded and they read no input; their records join
 * the first run's before the analysis.
 */
#ifndef GP_PROFILE_RERUN_H
#define GP_PROFILE_RERUN_H

#include "profile/analyze.h"
#include "profile/record.h"
#include "profile/spawn.h"

/* The records of a run, as far as they decode: a damaged tail is a warning, not the end. */
void profile_decode(const struct prof_child *r, struct prof_records *rs);

/*
 * --patch-each: the program again for each kernel of rs whose verdict
 * names no instruction (judged with po), patching it.  first: the first
 * run's options (its library, -v); status: its exit status.
 */
void profile_patch_each(char *const program[], const struct prof_spawn_opts *first,
			const struct prof_opts *po, int status, struct prof_records *rs);

/* --count-stalls: the program again, counting the warp states of rs's sampled launches. */
void profile_count_stalls(char *const program[], const struct prof_spawn_opts *first,
			  int status, struct prof_records *rs);

#endif
