/*
 * Metric configurations and Range Profiler sessions (CUDA 13 flow):
 *
 *   host:   HostInitialize(chip) -> ConfigAddMetrics -> GetConfigImage
 *   begin:  RangeProfilerEnable(ctx) -> counter data image -> SetConfig
 *           (auto range, kernel replay; or user range, user replay,
 *           one pass) -> Start
 *   ranges: PushRange .. PopRange, user range only
 *   end:    Stop -> DecodeData -> per range EvaluateToGpuValues -> Disable
 *
 * Each begin/end pair is one Enable..Disable session with a fresh counter
 * data image: the flow CUPTI's range_profiling sample runs, nothing
 * cleverer, so repeated brackets cannot mix their ranges.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "counters/cupti.h"
#include "counters/cupti-api.h"
#include "util/clock.h"

#if GP_HAVE_CUPTI

struct cupti_config {
	int dev;
	CUpti_Profiler_Host_Object *host;
	size_t n;                 /* names asked for */
	unsigned char *valid;
	const char **names;       /* the valid ones, nvalid of them */
	size_t nvalid;
	uint8_t *image;           /* config image */
	size_t image_size;
	size_t passes;
	/* the session between begin and end */
	CUpti_RangeProfiler_Object *obj;
	uint8_t *data;
	size_t data_size;
	size_t data_ranges;       /* ranges the data image was sized for */
	size_t pushed;            /* user ranges pushed this session: their names */
	int started;
	int keep;                 /* stay enabled between sessions (cupti_config_keep) */
	/* what the last session's steps cost, ms, for gpuperf -v (cupti_config_timing) */
	struct cupti_timing t;
};

char *cupti_timing_text(const struct cupti_timing *t, char *buf, size_t len)
{
	snprintf(buf, len, "enable %.1f ms, image init %.1f ms, set config %.1f ms, start %.1f ms; "
		 "launches %.1f ms; sync %.1f ms, stop+decode %.1f ms, evaluate %.1f ms, disable %.1f ms",
		 t->enable, t->image, t->set_config, t->start, t->inside, t->sync, t->stop_decode,
		 t->evaluate, t->disable);
	return buf;
}

/* The ms since *t, which becomes now: one step of cupti_timing. */
static double lap(double *t)
{
	double now = gp_now_ms(), ms = now - *t;

	*t = now;
	return ms;
}

static void host_free(struct cupti_config *cfg)
{
	if (cfg->host) {
		CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params, p);
		p.pHostObject = cfg->host;
		cupti_api.cuptiProfilerHostDeinitialize(&p);
		cfg->host = NULL;
	}
}

/* Config image of the valid names, and the passes it needs. */
static char *build_image(struct cupti_config *cfg)
{
	CUptiResult r;

	{
		CUPTI_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params, p);
		p.pHostObject = cfg->host;
		p.ppMetricNames = cfg->names;
		p.numMetrics = cfg->nvalid;
		if ((r = cupti_api.cuptiProfilerHostConfigAddMetrics(&p)))
			return cupti_fail(r, "cuptiProfilerHostConfigAddMetrics");
	}
	{
		CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params, p);
		p.pHostObject = cfg->host;
		if ((r = cupti_api.cuptiProfilerHostGetConfigImageSize(&p)))
			return cupti_fail(r, "cuptiProfilerHostGetConfigImageSize");
		cfg->image_size = p.configImageSize;
		cfg->image = gp_xcalloc(1, cfg->image_size ? cfg->image_size : 1);
	}
	{
		CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params, p);
		p.pHostObject = cfg->host;
		p.configImageSize = cfg->image_size;
		p.pConfigImage = cfg->image;
		if ((r = cupti_api.cuptiProfilerHostGetConfigImage(&p)))
			return cupti_fail(r, "cuptiProfilerHostGetConfigImage");
	}
	{
		CUPTI_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params, p);
		p.configImageSize = cfg->image_size;
		p.pConfigImage = cfg->image;
		if ((r = cupti_api.cuptiProfilerHostGetNumOfPasses(&p)))
			return cupti_fail(r, "cuptiProfilerHostGetNumOfPasses");
		cfg->passes = p.numOfPasses;
	}
	return NULL;
}

