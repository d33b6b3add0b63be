/*
 * The compute probes of `gpuperf roofline` (kernels/kernels.h says what
 * each computes): FMA chains on the CUDA cores, and mma.sync chains on
 * the tensor cores; the wgmma kernels of Hopper live in roofline-sm90a.cu.
 *
 * Throughput, not latency: every thread (FMA) or warp (mma) keeps
 * CHAINS independent accumulators and steps them in turn, STEPS steps
 * per chain per loop iteration, fully unrolled, so that the loop's own
 * instructions are one in a few hundred.  The operands b and c (FMA) and
 * the matrices' ones (mma) are kernel arguments, so the compiler can fold
 * nothing; the mma asm is volatile, so chains (and windows) that start
 * alike are not merged.  tests/cli/roofline-sass.bats checks the SASS.
 */
#include <stdint.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include "kernels/kernels.h"
#include "kernels/roofline-common.cuh"

/* mma.sync of f16, bf16, tf32, s8 and f64 (m8n8k4) runs on the tensor cores from sm_80 */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define GP_MMA 1
#endif
/* e4m3 too on sm_89 and sm_120 (QMMA); sm_90 and sm_100 have no such mma.sync: ptxas
 * converts to f16 for HMMA and hoists the loop-invariant product, measuring nothing */
#if defined(__CUDA_ARCH__) && ((__CUDA_ARCH__ >= 890 && __CUDA_ARCH__ < 900) || __CUDA_ARCH__ >= 1200)
#define GP_MMA_E4M3 1
#endif

/*
 * Hopper's larger FP64 shapes (PTX ISA 7.8): m16n8k16 is one DMMA.16x8x16
 * of 2048 multiply-adds per warp where m8n8k4's DMMA.8x8x4 does 256, and
 * an H100 runs m8n8k4 at half its FP64 tensor peak.  sm_100 and sm_120
 * take the PTX but split it into DMMA.8x8x4 (their SASS has no other).
 */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000
#define GP_DMMA_16816 1
#endif

namespace {

const int FMA_BLOCK = 256, FMA_CHAINS = 8, FMA_STEPS = 64;
const int MMA_BLOCK = 256, MMA_CHAINS = 8, MMA_STEPS = 4;

/* ---- FMA chains ---- */

/* HFMA2 exists from sm_53: every architecture gpuperf builds for has the three */
template <typename T> struct fma_ops;

template <> struct fma_ops<double> {
	static const int words = 2, lanes = 1;  /* 32-bit words per value; FMAs per step */
	static __device__ double splat(double v) { return v; }
	static __device__ double chain(double v, int k) { return v + k; }
	static __device__ double step(double a, double b, double c) { return __fma_rn(a, b, c); }
	static __device__ unsigned long long bits(double v)
	{
		return (unsigned long long)__double_as_longlong(v);
	}
};

template <> struct fma_ops<float> {
	static const int words = 1, lanes = 1;
	static __device__ float splat(double v) { return (float)v; }
	static __device__ float chain(double v, int k) { return (float)(v + k); }
	static __device__ float step(float a, float b, float c) { return __fmaf_rn(a, b, c); }
	static __device__ unsigned long long bits(float v) { return __float_as_uint(v); }
};

/* Two chains in one register: the high half starts FMA_CHAINS above the low. */
template <> struct fma_ops<__half2> {
	static const int words = 1, lanes = 2;
	static __device__ __half2 splat(double v) { return __floats2half2_rn((float)v, (float)v); }
	static __device__ __half2 chain(double v, int k)
	{
		return __floats2half2_rn((float)(v + k), (float)(v + k + FMA_CHAINS));
	}
	static __device__ __half2 step(__half2 a, __half2 b, __half2 c) { return __hfma2(a, b, c); }
	static __device__ unsigned long long bits(__half2 v)
	{
		return *reinterpret_cast<const uint32_t *>(&v);
	}
};

template <typename T>
__global__ void __launch_bounds__(FMA_BLOCK) fma_kernel(roof_params p, roof_check *chk)
{
	typedef fma_ops<T> ops;
	const T b = ops::splat(p.b), c = ops::splat(p.c);
	T a[FMA_CHAINS];
	uint32_t words[FMA_CHAINS * ops::words];
	unsigned bad = 0;
	roof::block_clock bc;

	roof::begin(bc);
#pragma unroll
	for (int k = 0; k < FMA_CHAINS; k++)
		a[k] = ops::chain(p.start, k);
	for (int i = 0; i < p.iters; i++) {
#pragma unroll
		for (int s = 0; s < FMA_STEPS; s++) {
#pragma unroll
			for (int k = 0; k < FMA_CHAINS; k++)
				a[k] = ops::step(a[k], b, c);
		}
	}
#pragma unroll
	for (int k = 0; k < FMA_CHAINS; k++) {
		unsigned long long v = ops::bits(a[k]);

		bad += v != ops::bits(ops::chain(p.want, k));
		words[k * ops::words] = (uint32_t)v;
		if (ops::words == 2)
			words[k * ops::words + ops::words - 1] = (uint32_t)(v >> 32);
	}
	roof::sample(chk, words);
	roof::end(bc, bad, chk);
}

/* ---- mma.sync chains: each warp multiplies all-ones fragments ---- */

/*
 * mma.sync of 4 accumulators, 4 registers of A and 2 of B per thread (the
 * m16n8 shapes): D = A x B + D, in place.  C is "+f" or "+r".
 */
#define MMA_16N8(C, instr) \
	asm volatile(instr " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};" \
		     : C(d[0]), C(d[1]), C(d[2]), C(d[3]) \
		     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))

