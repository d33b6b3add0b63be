/*
 * Why gpuperf's 4-byte stream kernels trailed BabelStream --float on the
 * H200 (issue 42: copy 0.966, add 0.901, triad 0.887 of its best, while
 * the 8-byte kernels led by 1.4-1.8 %), in one process on one GPU: each
 * variant is one launch shape or one kernel, timed like gpuperf (CUDA
 * events around each launch, warm-ups, then the best and the median of
 * the repetitions), its output checked with gpuperf's own verify kernel.
 * Built and run by bench/width4.sh.
 *
 *   width4-variants [-n REPS] [-s BYTES] [-m MATCH]...
 *
 * REPS default 30, BYTES per array 1 GiB; with -m, only the variants whose
 * "variant,kernel,width,layout,block,unroll" starts with one of the MATCHes
 * (for ncu: -n 1 -m gpuperf,copy,4,flat,512,4).
 *
 * Variants (the "variant" column):
 *   gpuperf      the product's kernel (kernels/bandwidth.cu, linked in)
 *                at every flat block and unroll, resident tile grids,
 *                and a BabelStream-shaped grid: blocks of 256, a thread's
 *                accesses a grid apart, 4 of them one after the other
 *   pre-fix      the kernel before issue 42's fix (its guarded tail
 *                computed before the passes loop, 40-56 registers at 4
 *                bytes and unroll 4) at the same shapes, and pre-fix@32
 *                the same code held to 32 registers by launch bounds: if
 *                pre-fix@32 matches gpuperf, occupancy was the cause
 *   hint-none, hint-128B, hint-256B
 *                a flat tile kernel at 4 bytes whose loads ask L2 to fetch
 *                128 or 256 bytes per miss (ld.global.L2::128B/256B), and
 *                the same code without the hint: one warp's 4-byte load
 *                asks for 128 bytes, a quarter of a 16-byte load's 512
 *
 * Output: CSV, one row per variant, kernel and width: variant, kernel,
 * width, layout, block, unroll, grid, regs, threads_per_sm (resident, from
 * the occupancy API), inflight_kib (loads in flight per SM when every
 * resident thread has issued its iteration's loads: threads x unroll x
 * width x inputs / 1024), best_gbs, median_gbs, check (ok or the count
 * of wrong floats).  GB = 10^9 B; bytes read + written.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <unistd.h>

#include "kernels/kernels.h"
#include "model/bandwidth-pattern.h"

enum { K_COPY = 2, K_SCALE, K_ADD, K_TRIAD };
static const char *const knames[] = { "read", "write", "copy", "scale", "add", "triad" };

/* ---- the kernel before the fix (kernels/bandwidth.cu before commit e055382) ---- */

template <int K> __device__ __forceinline__ float op1(float a, float b, float s)
{
	return K == K_SCALE ? s * a : K == K_ADD ? a + b : K == K_TRIAD ? a + s * b : a;
}
template <int K> __device__ __forceinline__ float op(float a, float b, float s)
{
	return op1<K>(a, b, s);
}
template <int K> __device__ __forceinline__ float2 op(float2 a, float2 b, float s)
{
	return make_float2(op1<K>(a.x, b.x, s), op1<K>(a.y, b.y, s));
}

template <class V, int U, int K, bool TAIL>
__device__ __forceinline__ void old_step(const V *a, const V *b, V *c, uint64_t i, uint64_t S,
					 uint64_t n, float s)
{
	const bool reads_b = K == K_ADD || K == K_TRIAD;
	V ra[U], rb[U];

#pragma unroll
	for (int u = 0; u < U; u++)
		if (!TAIL || i + u * S < n)
			ra[u] = a[i + u * S];
#pragma unroll
	for (int u = 0; u < U; u++)
		if (reads_b && (!TAIL || i + u * S < n))
			rb[u] = b[i + u * S];
#pragma unroll
	for (int u = 0; u < U; u++)
		if (!TAIL || i + u * S < n)
			c[i + u * S] = op<K>(ra[u], reads_b ? rb[u] : ra[u], s);
}

