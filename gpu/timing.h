/*
 * Timing of device work with CUDA events: warm-up runs, then repetitions
 * each timed on its own, so the caller can take the median and keep the
 * spread (util/stats.h).  One loop for every probe that launches kernels;
 * pcie's transfers, spread over several streams behind a gate, have their
 * own (probes/pcie-time.c).
 */
#ifndef GP_GPU_TIMING_H
#define GP_GPU_TIMING_H

#include <cuda_runtime_api.h>

/* Enqueue one repetition of the work on stream; returns a cudaError_t. */
typedef cudaError_t (*timing_work_fn)(void *arg, cudaStream_t stream);

/*
 * Run fn warmup times untimed, then reps times, each between its own pair
 * of events; before, when not NULL, is enqueued ahead of each timed
 * repetition, outside its events (an L2 flush).  Everything is queued
 * behind a short spin kernel and the stream synchronised once, at the
 * end, so no host launch latency falls inside a repetition.  ms[i]
 * receives repetition i's time in milliseconds.  Returns 0 or a GP_EXIT_*
 * status (message printed).
 */
int timing_run(timing_work_fn fn, timing_work_fn before, void *arg, cudaStream_t stream,
	       int warmup, int reps, double *ms);

/*
 * The same for a --reps that may be auto (STATS_REPS_AUTO, util/stats.h):
 * then timing_run in rounds, each queued whole, until stats_auto_more
 * says the samples are enough; ms must hold STATS_AUTO_MAX.  *n gets the
 * repetitions timed (reps itself when not auto).
 */
int timing_run_reps(timing_work_fn fn, timing_work_fn before, void *arg, cudaStream_t stream,
		    int warmup, int reps, double *ms, int *n);

#endif
