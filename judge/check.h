/*
 * gpuperf check's judging: the floors it holds each GPU to
 * (data/floors.csv), each figure against its SKU's floor and against the
 * node's other GPUs, the link and the state read, and (judge/baseline.h)
 * against an earlier run through diff's engine.  Pure C: fabricated runs
 * are judged in unit tests.
 */
#ifndef GP_JUDGE_CHECK_H
#define GP_JUDGE_CHECK_H

#include <stddef.h>
#include "results/check.h"
#include "results/device.h"

/* ---- floors ---- */

/* A SKU's floors: product name as CUDA names it, memory, a floor per figure (NaN none). */
struct check_floor {
	char product[96];
	double memory_gib;
	double fig[CHECK_NFIGURES];
	char source[256];
};

struct check_floors {
	struct check_floor *v;
	size_t n;
};

/*
 * The floors file's text (CSV: "product,memory_gib,dram_copy_gbs,...,
 * source", '#' comments, blank lines): 0, or -1 with err naming the line
 * and what is wrong.
 */
int check_floors_parse(const char *text, const char *path, struct check_floors *out,
		       char *err, size_t n);
void check_floors_free(struct check_floors *f);

/* A memory within this fraction of the key's matches: 80 GiB keys 79.6 GiB. */
#define CHECK_MEMORY_TOLERANCE 0.05
/* The floors of dev's SKU (name alike, memory within the tolerance), or NULL. */
const struct check_floor *check_floor_of(const struct check_floors *f, const struct gp_device *dev);

/* ---- judging ---- */

/*
 * Judge every GPU of run: its figures against floors (NULL: none) and
 * against the node's other GPUs (model/outlier.h, OUTLIER_PCT), its link
 * against its maximum, its ECC, rows, clocks and processes; a contended
 * GPU's figures warn, never fail.  Sets every verdict and status.
 */
void check_judge(struct check_run *run, const struct check_floors *floors);

/*
 * A figure found worse than the baseline (diff's verdict): fail, or warn
 * for a contended GPU; the reason says by how much.
 */
void check_judge_baseline(struct check_run *run, size_t gpu, enum check_figure f, double before,
			  double change_pct, double noise_pct);

/* The worst status of the run; a warning is a failure with strict. */
enum check_status check_run_status(const struct check_run *run);

/* Recompute each GPU's status from its verdicts. */
void check_update_status(struct check_run *run);

#endif
