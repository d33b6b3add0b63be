/*
 * The fleet step: `gpuperf check --json` records of many nodes, read
 * back and judged against each other.  GPUs are grouped by SKU (product
 * name and memory size); each of check's figures gets its median
 * over the SKU's GPUs, and a GPU more than the threshold below that
 * median on any of them is slow.  A node is slow when any of its GPUs
 * is; one whose check failed, or found no GPU, is listed as such.
 * Pure: text in, verdicts out (fleet_read alone reads a file); no CUDA.
 *
 * Input: one or more JSON documents one after another (srun gathers the
 * nodes' stdout into one stream, or one file per node), each an object
 * of sections whose "gpus" section is an array of records with the keys
 * of check_gpus_columns (results/check.h), or such an array alone.
 */
#ifndef GP_JUDGE_FLEET_H
#define GP_JUDGE_FLEET_H

#include <stddef.h>
#include "results/check.h"

/* The default --threshold, in percent below the SKU's median. */
#define FLEET_THRESHOLD_PCT 5.0

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

/*
 * The records of len bytes of text (NUL-terminated at text[len]), named
 * name in messages, added to f.  0, or GP_EXIT_USAGE with a message
 * naming the file and line (the message printed): malformed JSON, no
 * "gpus" section, a record missing a key or holding one of a wrong type.
 */
int fleet_parse(struct fleet *f, const char *name, const char *text, size_t len);
/* The same from path ("-": standard input). */
int fleet_read(struct fleet *f, const char *path);

/*
 * Group, take the medians and judge every GPU and node at threshold_pct.
 * 0, or GP_EXIT_USAGE (message printed) when a UUID is met twice: the
 * same output given twice would weigh twice in the medians.
 */
int fleet_judge(struct fleet *f, double threshold_pct);

/* Whether the fleet step fails: a slow GPU, a failed or GPU-less node. */
int fleet_failed(const struct fleet *f);

void fleet_free(struct fleet *f);

/* The median of n values (NaNs left out); NaN for none. */
double fleet_median(const double *v, size_t n);

#endif
