/*
 * The index of each column of bw_columns, for the two files that
 * declare and fill them (results/bandwidth.c, tables/bandwidth.c).
 */
#ifndef GP_RESULTS_BANDWIDTH_COLUMNS_H
#define GP_RESULTS_BANDWIDTH_COLUMNS_H

#include "results/columns.h"

enum {
	C_KERNEL = TAB_NIDENTITY, C_WIDTH, C_SIZE, C_LEVEL, C_PASSES, C_BYTES, C_REPS,
	C_TIME, C_GBS, C_BEST, C_MIN, C_COV, C_PCT, C_PEAK, C_GRID, C_BLOCK, C_UNROLL,
	C_LAYOUT, C_SOURCE, C_METHOD, C_L1, C_L2, C_DRAM, C_L2READ, C_CONTENDED, C_THROTTLED, C_N
};

#endif
