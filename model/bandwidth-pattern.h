/*
 * The values `gpuperf bandwidth` fills its arrays with and expects back,
 * one definition shared by the device kernels (kernels/bandwidth.cu) and
 * host code (messages, unit tests).  No CUDA header: under nvcc the
 * functions become __host__ __device__.
 *
 * Elements are 32-bit floats whatever the access width (a 16-byte access
 * moves four).  Every value is a small multiple of 0.25, so s*x and a+s*b
 * are exact in float with or without FMA contraction: the device result
 * must equal the expected value bit for bit.
 */
#ifndef GP_MODEL_BANDWIDTH_PATTERN_H
#define GP_MODEL_BANDWIDTH_PATTERN_H

#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define BW_HD __host__ __device__ __forceinline__
#else
#define BW_HD static inline
#endif

/* The scalar s of scale and triad. */
#define BW_SCALAR 3.0f

/* Bits of the poison written over outputs before the timed repetitions (a NaN). */
#define BW_POISON 0xffffffffu

/* Input a: 1 .. 1021, period 1021 (prime: no alignment with widths or warps). */
BW_HD float bw_pat_a(uint64_t j)
{
	return (float)((uint32_t)j % 1021u) + 1.0f;
}

/* Input b: 0.5 .. 127.5 in steps of 0.25, period 509. */
BW_HD float bw_pat_b(uint64_t j)
{
	return (float)((uint32_t)j % 509u) * 0.25f + 0.5f;
}

/* What the write kernel stores: 0.5 .. 1012.5, period 1013. */
BW_HD float bw_pat_w(uint64_t j)
{
	return (float)((uint32_t)j % 1013u) + 0.5f;
}

/*
 * Expected output element j of kernel k (enum bw_kernel order: read=0,
 * write=1, copy=2, scale=3, add=4, triad=5, memcpy=6).  The read kernel
 * has no output array; it returns 0 for it.
 */
BW_HD float bw_expected(int k, uint64_t j)
{
	switch (k) {
	case 1: return bw_pat_w(j);
	case 2: case 6: return bw_pat_a(j);
	case 3: return BW_SCALAR * bw_pat_a(j);
	case 4: return bw_pat_a(j) + bw_pat_b(j);
	case 5: return bw_pat_a(j) + BW_SCALAR * bw_pat_b(j);
	default: return 0.0f;
	}
}

/*
 * First vector of block b's window in the read kernel's L1 and L2 methods
 * (model/bandwidth-method.h): b x step, aligned down to whole 128-byte
 * lines of vectors_per_line vectors.
 */
BW_HD uint64_t bw_window_start(uint64_t step, uint64_t b, uint64_t vectors_per_line)
{
	uint64_t s = b * step;

	return s - s % vectors_per_line;
}

/* The bits of a float, for sums and comparisons. */
BW_HD uint32_t bw_bits(float x)
{
	uint32_t u;
	memcpy(&u, &x, sizeof(u));
	return u;
}

#endif
