/*
 * What `gpuperf fleet` read and found (read and judged by judge/fleet.h),
 * and its machine table: a row per GPU and compared figure, and one per
 * GPU-less node.
 * No contract: fleet, like diff, judges outputs that carry their own.
 * Pure C.
 */
#ifndef GP_RESULTS_FLEET_H
#define GP_RESULTS_FLEET_H

#include <stddef.h>
#include "report/report.h"
#include "results/check.h"

/*
 * The figures compared across the fleet, check's (GB/s, higher is
 * better): the record's keys are check_figure_names ("dram_copy_gbs"),
 * people's headers these ("DRAM copy (GB/s)").
 */
#define FLEET_NFIGURES CHECK_NFIGURES
extern const char *const fleet_figure_headers[FLEET_NFIGURES];

/* A figure of one GPU, judged. */
enum fleet_fig_verdict {
	FLEET_FIG_OK,         /* at most the threshold below the median */
	FLEET_FIG_SLOW,       /* more than the threshold below */
	FLEET_FIG_NONE,       /* not measured (null: no peer for P2P) */
	FLEET_FIG_CONTENDED,  /* measured beside another process: not judged */
	FLEET_NFIG_VERDICTS
};
extern const char *const fleet_fig_verdict_names[FLEET_NFIG_VERDICTS];

/* A node, worst first. */
enum fleet_node_verdict {
	FLEET_NODE_NO_GPU,    /* check found no GPU or driver */
	FLEET_NODE_FAIL,      /* check failed a GPU */
	FLEET_NODE_SLOW,      /* a GPU slow against the fleet */
	FLEET_NODE_WARN,      /* check warned; not a failure */
	FLEET_NODE_PASS,
	FLEET_NNODE_VERDICTS
};
extern const char *const fleet_node_verdict_names[FLEET_NNODE_VERDICTS];

struct fleet_gpu {
	char *source;           /* "FILE line N": where its record starts */
	char *hostname, *device, *uuid, *serial, *pci_bus_id, *driver, *status, *reason, *throttle;
	long long device_index; /* -1: none (a no-gpu record) */
	long long memory_mib;   /* -1: none */
	int no_gpu;             /* status "no-gpu": a node's record, not a GPU's */
	int contended;
	double value[FLEET_NFIGURES];  /* NaN: null */
	/* filled by fleet_judge */
	long sku;               /* index in skus; -1 for no-gpu */
	long node;              /* index in nodes */
	double below_pct[FLEET_NFIGURES];  /* (median - value) / median x 100; NaN: not judged */
	enum fleet_fig_verdict verdict[FLEET_NFIGURES];
	int slow;               /* any figure slow */
};

struct fleet_sku {
	char *device;
	long long memory_mib;
	size_t ngpus;
	size_t nmeasured[FLEET_NFIGURES];   /* GPUs whose figure makes the median */
	double median[FLEET_NFIGURES];      /* NaN: none measured */
};

struct fleet_node {
	char *hostname;
	size_t ngpus, nslow;
	enum fleet_node_verdict verdict;
	char *reason;           /* why it is not a pass ("" for a pass) */
};

struct fleet {
	struct fleet_gpu *gpus;
	size_t n, cap;
	size_t ndocs;           /* documents read */
	double threshold_pct;
	struct fleet_sku *skus;
	size_t nskus;
	struct fleet_node *nodes;
	size_t nnodes;
	size_t nslow;           /* slow GPUs */
	size_t count[FLEET_NNODE_VERDICTS];  /* nodes by verdict */
};

void fleet_free(struct fleet *f);

struct fleet_run {
	struct fleet fleet;
	size_t nfiles;
};
void fleet_run_free(void *fleet_run);

#define FLEET_NCOLUMNS 13
extern const struct report_col fleet_columns[FLEET_NCOLUMNS];

#endif
