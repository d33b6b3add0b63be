/*
 * profile/count-stalls: which launches profile --count-stalls' run counts
 * (each sampled kernel's most sampled launch, by number), and how the
 * counts join the first run's records (the same kernel, device and
 * launch number, once).  The records are made here; the numbers are
 * arbitrary and worked out by hand.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "profile/count-stalls.h"
#include "profile/stalls.h"
#include "util/error.h"
#include "tests/unit/unit.h"

static void push(struct prof_records *rs, enum prof_type t, const char *kernel, int dev,
		 unsigned long long nth, unsigned long long samples)
{
	struct prof_rec r;

	prof_rec_init(&r, t, 1);
	r.kernel = kernel ? gp_xstrdup(kernel) : NULL;
	r.dev = dev;
	r.nth = nth;
	r.stall_samples = samples;
	r.sampled = samples > 0;
	prof_records_push(rs, &r);
}

/* rs's array cut to its records: a read past them is ASan's */
static void exact(struct prof_records *rs)
{
	rs->v = realloc(rs->v, rs->n * sizeof(*rs->v));
	rs->cap = rs->n;
}

static void count_at(void)
{
	struct prof_records rs = { 0 };
	char *at;

	ok(prof_count_at(&rs) == NULL, "no record: nothing to count");
	push(&rs, PROF_LAUNCH, "_Z1ev", 0, 7, 10);      /* the first record, sampled */
	push(&rs, PROF_LAUNCH, "_Z1ev", 0, 8, 20);      /* e's most, right after */
	push(&rs, PROF_LAUNCH, "_Z1fv", 0, 2, 10);
	push(&rs, PROF_LAUNCH, "_Z1fv", 0, 3, 11);      /* f's most, right after */
	push(&rs, PROF_LAUNCH, "_Z1gv", 0, 5, 30);
	push(&rs, PROF_LAUNCH, "_Z1gv", 0, 6, 30);      /* a tie: the first stays */
	exact(&rs);
	at = prof_count_at(&rs);
	is_str(at, "8:_Z1ev 3:_Z1fv 5:_Z1gv", "each kernel once, from the first record on; the "
	       "most sampled, the first of a tie");
	free(at);
	prof_records_free(&rs);
	push(&rs, PROF_LAUNCH, "_Z1av", 0, 1, 0);       /* counted, not sampled */
	push(&rs, PROF_TIME, "_Z1bv", 0, 0, 0);
	ok(prof_count_at(&rs) == NULL, "nothing sampled: nothing to count");
	push(&rs, PROF_LAUNCH, "_Z1av", 0, 4, 300);
	push(&rs, PROF_LAUNCH, "_Z1bv", 0, 2, 50);
	push(&rs, PROF_LAUNCH, "_Z1av", 0, 9, 900);     /* a's most sampled */
	push(&rs, PROF_LAUNCH, "_Z1bv", 0, 3, 20);
	push(&rs, PROF_LAUNCH, "_Z1cv", 0, 5, 0);       /* sampled, caught nothing */
	push(&rs, PROF_LAUNCH, NULL, 0, 6, 10);         /* no kernel named */
	push(&rs, PROF_PC, "_Z1dv", 0, 2, 70);          /* an instruction's, not a launch */
	exact(&rs);
	at = prof_count_at(&rs);
	is_str(at, "9:_Z1av 2:_Z1bv", "each kernel once, in order, at its most sampled launch");
	free(at);
	prof_records_free(&rs);
}

static void counts(struct prof_rec *r, double mio, double selected)
{
	r->ctr[CTR_WARPS_MIO_THROTTLE] = mio;
	r->ctr[CTR_WARPS_SELECTED] = selected;
}

