/*
 * Fault injection for the test suite: GPUPERF_FAULT=TEXT:N.
 *
 *     if (gp_fault("gate timeout"))
 *             timeout = 0;
 *
 * The CUDA layer asks for every checked call (gpu/cuda-check.c); a few
 * places ask for faults that are not a CUDA error (pcie's gate timing out).
 */
#ifndef GP_UTIL_FAULT_H
#define GP_UTIL_FAULT_H

/*
 * 1 when what contains TEXT and is the Nth or a later such call (as after
 * a real sticky error), else 0.  GPUPERF_FAULT is read at the first call.
 */
int gp_fault(const char *what);

#endif