struct cupti_config *cupti_config_new(const char *chip, int dev,
				      const char *const *metrics, size_t n,
				      unsigned char *valid, char **reason)
{
	struct cupti_config *cfg;
	const uint8_t *avail = NULL;
	const char *why;
	CUptiResult r;

	*reason = NULL;
	if ((why = cupti_load())) {
		*reason = gp_xstrdup(why);
		return NULL;
	}
	if (dev >= 0 && !(avail = cupti_device_availability(dev))) {
		*reason = gp_xstrdup(cupti_device_check(dev) ? cupti_device_check(dev) :
				     "counters were not checked on this device");
		return NULL;
	}
	cfg = gp_xcalloc(1, sizeof(*cfg));
	cfg->dev = dev;
	cfg->n = n;
	cfg->valid = gp_xcalloc(n ? n : 1, 1);
	cfg->names = gp_xcalloc(n ? n : 1, sizeof(*cfg->names));
	{
		CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params, p);
		p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
		p.pChipName = chip;
		p.pCounterAvailabilityImage = avail;
		if ((r = cupti_api.cuptiProfilerHostInitialize(&p))) {
			*reason = cupti_fail(r, "cuptiProfilerHostInitialize");
			goto fail;
		}
		cfg->host = p.pHostObject;
	}
	for (size_t i = 0; i < n; i++) {
		CUPTI_PARAMS(CUpti_Profiler_Host_GetMetricProperties_Params, p);
		p.pHostObject = cfg->host;
		p.pMetricName = metrics[i];
		/* CUPTI accepts a name without rollup here but not when configuring. */
		cfg->valid[i] = metrics[i] && strchr(metrics[i], '.') &&
				!cupti_api.cuptiProfilerHostGetMetricProperties(&p);
		valid[i] = cfg->valid[i];
		if (valid[i])
			cfg->names[cfg->nvalid++] = metrics[i];
		else if (metrics[i])
			gp_debug("counters: chip %s has no metric %s", chip, metrics[i]);
	}
	if (cfg->nvalid && (*reason = build_image(cfg)))
		goto fail;
	if (cfg->nvalid)
		gp_debug("counters: %zu metrics on %s need %zu pass%s", cfg->nvalid, chip,
			 cfg->passes, cfg->passes == 1 ? "" : "es");
	return cfg;
fail:
	cupti_config_free(cfg);
	return NULL;
}

size_t cupti_config_passes(const struct cupti_config *cfg)
{
	return cfg->passes;
}

/* Ends the session, whatever state it reached. */
static void session_end(struct cupti_config *cfg)
{
	if (cfg->started) {
		CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params, p);
		p.pRangeProfilerObject = cfg->obj;
		cupti_api.cuptiRangeProfilerStop(&p);
		cfg->started = 0;
	}
	if (cfg->keep)
		return;  /* enabled, its image kept, until cupti_config_free */
	if (cfg->obj) {
		CUPTI_PARAMS(CUpti_RangeProfiler_Disable_Params, p);
		p.pRangeProfilerObject = cfg->obj;
		cupti_api.cuptiRangeProfilerDisable(&p);
		cfg->obj = NULL;
	}
	free(cfg->data);
	cfg->data = NULL;
	cfg->data_size = 0;
}

