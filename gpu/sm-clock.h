/* The SM clock measured on the device (clock64 against %globaltimer). */
#ifndef GP_GPU_SM_CLOCK_H
#define GP_GPU_SM_CLOCK_H

/* MHz the current device's SM ran at over a short spin; 0 or GP_EXIT_*. */
int sm_clock_measure(double *mhz);

#endif
