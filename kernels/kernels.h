/*
 * The only door from C to device code: extern "C" launchers, one section
 * per probe.  Each launcher enqueues its kernel on the given stream and
 * returns the launch's cudaError_t; the __global__ functions stay static
 * in the kernels/ .cu files, so host files never see <<<>>>.
 */
#ifndef GP_KERNELS_KERNELS_H
#define GP_KERNELS_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- clock: SM clock measured by the device itself (kernels/clock.cu) ---- */

/*
 * Spin one thread for about `cycles` SM cycles, writing the clock64()
 * and %globaltimer (ns) deltas it saw to out[0] and out[1] (out may be
 * NULL: a spin that only holds the stream).
 */
cudaError_t launch_clock_spin(long long cycles, unsigned long long *out,
			      cudaStream_t stream);

/* ---- bandwidth (kernels/bandwidth.cu) ---- */

/*
 * Stream kernel `kernel` (0..5 = read, write, copy, scale, add, triad of
 * enum bw_kernel) over n vectors of `width` bytes (4, 8, 16: float,
 * float2, float4), `unroll` (1, 2, 4, 8, 16) accesses per input per
 * thread per iteration, `passes` sweeps in the launch.  tiles = 0: a
 * thread's accesses are a grid apart; 1: each block sweeps a contiguous
 * tile.  Inputs a, b, output c (unused ones may be NULL); s is the scalar
 * of scale/triad.  The read kernel with check = 1 adds the bits of every
 * float it read to sink[0..BW_SINK_WORDS), one block's sum per word at
 * 32-word steps (spread over cache lines: a flat launch has 10^5 blocks
 * and more); the total is the sum of the words.  With check = 0 it reads
 * the same and writes sink[0] only if its thread's sum is BW_READ_NEVER,
 * which keeps the loads without the sums' cost in the timed launches.
 * cudaErrorInvalidValue for a combination that is not built.
 */
#define BW_SINK_WORDS 1024
#define BW_READ_NEVER 0x9e3779b9u
cudaError_t launch_bw_stream(int kernel, int width, int unroll, int tiles, int grid,
			     int block, const void *a, const void *b, void *c, uint64_t n,
			     float s, unsigned passes, unsigned *sink, int check,
			     cudaStream_t stream);
/* Resident blocks per SM of that kernel at `block` threads (occupancy API). */
cudaError_t bw_stream_max_blocks(int kernel, int width, int unroll, int block,
				 int *blocks_per_sm);
/* Registers per thread of that kernel. */
cudaError_t bw_stream_regs(int kernel, int width, int unroll, int *regs);
/*
 * The read kernel's L1 and L2 methods (model/bandwidth-method.h): grid
 * blocks of block threads; block b re-reads, passes times, the window of
 * win vectors of width bytes starting at vector bw_window_start(step, b,
 * 128 / width) of a, unroll independent loads per thread per iteration
 * (win a multiple of block x unroll), plain loads (cg 0, cached in L1) or
 * ld.global.cg (cg 1, L2 only).  sink and check as launch_bw_stream's
 * read kernel.  cudaErrorInvalidValue for a combination not built.
 */
cudaError_t launch_bw_window(int width, int unroll, int cg, int grid, int block, const void *a,
			     uint64_t win, uint64_t step, unsigned passes, unsigned *sink,
			     int check, cudaStream_t stream);
/* Resident blocks per SM of that window kernel at `block` threads. */
cudaError_t bw_window_max_blocks(int width, int unroll, int cg, int block, int *blocks_per_sm);
/* a[j] = bw_pat_a(j), b[j] = bw_pat_b(j) for j < n floats; either may be NULL. */
cudaError_t launch_bw_fill(float *a, float *b, uint64_t n, cudaStream_t stream);
/*
 * Check c against kernel's expected values (model/bandwidth-pattern.h) for
 * j < n and against BW_POISON for n <= j < end.  out[0] += mismatches,
 * out[1] = min(out[1], first bad j): zero out[0] and set out[1] to ~0 first.
 */
cudaError_t launch_bw_verify(const float *c, uint64_t n, uint64_t end, int kernel,
			     unsigned long long *out, cudaStream_t stream);
