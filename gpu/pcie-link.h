/*
 * The PCIe link of a GPU: generation and width, current and maximum, from
 * sysfs or NVML.  The arithmetic (encodings, per-direction peak) is pure
 * and lives in model/pcie.h.
 */
#ifndef GP_GPU_PCIE_LINK_H
#define GP_GPU_PCIE_LINK_H

#include <stddef.h>

struct pcie_link {
	int cur_gen, cur_width;   /* 0 when unknown */
	int max_gen, max_width;
	int path_gen, path_width; /* narrowest link on the way to the root port */
	const char *source;       /* "sysfs", "nvml" or NULL when unknown */
};

/* Read the link of the device at bus_id ("0000:1b:00.0"); fields left 0 if unknown. */
void pcie_link_read(const char *bus_id, struct pcie_link *link);

/*
 * One attribute of the device's sysfs directory ("local_cpulist", ...)
 * into buf, without its newline; 0, or -1 when it cannot be read.
 */
int pcie_sysfs_read(const char *bus_id, const char *attr, char *buf, size_t n);

/* NUMA node of the device from sysfs, -1 when unknown. */
int pcie_numa_node(const char *bus_id);

#endif
