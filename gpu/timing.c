/* Event timing of repeated device work, queued ahead of the GPU. */
#include <stdlib.h>
#include <cuda_runtime_api.h>
#include "gpu/cuda-check.h"
#include "gpu/timing.h"
#include "kernels/kernels.h"
#include "util/error.h"
#include "util/stats.h"

/*
 * SM cycles one thread spins before the work (about 0.5 ms at 2 GHz): long
 * enough for the host to queue the warm-ups and a run of repetitions
 * before the GPU reaches them.
 */
#define TIMING_SPIN_CYCLES 1000000

int timing_run(timing_work_fn fn, timing_work_fn before, void *arg, cudaStream_t stream,
	       int warmup, int reps, double *ms)
{
	cudaEvent_t *ev = gp_xcalloc(2 * (size_t)reps, sizeof(*ev));
	int rc = 0, made = 0;

	while (made < 2 * reps && !(rc = cuda_check(cudaEventCreate(&ev[made]), "cudaEventCreate")))
		made++;
	if (!rc)
		rc = cuda_check(launch_clock_spin(TIMING_SPIN_CYCLES, NULL, stream), "spin launch");
	for (int i = 0; i < warmup && !rc; i++)
		rc = cuda_check(fn(arg, stream), "warm-up launch");
	for (int i = 0; i < reps && !rc; i++) {
		if (before)
			rc = cuda_check(before(arg, stream), "work between repetitions");
		if (!rc)
			rc = cuda_check(cudaEventRecord(ev[2 * i], stream), "cudaEventRecord");
		if (!rc)
			rc = cuda_check(fn(arg, stream), "timed launch");
		if (!rc)
			rc = cuda_check(cudaEventRecord(ev[2 * i + 1], stream), "cudaEventRecord");
	}
	if (!rc)
		rc = cuda_check(cudaStreamSynchronize(stream), "timed launches");
	for (int i = 0; i < reps && !rc; i++) {
		float t = 0;

		rc = cuda_check(cudaEventElapsedTime(&t, ev[2 * i], ev[2 * i + 1]),
				"cudaEventElapsedTime");
		ms[i] = t;
	}
	while (made > 0)
		cudaEventDestroy(ev[--made]);
	free(ev);
	return rc;
}

int timing_run_reps(timing_work_fn fn, timing_work_fn before, void *arg, cudaStream_t stream,
		    int warmup, int reps, double *ms, int *n)
{
	size_t done = 0, more;
	int rc = 0;

	*n = reps;
	if (reps != STATS_REPS_AUTO)
		return timing_run(fn, before, arg, stream, warmup, reps, ms);
	while (!rc && (more = stats_auto_more(ms, done)) > 0) {
		rc = timing_run(fn, before, arg, stream, done ? 0 : warmup, (int)more, ms + done);
		done += more;
	}
	*n = (int)done;
	return rc;
}
