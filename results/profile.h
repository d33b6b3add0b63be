/*
 * What `gpuperf profile` ran and found: the program, its status and the
 * analysis of each kernel; its machine table and the contract of its
 * rows.  Pure C.
 */
#ifndef GP_RESULTS_PROFILE_H
#define GP_RESULTS_PROFILE_H

#include "results/columns.h"
#include "results/contract.h"
#include "results/profile-analysis.h"

/* What `gpuperf profile` ran and found. */
struct profile_run {
	char *command;               /* the program's command line, for the title */
	char hostname[256];
	int status;                  /* the program's exit status (128 + signal when killed) */
	int signal;
	const char *counter_set;     /* "light", "full" (prof_set_names); NULL: no counters read */
	struct prof_analysis a;
	int by_range;                /* --by range: the report is of ranges */
	struct prof_ranges ranges;
	int by_instruction;          /* --by instruction: the report is of sampled instructions */
	struct prof_instrs instrs;
};
void profile_run_free(void *profile_run);

/* A row per kernel (and device). */
#define PROFILE_NCOLUMNS (TAB_NIDENTITY + 103)
extern const struct report_col profile_columns[PROFILE_NCOLUMNS];

extern const struct result_contract profile_contract;

/* --by range: a row per range (results/profile-ranges.c). */
#define PROFILE_RANGE_NCOLUMNS (TAB_NIDENTITY + 18)
extern const struct report_col profile_range_columns[PROFILE_RANGE_NCOLUMNS];
extern const struct result_contract profile_range_contract;

/* --by instruction: a row per sampled instruction (results/profile-instructions.c). */
#define PROFILE_INSTR_NCOLUMNS (TAB_NIDENTITY + 21)
extern const struct report_col profile_instr_columns[PROFILE_INSTR_NCOLUMNS];
extern const struct result_contract profile_instr_contract;

#endif
