/*
 * The throughput table (arch/peaks.h).  Every figure is dense (no
 * structured sparsity) multiply-adds per clock per SM, taken from a
 * whitepaper's peak TFLOPS (or TOPS) of a named board divided by
 * 2 x SMs x its boost clock, the division checked to come out whole; the
 * CUDA C++ Programming Guide's table "Throughput of Native Arithmetic
 * Instructions" gives the CUDA-core figures in results per clock per SM
 * (an FMA is one result; HFMA2 two).  tests/unit/t-peaks.c recomputes the
 * boards' published figures from the rows.
 *
 * Sources:
 *   V100   NVIDIA Tesla V100 GPU Architecture whitepaper (WP-08608-001),
 *          table 1: Tesla V100 SXM2, 80 SMs, 1530 MHz: FP64 7.8, FP32
 *          15.7, Tensor 125 TFLOPS
 *   Xavier NVIDIA Jetson AGX Xavier data sheet: GPU of 8 SMs at 1377 MHz,
 *          11 FP16 TFLOPS and 22 INT8 TOPS on the tensor cores
 *   Turing NVIDIA Turing GPU Architecture whitepaper (WP-09183-001),
 *          table 1 and appendix A: GeForce RTX 2080 Ti Founders Edition, 68
 *          SMs, 1635 MHz: FP16 tensor 113.8 TFLOPS with FP16 and 56.9 with
 *          FP32 accumulation, INT8 227.7 TOPS; Tesla T4, 40 SMs, 1590 MHz:
 *          65 FP16 TFLOPS, 130 INT8 TOPS
 *   A100   NVIDIA A100 Tensor Core GPU Architecture whitepaper (V1.0),
 *          table 1: A100 SXM4, 108 SMs, 1410 MHz: FP64 9.7, FP64 tensor
 *          19.5, FP32 19.5, FP16 78, TF32 tensor 156, FP16 and BF16
 *          tensor 312 TFLOPS, INT8 tensor 624 TOPS
 *   GA102  NVIDIA Ampere GA102 GPU Architecture whitepaper (V2.0),
 *          table 2: GeForce RTX 3090, 82 SMs, 1695 MHz: FP32 35.6, FP16
 *          35.6, FP16 tensor with FP32 accumulation 71, TF32 tensor 35.6
 *          TFLOPS, INT8 tensor 284 TOPS; appendix C: RTX A6000, 84 SMs,
 *          1800 MHz: FP16 tensor with FP32 accumulation 154.8, TF32 tensor
 *          77.4 TFLOPS, INT8 309.7 TOPS
 *   Orin   NVIDIA Jetson AGX Orin Series technical brief: GPU of 16 SMs
 *          at 1300 MHz, 5.3 FP32 TFLOPS
 *   Ada    NVIDIA Ada GPU Architecture whitepaper (V2.1), table 2: GeForce
 *          RTX 4090, 128 SMs, 2520 MHz: FP32 82.6, FP16 82.6, FP16 and
 *          BF16 tensor with FP32 accumulation 165.2, TF32 tensor 82.6, FP8
 *          tensor with FP32 accumulation 330.3 TFLOPS, INT8 660.6 TOPS;
 *          appendix: RTX 6000 Ada, 142 SMs, 2505 MHz: FP16 tensor 364.2,
 *          FP8 tensor 728.5 TFLOPS
 *   H100   NVIDIA H100 Tensor Core GPU Architecture whitepaper (V1.04),
 *          table 3: H100 SXM5, 132 SMs: FP64 33.5, FP64 tensor 66.9,
 *          FP32 66.9, FP16 133.8 TFLOPS (at 1980 MHz); TF32 tensor 494.7,
 *          FP16 and BF16 tensor 989.4, FP8 tensor 1978.9 TFLOPS, INT8
 *          tensor 1978.9 TOPS (at 1830 MHz)
 *   GB202  NVIDIA RTX Blackwell GPU Architecture whitepaper, appendix:
 *          GeForce RTX 5090, 170 SMs, 2407 MHz: FP32 104.8, FP16 104.8,
 *          FP64 1.6 TFLOPS, INT8 tensor 838 TOPS
 *   Guide  CUDA C++ Programming Guide, "Throughput of Native Arithmetic
 *          Instructions": 64 FP32 results per clock per SM on 7.x, 128 on
 *          8.6 and later, 2 FP64 results on 7.5, 8.6, 8.9 and 12.x
 *
 * Shared memory: 32 banks of 4 bytes, each delivering a word per clock
 * (Guide, "Shared Memory" of every compute capability from 5.x): 128
 * bytes per clock per SM, which the L1 serves global loads at too.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "arch/peaks.h"
#include "util/compat.h"

#define U PEAK_UNKNOWN
#define HALF(c) (1u << ((c) - ROOF_FIRST_COMPUTE))

/* fma[]: FP64, FP32, FP16, then tensor FP64, FP16, BF16, TF32, INT8, FP8 */
const struct peak_row peak_rows[] = {
	{ 7, 0, "GV100 (V100)", { 32, 64, 128, 0, 512, 0, 0, 0, 0 }, 0, 128,
	  "V100 whitepaper table 1 (V100 SXM2); Guide, 7.x" },
	{ 7, 2, "GV11B (Jetson AGX Xavier)", { U, 64, 128, 0, 512, 0, 0, 1024, 0 }, 0, 128,
	  "Jetson AGX Xavier data sheet; Guide, 7.x" },
	{ 7, 5, "TU10x (RTX 20 / T4)", { 2, 64, 128, 0, 512, 0, 0, 1024, 0 },
	  HALF(ROOF_TENSOR_FP16), 128,
	  "Turing whitepaper table 1 (RTX 2080 Ti FE) and appendix A (T4); Guide, 7.5" },
	{ 8, 0, "GA100 (A100)", { 32, 64, 256, 64, 1024, 1024, 512, 2048, 0 }, 0, 128,
	  "A100 whitepaper table 1 (A100 SXM4)" },
	{ 8, 6, "GA10x (RTX 30 / A6000 / A40)", { 2, 128, 128, U, 512, 512, 256, 1024, 0 },
	  HALF(ROOF_TENSOR_FP16) | HALF(ROOF_TENSOR_BF16) | HALF(ROOF_TENSOR_TF32), 128,
	  "GA102 whitepaper table 2 (RTX 3090) and appendix C (RTX A6000); Guide, 8.6" },
	{ 8, 7, "GA10B (Jetson AGX Orin)", { U, 128, U, U, U, U, U, U, 0 }, 0, 128,
	  "Jetson AGX Orin technical brief" },
	{ 8, 9, "AD10x (RTX 40 / L40 / RTX 6000 Ada)", { 2, 128, 128, U, 512, 512, 256, 1024, 1024 },
	  HALF(ROOF_TENSOR_FP16) | HALF(ROOF_TENSOR_BF16) | HALF(ROOF_TENSOR_TF32) |
	  HALF(ROOF_TENSOR_FP8), 128,
	  "Ada whitepaper table 2 (RTX 4090) and appendix (RTX 6000 Ada); Guide, 8.9" },
	{ 9, 0, "GH100 (H100 / H200)", { 64, 128, 256, 128, 2048, 2048, 1024, 4096, 4096 }, 0, 128,
	  "H100 whitepaper table 3 (H100 SXM5)" },
	{ 12, 0, "GB20x (RTX 50)", { 2, 128, 128, U, U, U, U, 1024, U }, 0, 128,
	  "RTX Blackwell whitepaper appendix (RTX 5090); Guide, 12.x" },
};
const unsigned peak_nrows = ARRAY_SIZE(peak_rows);

const struct peak_row *peak_lookup(int major, int minor)
{
	for (unsigned i = 0; i < peak_nrows; i++)
		if (peak_rows[i].major == major && peak_rows[i].minor == minor)
			return &peak_rows[i];
	return NULL;
}

int peak_is_geforce(const char *device_name)
{
	return device_name && strstr(device_name, "GeForce") != NULL;
}

int peak_fma_per_clock(const struct peak_row *r, enum roof_ceiling c, int geforce)
{
	int v;

	if (!r || c < ROOF_FIRST_COMPUTE || c >= ROOF_NCEILINGS)
		return PEAK_UNKNOWN;
	v = r->fma[c - ROOF_FIRST_COMPUTE];
	if (v > 0 && geforce && (r->geforce_half & HALF(c)))
		v /= 2;
	return v;
}

double peak_ops_per_second(const struct peak_row *r, enum roof_ceiling c, int geforce, int sms,
			   double mhz)
{
	int v = peak_fma_per_clock(r, c, geforce);

	if (v <= 0 || sms <= 0 || !(mhz > 0))
		return NAN;
	return 2.0 * v * sms * mhz * 1e6;
}
