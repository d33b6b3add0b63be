/*
 * NVLink arithmetic: which generation a link is and what it carries.
 * Pure, no NVML types; gpu/nvml.c reads the links, this names them.
 */
#ifndef GP_MODEL_NVLINK_H
#define GP_MODEL_NVLINK_H

#include <stddef.h>

/*
 * The NVLink generation (1-5) of NVML's version value.  Drivers of the
 * CUDA 12 era number versions as an enumeration (1.0=1, 2.0=2, 2.2=3,
 * 3.0=4, 3.1=5, 4.0=6, 5.0=7); older ones gave the generation itself.
 * Where the raw value is the generation the GPU's architecture has
 * (Hopper 4, Ampere 3, ...), it is taken as that.  0 when unknown.
 */
int nvlink_generation(unsigned raw, int cc_major, int cc_minor);

/* Theoretical GB/s (10^9 B/s) one link carries per direction; 0 when unknown. */
double nvlink_link_gbs(int generation);

/* "NVLink4 x18"; "NVLink x2" when the generation is unknown. */
const char *nvlink_name(int generation, int links, char *buf, size_t n);

#endif
