/*
 * The Hopper tensor-core probes of `gpuperf roofline`: wgmma, issued by a
 * warpgroup (4 consecutive warps, one block of 128 threads), which is how
 * an H100 reaches its tensor peak (mma.sync, roofline.cu, does not).
 *
 * Built only for sm_90a (the Makefile gives this file
 * -gencode arch=compute_90a,code=sm_90a when GPU_ARCHS holds 90, and the
 * usual targets otherwise, where __CUDA_ARCH_FEAT_SM90_ALL is not defined
 * and every kernel here is empty: roof_wgmma_native then says 0).
 *
 * Each block fills an 8 KiB tile in shared memory with ones, which is both
 * B (256 rows of K elements) and, its first 2 KiB, A (64 rows): both
 * operands come from shared memory, so that no register holds A (ptxas
 * gives each wgmma in flight its own copy of A's registers, and with the
 * 64 x 256 accumulators, 128 per thread, three warpgroups no longer fit
 * an SM).  A block issues STEPS wgmma per commit group and leaves one
 * group in flight while it issues the next.  The tile's layout is the
 * no-swizzle canonical one: core matrices of 8 rows x 16 bytes, each 128
 * contiguous bytes (one bank row: read without conflicts), 128 bytes
 * apart along K and 256 along M or N.  With every element 1, every
 * accumulator ends at K x steps whatever the layout, and is checked
 * against that at the end of every window of p.window iterations: the
 * window's first wgmma has scale-d 0 (D = A x B, the accumulation starts
 * afresh), so that FP8's sums stay exact (roof::FP8_EXACT) with nothing
 * but wgmma on the tensor pipe.
 */
#include <stdint.h>
#include <cuda_runtime.h>
#include "kernels/kernels.h"
#include "kernels/roofline-common.cuh"

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define GP_WGMMA 1
#endif

namespace {

const int WG_BLOCK = 128, WG_STEPS = 4, WG_N = 256;
const int B_BYTES = WG_N * 32;   /* 256 rows of K elements, 32 bytes whatever the type */

#define WG_D128 \
	"{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15," \
	"%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31," \
	"%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47," \
	"%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63," \
	"%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79," \
	"%80,%81,%82,%83,%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95," \
	"%96,%97,%98,%99,%100,%101,%102,%103,%104,%105,%106,%107,%108,%109,%110,%111," \
	"%112,%113,%114,%115,%116,%117,%118,%119,%120,%121,%122,%123,%124,%125,%126,%127}"
/* After the accumulators: A's and B's descriptors, scale-d (0: D = A x B; else D += A x B). */
#define WG_ARGS ", %128, %129, p"

#define WG_ACC8(C, i) C(d[i]), C(d[i + 1]), C(d[i + 2]), C(d[i + 3]), \
	C(d[i + 4]), C(d[i + 5]), C(d[i + 6]), C(d[i + 7])
#define WG_ACC128(C) WG_ACC8(C, 0), WG_ACC8(C, 8), WG_ACC8(C, 16), WG_ACC8(C, 24), \
	WG_ACC8(C, 32), WG_ACC8(C, 40), WG_ACC8(C, 48), WG_ACC8(C, 56), \
	WG_ACC8(C, 64), WG_ACC8(C, 72), WG_ACC8(C, 80), WG_ACC8(C, 88), \
	WG_ACC8(C, 96), WG_ACC8(C, 104), WG_ACC8(C, 112), WG_ACC8(C, 120)

/* wgmma with A and B in shared memory: INSTR, then its immediates (scales, transposes). */
#define WG_ASM(C, instr, imm) \
	asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n" instr " " WG_D128 WG_ARGS imm ";\n}\n" \
		     : WG_ACC128(C) : "l"(desc), "l"(desc), "r"(accumulate))

struct wg_f16 {
	typedef float acc;
	static const int K = 16;
	static const int exact = 1 << 24;  /* f32 holds every integer up to 2^24 */
	static __device__ void step(float (&d)[128], uint64_t desc, int accumulate)
	{
#ifdef GP_WGMMA
		WG_ASM("+f", "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", ", 1, 1, 0, 0");
#endif
	}
};

