/*
 * What `gpuperf roofline` measured: this GPU's ceilings, each measured
 * and set beside its theoretical, and the pure helpers other commands
 * read them with (profile's bound per kernel: the ceiling of a precision,
 * the ridge point).  Pure: no CUDA, no output.  The probe that fills it
 * is probes/roofline.h.
 *
 * Units: every value here is in bytes per second (memory ceilings) or
 * operations per second (compute ceilings: an FMA counts two, a tensor
 * multiply-add too); roof_unit() and roof_scale() give the unit a person
 * reads (GB/s, TFLOP/s, TOP/s).
 */
#ifndef GP_RESULTS_ROOFLINE_H
#define GP_RESULTS_ROOFLINE_H

#include <stddef.h>
#include <stdint.h>
#include "report/report.h"
#include "results/contract.h"
#include "results/trust.h"

/* The ceilings, memory first; option names in roof_ceiling_names. */
enum roof_ceiling {
	ROOF_DRAM,           /* device memory: a 16-byte read streamed from DRAM */
	ROOF_L2,             /* L2: 16-byte ld.global.cg reads of sets within L2 */
	ROOF_L1,             /* L1: 16-byte loads of sets within each SM's L1 */
	ROOF_SHARED,         /* shared memory: conflict-free loads */
	ROOF_FP64,           /* CUDA cores: DFMA */
	ROOF_FP32,           /* FFMA */
	ROOF_FP16,           /* HFMA2 */
	ROOF_TENSOR_FP64,    /* tensor cores: FP64 */
	ROOF_TENSOR_FP16,    /* FP16 inputs, FP32 accumulation */
	ROOF_TENSOR_BF16,    /* BF16 inputs, FP32 accumulation */
	ROOF_TENSOR_TF32,    /* TF32 inputs, FP32 accumulation */
	ROOF_TENSOR_INT8,    /* INT8 inputs, INT32 accumulation */
	ROOF_TENSOR_FP8,     /* FP8 (E4M3) inputs, FP32 accumulation */
	ROOF_NCEILINGS
};
#define ROOF_FIRST_COMPUTE ROOF_FP64
#define ROOF_ALL ((1u << ROOF_NCEILINGS) - 1)
#define ROOF_MEMORY_MASK ((1u << ROOF_FIRST_COMPUTE) - 1)
#define ROOF_COMPUTE_MASK (ROOF_ALL & ~ROOF_MEMORY_MASK)

/* Precisions of the compute ceilings (a kernel's FLOPs come in one of them). */
enum roof_precision {
	ROOF_PREC_FP64,
	ROOF_PREC_FP32,
	ROOF_PREC_FP16,
	ROOF_PREC_BF16,
	ROOF_PREC_TF32,
	ROOF_PREC_INT8,
	ROOF_PREC_FP8,
	ROOF_NPRECISIONS
};

/* "dram", "l2", "l1", "shared", "fp64", ..., "tensor-fp8"; NULL-terminated. */
extern const char *const roof_ceiling_names[];

/* Where the clock of a row's theoretical came from. */
enum roof_clock {
	ROOF_CLOCK_NONE,     /* no clock: no theoretical */
	ROOF_CLOCK_KERNEL,   /* the SMs' cycles over %globaltimer during the row's own launches */
	ROOF_CLOCK_SPIN,     /* one thread's spin right after the memory probes (gpu/sm-clock.h) */
};

struct roof_row {
	int measured;              /* 0: not measured, note says why */
	double value;              /* median repetition: bytes/s or operations/s */
	double best, worst;        /* fastest and slowest repetition, same unit */
	double cov_pct;            /* CoV of the repetitions' times, percent */
	int reps;
	double ms;                 /* median time of one repetition */
	double ops;                /* bytes or operations of one repetition */
	double theoretical;        /* same unit; NaN where unknown */
	double per_clock_per_sm;   /* the theoretical's bytes or operations per clock per SM */
	double clock_mhz;          /* the SM clock the theoretical is at (NaN: none) */
	enum roof_clock clock;
	char instruction[24];      /* what the SASS runs: "FFMA", "HGMMA", "LDG.128", "LDS.128" */
	char method[192];          /* how: "wgmma.m64n256k16.f32.f16, 3 warpgroups per SM" */
	uint64_t size;             /* memory: bytes of the working set; 0 for compute */
	char level[8];             /* memory: the level the counters saw serve it; "" unknown */
	char note[200];            /* why not measured, why no theoretical; "" */
};

