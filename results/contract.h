/*
 * The contract of a command's results for machines: what `all`, `diff`
 * and `check` read, so that every command, present and future, is
 * summarised, compared and checked without code of its own there.
 *
 * A command's machine table (its CSV header, its JSON objects' keys) is
 * its column array, in order.  Its rows are identified by the columns
 * flagged REPORT_COL_CONFIG (kernel, width, size, pattern, level,
 * direction, ...); the identity columns (REPORT_COL_ID: device, uuid,
 * host) say where it ran and are compared apart, never matched on, so
 * that two nodes or two drivers compare row by row.  Its figures are
 * listed below, each with the direction in which it improves and the
 * columns that carry its noise.
 *
 * Pure data: no CUDA, no output.  results/contracts.c lists every
 * command's contract (result_contracts[]).
 */
#ifndef GP_RESULTS_CONTRACT_H
#define GP_RESULTS_CONTRACT_H

#include <stddef.h>
#include "report/report.h"

enum result_better {
	RESULT_HIGHER = 1,   /* bandwidth, occupancy, % of a peak */
	RESULT_LOWER = -1,   /* time, latency, sectors per request, wavefronts */
};

/* Kinds of figure, for the default noise where a run carries none. */
enum result_kind {
	RESULT_KIND_BANDWIDTH,   /* GB/s from timed repetitions */
	RESULT_KIND_TIME,        /* ms, us, ns from timed repetitions */
	RESULT_KIND_LATENCY,     /* cycles or ns of a dependent chase */
	RESULT_KIND_COUNTER,     /* ratios of hardware counters: exact or near it */
	RESULT_KIND_CALCULATED,  /* a pure calculation (occupancy), a reading (PCIe link): no noise */
	RESULT_KIND_CLOCK,       /* a clock measured under load (MHz) */
	/*
	 * The two below vary between invocations by more than within one,
	 * which a run's repetitions cannot show: their default is also the
	 * least noise their figures get (result_floor_noise_pct).
	 */
	RESULT_KIND_LINK,        /* over the PCIe link: host transfers, host-mapped loads */
	RESULT_KIND_SHARED,      /* L2 lines shared between SMs: crossbar timing */
	RESULT_KIND_LINK_BOTH_WAYS, /* both directions over the link at once: how they share it */
	RESULT_KIND_HOST_CALL,   /* a CUDA call timed on the host: the driver's path on its CPU */
	RESULT_NKINDS
};

struct result_figure {
	const char *column;        /* the figure's column: "bandwidth_gbs" */
	enum result_better better;
	enum result_kind kind;
	const char *cov_column;    /* its CoV in percent ("cov_pct"), NULL: none */
	const char *best_column;   /* best of its repetitions ("best_gbs"), NULL: none */
	const char *worst_column;  /* worst of its repetitions ("min_gbs"), NULL: none */
};

/*
 * Rows whose figures are of another kind than their columns say, told
 * apart by a key column's value: latency's memory=host rows chase over
 * the PCIe link, bandwidth's method=l2-shared rows read lines that SMs
 * share.  Every figure of such a row is of that kind.
 */
struct result_row_kind {
	const char *column;        /* a key column (REPORT_COL_CONFIG): "memory" */
	const char *value;         /* its value in those rows, as written: "host" */
	enum result_kind kind;
};

