/*
 * The parts of `gpuperf occupancy` (cli/cmd-occupancy.c): the parsed
 * options, the machine-table columns every mode shares, and the two modes
 * that live in their own files (--kernel, --check-runtime).
 */
#ifndef GP_CLI_OCCUPANCY_CLI_H
#define GP_CLI_OCCUPANCY_CLI_H

#include "arch/arch.h"
#include "cli/cmd.h"
#include "occupancy/occupancy.h"

struct occ_opts {
	const struct sm_arch *arch;  /* --arch/--cc, or the device's; NULL for --kernel without one */
	struct sm_arch dev_arch;     /* the table row with the device's live properties */
	int from_device;
	int threads;                 /* 0: not given */
	int regs;                    /* -1: not given */
	long long smem;              /* 0 when not given */
	int carveout;                /* OCC_CARVEOUT_DEFAULT when not given */
	int carveout_given;
	int barriers;                /* 1 (the runtime's assumption) when not given */
	int barriers_given;
	int sweep;                   /* an occ_resource, or -1 */
	const char *kernel;
	const char *function;
	int check_runtime;
};

/* Machine-table layouts. */
enum occ_table_kind {
	OCC_TABLE_CONFIG,   /* one configuration (and the sweep, with `current`) */
	OCC_TABLE_SWEEP,
	OCC_TABLE_KERNEL,   /* --kernel: the kernel's resources first */
};

struct report_table *occ_machine_table(struct gp_ctx *ctx, const char *title,
				       enum occ_table_kind kind);
/* Identity (device and cc from the device, or cc from the architecture). */
void occ_set_identity(struct gp_ctx *ctx, const struct occ_opts *o, struct report_table *t,
		      size_t row, const struct sm_arch *a);
/* The configuration and result columns of a row. */
void occ_fill_result(struct report_table *t, size_t row, const struct sm_arch *a,
		     const struct occ_input *in, const struct occ_result *r);
/* Setters by column name (no-ops for a column the table lacks). */
void occ_set_int(struct report_table *t, size_t row, const char *col, long long v);
void occ_set_str(struct report_table *t, size_t row, const char *col, const char *s);

/* "registers+shared memory" (human) or "registers+shared_memory" (machine). */
const char *occ_limiter_words(unsigned mask, int machine, char *buf, size_t n);
/* "1.5 KiB" style sizes through util/parse.h's format_size. */
const char *occ_bytes(long long b, char *buf, size_t n);
/* The warning for a configuration that cannot launch. */
void occ_warn_cannot_launch(const char *what, const struct sm_arch *a, const struct occ_result *r);

/* "sm_90 (GH100, CC 9.0)", or the device's name with "live limits". */
void occ_arch_title(const struct gp_ctx *ctx, const struct occ_opts *o, const struct sm_arch *a,
		    char *buf, size_t n);

int occ_run_sweep(struct gp_ctx *ctx, const struct occ_opts *o, const struct occ_input *in);
int occ_run_kernels(struct gp_ctx *ctx, const struct occ_opts *o);
int occ_run_check(struct gp_ctx *ctx, const struct occ_opts *o);
/* The device's architecture: the table row with live limits; 0 or a status. */
int occ_device_arch(struct gp_ctx *ctx, struct occ_opts *o);

#endif
