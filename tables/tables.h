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

/* a / b, or NaN when either is missing or b is not positive. */
double tab_ratio(double a, double b);

/* REPORT_AXIS_LOG for a sweep from lo to hi over two decades or more (lo > 0), else 0. */
unsigned tab_log_if_wide(double lo, double hi);

/* "s" unless n is 1: "1 row", "2 rows". */
const char *tab_plural(long long n);

#endif
