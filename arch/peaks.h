/*
 * Theoretical arithmetic throughput per architecture: dense multiply-adds
 * per clock per SM for each precision of the CUDA cores and each input
 * type of the tensor cores, as NVIDIA's architecture whitepapers and the
 * CUDA C++ Programming Guide give them (each row cites its sources).
 * Theoretical operations per second = 2 (an FMA is a multiply and an add)
 * x FMAs per clock per SM x SMs x the SM clock.
 *
 * Data only, like arch/arch.h: a figure the sources do not give is
 * PEAK_UNKNOWN, never a guess, and an architecture missing from the table
 * has no theoretical at all.  Pure C: no CUDA types.
 */
#ifndef GP_ARCH_PEAKS_H
#define GP_ARCH_PEAKS_H

#include "results/roofline.h"

/* A row's kinds: results/roofline.h's compute ceilings, FP64 to tensor FP8, in order. */
#define PEAK_NKINDS (ROOF_NCEILINGS - ROOF_FIRST_COMPUTE)

#define PEAK_NONE 0         /* the architecture has no such unit */
#define PEAK_UNKNOWN (-1)   /* the sources give no figure */

struct peak_row {
	int major, minor;
	const char *chips;          /* "GH100 (H100)" */
	int fma[PEAK_NKINDS];       /* dense FMAs per clock per SM, of each compute ceiling */
	/*
	 * Bit k set: GeForce boards of this architecture run kind k at half
	 * fma[k] (k: a compute ceiling less ROOF_FIRST_COMPUTE) (FP32 accumulation of the tensor cores; the professional and
	 * data-centre boards run it at full rate), which the whitepapers give
	 * board by board.
	 */
	unsigned geforce_half;
	int l1_bytes_per_clock;     /* shared memory and L1 per SM: 32 banks x 4 bytes */
	const char *source;         /* the documents and the boards whose figures make the row */
};

extern const struct peak_row peak_rows[];
extern const unsigned peak_nrows;

/* The row of compute capability major.minor, or NULL (no theoretical for it). */
const struct peak_row *peak_lookup(int major, int minor);

/* Whether a board of this name is a GeForce (its name says so). */
int peak_is_geforce(const char *device_name);

/*
 * FMAs per clock per SM of compute ceiling c on row r for a board
 * (geforce: it is one, peak_is_geforce), halved where the row says;
 * PEAK_NONE or PEAK_UNKNOWN as the row has them, and PEAK_UNKNOWN for a
 * NULL row or a memory ceiling.
 */
int peak_fma_per_clock(const struct peak_row *r, enum roof_ceiling c, int geforce);

/*
 * Theoretical operations per second of compute ceiling c: 2 x FMAs per clock per SM
 * x sms x mhz x 10^6; NaN where the figure is unknown, the architecture
 * lacks the unit, or mhz or sms is not positive.
 */
double peak_ops_per_second(const struct peak_row *r, enum roof_ceiling c, int geforce, int sms,
			   double mhz);

#endif
