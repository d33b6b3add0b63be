/*
 * PC sampling (issue 38, item 2): what a kernel's warps wait on, and
 * where.  GPUPERF_PROFILE_STALLS=judged (the default) samples the kernels
 * judge.c finds latency-bound or underfilled, =1 (--stalls) every kernel.
 * The sequence, as measured on an H200 (bench/NOTES.md, the third to
 * fifth sessions of 2026-11-29):
 *
 * - sampling and a counter set take turns on a context: CUPTI refuses to
 *   start sampling while a set is enabled there, even between its
 *   sessions, and to start a set's session while sampling is enabled;
 * - sampling holds the GPU's counters as a set does: beside another
 *   process's set or sampling, Start returned CUPTI_ERROR_HARDWARE_BUSY
 *   and that process hung, so a turn of sampling takes the GPU's turn
 *   (turns.c) and gives it back when it ends;
 * - a turn of sampling: the counter set closed (launch.c),
 *   cuptiPCSamplingEnable, one configuration (continuous collection, every
 *   stall reason, start/stop control, a buffer CUPTI fills that we never
 *   read); then for each sampled launch Start, the launch, Stop, GetData
 *   into a second buffer until nothing remains (reading into the first
 *   gave 0 samples); Disable when the turn ends (inj_pcs_off);
 * - the first Start after an Enable takes 300 ms, the Disable 80 ms, a
 *   Start and Stop within a turn 3 ms: profile/sample-when.h says when a
 *   launch waits for a turn;
 * - a Start that fails (CUPTI_ERROR_HARDWARE_BUSY beside another tool's
 *   counters) is followed by a Stop, itself refused, then the Disable:
 *   the Disable alone failed (CUPTI_ERROR_UNKNOWN) where a set had
 *   counted on the context before, and the program hung (the fourth
 *   session of 2026-11-30, bench/NOTES.md);
 * - the stall reasons' names and indexes are read once.
 *
 * Each PC's samples by reason sum into the launch record's states
 * (profile/stalls.h), and with GPUPERF_PROFILE_SOURCE=1 (--by
 * instruction) go out as a pc record each.  The PC where the top stall
 * gathers most, and each pc record's, is mapped to its file and line by
 * the cubin's line table (occupancy/lines.h), the cubin found by its CRC
 * among those the module-loaded callback kept.
 * A step that fails is a warning, and ends sampling in the process.
 */
#include <stdlib.h>
#include <string.h>
#include <cupti_pcsampling.h>
#include "counters/counters.h"
#include "inject/inject.h"
#include "occupancy/lines.h"
#include "profile/stalls.h"
#include "util/clock.h"
#include "util/demangle.h"
#include "util/error.h"
#include "util/fault.h"

#define NPCS 4096      /* PCs a GetData returns at most; more are read in further calls */

static struct {
	int wanted;
	int judged;                  /* only kernels judged to wait (inj_pcs_judged) */
	int source;                  /* --by instruction: a pc record for each sampled PC */
	size_t nreasons;
	char **reason_names;
	uint32_t *reason_index;
	int *state_of;               /* by position in reason_names: a prof_stall, or -1 */
	CUpti_PCSamplingData cfg, get;
	CUcontext on;                /* sampling is enabled there: a turn of sampling */
	int dev;                     /* ... on this device, whose turn (turns.c) it holds */
	unsigned turns, launches;    /* for -v: turns taken, launches sampled */
	double turn_ms;              /* ... the turns' Enable, first Start and Disable */
} pcs;

int inj_pcs_on(void)
{
	return pcs.wanted;
}

int inj_pcs_judged(void)
{
	return pcs.judged;
}

int inj_pcs_wanted(void)
{
	const char *v = getenv("GPUPERF_PROFILE_STALLS"), *src = getenv("GPUPERF_PROFILE_SOURCE");

	pcs.judged = v && !strcmp(v, "judged");
	pcs.wanted = v && (!strcmp(v, "1") || pcs.judged);
	pcs.source = pcs.wanted && src && !strcmp(src, "1");
	return pcs.wanted;
}

