/*
 * The PCIe link of a GPU: generation and width, current and maximum, from
 * sysfs or NVML.  The arithmetic (encodings, per-direction peak) is pure
 * and lives in model/pcie.h.
 */
#ifndef GP_GPU_PCIE_LINK_H
#define GP_GPU_PCIE_LINK_H

#include <stddef.h>
#include "results/device.h"

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