struct roof_results {
	unsigned asked;            /* bit per enum roof_ceiling */
	unsigned failed;           /* bit per ceiling whose kernel's values were wrong: the run
				      fails, after measuring the others (probes/roofline.h) */
	struct roof_row row[ROOF_NCEILINGS];
	int sm_count;
	double spin_mhz;           /* the SM clock of ROOF_CLOCK_SPIN; NaN: not measured */
	struct trust_summary watch;  /* the device while it measured (cli/run.c fills it) */
};

/* ---- the ceilings ---- */

const char *roof_ceiling_name(enum roof_ceiling c);
/*
 * The names of the ceilings in mask (bit per enum roof_ceiling), in order
 * and joined by commas as --ceiling takes them, into buf (n bytes): as
 * many whole names as fit; "" for none.  Returns buf.
 */
char *roof_ceiling_list(unsigned mask, char *buf, size_t n);
int roof_is_memory(enum roof_ceiling c);
/* "fp32", "int8", ... for a compute ceiling; NULL for memory. */
const char *roof_precision_name(enum roof_precision p);
/* A compute ceiling's precision; -1 for memory. */
int roof_ceiling_precision(enum roof_ceiling c);
/* 1 for the tensor cores' ceilings. */
int roof_is_tensor(enum roof_ceiling c);
/* The unit a person reads: "GB/s", "TFLOP/s", or "TOP/s" (INT8). */
const char *roof_unit(enum roof_ceiling c);
/* What one of that unit is in bytes/s or operations/s: 1e9 or 1e12. */
double roof_scale(enum roof_ceiling c);
/* "DRAM", "L2", "FP32", "FP16 tensor", ...: the ceiling's label in tables and charts. */
const char *roof_label(enum roof_ceiling c);

/* ---- what profile reads ---- */

/* The measured ceiling in bytes/s or operations/s; NaN when not measured. */
double roof_ceiling_value(const struct roof_results *r, enum roof_ceiling c);

/*
 * The highest measured ceiling of precision p, CUDA cores or tensor cores
 * (FP16: the HFMA2 and the tensor ceiling; BF16, TF32, INT8, FP8: the
 * tensor ceiling), in operations/s; NaN when none was measured.  *which
 * (may be NULL) gets the ceiling it came from.
 */
double roof_precision_peak(const struct roof_results *r, enum roof_precision p,
			   enum roof_ceiling *which);

/*
 * The ridge point of a compute and a memory ceiling, in operations per
 * byte: a kernel of lower arithmetic intensity against that memory is
 * bound by it.  NaN when either was not measured.
 */
double roof_ridge(const struct roof_results *r, enum roof_ceiling compute,
		  enum roof_ceiling memory);

/*
 * What the roofline allows a kernel of intensity `intensity` (operations
 * per byte moved at memory level `memory`) in precision ceiling
 * `compute`: min(compute, intensity x memory); NaN when either is missing.
 */
double roof_attainable(const struct roof_results *r, enum roof_ceiling compute,
		       enum roof_ceiling memory, double intensity);

/* value / theoretical in percent; NaN when either is missing. */
double roof_pct_of_theoretical(const struct roof_row *row);

/* ---- for machines: one row per ceiling asked for, measured or not ---- */

enum roofline_col {
	ROOFLINE_C_KIND = 6,       /* after the identity columns (tables/tables.h) */
	ROOFLINE_C_CEILING, ROOFLINE_C_PRECISION, ROOFLINE_C_VALUE, ROOFLINE_C_UNIT,
	ROOFLINE_C_THEORETICAL, ROOFLINE_C_PCT, ROOFLINE_C_PER_CLOCK, ROOFLINE_C_CLOCK,
	ROOFLINE_C_CLOCK_SOURCE, ROOFLINE_C_SMS, ROOFLINE_C_INSTRUCTION, ROOFLINE_C_METHOD,
	ROOFLINE_C_BEST, ROOFLINE_C_WORST, ROOFLINE_C_COV, ROOFLINE_C_REPS, ROOFLINE_C_TIME,
	ROOFLINE_C_SIZE, ROOFLINE_C_LEVEL, ROOFLINE_C_NOTE, ROOFLINE_C_CONTENDED,
	ROOFLINE_C_THROTTLED, ROOFLINE_NCOLUMNS
};
extern const struct report_col roofline_columns[ROOFLINE_NCOLUMNS];
extern const struct result_contract roofline_contract;

#endif
