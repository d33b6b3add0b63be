/*
 * gpuperf all: the summary of the headline figures, which each step's
 * summarize hook (struct gp_cmd) adds from its typed results, and every
 * step's own tables as a section.
 */
#ifndef GP_TABLES_ALL_H
#define GP_TABLES_ALL_H

#include "results/all.h"
#include "tables/tables.h"

/* One headline figure of the summary. */
#define ALL_MAX_HEADLINES 32
struct all_headline {
	const char *command;  /* the step's command that added it: its contract's headline */
	char metric[48];     /* dram_copy_gbs: a figure of all_summary_contract */
	char what[96];       /* "DRAM copy bandwidth" */
	double value;
	double cov_pct;      /* the CoV of the repetitions it comes from; NaN: none */
	char unit[16];
	char reference[192]; /* what it stands against */
	int compare;         /* the device's own ability, higher is better: compared across devices */
};

/* The summary being made: the run it reads, the figures so far. */
struct all_summary {
	const struct all_run *run;   /* every step's results (all_results_of) */
	struct all_headline h[ALL_MAX_HEADLINES];
	size_t n;
};

/*
 * For the summarize hooks: the device's own ability (bandwidth), compared
 * across devices; cov_pct: the CoV in percent of the repetitions value
 * comes from (tab_cov_pct), NaN where it has none (gpuperf diff then
 * takes its kind's default noise).
 */
void all_add_figure(struct all_summary *s, const char *metric, const char *what, double value,
		    double cov_pct, const char *unit, const char *reference);
/* A ratio or a calculation: the same on identical GPUs, not compared. */
void all_add(struct all_summary *s, const char *metric, const char *what, double value,
	     double cov_pct, const char *unit, const char *reference);

/* 128 B/clk per SM: 32 banks of 4 bytes, and one L1 load of a 128-byte line per clock. */
#define SM_BYTES_PER_CLOCK 128.0

/* The headline figures of one device's run, in summary order; their number. */
size_t all_headlines(const struct gp_device *dev, const struct all_run *run,
		     struct all_headline *out, size_t max);

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
void tab_all_devices(struct report *r, const struct gp_device *devs,
		     const void *const *runs, size_t n);

#endif
