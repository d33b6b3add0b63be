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

/*
 * Probe kernels for checking the occupancy calculator against the runtime,
 * each with different resources: none, 4 KiB static shared memory, launch
 * bounds (256, 2) with 2 KiB, high register pressure, four named barriers,
 * dynamic shared memory only.  Kernel k is 0 .. occ_kernel_count() - 1.
 *
 * Every kernel writes out[i] = tag + i for each of its blocks x threads
 * (out must hold that many words), so a launch that ran can be verified.
 */
int occ_kernel_count(void);
const char *occ_kernel_name(int k);  /* the name in the source: "occ_k_static4k" */
cudaError_t occ_kernel_attributes(int k, struct cudaFuncAttributes *attr);
/* cudaFuncSetAttribute(MaxDynamicSharedMemorySize): the opt-in the calculator assumes. */
cudaError_t occ_kernel_allow_dynamic_smem(int k, int bytes);
/* cudaOccupancyMaxActiveBlocksPerMultiprocessor for kernel k. */
cudaError_t occ_kernel_max_active_blocks(int k, int threads, size_t dynamic_smem, int *blocks);
cudaError_t launch_occ_kernel(int k, int blocks, int threads, size_t dynamic_smem,
			      unsigned *out, unsigned tag, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