static void merge(void)
{
	struct prof_records rs = { 0 }, run = { 0 };

	push(&rs, PROF_LAUNCH, "_Z1av", 0, 1, 0);       /* 0 */
	push(&rs, PROF_LAUNCH, "_Z1av", 0, 4, 300);     /* 1: a's sampled launch */
	push(&rs, PROF_LAUNCH, "_Z1bv", 1, 2, 50);      /* 2: b's, on device 1 */
	push(&rs, PROF_LAUNCH, "_Z1cv", 0, 2, 50);      /* 3: c's, not counted */
	push(&rs, PROF_LAUNCH, "_Z1av", 0, 4, 0);       /* 4: a launch 4 with no sample */
	push(&run, PROF_TIME, "_Z1av", 0, 4, 0);        /* not a launch, first */
	run.v[0].ctr[CTR_WARPS_MIO_THROTTLE] = 5;
	push(&run, PROF_LAUNCH, NULL, 0, 4, 0);         /* no kernel named */
	counts(&run.v[1], 3, 3);
	push(&run, PROF_LAUNCH, "_Z1av", 0, 4, 0);
	counts(&run.v[2], 660, 100);
	push(&run, PROF_LAUNCH, "_Z1bv", 0, 2, 0);      /* b on device 0: not b's sampled one */
	counts(&run.v[3], 1, 1);
	push(&run, PROF_LAUNCH, "_Z1bv", 1, 2, 0);
	counts(&run.v[4], NAN, 50);                      /* one counter failed: 0 */
	push(&run, PROF_LAUNCH, "_Z1cv", 0, 2, 0);      /* no warp-state count at all */
	run.v[5].ctr[CTR_GLOBAL_LOAD_SECTORS] = 1;
	push(&run, PROF_LAUNCH, "_Z1av", 0, 3, 0);      /* another launch of a */
	counts(&run.v[6], 7, 7);
	exact(&rs);
	is_int(prof_count_merge(&rs, &run), 2, "a's and b's sampled launches get counts");
	ok(!rs.v[0].warps_counted, "a's counted launch: none");
	is_int(rs.v[1].warps_counted, 1, "a's sampled launch 4: counted");
	is_dbl(rs.v[1].warps[PS_MIO_THROTTLE], 660, 0, "  its mio_throttle");
	is_dbl(rs.v[1].warps[PS_SELECTED], 100, 0, "  its selected");
	is_dbl(rs.v[1].warps[PS_WAIT], 0, 0, "  a state not read: 0");
	is_dbl(rs.v[1].warps[PS_WARPGROUP_ARRIVE], 0, 0, "  a state no counter counts: 0");
	ok(rs.v[2].warps_counted, "b's, on its device");
	is_dbl(rs.v[2].warps[PS_MIO_THROTTLE], 0, 0, "  a counter that failed: 0");
	is_dbl(rs.v[2].warps[PS_SELECTED], 50, 0, "  the others as read");
	ok(!rs.v[3].warps_counted, "c's: its run counted nothing");
	ok(!rs.v[4].warps_counted, "a launch with no sample: nothing");
	is_int(prof_count_merge(&rs, &run), 0, "merged again: every sampled launch has its counts");
	is_dbl(rs.v[1].warps[PS_MIO_THROTTLE], 660, 0, "  and keeps them");
	prof_records_free(&run);
	prof_records_free(&rs);
}

/* The sampled launch first in the records, another launch number of it before the one counted. */
static void merge_first(void)
{
	struct prof_records rs = { 0 }, run = { 0 };

	push(&rs, PROF_LAUNCH, "_Z1av", 0, 4, 300);
	push(&rs, PROF_LAUNCH, "_Z1bv", 0, 2, 10);
	push(&rs, PROF_LAUNCH, "_Z1bv", 0, 3, 10);
	exact(&rs);
	push(&run, PROF_LAUNCH, "_Z1av", 0, 4, 0);
	run.v[0].ctr[CTR_WARPS_BARRIER] = 9;            /* the first counter by name alone */
	push(&run, PROF_LAUNCH, "_Z1bv", 0, 3, 0);
	counts(&run.v[1], 1, 2);
	exact(&run);
	is_int(prof_count_merge(&rs, &run), 2, "both merged");
	is_dbl(rs.v[0].warps[PS_BARRIER], 9, 0, "the first record: its barrier");
	ok(!rs.v[1].warps_counted, "b's launch 2: not the one counted");
	is_int(rs.v[2].warps_counted, 1, "b's launch 3 got them");
	prof_records_free(&run);
	prof_records_free(&rs);
}

int main(void)
{
	count_at();
	merge();
	merge_first();
	return done_testing();
}
