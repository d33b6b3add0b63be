/*
 * profile/stalls: CUPTI's stall reason names read into states, and the
 * sentence a verdict gives.  The sampled figures are CUPTI's own, from a
 * PC-sampling probe on an H200 (bench/NOTES.md, the third session of
 * 2026-11-29): a pointer chase's 2159 samples and an FP64 chain's 4463.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "counters/counters.h"
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

/*
 * Nsight Compute's names on the H200 (its metric list, 2026-11-29): PC
 * sampling says no_instructions and warpgroup_arrive, WarpStateStats
 * no_instruction and gmma.
 */
static void sampling_names(void)
{
	int ni;

	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_no_instructions", &ni),
	       PS_NO_INSTRUCTION, "PC sampling's no_instructions is instruction fetch");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_no_instructions_not_issued", &ni),
	       PS_NO_INSTRUCTION, "  and its not-issued part");
	is_int(ni, 1, "  which is not to be added");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_no_instruction", &ni),
	       PS_NO_INSTRUCTION, "WarpStateStats' no_instruction");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_no_instructionsx", &ni), PS_OTHER,
	       "a longer name is another state");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_no_instructionz", &ni), PS_OTHER,
	       "one as long, another");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_warpgroup_arrive", &ni),
	       PS_WARPGROUP_ARRIVE, "warpgroup_arrive");
	is_int(prof_stall_of("smsp__pcsamp_warps_issue_stalled_gmma", &ni), PS_GMMA, "gmma");
}

/*
 * transpose_naive on the H200 (profile --stalls, 2026-11-29): 33678
 * samples, long_scoreboard 66.0 %, drain 16.2 %, short_scoreboard 6.0 %,
 * mio_throttle 5.6 %, lg_throttle 4.3 %, the rest (1.9 %) here as one
 * state under 1 %: selected 0.9 %, wait 0.6 %, not_selected 0.4 %.
 */
static void places_and_lists(void)
{
	struct prof_stalls st = { 0 };
	char *t;

	st.total = 1000;
	st.by[PS_LONG_SCOREBOARD] = 660;
	st.by[PS_DRAIN] = 162;
	st.by[PS_SHORT_SCOREBOARD] = 60;
	st.by[PS_MIO_THROTTLE] = 56;
	st.by[PS_LG_THROTTLE] = 43;
	st.by[PS_SELECTED] = 9;
	st.by[PS_WAIT] = 6;
	st.by[PS_NOT_SELECTED] = 4;
	t = prof_stalls_list(&st, 0.01);
	is_str(t, "long_scoreboard 66.0 %, drain 16.2 %, short_scoreboard 6.0 %, mio_throttle 5.6 %, "
	       "lg_throttle 4.3 %", "every state of 1 %% or more, most first");
	free(t);
	t = prof_stalls_list(&st, 0.005);
	is_str(t, "long_scoreboard 66.0 %, drain 16.2 %, short_scoreboard 6.0 %, mio_throttle 5.6 %, "
	       "lg_throttle 4.3 %, selected 0.9 %, wait 0.6 %", "  of 0.5 %%: issuing is listed too");
	free(t);
	t = prof_stalls_list(&st, 0.7);
	ok(t == NULL, "none as large: nothing listed");
	free(t);
	ok(prof_stalls_place(&st) == NULL, "no file, no offset: no place");
	st.hot_pc = 0x1a0;
	t = prof_stalls_place(&st);
	is_str(t, "offset 0x1a0", "no line table: the SASS offset");
	free(t);
	t = prof_stalls_text(&st);
	is_str(t, "66 % of samples wait on a global or local memory load (long scoreboard) at "
	       "offset 0x1a0 (no line: built without -lineinfo), 16 % on stores draining at the exit",
	       "  said in the verdict, with why");
	free(t);
	st.hot_file = "/work/main/tests/apps/transpose.cu";
	st.hot_line = 19;
	t = prof_stalls_place(&st);
	is_str(t, "/work/main/tests/apps/transpose.cu:19", "the place keeps the path");
	free(t);
	t = prof_stalls_text(&st);
	ok(t && strstr(t, "(long scoreboard) at transpose.cu:19, 16 %"),
	   "the verdict names the file alone: %s", t);
	free(t);
	st.total = 0;
	ok(prof_stalls_list(&st, 0.01) == NULL && prof_stalls_place(&st) == NULL,
	   "nothing sampled: no list, no place");
	ok(prof_stalls_list(NULL, 0.01) == NULL && prof_stalls_place(NULL) == NULL, "NULL: neither");
}

