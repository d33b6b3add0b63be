/*
 * The columns every machine table shares: the identity that opens each
 * measured row and the device watch's verdict on it.  Part of each
 * command's column array (results/NAME.c); tables/ fills them
 * (tab_set_identity, tab_set_trust).
 */
#ifndef GP_RESULTS_COLUMNS_H
#define GP_RESULTS_COLUMNS_H

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

#endif
