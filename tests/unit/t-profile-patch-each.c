/*
 * profile/patch-each: which kernels profile --patch-each runs the program
 * again for (a memory or bank verdict worth fixing that names no
 * instruction yet, each kernel once), and what a run's records add to
 * the first run's.  The wastes are far from any threshold: 30 % of a
 * kernel's time is worth fixing by any measure, 1 % by none.
 */
#include <stdlib.h>
#include <string.h>
#include "profile/patch-each.h"
#include "util/error.h"
#include "tests/unit/unit.h"

static void kernel(struct prof_kernel *k, const char *name, int dev, enum prof_verdict v,
		   double waste, int known)
{
	k->kernel = (char *)name;
	k->dev = dev;
	k->verdict = v;
	k->waste = waste;
	k->where.known = known;
}

static void wanted(void)
{
	struct prof_analysis a = { 0 };
	size_t want[7] = { 0 }, n;

	a.n = 7;
	a.k = gp_xcalloc(a.n, sizeof(*a.k));   /* exactly: a read past it is ASan's */
	kernel(&a.k[0], "_Z1av", 0, PV_STORE_COALESCING, 0.30, 0);
	kernel(&a.k[1], "_Z1bv", 0, PV_SHARED_LOAD_CONFLICTS, 0.30, 1);   /* patched already */
	kernel(&a.k[2], "_Z1cv", 0, PV_LATENCY_BOUND, 0.30, 0);           /* no instruction to name */
	kernel(&a.k[3], "_Z1dv", 0, PV_LOAD_COALESCING, 0.01, 0);         /* not worth fixing */
	kernel(&a.k[4], "_Z1av", 1, PV_STORE_COALESCING, 0.30, 0);        /* a's, on device 1 */
	kernel(&a.k[5], "_Z1ev", 1, PV_SHARED_STORE_CONFLICTS, 0.30, 0);
	kernel(&a.k[6], "_Z1fv", 0, PV_MEMORY_BOUND, 0.30, 0);
	n = prof_patch_wanted(&a, want);
	is_int(n, 2, "two kernels to run again for");
	is_int(want[0], 0, "the store verdict's, first");
	is_int(want[1], 5, "the shared-store conflict's; a's other device not again");
	a.k[0].where.known = 1;
	n = prof_patch_wanted(&a, want);
	is_int(n, 2, "a patched on device 0: its device-1 row still wants a run");
	is_int(want[0], 4, "... device 1's a");
	a.n = 0;
	is_int(prof_patch_wanted(&a, want), 0, "no kernel, no run");
	free(a.k);
}

static struct prof_rec rec(enum prof_type t, const char *kernel, unsigned long long executed)
{
	struct prof_rec r;

	prof_rec_init(&r, t, 2);
	r.kernel = kernel ? gp_xstrdup(kernel) : NULL;
	r.inst_executed = executed;
	return r;
}

static struct prof_rec note(const char *level, const char *text)
{
	struct prof_rec r = rec(PROF_NOTE, NULL, 0);

	r.level = level ? gp_xstrdup(level) : NULL;
	r.text = text ? gp_xstrdup(text) : NULL;
	return r;
}

static void merge(void)
{
	struct prof_records rs = { 0 }, run = { 0 };
	struct prof_rec r;
	size_t moved;

	prof_rec_init(&r, PROF_HELLO, 1);
	prof_records_push(&rs, &r);
	r = rec(PROF_PC, "_Z1av", 10);
	r.hot_pc = 0x10;
	prof_records_push(&run, &r);
	r = rec(PROF_LAUNCH, "_Z1av", 0);
	prof_records_push(&run, &r);
	r = rec(PROF_TIME, "_Z1av", 0);
	prof_records_push(&run, &r);
	r = rec(PROF_DEVICE, NULL, 0);
	r.cc_major = 9;
	prof_records_push(&run, &r);
	r = rec(PROF_PC, "_Z1bv", 5);     /* another kernel's */
	prof_records_push(&run, &r);
	r = rec(PROF_PC, "_Z1av", 0);     /* samples, no counts */
	r.stall_samples = 3;
	prof_records_push(&run, &r);
	r = rec(PROF_PC, NULL, 7);        /* no kernel named */
	prof_records_push(&run, &r);
	r = note("warning", "CUPTI refused");
	prof_records_push(&run, &r);
	r = note("debug", "a line of -v");
	prof_records_push(&run, &r);
	r = note(NULL, "no level");
	prof_records_push(&run, &r);
	r = note("warning", NULL);
	prof_records_push(&run, &r);
	r = rec(PROF_END, NULL, 0);
	prof_records_push(&run, &r);

	moved = prof_patch_merge(&rs, &run, "_Z1av", "a<0>");
	is_int(moved, 1, "one pc record with counts of the kernel");
	is_int(rs.n, 5, "the first run's record, then the device, the pc record, two warnings");
	is_int(rs.v[0].type, PROF_HELLO, "the first run's records stay first");
	is_int(rs.v[1].type, PROF_PC, "the pc record");
	is_int(rs.v[1].hot_pc, 0x10, "... its offset");
	is_str(rs.v[1].kernel, "_Z1av", "... its kernel");
	ok(!rs.v[1].text, "... no text added to it");
	is_int(rs.v[2].type, PROF_DEVICE, "the device record (the instructions' names need it)");
	is_int(rs.v[2].cc_major, 9, "... as it was");
	is_int(rs.v[3].type, PROF_NOTE, "the warning");
	is_str(rs.v[3].text, "the run patching a<0>: CUPTI refused", "... saying whose run");
	is_str(rs.v[4].text, "the run patching a<0>: ", "a warning without a text");
	is_int(run.n, 12, "the run keeps its slots");
	is_int(run.v[0].type, PROF_NOTE, "what moved is left an empty record");
	ok(!run.v[0].kernel && !run.v[0].text, "... holding no string");
	is_int(run.v[1].type, PROF_LAUNCH, "the launch stays the run's");
	is_str(run.v[1].kernel, "_Z1av", "... whole");
	is_int(run.v[4].type, PROF_PC, "another kernel's pc record stays");
	is_int(run.v[5].stall_samples, 3, "a sampled one stays");
	is_str(run.v[8].text, "a line of -v", "a debug note stays, unchanged");
	is_int(prof_patch_merge(&rs, &run, "_Z1av", "a<0>"), 0, "merged twice: nothing more");
	is_int(rs.n, 5, "... not even the device record: it moved once");
	prof_records_free(&run);
	prof_records_free(&rs);
}

int main(void)
{
	wanted();
	merge();
	return done_testing();
}
