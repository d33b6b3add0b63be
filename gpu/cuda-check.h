/*
 * CUDA runtime errors as gpuperf exit statuses.  GPU-layer code only
 * (probes, gpu/): pure code never includes CUDA headers.
 *
 *     if ((rc = cuda_check(cudaMalloc(&p, n), "cudaMalloc")))
 *             goto out;
 */
#ifndef GP_GPU_CUDA_CHECK_H
#define GP_GPU_CUDA_CHECK_H

#include <cuda_runtime_api.h>

/*
 * 0 for cudaSuccess; otherwise prints "gpuperf: error: WHAT: <cuda error
 * name>: <description>" and returns GP_EXIT_FAIL (GP_EXIT_NODEV for
 * missing driver or device).
 */
int cuda_check(cudaError_t err, const char *what);

#endif
