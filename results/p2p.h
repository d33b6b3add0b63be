/*
 * What `gpuperf p2p` measured: for ordered pairs of GPUs, peer access and
 * each way of copying between them; its machine table and the contract
 * of its rows.  Pure C.
 */
#ifndef GP_RESULTS_P2P_H
#define GP_RESULTS_P2P_H

#include <stddef.h>
#include <stdint.h>
#include "results/columns.h"
#include "results/contract.h"
#include "results/device.h"
#include "results/trust.h"
#include "util/stats.h"

/* How bytes cross, in the order of the tables; names in p2p_method_names. */
enum p2p_method {
	P2P_CE_WRITE,   /* cudaMemcpyPeerAsync on the source device's stream */
	P2P_CE_READ,    /* the same on the destination's stream: its copy engine pulls */
	P2P_SM_WRITE,   /* a kernel on the source stores into the peer's memory */
	P2P_SM_READ,    /* a kernel on the destination loads from the peer's memory */
	P2P_CE_BIDIR,   /* copy engines both ways at once: bytes of both over the time of both */
	P2P_NMETHODS
};
extern const char *const p2p_method_names[];  /* "ce-write", ... */

struct p2p_pair {
	int src, dst;
	char link[48];          /* how they are joined: "NVLink4 x18", "PCIe", "same device" */
	double link_peak_gbs;   /* theoretical per direction over that link; NaN when unknown */
	int access;             /* src can address dst's memory (1 for a device with itself) */
	int access_back;        /* and dst src's */
	int perf_rank;          /* cudaDevP2PAttrPerformanceRank: 0 best; -1 unknown */
	int atomics;            /* native atomics over the link */
	struct stats ms[P2P_NMETHODS];  /* per copy; n == 0: not measured (no access) */
	uint64_t bytes[P2P_NMETHODS];   /* moved per copy */
};

struct p2p_run {
	struct gp_device *devs; /* every device a pair names, by index */
	int ndevs;              /* devices on the machine */
	struct p2p_pair *pairs;
	size_t npairs;
	uint64_t size;
	int reps, warmup;
	struct trust_summary watch;  /* the devices while it measured (cli/steps.c fills it) */
};

void p2p_run_free(void *p2p_run);

/* GB/s (10^9 B/s) of a pair's method, NaN when not measured. */
double p2p_gbs(const struct p2p_pair *p, enum p2p_method m);

#define P2P_NCOLUMNS (TAB_NIDENTITY + 19 + TAB_NTRUST)
extern const struct report_col p2p_columns[P2P_NCOLUMNS];
extern const struct result_contract p2p_contract;

#endif
