/*
 * Logical counter -> CUPTI metric name, per chip.  Internal to counters/;
 * pure data, no CUPTI types, so the table is testable without a GPU.
 */
#ifndef GP_COUNTERS_METRICS_H
#define GP_COUNTERS_METRICS_H

#include "counters/counters.h"

/*
 * The full metric name (with rollup) that reads id on chip ("GH100"), or
 * NULL when the chip has no such counter (the value is then missing, not
 * zero).  A NULL or unknown chip gets the default name, which the caller
 * validates with CUPTI before use.
 */
const char *ctr_metric(enum ctr_id id, const char *chip);

#endif
