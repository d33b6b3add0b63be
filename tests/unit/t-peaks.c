/*
 * The throughput table (arch/peaks.c) against the boards' published
 * peaks, typed from the whitepapers its rows cite: each figure recomputed
 * as 2 x FMAs per clock per SM x SMs x the board's boost clock.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "arch/peaks.h"
#include "tests/unit/unit.h"

struct board {
	const char *name;
	int major, minor, sms;
	double mhz;
	int geforce;
	enum roof_ceiling kind;
	double tflops;       /* as published, rounded as published */
};

static const struct board boards[] = {
	/* H100 whitepaper table 3, H100 SXM5: CUDA-core figures at 1980 MHz, tensor at 1830 */
	{ "H100 SXM5", 9, 0, 132, 1980, 0, ROOF_FP64, 33.5 },
	{ "H100 SXM5", 9, 0, 132, 1980, 0, ROOF_TENSOR_FP64, 66.9 },
	{ "H100 SXM5", 9, 0, 132, 1980, 0, ROOF_FP32, 66.9 },
	{ "H100 SXM5", 9, 0, 132, 1980, 0, ROOF_FP16, 133.8 },
	{ "H100 SXM5", 9, 0, 132, 1830, 0, ROOF_TENSOR_TF32, 494.7 },
	{ "H100 SXM5", 9, 0, 132, 1830, 0, ROOF_TENSOR_FP16, 989.4 },
	{ "H100 SXM5", 9, 0, 132, 1830, 0, ROOF_TENSOR_BF16, 989.4 },
	{ "H100 SXM5", 9, 0, 132, 1830, 0, ROOF_TENSOR_FP8, 1978.9 },
	{ "H100 SXM5", 9, 0, 132, 1830, 0, ROOF_TENSOR_INT8, 1978.9 },
	/* A100 whitepaper table 1, A100 SXM4 */
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_FP64, 9.7 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_TENSOR_FP64, 19.5 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_FP32, 19.5 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_FP16, 78 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_TENSOR_TF32, 156 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_TENSOR_FP16, 312 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_TENSOR_BF16, 312 },
	{ "A100 SXM4", 8, 0, 108, 1410, 0, ROOF_TENSOR_INT8, 624 },
	/* V100 whitepaper table 1, V100 SXM2 */
	{ "V100 SXM2", 7, 0, 80, 1530, 0, ROOF_FP64, 7.8 },
	{ "V100 SXM2", 7, 0, 80, 1530, 0, ROOF_FP32, 15.7 },
	{ "V100 SXM2", 7, 0, 80, 1530, 0, ROOF_TENSOR_FP16, 125 },
	/* Jetson AGX Xavier data sheet */
	{ "Jetson AGX Xavier", 7, 2, 8, 1377, 0, ROOF_TENSOR_FP16, 11 },
	{ "Jetson AGX Xavier", 7, 2, 8, 1377, 0, ROOF_TENSOR_INT8, 22 },
	/* Turing whitepaper: Tesla T4 (appendix A), RTX 2080 Ti FE (table 1) */
	{ "Tesla T4", 7, 5, 40, 1590, 0, ROOF_TENSOR_FP16, 65 },
	{ "Tesla T4", 7, 5, 40, 1590, 0, ROOF_TENSOR_INT8, 130 },
	{ "RTX 2080 Ti FE", 7, 5, 68, 1635, 1, ROOF_TENSOR_FP16, 56.9 },
	{ "RTX 2080 Ti FE", 7, 5, 68, 1635, 1, ROOF_TENSOR_INT8, 227.7 },
	/* GA102 whitepaper: RTX 3090 (table 2), RTX A6000 (appendix C) */
	{ "RTX 3090", 8, 6, 82, 1695, 1, ROOF_FP32, 35.6 },
	{ "RTX 3090", 8, 6, 82, 1695, 1, ROOF_FP16, 35.6 },
	{ "RTX 3090", 8, 6, 82, 1695, 1, ROOF_TENSOR_FP16, 71 },
	{ "RTX 3090", 8, 6, 82, 1695, 1, ROOF_TENSOR_TF32, 35.6 },
	{ "RTX 3090", 8, 6, 82, 1695, 1, ROOF_TENSOR_INT8, 284 },
	{ "RTX A6000", 8, 6, 84, 1800, 0, ROOF_TENSOR_FP16, 154.8 },
	{ "RTX A6000", 8, 6, 84, 1800, 0, ROOF_TENSOR_TF32, 77.4 },
	{ "RTX A6000", 8, 6, 84, 1800, 0, ROOF_TENSOR_INT8, 309.7 },
	/* Jetson AGX Orin technical brief */
	{ "Jetson AGX Orin", 8, 7, 16, 1300, 0, ROOF_FP32, 5.3 },
	/* Ada whitepaper: RTX 4090 (table 2), RTX 6000 Ada (appendix) */
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_FP32, 82.6 },
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_FP16, 82.6 },
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_TENSOR_FP16, 165.2 },
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_TENSOR_BF16, 165.2 },
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_TENSOR_TF32, 82.6 },
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_TENSOR_FP8, 330.3 },
	{ "RTX 4090", 8, 9, 128, 2520, 1, ROOF_TENSOR_INT8, 660.6 },
	{ "RTX 6000 Ada", 8, 9, 142, 2505, 0, ROOF_TENSOR_FP16, 364.2 },
	{ "RTX 6000 Ada", 8, 9, 142, 2505, 0, ROOF_TENSOR_FP8, 728.5 },
	/* RTX Blackwell whitepaper appendix: RTX 5090 */
	{ "RTX 5090", 12, 0, 170, 2407, 1, ROOF_FP32, 104.8 },
	{ "RTX 5090", 12, 0, 170, 2407, 1, ROOF_FP16, 104.8 },
	{ "RTX 5090", 12, 0, 170, 2407, 1, ROOF_FP64, 1.6 },
	{ "RTX 5090", 12, 0, 170, 2407, 1, ROOF_TENSOR_INT8, 838 },
};