template <class V, int U, int K>
__device__ __forceinline__ void old_body(const V *a, const V *b, V *c, uint64_t n, float s,
					 unsigned passes, int tiles)
{
	const uint64_t T = (uint64_t)gridDim.x * blockDim.x;
	const uint64_t chunk = T * U;
	const uint64_t nfull = n - n % chunk;
	const uint64_t S = tiles ? blockDim.x : T;
	const uint64_t start = (uint64_t)blockIdx.x * (tiles ? (uint64_t)blockDim.x * U : blockDim.x) +
			       threadIdx.x;

	for (unsigned p = 0; p < passes; p++) {
		for (uint64_t i = start; i < nfull; i += chunk)
			old_step<V, U, K, false>(a, b, c, i, S, n, s);
		if (nfull + start < n)
			old_step<V, U, K, true>(a, b, c, nfull + start, S, n, s);
		asm volatile("" ::: "memory");
	}
}

template <class V, int U, int K>
__global__ void old_kernel(const V *a, const V *b, V *c, uint64_t n, float s, unsigned passes,
			   int tiles)
{
	old_body<V, U, K>(a, b, c, n, s, passes, tiles);
}

/* The same code, at most 32 registers: two blocks of 1024 threads per SM (sm_90). */
template <class V, int U, int K>
__global__ void __launch_bounds__(1024, 2)
old_kernel32(const V *a, const V *b, V *c, uint64_t n, float s, unsigned passes, int tiles)
{
	old_body<V, U, K>(a, b, c, n, s, passes, tiles);
}

/* ---- a flat tile kernel at 4 bytes with an L2 fetch-size hint on its loads ---- */

template <int H> __device__ __forceinline__ float load_hint(const float *p)
{
	float v;

	if (H == 256)
		asm volatile("ld.global.L2::256B.f32 %0, [%1];" : "=f"(v) : "l"(p));
	else if (H == 128)
		asm volatile("ld.global.L2::128B.f32 %0, [%1];" : "=f"(v) : "l"(p));
	else
		asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(p));
	return v;
}

/* One tile of blockDim x U floats per block; n a multiple of it (checked on the host). */
template <int U, int K, int H>
__global__ void hint_kernel(const float *a, const float *b, float *c, float s)
{
	const bool reads_b = K == K_ADD || K == K_TRIAD;
	const uint64_t i = (uint64_t)blockIdx.x * blockDim.x * U + threadIdx.x;
	float ra[U], rb[U];

#pragma unroll
	for (int u = 0; u < U; u++)
		ra[u] = load_hint<H>(a + i + (uint64_t)u * blockDim.x);
#pragma unroll
	for (int u = 0; u < U; u++)
		if (reads_b)
			rb[u] = load_hint<H>(b + i + (uint64_t)u * blockDim.x);
#pragma unroll
	for (int u = 0; u < U; u++)
		c[i + (uint64_t)u * blockDim.x] = op1<K>(ra[u], reads_b ? rb[u] : ra[u], s);
}

/* ---- the harness ---- */

static void ck(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "width4-variants: %s: %s\n", what, cudaGetErrorString(e));
		exit(1);
	}
}

struct bufs {
	float *a, *b, *c;
	uint64_t nfloats;
	unsigned long long *vres;
	cudaStream_t st;
	cudaEvent_t e0, e1;
	int sms, reps, max_threads;  /* resident threads per SM at most */
};

/* One variant's launch; the returned error is checked. */
struct shape {
	std::string variant, layout;
	int kernel, width, block, unroll, tiles;
	long long grid;
	const void *fn;       /* own kernels; NULL: the product's launch_bw_stream */
	int hint;             /* hint_kernel: no passes/tiles arguments */
};

