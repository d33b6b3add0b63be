/*
 * profile/stalls: CUPTI's stall reason names read into states, and the
 * sentence a verdict gives.  The sampled figures are CUPTI's own, from a
 * PC-sampling probe on an H200 (bench/NOTES.md, the third session of
 * 2026-11-29): a pointer chase's 2159 samples and an FP64 chain's 4463.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "profile/stalls.h"
#include "tests/unit/unit.h"

static void names(void)
{
	int ni;

	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_long_scoreboard", &ni),
	       PS_LONG_SCOREBOARD, "CUPTI's full name");
	is_int(ni, 0, "the plain reason counts");
	is_int(prof_stall_of("warps_issue_stalled_long_scoreboard_not_issued", &ni),
	       PS_LONG_SCOREBOARD, "without the prefix, the not-issued variant");
	is_int(ni, 1, "which is a subset, flagged");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_selected", &ni), PS_SELECTED,
	       "selected is a state");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_tensor_wait", &ni), PS_OTHER,
	       "an unknown stall is other, not dropped");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_", &ni), PS_OTHER,
	       "an empty reason is other");
	is_int(prof_stall_of("smsp__pcsamp_sample_count", &ni), -1, "no stall reason at all");
	is_int(prof_stall_of(NULL, &ni), -1, "NULL");
	is_int(prof_stall_of("warps_issue_stalled__not_issued", &ni), PS_OTHER,
	       "a not-issued variant of nothing");
	is_int(ni, 1, "still flagged");
	for (int s = 0; s < PS_N; s++) {
		char name[96];

		snprintf(name, sizeof(name), "warps_issue_stalled_%s", prof_stall_code(s));
		ok(prof_stall_of(name, &ni) == s && prof_stall_phrase(s) && *prof_stall_phrase(s),
		   "%s reads back, with a phrase", prof_stall_code(s));
	}
	ok(!prof_stall_code(PS_N) && !prof_stall_phrase(PS_N) &&
	   !prof_stall_code((enum prof_stall)-1), "nothing out of range");
	ok(!prof_stall_is_stall(PS_SELECTED) && !prof_stall_is_stall(PS_NOT_SELECTED) &&
	   prof_stall_is_stall(PS_BARRIER) && prof_stall_is_stall(PS_OTHER) &&
	   !prof_stall_is_stall(PS_N), "issuing and ready are no stalls");
}

static void chase(void)
{
	struct prof_stalls st = { 0 };
	double share;
	char *t;

	/* the chase: long_scoreboard 2137, wait 20, selected 2 of 2159 */
	st.by[PS_LONG_SCOREBOARD] = 2137;
	st.by[PS_WAIT] = 20;
	st.by[PS_SELECTED] = 2;
	st.total = 2159;
	is_int(prof_stalls_top(&st, &share), PS_LONG_SCOREBOARD, "the chase waits on its loads");
	is_dbl(share, 2137.0 / 2159, 1e-12, "98.98 %% of its samples");
	t = prof_stalls_text(&st);
	is_str(t, "99 % of samples wait on a global or local memory load (long scoreboard)",
	       "no place without line info, no second stall under 10 %%");
	free(t);
	st.hot_file = "kern2.cu";
	st.hot_line = 39;
	t = prof_stalls_text(&st);
	is_str(t, "99 % of samples wait on a global or local memory load (long scoreboard) "
	       "at kern2.cu:39", "the chase's line");
	free(t);
}

static void dfma(void)
{
	struct prof_stalls st = { 0 };
	double share;
	char *t;

	/*
	 * The FP64 chain: wait 2292, selected 866, math_pipe_throttle 613 of
	 * 4463; the probe listed its top five counts only, the rest (692
	 * samples, each state under 553) go to not_selected, no stall, which
	 * moves neither the reasons nor their shares.
	 */
	st.by[PS_WAIT] = 2292;
	st.by[PS_SELECTED] = 866;
	st.by[PS_MATH_PIPE_THROTTLE] = 613;
	st.by[PS_NOT_SELECTED] = 692;
	st.total = 4463;
	is_int(prof_stalls_top(&st, &share), PS_WAIT, "the chain waits on its dependency");
	is_dbl(share, 2292.0 / 4463, 1e-12, "51.4 %%");
	st.hot_file = "kern2.cu";
	st.hot_line = 29;
	t = prof_stalls_text(&st);
	is_str(t, "51 % of samples wait on a fixed-latency dependency (wait) at kern2.cu:29, "
	       "14 % on a busy math pipe", "a second stall of 13.7 %% is named");
	free(t);
	st.by[PS_MATH_PIPE_THROTTLE] = 0.0999 * 4463;
	t = prof_stalls_text(&st);
	ok(t && !strstr(t, "math pipe"), "one under 10 %% is not: %s", t);
	free(t);
}

static void nothing(void)
{
	struct prof_stalls st = { 0 };
	double share;

	is_int(prof_stalls_top(&st, &share), -1, "no samples: no top");
	ok(isnan(share), "and no share");
	ok(prof_stalls_text(&st) == NULL, "and no text");
	is_int(prof_stalls_top(NULL, &share), -1, "NULL: no top");
	st.by[PS_SELECTED] = 10;
	st.total = 10;
	is_int(prof_stalls_top(&st, &share), -1, "only issuing: no stall to name");
	ok(prof_stalls_text(&st) == NULL, "nor a text");
}

int main(void)
{
	names();
	chase();
	dfma();
	nothing();
	return done_testing();
}