static void published_figures(void)
{
	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		const struct board *b = &boards[i];
		const struct peak_row *r = peak_lookup(b->major, b->minor);
		double t = peak_ops_per_second(r, b->kind, b->geforce, b->sms, b->mhz) / 1e12;

		/* within one unit of the last published digit (some round, some truncate) */
		double unit = b->tflops == floor(b->tflops) ? 1 : 0.1;

		ok(fabs(t - b->tflops) <= unit + 1e-9,
		   "%s, kind %d: %.2f T against the published %.1f", b->name, (int)b->kind, t, b->tflops);
	}
}

static void formula(void)
{
	const struct peak_row *h100 = peak_lookup(9, 0);

	/* the formula by hand: FP32 = 128 FMA/clk/SM x 2 x 132 SMs x clock */
	is_dbl(peak_ops_per_second(h100, ROOF_FP32, 0, 132, 1980), 128.0 * 2 * 132 * 1980e6, 1,
	       "H100 SXM FP32 at 1980 MHz = 128 x 2 x 132 x 1.98e9");
	is_dbl(peak_ops_per_second(h100, ROOF_FP32, 0, 132, 1755), 128.0 * 2 * 132 * 1755e6, 1,
	       "the theoretical follows the clock given (a throttled H100 at 1755 MHz)");
	is_dbl(peak_ops_per_second(h100, ROOF_TENSOR_FP16, 0, 114, 1755), 2048.0 * 2 * 114 * 1755e6,
	       1, "H100 PCIe's 114 SMs: FP16 tensor = 2048 x 2 x 114 x clock");
	is_int(peak_fma_per_clock(h100, ROOF_FP64, 0), 64, "H100: 64 DFMA per clock per SM");
	is_int(h100->l1_bytes_per_clock, 128, "H100: 128 B per clock per SM of shared memory");
}

