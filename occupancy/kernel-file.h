/* gpuperf occupancy --binary FILE: the occupancy of each kernel of a compiled file. */
#ifndef GP_OCCUPANCY_KERNEL_FILE_H
#define GP_OCCUPANCY_KERNEL_FILE_H

#include "results/occupancy.h"

/*
 * --kernel: read run->file and fill rows for each kernel (named
 * function only, when given), on run->arch when have_arch, else on each
 * kernel's own SM.  0, or GP_EXIT_* after a message.
 */
int occ_run_kernels(struct occ_run *run, const char *function);

#endif