static void buffer_init(CUpti_PCSamplingData *d)
{
	memset(d, 0, sizeof(*d));
	d->size = sizeof(*d);
	d->collectNumPcs = NPCS;
	d->pPcData = calloc(NPCS, sizeof(*d->pPcData));
	for (size_t i = 0; d->pPcData && i < NPCS; i++) {
		d->pPcData[i].size = sizeof(d->pPcData[i]);
		d->pPcData[i].stallReason = calloc(pcs.nreasons, sizeof(CUpti_PCSamplingStallReason));
	}
}

/* The stall reasons' names and indexes, each name's state. 0, or -1. */
static int read_reasons(CUcontext ctx)
{
	CUpti_PCSamplingGetNumStallReasonsParams np;
	CUpti_PCSamplingGetStallReasonsParams sp;

	memset(&np, 0, sizeof(np));
	np.size = CUpti_PCSamplingGetNumStallReasonsParamsSize;
	np.ctx = ctx;
	np.numStallReasons = &pcs.nreasons;
	if (inj_api.cuptiPCSamplingGetNumStallReasons(&np) || !pcs.nreasons)
		return -1;
	pcs.reason_names = calloc(pcs.nreasons, sizeof(char *));
	pcs.reason_index = calloc(pcs.nreasons, sizeof(uint32_t));
	pcs.state_of = calloc(pcs.nreasons, sizeof(int));
	if (!pcs.reason_names || !pcs.reason_index || !pcs.state_of)
		return -1;
	for (size_t i = 0; i < pcs.nreasons; i++)
		if (!(pcs.reason_names[i] = calloc(CUPTI_STALL_REASON_STRING_SIZE, 1)))
			return -1;
	memset(&sp, 0, sizeof(sp));
	sp.size = CUpti_PCSamplingGetStallReasonsParamsSize;
	sp.ctx = ctx;
	sp.numStallReasons = pcs.nreasons;
	sp.stallReasonIndex = pcs.reason_index;
	sp.stallReasons = pcs.reason_names;
	if (inj_api.cuptiPCSamplingGetStallReasons(&sp))
		return -1;
	for (size_t i = 0; i < pcs.nreasons; i++) {
		int not_issued, s = prof_stall_of(pcs.reason_names[i], &not_issued);

		pcs.state_of[i] = not_issued ? -1 : s;   /* a subset of the plain reason's */
	}
	return 0;
}

