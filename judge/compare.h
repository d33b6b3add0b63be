/*
 * The comparison of two runs of one command, figure by figure, against
 * the runs' own noise: the engine of `gpuperf diff`, and of
 * `gpuperf check --baseline FILE`.  Pure: tables in, verdict rows out;
 * no I/O, no CUDA.  Everything command-specific comes from the contract
 * (results/contract.h): no command is named here.
 *
 * Rows are matched by their key columns (REPORT_COL_CONFIG) that both
 * tables have (an earlier gpuperf's may lack some: judge/read.h), never by
 * the identity columns (device, uuid, host: REPORT_COL_ID), which are
 * compared apart and said in a note when they differ.  A key met twice in one
 * table (-d LIST) matches the key met as often on the other side.  In a
 * table of one figure per row (metric_column) the rows of one key make
 * one record, and the long format's probe column (REPORT_LONG_COLS) says
 * whose figures its metrics are; a section itself of a figure per row
 * (all's summary) wrote its figure's name into the long row's config.
 *
 * Each figure of a matched pair:
 *   change %  (after - before) / |before| x 100
 *   noise %   the larger of the two runs' own: 2 x its CoV (cov_column),
 *             else half the spread of its best and worst repetition
 *             (best_column, worst_column) over the figure, else, where a
 *             run carries neither (or shows no spread at all, or its
 *             output predates the column), result_default_noise_pct() of
 *             the figure's kind; never under result_floor_noise_pct() of
 *             it.  The kind is the figure's, or its row's where a key
 *             value says so (the contract's row_kinds: memory=host).
 *             In a table of a figure per row (all's summary) the noise
 *             columns are cells of the figure's row.
 *   floor     the least change that counts, in the figure's unit: one
 *             unit of the last digit its command prints it with (the
 *             column's precision; 1 for a whole number), at least
 *             result_floor_abs() of its kind (0.5 us for times).
 *   verdict   better or worse (by the figure's direction) when |change|
 *             is above the noise AND above the threshold AND |after -
 *             before| at least the floor; else same.
 *             unreliable, not judged, when either run flagged the row
 *             (contended = 1, or throttled other than "no"); new or gone
 *             for a row, or a figure, found on one side only.
 *   left out  where the two rows were measured apart (their architectures,
 *             cc, or the contract's method_column differ), the figures
 *             read from counters (RESULT_KIND_COUNTER) and those one side
 *             lacks: counted in left_out, the reason in a note.
 *
 * The notes say what differs between the runs: identities, how they were
 * measured, gpuperf versions (an earlier one's columns), what is not
 * compared.  Each verdict row has its config for machines and its label
 * for people: the contract's kernel names (kernel_column) shortened as
 * profile's table shows them (kernel_label).
 *
 * For check --baseline (a saved file against the run just made):
 *
 *     struct diff_input base;
 *     struct diff_result res = { 0 };
 *     struct diff_opts o = { DIFF_THRESHOLD_PCT };
 *     if (diff_read(path, &base)) return GP_EXIT_USAGE;
 *     for each machine table t of the run:
 *         diff_tables(NULL, diff_input_table(&base, t), t, &o, &res);
 *     ... res.rows[i].verdict, res.count[DIFF_WORSE] ...
 *     diff_result_free(&res); diff_input_free(&base);
 */
#ifndef GP_JUDGE_COMPARE_H
#define GP_JUDGE_COMPARE_H

#include <stddef.h>
#include "judge/read.h"
#include "report/report.h"
#include "results/contract.h"
#include "results/diff.h"

/*
 * The default --threshold, in percent.  Two runs of one build on one idle
 * GPU differ by more than their within-run noise says (clocks settle,
 * allocations land elsewhere): about 1 % for bandwidth and times.  2 %
 * keeps such pairs "same" while a regression of a few percent shows.
 */
#define DIFF_THRESHOLD_PCT 2.0

/*
 * Compare before and after (either NULL: no rows on that side) under
 * contract c (NULL: the tables' own, diff_table_contract); the verdict
 * rows are appended to res in before's order, then the new ones.
 */
void diff_tables(const struct result_contract *c, const struct report_table *before,
		 const struct report_table *after, const struct diff_opts *o,
		 struct diff_result *res);

/*
 * Two files: the same command, the same form (all's JSON and its long CSV
 * compare through the long form), each section against its namesake.
 * 0, or GP_EXIT_USAGE (message printed) for two commands' outputs.
 */
int diff_files(const struct diff_input *before, const struct diff_input *after,
		const struct diff_opts *o, struct diff_result *res);

/* in's table with the columns of t (and t's key, where in has sections), or NULL. */
const struct report_table *diff_input_table(const struct diff_input *in,
					    const struct report_table *t);

#endif
