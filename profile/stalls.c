/* PC sampling's stall reasons read and worded (see stalls.h). */
#include "profile/stalls.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"

static const struct {
	const char *code, *phrase;
} states[PS_N] = {
	[PS_LONG_SCOREBOARD] = { "long_scoreboard",
				 "a global or local memory load (long scoreboard)" },
	[PS_SHORT_SCOREBOARD] = { "short_scoreboard",
				  "shared memory or a special function (short scoreboard)" },
	[PS_BARRIER] = { "barrier", "a barrier" },
	[PS_MEMBAR] = { "membar", "a memory fence" },
	[PS_WAIT] = { "wait", "a fixed-latency dependency (wait)" },
	[PS_MATH_PIPE_THROTTLE] = { "math_pipe_throttle", "a busy math pipe" },
	[PS_MIO_THROTTLE] = { "mio_throttle", "a full memory-input-output queue (mio throttle)" },
	[PS_LG_THROTTLE] = { "lg_throttle", "a full local/global memory queue (lg throttle)" },
	[PS_TEX_THROTTLE] = { "tex_throttle", "a full texture queue" },
	[PS_NO_INSTRUCTION] = { "no_instruction", "instruction fetch" },
	[PS_IMC_MISS] = { "imc_miss", "the constant cache (imc miss)" },
	[PS_BRANCH_RESOLVING] = { "branch_resolving", "a branch target" },
	[PS_DISPATCH_STALL] = { "dispatch_stall", "the dispatcher" },
	[PS_DRAIN] = { "drain", "stores draining at the exit" },
	[PS_SLEEPING] = { "sleeping", "a sleep" },
	[PS_GMMA] = { "gmma", "a warpgroup MMA's operands" },
	[PS_WARPGROUP_ARRIVE] = { "warpgroup_arrive", "a warpgroup's arrive barrier" },
	[PS_MISC] = { "misc", "something else (misc)" },
	[PS_NOT_SELECTED] = { "not_selected", "another warp's issue (not selected)" },
	[PS_SELECTED] = { "selected", "nothing: issuing (selected)" },
	[PS_OTHER] = { "other", "a state this gpuperf does not know" },
};

#define PREFIX "smsp__pcsamp_"
#define STALLED "warps_issue_stalled_"
#define NOT_ISSUED "_not_issued"

int prof_stall_of(const char *name, int *not_issued)
{
	size_t n;

	*not_issued = 0;
	if (!name)
		return -1;
	if (!strncmp(name, PREFIX, strlen(PREFIX)))
		name += strlen(PREFIX);
	if (strncmp(name, STALLED, strlen(STALLED)))
		return -1;
	name += strlen(STALLED);
	n = strlen(name);
	if (n >= strlen(NOT_ISSUED) && !strcmp(name + n - strlen(NOT_ISSUED), NOT_ISSUED)) {
		*not_issued = 1;
		n -= strlen(NOT_ISSUED);
	}
	for (int s = 0; s < PS_OTHER; s++)
		if (strlen(states[s].code) == n && !strncmp(name, states[s].code, n))
			return s;
	/* PC sampling's name where Nsight Compute's WarpStateStats has another */
	if (n == strlen("no_instructions") && !strncmp(name, "no_instructions", n))
		return PS_NO_INSTRUCTION;
	return PS_OTHER;
}

const char *prof_stall_code(enum prof_stall s)
{
	return (int)s >= 0 && s < PS_N ? states[s].code : NULL;
}

const char *prof_stall_phrase(enum prof_stall s)
{
	return (int)s >= 0 && s < PS_N ? states[s].phrase : NULL;
}

int prof_stall_is_stall(enum prof_stall s)
{
	return (int)s >= 0 && s < PS_N && s != PS_SELECTED && s != PS_NOT_SELECTED;
}

static const enum ctr_id counters[PS_N] = {
	[PS_LONG_SCOREBOARD] = CTR_WARPS_LONG_SCOREBOARD,
	[PS_SHORT_SCOREBOARD] = CTR_WARPS_SHORT_SCOREBOARD,
	[PS_BARRIER] = CTR_WARPS_BARRIER,
	[PS_MEMBAR] = CTR_WARPS_MEMBAR,
	[PS_WAIT] = CTR_WARPS_WAIT,
	[PS_MATH_PIPE_THROTTLE] = CTR_WARPS_MATH_PIPE_THROTTLE,
	[PS_MIO_THROTTLE] = CTR_WARPS_MIO_THROTTLE,
	[PS_LG_THROTTLE] = CTR_WARPS_LG_THROTTLE,
	[PS_TEX_THROTTLE] = CTR_WARPS_TEX_THROTTLE,
	[PS_NO_INSTRUCTION] = CTR_WARPS_NO_INSTRUCTION,
	[PS_IMC_MISS] = CTR_WARPS_IMC_MISS,
	[PS_BRANCH_RESOLVING] = CTR_WARPS_BRANCH_RESOLVING,
	[PS_DISPATCH_STALL] = CTR_WARPS_DISPATCH_STALL,
	[PS_DRAIN] = CTR_WARPS_DRAIN,
	[PS_SLEEPING] = CTR_WARPS_SLEEPING,
	[PS_GMMA] = CTR_WARPS_GMMA,
	[PS_WARPGROUP_ARRIVE] = CTR_COUNT,
	[PS_MISC] = CTR_WARPS_MISC,
	[PS_NOT_SELECTED] = CTR_WARPS_NOT_SELECTED,
	[PS_SELECTED] = CTR_WARPS_SELECTED,
	[PS_OTHER] = CTR_COUNT,
};

