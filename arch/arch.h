/*
 * Per-architecture limits: one row per compute capability, data only.
 *
 * The rows come from shared/reference/cc_limits.csv (which records the
 * sources and where they disagree).  Everything that differs between
 * architectures lives here, so the occupancy calculator, the coalescing
 * and bank models and the bandwidth command read the same numbers; an
 * architecture missing from the table is refused, never guessed.
 *
 * Pure C: no CUDA types.
 */
#ifndef GP_ARCH_ARCH_H
#define GP_ARCH_ARCH_H

#include <stddef.h>
#include "results/sm-arch.h"

extern const struct sm_arch sm_archs[];
extern const size_t sm_narchs;

/* The row for compute capability major.minor, or NULL. */
const struct sm_arch *arch_lookup_cc(int major, int minor);

/* The row for sm (90 for sm_90), following a name a toolkit has since replaced; or NULL. */
const struct sm_arch *arch_lookup_sm(int sm);

/*
 * The row named by s: "sm_90", "sm_90a", "compute_90", "9.0" or "90"
 * (also "sm_100f", "10.0", "100"), or an old name of one (sm_101 is
 * sm_110 since CUDA 13.0).  NULL when s is malformed or names an
 * architecture not in the table.
 */
const struct sm_arch *arch_parse(const char *s);

/* Where s is an old name arch_parse accepts: a note saying what it is now; else NULL. */
const char *arch_renamed(const char *s);

/* "sm_10, sm_11, ..., sm_121" into buf (always terminated); returns buf. */
char *arch_known_names(char *buf, size_t n);

#endif