/* *out += sum of the bits of bw_pat_a(j), j < n (mod 2^32): the read kernel's answer. */
cudaError_t launch_bw_pattern_sum(uint64_t n, unsigned *out, cudaStream_t stream);

/* ---- coalesce (kernels/coalesce.cu) ---- */

/*
 * Word k of the coalescing source buffer.  Outputs are poisoned with 0xff
 * bytes first, and no value here is 0xffffffff.
 */
#define COAL_WORD_VALUE(k) ((((uint32_t)(k)) ^ 0x2545f491u) & 0x7fffffffu)

/* buf[k] = COAL_WORD_VALUE(k) for k < words. */
cudaError_t launch_coal_fill(uint32_t *buf, uint64_t words, cudaStream_t stream);

/*
 * Access i (0 <= i < accesses, a multiple of 1024) touches element
 * offset + i * stride of width bytes.  op: 0 load (each warp writes the
 * sum of its words to ((uint32_t *)out)[warp]), 1 store (out gets the
 * source's values), 2 copy.
 */
cudaError_t launch_coal_strided(int op, unsigned width, const void *in, void *out,
				uint64_t offset, uint64_t stride, uint64_t accesses,
				cudaStream_t stream);
/* Adds to *bad the wrong words of out (out_elems elements) after launch_coal_strided. */
cudaError_t launch_coal_verify_strided(int op, unsigned width, const void *out,
				       uint64_t out_elems, uint64_t offset, uint64_t stride,
				       uint64_t accesses, unsigned long long *bad,
				       cudaStream_t stream);

/*
 * structs structs {T x, y, z} of T = width bytes (a multiple of 256):
 * variant 0 read and written field by field, 1 staged through shared
 * memory, 2 as three arrays.  Every word of the output is the input's + 1.
 */
cudaError_t launch_coal_aos(int variant, unsigned width, const void *in, void *out,
			    uint64_t structs, cudaStream_t stream);
/* Adds to *bad the words of out (of words) not source + 1 below span_words, not poison above. */
cudaError_t launch_coal_verify_plus1(const uint32_t *out, uint64_t words, uint64_t span_words,
				     unsigned long long *bad, cudaStream_t stream);

/*
 * n x n matrix (n a multiple of 32): variant 0 tiled copy, 1 naive
 * transpose, 2 shared tile, 3 padded tile, 4 padded tile with 32 x 8
 * threads of 4 elements.
 */
cudaError_t launch_coal_transpose(int variant, unsigned width, const void *in, void *out,
				  uint64_t n, cudaStream_t stream);
cudaError_t launch_coal_verify_transpose(int transposed, unsigned width, const void *out,
					 uint64_t n, uint64_t out_words, unsigned long long *bad,
					 cudaStream_t stream);

/* ---- banks (kernels/banks.cu) ---- */

/* Word k of the load kernel's shared buffer in the launch with this seed. */
#define BANK_WORD_VALUE(k, seed) ((((uint32_t)(k)) * 2654435761u) ^ (uint32_t)(seed))

/*
 * blocks blocks of 256 threads; every warp runs iters iterations of 8
 * independent shared-memory accesses of width bytes (loads when store is
 * 0, stores when 1) at the byte offsets table[u * 32 + lane] (device
 * memory, u < 8) of a 32 KiB buffer.  Loads: out[thread] = the sum of the
 * words it read, with the buffer filled with BANK_WORD_VALUE(k, seed).
 * Stores write word k ^ seed to word k, then out[thread] = the number of
 * its words that do not read back so.
 */
cudaError_t launch_banks(int store, unsigned width, const uint32_t *table, int iters,
			 uint32_t seed, unsigned blocks, uint32_t *out, cudaStream_t stream);
/* Resident blocks per SM of that kernel (occupancy API). */
cudaError_t banks_blocks_per_sm(int store, unsigned width, int *blocks);

/* ---- latency (kernels/latency.cu) ---- */

