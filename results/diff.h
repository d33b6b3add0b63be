/*
 * What `gpuperf diff` read and found: the two outputs (read by
 * judge/read.h), the options and the verdict of every figure (judged by
 * judge/compare.h), the free functions; its machine table.  No
 * contract: diff makes no results of a device, it judges two outputs
 * that carry their own.  Pure C.
 */
#ifndef GP_RESULTS_DIFF_H
#define GP_RESULTS_DIFF_H

#include <stddef.h>
#include "report/report.h"
#include "results/contract.h"

/* An output of gpuperf read back (judge/read.h). */
struct diff_input {
	char *name;            /* the path as given; "standard input" for "-" */
	const char *command;   /* the command that wrote it */
	const char *form;      /* "CSV", "JSON", "JSON sections" */
	struct report tables;  /* a table, or one per section with ->key set */
	int sectioned;         /* an object of sections (all's JSON) */
	char **skipped;        /* sections no contract describes: read, not compared */
	size_t nskipped;
	/*
	 * The earlier gpuperf's header it holds (a table's, or its first
	 * section's that has one); NULL: today's columns.  Its tables have
	 * the columns the file has, in its order, under today's names.
	 */
	const struct result_shape *shape;
	struct report_col **colsets;  /* the tables' column arrays */
	size_t ncolsets;
};

void diff_input_free(struct diff_input *in);

/* In the order people read them: the changes first. */
enum diff_verdict {
	DIFF_WORSE,
	DIFF_BETTER,
	DIFF_UNRELIABLE,
	DIFF_NEW,
	DIFF_GONE,
	DIFF_SAME,
	DIFF_NVERDICTS
};
extern const char *const diff_verdict_names[DIFF_NVERDICTS];

struct diff_opts {
	double threshold_pct;
};

struct diff_row {
	char *section;            /* the table's key or the long format's probe; NULL: none */
	char *config;             /* the key columns: "kernel=copy width_bytes=16" ("" for none) */
	char *label;              /* the same for people: kernel names as profile's table shows them */
	char *figure;             /* the column or metric; NULL: the whole row is new or gone */
	enum result_better better;  /* the figure's direction (0 for a whole row) */
	double before, after;     /* NaN where missing */
	double change_pct;        /* NaN: a side missing, or before 0 */
	double noise_pct;         /* NaN for new and gone */
	enum diff_verdict verdict;
	char *reason;             /* unreliable: what flagged it ("contended after"); else NULL */
};

struct diff_result {
	struct diff_row *rows;
	size_t n, cap;
	size_t count[DIFF_NVERDICTS];
	char **notes;             /* lines: what differs between the runs, what is not compared */
	size_t nnotes;
	size_t left_out;          /* figures not compared: measured differently (measured_apart) */
};

void diff_result_free(struct diff_result *res);

struct diff_run {
	struct diff_input before, after;
	struct diff_opts opts;
	struct diff_result res;
};
void diff_run_free(void *diff_run);

/* A row per figure of a matched row, and one per row found on one side only. */
#define DIFF_NCOLUMNS 10
extern const struct report_col diff_columns[DIFF_NCOLUMNS];

#endif
