/*
 * Peer-to-peer copies between GPUs: each method timed with CUDA events on
 * the stream of the device that drives it, every copy verified on the
 * device it landed on.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "gpu/timing.h"
#include "kernels/kernels.h"
#include "probes/p2p.h"
#include "util/error.h"

#define SEED_SRC 0x5eed0001u   /* what src sends */
#define SEED_BACK 0x5eed0002u  /* what dst sends back (both ways at once) */
#define SEED_POISON 0xbad0u    /* the destination before each method */
#define SM_BLOCKS_PER_SM 4

/* A pair's buffers: a and a_back on src, b and b_back on dst. */
struct pair_bufs {
	int src, dst, src_sms, dst_sms;
	size_t size;
	void *a, *a_back, *b, *b_back;
	unsigned long long *check_src, *check_dst;  /* two words each, on each device */
	cudaStream_t s_src, s_dst;
	cudaEvent_t ev_start, ev_done;              /* on src and on dst */
	enum p2p_method method;
};

static int on(int dev)
{
	return cuda_check(cudaSetDevice(dev), "cudaSetDevice");
}

/* Allocate what lives on dev: two buffers, a check word pair, a stream. */
static int alloc_side(int dev, size_t size, void **x, void **x_back, unsigned long long **check,
		      cudaStream_t *s)
{
	int rc;

	if ((rc = on(dev)) ||
	    (rc = cuda_check(cudaMalloc(x, size), "cudaMalloc (p2p buffer)")) ||
	    (rc = cuda_check(cudaMalloc(x_back, size), "cudaMalloc (p2p buffer)")) ||
	    (rc = cuda_check(cudaMalloc((void **)check, 2 * sizeof(**check)), "cudaMalloc (check)")))
		return rc;
	return cuda_check(cudaStreamCreateWithFlags(s, cudaStreamNonBlocking), "cudaStreamCreate");
}

static void free_side(int dev, void *x, void *x_back, void *check, cudaStream_t s,
		      cudaEvent_t ev)
{
	if (cudaSetDevice(dev) != cudaSuccess)
		return;
	cudaFree(x);
	cudaFree(x_back);
	cudaFree(check);
	if (s)
		cudaStreamDestroy(s);
	if (ev)
		cudaEventDestroy(ev);
}

/* One repetition of b->method, queued on the stream the timer gave. */
static cudaError_t copy_once(void *arg, cudaStream_t s)
{
	struct pair_bufs *b = arg;
	cudaError_t err;

	switch (b->method) {
	case P2P_CE_WRITE:
	case P2P_CE_READ:
		return cudaMemcpyPeerAsync(b->b, b->dst, b->a, b->src, b->size, s);
	case P2P_SM_WRITE:
		return launch_pcie_mapped_copy(b->b, b->a, b->size, SM_BLOCKS_PER_SM * b->src_sms, s);
	case P2P_SM_READ:
		return launch_pcie_mapped_copy(b->b, b->a, b->size, SM_BLOCKS_PER_SM * b->dst_sms, s);
	case P2P_CE_BIDIR:
		/* s is src's: dst's stream starts with it and src's waits for dst's to end */
		if ((err = cudaEventRecord(b->ev_start, s)) ||
		    (err = cudaStreamWaitEvent(b->s_dst, b->ev_start, 0)) ||
		    (err = cudaMemcpyPeerAsync(b->b, b->dst, b->a, b->src, b->size, s)) ||
		    (err = cudaMemcpyPeerAsync(b->a_back, b->src, b->b_back, b->dst, b->size, b->s_dst)) ||
		    (err = cudaEventRecord(b->ev_done, b->s_dst)))
			return err;
		return cudaStreamWaitEvent(s, b->ev_done, 0);
	default:
		return cudaErrorInvalidValue;
	}
}

/* p holds the pattern of seed on dev?  0, or GP_EXIT_FAIL naming the pair. */
static int verify(int dev, const void *p, size_t size, uint64_t seed, unsigned long long *check,
		  cudaStream_t s, const struct pair_bufs *b)
{
	unsigned long long got[2] = { 0, 0 };
	int rc;

	if ((rc = on(dev)) || (rc = cuda_check(launch_pcie_check(p, size, seed, check, s), "p2p check")) ||
	    (rc = cuda_check(cudaMemcpyAsync(got, check, sizeof(got), cudaMemcpyDeviceToHost, s),
			     "cudaMemcpy (check)")) ||
	    (rc = cuda_check(cudaStreamSynchronize(s), "p2p check")))
		return rc;
	if (got[0])
		return gp_error(GP_EXIT_FAIL, "p2p %s from device %d to %d: %llu bytes wrong, the "
				"first at byte %llu", p2p_method_names[b->method], b->src, b->dst,
				got[0], got[1]);
	return 0;
}

/* Peer access from dev to peer, as the SM methods need it; 0 or a status. */
static int enable_peer(int dev, int peer)
{
	cudaError_t err;

	if (dev == peer)
		return 0;
	if (on(dev))
		return GP_EXIT_FAIL;
	err = cudaDeviceEnablePeerAccess(peer, 0);
	if (err == cudaErrorPeerAccessAlreadyEnabled) {
		cudaGetLastError();
		return 0;
	}
	return cuda_check(err, "cudaDeviceEnablePeerAccess");
}

static void disable_peer(int dev, int peer)
{
	if (dev != peer && cudaSetDevice(dev) == cudaSuccess &&
	    cudaDeviceDisablePeerAccess(peer) != cudaSuccess)
		cudaGetLastError();  /* never enabled: nothing to undo */
}

