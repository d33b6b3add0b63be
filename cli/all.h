/* gpuperf all, the parts a test can drive with fabricated results. */
#ifndef GP_CLI_ALL_H
#define GP_CLI_ALL_H

#include "cli/cmd.h"

/* The results of one probe (the occupancy runs share one). */
struct all_section {
	const char *name;    /* info, bandwidth, coalesce, banks, occupancy, pcie */
	struct report rep;   /* the tables its command built */
};

/*
 * Turn the sections into ctx->report for ctx->format: the summary first,
 * then each probe's tables (human), one long table (CSV), or one object
 * with a section per probe (JSON).  The sections' reports are consumed.
 */
void all_compose(struct gp_ctx *ctx, struct all_section *sec, size_t n);

#endif
