/* gpuperf occupancy: the tables of whichever mode ran. */
#include "tables/occupancy.h"

void tab_occupancy(struct report *r, const struct gp_device *dev, const void *occ_run)
{
	const struct occ_run *run = occ_run;

	switch (run->mode) {
	case OCC_MODE_CONFIG:
		tab_occupancy_config(r, dev, run);
		break;
	case OCC_MODE_SWEEP:
		tab_occupancy_sweep(r, dev, run);
		break;
	case OCC_MODE_KERNELS:
		tab_occupancy_kernels(r, dev, run);
		break;
	case OCC_MODE_CHECK:
		tab_occupancy_check(r, dev, run);
		break;
	}
}