static void unknowns(void)
{
	const struct peak_row *ga10x = peak_lookup(8, 6), *a100 = peak_lookup(8, 0);

	ok(peak_lookup(10, 0) == NULL, "10.0 (B200) has no row: its figures are not in the sources");
	ok(peak_lookup(6, 0) == NULL, "6.0 has no row");
	ok(isnan(peak_ops_per_second(NULL, ROOF_FP32, 0, 148, 1965)), "no row: no theoretical");
	is_int(peak_fma_per_clock(NULL, ROOF_FP32, 0), PEAK_UNKNOWN, "no row: unknown");
	is_int(peak_fma_per_clock(ga10x, ROOF_TENSOR_FP64, 0), PEAK_UNKNOWN,
	       "8.6: FP64 tensor unknown, not guessed");
	ok(isnan(peak_ops_per_second(ga10x, ROOF_TENSOR_FP64, 0, 84, 1800)),
	   "an unknown figure gives no theoretical");
	is_int(peak_fma_per_clock(a100, ROOF_TENSOR_FP8, 0), PEAK_NONE, "A100 has no FP8 tensor cores");
	ok(isnan(peak_ops_per_second(a100, ROOF_TENSOR_FP8, 0, 108, 1410)), "none: no theoretical");
	ok(isnan(peak_ops_per_second(a100, ROOF_FP32, 0, 108, NAN)), "no clock: no theoretical");
	ok(isnan(peak_ops_per_second(a100, ROOF_FP32, 0, 0, 1410)), "no SMs: no theoretical");
	is_int(peak_fma_per_clock(a100, ROOF_NCEILINGS, 0), PEAK_UNKNOWN, "a kind out of range");
	is_int(peak_fma_per_clock(a100, ROOF_SHARED, 0), PEAK_UNKNOWN, "a memory ceiling has no FMAs");
	is_int(peak_fma_per_clock(a100, (enum roof_ceiling)-1, 0), PEAK_UNKNOWN, "a negative kind");
	is_dbl(peak_ops_per_second(a100, ROOF_FP32, 0, 1, 1410), 2.0 * 64 * 1410e6, 1, "one SM");
	ok(isnan(peak_ops_per_second(a100, ROOF_FP32, 0, 108, 0)), "a clock of 0: no theoretical");
	is_dbl(peak_ops_per_second(a100, ROOF_FP32, 0, 108, 0.5), 2.0 * 64 * 108 * 0.5e6, 1e-3,
	       "half a MHz is a clock, if a slow one");
}

static void geforce(void)
{
	const struct peak_row *ada = peak_lookup(8, 9);

	ok(peak_is_geforce("NVIDIA GeForce RTX 4090"), "a GeForce by its name");
	ok(!peak_is_geforce("NVIDIA RTX 6000 Ada Generation"), "an RTX workstation board is not");
	ok(!peak_is_geforce("NVIDIA H100 80GB HBM3"), "an H100 is not");
	ok(!peak_is_geforce(NULL), "no name: not a GeForce");
	is_int(peak_fma_per_clock(ada, ROOF_TENSOR_FP16, 1), 256, "GeForce Ada: FP32 accumulation halved");
	is_int(peak_fma_per_clock(ada, ROOF_TENSOR_FP16, 0), 512, "other Ada boards: full rate");
	is_int(peak_fma_per_clock(ada, ROOF_TENSOR_INT8, 1), 1024, "INT8 is not halved");
	is_int(peak_fma_per_clock(ada, ROOF_FP32, 1), 128, "the CUDA cores are not halved");
}

static void rows(void)
{
	for (unsigned i = 0; i < peak_nrows; i++) {
		const struct peak_row *r = &peak_rows[i];
		int known = 0;

		ok(r->chips && *r->chips && r->source && *r->source, "%d.%d names its chips and sources",
		   r->major, r->minor);
		ok(peak_lookup(r->major, r->minor) == r, "%d.%d: one row", r->major, r->minor);
		for (int k = 0; k < PEAK_NKINDS; k++)
			known += r->fma[k] > 0;
		ok(known > 0 && r->fma[ROOF_FP32 - ROOF_FIRST_COMPUTE] > 0, "%d.%d gives figures, FP32 among them",
		   r->major, r->minor);
	}
}

