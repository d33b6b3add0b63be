/*
 * The data gpuperf pcie moves, shared by host (probes/pcie.c) and device
 * (kernels/pcie.cu) so both sides generate and check the same bytes.
 * Byte i of a buffer with seed s is byte (i % 8) of pcie_pattern(i / 8, s),
 * little-endian on both sides.  Plain C, no CUDA types.
 */
#ifndef GP_KERNELS_PCIE_PATTERN_H
#define GP_KERNELS_PCIE_PATTERN_H

#include <stdint.h>

#ifdef __CUDACC__
#define PCIE_HD __host__ __device__
#else
#define PCIE_HD
#endif

/* Poison written to destinations before a transfer; never a pattern word in practice. */
#define PCIE_POISON_BYTE 0xA5

/* One 64-bit word of the pattern: a cheap mix so neighbours differ in every byte. */
static inline PCIE_HD uint64_t pcie_pattern(uint64_t word, uint64_t seed)
{
	uint64_t z = (word + seed) * 0x9E3779B97F4A7C15ull;
	return z ^ (z >> 29);
}

/* The --overlap kernel applies this step `iters` times to each 32-bit word. */
#define PCIE_LCG_A 1664525u
#define PCIE_LCG_C 1013904223u

#endif
