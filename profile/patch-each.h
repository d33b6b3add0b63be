/*
 * profile --patch-each.  CUPTI 13.0 patches one kernel a process
 * (inject/sass.c), so one run of the program names the instruction of one
 * memory or bank verdict.  With --patch-each gpuperf runs the program
 * again once for each other kernel whose verdict would name one (as
 * Nsight Compute's application replay does), the library patching that
 * kernel's first launch (GPUPERF_PROFILE_SASS_KERNEL), and the runs'
 * per-instruction counts join the first run's records.  Pure: no CUDA,
 * no I/O.
 *
 *     size_t *want = gp_xcalloc(a.n, sizeof(*want));
 *     size_t n = prof_patch_wanted(&a, want);     // indexes into a.k
 *     ... run the program again for a.k[want[i]].kernel, decode into run ...
 *     prof_patch_merge(&records, &run, a.k[want[i]].kernel, a.k[want[i]].short_name);
 */
#ifndef GP_PROFILE_PATCH_EACH_H
#define GP_PROFILE_PATCH_EACH_H

#include <stddef.h>
#include "profile/record.h"
#include "results/profile-analysis.h"

/*
 * The rows of a whose verdict would name its instruction (a memory or bank
 * verdict worth fixing, as the library picks its one kernel) and does not:
 * their indexes into a->k, a kernel on several devices once, into want
 * (a->n of room).  Returns how many.
 */
size_t prof_patch_wanted(const struct prof_analysis *a, size_t *want);

/*
 * Move into rs what a run patching kernel (mangled) adds to the first
 * run's: its device records (the instructions' names need them) and its pc
 * records with counts of that kernel; its warnings too, each saying it
 * came from the run for label.  What is moved is left empty in run, so
 * prof_records_free(run) stays right.  Returns the pc records moved.
 */
size_t prof_patch_merge(struct prof_records *rs, struct prof_records *run, const char *kernel,
			const char *label);

#endif
