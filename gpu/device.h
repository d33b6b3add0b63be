/*
 * Opening the GPU: its inventory from the CUDA runtime into struct
 * gp_device (results/device.h, plain C types that pure code reads).
 */
#ifndef GP_GPU_DEVICE_H
#define GP_GPU_DEVICE_H

#include <stddef.h>
#include <stdint.h>
#include "results/device.h"

/*
 * Number of CUDA devices.  0 on success; with no driver or no device,
 * prints one line and returns GP_EXIT_NODEV.
 */
int dev_count(int *count);

/*
 * Why no GPU can be used here ("no NVIDIA driver found (...)", "no
 * CUDA-capable GPU found"), or NULL when one can.  Prints nothing; the
 * text lives until the next call.
 */
const char *dev_unusable(void);

/* "--device: no device 4 (found 2: 0 to 1)"; returns GP_EXIT_USAGE. */
int dev_no_such(int index, int count);

/*
 * The PCI bus id of device index ("0000:1b:00.0") without creating its
 * context, for what must be read before the device is opened; 0 or -1.
 */
int dev_bus_id(int index, char *buf, size_t n);

/* Fill d for device index and make it current.  0 or a GP_EXIT_* status. */
int dev_open(int index, struct gp_device *d);

#endif
