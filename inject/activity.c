/*
 * GPU time of every kernel, from CUPTI's concurrent-kernel activity
 * records: start and end stamped by the GPU, no serialisation, a cost of
 * well under a microsecond per launch.  Records arrive in buffers on a
 * CUPTI thread; each buffer is added to the kernel table and the news
 * written as time records.  Kernels run by CUDA graphs are timed here
 * too, though no launch callback sees them.  A profiled launch's own
 * records (its replays) are left out: its counters carry its duration.
 */
#include <stdlib.h>
#include <string.h>
#include "inject/inject.h"

#define BUFFER_SIZE (1u << 20)
#define ALIGN 8

static unsigned long long dropped;

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
	void *p = NULL;

	if (posix_memalign(&p, ALIGN, BUFFER_SIZE))
		p = NULL;
	*buffer = p;
	*size = p ? BUFFER_SIZE : 0;
	*max_records = 0;
}

/* The kernel record of CUDA 13 (CUpti_ActivityKernel10); later versions only append. */
static void add_kernel(const CUpti_ActivityKernel10 *k)
{
	struct inj_kernel *ik;
	struct prof_rec config;
	uint64_t ns = k->end > k->start ? k->end - k->start : 0;
	uint32_t range = inj_range_of(k->correlationId, k->graphId, k->graphNodeId);

	if (!k->name || inj_profiled_has(k->correlationId))
		return;
	prof_rec_init(&config, PROF_TIME, inj.pid);
	config.grid = (struct prof_dim3){ (unsigned)k->gridX, (unsigned)k->gridY, (unsigned)k->gridZ };
	config.block = (struct prof_dim3){ (unsigned)k->blockX, (unsigned)k->blockY,
					   (unsigned)k->blockZ };
	config.dyn_smem = (unsigned)k->dynamicSharedMemory;
	config.static_smem = (unsigned)k->staticSharedMemory;
	config.regs = k->registersPerThread;
	if ((ik = inj_kernel_get(k->name, (int)k->deviceId))) {
		inj_kernel_time(ik, ns, k->graphId != 0, &config);
		inj_range_time(ik, range, k->graphId, k->graphNodeId, ns);
	}
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer,
				      size_t size, size_t valid)
{
	CUpti_Activity *rec = NULL;
	size_t lost = 0;

	pthread_mutex_lock(&inj.lock);
	while (valid && inj_api.cuptiActivityGetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS)
		if (rec->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL ||
		    rec->kind == CUPTI_ACTIVITY_KIND_KERNEL)
			add_kernel((const CUpti_ActivityKernel10 *)rec);
	if (inj_api.cuptiActivityGetNumDroppedRecords(ctx, stream, &lost) == CUPTI_SUCCESS)
		dropped += lost;
	inj_kernels_flush();
	pthread_mutex_unlock(&inj.lock);
	(void)size;
	free(buffer);
}

static int started;   /* kernel activity records are enabled */

int inj_activity_start(void)
{
	CUptiResult r;

	if ((r = inj_api.cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed)) ||
	    (r = inj_api.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL))) {
		inj_note("warning", "kernel times unavailable: CUPTI refused activity records (%s); "
			 "launches are counted without GPU time", inj_cupti_error(r));
		return -1;
	}
	started = 1;
	return 0;
}

void inj_activity_pause(int pause)
{
	CUptiResult r;

	if (!started)
		return;
	if (pause) {
		inj_activity_flush();   /* the kernels already run keep their records */
		inj_api.cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
	} else if ((r = inj_api.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL))) {
		/* said, not hidden: every later kernel goes untimed */
		inj_note("warning", "kernel times stop here: CUPTI refused activity records again "
			 "(%s); later launches are counted without GPU time", inj_cupti_error(r));
		started = 0;
	}
}

void inj_activity_flush(void)
{
	if (inj_api.cuptiActivityFlushAll)
		inj_api.cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
}

unsigned long long inj_activity_dropped(void)
{
	unsigned long long d;

	pthread_mutex_lock(&inj.lock);
	d = dropped;
	pthread_mutex_unlock(&inj.lock);
	return d;
}