/*
 * Every row, figure by figure, as the sources state them per SM and clock
 * (dense FMAs; -1 where they give none, 0 where the unit does not exist):
 * the CUDA cores from the Guide's table of native arithmetic throughput
 * (FP32 64 a clock on 7.x, 128 from 8.6; FP64 2 on 7.5, 8.6, 8.9 and 12.x;
 * FP16 per half, twice FP32 where HFMA2 is full rate), the tensor cores
 * from the whitepapers' SM descriptions (V100: 8 tensor cores of 64 FP16
 * FMAs; Turing 8 of 64, INT8 twice; A100: 4 of 256, FP64 16 each, TF32
 * half, INT8 twice; GA10x and Ada: 4 of 128, Ada's FP8 twice; H100: 4 of
 * 512, FP64 32 each, TF32 half, INT8 and FP8 twice; the RTX 5090's INT8
 * 838 TOPS is 1024 a clock), GeForce halving FP32 accumulation (Turing,
 * GA102, Ada appendices), and shared memory's 32 banks of 4 bytes.
 */
#define BIT(c) (1u << ((c) - ROOF_FIRST_COMPUTE))

static void per_sm(void)
{
	enum { U = -1 };
	static const struct {
		int major, minor;
		int fma[PEAK_NKINDS];
		unsigned halved;
	} want[] = {
		{ 7, 0, { 32, 64, 128, 0, 512, 0, 0, 0, 0 }, 0 },
		{ 7, 2, { U, 64, 128, 0, 512, 0, 0, 1024, 0 }, 0 },
		{ 7, 5, { 2, 64, 128, 0, 512, 0, 0, 1024, 0 }, BIT(ROOF_TENSOR_FP16) },
		{ 8, 0, { 32, 64, 256, 64, 1024, 1024, 512, 2048, 0 }, 0 },
		{ 8, 6, { 2, 128, 128, U, 512, 512, 256, 1024, 0 },
		  BIT(ROOF_TENSOR_FP16) | BIT(ROOF_TENSOR_BF16) | BIT(ROOF_TENSOR_TF32) },
		{ 8, 7, { U, 128, U, U, U, U, U, U, 0 }, 0 },
		{ 8, 9, { 2, 128, 128, U, 512, 512, 256, 1024, 1024 },
		  BIT(ROOF_TENSOR_FP16) | BIT(ROOF_TENSOR_BF16) | BIT(ROOF_TENSOR_TF32) |
		  BIT(ROOF_TENSOR_FP8) },
		{ 9, 0, { 64, 128, 256, 128, 2048, 2048, 1024, 4096, 4096 }, 0 },
		{ 12, 0, { 2, 128, 128, U, U, U, U, 1024, U }, 0 },
	};

	is_int((int)peak_nrows, (int)(sizeof(want) / sizeof(want[0])), "a row for each of 9 architectures");
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct peak_row *r = peak_lookup(want[i].major, want[i].minor);
		int same = r != NULL;

		for (int k = 0; same && k < PEAK_NKINDS; k++) {
			enum roof_ceiling c = (enum roof_ceiling)(ROOF_FIRST_COMPUTE + k);

			same &= peak_fma_per_clock(r, c, 0) == want[i].fma[k];
			same &= peak_fma_per_clock(r, c, 1) ==
				(want[i].fma[k] > 0 && (want[i].halved >> k & 1) ? want[i].fma[k] / 2 :
				 want[i].fma[k]);
		}
		/* the halving bits as the header says: bit k for the k-th compute ceiling */
		same &= r != NULL && r->geforce_half == want[i].halved;
		ok(same && r->l1_bytes_per_clock == 128, "%d.%d: every figure as the sources give it",
		   want[i].major, want[i].minor);
	}
}

int main(void)
{
	published_figures();
	formula();
	unknowns();
	geforce();
	rows();
	per_sm();
	return done_testing();
}
