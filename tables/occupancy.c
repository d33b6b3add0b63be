/* gpuperf occupancy: the tables of whichever mode ran. */
#include <math.h>
#include "tables/all.h"
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

/* ---- gpuperf all's summary ---- */

/* gpuperf all's summary: the occupancy of the configuration, and what limits it. */
void tab_occupancy_summary(struct all_summary *s, const struct gp_device *d, const void *occ_run)
{
	const struct occ_run *oc = occ_run;
	char ref[96], metric[64], what[96], lim[96];

	(void)d;
	if (!oc)
		return;
	snprintf(metric, sizeof(metric), "occupancy_%dx%d_pct", oc->in.threads, oc->in.regs);
	snprintf(what, sizeof(what), "occupancy, %d threads x %d registers", oc->in.threads, oc->in.regs);
	snprintf(ref, sizeof(ref), "%d block%s per SM, limited by %s", oc->r.blocks,
		 tab_plural(oc->r.blocks), occ_limiter_words(oc->r.binding, 1, lim, sizeof(lim)));
	all_add(s, metric, what, oc->r.occupancy_pct, NAN, "%", ref);
}
