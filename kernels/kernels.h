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

/* ---- occupancy (kernels/occupancy.cu) ---- */

/* ---- counters self-test (kernels/ctrtest.cu) ---- */

/*
 * Kernels whose counters theory knows exactly, for the counters self-test
 * (tests/unit/t-counters-gpu.c).  n threads, a multiple of 256, blocks of
 * 256; floats; buffers from cudaMalloc (aligned).
 *
 *   load:   out[i] = in[i * stride]     load sectors/request min(4 * stride, 32)
 *   store:  out[i * stride] = in[i]     store sectors/request min(4 * stride, 32)
 *   shared: each block copies in[0..1024) to shared memory (4 conflict-free
 *           stores per thread), then lane l reads word (l * stride) % 1024:
 *           out[i] = in[(lane * stride) % 1024]; a gcd(stride, 32)-way
 *           conflict, 1 wavefront for stride 0 (broadcast)
 */
cudaError_t launch_ctrtest_load(const float *in, float *out, size_t n, int stride,
				cudaStream_t stream);
cudaError_t launch_ctrtest_store(const float *in, float *out, size_t n, int stride,
				 cudaStream_t stream);
cudaError_t launch_ctrtest_shared(const float *in, float *out, size_t n, int stride,
				  cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
