/*
 * What `gpuperf all` ran: each step's results in the order of its steps,
 * with the hooks of the step's command that read them (cli/cmd-all.c
 * fills it from the command table); its machine tables and their
 * contracts.  Pure C: no step's type is known here.
 */
#ifndef GP_RESULTS_ALL_H
#define GP_RESULTS_ALL_H

#include <stddef.h>
#include "report/report.h"
#include "results/columns.h"
#include "results/contract.h"
#include "results/device.h"

struct all_summary;  /* tables/all.h */

/* One step: a command run with all's quick settings. */
struct all_step {
	const char *command;   /* its command's name: the key of its section */
	void *results;         /* its command's results struct; NULL: it did not run */
	void (*free_results)(void *results);  /* the command's; NULL: nothing inside to free */
	void (*tabulate)(struct report *r, const struct gp_device *dev, const void *results);
	/* the rows it adds to the summary (gp_cmd.summarize, or the step's own); NULL: none */
	void (*summarize)(struct all_summary *s, const struct gp_device *dev, const void *results);
	int summary_last;      /* its summary rows close the summary, after every other step's */
};

#define ALL_MAX_STEPS 16
struct all_run {
	struct all_step steps[ALL_MAX_STEPS];
	size_t nsteps;
};
void all_run_free(void *all_run);

/* The results of the first step of command, or NULL. */
const void *all_results_of(const struct all_run *run, const char *command);

/*
 * The machine tables: the long CSV of every section (all's CSV header:
 * REPORT_LONG_COLS), the summary (its JSON section "summary"), and with
 * several devices each figure against the device's siblings ("devices").
 */
#define ALL_LONG_NCOLUMNS 11
extern const struct report_col all_long_columns[ALL_LONG_NCOLUMNS];
#define ALL_SUMMARY_NCOLUMNS (TAB_NIDENTITY + 6)
extern const struct report_col all_summary_columns[ALL_SUMMARY_NCOLUMNS];
#define ALL_DEVICES_NCOLUMNS (TAB_NIDENTITY + 8)
extern const struct report_col all_devices_columns[ALL_DEVICES_NCOLUMNS];

/*
 * all_contract: the long CSV, a figure per row named by its probe's
 * contract: a step's rows (probe = its command) by result_contract_of
 * (probe)'s figure `metric`; the summary's (probe "summary", config
 * "metric=NAME") by all_summary_contract's figure NAME.
 * all_summary_contract and all_devices_contract: the headline figures,
 * a row each (their `command` is the key of all's section).
 */
extern const struct result_contract all_contract, all_summary_contract, all_devices_contract;

#endif