static cudaError_t launch(const bufs &B, const shape &v)
{
	uint64_t n = B.nfloats * 4 / (uint64_t)v.width;
	float s = BW_SCALAR;
	unsigned passes = 1;
	int tiles = v.tiles;

	if (!v.fn)
		return launch_bw_stream(v.kernel, v.width, v.unroll, v.tiles, (int)v.grid, v.block,
					B.a, B.b, B.c, n, s, passes, NULL, 0, B.st);
	if (v.hint) {
		void *args[] = { (void *)&B.a, (void *)&B.b, (void *)&B.c, &s };
		return cudaLaunchKernel(v.fn, dim3((unsigned)v.grid), dim3(v.block), args, 0, B.st);
	}
	void *args[] = { (void *)&B.a, (void *)&B.b, (void *)&B.c, &n, &s, &passes, &tiles };
	return cudaLaunchKernel(v.fn, dim3((unsigned)v.grid), dim3(v.block), args, 0, B.st);
}

static int inputs(int k)
{
	return k == K_ADD || k == K_TRIAD ? 2 : 1;
}

/* Warm up, poison, time reps launches, verify; one CSV row. */
static int measure(const bufs &B, const shape &v)
{
	std::vector<float> ms;
	unsigned long long res[2] = { 0, ~0ull };
	int regs = 0, bps = 0;
	double bytes = (double)(inputs(v.kernel) + 1) * (double)B.nfloats * 4;

	if (v.fn) {
		cudaFuncAttributes attr;
		ck(cudaFuncGetAttributes(&attr, v.fn), "cudaFuncGetAttributes");
		regs = attr.numRegs;
		ck(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bps, v.fn, v.block, 0), "occupancy");
	} else {
		ck(bw_stream_regs(v.kernel, v.width, v.unroll, &regs), "bw_stream_regs");
		ck(bw_stream_max_blocks(v.kernel, v.width, v.unroll, v.block, &bps), "occupancy");
	}
	if (bps <= 0)
		return 0;  /* cannot launch at this block: no row */
	for (int i = 0; i < 3; i++)
		ck(launch(B, v), "warm-up launch");
	ck(cudaMemsetAsync(B.c, 0xff, B.nfloats * 4, B.st), "poison");
	for (int r = 0; r < B.reps; r++) {
		float t;
		ck(cudaEventRecord(B.e0, B.st), "event");
		ck(launch(B, v), "launch");
		ck(cudaEventRecord(B.e1, B.st), "event");
		ck(cudaEventSynchronize(B.e1), "sync");
		ck(cudaEventElapsedTime(&t, B.e0, B.e1), "elapsed");
		ms.push_back(t);
	}
	ck(cudaMemcpyAsync(B.vres, res, sizeof(res), cudaMemcpyHostToDevice, B.st), "copy");
	ck(launch_bw_verify(B.c, B.nfloats, B.nfloats, v.kernel, B.vres, B.st), "verify");
	ck(cudaMemcpyAsync(res, B.vres, sizeof(res), cudaMemcpyDeviceToHost, B.st), "copy");
	ck(cudaStreamSynchronize(B.st), "verify");
	std::sort(ms.begin(), ms.end());
	double med = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
	int threads = std::min(bps * v.block, B.max_threads);
	printf("%s,%s,%d,%s,%d,%d,%lld,%d,%d,%.0f,%.1f,%.1f,%s%s\n", v.variant.c_str(),
	       knames[v.kernel], v.width, v.layout.c_str(), v.block, v.unroll, v.grid, regs, threads,
	       (double)threads * v.unroll * v.width * inputs(v.kernel) / 1024,
	       bytes / (ms[0] * 1e-3) / 1e9, bytes / (med * 1e-3) / 1e9,
	       res[0] ? "bad " : "ok", res[0] ? std::to_string(res[0]).c_str() : "");
	fflush(stdout);
	return res[0] ? 1 : 0;
}