enum ctr_id prof_stall_counter(enum prof_stall s)
{
	return (int)s >= 0 && s < PS_N ? counters[s] : CTR_COUNT;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(ctr_name(*(const enum ctr_id *)x), ctr_name(*(const enum ctr_id *)y));
}

const enum ctr_id *prof_stall_counters(size_t *n)
{
	static enum ctr_id ids[PS_N];
	static size_t nids;

	if (!nids) {
		for (int s = 0; s < PS_N; s++)
			if (counters[s] != CTR_COUNT)
				ids[nids++] = counters[s];
		/* in the order of their names CUPTI packs them in 6 passes on GH100, not 7 */
		qsort(ids, nids, sizeof(*ids), by_name);
	}
	*n = nids;
	return ids;
}

int prof_stalls_counted(const struct prof_stalls *st)
{
	return st && st->counted_total > 0;
}

/* The shares' counts (counted warp-cycles where counted, else samples) and their sum. */
static const double *counts(const struct prof_stalls *st, double *total)
{
	*total = prof_stalls_counted(st) ? st->counted_total : st ? st->total : 0;
	return prof_stalls_counted(st) ? st->counted : st ? st->by : NULL;
}

/* The stall with the most counts other than skip (-1: none), its count in *n. */
static int top_but(const double *by, int skip, double *n)
{
	int best = -1;

	*n = 0;
	for (int s = 0; s < PS_N; s++)
		if (s != skip && prof_stall_is_stall((enum prof_stall)s) && by[s] > *n) {
			best = s;
			*n = by[s];
		}
	return best;
}

int prof_stalls_top(const struct prof_stalls *st, double *share)
{
	double n, total;
	const double *by = counts(st, &total);
	int s = total > 0 ? top_but(by, -1, &n) : -1;

	*share = s >= 0 ? n / total : NAN;
	return s;
}

char *prof_stalls_place(const struct prof_stalls *st)
{
	if (!st || st->total <= 0)
		return NULL;
	if (st->hot_file)
		return gp_xasprintf("%s:%u", st->hot_file, st->hot_line);
	if (st->hot_pc)   /* 0: no hot spot read (its PCs did not fit one read) */
		return gp_xasprintf("offset 0x%llx", st->hot_pc);
	return NULL;
}

char *prof_stalls_list(const struct prof_stalls *st, double min_share)
{
	char *out = NULL;
	int done[PS_N] = { 0 };
	double total;
	const double *by = counts(st, &total);

	if (total <= 0)
		return NULL;
	for (;;) {   /* by share, most first: a handful of states, so a pick each time */
		int best = -1;
		char *t;

		for (int s = 0; s < PS_N; s++)
			if (!done[s] && by[s] / total >= min_share && (best < 0 || by[s] > by[best]))
				best = s;
		if (best < 0)
			return out;
		done[best] = 1;
		t = gp_xasprintf("%s%s%s %.1f %%", out ? out : "", out ? ", " : "", states[best].code,
				 100 * by[best] / total);
		free(out);
		out = t;
	}
}

char *prof_stalls_text(const struct prof_stalls *st)
{
	double share, n2, total;
	const double *by = counts(st, &total);
	int top = prof_stalls_top(st, &share), second;
	char at[300] = "", also[200] = "", *place;

	if (top < 0)
		return NULL;
	if ((place = prof_stalls_place(st))) {
		/* the file's own name in a sentence; stall_at has the path */
		const char *base = strrchr(place, '/');

		snprintf(at, sizeof(at), st->hot_file ? " at %s" : " at %s (no line: built without "
			 "-lineinfo)", base ? base + 1 : place);
		free(place);
	}
	second = top_but(by, top, &n2);
	if (second >= 0 && n2 / total >= 0.10)
		snprintf(also, sizeof(also), ", %.0f %% on %s", 100 * n2 / total,
			 states[second].phrase);
	/* counted: the warps' cycles in each state; the place is still the samples' */
	return gp_xasprintf("%.0f %% of %s wait on %s%s%s", 100 * share,
			    prof_stalls_counted(st) ? "warp cycles (counted)" : "samples",
			    states[top].phrase, at, also);
}

char *prof_stalls_none(const struct prof_stalls *st)
{
	char nth[32] = "";

	if (!st || st->total > 0 || !st->empty)
		return NULL;
	if (st->empty_launch)
		snprintf(nth, sizeof(nth), " %llu", st->empty_launch);
	return gp_xasprintf("its launch%s, PC-sampled, caught no sample (too short for the "
			    "sampling period)", nth);
}