#ifdef GP_MMA
#define MMA_NATIVE 1
#else
#define MMA_NATIVE 0
#endif

/* The instruction's operand registers, and its exact result after n steps. */
struct mma_f16 {
	typedef float acc;
	typedef uint32_t in;
	static const int nd = 4, na = 4, nb = 2, K = 16, M = 16, N = 8;
	static const int exact = 1 << 24;  /* f32 holds every integer up to 2^24 */
	static __device__ int native() { return MMA_NATIVE; }
	static __device__ void step(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
	{
#ifdef GP_MMA
		MMA_16N8("+f", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
#endif
	}
};

struct mma_bf16 : mma_f16 {
	static __device__ void step(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
	{
#ifdef GP_MMA
		MMA_16N8("+f", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
#endif
	}
};

struct mma_tf32 : mma_f16 {
	static const int K = 8;
	static __device__ void step(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
	{
#ifdef GP_MMA
		MMA_16N8("+f", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
#endif
	}
};

struct mma_e4m3 : mma_f16 {
	static const int K = 32;
	static const int exact = roof::FP8_EXACT;
	static __device__ int native()
	{
#ifdef GP_MMA_E4M3
		return 1;
#else
		return 0;
#endif
	}
	static __device__ void step(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
	{
#ifdef GP_MMA_E4M3
		MMA_16N8("+f", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32");
#endif
	}
};

struct mma_s8 {
	typedef int acc;
	typedef uint32_t in;
	static const int nd = 4, na = 4, nb = 2, K = 32, M = 16, N = 8;
	static const int exact = 1 << 30;  /* s32, with room */
	static __device__ int native() { return MMA_NATIVE; }
	static __device__ void step(int (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
	{
#ifdef GP_MMA
		MMA_16N8("+r", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
#endif
	}
};

struct mma_f64 {
	typedef double acc;
	typedef double in;
	static const int nd = 2, na = 1, nb = 1, K = 4, M = 8, N = 8;
	static const int exact = 1 << 30;  /* far below f64's 2^53 */
	static __device__ int native() { return MMA_NATIVE; }
	static __device__ void step(double (&d)[2], const double (&a)[1], const double (&b)[1])
	{
#ifdef GP_MMA
		asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
			     "{%0,%1}, {%2}, {%3}, {%0,%1};"
			     : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
#endif
	}
};

struct mma_f64_k16 {
	typedef double acc;
	typedef double in;
	static const int nd = 4, na = 8, nb = 4, K = 16, M = 16, N = 8;
	static const int exact = 1 << 30;
	static __device__ int native()
	{
#ifdef GP_DMMA_16816
		return 1;
#else
		return 0;
#endif
	}
	static __device__ void step(double (&d)[4], const double (&a)[8], const double (&b)[4])
	{
#ifdef GP_DMMA_16816
		asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 "
			     "{%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, "
			     "{%0,%1,%2,%3};"
			     : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
			     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]),
			       "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
#endif
	}
};

__device__ __forceinline__ void fill_one(uint32_t &r, const roof_params &p) { r = p.one; }
__device__ __forceinline__ void fill_one(double &r, const roof_params &p) { r = p.b; }
__device__ __forceinline__ uint64_t acc_bits(float v) { return __float_as_uint(v); }
__device__ __forceinline__ uint64_t acc_bits(int v) { return (uint32_t)v; }
__device__ __forceinline__ uint64_t acc_bits(double v)
{
	return (uint64_t)__double_as_longlong(v);
}

template <class Op>
__global__ void __launch_bounds__(MMA_BLOCK) mma_kernel(roof_params p, roof_check *chk)
{
	typedef typename Op::acc acc;
	const uint64_t want = acc_bits((acc)p.want);
	acc d[MMA_CHAINS][Op::nd];
	typename Op::in a[Op::na], b[Op::nb];
	uint32_t words[Op::nd];
	unsigned bad = 0;
	roof::block_clock bc;

	roof::begin(bc);
#pragma unroll
	for (int j = 0; j < Op::na; j++)
		fill_one(a[j], p);
#pragma unroll
	for (int j = 0; j < Op::nb; j++)
		fill_one(b[j], p);
	for (int w = 0; w < p.iters; w += p.window) {
		/* each window from zero, checked at its end: its sum stays exact */
#pragma unroll
		for (int c = 0; c < MMA_CHAINS; c++) {
#pragma unroll
			for (int j = 0; j < Op::nd; j++)
				d[c][j] = 0;
		}
		for (int i = 0; i < p.window; i++) {
#pragma unroll
			for (int s = 0; s < MMA_STEPS; s++) {
#pragma unroll
				for (int c = 0; c < MMA_CHAINS; c++)
					Op::step(d[c], a, b);
			}
		}
#pragma unroll
		for (int c = 0; c < MMA_CHAINS; c++) {
#pragma unroll
			for (int j = 0; j < Op::nd; j++)
				bad += acc_bits(d[c][j]) != want;
		}
	}
#pragma unroll
	for (int j = 0; j < Op::nd; j++)
		words[j] = (uint32_t)acc_bits(d[0][j]);
	/* built for an architecture without the instruction: the zeros left count as wrong */
	roof::sample(chk, words);
	roof::end(bc, bad, chk);
}

/* 1 when the code of Op built for the current device runs its instruction natively. */
template <class Op>
__global__ void native_kernel(int *out)
{
	*out = Op::native();
}

struct fma_native {
	static __device__ int native() { return 1; }
};

template <class Op>
void mma_shape(roof_shape *s)
{
	s->block = MMA_BLOCK;
	s->steps = MMA_STEPS;
	s->k = Op::K;
	/* per warp and step: M x N x K FMAs of 2 operations, for each chain */
	s->ops_per_iter = 2.0 * Op::M * Op::N * Op::K * MMA_CHAINS * MMA_STEPS * (MMA_BLOCK / 32);
	s->max_iters = Op::exact / (Op::K * MMA_STEPS);
	s->windowed = 1;
}

template <typename T>
void fma_shape(roof_shape *s, int exact)
{
	s->block = FMA_BLOCK;
	s->steps = FMA_STEPS;
	s->k = 1;
	s->ops_per_iter = 2.0 * fma_ops<T>::lanes * FMA_CHAINS * FMA_STEPS * FMA_BLOCK;
	s->max_iters = exact / FMA_STEPS;
	s->windowed = 0;
}

/* Whether Op runs natively here, and kernel's resident blocks per SM. */
template <class Op, typename K>
cudaError_t query(K kernel, int block, int *native, int *blocks_per_sm)
{
	int *d = NULL;
	cudaError_t e;

	*native = 0;
	if ((e = cudaMalloc((void **)&d, sizeof(*d))) != cudaSuccess)
		return e;
	native_kernel<Op><<<1, 1>>>(d);
	if ((e = cudaGetLastError()) == cudaSuccess)
		e = cudaMemcpy(native, d, sizeof(*native), cudaMemcpyDeviceToHost);
	cudaFree(d);
	if (e != cudaSuccess)
		return e;
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, kernel, block, 0);
}

template <typename T>
cudaError_t fma_launch(int grid, const roof_params *p, roof_check *chk, cudaStream_t st)
{
	fma_kernel<T><<<grid, FMA_BLOCK, 0, st>>>(*p, chk);
	return cudaGetLastError();
}

template <class Op>
cudaError_t mma_launch(int grid, const roof_params *p, roof_check *chk, cudaStream_t st)
{
	mma_kernel<Op><<<grid, MMA_BLOCK, 0, st>>>(*p, chk);
	return cudaGetLastError();
}

}  // namespace

extern "C" cudaError_t roof_kernel_shape(int kernel, struct roof_shape *s)
{
	switch (kernel) {
	/* FMA chains stay exact while their values are integers the type holds */
	case ROOF_DFMA: fma_shape<double>(s, 1 << 30); break;
	case ROOF_FFMA: fma_shape<float>(s, (1 << 24) - 2 * FMA_CHAINS); break;
	/* half2 chains run from -2048 (+ up to 15) to at most 2048 */
	case ROOF_HFMA2: fma_shape<__half2>(s, 4096 - 2 * FMA_CHAINS); break;
	case ROOF_MMA_F64: mma_shape<mma_f64>(s); break;
	case ROOF_MMA_F64_K16: mma_shape<mma_f64_k16>(s); break;
	case ROOF_MMA_F16: mma_shape<mma_f16>(s); break;
	case ROOF_MMA_BF16: mma_shape<mma_bf16>(s); break;
	case ROOF_MMA_TF32: mma_shape<mma_tf32>(s); break;
	case ROOF_MMA_S8: mma_shape<mma_s8>(s); break;
	case ROOF_MMA_E4M3: mma_shape<mma_e4m3>(s); break;
	case ROOF_WGMMA_F16: case ROOF_WGMMA_BF16: case ROOF_WGMMA_TF32:
	case ROOF_WGMMA_S8: case ROOF_WGMMA_E4M3:
		return roof_wgmma_shape(kernel, s);
	default: return cudaErrorInvalidValue;
	}
	return cudaSuccess;
}

extern "C" cudaError_t roof_kernel_native(int kernel, int *native, int *blocks_per_sm)
{
	switch (kernel) {
	case ROOF_DFMA: return query<fma_native>(fma_kernel<double>, FMA_BLOCK, native, blocks_per_sm);
	case ROOF_FFMA: return query<fma_native>(fma_kernel<float>, FMA_BLOCK, native, blocks_per_sm);
	case ROOF_HFMA2:
		return query<fma_native>(fma_kernel<__half2>, FMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_F64:
		return query<mma_f64>(mma_kernel<mma_f64>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_F64_K16:
		return query<mma_f64_k16>(mma_kernel<mma_f64_k16>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_F16:
		return query<mma_f16>(mma_kernel<mma_f16>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_BF16:
		return query<mma_bf16>(mma_kernel<mma_bf16>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_TF32:
		return query<mma_tf32>(mma_kernel<mma_tf32>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_S8: return query<mma_s8>(mma_kernel<mma_s8>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_MMA_E4M3:
		return query<mma_e4m3>(mma_kernel<mma_e4m3>, MMA_BLOCK, native, blocks_per_sm);
	case ROOF_WGMMA_F16: case ROOF_WGMMA_BF16: case ROOF_WGMMA_TF32:
	case ROOF_WGMMA_S8: case ROOF_WGMMA_E4M3:
		return roof_wgmma_native(kernel, native, blocks_per_sm);
	default: return cudaErrorInvalidValue;
	}
}

extern "C" cudaError_t launch_roof(int kernel, int grid, const struct roof_params *p,
				   struct roof_check *chk, cudaStream_t stream)
{
	switch (kernel) {
	case ROOF_DFMA: return fma_launch<double>(grid, p, chk, stream);
	case ROOF_FFMA: return fma_launch<float>(grid, p, chk, stream);
	case ROOF_HFMA2: return fma_launch<__half2>(grid, p, chk, stream);
	case ROOF_MMA_F64: return mma_launch<mma_f64>(grid, p, chk, stream);
	case ROOF_MMA_F64_K16: return mma_launch<mma_f64_k16>(grid, p, chk, stream);
	case ROOF_MMA_F16: return mma_launch<mma_f16>(grid, p, chk, stream);
	case ROOF_MMA_BF16: return mma_launch<mma_bf16>(grid, p, chk, stream);
	case ROOF_MMA_TF32: return mma_launch<mma_tf32>(grid, p, chk, stream);
	case ROOF_MMA_S8: return mma_launch<mma_s8>(grid, p, chk, stream);
	case ROOF_MMA_E4M3: return mma_launch<mma_e4m3>(grid, p, chk, stream);
	case ROOF_WGMMA_F16: case ROOF_WGMMA_BF16: case ROOF_WGMMA_TF32:
	case ROOF_WGMMA_S8: case ROOF_WGMMA_E4M3:
		return launch_roof_wgmma(kernel, grid, p, chk, stream);
	default: return cudaErrorInvalidValue;
	}
}