/* Own kernels by [kernel - K_COPY][unroll index 1, 2, 4][width 4, 8]. */
template <int K> static void old_fns(const void *fn[3][2], const void *fn32[3][2])
{
	fn[0][0] = (const void *)old_kernel<float, 1, K>;
	fn[1][0] = (const void *)old_kernel<float, 2, K>;
	fn[2][0] = (const void *)old_kernel<float, 4, K>;
	fn[0][1] = (const void *)old_kernel<float2, 1, K>;
	fn[1][1] = (const void *)old_kernel<float2, 2, K>;
	fn[2][1] = (const void *)old_kernel<float2, 4, K>;
	fn32[0][0] = (const void *)old_kernel32<float, 1, K>;
	fn32[1][0] = (const void *)old_kernel32<float, 2, K>;
	fn32[2][0] = (const void *)old_kernel32<float, 4, K>;
	fn32[0][1] = (const void *)old_kernel32<float2, 1, K>;
	fn32[1][1] = (const void *)old_kernel32<float2, 2, K>;
	fn32[2][1] = (const void *)old_kernel32<float2, 4, K>;
}

/* [unroll index 2, 4, 8][hint none, 128, 256] */
template <int K> static void hint_fns(const void *fn[3][3])
{
	fn[0][0] = (const void *)hint_kernel<2, K, 0>;
	fn[0][1] = (const void *)hint_kernel<2, K, 128>;
	fn[0][2] = (const void *)hint_kernel<2, K, 256>;
	fn[1][0] = (const void *)hint_kernel<4, K, 0>;
	fn[1][1] = (const void *)hint_kernel<4, K, 128>;
	fn[1][2] = (const void *)hint_kernel<4, K, 256>;
	fn[2][0] = (const void *)hint_kernel<8, K, 0>;
	fn[2][1] = (const void *)hint_kernel<8, K, 128>;
	fn[2][2] = (const void *)hint_kernel<8, K, 256>;
}

/* gpuperf's 16-byte defaults by kernel (model/bandwidth.c): flat blocks of 512 or 1024. */
static int default_block(int k)
{
	return k == K_ADD || k == K_TRIAD ? 1024 : 512;
}

static void shapes_for(const bufs &B, int k, std::vector<shape> &out)
{
	static const void *oldf[4][3][2], *old32[4][3][2], *hintf[4][3][3];
	static int filled;
	const uint64_t nf = B.nfloats;
	const int ui[] = { 1, 2, 4 };

	if (!filled) {
		old_fns<K_COPY>(oldf[0], old32[0]);
		old_fns<K_SCALE>(oldf[1], old32[1]);
		old_fns<K_ADD>(oldf[2], old32[2]);
		old_fns<K_TRIAD>(oldf[3], old32[3]);
		hint_fns<K_COPY>(hintf[0]);
		hint_fns<K_SCALE>(hintf[1]);
		hint_fns<K_ADD>(hintf[2]);
		hint_fns<K_TRIAD>(hintf[3]);
		filled = 1;
	}
	for (int w : { 4, 8 }) {
		uint64_t nvec = nf * 4 / (uint64_t)w;

		/* the product: flat at every block and unroll */
		for (int block : { 256, 512, 1024 })
			for (int u : { 1, 2, 4, 8, 16 })
				out.push_back({ "gpuperf", "flat", k, w, block, u, 1,
						(long long)(nvec / ((uint64_t)block * u)), NULL, 0 });
		/* resident tile grids, and BabelStream's shape: 4 accesses a grid apart */
		for (int block : { 256, 512 })
			for (int u : { 4, 8 }) {
				int bps = 0;
				if (bw_stream_max_blocks(k, w, u, block, &bps) == cudaSuccess && bps > 0)
					out.push_back({ "gpuperf", "tile", k, w, block, u, 1,
							(long long)bps * B.sms, NULL, 0 });
			}
		out.push_back({ "gpuperf", "grid-4-waves", k, w, 256, 1, 0,
				(long long)(nvec / (4 * 256)), NULL, 0 });
		out.push_back({ "gpuperf", "grid-4-waves", k, w, 256, 2, 0,
				(long long)(nvec / (4 * 256 * 2)), NULL, 0 });
		/* the pre-fix kernel at the same flat shapes, as built and held to 32 registers */
		for (int x = 0; x < 3; x++) {
			int u = ui[x], block = default_block(k);
			long long g = (long long)(nvec / ((uint64_t)block * u));

			out.push_back({ "pre-fix", "flat", k, w, block, u, 1, g, oldf[k - K_COPY][x][w == 8], 0 });
			out.push_back({ "pre-fix@32", "flat", k, w, block, u, 1, g, old32[k - K_COPY][x][w == 8], 0 });
		}
	}
	/* L2 fetch-size hints, 4 bytes, flat */
	for (int x = 0; x < 3; x++)
		for (int h = 0; h < 3; h++)
			for (int block : { 512, 1024 }) {
				int u = 2 << x;
				static const char *const hn[] = { "hint-none", "hint-128B", "hint-256B" };

				if (nf % ((uint64_t)block * u))
					continue;
				out.push_back({ hn[h], "flat", k, 4, block, u, 1,
						(long long)(nf / ((uint64_t)block * u)), hintf[k - K_COPY][x][h], 1 });
			}
}

