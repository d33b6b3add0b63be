/*
 * Profile records for the analysis' unit tests: a record stream as the
 * injected library writes it, on an H100 SXM (132 SMs), built launch by
 * launch, then decoded and analysed (profile/analyze.h).
 *
 *     prec_begin();
 *     prec_launch("_Z4copyPfPKfi", 4096, 256, 16, "duration_ns=1e6", ..., NULL);
 *     prec_end();
 *     prec_analyze(&a, &prec_defaults);
 *     k = prec_find(&a, "copy");
 */
#ifndef GP_TESTS_UNIT_PROFILE_RECORDS_H
#define GP_TESTS_UNIT_PROFILE_RECORDS_H

#include "profile/analyze.h"

#define PREC_PID 200
#define SMS 132
#define CLOCK 1.98e9                      /* SM cycles per second */
#define FFMA_PEAK (SMS * 128.0)           /* FFMA thread instructions per cycle */
#define DFMA_PEAK (SMS * 64.0)
#define HFMA_PEAK (SMS * 128.0)
#define FP32_ROOF (2 * FFMA_PEAK * CLOCK) /* 66.9 TFLOP/s */
#define DRAM_ROOF 3.35232e12              /* bytes/s: 2 x 2619 MHz x 5120 bits / 8 */
#define L2_ROOF 5.5e12
#define L1_ROOF (SMS * 128.0 * CLOCK)

extern const struct prof_opts prec_defaults;

/* A new stream: the header and the H100's device record. */
void prec_begin(void);
/* Append text to the stream (a record of another kind). */
void prec_add(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* One launch: kernel, grid, block, registers, then "name=value" counters, NULL-ended. */
void prec_launch(const char *kernel, unsigned grid, unsigned block, int regs, ...);
/* The same, the counters in one string: "ldg_requests=100 ldg_sectors=400 ...". */
void prec_launch_counts(const char *kernel, unsigned grid, unsigned block, int regs,
			const char *counts);
/* The same, its record saying the set that read it (the key "set"). */
void prec_launch_set(const char *set, const char *kernel, unsigned grid, unsigned block, int regs,
		     const char *counts);
/* The process's end record. */
void prec_end(void);
/* Decode and analyse the stream; 0, or non-zero (a diagnostic said why). */
int prec_analyze(struct prof_analysis *a, const struct prof_opts *o);
/* The row whose short name is name, or NULL. */
const struct prof_kernel *prec_find(const struct prof_analysis *a, const char *name);

#endif
