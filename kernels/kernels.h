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

#ifdef __cplusplus
}
#endif

#endif