/*
 * bank_conflict<32> on the H200 (profile --stalls, 2026-11-29), 33942
 * samples: short scoreboard 45.3 %, mio throttle 39.1 %: a top of state 1,
 * the second under it named.
 */
static void edges(void)
{
	struct prof_stalls st = { 0 };
	double share;
	char *t;

	st.total = 1000;
	st.by[PS_SHORT_SCOREBOARD] = 453;
	st.by[PS_MIO_THROTTLE] = 391;
	is_int(prof_stalls_top(&st, &share), PS_SHORT_SCOREBOARD, "short scoreboard on top");
	t = prof_stalls_text(&st);
	is_str(t, "45 % of samples wait on shared memory or a special function (short scoreboard), "
	       "39 % on a full memory-input-output queue (mio throttle)", "  the mio throttle second");
	free(t);
	/* long scoreboard (state 0) second, at 20.4 %: named, rounded as 20 */
	memset(&st, 0, sizeof(st));
	st.total = 1000;
	st.by[PS_WAIT] = 300;
	st.by[PS_LONG_SCOREBOARD] = 204;
	t = prof_stalls_text(&st);
	is_str(t, "30 % of samples wait on a fixed-latency dependency (wait), 20 % on a global or "
	       "local memory load (long scoreboard)", "state 0 can be second");
	free(t);
	/* exactly 10 %: named; exactly 1 %: listed */
	st.by[PS_LONG_SCOREBOARD] = 100;
	st.by[PS_BARRIER] = 10;
	t = prof_stalls_text(&st);
	ok(t && strstr(t, ", 10 % on a global"), "a second of exactly 10 %% is named: %s", t);
	free(t);
	t = prof_stalls_list(&st, 0.01);
	is_str(t, "wait 30.0 %, long_scoreboard 10.0 %, barrier 1.0 %", "one of exactly 1 %% is listed");
	free(t);
	/* a tie: the states' order */
	st.by[PS_BARRIER] = 100;
	t = prof_stalls_list(&st, 0.01);
	is_str(t, "wait 30.0 %, long_scoreboard 10.0 %, barrier 10.0 %", "a tie in the states' order");
	free(t);
	/* one sample, one state */
	memset(&st, 0, sizeof(st));
	st.total = 1;
	st.by[PS_WAIT] = 1;
	is_int(prof_stalls_top(&st, &share), PS_WAIT, "one sample: its state");
	is_dbl(share, 1, 0, "  all of it");
	st.hot_pc = 0x40;
	t = prof_stalls_place(&st);
	is_str(t, "offset 0x40", "  its place");
	free(t);
	t = prof_stalls_list(&st, 0.01);
	is_str(t, "wait 100.0 %", "  its list");
	free(t);
	/* states without a total: nothing was sampled */
	st.total = 0;
	st.by[PS_WAIT] = 5;
	is_int(prof_stalls_top(&st, &share), -1, "states but no total: no top");
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

/*
 * A launch sampled that caught no sample of its kernel: PyTorch's
 * CUDAFunctor_add in a training loop on the H200 (2026-11-30), one sample
 * that CUPTI put in no user module.  Said, with the launch where known.
 */
static void none_caught(void)
{
	struct prof_stalls st = { 0 };
	char *t;

	ok(prof_stalls_none(&st) == NULL, "never sampled: nothing to say");
	ok(prof_stalls_none(NULL) == NULL, "NULL: nothing");
	st.empty = 1;
	st.empty_launch = 3;
	t = prof_stalls_none(&st);
	is_str(t, "its launch 3, PC-sampled, caught no sample (too short for the sampling period)",
	       "sampled, no sample: which launch");
	free(t);
	ok(prof_stalls_text(&st) == NULL, "  and no stall to name");
	st.empty_launch = 0;
	t = prof_stalls_none(&st);
	is_str(t, "its launch, PC-sampled, caught no sample (too short for the sampling period)",
	       "  its number not known: no number");
	free(t);
	/* another launch caught samples, even one: they speak, the empty one is not mentioned */
	st.total = 1;
	st.by[PS_WAIT] = 1;
	ok(prof_stalls_none(&st) == NULL, "a launch with one sample: nothing about the empty one");
}

/*
 * profile --count-stalls: bank_conflict<32>'s launch 4 on the H200
 * (tests/fixtures/profile-count-banks-*.records, 2026-11-30): its samples
 * short scoreboard first, its counted warp-cycles the MIO queue, as
 * Nsight Compute's WarpStateStats has them (65.9-66.1 %).  Where counted,
 * the shares are the counts'; the place stays the samples'.
 */
static void counted(void)
{
	struct prof_stalls st = { 0 };
	double share;
	size_t n;
	const enum ctr_id *ids = prof_stall_counters(&n);
	char *t;

	st.total = 33908;
	st.by[PS_SHORT_SCOREBOARD] = 15500;
	st.by[PS_MIO_THROTTLE] = 13600;
	st.by[PS_SELECTED] = 4808;
	st.hot_file = "/work/main/tests/apps/banks.cu";
	st.hot_line = 26;
	ok(!prof_stalls_counted(&st), "samples alone: not counted");
	is_int(prof_stalls_top(&st, &share), PS_SHORT_SCOREBOARD, "the samples' top");
	st.counted[PS_MIO_THROTTLE] = 660;
	st.counted[PS_SHORT_SCOREBOARD] = 200;
	st.counted[PS_WAIT] = 40;
	st.counted[PS_SELECTED] = 100;
	st.counted_total = 1000;
	ok(prof_stalls_counted(&st), "counted");
	st.counted_total = 0.5;
	ok(prof_stalls_counted(&st), "  any count at all");
	st.counted_total = 1000;
	is_int(prof_stalls_top(&st, &share), PS_MIO_THROTTLE, "counted: the counts' top");
	is_dbl(share, 0.66, 1e-12, "  its share of every warp-cycle");
	t = prof_stalls_list(&st, 0.05);
	is_str(t, "mio_throttle 66.0 %, short_scoreboard 20.0 %, selected 10.0 %",
	       "the list of the counts, most first");
	free(t);
	t = prof_stalls_text(&st);
	is_str(t, "66 % of warp cycles (counted) wait on a full memory-input-output queue (mio "
	       "throttle) at banks.cu:26, 20 % on shared memory or a special function (short "
	       "scoreboard)", "the sentence says they are counted; the place is the samples'");
	free(t);
	t = prof_stalls_place(&st);
	is_str(t, "/work/main/tests/apps/banks.cu:26", "the place: the samples'");
	free(t);
	/* the counters: one a state CUPTI counts; PC sampling's own states none */
	is_int(n, 19, "19 states counted");
	is_int(prof_stall_counter(PS_MIO_THROTTLE), CTR_WARPS_MIO_THROTTLE, "mio_throttle's counter");
	is_int(prof_stall_counter(PS_SELECTED), CTR_WARPS_SELECTED, "selected's");
	is_int(prof_stall_counter((enum prof_stall)0), CTR_WARPS_LONG_SCOREBOARD,
	       "the first state's (long scoreboard)");
	is_int(prof_stall_counter(PS_WARPGROUP_ARRIVE), CTR_COUNT, "warpgroup_arrive: sampled only");
	is_int(prof_stall_counter(PS_OTHER), CTR_COUNT, "other: none");
	is_int(prof_stall_counter((enum prof_stall)-1), CTR_COUNT, "out of range: none");
	is_int(prof_stall_counter(PS_N), CTR_COUNT, "past the end: none");
	for (size_t i = 0; i + 1 < n; i++)
		if (strcmp(ctr_name(ids[i]), ctr_name(ids[i + 1])) >= 0)
			ok(0, "by name: %s before %s", ctr_name(ids[i]), ctr_name(ids[i + 1]));
	is_str(ctr_name(ids[0]), "warps_barrier", "by name (6 passes on GH100, not 7): barrier first");
	is_str(ctr_name(ids[n - 1]), "warps_wait", "  wait last");
	for (int s = 0; s < PS_N; s++)
		if (prof_stall_counter((enum prof_stall)s) != CTR_COUNT)
			is_str(ctr_name(prof_stall_counter((enum prof_stall)s)) + strlen("warps_"),
			       prof_stall_code((enum prof_stall)s), "state %d's counter by its name", s);
}

int main(void)
{
	names();
	chase();
	dfma();
	sampling_names();
	places_and_lists();
	edges();
	nothing();
	none_caught();
	counted();
	return done_testing();
}