static int configure(CUcontext ctx)
{
	CUpti_PCSamplingConfigurationInfo info[5];
	CUpti_PCSamplingConfigurationInfoParams cp;
	CUptiResult rc;

	if (!pcs.cfg.pPcData)
		buffer_init(&pcs.cfg);
	if (!pcs.get.pPcData)
		buffer_init(&pcs.get);
	if (!pcs.cfg.pPcData || !pcs.get.pPcData)
		return -1;
	memset(info, 0, sizeof(info));
	info[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
	info[0].attributeData.collectionModeData.collectionMode =
		CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS;
	info[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON;
	info[1].attributeData.stallReasonData.stallReasonCount = pcs.nreasons;
	info[1].attributeData.stallReasonData.pStallReasonIndex = pcs.reason_index;
	info[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
	info[2].attributeData.samplingDataBufferData.samplingDataBuffer = &pcs.cfg;
	info[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
	info[3].attributeData.enableStartStopControlData.enableStartStopControl = 1;
	memset(&cp, 0, sizeof(cp));
	cp.size = CUpti_PCSamplingConfigurationInfoParamsSize;
	cp.ctx = ctx;
	cp.numAttributes = 4;
	/* the test suite's faults, which CUPTI itself then makes: a refused Start, an overflow */
	if (gp_fault("inject pcs start") || gp_fault("inject pcs overflow")) {
		info[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE;
		info[4].attributeData.hardwareBufferSizeData.hardwareBufferSize =
			gp_fault("inject pcs start") ? 0 : (size_t)1 << 20;
		cp.numAttributes = 5;
	}
	cp.pPCSamplingConfigurationInfo = info;
	rc = inj_api.cuptiPCSamplingSetConfigurationAttribute(&cp);
	gp_debug("PC sampling: %zu stall reasons, configuration %d", pcs.nreasons, (int)rc);
	return rc ? -1 : 0;
}

static void disable(CUcontext ctx)
{
	CUpti_PCSamplingDisableParams dp;
	double t0 = gp_now_ms();

	memset(&dp, 0, sizeof(dp));
	dp.size = CUpti_PCSamplingDisableParamsSize;
	dp.ctx = ctx;
	inj_api.cuptiPCSamplingDisable(&dp);
	__atomic_store_n(&pcs.on, NULL, __ATOMIC_RELAXED);
	inj_turn_give(pcs.dev);   /* a sibling process may count or sample there now */
	pcs.turn_ms += gp_now_ms() - t0;
	gp_debug("PC sampling: disabled, the turn of sampling ends (%.1f ms)", gp_now_ms() - t0);
}

int inj_pcs_sampling(CUcontext ctx)
{
	CUcontext on = __atomic_load_n(&pcs.on, __ATOMIC_RELAXED);   /* read without inj.bracket */

	return on && on == ctx;
}

void inj_pcs_off(CUcontext ctx)
{
	if (pcs.on && (!ctx || pcs.on == ctx))
		disable(pcs.on);
}

void inj_pcs_costs(void)
{
	if (pcs.launches)
		gp_debug("PC sampling: %u launch%s sampled in %u turn%s of sampling; %.0f ms "
			 "to enable, start the first and disable", pcs.launches,
			 pcs.launches == 1 ? "" : "es", pcs.turns, pcs.turns == 1 ? "" : "s",
			 pcs.turn_ms);
}

void inj_pcs_stop(void)
{
	if (pcs.wanted)
		gp_debug("PC sampling: stopped, the counters failed");
	pcs.wanted = 0;
	inj_pcs_off(NULL);
}

/*
 * Why sampling ends here, once: a warning, with what else follows (after,
 * or NULL), and no more sampling in this process.
 */
static void give_up(const char *step, CUptiResult r, const char *after)
{
	inj_note("warning", "PC sampling failed (%s: CUPTI error %d): the verdicts do not say "
		 "what the warps wait on%s", step, (int)r, after ? after : "");
	pcs.wanted = 0;
}

/*
 * Whether dev's counters can be read (counters/counters.h, checked once a
 * device); if not, sampling ends with a warning before its Start could
 * fail: after a refused Start, CUPTI reported none of the program's later
 * launches (the fourth session of 2026-11-30, bench/NOTES.md).
 */
static int counters_free(int dev)
{
	struct gp_device d;
	const char *why;

	memset(&d, 0, sizeof(d));
	d.index = dev;
	if (!(why = ctr_unavailable_reason(&d)))
		return 1;
	inj_note("warning", "PC sampling off: it needs the GPU's counters, and they cannot be "
		 "read (%s): the verdicts do not say what the warps wait on", why);
	pcs.wanted = 0;
	return 0;
}

/*
 * A turn of sampling on ctx: enabled, and configured, until inj_pcs_off
 * (another context's turn ends first).  The stall reasons and the buffers
 * are read and made once.
 */
static int enable(CUcontext ctx, int dev)
{
	CUpti_PCSamplingEnableParams ep;
	CUptiResult r;
	double t0 = gp_now_ms();

	if (pcs.on == ctx)
		return 0;
	if (!counters_free(dev))
		return -1;
	inj_pcs_off(NULL);
	pcs.turns++;
	pcs.dev = dev;
	memset(&ep, 0, sizeof(ep));
	ep.size = CUpti_PCSamplingEnableParamsSize;
	ep.ctx = ctx;
	r = inj_api.cuptiPCSamplingEnable(&ep);
	gp_debug("PC sampling: enable %d, a turn of sampling", (int)r);
	if (r) {
		give_up("enable", r, NULL);
		return -1;
	}
	if ((!pcs.nreasons && read_reasons(ctx)) || configure(ctx)) {
		give_up("its configuration", CUPTI_ERROR_UNKNOWN, NULL);
		disable(ctx);
		return -1;
	}
	__atomic_store_n(&pcs.on, ctx, __ATOMIC_RELAXED);
	pcs.turn_ms += gp_now_ms() - t0;
	return 0;
}

static CUptiResult stop(CUcontext ctx)
{
	CUpti_PCSamplingStopParams tp;
	CUptiResult rc;

	memset(&tp, 0, sizeof(tp));
	tp.size = CUpti_PCSamplingStopParamsSize;
	tp.ctx = ctx;
	rc = inj_api.cuptiPCSamplingStop(&tp);
	gp_debug("PC sampling: stop %d", (int)rc);
	return rc;
}

int inj_pcs_begin(CUcontext ctx, int dev, const char *kernel)
{
	CUpti_PCSamplingStartParams sp;
	CUptiResult r;
	double t0;
	int first;

	first = pcs.on != ctx;
	if (!pcs.wanted || enable(ctx, dev))
		return 0;
	memset(&sp, 0, sizeof(sp));
	sp.size = CUpti_PCSamplingStartParamsSize;
	sp.ctx = ctx;
	t0 = gp_now_ms();
	r = inj_api.cuptiPCSamplingStart(&sp);
	gp_debug("PC sampling: start %d (%.1f ms)", (int)r, gp_now_ms() - t0);
	if (first)
		pcs.turn_ms += gp_now_ms() - t0;
	if (r) {
		char *k = kernel_short_name(kernel);
		char *after = gp_xasprintf(", and CUPTI then reports none of the program's later "
					   "launches: this report ends at a launch of %s (--no-stalls "
					   "profiles the whole program, unsampled)",
					   k ? k : kernel);

		give_up("start", r, after);
		free(after);
		free(k);
		stop(ctx);   /* its error ignored: without it the Disable failed and the program hung */
		disable(ctx);
		return 0;
	}
	return 1;
}

/* One PC's samples by state into by[PS_N]; their sum. */
static unsigned long long pc_states(const CUpti_PCSamplingPCData *p, unsigned long long *by)
{
	unsigned long long n = 0;

	memset(by, 0, PS_N * sizeof(*by));
	for (size_t j = 0; j < p->stallReasonCount && j < pcs.nreasons; j++) {
		uint32_t idx = p->stallReason[j].pcSamplingStallReasonIndex;

		for (size_t k = 0; k < pcs.nreasons; k++) {
			if (pcs.reason_index[k] != idx || pcs.state_of[k] < 0)
				continue;
			by[pcs.state_of[k]] += p->stallReason[j].samples;
			n += p->stallReason[j].samples;
			break;
		}
	}
	return n;
}

/* Sum one GetData's PCs into r; the PC of the most samples of state top in *hot. */
static void add_pcs(const CUpti_PCSamplingData *d, struct prof_rec *r, int top,
		    const CUpti_PCSamplingPCData **hot, unsigned long long *hot_n)
{
	unsigned long long by[PS_N];

	for (size_t i = 0; i < d->totalNumPcs && i < d->collectNumPcs; i++) {
		const CUpti_PCSamplingPCData *p = &d->pPcData[i];

		pc_states(p, by);
		for (int s = 0; top < 0 && s < PS_N; s++)
			r->stall[s] += by[s];
		if (top >= 0 && by[top] > *hot_n) {
			*hot_n = by[top];
			*hot = p;
		}
	}
}

/* --by instruction: a pc record for each of one GetData's PCs with samples of a state. */
static void write_pcs(const CUpti_PCSamplingData *d, const struct prof_rec *r,
		      struct inj_lines *ll)
{
	for (size_t i = 0; i < d->totalNumPcs && i < d->collectNumPcs; i++) {
		const CUpti_PCSamplingPCData *p = &d->pPcData[i];
		struct prof_rec q;

		prof_rec_init(&q, PROF_PC, inj.pid);
		if (!(q.stall_samples = pc_states(p, q.stall)))
			continue;
		inj_write_pc(&q, r, p->cubinCrc, p->functionName, p->pcOffset, ll);
	}
}

/*
 * A launch whose samples filled CUPTI's hardware buffer gives none.  On an
 * H200, at CUPTI's sampling period, its default 512 MB held the chase's
 * 1.03 s launch (32 million samples); 32 MB, even emptied every 10 ms
 * rather than 100, lost all of a 258 ms launch's.  The record is not
 * marked sampled, so its verdict does not say the launch was too short.
 */
static void overflowed(const char *kernel)
{
	char *k = kernel_short_name(kernel);

	inj_note("warning", "PC sampling lost a launch of %s: its samples overflowed CUPTI's "
		 "hardware buffer (a launch too long for the sampling period): its verdict does "
		 "not say what the warps wait on", k ? k : kernel);
	free(k);
}

void inj_pcs_end(CUcontext ctx, struct prof_rec *r)
{
	CUpti_PCSamplingGetDataParams gp;
	const CUpti_PCSamplingPCData *hot = NULL;
	struct inj_lines ll = { 0 };
	unsigned long long hot_n = 0, total = 0;
	struct prof_stalls st = { .total = 0 };   /* samples alone: nothing counted */
	CUptiResult rc;
	double share;
	int top;

	rc = stop(ctx);
	if (rc) {
		give_up("stop", rc, NULL);
		disable(ctx);
		return;
	}
	memset(&gp, 0, sizeof(gp));
	gp.size = CUpti_PCSamplingGetDataParamsSize;
	gp.ctx = ctx;
	gp.pcSamplingData = &pcs.get;
	/*
	 * One pass sums the states; the hot PC needs the top state first,
	 * so the PCs are read once here and kept for a second look only
	 * when they fit in one GetData (the common case: a kernel's PCs are
	 * a few hundred).
	 */
	for (int calls = 0; calls < 64; calls++) {
		for (size_t i = 0; i < pcs.get.collectNumPcs; i++)
			pcs.get.pPcData[i].stallReasonCount = pcs.nreasons;
		pcs.get.totalNumPcs = 0;
		rc = inj_api.cuptiPCSamplingGetData(&gp);
		gp_debug("PC sampling: data %d, %zu PCs, %llu samples (%llu dropped, %llu in "
			 "kernels of no user module), %zu PCs left, hardware buffer full %d", (int)rc,
			 pcs.get.totalNumPcs, (unsigned long long)pcs.get.totalSamples,
			 (unsigned long long)pcs.get.droppedSamples,
			 (unsigned long long)pcs.get.nonUsrKernelsTotalSamples, pcs.get.remainingNumPcs,
			 (int)pcs.get.hardwareBufferFull);
		if (rc == CUPTI_ERROR_OUT_OF_MEMORY || pcs.get.hardwareBufferFull) {
			overflowed(r->kernel);   /* every PC comes back with 0 samples */
			inj_lines_free(&ll);
			return;
		}
		if (rc) {
			give_up("reading its data", rc, NULL);
			disable(ctx);
			inj_lines_free(&ll);
			return;
		}
		add_pcs(&pcs.get, r, -1, NULL, NULL);
		if (pcs.source)
			write_pcs(&pcs.get, r, &ll);
		if (!pcs.get.remainingNumPcs)
			break;
	}
	pcs.launches++;
	r->sampled = 1;   /* read to its end: a record even with no sample (too short) */
	/*
	 * The samples with a state, not CUPTI's totalSamples: that counts the
	 * dropped ones and other kernels' too (a third of a short PyTorch
	 * kernel's on the H200), which no state holds.
	 */
	for (int s = 0; s < PS_N; s++)
		total += r->stall[s];
	r->stall_samples = total;
	for (int s = 0; s < PS_N; s++)
		st.by[s] = (double)r->stall[s];
	st.total = (double)total;
	if ((top = prof_stalls_top(&st, &share)) >= 0 && !pcs.get.remainingNumPcs) {
		add_pcs(&pcs.get, r, top, &hot, &hot_n);
		if (hot) {
			r->hot_pc = hot->pcOffset;
			inj_line_of(&ll, hot->cubinCrc, hot->functionName, hot->pcOffset, r);
		}
	}
	inj_lines_free(&ll);
}
