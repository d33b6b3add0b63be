/* gpuperf occupancy results as tables, in each mode (tables/tables.h). */
#ifndef GP_TABLES_OCCUPANCY_H
#define GP_TABLES_OCCUPANCY_H

#include "results/occupancy.h"
#include "tables/tables.h"

struct all_summary;  /* tables/all.h */

/* dev: the device the run used (NULL with --arch). */
void tab_occupancy(struct report *r, const struct gp_device *dev, const void *occ_run);
/* gpuperf all's summary: the configuration's occupancy and its limit. */
void tab_occupancy_summary(struct all_summary *s, const struct gp_device *dev, const void *occ_run);

/* "1.5 KiB" style sizes through util/parse.h's format_size, "n B" when not whole. */
const char *occ_bytes(long long b, char *buf, size_t n);

/* ---- shared by the modes' files (tables/occupancy-*.c) ---- */

enum occ_table_kind {
	OCC_TABLE_CONFIG,   /* one configuration */
	OCC_TABLE_SWEEP,    /* the same with `current` */
	OCC_TABLE_KERNEL,   /* --kernel: the kernel's resources first */
	OCC_TABLE_CHECK,    /* --check-runtime's comparisons */
};
struct report_table *occ_machine_table(struct report *r, const char *title,
				       enum occ_table_kind kind);
/* Identity (device and cc from the device, or cc from the architecture). */
void occ_set_identity(struct report_table *t, size_t row, const struct gp_device *dev,
		      const struct occ_run *run, const struct sm_arch *a);
/* The configuration and result columns of a row. */
void occ_fill_result(struct report_table *t, size_t row, const struct sm_arch *a,
		     const struct occ_input *in, const struct occ_result *r);
/* Setters by column name (no-ops for a column the table lacks). */
void occ_set_int(struct report_table *t, size_t row, const char *col, long long v);
void occ_set_str(struct report_table *t, size_t row, const char *col, const char *s);
/* "registers+shared memory" (human) or "registers+shared_memory" (machine). */
const char *occ_limiter_words(unsigned mask, int machine, char *buf, size_t n);
/* "sm_90 (GH100, CC 9.0)", or the device's name with "live limits". */
void occ_arch_title(const struct gp_device *dev, const struct occ_run *run, char *buf, size_t n);

/*
 * The advice beside one configuration, the same for people and machines:
 * the next step (the most registers per thread, or shared memory per block,
 * that would allow more blocks) and the headroom (the most that keeps the
 * blocks there are).  A has_ flag is 0 where there is none: lowering the
 * resource gains nothing, or the configuration cannot launch.
 */
struct occ_advice {
	int has_next_regs, has_next_smem, has_headroom_regs, has_headroom_smem;
	struct occ_step next_regs, next_smem, headroom_regs, headroom_smem;
};
void occ_advise(const struct sm_arch *a, const struct occ_input *in, struct occ_advice *adv);
/* The advice columns of a row (next_*, headroom_*). */
void occ_fill_advice(struct report_table *t, size_t row, const struct occ_advice *adv);

void tab_occupancy_config(struct report *r, const struct gp_device *dev, const struct occ_run *run);
void tab_occupancy_sweep(struct report *r, const struct gp_device *dev, const struct occ_run *run);
void tab_occupancy_kernels(struct report *r, const struct gp_device *dev, const struct occ_run *run);
void tab_occupancy_check(struct report *r, const struct gp_device *dev, const struct occ_run *run);

#endif