struct wg_bf16 : wg_f16 {
	static __device__ void step(float (&d)[128], uint64_t desc, int accumulate)
	{
#ifdef GP_WGMMA
		WG_ASM("+f", "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16", ", 1, 1, 0, 0");
#endif
	}
};

struct wg_tf32 : wg_f16 {
	static const int K = 8;
	static __device__ void step(float (&d)[128], uint64_t desc, int accumulate)
	{
#ifdef GP_WGMMA
		WG_ASM("+f", "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32", ", 1, 1");
#endif
	}
};

struct wg_e4m3 : wg_f16 {
	static const int K = 32;
	static const int exact = roof::FP8_EXACT;
	static __device__ void step(float (&d)[128], uint64_t desc, int accumulate)
	{
#ifdef GP_WGMMA
		WG_ASM("+f", "wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3", ", 1, 1");
#endif
	}
};

struct wg_s8 {
	typedef int acc;
	static const int K = 32;
	static const int exact = 1 << 30;  /* s32, with room */
	static __device__ void step(int (&d)[128], uint64_t desc, int accumulate)
	{
#ifdef GP_WGMMA
		WG_ASM("+r", "wgmma.mma_async.sync.aligned.m64n256k32.s32.s8.s8", "");
#endif
	}
};

/* Keep the compiler from moving accumulator reads across the asynchronous wgmma. */
__device__ __forceinline__ void pin(float &v) { asm volatile("" : "+f"(v) :: "memory"); }
__device__ __forceinline__ void pin(int &v) { asm volatile("" : "+r"(v) :: "memory"); }
__device__ __forceinline__ uint32_t bits(float v) { return __float_as_uint(v); }
__device__ __forceinline__ uint32_t bits(int v) { return (uint32_t)v; }

/* B's shared-memory descriptor: start, LBO 128 B (along K), SBO 256 B (along N), no swizzle. */
__device__ __forceinline__ uint64_t b_desc(const void *smem)
{
	uint32_t addr = (uint32_t)__cvta_generic_to_shared(smem);

	return (uint64_t)((addr & 0x3ffff) >> 4) | (uint64_t)(128 >> 4) << 16 |
	       (uint64_t)(256 >> 4) << 32;
}

template <class Op>
__global__ void __launch_bounds__(WG_BLOCK, 3) wgmma_kernel(roof_params p, roof_check *chk)
{
	typedef typename Op::acc acc;
	__shared__ __align__(1024) uint32_t tile[B_BYTES / 4];
	const uint32_t want = bits((acc)p.want);
	acc d[128];
	uint32_t words[ROOF_SAMPLE_WORDS];
	unsigned bad = 0;
	roof::block_clock bc;

	roof::begin(bc);
	for (int i = threadIdx.x; i < B_BYTES / 4; i += WG_BLOCK)
		tile[i] = p.one;
#ifdef GP_WGMMA
	/* the tensor cores read B through the async proxy: order the stores before them */
	asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
	__syncthreads();
#pragma unroll
	for (int j = 0; j < 128; j++) {
		d[j] = 0;
		pin(d[j]);
	}
	const uint64_t desc = b_desc(tile);
	for (int w = 0; w < p.iters; w += p.window) {
		/* do-while: where the window could be empty, ptxas serializes every wgmma */
		int i = 0;

		do {
#ifdef GP_WGMMA
			asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
			/* the window's first step starts from zero */
#pragma unroll
			for (int s = 0; s < WG_STEPS; s++)
				Op::step(d, desc, s > 0 || i > 0);
#ifdef GP_WGMMA
			asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
			asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
#endif
		} while (++i < p.window);
#ifdef GP_WGMMA
		asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#endif
#pragma unroll
		for (int j = 0; j < 128; j++) {
			pin(d[j]);
			bad += bits(d[j]) != want;
		}
	}
#pragma unroll
	for (int j = 0; j < ROOF_SAMPLE_WORDS; j++)
		words[j] = bits(d[j]);
	roof::sample(chk, words);
	roof::end(bc, bad, chk);
}

