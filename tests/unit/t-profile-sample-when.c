/*
 * profile/sample-when: when a launch that wants its PC samples takes them.
 * The expected moments are worked out by hand from the rule's words
 * (profile/sample-when.h): no turn to take, a settled program (32 launches
 * in a row without counters), or a kernel that waited twice, unless its
 * counted launch took under 10 us and not every kernel is wanted.
 */
#include <math.h>
#include "profile/sample-when.h"
#include "tests/unit/unit.h"

static void rule(void)
{
	struct prof_sample_when w = { .launch_ns = NAN };

	is_int(prof_sample_now(&w), 1, "no counter set open: nothing to close, sampled now");
	w.counting = 1;
	ok(!prof_sample_now(&w), "a set open, the program busy counting, a first wait: it waits");
	w.sampling = 1;
	is_int(prof_sample_now(&w), 1, "a turn of sampling is on already: sampled now");
	w.sampling = 0;
	w.quiet = 31;
	ok(!prof_sample_now(&w), "31 launches without counters: not settled yet");
	w.quiet = 32;
	ok(prof_sample_now(&w), "32: the program has settled, sampled now");
	w.quiet = 0;
	w.waited = 1;
	ok(!prof_sample_now(&w), "a kernel that waited once waits again");
	w.waited = 2;
	ok(prof_sample_now(&w), "twice: sampled now, it might not come back");
	w.launch_ns = 9999;
	ok(!prof_sample_now(&w), "twice, but its counted launch took under 10 us: it waits");
	w.waited = 1000;
	ok(!prof_sample_now(&w), "a short kernel waits however often it came back");
	w.quiet = 32;
	ok(prof_sample_now(&w), "... until the program has settled");
	w.quiet = 0;
	w.launch_ns = 10000;
	ok(prof_sample_now(&w), "10 us is not short: its waits count");
	w.sampling = 1;
	w.launch_ns = 1;
	is_int(prof_sample_now(&w), 1, "a short kernel with sampling on already: sampled now");
	w.sampling = 0;
	w.counting = 0;
	is_int(prof_sample_now(&w), 1, "a short kernel with no set open: sampled now");
	w.counting = 1;
	w.waited = 2;
	w.every = 1;
	ok(prof_sample_now(&w), "every kernel wanted (--stalls): a short one's waits count");
	w.waited = 1;
	ok(!prof_sample_now(&w), "... and it too waits twice");
}

/*
 * One kernel launched 5 times, as tests/apps do, its first launch counted
 * (a set stays open): the bookkeeping of inject/launch.c, by hand.  Its
 * launches 2 and 3 wait, the 4th is sampled.
 */
static int sampled_at(double launch_ns, int every)
{
	struct prof_sample_when w = { .counting = 1, .launch_ns = launch_ns, .every = every };

	for (int launch = 2; launch <= 5; launch++) {
		w.quiet = (unsigned)launch - 2;   /* launches between the counted one and this */
		if (prof_sample_now(&w))
			return launch;
		w.waited++;
	}
	return 0;
}

static void five_launches(void)
{
	/* tests/apps/transpose's tiled kernel: 36 us a launch on an H200 */
	is_int(sampled_at(36000, 0), 4, "the kernel is sampled at its 4th launch");
	is_int(sampled_at(NAN, 0), 4, "... as one whose counted launch has no time");
	/* a 2 us fill: the program never settles within its 5 launches */
	is_int(sampled_at(2000, 0), 0, "a 2 us kernel is not sampled in 5 launches");
	is_int(sampled_at(2000, 1), 4, "... but at its 4th under --stalls");
}

int main(void)
{
	rule();
	five_launches();
	return done_testing();
}