struct result_contract {
	/*
	 * "bandwidth": the command whose machine table this is (a command
	 * with a table per mode, occupancy's or pcie --overlap's, has a
	 * contract for each, its default table's first); all's own sections
	 * are named by their key ("summary", "devices"), as the long CSV's
	 * probe column and the JSON's sections name them.
	 */
	const char *command;
	const struct report_col *cols;       /* the machine table's columns, in order */
	size_t ncols;
	const struct result_figure *figures;
	size_t nfigures;
	/*
	 * A table of one figure per row (all's summary, its long CSV): the
	 * column naming the figure ("metric") and the one holding it
	 * ("value"); figures[].column are then metric names, and a row is
	 * identified by its key columns and its metric.  NULL for a table of
	 * a figure per column.
	 */
	const char *metric_column, *value_column;
	const struct result_row_kind *row_kinds;  /* NULL: every row's figures of their own kind */
	size_t nrow_kinds;
	/*
	 * The command whose JSON holds this table as a section, where that
	 * is not all's (check's gpus and checks); NULL: a command's own
	 * table, or a section of all's.
	 */
	const char *section_of;
	/* A key column of kernel names, demangled: people read them shortened (kernel_label). */
	const char *kernel_column;
	/*
	 * A column saying how the row's counters were read ("counter_set"):
	 * where two rows' values differ, or their architectures (cc), their
	 * figures read from counters (RESULT_KIND_COUNTER) are not compared.
	 */
	const char *method_column;
	/*
	 * The figures the command adds to all's summary (its summarize hook,
	 * tables/all.h), by their metric names ("dram_copy_gbs"), in the
	 * summary's order; all's summary contract joins every command's.
	 */
	const struct result_figure *headlines;
	size_t nheadlines;
};

/* Every contract, in the command table's order (results/contracts.c). */
extern const struct result_contract *const result_contracts[];
extern const size_t result_ncontracts;

/* The contract of command (its default table's), or of all's section of that key; or NULL. */
const struct result_contract *result_contract_of(const char *command);

/*
 * The contract whose columns are names[0..n) in order (a CSV header), or
 * NULL: today's columns (a contract that has exactly those comes first),
 * today's without some noise columns (a figure's cov, best or worst
 * column), or a header an earlier gpuperf wrote (result_shapes).
 */
const struct result_contract *result_contract_by_columns(const char *const *names, size_t n);

/*
 * A header an earlier gpuperf wrote for a contract's table, as written:
 * its columns are some of today's, in today's order, under today's names
 * but those result_column_now renames.  Columns added since are missing
 * from it; none was removed.
 */
struct result_shape {
	const struct result_contract *contract;
	const char *since;         /* "2026-11-25 b909bbd": the first commit on main to write it */
	const char *columns;       /* the header: "device,cc,device_index,..." */
};
/* Every earlier header of every contract, oldest first (results/shapes.c). */
extern const struct result_shape result_shapes[];
extern const size_t result_nshapes;

/* The earlier header names[0..n) is, or NULL (today's columns are none). */
const struct result_shape *result_shape_of(const char *const *names, size_t n);

/* Today's name of a column an earlier gpuperf wrote as name: "index" is "device_index". */
const char *result_column_now(const char *name);

/* Whether column name carries the noise of one of c's figures (cov, best or worst). */
int result_noise_column(const struct result_contract *c, const char *name);

/* The figure of c in column name, or NULL. */
const struct result_figure *result_figure_of(const struct result_contract *c, const char *name);

/* The headline name of command's contract (its first, the default table's), or NULL. */
const struct result_figure *result_headline_of(const char *command, const char *name);

/*
 * Default noise in percent of a kind of figure where a run carries none
 * (each value's reason beside it in results/contracts.c).
 */
double result_default_noise_pct(enum result_kind kind);

/*
 * The least noise in percent a figure of the kind gets, whatever its run
 * carries: the variation between invocations of what it measures (the
 * link's, the crossbar's), beyond a run's repetitions; 0 for the kinds
 * whose variation between invocations the default --threshold covers.
 */
double result_floor_noise_pct(enum result_kind kind);

/* The kind in words, as gpuperf-diff(1) names it: "over the PCIe link". */
const char *result_kind_name(enum result_kind kind);
/*
 * The least change of a figure of kind, in the unit its column's name
 * ends in ("_ms", "_us", "_ns"), that counts beside its relative noise;
 * 0 where the kind has none beyond the figure's printed digits.
 */
double result_floor_abs(enum result_kind kind, const char *column);

/* The kind of figure f in a row whose key (the key columns as "name=value" words) is key. */
enum result_kind result_kind_in_row(const struct result_contract *c, const struct result_figure *f,
				    const char *key);

#endif
