/*
 * The runtime's side of `gpuperf occupancy --check-runtime`: the probe
 * kernels' attributes (cudaFuncGetAttributes), the runtime's occupancy
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor) and whether a launch of
 * one block runs.  Never prints results; returns typed values.
 */
#ifndef GP_PROBES_OCCUPANCY_H
#define GP_PROBES_OCCUPANCY_H

#include "gpu/device.h"

struct occ_rt_kernel {
	const char *name;           /* the source name, "occ_k_static4k" */
	int regs;
	long long smem_static;
	long long local_bytes;
	int max_threads;            /* the most threads per block it can launch with */
	int binary_version;         /* 90: the sm_90 cubin runs; the PTX version otherwise */
	int ptx_version;
	long long max_dynamic_smem; /* after the opt-in: the per-block limit minus static */
};

struct occ_rt_point {
	int kernel;
	int threads;
	long long dynamic_smem;
	int runtime_blocks;         /* -1 when the runtime returned an error */
	int launched;               /* 1: a one-block launch ran and wrote what it should */
};

/* Number of probe kernels. */
int occ_rt_count(void);

/*
 * Attributes of every probe kernel into out[occ_rt_count()], after opting
 * each in to the device's largest dynamic shared memory per block.
 * 0 or a GP_EXIT_* status (message printed).
 */
int occ_rt_kernels(const struct gp_device *dev, struct occ_rt_kernel *out);

/* Runtime occupancy and a verified one-block launch for each point. */
int occ_rt_measure(struct occ_rt_point *pts, size_t n);

struct occ_run;
/*
 * --check-runtime on dev (opened; run->arch its limits): every
 * comparison into run->checks, each kernel's totals into run->ckernels.
 * 0, or GP_EXIT_FAIL when any comparison differs (the first on stderr).
 */
int occ_check_runtime(const struct gp_device *dev, struct occ_run *run);

#endif
