/*
 * What `gpuperf info` measures beside the device's inventory (struct
 * gp_device): the SM clock under load, and whether counters can be read.
 */
#ifndef GP_RESULTS_INFO_H
#define GP_RESULTS_INFO_H

#include "results/contract.h"
#include "results/trust.h"

struct info_run {
	double sm_clock_measured_mhz;  /* 0 when not measured */
	const char *counters_reason;   /* why counters are unavailable; NULL when they are */
	struct trust_summary watch;    /* modes, clocks and processes (cli/steps.c fills it) */
};

/* The machine table: one row per device, its inventory. */
#define INFO_NCOLUMNS 45
extern const struct report_col info_columns[INFO_NCOLUMNS];
extern const struct result_contract info_contract;

#endif
