/* The calculator's limits for a device that is present. */
#ifndef GP_OCCUPANCY_DEVICE_ARCH_H
#define GP_OCCUPANCY_DEVICE_ARCH_H

#include "arch/arch.h"
#include "results/device.h"

/*
 * The architecture of device d: gpuperf's row for its compute capability
 * with the limits the device reports.  0, or -1 when the table lacks it.
 */
int occ_arch_of_device(const struct gp_device *d, struct sm_arch *a);

#endif
