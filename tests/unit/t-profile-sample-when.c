/*
 * profile/sample-when: when a launch that wants its PC samples takes them.
 * The expected moments are worked out by hand from the rule's words
 * (profile/sample-when.h): no turn to take, a settled program (32 launches
 * in a row without counters), or a kernel that waited twice.
 */
#include "profile/sample-when.h"
#include "tests/unit/unit.h"

static void rule(void)
{
	struct prof_sample_when w = { 0 };

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
}

/*
 * One kernel launched 5 times, as tests/apps do, its first launch counted
 * (a set stays open): the bookkeeping of inject/launch.c, by hand.  Its
 * launches 2 and 3 wait, the 4th is sampled.
 */
static void five_launches(void)
{
	struct prof_sample_when w = { .counting = 1 };
	int sampled_at = 0;

	for (int launch = 2; launch <= 5 && !sampled_at; launch++) {
		w.quiet = (unsigned)launch - 2;   /* launches between the counted one and this */
		if (prof_sample_now(&w))
			sampled_at = launch;
		else
			w.waited++;
	}
	is_int(sampled_at, 4, "the kernel is sampled at its 4th launch");
}

int main(void)
{
	rule();
	five_launches();
	return done_testing();
}