#define LAT_UNROLL 32               /* steps per loop iteration: step counts are multiples */
#define LAT_BLOCK 1024              /* threads of a chase block (all warm, one chases) */
#define LAT_SHARED_MAX (48u << 10)  /* bytes of the shared-memory chain, at most */

/*
 * Lay the chain into base: for i < n, the 64-bit word at base +
 * chase_pos(slot, stride, i) (model/chase.h) = base + chase_pos(.., next[i]).
 * next is device memory.
 */
cudaError_t launch_lat_build(char *base, const uint32_t *next, uint64_t n,
			     uint64_t slot, uint64_t stride, cudaStream_t stream);

/* Once per process: the chase kernel prefers all of the unified L1 to shared memory. */
cudaError_t lat_chase_setup(void);

/*
 * One block of LAT_BLOCK threads on one SM.  With warm, its threads first
 * read every element once.  Then the first warp chases from element 0,
 * every lane the same chain (one request a step): untimed
 * steps, then `segments` segments of `steps` steps, cycles[s] = the
 * %clock64 cycles of segment s (its last load's arrival included).
 * end[0] = the pointer reached; end[1] is written only never (keeps the
 * warm-up loads).  Steps are multiples of LAT_UNROLL.  base may be mapped
 * host memory (warm 0: the SM reads it over PCIe).
 */
cudaError_t launch_lat_chase(const char *base, uint64_t n, uint64_t slot, uint64_t stride,
			     int warm, unsigned untimed, unsigned steps, unsigned segments,
			     long long *cycles, uint64_t *end, cudaStream_t stream);

/*
 * The same in shared memory: n elements stride bytes apart (a multiple of
 * 4, n x stride <= LAT_SHARED_MAX), element i leading to next[i] (device
 * memory); end[0] = the byte offset reached.
 */
cudaError_t launch_lat_shared(const uint32_t *next, unsigned n, unsigned stride,
			      unsigned untimed, unsigned steps, unsigned segments,
			      long long *cycles, uint64_t *end, cudaStream_t stream);

/* Write bytes (a multiple of 16) of buf with `blocks` blocks: evicts the L2. */
cudaError_t launch_lat_flush(void *buf, uint64_t bytes, unsigned seed, int blocks,
			     cudaStream_t stream);

/* ---- pcie (kernels/pcie.cu) ---- */

/*
 * Hold stream until *flag (mapped host memory) becomes non-zero, so the
 * work queued behind it runs back to back; after timeout_ns it gives up
 * and sets *timed_out.
 */
cudaError_t launch_pcie_gate(volatile unsigned *flag, unsigned long long timeout_ns,
			     volatile unsigned *timed_out, cudaStream_t stream);

/*
 * A copy of bytes from src to dst by the SMs, `blocks` blocks of 512
 * threads, coalesced 16-byte accesses: zero-copy transfers (one pointer
 * mapped host memory) and peer-to-peer copies (one in a peer GPU's
 * memory).  Both pointers 16-byte aligned.
 */
cudaError_t launch_pcie_mapped_copy(void *dst, const void *src, size_t bytes,
				    int blocks, cudaStream_t stream);

/* Write the verification pattern (kernels/pcie-pattern.h) with seed into dst. */
cudaError_t launch_pcie_fill(void *dst, size_t bytes, uint64_t seed, cudaStream_t stream);

/*
 * Compare p (device or mapped host memory) with the pattern of seed:
 * result[0] = mismatches, result[1] = lowest mismatching byte offset
 * (ULLONG_MAX when none).  result is device memory, two words.
 */
cudaError_t launch_pcie_check(const void *p, size_t bytes, uint64_t seed,
			      unsigned long long *result, cudaStream_t stream);

/*
 * In place, x = x * PCIE_LCG_A + PCIE_LCG_C applied iters times to each of
 * words 32-bit words: the --overlap kernel, its duration set by iters.
 */
cudaError_t launch_pcie_compute(uint32_t *p, size_t words, unsigned iters,
				int blocks, cudaStream_t stream);

/* ---- occupancy (kernels/occupancy.cu) ---- */