/* Enable the range profiler on ctx and size the counter data for max_ranges: 0 or -1. */
static int enable(struct cupti_config *cfg, CUcontext ctx, size_t max_ranges, char **reason)
{
	CUptiResult r;
	{
		CUPTI_PARAMS(CUpti_RangeProfiler_Enable_Params, p);
		p.ctx = ctx;
		if ((r = cupti_api.cuptiRangeProfilerEnable(&p))) {
			*reason = cupti_fail(r, "cuptiRangeProfilerEnable");
			return -1;
		}
		cfg->obj = p.pRangeProfilerObject;
	}
	CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params, p);
	p.pRangeProfilerObject = cfg->obj;
	p.pMetricNames = cfg->names;
	p.numMetrics = cfg->nvalid;
	p.maxNumOfRanges = max_ranges;
	p.maxNumRangeTreeNodes = (uint32_t)max_ranges;
	if ((r = cupti_api.cuptiRangeProfilerGetCounterDataSize(&p))) {
		*reason = cupti_fail(r, "cuptiRangeProfilerGetCounterDataSize");
		return -1;
	}
	cfg->data_size = p.counterDataSize;
	cfg->data_ranges = max_ranges;
	cfg->data = gp_xcalloc(1, cfg->data_size ? cfg->data_size : 1);
	gp_debug("counters: counter data image of %zu bytes for %zu ranges", cfg->data_size,
		 max_ranges);
	return 0;
}

/* The configuration image and the counter data image into the enabled profiler: 0 or -1. */
static int set_config(struct cupti_config *cfg, size_t max_ranges, int bracketed, char **reason)
{
	CUPTI_PARAMS(CUpti_RangeProfiler_SetConfig_Params, p);
	CUptiResult r;

	p.pRangeProfilerObject = cfg->obj;
	p.configSize = cfg->image_size;
	p.pConfig = cfg->image;
	p.counterDataImageSize = cfg->data_size;
	p.pCounterDataImage = cfg->data;
	p.range = bracketed ? CUPTI_UserRange : CUPTI_AutoRange;
	p.replayMode = bracketed ? CUPTI_UserReplay : CUPTI_KernelReplay;
	p.maxRangesPerPass = max_ranges;
	p.numNestingLevels = 1;
	p.minNestingLevel = 1;
	p.passIndex = 0;
	p.targetNestingLevel = 1;
	if ((r = cupti_api.cuptiRangeProfilerSetConfig(&p))) {
		*reason = cupti_fail(r, "cuptiRangeProfilerSetConfig");
		return -1;
	}
	return 0;
}

/* A session on the enabled profiler: its counter data cleared, configured, started. */
static int session_start(struct cupti_config *cfg, size_t max_ranges, int bracketed, double *t,
			 char **reason)
{
	CUptiResult r;
	{
		CUPTI_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params, p);
		p.pRangeProfilerObject = cfg->obj;
		p.counterDataSize = cfg->data_size;
		p.pCounterData = cfg->data;
		if ((r = cupti_api.cuptiRangeProfilerCounterDataImageInitialize(&p))) {
			*reason = cupti_fail(r, "cuptiRangeProfilerCounterDataImageInitialize");
			return -1;
		}
	}
	cfg->t.image = lap(t);
	if (set_config(cfg, max_ranges, bracketed, reason))
		return -1;
	cfg->t.set_config = lap(t);
	CUPTI_PARAMS(CUpti_RangeProfiler_Start_Params, p);
	p.pRangeProfilerObject = cfg->obj;
	if ((r = cupti_api.cuptiRangeProfilerStart(&p))) {
		*reason = cupti_fail(r, "cuptiRangeProfilerStart");
		return -1;
	}
	cfg->started = 1;
	cfg->pushed = 0;
	cfg->t.start = lap(t);
	return 0;
}

int cupti_config_begin(struct cupti_config *cfg, size_t max_ranges, int bracketed,
		       char **reason)
{
	CUcontext ctx;
	CUdevice cudev;
	double t;

	*reason = NULL;
	if (cfg->dev < 0 || !cfg->nvalid || cfg->started) {
		*reason = gp_xstrdup(cfg->started ? "a profiling session is already open; end it first" :
				     "nothing to profile; this is a bug in gpuperf");
		return -1;
	}
	if (bracketed && cfg->passes != 1) {
		*reason = gp_xasprintf("these counters take %zu passes on this GPU and gpuperf "
				       "reads them here in one; measure with --no-counters",
				       cfg->passes);
		return -1;
	}
	memset(&cfg->t, 0, sizeof(cfg->t));
	t = gp_now_ms();
	/* kept enabled (cupti_config_keep) for as many ranges: a new session only */
	if (!cfg->obj || cfg->data_ranges != max_ranges) {
		if (cupti_context(cfg->dev, &ctx, &cudev, reason))
			return -1;
		if (enable(cfg, ctx, max_ranges, reason)) {
			session_end(cfg);
			return -1;
		}
		cfg->t.enable = lap(&t);
	}
	if (session_start(cfg, max_ranges, bracketed, &t, reason)) {
		session_end(cfg);
		return -1;
	}
	cfg->t.begun = t;
	return 0;
}

