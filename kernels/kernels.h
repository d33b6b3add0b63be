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

/* ---- coalesce (kernels/coalesce.cu) ---- */

/* ---- banks (kernels/banks.cu) ---- */

/* ---- pcie (kernels/pcie.cu) ---- */

/*
 * Hold stream until *flag (mapped host memory) becomes non-zero, so the
 * work queued behind it runs back to back; after timeout_ns it gives up
 * and sets *timed_out.
 */
cudaError_t launch_pcie_gate(volatile unsigned *flag, unsigned long long timeout_ns,
			     volatile unsigned *timed_out, cudaStream_t stream);

/*
 * Zero-copy transfer of bytes from src to dst (one of them the device
 * pointer of mapped host memory) by `blocks` blocks of 512 threads, coalesced
 * 16-byte accesses.  Both pointers 16-byte aligned.
 */
cudaError_t launch_pcie_mapped_copy(void *dst, const void *src, size_t bytes,
				    int blocks, cudaStream_t stream);

/* Write the verification pattern (kernels/pcie-pattern.h) with seed into dst. */
cudaError_t launch_pcie_fill(void *dst, size_t bytes, uint64_t seed, cudaStream_t stream);

/*
 * Compare p (device or mapped host memory) with the pattern of seed:
 * result[0] = mismatches, result[1] = lowest mismatching byte offset
 * (ULLONG_MAX when none).  result is device memory, two words.
 */
cudaError_t launch_pcie_check(const void *p, size_t bytes, uint64_t seed,
			      unsigned long long *result, cudaStream_t stream);

/*
 * In place, x = x * PCIE_LCG_A + PCIE_LCG_C applied iters times to each of
 * words 32-bit words: the --overlap kernel, its duration set by iters.
 */
cudaError_t launch_pcie_compute(uint32_t *p, size_t words, unsigned iters,
				int blocks, cudaStream_t stream);

/* ---- occupancy (kernels/occupancy.cu) ---- */

#ifdef __cplusplus
}
#endif

#endif
