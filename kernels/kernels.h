/*
 * The only door from C to device code: extern "C" launchers, one section
 * per probe.  Each launcher enqueues its kernel on the given stream and
 * returns the launch's cudaError_t; the __global__ functions stay static
 * in the kernels/ .cu files, so host files never see <<<>>>.
 */
#ifndef GP_KERNELS_KERNELS_H
#define GP_KERNELS_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- clock: SM clock measured by the device itself (kernels/clock.cu) ---- */

/*
 * Spin one thread for about `cycles` SM cycles, writing the clock64()
 * and %globaltimer (ns) deltas it saw to out[0] and out[1].
 */
cudaError_t launch_clock_spin(long long cycles, unsigned long long *out,
			      cudaStream_t stream);

/* ---- bandwidth (kernels/bandwidth.cu) ---- */

/*
 * Stream kernel `kernel` (0..5 = read, write, copy, scale, add, triad of
 * enum bw_kernel) over n vectors of `width` bytes (4, 8, 16: float,
 * float2, float4), `unroll` (1, 2, 4, 8, 16) accesses per input per
 * thread per iteration, `passes` sweeps in the launch.  tiles = 0: a
 * thread's accesses are a grid apart; 1: each block sweeps a contiguous
 * tile.  Inputs a, b, output c (unused ones may be NULL); s is the scalar
 * of scale/triad.  The read kernel adds the bits of every float it read
 * to *sink.  cudaErrorInvalidValue for a combination that is not built.
 */
cudaError_t launch_bw_stream(int kernel, int width, int unroll, int tiles, int grid,
			     int block, const void *a, const void *b, void *c, uint64_t n,
			     float s, unsigned passes, unsigned *sink,
			     cudaStream_t stream);
/* Resident blocks per SM of that kernel at `block` threads (occupancy API). */
cudaError_t bw_stream_max_blocks(int kernel, int width, int unroll, int block,
				 int *blocks_per_sm);
/* Registers per thread of that kernel. */
cudaError_t bw_stream_regs(int kernel, int width, int unroll, int *regs);
/* a[j] = bw_pat_a(j), b[j] = bw_pat_b(j) for j < n floats; either may be NULL. */
cudaError_t launch_bw_fill(float *a, float *b, uint64_t n, cudaStream_t stream);
/*
 * Check c against kernel's expected values (model/bandwidth-pattern.h) for
 * j < n and against BW_POISON for n <= j < end.  out[0] += mismatches,
 * out[1] = min(out[1], first bad j): zero out[0] and set out[1] to ~0 first.
 */
cudaError_t launch_bw_verify(const float *c, uint64_t n, uint64_t end, int kernel,
			     unsigned long long *out, cudaStream_t stream);
/* *out += sum of the bits of bw_pat_a(j), j < n (mod 2^32): the read kernel's answer. */
cudaError_t launch_bw_pattern_sum(uint64_t n, unsigned *out, cudaStream_t stream);

/* ---- coalesce (kernels/coalesce.cu) ---- */

/* ---- banks (kernels/banks.cu) ---- */

/* ---- pcie (kernels/pcie.cu) ---- */

/* ---- occupancy (kernels/occupancy.cu) ---- */

#ifdef __cplusplus
}
#endif

#endif
