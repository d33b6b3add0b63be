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
 */
#ifndef GP_PROFILE_SAMPLE_WHEN_H
#define GP_PROFILE_SAMPLE_WHEN_H

/* launches in a row without counters after which the program is taken as settled */
#define PROF_SAMPLE_SETTLED 32
/* a kernel's launches that waited for their samples, after which the next is sampled */
#define PROF_SAMPLE_WAITS 2

struct prof_sample_when {
	int sampling;        /* PC sampling is on for the launch's context already */
	int counting;        /* a counter set is open on the launch's device */
	unsigned quiet;      /* the program's launches in a row that needed no counters */
	unsigned waited;     /* this kernel's launches that waited for their samples */
};

/* Whether a launch that wants its samples is sampled now (1) or waits (0). */
int prof_sample_now(const struct prof_sample_when *w);

#endif
