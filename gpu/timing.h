/*
 * Timing of device work with CUDA events: warm-up runs, then repetitions
 * each timed on its own, so the caller can take the median and keep the
 * spread (util/stats.h).
 */
#ifndef GP_GPU_TIMING_H
#define GP_GPU_TIMING_H

#include <cuda_runtime_api.h>

/* Enqueue one repetition of the work on stream; returns a cudaError_t. */
typedef cudaError_t (*timing_work_fn)(void *arg, cudaStream_t stream);

/*
 * Run fn warmup times untimed, then reps times, each bracketed by events;
 * ms[i] receives repetition i's time in milliseconds.  Returns 0 or a
 * GP_EXIT_* status (message printed).
 */
int timing_run(timing_work_fn fn, void *arg, cudaStream_t stream,
	       int warmup, int reps, double *ms);

#endif
