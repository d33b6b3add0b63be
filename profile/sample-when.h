/*
 * When gpuperf profile --stalls PC-samples a kernel's launch
 * (inject/launch.c).  Pure: no CUDA types.
 *
 * CUPTI samples PCs only with no counter set on the context, and starts a
 * set only with sampling off, so sampling and counting take turns.  A
 * turn costs about half a second on an H200 (sampling's first Start after
 * its Enable 300 ms, its Disable 80 ms, the counter set's reopening
 * 150 ms: bench/NOTES.md, the fifth session of 2026-11-29), where a launch
 * sampled while sampling is already on costs a few ms.  Taking a turn at
 * each kernel's second launch cost 1.98x the run of a training loop.  So
 * a launch that wants its samples waits until sampling costs no turn, or
 * the program has settled into a loop (its launches need no counters), or
 * the kernel has waited long enough that it might not come back.
 *
 * By default (the kernels judged to wait), one whose counted launch was
 * short waits for the settled program alone: a turn costs 50 000 times
 * such a launch.  A training loop's first step zeroed AdamW's state with
 * 2 us launches before the optimizer's kernels were first counted, and
 * the turn their waits took then closed the set again: 0.6 s of a 3.5 s
 * cost (bench/NOTES.md, the fifth session of 2026-11-30).  --stalls asks
 * for every kernel, short or not: a kernel whose first launch is short
 * and later ones long (PyTorch's RNG filling a small tensor, then large
 * ones) is sampled there as before.
 */
#ifndef GP_PROFILE_SAMPLE_WHEN_H
#define GP_PROFILE_SAMPLE_WHEN_H

/* launches in a row without counters after which the program is taken as settled */
#define PROF_SAMPLE_SETTLED 32
/* a kernel's launches that waited for their samples, after which the next is sampled */
#define PROF_SAMPLE_WAITS 2
/* a counted launch shorter than this (ns): the kernel waits for the program to settle */
#define PROF_SAMPLE_SHORT_NS 10000.0

struct prof_sample_when {
	int sampling;        /* PC sampling is on for the launch's context already */
	int counting;        /* a counter set is open on the launch's device */
	unsigned quiet;      /* the program's launches in a row that needed no counters */
	unsigned waited;     /* this kernel's launches that waited for their samples */
	double launch_ns;    /* its counted launch's time; NAN: none (taken as long; 0 is short) */
	int every;           /* --stalls: every kernel, a short one's waits count too */
};

/* Whether a launch that wants its samples is sampled now (1) or waits (0). */
int prof_sample_now(const struct prof_sample_when *w);

#endif
