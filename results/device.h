/*
 * The GPU as every result names it: plain C types, no CUDA headers, so
 * that pure code (results/, tables/, report/) reads it.  gpu/device.c
 * fills it (dev_open), gpu/pcie-link.c its link.
 */
#ifndef GP_RESULTS_DEVICE_H
#define GP_RESULTS_DEVICE_H

#include <stddef.h>
#include <stdint.h>

/* The PCIe link of a GPU: generation and width, current and maximum. */
struct pcie_link {
	int cur_gen, cur_width;   /* 0 when unknown */
	int max_gen, max_width;
	int path_gen, path_width; /* narrowest link on the way to the root port */
	const char *source;       /* "sysfs", "nvml" or NULL when unknown */
};

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

/* Theoretical DRAM bandwidth in GB/s (10^9 B/s): 2 x clock x bus width / 8. */
double dev_dram_peak_gbs(const struct gp_device *d);

/*
 * The 16 bytes of a CUDA UUID as nvidia-smi writes them,
 * "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", into out (n bytes, 41 or
 * more): gpuperf's device and the profiled program's records name a GPU
 * alike.  Returns out.
 */
const char *dev_uuid_string(const unsigned char *u, char *out, size_t n);

/* "9.0" */
const char *dev_cc_string(const struct gp_device *d, char *buf, size_t n);

#endif
