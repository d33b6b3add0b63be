/*
 * What bounds a kernel: the ceilings ("roofs") it is judged against, and
 * the one classification gpuperf profile gives before any waste verdict.
 * Pure: no CUDA, no output.
 *
 *     struct prof_roofs roofs, measured;
 *     prof_roofs_theoretical(&roofs, &peaks);          // the chip's peaks at the kernel's clock
 *     prof_roofs_measured(&measured, cache.value);     // gpuperf roofline's, from its cache
 *     prof_roofs_overlay(&roofs, &measured);           // measured where known
 *     struct prof_bound_in in = { .roofs = &roofs, ... rates of the kernel ... };
 *     struct prof_bound b;
 *     prof_bound_classify(&in, &b);                    // b.kind, b.use[], b.text
 *     prof_bound_free(&b);
 *
 * Each ceiling is a rate: bytes per second for the memory levels, FLOP
 * per second for the CUDA cores (an FMA counts 2) and the tensor cores.
 * A roof says where it came from: measured on this GPU (gpuperf
 * roofline, read from its cache), or theoretical (the throughput table of
 * arch/peaks.h at the clock the kernel ran at, as gpuperf roofline's
 * theoretical column; DRAM from memory clock x bus width).
 *
 * FP16 is counted in NVIDIA's convention, as the table and gpuperf
 * roofline's fp16 row count it: an HFMA2 is 4 FLOPs (2 halves x an FMA),
 * an HADD2 or HMUL2 2 (profile/analyze.c).  The SASS counters cannot tell
 * a packed pair from a lone half, so scalar half arithmetic (an HFMA2
 * with one half used) counts twice its FLOPs, as it costs the pipe.
 */
#ifndef GP_PROFILE_BOUND_H
#define GP_PROFILE_BOUND_H

#include "results/profile-analysis.h"

/* "DRAM", "L2", "L1/shared", "FP64", ..., "FP16 tensor"; NULL for ROOF_SHARED and out of range. */
const char *prof_roof_name(enum roof_ceiling id);
/* "measured", "theoretical", NULL for unknown. */
const char *prof_roof_source_name(enum prof_roof_source s);

/* Every roof unknown. */
void prof_roofs_init(struct prof_roofs *r);
/* Whether any roof is measured. */
int prof_roofs_any_measured(const struct prof_roofs *r);

/*
 * What is known of the chip a kernel ran on: its architecture, SMs and
 * name (for the throughput table), the SM clock during the kernel, the
 * DRAM peak from memory clock x bus width, and what CUPTI's counters say
 * of its peaks (NAN where not read).
 */
struct prof_peaks {
	int cc_major, cc_minor, sms;
	int geforce;                   /* peak_is_geforce() of its name */
	double sm_clock_hz;
	double dram_bus_bytes_per_s;   /* dev_dram_peak_gbs x 1e9 */
	/* CUPTI's: FMA thread instructions per SM cycle over the whole GPU, bytes per second */
	double ffma_per_cycle, dfma_per_cycle, hfma_per_cycle;
	double dram_bytes_per_s, l2_bytes_per_s, l1_bytes_per_s;
};

/*
 * Theoretical ceilings at the kernel's clock.  The compute and tensor
 * roofs and L1/shared come from the throughput table (arch/peaks.h: 2 x
 * FMAs per clock per SM x SMs x clock; FP16 per half, see above), the
 * figures gpuperf roofline prints as theoretical; where the table has no
 * figure for the architecture, CUPTI's (2 x FMA instructions per cycle x
 * clock, 4 x for an HFMA2; for FFMA and DFMA the table's 128 and 64 per SM on an
 * H100).  DRAM from the bus, else CUPTI's; L2 from CUPTI alone (NVIDIA
 * publishes no L2 bandwidth).  No clock: no compute roof.
 */
void prof_roofs_theoretical(struct prof_roofs *out, const struct prof_peaks *p);

/*
 * gpuperf roofline's measured ceilings (bytes/s or operations/s indexed
 * by results/roofline.h's enum roof_ceiling, NAN where not measured) as
 * roofs: L1/shared the faster of its l1 and shared rows (one data path),
 * FP16 half its fp16 row (see above), the rest as they are.
 */
void prof_roofs_measured(struct prof_roofs *out, const double *ceiling_per_s);

/*
 * Every roof src knows replaces dst's (gpuperf roofline's measurement
 * over the chip's theory); src NULL: nothing.
 */
void prof_roofs_overlay(struct prof_roofs *dst, const struct prof_roofs *src);

/* ---- the classification ---- */

/* "compute", "memory", "latency", "underfilled"; NULL for unknown. */
const char *prof_bound_code(enum prof_bound_kind k);
/*
 * Whether what the warps wait on explains a bound: latency-bound or
 * underfilled, whose verdicts then name the top stall reasons (PC
 * sampling); the profiling library samples such kernels by default.
 */
int prof_bound_waits(enum prof_bound_kind k);

/* "fp64", "fma_pipe", "dram", ... (CSV); NULL out of range. */
const char *prof_use_code(enum prof_use_id u);
/* "FP64", "FMA pipe", "DRAM", ... (text). */
const char *prof_use_name(enum prof_use_id u);
int prof_use_is_memory(enum prof_use_id u);

/* A kernel's rates over its profiled launches; NAN where not counted. */
struct prof_bound_in {
	double flop_per_s[3];          /* FP64, FP32, FP16 */
	double fma_pipe_pct, tensor_pipe_pct;
	double bytes_per_s[3];         /* DRAM, L2, L1/shared */
	const struct prof_roofs *roofs;
	double achieved_pct;           /* achieved occupancy (warps), NAN unknown */
	unsigned long long blocks;     /* the grid */
	int sms;                       /* 0 unknown */
	int one_lane;                  /* its global loads: one lane of each warp asks */
	double fp64_pipe_pct;          /* the FP64 pipe's busy share (the full set) */
};

/* Thresholds, documented in profile/bound.c and the man page. */
#define PROF_BOUND_AT 0.6          /* a ceiling reached this far names the bound */
#define PROF_LITTLE_TO_GAIN 0.75   /* ... and this far leaves little to gain */
#define PROF_ENOUGH_WARPS_PCT 20.0 /* achieved occupancy below this: underfilled */

/* Classify; out is overwritten (free it with prof_bound_free). */
void prof_bound_classify(const struct prof_bound_in *in, struct prof_bound *out);

#endif
