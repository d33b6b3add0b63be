/* Fabricated gpuperf all results (tests/unit/fake-all.c), shared by the unit tests. */
#ifndef GP_TESTS_FAKE_ALL_H
#define GP_TESTS_FAKE_ALL_H

#include "tables/all.h"

/*
 * Fill *d and *run with fixed results; they point at static storage,
 * filled again by each call.  sweeps: bandwidth and pcie also measured
 * at smaller sizes (after the rows the summary reads), so they chart.
 */
void fake_all(struct gp_device *d, struct all_run *run, int sweeps);

#endif