/*
 * Probe kernels for checking the occupancy calculator against the runtime,
 * each with different resources: none, 4 KiB static shared memory, launch
 * bounds (256, 2) with 2 KiB, high register pressure, four named barriers,
 * dynamic shared memory only.  Kernel k is 0 .. occ_kernel_count() - 1.
 *
 * Every kernel writes out[i] = tag + i for each of its blocks x threads
 * (out must hold that many words), so a launch that ran can be verified.
 */
int occ_kernel_count(void);
const char *occ_kernel_name(int k);  /* the name in the source: "occ_k_static4k" */
cudaError_t occ_kernel_attributes(int k, struct cudaFuncAttributes *attr);
/* cudaFuncSetAttribute(MaxDynamicSharedMemorySize): the opt-in the calculator assumes. */
cudaError_t occ_kernel_allow_dynamic_smem(int k, int bytes);
/* cudaOccupancyMaxActiveBlocksPerMultiprocessor for kernel k. */
cudaError_t occ_kernel_max_active_blocks(int k, int threads, size_t dynamic_smem, int *blocks);
cudaError_t launch_occ_kernel(int k, int blocks, int threads, size_t dynamic_smem,
			      unsigned *out, unsigned tag, cudaStream_t stream);

/* ---- roofline (kernels/roofline.cu; wgmma: kernels/roofline-sm90a.cu) ---- */

/*
 * The compute probes: every thread (FMA), warp (mma.sync) or warpgroup
 * (wgmma) runs independent chains of one instruction, each chain
 * accumulating into its own registers, so that issue, not latency, sets
 * the pace.  The operands are chosen so that every result is exact:
 *
 *   FMA    chain k of every thread starts at start + k (half2: its high
 *          half at start + k + 8) and takes a = a * b + c, with b = c = 1
 *          given at run time; after n steps it holds start + k + n.
 *   mma    A and B all ones (`one`: the bits of 1.0 or 1 in the input
 *          type, repeated over 32 bits), accumulators from 0: after n
 *          steps each holds K x n (K of the instruction's shape).  They
 *          restart from 0 every `window` iterations, so that n stays
 *          within what the accumulation keeps exact (FP8: 2^11,
 *          kernels/roofline-common.cuh) however long the launch.
 *
 * At the end (mma: of every window) every thread compares each of its
 * values with the expected one (from `want`, given at run time) and
 * counts the differences; every
 * block's thread 0 adds its block's SM cycles (clock64) and nanoseconds
 * (%globaltimer) from start to end, so the clock the SMs ran at during the
 * launch is known.
 */
enum roof_kernel {
	ROOF_DFMA,        /* FP64 FMA chains: DFMA */
	ROOF_FFMA,        /* FP32: FFMA */
	ROOF_HFMA2,       /* FP16 pairs: HFMA2 */
	ROOF_MMA_F64,     /* mma.sync.m8n8k4 f64: DMMA (sm_80+) */
	ROOF_MMA_F64_K16, /* mma.sync.m16n8k16 f64: DMMA.16x8x16 (sm_90) */
	ROOF_MMA_F16,     /* mma.sync.m16n8k16 f16 -> f32: HMMA (sm_80+) */
	ROOF_MMA_BF16,    /* mma.sync.m16n8k16 bf16 -> f32: HMMA (sm_80+) */
	ROOF_MMA_TF32,    /* mma.sync.m16n8k8 tf32 -> f32: HMMA (sm_80+) */
	ROOF_MMA_S8,      /* mma.sync.m16n8k32 s8 -> s32: IMMA (sm_80+) */
	ROOF_MMA_E4M3,    /* mma.sync.m16n8k32 e4m3 -> f32: QMMA (sm_89, sm_120) */
	ROOF_WGMMA_F16,   /* wgmma.m64n256k16 f16 -> f32, A and B in shared memory: HGMMA (sm_90a) */
	ROOF_WGMMA_BF16,  /* wgmma.m64n256k16 bf16 -> f32: HGMMA (sm_90a) */
	ROOF_WGMMA_TF32,  /* wgmma.m64n256k8 tf32 -> f32: HGMMA (sm_90a) */
	ROOF_WGMMA_S8,    /* wgmma.m64n256k32 s8 -> s32: IGMMA (sm_90a) */
	ROOF_WGMMA_E4M3,  /* wgmma.m64n256k32 e4m3 -> f32: QGMMA (sm_90a) */
	ROOF_NKERNELS
};