int cupti_range_push(struct cupti_config *cfg, char **reason)
{
	CUPTI_PARAMS(CUpti_RangeProfiler_PushRange_Params, p);
	char name[24];
	CUptiResult r;

	*reason = NULL;
	/* named as auto ranges are, "0", "1"...: range_rows orders both alike */
	snprintf(name, sizeof(name), "%zu", cfg->pushed++);
	p.pRangeProfilerObject = cfg->obj;
	p.pRangeName = name;
	if ((r = cupti_api.cuptiRangeProfilerPushRange(&p))) {
		*reason = cupti_fail(r, "cuptiRangeProfilerPushRange");
		return -1;
	}
	return 0;
}

int cupti_range_pop(struct cupti_config *cfg, char **reason)
{
	CUPTI_PARAMS(CUpti_RangeProfiler_PopRange_Params, p);
	CUptiResult r;

	*reason = NULL;
	p.pRangeProfilerObject = cfg->obj;
	if ((r = cupti_api.cuptiRangeProfilerPopRange(&p))) {
		*reason = cupti_fail(r, "cuptiRangeProfilerPopRange");
		return -1;
	}
	return 0;
}

/*
 * Row of each range: auto ranges are named "0", "1"... in launch order.
 * The image holds them in that order too; the names are only a check,
 * used when they form a run of consecutive numbers.
 */
static void range_rows(struct cupti_config *cfg, size_t total, size_t *row)
{
	unsigned char *seen = gp_xcalloc(total ? total : 1, 1);
	long *num = gp_xcalloc(total ? total : 1, sizeof(long));
	long base = -1;
	int named = 1;

	for (size_t i = 0; i < total && named; i++) {
		CUPTI_PARAMS(CUpti_RangeProfiler_CounterData_GetRangeInfo_Params, p);
		char *end;

		p.pCounterDataImage = cfg->data;
		p.counterDataImageSize = cfg->data_size;
		p.rangeIndex = i;
		p.rangeDelimiter = "/";
		named = !cupti_api.cuptiRangeProfilerCounterDataGetRangeInfo(&p) && p.rangeName &&
			(num[i] = strtol(p.rangeName, &end, 10)) >= 0 && !*end && end != p.rangeName;
		if (named && (base < 0 || num[i] < base))
			base = num[i];
	}
	for (size_t i = 0; i < total && named; i++) {
		size_t k = (size_t)(num[i] - base);
		named = k < total && !seen[k];
		if (named)
			seen[k] = 1;
	}
	for (size_t i = 0; i < total; i++)
		row[i] = named ? (size_t)(num[i] - base) : i;
	if (named)
		for (size_t i = 0; i < total; i++)
			if (row[i] != i) {
				gp_debug("counters: range %zu of the image is launch %zu", i, row[i]);
				break;
			}
	free(num);
	free(seen);
}

