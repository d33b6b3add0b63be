/*
 * The index of each column of lat_columns, for the two files that
 * declare and fill them (results/latency.c, tables/latency.c).
 */
#ifndef GP_RESULTS_LATENCY_COLUMNS_H
#define GP_RESULTS_LATENCY_COLUMNS_H

#include "results/columns.h"

enum {
	C_ROW = TAB_NIDENTITY, C_MEMORY, C_SIZE, C_SIZE_MAX, C_STRIDE, C_PATTERN, C_ELEMENTS,
	C_LOADS, C_CYCLES, C_NS, C_NS_MIN, C_NS_MAX, C_LEVEL, C_SOURCE, C_L1, C_L2, C_DRAM,
	C_MHZ, C_VERIFIED, C_CONTENDED, C_THROTTLED = C_CONTENDED + 1, C_N
};

#endif
