/*
 * Whether a command reads the hardware counters (--counters, --no-counters):
 * part of the results of bandwidth and latency, and what counters/
 * (counters/counters.h) is asked to do.
 */
#ifndef GP_RESULTS_COUNTERS_MODE_H
#define GP_RESULTS_COUNTERS_MODE_H

enum counters_mode {
	COUNTERS_AUTO,     /* read them where possible, say once why not */
	COUNTERS_OFF,      /* --no-counters: never load CUPTI */
	COUNTERS_REQUIRE,  /* --counters=require: exit 4 when unavailable */
};

#endif
