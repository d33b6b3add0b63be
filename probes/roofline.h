/*
 * The roofline probe: measures the ceilings a request names into a
 * struct roof_results (results/roofline.h).  Memory ceilings come from
 * the bandwidth probe (its read kernel: streamed from DRAM, and its L1
 * and L2 window methods) and the banks probe (conflict-free 16-byte
 * shared loads); compute ceilings from the kernels of kernels/roofline.cu
 * and kernels/roofline-sm90a.cu, each sized to a time, timed with CUDA
 * events, and checked value by value.  Never prints results.
 *
 * Another command that wants the ceilings quickly (profile: the bound of
 * each kernel) calls
 *
 *     struct roof_request q;
 *     struct roof_results roof;
 *     roof_request_init(&q, 1);            (quick: about 0.5 s on an H100)
 *     rc = roof_probe(&ctx->dev, &q, &roof);
 *
 * on its opened device, then reads roof_ceiling_value(), roof_ridge() and
 * roof_precision_peak().
 */
#ifndef GP_PROBES_ROOFLINE_H
#define GP_PROBES_ROOFLINE_H

#include <stdint.h>
#include "counters/counters.h"
#include "gpu/device.h"
#include "results/roofline.h"

#define ROOF_REPS 10           /* timed repetitions per ceiling */
#define ROOF_WARMUP 2          /* untimed launches before them */
#define ROOF_TARGET_MS 10.0    /* a compute repetition's length */
#define ROOF_QUICK_REPS 3
#define ROOF_QUICK_WARMUP 1
#define ROOF_QUICK_TARGET_MS 2.0
#define ROOF_QUICK_DRAM_BYTES (256ull << 20)  /* at least 8 x L2 where the L2 is larger */

/* The working sets of the L1 and L2 rows (see probes/roofline.c). */
#define ROOF_L1_SET (64ull << 10)
#define ROOF_L2_SET_MAX (16ull << 20)

struct roof_request {
	unsigned ceilings;          /* bit per enum roof_ceiling */
	int reps, warmup;
	double target_ms;           /* each compute repetition sized to about this */
	uint64_t dram_bytes;        /* the DRAM read's set; 0: bandwidth's default (1 GiB) */
	enum counters_mode counters;  /* the memory rows' levels from the counters */
};

/*
 * Every ceiling with `gpuperf roofline`'s defaults, or quick: fewer and
 * shorter repetitions, a smaller DRAM set, and no counters (a command
 * that profiles holds them).
 */
void roof_request_init(struct roof_request *q, int quick);

/*
 * Measure q's ceilings on dev (opened and current) into *res, which is
 * zeroed first; a ceiling that cannot be measured here (no such unit, an
 * instruction this build lacks) is left unmeasured with its note.  0, or
 * GP_EXIT_FAIL (CUDA error, a wrong value: message printed) or
 * GP_EXIT_USAGE (a DRAM set that does not fit).  A compute ceiling whose
 * values are wrong does not stop the others: each is said, its bit set in
 * res->failed, the others measured, and GP_EXIT_FAIL returned at the end.
 */
int roof_probe(const struct gp_device *dev, const struct roof_request *q,
	       struct roof_results *res);

#endif
