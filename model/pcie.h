/* PCIe arithmetic: pure, no CUDA types. */
#ifndef GP_MODEL_PCIE_H
#define GP_MODEL_PCIE_H

#include <stddef.h>

/* Transfer rate per lane in GT/s for generation 1..6; 0 when unknown. */
double pcie_gts(int gen);

/* Fraction of the line rate that carries data: 8b/10b up to Gen2,
 * 128b/130b for Gen3-5, 236/256 TLP bytes per FLIT for Gen6; 0 when unknown. */
double pcie_encoding(int gen);

/* Per-direction bandwidth after line encoding, GB/s (10^9 B/s); 0 when unknown. */
double pcie_peak_gbs(int gen, int width);

/* Per-direction raw bandwidth before encoding, GB/s. */
double pcie_raw_gbs(int gen, int width);

/* "8 GT/s", "32.0 GT/s PCIe", "2.5 GT/s" -> generation; 0 when unknown. */
int pcie_gen_from_speed(const char *speed);

/* "8b/10b", "128b/130b", "FLIT"; "?" when unknown. */
const char *pcie_encoding_name(int gen);

/*
 * Both directions at once: the faster side's work for one repetition, so
 * that it lasts as long as the slower side's count transfers.  per_slow
 * and per_fast: each side's time per transfer of size bytes last time.
 * The faster side gets *full transfers and, when tail_ok, one more
 * transfer of *tail bytes (a multiple of align, under size) for the
 * fraction a whole transfer cannot express; without tail_ok, or when the
 * fraction is under one align, the count is rounded.  The ratio is capped
 * at 8; under 1.02 both keep count.
 */
void pcie_balance(double per_slow, double per_fast, int count, size_t size, size_t align,
		  int tail_ok, int *full, size_t *tail);

#endif
