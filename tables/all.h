/*
 * gpuperf all: the summary of the headline figures, built from each
 * step's typed results, and every step's own tables as a section.
 */
#ifndef GP_TABLES_ALL_H
#define GP_TABLES_ALL_H

#include "occupancy/run.h"
#include "probes/bandwidth.h"
#include "probes/banks.h"
#include "probes/coalesce.h"
#include "probes/info.h"
#include "probes/latency.h"
#include "probes/pcie.h"
#include "tables/tables.h"

/* The steps of the quick pass, in order (cli/cmd-all.c says what each runs). */
enum all_step {
	ALL_INFO,
	ALL_BANDWIDTH,
	ALL_BANDWIDTH_LEVELS,
	ALL_COALESCE,
	ALL_BANKS,
	ALL_OCCUPANCY_1,
	ALL_OCCUPANCY_2,
	ALL_OCCUPANCY_3,
	ALL_PCIE,
	ALL_LATENCY,
	ALL_NSTEPS
};

/* Each step's results, typed by its step: struct info_run, bw_run, ... */
struct all_run {
	struct info_run *info;
	struct bw_run *bandwidth;
	struct bw_run *levels;     /* the read of an L1- and an L2-sized set */
	struct coal_run *coalesce;
	struct bank_run *banks;
	struct occ_run *occupancy[3];
	struct pcie_run *pcie;
	struct lat_run *latency;
};

/* One headline figure of the summary. */
#define ALL_MAX_HEADLINES 32
struct all_headline {
	char metric[48];     /* dram_copy_gbs */
	char what[96];       /* "DRAM copy bandwidth" */
	double value;
	char unit[16];
	char reference[192]; /* what it stands against */
	int compare;         /* the device's own ability, higher is better: compared across devices */
};

/* The headline figures of one device's run, in summary order; their number. */
size_t all_headlines(const struct gp_device *dev, const struct all_run *run,
		     struct all_headline *out, size_t max);

#define ALL_SUMMARY_NCOLUMNS 11
extern const struct report_col all_summary_columns[ALL_SUMMARY_NCOLUMNS];
#define ALL_LONG_NCOLUMNS 11
extern const struct report_col all_long_columns[ALL_LONG_NCOLUMNS];

/*
 * The summary (a table for people, one for machines keyed "summary"),
 * then each step's tables with its records keyed by the step's command:
 * report/ renders the keyed tables as JSON sections or one long CSV.
 */
void tab_all(struct report *r, const struct gp_device *dev, const void *all_run);

/*
 * With several devices, after each one's tables: every comparable
 * headline figure of each device against the median of its siblings,
 * the outliers flagged (keyed "devices").  runs[i]: struct all_run.
 */
#define ALL_DEVICES_NCOLUMNS (TAB_NIDENTITY + 7)
extern const struct report_col all_devices_columns[ALL_DEVICES_NCOLUMNS];
void tab_all_devices(struct report *r, const struct gp_device *devs,
		     const void *const *runs, size_t n);

#endif
