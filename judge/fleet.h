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
#include "results/fleet.h"

/* The default --threshold, in percent below the SKU's median. */
#define FLEET_THRESHOLD_PCT 5.0

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

/* The median of n values (NaNs left out); NaN for none. */
double fleet_median(const double *v, size_t n);

#endif
