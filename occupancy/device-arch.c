/* The calculator's limits for a device that is present (occupancy/device-arch.h). */
#include "occupancy/device-arch.h"

int occ_arch_of_device(const struct gp_device *d, struct sm_arch *a)
{
	const struct sm_arch *row = arch_lookup_cc(d->cc_major, d->cc_minor);

	if (!row)
		return -1;
	/* the table's rules with the limits the device reports (0 = not reported) */
	*a = *row;
#define LIVE(field, value) do { if ((value) > 0) a->field = (value); } while (0)
	LIVE(warp_size, d->warp_size);
	LIVE(max_threads_per_sm, d->max_threads_per_sm);
	LIVE(max_blocks_per_sm, d->max_blocks_per_sm);
	LIVE(max_threads_per_block, d->max_threads_per_block);
	LIVE(regs_per_sm, d->regs_per_sm);
	LIVE(max_regs_per_block, d->regs_per_block);
	LIVE(smem_per_sm, d->smem_per_sm);
	LIVE(smem_per_block, d->smem_per_block);
	LIVE(smem_per_block_optin, d->smem_per_block_optin);
#undef LIVE
	if (d->reserved_smem_per_block >= 0 && row->major >= 8)
		a->reserved_smem_per_block = d->reserved_smem_per_block;
	if (a->smem_per_block_optin < a->smem_per_block)
		a->smem_per_block_optin = a->smem_per_block;
	a->max_warps_per_sm = a->max_threads_per_sm / a->warp_size;
	return 0;
}

