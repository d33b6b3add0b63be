/*
 * The tabulate step: each command's typed results turned into report
 * tables, notes and charts.  Pure code: no CUDA, no output, and never
 * told the output format; what differs between the human and the machine
 * view is a table flag (REPORT_HUMAN_ONLY, REPORT_MACHINE_ONLY) or a
 * chart's series flag, honoured by report/.
 */
#ifndef GP_TABLES_TABLES_H
#define GP_TABLES_TABLES_H

#include "gpu/device.h"
#include "model/trust.h"
#include "report/report.h"

/*
 * Identity columns every measured row carries, first in its table, so that
 * CSVs from many devices and nodes concatenate into one table.  The
 * terminal's tables show the name and CC; the rest is for machines.
 */
#define TAB_IDENTITY_COLS \
	{ "device", "device", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "cc", "CC", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "device_index", "CUDA device index", REPORT_INT, 0, REPORT_COL_ID | REPORT_COL_MACHINE }, \
	{ "uuid", "UUID", REPORT_STR, 0, REPORT_COL_ID | REPORT_COL_MACHINE }, \
	{ "pci_bus_id", "PCI bus id", REPORT_STR, 0, REPORT_COL_ID | REPORT_COL_MACHINE }, \
	{ "hostname", "host", REPORT_STR, 0, REPORT_COL_ID | REPORT_COL_MACHINE }
#define TAB_NIDENTITY 6
void tab_set_identity(struct report_table *t, size_t row, const struct gp_device *dev);

/*
 * What the device watch says about every row of a measuring command's
 * machine table: `contended` (1: another process used the GPU meanwhile)
 * and `throttled` ("no", or the clock event reasons), left empty where
 * the watch could not tell (no NVML).  Left out of the human tables:
 * there, the warnings on stderr and the stability line say it.
 */
#define TAB_TRUST_COLS \
	{ "contended", "contended", REPORT_INT, 0, REPORT_COL_MACHINE }, \
	{ "throttled", "throttled", REPORT_STR, 0, REPORT_COL_MACHINE }
#define TAB_NTRUST 2
/* Set a row's contended (column col) and throttled (col + 1) cells from s. */
void tab_set_trust(struct report_table *t, size_t row, size_t col, const struct trust_summary *s);
/* The table's stability line from its rows' CoVs (model/trust.h), when one has a CoV. */
void tab_stability_note(struct report_table *t, const struct trust_row *rows, size_t n,
			const struct trust_summary *s);
/* A CoV in percent for a trust row: NaN when fewer than two repetitions made it. */
double tab_cov_pct(size_t n, double cov);

/* a / b, or NaN when either is missing or b is not positive. */
double tab_ratio(double a, double b);

/* REPORT_AXIS_LOG for a sweep from lo to hi over two decades or more (lo > 0), else 0. */
unsigned tab_log_if_wide(double lo, double hi);

/* "s" unless n is 1: "1 row", "2 rows". */
const char *tab_plural(long long n);

#endif
