/* gpuperf profile's later runs: profile/rerun.h says which. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "profile/rerun.h"
#include "profile/count-stalls.h"
#include "profile/patch-each.h"
#include "util/error.h"

void profile_decode(const struct prof_child *r, struct prof_records *rs)
{
	char *err = NULL;

	if (prof_decode(r->records, r->len, rs, &err)) {
		gp_warn("%s; the records before it are used", err);
		free(err);
	}
}

/*
 * The program run again as ro says, "the run WHAT", its records into
 * *run.  0, or 1 to stop the runs: it could not start, or ended by what
 * would end gpuperf (the user, or a batch system).
 */
static int run_again(char *const program[], const struct prof_spawn_opts *ro, const char *what,
		     int status, struct prof_records *run)
{
	struct prof_child r;
	int stop;

	if (prof_spawn(program, ro, &r))
		return 1;   /* said already */
	stop = r.signal == SIGINT || r.signal == SIGTERM || r.signal == SIGHUP;
	profile_decode(&r, run);
	if (r.status != status)
		gp_warn("the run %s ended with status %d, the first run with %d: its counts may "
			"not be of the same work", what, r.status, status);
	prof_child_free(&r);
	return stop;
}

/* A run patching k: its records into rs.  0, or 1 to stop. */
static int patch_run(char *const program[], const struct prof_spawn_opts *first,
		     const struct prof_kernel *k, int status, struct prof_records *rs)
{
	/* nothing counted or sampled: k's first launch patched */
	struct prof_spawn_opts ro = { .inject_lib = first->inject_lib, .verbose = first->verbose,
				      .patch_kernel = k->kernel, .quiet = 1 };
	struct prof_records run = { 0 };
	char *what = gp_xasprintf("patching %s", k->short_name);
	int stop = run_again(program, &ro, what, status, &run);

	if (!prof_patch_merge(rs, &run, k->kernel, k->short_name))
		gp_warn("the run %s counted none of its instructions: its verdict names no "
			"instruction", what);
	prof_records_free(&run);
	free(what);
	return stop;
}

void profile_patch_each(char *const program[], const struct prof_spawn_opts *first,
			const struct prof_opts *po, int status, struct prof_records *rs)
{
	struct prof_analysis pre;
	size_t *want, n;

	if (prof_analyze(rs, po, &pre))
		return;
	want = gp_xcalloc(pre.n ? pre.n : 1, sizeof(*want));
	n = prof_patch_wanted(&pre, want);
	for (size_t i = 0; i < n; i++) {
		gp_note("running the program again (%zu of %zu) to patch %s", i + 1, n,
			pre.k[want[i]].short_name);
		if (patch_run(program, first, &pre.k[want[i]], status, rs)) {
			if (i + 1 < n)
				gp_warn("stopped: %zu kernel%s not patched", n - i - 1,
					n - i - 1 == 1 ? "" : "s");
			break;
		}
	}
	free(want);
	prof_analysis_free(&pre);
}

/* How many kernels a "NTH:KERNEL ..." list names. */
static size_t listed(const char *at)
{
	size_t n = 1;

	for (const char *p = at; (p = strchr(p, ' ')); p++)
		n++;
	return n;
}

void profile_count_stalls(char *const program[], const struct prof_spawn_opts *first,
			  int status, struct prof_records *rs)
{
	char *at = prof_count_at(rs);
	/* the warp states alone, one launch of each kernel in at */
	struct prof_spawn_opts ro = { .inject_lib = first->inject_lib, .launches = 1,
				      .verbose = first->verbose, .quiet = 1, .count_at = at };
	struct prof_records run = { 0 };
	size_t n, got;

	if (!at)
		return;   /* no launch caught samples: nothing to count */
	n = listed(at);
	gp_note("running the program again to count the warp states of %zu sampled launch%s",
		n, n == 1 ? "" : "es");
	run_again(program, &ro, "counting the warp states", status, &run);
	for (size_t i = 0; i < run.n; i++)
		if (run.v[i].type == PROF_NOTE && run.v[i].level &&
		    !strcmp(run.v[i].level, "warning"))
			gp_warn("the run counting the warp states: %s", run.v[i].text);
	if ((got = prof_count_merge(rs, &run)) < n)
		gp_warn("%zu of %zu sampled launches got no warp-state counts (the launch did not "
			"come again, or counters failed there): their shares are the samples'",
			n - got, n);
	prof_records_free(&run);
	free(at);
}