#define ROOF_SAMPLE_WORDS 8

/* What a launch reports; zero it (and poison sample) before the launches it sums. */
struct roof_check {
	unsigned long long cycles;   /* SM cycles, summed over blocks (thread 0's clock64) */
	unsigned long long ns;       /* %globaltimer nanoseconds over the same spans */
	unsigned long long blocks;   /* blocks that finished */
	unsigned long long bad;      /* values that differed from the expected */
	uint32_t sample[ROOF_SAMPLE_WORDS];  /* block 0, thread 0: its first values' bits */
};

struct roof_params {
	int iters;                   /* loop iterations (each `steps` steps per chain) */
	int window;                  /* mma: iterations from zero to each check (iters: a whole
				        multiple); FMA: iters */
	double b, c;                 /* FMA: multiplier and addend (1, 1); mma f64: A and B */
	double start, want;          /* FMA: chain 0's start and expected end; mma: expected */
	uint32_t one;                /* mma: the bits of 1 in the input type, over 32 bits */
};

/* How a kernel is built and what a launch of it does. */
struct roof_shape {
	int block;                   /* threads per block */
	int steps;                   /* steps per chain per iteration */
	int k;                       /* what one step adds to a value: 1 (FMA) or K (mma) */
	double ops_per_iter;         /* operations of one block's iteration (an FMA counts 2) */
	int max_iters;               /* iterations whose values stay exact (and checkable) */
	int windowed;                /* 1: restarts every window, so iters has no bound (mma);
				        0: a launch's iters at most max_iters (FMA chains) */
};

/* The shape of kernel; cudaErrorInvalidValue for an unknown one. */
cudaError_t roof_kernel_shape(int kernel, struct roof_shape *s);
/*
 * *native = 1 when the code of kernel built for the current device runs
 * its instruction natively there (the architecture has it and the build
 * holds code for it: wgmma needs the sm_90a code on a CC 9.0 device), else
 * 0: such a kernel measures nothing and is not launched.  Its resident
 * blocks per SM in *blocks_per_sm.
 */
cudaError_t roof_kernel_native(int kernel, int *native, int *blocks_per_sm);
/* grid blocks of kernel with p; chk as struct roof_check says. */
cudaError_t launch_roof(int kernel, int grid, const struct roof_params *p,
			struct roof_check *chk, cudaStream_t stream);

/* The wgmma kernels, for roofline.cu's dispatch (kernel is a ROOF_WGMMA_*). */
cudaError_t roof_wgmma_shape(int kernel, struct roof_shape *s);
cudaError_t roof_wgmma_native(int kernel, int *native, int *blocks_per_sm);
cudaError_t launch_roof_wgmma(int kernel, int grid, const struct roof_params *p,
			      struct roof_check *chk, cudaStream_t stream);

/* ---- counters self-test (kernels/ctrtest.cu) ---- */

/*
 * Kernels whose counters theory knows exactly, for the counters self-test
 * (tests/unit/t-counters-gpu.c).  n threads, a multiple of 256, blocks of
 * 256; floats; buffers from cudaMalloc (aligned).
 *
 *   load:   out[i] = in[i * stride]     load sectors/request min(4 * stride, 32)
 *   store:  out[i * stride] = in[i]     store sectors/request min(4 * stride, 32)
 *   shared: each block copies in[0..1024) to shared memory (4 conflict-free
 *           stores per thread), then lane l reads word (l * stride) % 1024:
 *           out[i] = in[(lane * stride) % 1024]; a gcd(stride, 32)-way
 *           conflict, 1 wavefront for stride 0 (broadcast)
 */
cudaError_t launch_ctrtest_load(const float *in, float *out, size_t n, int stride,
				cudaStream_t stream);
cudaError_t launch_ctrtest_store(const float *in, float *out, size_t n, int stride,
				 cudaStream_t stream);
cudaError_t launch_ctrtest_shared(const float *in, float *out, size_t n, int stride,
				  cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