/* Whether the -m list (empty: everything) selects v. */
static bool selected(const std::vector<std::string> &match, const shape &v)
{
	std::string key = v.variant + "," + knames[v.kernel] + "," + std::to_string(v.width) + "," +
			  v.layout + "," + std::to_string(v.block) + "," + std::to_string(v.unroll);

	for (const std::string &m : match)
		if (key.compare(0, m.size(), m) == 0)
			return true;
	return match.empty();
}

int main(int argc, char **argv)
{
	uint64_t bytes = 1ull << 30;
	int reps = 30, opt, bad = 0;
	std::vector<std::string> match;
	bufs B;
	cudaDeviceProp prop;

	while ((opt = getopt(argc, argv, "n:s:m:")) != -1) {
		if (opt == 'n')
			reps = atoi(optarg);
		else if (opt == 's')
			bytes = strtoull(optarg, NULL, 0);
		else if (opt == 'm')
			match.push_back(optarg);
		else {
			fprintf(stderr, "usage: width4-variants [-n REPS] [-s BYTES] [-m MATCH]...\n");
			return 2;
		}
	}
	if (reps < 1 || bytes < (1u << 20) || bytes % (1u << 20)) {
		fprintf(stderr, "width4-variants: REPS >= 1, BYTES a multiple of 1 MiB\n");
		return 2;
	}
	memset(&B, 0, sizeof(B));
	B.nfloats = bytes / 4;
	B.reps = reps;
	ck(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
	B.sms = prop.multiProcessorCount;
	B.max_threads = prop.maxThreadsPerMultiProcessor;
	ck(cudaStreamCreateWithFlags(&B.st, cudaStreamNonBlocking), "stream");
	ck(cudaEventCreate(&B.e0), "event");
	ck(cudaEventCreate(&B.e1), "event");
	ck(cudaMalloc(&B.a, bytes), "cudaMalloc a");
	ck(cudaMalloc(&B.b, bytes), "cudaMalloc b");
	ck(cudaMalloc(&B.c, bytes), "cudaMalloc c");
	ck(cudaMalloc(&B.vres, 2 * sizeof(*B.vres)), "cudaMalloc");
	ck(launch_bw_fill(B.a, B.b, B.nfloats, B.st), "fill");
	fprintf(stderr, "# %s, %d SMs, %llu MiB per array, %d repetitions per variant\n", prop.name,
		B.sms, (unsigned long long)(bytes >> 20), reps);
	printf("variant,kernel,width,layout,block,unroll,grid,regs,threads_per_sm,inflight_kib,"
	       "best_gbs,median_gbs,check\n");
	for (int k = K_COPY; k <= K_TRIAD; k++) {
		std::vector<shape> shapes;

		shapes_for(B, k, shapes);
		for (const shape &v : shapes)
			if (selected(match, v))
				bad |= measure(B, v);
	}
	return bad;
}
