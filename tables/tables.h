/*
 * The tabulate step: each command's typed results turned into report
 * tables, notes and charts.  Pure code: no CUDA, no output, and never
 * told the output format; what differs between the human and the machine
 * view is a table flag (REPORT_HUMAN_ONLY, REPORT_MACHINE_ONLY) or a
 * chart's series flag, honoured by report/.
 */
#ifndef GP_TABLES_TABLES_H
#define GP_TABLES_TABLES_H

#include "results/columns.h"
#include "results/device.h"
#include "model/trust.h"
#include "report/report.h"

struct stats;  /* util/stats.h */

/* The identity cells of a row (TAB_IDENTITY_COLS, results/columns.h) from dev. */
void tab_set_identity(struct report_table *t, size_t row, const struct gp_device *dev);
/* Set a row's contended (column col) and throttled (col + 1) cells from s. */
void tab_set_trust(struct report_table *t, size_t row, size_t col, const struct trust_summary *s);
/* The table's stability line from its rows' CoVs (model/trust.h), when one has a CoV. */
void tab_stability_note(struct report_table *t, const struct trust_row *rows, size_t n,
			const struct trust_summary *s);
/* A CoV in percent for a trust row: NaN when fewer than two repetitions made it. */
double tab_cov_pct(size_t n, double cov);
/* The CoV in percent of the ratio of two medians, a / b: theirs added in quadrature; NaN: none. */
double tab_ratio_cov_pct(const struct stats *a, const struct stats *b);

/* a / b, or NaN when either is missing or b is not positive. */
double tab_ratio(double a, double b);

/* REPORT_AXIS_LOG for a sweep from lo to hi over two decades or more (lo > 0), else 0. */
unsigned tab_log_if_wide(double lo, double hi);
/*
 * Strides lo..hi: powers of two all (pow2) over two doublings or more, a
 * log2 axis (1, 2, 4, ...); else tab_log_if_wide's.
 */
unsigned tab_stride_axis(double lo, double hi, int pow2);

/* "s" unless n is 1: "1 row", "2 rows". */
const char *tab_plural(long long n);

#endif