__global__ void built_kernel(int *out)
{
#ifdef GP_WGMMA
	*out = 1;
#else
	*out = 0;
#endif
}

template <class Op>
void shape(roof_shape *s)
{
	s->block = WG_BLOCK;
	s->steps = WG_STEPS;
	s->k = Op::K;
	/* per step, one warpgroup: 64 x 256 x K FMAs of 2 operations */
	s->ops_per_iter = 2.0 * 64 * WG_N * Op::K * WG_STEPS;
	s->max_iters = Op::exact / (Op::K * WG_STEPS);
	s->windowed = 1;
}

template <class Op>
cudaError_t launch(int grid, const roof_params *p, roof_check *chk, cudaStream_t st)
{
	wgmma_kernel<Op><<<grid, WG_BLOCK, 0, st>>>(*p, chk);
	return cudaGetLastError();
}

template <class Op>
cudaError_t occupancy(int *blocks)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, wgmma_kernel<Op>, WG_BLOCK, 0);
}

}  // namespace

extern "C" cudaError_t roof_wgmma_shape(int kernel, struct roof_shape *s)
{
	switch (kernel) {
	case ROOF_WGMMA_F16: shape<wg_f16>(s); break;
	case ROOF_WGMMA_BF16: shape<wg_bf16>(s); break;
	case ROOF_WGMMA_TF32: shape<wg_tf32>(s); break;
	case ROOF_WGMMA_S8: shape<wg_s8>(s); break;
	case ROOF_WGMMA_E4M3: shape<wg_e4m3>(s); break;
	default: return cudaErrorInvalidValue;
	}
	return cudaSuccess;
}

/*
 * Native when this file's sm_90a code runs on the current device; not
 * when it was built without it, or on another device (no image: the
 * query's launch fails, and that is no error).
 */
extern "C" cudaError_t roof_wgmma_native(int kernel, int *native, int *blocks_per_sm)
{
	int *d = NULL;
	cudaError_t e;

	*native = 0;
	*blocks_per_sm = 0;
	if ((e = cudaMalloc((void **)&d, sizeof(*d))) != cudaSuccess)
		return e;
	built_kernel<<<1, 1>>>(d);
	e = cudaGetLastError();
	if (e == cudaSuccess)
		e = cudaMemcpy(native, d, sizeof(*native), cudaMemcpyDeviceToHost);
	cudaFree(d);
	if (e == cudaErrorNoKernelImageForDevice || e == cudaErrorInvalidDeviceFunction) {
		cudaGetLastError();
		*native = 0;
		return cudaSuccess;
	}
	if (e != cudaSuccess || !*native)
		return e;
	switch (kernel) {
	case ROOF_WGMMA_F16: return occupancy<wg_f16>(blocks_per_sm);
	case ROOF_WGMMA_BF16: return occupancy<wg_bf16>(blocks_per_sm);
	case ROOF_WGMMA_TF32: return occupancy<wg_tf32>(blocks_per_sm);
	case ROOF_WGMMA_S8: return occupancy<wg_s8>(blocks_per_sm);
	case ROOF_WGMMA_E4M3: return occupancy<wg_e4m3>(blocks_per_sm);
	default: return cudaErrorInvalidValue;
	}
}

extern "C" cudaError_t launch_roof_wgmma(int kernel, int grid, const struct roof_params *p,
					 struct roof_check *chk, cudaStream_t stream)
{
	switch (kernel) {
	case ROOF_WGMMA_F16: return launch<wg_f16>(grid, p, chk, stream);
	case ROOF_WGMMA_BF16: return launch<wg_bf16>(grid, p, chk, stream);
	case ROOF_WGMMA_TF32: return launch<wg_tf32>(grid, p, chk, stream);
	case ROOF_WGMMA_S8: return launch<wg_s8>(grid, p, chk, stream);
	case ROOF_WGMMA_E4M3: return launch<wg_e4m3>(grid, p, chk, stream);
	default: return cudaErrorInvalidValue;
	}
}
