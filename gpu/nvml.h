/*
 * NVML, loaded at run time like CUPTI (counters/cupti-load.c): gpuperf
 * starts and measures without it, and says what it could not read.
 * What it reads lands in plain structs (model/trust.h), so nothing above
 * gpu/ sees an NVML type.  Every function is safe to call from the watch
 * thread while the main thread measures (NVML itself is thread-safe).
 *
 * GPUPERF_NVML_LIB names the library to load instead of the driver's
 * libnvidia-ml.so.1 (tests point it at a fake, or at nothing).
 */
#ifndef GP_GPU_NVML_H
#define GP_GPU_NVML_H

#include <stddef.h>
#include "model/trust.h"

/* Load and initialise NVML, once; NULL when usable, else why not. */
const char *nvml_unavailable(void);

/* A GPU as NVML knows it. */
struct nvml_gpu {
	void *handle;
	char bus_id[32];   /* "0000:1b:00.0" */
};

/* The GPU at bus_id ("0000:1b:00.0"); 0, or -1 with *why set (static text). */
int nvml_gpu_open(const char *bus_id, struct nvml_gpu *g, const char **why);

struct nvml_clocks {
	unsigned sm_mhz, mem_mhz;            /* now; 0 unknown */
	unsigned sm_max_mhz, mem_max_mhz;    /* the maximum; 0 unknown */
	unsigned long long reasons;          /* TRUST_REASON_* now */
	int reasons_known;
};
/* Clocks and their event reasons now; 0, or -1 when nothing could be read. */
int nvml_read_clocks(const struct nvml_gpu *g, struct nvml_clocks *c);

/* ECC, persistence, MIG and compute modes (fields -1 where unknown); 0 or -1. */
int nvml_read_modes(const struct nvml_gpu *g, struct trust_modes *m);

/*
 * The compute processes on the GPU (pid and memory; names left empty):
 * how many there are (may exceed max; the first max are stored), or -1
 * when they cannot be read.
 */
int nvml_read_procs(const struct nvml_gpu *g, struct trust_proc *p, size_t max);

/*
 * Device memory allocated now, reserved memory left out (NVML's v2
 * query: a v1-only NVML counts reserved memory as used, so it says
 * nothing here); 0, or -1 when unknown.
 */
int nvml_read_mem_used(const struct nvml_gpu *g, unsigned long long *bytes);

/* A GPU's health and identity beyond CUDA's: check's records. */
struct nvml_health {
	char serial[64];             /* the board's serial; "" unknown */
	char driver[32];             /* the NVIDIA driver's version, "580.159.04"; "" unknown */
	long long ecc_uncorrected;   /* volatile (since the driver loaded); -1 unknown */
	long long retired_rows;      /* rows remapped (Ampere on), else pages retired; -1 unknown */
	int row_failure;             /* a remapping failed or a retirement awaits a reset; -1 unknown */
};
/* Read it; fields unknown where NVML cannot say. */
void nvml_read_health(const struct nvml_gpu *g, struct nvml_health *h);

/* How a GPU reaches another over NVLink. */
struct nvml_nvlink {
	int links;            /* active links to it (directly, or through NVSwitch) */
	int via_switch;       /* 1: through NVSwitch: the fewer switch links of the two */
	unsigned version;     /* NVML's version value of the first such link (model/nvlink.h) */
};
/*
 * The NVLink links from a to b: direct links whose far end is b, else
 * both GPUs' links to NVSwitches when NVML says NVLink joins them.
 * 0 with l->links 0 when there is none, -1 when it cannot be read.
 */
int nvml_nvlink_between(const struct nvml_gpu *a, const struct nvml_gpu *b, struct nvml_nvlink *l);

#endif