/* Time method m of pair p into p->ms[m]; verify what arrived. */
static int measure_method(const struct p2p_opts *o, struct pair_bufs *b, struct p2p_pair *p,
			  enum p2p_method m)
{
	int by_dst = m == P2P_CE_READ || m == P2P_SM_READ;  /* the reading device drives */
	int driver = by_dst ? b->dst : b->src;
	cudaStream_t s = by_dst ? b->s_dst : b->s_src;
	double *ms = gp_xcalloc((size_t)o->reps, sizeof(*ms));
	int rc;

	b->method = m;
	if ((rc = on(b->dst)) ||
	    (rc = cuda_check(launch_pcie_fill(b->b, b->size, SEED_POISON, b->s_dst), "p2p poison")) ||
	    (rc = cuda_check(cudaStreamSynchronize(b->s_dst), "p2p poison")) ||
	    (rc = on(b->src)) ||
	    (rc = cuda_check(launch_pcie_fill(b->a_back, b->size, SEED_POISON, b->s_src), "p2p poison")) ||
	    (rc = cuda_check(cudaStreamSynchronize(b->s_src), "p2p poison")) ||
	    (rc = on(driver)) ||
	    (rc = timing_run(copy_once, NULL, b, s, o->warmup, o->reps, ms)))
		goto out;
	stats_compute(ms, (size_t)o->reps, &p->ms[m]);
	p->bytes[m] = m == P2P_CE_BIDIR ? 2 * (uint64_t)b->size : b->size;
	rc = verify(b->dst, b->b, b->size, SEED_SRC, b->check_dst, b->s_dst, b);
	if (!rc && m == P2P_CE_BIDIR)
		rc = verify(b->src, b->a_back, b->size, SEED_BACK, b->check_src, b->s_src, b);
out:
	free(ms);
	return rc;
}

static void pair_attributes(struct p2p_pair *p)
{
	int v = 0;

	p->perf_rank = -1;
	if (p->src == p->dst) {
		p->access = p->access_back = 1;
		return;
	}
	if (cudaDeviceCanAccessPeer(&p->access, p->src, p->dst) != cudaSuccess)
		p->access = 0;
	if (cudaDeviceCanAccessPeer(&p->access_back, p->dst, p->src) != cudaSuccess)
		p->access_back = 0;
	if (cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrPerformanceRank, p->src, p->dst) == cudaSuccess)
		p->perf_rank = v;
	if (cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrNativeAtomicSupported, p->src, p->dst) ==
	    cudaSuccess)
		p->atomics = v;
	cudaGetLastError();
}

static int measure_pair(const struct p2p_opts *o, const struct p2p_run *run, struct p2p_pair *p)
{
	struct pair_bufs b = { .src = p->src, .dst = p->dst, .size = (size_t)o->size };
	int rc;

	b.src_sms = run->devs[p->src].sm_count;
	b.dst_sms = run->devs[p->dst].sm_count;
	pair_attributes(p);
	if ((rc = alloc_side(p->src, b.size, &b.a, &b.a_back, &b.check_src, &b.s_src)) ||
	    (rc = cuda_check(cudaEventCreateWithFlags(&b.ev_start, cudaEventDisableTiming), "cudaEventCreate")) ||
	    (rc = cuda_check(launch_pcie_fill(b.a, b.size, SEED_SRC, b.s_src), "p2p fill")) ||
	    (rc = alloc_side(p->dst, b.size, &b.b, &b.b_back, &b.check_dst, &b.s_dst)) ||
	    (rc = cuda_check(cudaEventCreateWithFlags(&b.ev_done, cudaEventDisableTiming), "cudaEventCreate")) ||
	    (rc = cuda_check(launch_pcie_fill(b.b_back, b.size, SEED_BACK, b.s_dst), "p2p fill")) ||
	    (rc = cuda_check(cudaStreamSynchronize(b.s_dst), "p2p fill")) ||
	    (rc = on(p->src)) || (rc = cuda_check(cudaStreamSynchronize(b.s_src), "p2p fill")))
		goto out;
	for (int m = 0; m < P2P_NMETHODS && !rc; m++) {
		int needs = m == P2P_SM_WRITE ? p->access : m == P2P_SM_READ ? p->access_back : 1;
		int peer_dev = m == P2P_SM_READ ? p->dst : p->src;
		int peer = m == P2P_SM_READ ? p->src : p->dst;

		if (!needs)
			continue;  /* an SM cannot address memory it has no peer access to */
		if ((m == P2P_SM_WRITE || m == P2P_SM_READ) && (rc = enable_peer(peer_dev, peer)))
			break;
		rc = measure_method(o, &b, p, (enum p2p_method)m);
		if (m == P2P_SM_WRITE || m == P2P_SM_READ)
			disable_peer(peer_dev, peer);
	}
out:
	free_side(p->src, b.a, b.a_back, b.check_src, b.s_src, b.ev_start);
	free_side(p->dst, b.b, b.b_back, b.check_dst, b.s_dst, b.ev_done);
	return rc;
}

int p2p_probe(const struct p2p_opts *o, struct p2p_run *run)
{
	int rc = 0;

	run->pairs = gp_xcalloc(o->npairs ? o->npairs : 1, sizeof(*run->pairs));
	run->npairs = o->npairs;
	run->size = o->size;
	run->reps = o->reps;
	run->warmup = o->warmup;
	for (size_t i = 0; i < o->npairs && !rc; i++) {
		run->pairs[i].src = o->pairs[2 * i];
		run->pairs[i].dst = o->pairs[2 * i + 1];
		if (o->progress)
			o->progress(i, o->npairs, o->progress_arg);
		rc = measure_pair(o, run, &run->pairs[i]);
	}
	return rc;
}