/* Evaluate every range of the decoded image into rows of cfg->n values. */
static char *evaluate(struct cupti_config *cfg, double **values, size_t *nranges)
{
	double *row, *got;
	size_t total, *rows;
	CUptiResult r;

	{
		CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params, p);
		p.pCounterDataImage = cfg->data;
		p.counterDataImageSize = cfg->data_size;
		if ((r = cupti_api.cuptiRangeProfilerGetCounterDataInfo(&p)))
			return cupti_fail(r, "cuptiRangeProfilerGetCounterDataInfo");
		total = p.numTotalRanges;
	}
	*values = gp_xcalloc(total ? total * cfg->n : 1, sizeof(double));
	got = gp_xcalloc(cfg->nvalid, sizeof(double));
	rows = gp_xcalloc(total ? total : 1, sizeof(size_t));
	range_rows(cfg, total, rows);
	for (size_t i = 0; i < total; i++) {
		CUPTI_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params, p);
		p.pHostObject = cfg->host;
		p.pCounterDataImage = cfg->data;
		p.counterDataImageSize = cfg->data_size;
		p.rangeIndex = i;
		p.ppMetricNames = cfg->names;
		p.numMetrics = cfg->nvalid;
		p.pMetricValues = got;
		if ((r = cupti_api.cuptiProfilerHostEvaluateToGpuValues(&p))) {
			free(rows);
			free(got);
			free(*values);
			*values = NULL;
			return cupti_fail(r, "cuptiProfilerHostEvaluateToGpuValues");
		}
		row = *values + rows[i] * cfg->n;
		for (size_t j = 0, k = 0; j < cfg->n; j++)
			row[j] = cfg->valid[j] ? got[k++] : NAN;
	}
	free(rows);
	free(got);
	*nranges = total;
	return NULL;
}

int cupti_config_end(struct cupti_config *cfg, double **values, size_t *nranges,
		     size_t *dropped, char **reason)
{
	CUptiResult r;
	char *why;
	int rc = -1;
	double t = gp_now_ms();

	*values = NULL;
	*nranges = 0;
	*dropped = 0;
	*reason = NULL;
	if (!cfg->started) {
		*reason = gp_xstrdup("no profiling session to end; this is a bug in gpuperf");
		return -1;
	}
	cfg->t.inside = t - cfg->t.begun;
	/* Let every profiled launch finish before the session closes. */
	if (cupti_synchronize(cfg->dev, &why)) {
		*reason = gp_xasprintf("a kernel failed while counters were read: %s", why);
		free(why);
		rc = CUPTI_END_KERNEL_FAILED;
		goto out;
	}
	cfg->t.sync = lap(&t);
	{
		CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params, p);
		p.pRangeProfilerObject = cfg->obj;
		r = cupti_api.cuptiRangeProfilerStop(&p);
		cfg->started = 0;
		if (r) {
			*reason = cupti_fail(r, "cuptiRangeProfilerStop");
			goto out;
		}
		/* Kernel replay submits every pass inside each launch. */
		if (!p.isAllPassSubmitted) {
			*reason = gp_xasprintf("CUPTI did not finish all %zu passes in kernel "
					       "replay; measure with --no-counters", cfg->passes);
			goto out;
		}
	}
	{
		CUPTI_PARAMS(CUpti_RangeProfiler_DecodeData_Params, p);
		p.pRangeProfilerObject = cfg->obj;
		if ((r = cupti_api.cuptiRangeProfilerDecodeData(&p))) {
			*reason = cupti_fail(r, "cuptiRangeProfilerDecodeData");
			goto out;
		}
		*dropped = p.numOfRangeDropped;
	}
	cfg->t.stop_decode = lap(&t);
	*reason = evaluate(cfg, values, nranges);
	cfg->t.evaluate = lap(&t);
	cfg->t.ranges = *nranges;
out:
	t = gp_now_ms();
	session_end(cfg);
	cfg->t.disable = cfg->keep ? 0 : gp_now_ms() - t;
	if (!*reason && !cfg->keep)
		gp_debug("counters: session of %zu range%s, %zu pass%s: %s", *nranges,
			 *nranges == 1 ? "" : "s", cfg->passes, cfg->passes == 1 ? "" : "es",
			 cupti_timing_text(&cfg->t, (char[240]){ 0 }, 240));
	return *reason ? rc : 0;
}

const struct cupti_timing *cupti_config_timing(const struct cupti_config *cfg)
{
	return &cfg->t;
}

void cupti_config_keep(struct cupti_config *cfg)
{
	cfg->keep = 1;
}

void cupti_config_free(struct cupti_config *cfg)
{
	if (!cfg)
		return;
	cfg->keep = 0;
	session_end(cfg);
	host_free(cfg);
	free(cfg->image);
	free(cfg->names);
	free(cfg->valid);
	free(cfg);
}

#endif /* GP_HAVE_CUPTI */
