/*
 * Runtime answers for the occupancy check.  A launch that the runtime
 * refuses (too much shared memory, too many threads for the kernel) is a
 * result, not a failure: its error is cleared and recorded.  A launch that
 * runs must write out[i] = tag + i over a poisoned buffer.
 */
#include <cuda_runtime_api.h>
#include <stdint.h>
#include "gpu/cuda-check.h"
#include "kernels/kernels.h"
#include "probes/occupancy.h"
#include "util/error.h"

#define OCC_MAX_THREADS 1024

int occ_rt_count(void)
{
	return occ_kernel_count();
}

int occ_rt_kernels(const struct gp_device *dev, struct occ_rt_kernel *out)
{
	int optin = dev->smem_per_block_optin > dev->smem_per_block ? dev->smem_per_block_optin
								   : dev->smem_per_block;
	int rc;

	for (int k = 0; k < occ_kernel_count(); k++) {
		struct cudaFuncAttributes a;

		if ((rc = cuda_check(occ_kernel_attributes(k, &a), "cudaFuncGetAttributes")))
			return rc;
		/* the opt-in the calculator assumes: everything a block may have */
		if (optin - (int)a.sharedSizeBytes > 0 &&
		    (rc = cuda_check(occ_kernel_allow_dynamic_smem(k, optin - (int)a.sharedSizeBytes),
				     "cudaFuncSetAttribute")))
			return rc;
		if ((rc = cuda_check(occ_kernel_attributes(k, &a), "cudaFuncGetAttributes")))
			return rc;
		out[k].name = occ_kernel_name(k);
		out[k].regs = a.numRegs;
		out[k].smem_static = (long long)a.sharedSizeBytes;
		out[k].local_bytes = (long long)a.localSizeBytes;
		out[k].max_threads = a.maxThreadsPerBlock;
		out[k].binary_version = a.binaryVersion;
		out[k].ptx_version = a.ptxVersion;
		out[k].max_dynamic_smem = a.maxDynamicSharedSizeBytes;
	}
	return 0;
}

/* Launch one block; *ran = 1 when it ran and wrote the right values. */
static int launch_one(int k, int threads, long long dyn, unsigned *d_out, unsigned *h_out,
		      unsigned tag, int *ran)
{
	cudaError_t err;
	int rc;

	*ran = 0;
	if ((rc = cuda_check(cudaMemset(d_out, 0xff, OCC_MAX_THREADS * sizeof(unsigned)), "cudaMemset")))
		return rc;
	err = launch_occ_kernel(k, 1, threads, (size_t)dyn, d_out, tag, 0);
	if (err != cudaSuccess) {
		/* refused at launch: the configuration does not fit */
		cudaGetLastError();
		return 0;
	}
	if ((rc = cuda_check(cudaDeviceSynchronize(), occ_kernel_name(k))))
		return rc;
	if ((rc = cuda_check(cudaMemcpy(h_out, d_out, (size_t)threads * sizeof(unsigned),
					cudaMemcpyDeviceToHost), "cudaMemcpy")))
		return rc;
	for (int i = 0; i < threads; i++)
		if (h_out[i] != tag + (unsigned)i)
			return gp_error(GP_EXIT_FAIL, "%s: thread %d of a %d-thread block wrote %#x, not %#x",
					occ_kernel_name(k), i, threads, h_out[i], tag + (unsigned)i);
	*ran = 1;
	return 0;
}

int occ_rt_measure(struct occ_rt_point *pts, size_t n)
{
	static unsigned h_out[OCC_MAX_THREADS];
	unsigned *d_out = NULL;
	int rc;

	if ((rc = cuda_check(cudaMalloc((void **)&d_out, OCC_MAX_THREADS * sizeof(unsigned)), "cudaMalloc")))
		return rc;
	for (size_t i = 0; i < n; i++) {
		struct occ_rt_point *p = &pts[i];
		int blocks = 0;

		if (p->threads < 1 || p->threads > OCC_MAX_THREADS) {
			rc = gp_error(GP_EXIT_FAIL, "occupancy check: %d threads per block is out of range",
				      p->threads);
			break;
		}
		if (occ_kernel_max_active_blocks(p->kernel, p->threads, (size_t)p->dynamic_smem,
						 &blocks) != cudaSuccess) {
			cudaGetLastError();
			blocks = -1;
		}
		p->runtime_blocks = blocks;
		if ((rc = launch_one(p->kernel, p->threads, p->dynamic_smem, d_out, h_out,
				     0x1000u * (unsigned)(i + 1), &p->launched)))
			break;
		if (gp_verbosity >= 0)
			gp_progress("occupancy check: %zu of %zu configurations", i + 1, n);
	}
	gp_progress_done();
	cudaFree(d_out);
	return rc;
}
