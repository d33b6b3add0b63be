/*
 * The GPU as the rest of the program sees it: plain C types, no CUDA
 * headers, so pure code and the report layer can use it.
 */
#ifndef GP_GPU_DEVICE_H
#define GP_GPU_DEVICE_H

#include <stddef.h>
#include <stdint.h>
#include "gpu/pcie-link.h"

struct gp_device {
	int index;
	char name[256];
	char pci_bus_id[32];      /* "0000:1b:00.0", lower case, as sysfs names it */
	char uuid[48];            /* "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", as nvidia-smi */
	char hostname[256];       /* the machine it is in */
	int cc_major, cc_minor;
	int sm_count;
	int warp_size;
	int sm_clock_khz;         /* peak SM clock the driver reports */
	int mem_clock_khz;        /* peak memory clock the driver reports */
	int mem_bus_width_bits;
	int l2_bytes;
	int persisting_l2_max_bytes;
	uint64_t total_mem_bytes;
	uint64_t free_mem_bytes;
	int smem_per_sm;
	int smem_per_block;
	int smem_per_block_optin;
	int reserved_smem_per_block;
	int regs_per_sm;
	int regs_per_block;
	int max_threads_per_sm;
	int max_threads_per_block;
	int max_blocks_per_sm;
	int ecc_enabled;
	int numa_node;            /* -1 when unknown */
	int driver_version;       /* 13000 = 13.0 */
	int runtime_version;
	struct pcie_link link;
};

/*
 * Number of CUDA devices.  0 on success; with no driver or no device,
 * prints one line and returns GP_EXIT_NODEV.
 */
int dev_count(int *count);

/* "--device: no device 4 (found 2: 0 to 1)"; returns GP_EXIT_USAGE. */
int dev_no_such(int index, int count);

/*
 * The PCI bus id of device index ("0000:1b:00.0") without creating its
 * context, for what must be read before the device is opened; 0 or -1.
 */
int dev_bus_id(int index, char *buf, size_t n);

/* Fill d for device index and make it current.  0 or a GP_EXIT_* status. */
int dev_open(int index, struct gp_device *d);

/* Theoretical DRAM bandwidth in GB/s (10^9 B/s): 2 x clock x bus width / 8. */
double dev_dram_peak_gbs(const struct gp_device *d);

/* "9.0" */
const char *dev_cc_string(const struct gp_device *d, char *buf, size_t n);

#endif
