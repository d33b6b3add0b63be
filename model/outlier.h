/*
 * The slow-GPU finder: is one device's figure more than a few percent
 * below its siblings'?  Pure C.
 */
#ifndef GP_MODEL_OUTLIER_H
#define GP_MODEL_OUTLIER_H

#include <stddef.h>

/*
 * Identical GPUs of one node agree within about 1 % on DRAM bandwidth and
 * 2-3 % on PCIe from run to run (bench/NOTES.md): 5 % below the others is
 * a GPU to look at, not noise.
 */
#define OUTLIER_PCT 5.0

/* Median of v[0..n) without v[skip] and NaNs; NaN when nothing is left. */
double outlier_siblings_median(const double *v, size_t n, size_t skip);

/* 1 when v[i] (higher is better) is more than pct % below its siblings' median. */
int outlier_below(const double *v, size_t n, size_t i, double pct);

#endif
