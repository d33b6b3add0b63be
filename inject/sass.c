/*
 * Per-instruction counts (issue 38, item 1): which instruction of a
 * kernel reads or writes the sectors and shared wavefronts beyond the
 * ideal, from CUPTI's SASS metrics.  CUPTI patches the kernel's code to
 * count them, so the patched launch is slower and its time is nobody's.
 *
 * As measured on an H200 (bench/NOTES.md, the third and sixth sessions
 * of 2026-11-29):
 * - CUPTI 13.0 patches only the first kernel a process enables them for,
 *   and gives one flush an Enable: one launch of one kernel a process;
 * - with kernel activity records enabled it patches but counts nothing,
 *   and refuses to enable them again until the patch is undone, so they
 *   are off from the configuration to the Disable (seventh session);
 * - enabled inside a launch's entry callback, that launch is counted.
 * The kernel is the one with the most time at stake in a coalescing or
 * bank verdict (judge.c: the analysis's own judging of each counted
 * launch), its launch one after the program settled; or the one gpuperf
 * names (GPUPERF_PROFILE_SASS_KERNEL: profile --patch-each runs the
 * program again for each kernel the first run judged), its first launch
 * when nothing is counted, as its counted launch was in the first run.
 * The sequence at that launch's entry: the counter set and sampling off
 * the context (launch.c), SetConfig (the metrics below, the GPU's sums),
 * Enable (lazy: this kernel only); at its exit: GetDataProperties,
 * FlushData, a pc record an instruction, Disable, UnsetConfig.
 */
#include <stdlib.h>
#include <string.h>
#include "inject/inject.h"
#include "profile/analyze.h"
#include "profile/where.h"
#include "util/error.h"

/* the counts every record needs, in this order (indexes into metrics[]) */
enum { M_EXECUTED, M_SECTORS, M_SECTORS_IDEAL, M_WAVEFRONTS, M_WAVEFRONTS_IDEAL, M_NEEDED };

/*
 * What CUPTI counts for each instruction: the five needed, then the
 * memory operations (each instruction counts under its own alone, whose
 * SASS name it takes) and the bytes a thread moves; a chip that lacks one
 * of these gives the records without it.
 */
static const struct metric {
	const char *name;
	const char *op;     /* an operation's SASS name */
	int bytes;          /* a width's bytes a thread */
} metrics[] = {
	{ "smsp__sass_inst_executed", NULL, 0 },
	{ "smsp__sass_sectors_mem_global", NULL, 0 },
	{ "smsp__sass_sectors_mem_global_ideal", NULL, 0 },
	{ "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared", NULL, 0 },
	{ "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal", NULL, 0 },
	{ "smsp__sass_inst_executed_op_global_ld", "LDG", 0 },
	{ "smsp__sass_inst_executed_op_global_st", "STG", 0 },
	{ "smsp__sass_inst_executed_op_global_atom", "ATOMG", 0 },
	{ "smsp__sass_inst_executed_op_global_red", "REDG", 0 },
	{ "smsp__sass_inst_executed_op_ldgsts", "LDGSTS", 0 },
	{ "smsp__sass_inst_executed_op_shared_ld", "LDS", 0 },
	{ "smsp__sass_inst_executed_op_shared_st", "STS", 0 },
	{ "smsp__sass_inst_executed_op_shared_atom", "ATOMS", 0 },
	{ "smsp__sass_inst_executed_op_ldsm", "LDSM", 0 },
	{ "smsp__sass_inst_executed_op_memory_8b", NULL, 1 },
	{ "smsp__sass_inst_executed_op_memory_16b", NULL, 2 },
	{ "smsp__sass_inst_executed_op_memory_32b", NULL, 4 },
	{ "smsp__sass_inst_executed_op_memory_64b", NULL, 8 },
	{ "smsp__sass_inst_executed_op_memory_128b", NULL, 16 },
};
#define NMETRICS (sizeof(metrics) / sizeof(metrics[0]))

static struct {
	int wanted;         /* GPUPERF_PROFILE_SASS=1, or a kernel named */
	char *choice;       /* the kernel to patch (mangled), on choice_dev */
	int choice_dev;     /* -1: any device */
	int named;          /* the choice is gpuperf's (GPUPERF_PROFILE_SASS_KERNEL) */
	double stake_ns;    /* its time at stake in its counted launch */
	int done;           /* patched, or failed: CUPTI patches no second kernel */
	uint64_t ids[NMETRICS];
	int have[NMETRICS];     /* the chip has it: configured */
	int dev;
	CUcontext on;
	double t0;
} sass;

int inj_sass_open(void)
{
	return sass.wanted && !sass.done;
}

int inj_sass_wanted(void)
{
	const char *v = getenv("GPUPERF_PROFILE_SASS"), *name = getenv("GPUPERF_PROFILE_SASS_KERNEL");

	if (name && *name && !sass.named) {
		sass.named = 1;
		sass.choice = strdup(name);
		sass.choice_dev = -1;
	}
	sass.wanted = (v && !strcmp(v, "1")) || sass.named;
	return sass.wanted;
}

void inj_sass_consider(const struct prof_kernel *k, const struct prof_rec *launch)
{
	double stake;

	if (!inj_sass_open() || sass.named || prof_where_count(k->verdict) == PW_NONE ||
	    !prof_worth_fixing(k) || (stake = k->waste * prof_launch_ns(launch)) <= sass.stake_ns)
		return;
	free(sass.choice);
	sass.choice = strdup(launch->kernel);
	sass.choice_dev = launch->dev;
	sass.stake_ns = stake;
	gp_debug("per-instruction counts: %s is the one to patch (%s, %.3f ms at stake a launch)",
		 k->short_name, prof_verdict_code(k->verdict), stake / 1e6);
}

void inj_sass_stop(void)
{
	sass.done = 1;
}

int inj_sass_pick(struct inj_kernel *k, const char *name, int dev)
{
	/*
	 * one launch, of the kernel with the most time at stake (or named):
	 * where counters are read, it waits for a turn as --stalls does
	 * (profile/sample-when.h); where none are (a --patch-each run), its
	 * first launch
	 */
	struct prof_sample_when w = { .counting = inj.launches > 0, .quiet = inj.quiet, .every = 1 };
	unsigned long long seen = inj_kernel_seen(k);

	if (!sass.choice || sass.done || (sass.choice_dev >= 0 && dev != sass.choice_dev) ||
	    strcmp(name, sass.choice))
		return 0;
	/* its launches after the counted ones, this one aside */
	w.waited = seen > inj.launches + 1 ? (unsigned)(seen - inj.launches - 1) : 0;
	return prof_sample_now(&w);
}

static void give_up(const char *step, CUptiResult r)
{
	inj_note("warning", "per-instruction counts failed (%s: CUPTI error %d, %s): the "
		 "verdicts name no instruction", step, (int)r, inj_cupti_error(r));
}

/* The metrics' ids on dev's chip, and the configuration.  0, or -1. */
static int configure(int dev)
{
	CUpti_SassMetrics_Config cfg[NMETRICS];
	CUpti_SassMetricsSetConfig_Params sp;
	CUptiResult r;
	struct gp_device d;
	const char *chip;
	size_t n = 0;

	memset(&d, 0, sizeof(d));
	d.index = dev;
	if (!(chip = ctr_chip_name(&d))) {
		inj_note("warning", "per-instruction counts: no counters on device %d", dev);
		return -1;
	}
	for (size_t i = 0; i < NMETRICS; i++) {
		CUpti_SassMetrics_GetProperties_Params gp;

		memset(&gp, 0, sizeof(gp));
		gp.structSize = CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE;
		gp.pChipName = chip;
		gp.pMetricName = metrics[i].name;
		if ((r = inj_api.cuptiSassMetricsGetProperties(&gp))) {
			if (i >= M_NEEDED)
				continue;
			give_up(metrics[i].name, r);
			return -1;
		}
		sass.have[i] = 1;
		sass.ids[i] = gp.metric.metricId;
		cfg[n].metricId = gp.metric.metricId;
		cfg[n++].outputGranularity = CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU;
	}
	memset(&sp, 0, sizeof(sp));
	sp.structSize = CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE;
	sp.numOfMetricConfig = n;
	sp.pConfigs = cfg;
	sp.deviceIndex = (uint32_t)dev;
	if ((r = inj_api.cuptiSassMetricsSetConfig(&sp))) {
		give_up("its configuration", r);
		return -1;
	}
	return 0;
}

static void unconfigure(int dev)
{
	CUpti_SassMetricsUnsetConfig_Params up;

	memset(&up, 0, sizeof(up));
	up.structSize = CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE;
	up.deviceIndex = (uint32_t)dev;
	inj_api.cuptiSassMetricsUnsetConfig(&up);
}

int inj_sass_begin(CUcontext ctx, int dev)
{
	CUpti_SassMetricsEnable_Params ep;
	CUptiResult r = CUPTI_SUCCESS;
	int configured;

	sass.t0 = gp_now_ms();
	sass.done = 1;   /* one try a process, whatever happens */
	/*
	 * Kernel activity records on, CUPTI patches the kernel but counts
	 * nothing (an H200); so they are off from the configuration until the
	 * patch is undone (inj_sass_end).  Not sooner: CUPTI refuses to
	 * enable them again while SASS metrics are enabled
	 * (CUPTI_ERROR_NOT_COMPATIBLE), and that refusal cost every later
	 * kernel its time and PC sampling its attribution to modules.
	 */
	inj_activity_pause(1);
	if ((configured = !configure(dev))) {
		memset(&ep, 0, sizeof(ep));
		ep.structSize = CUpti_SassMetricsEnable_Params_STRUCT_SIZE;
		ep.ctx = ctx;
		ep.enableLazyPatching = 1;   /* only the kernel launched now */
		r = inj_api.cuptiSassMetricsEnable(&ep);
	}
	if (!configured || r)
		inj_activity_pause(0);
	if (!configured)
		return 0;
	if (r) {
		give_up("enable", r);
		unconfigure(dev);
		return 0;
	}
	sass.on = ctx;
	sass.dev = dev;
	return 1;
}

/* The metric an instance value counts: its index in metrics[], or -1. */
static int metric_of(uint64_t id)
{
	for (size_t i = 0; i < NMETRICS; i++)
		if (sass.have[i] && sass.ids[i] == id)
			return (int)i;
	return -1;
}

/* By function, then offset: one instruction's records together. */
static int by_instruction(const void *x, const void *y)
{
	const CUpti_SassMetrics_Data *a = x, *b = y;
	int c = strcmp(a->functionName ? a->functionName : "", b->functionName ? b->functionName : "");

	return c ? c : (a->pcOffset > b->pcOffset) - (a->pcOffset < b->pcOffset);
}

/* One pc record from an instruction's values by metric. */
static void write_instruction(const CUpti_SassMetrics_Data *d, const unsigned long long *v,
			      const struct prof_rec *launch, struct inj_lines *ll)
{
	struct prof_rec q;

	if (!v[M_EXECUTED])
		return;
	prof_rec_init(&q, PROF_PC, inj.pid);
	q.inst_executed = v[M_EXECUTED];
	q.sectors = v[M_SECTORS];
	q.sectors_ideal = v[M_SECTORS_IDEAL];
	q.wavefronts = v[M_WAVEFRONTS];
	q.wavefronts_ideal = v[M_WAVEFRONTS_IDEAL];
	for (size_t m = M_NEEDED; m < NMETRICS; m++)
		if (v[m] && metrics[m].op)
			q.op = (char *)metrics[m].op;
		else if (v[m])
			q.op_bytes = metrics[m].bytes;
	inj_write_pc(&q, launch, d->cubinCrc, d->functionName, d->pcOffset, ll);
}

/*
 * A pc record for each patched instruction that executed.  CUPTI may give
 * an instruction's metrics in one record or in several (one a metric,
 * each only where it applies): its records' values are summed by metric.
 */
static unsigned long long write_counts(CUpti_SassMetrics_Data *data, size_t n, size_t ninst,
				       const struct prof_rec *launch)
{
	struct inj_lines ll = { 0 };
	unsigned long long v[NMETRICS], executed = 0;

	for (size_t i = 0; i < n && i < 2; i++)
		for (size_t j = 0; j < ninst; j++)
			gp_debug("per-instruction counts: record %zu, offset 0x%x, value %zu: metric %d, "
				 "%llu", i, data[i].pcOffset, j, metric_of(data[i].pInstanceValues[j].metricId),
				 (unsigned long long)data[i].pInstanceValues[j].value);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < ninst; j++)
			if (metric_of(data[i].pInstanceValues[j].metricId) == M_EXECUTED)
				executed += data[i].pInstanceValues[j].value;
	gp_debug("per-instruction counts: %llu warp instructions executed", executed);
	if (!executed)
		return 0;
	qsort(data, n, sizeof(*data), by_instruction);
	for (size_t i = 0; i < n; i++) {
		if (!i || by_instruction(&data[i - 1], &data[i]))
			memset(v, 0, sizeof(v));
		for (size_t j = 0; j < ninst; j++) {
			int m = metric_of(data[i].pInstanceValues[j].metricId);

			if (m >= 0)
				v[m] += data[i].pInstanceValues[j].value;
		}
		if (i + 1 == n || by_instruction(&data[i], &data[i + 1]))
			write_instruction(&data[i], v, launch, &ll);
	}
	inj_lines_free(&ll);
	return executed;
}

/* The patched launch's records: how many, then flushed into our arrays. */
static int flush(CUcontext ctx, const struct prof_rec *launch)
{
	CUpti_SassMetricsGetDataProperties_Params dp;
	CUpti_SassMetricsFlushData_Params fp;
	CUpti_SassMetrics_Data *data;
	CUpti_SassMetrics_InstanceValue *vals;
	size_t n, ninst;
	CUptiResult r;
	int rc = -1;

	memset(&dp, 0, sizeof(dp));
	dp.structSize = CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE;
	dp.ctx = ctx;
	if ((r = inj_api.cuptiSassMetricsGetDataProperties(&dp))) {
		give_up("its data's size", r);
		return -1;
	}
	n = dp.numOfPatchedInstructionRecords;
	ninst = dp.numOfInstances;
	gp_debug("per-instruction counts: %zu instructions, %zu instances", n, ninst);
	if (!n || !ninst)
		return 0;
	data = calloc(n, sizeof(*data));
	vals = calloc(n * ninst, sizeof(*vals));
	if (!data || !vals)
		goto out;
	for (size_t i = 0; i < n; i++) {
		data[i].structSize = sizeof(data[i]);
		data[i].pInstanceValues = &vals[i * ninst];
	}
	memset(&fp, 0, sizeof(fp));
	fp.structSize = CUpti_SassMetricsFlushData_Params_STRUCT_SIZE;
	fp.ctx = ctx;
	fp.numOfPatchedInstructionRecords = n;
	fp.numOfInstances = ninst;
	fp.pMetricsData = data;
	if ((r = inj_api.cuptiSassMetricsFlushData(&fp)))
		give_up("reading its data", r);
	else
		rc = write_counts(data, n, ninst, launch) > 0;
	for (size_t i = 0; i < n; i++)
		free((void *)data[i].functionName);   /* CUPTI's, ours to free */
out:
	free(data);
	free(vals);
	return rc;
}

/*
 * Patching undone, the configuration unset, kernel activity records on
 * again: no kernel is patched again in this process.
 */
static void disable(void)
{
	CUpti_SassMetricsDisable_Params dp;

	memset(&dp, 0, sizeof(dp));
	dp.structSize = CUpti_SassMetricsDisable_Params_STRUCT_SIZE;
	dp.ctx = sass.on;
	inj_api.cuptiSassMetricsDisable(&dp);
	unconfigure(sass.dev);
	sass.on = NULL;
	inj_activity_pause(0);
}

void inj_sass_end(CUcontext ctx, const struct prof_rec *launch)
{
	int rc;

	if (sass.on != ctx)
		return;
	rc = flush(ctx, launch);
	gp_debug("per-instruction counts: launch %llu of %s, %s (%.1f ms since enabled)",
		 launch->nth, launch->kernel, rc > 0 ? "counted" : rc ? "failed" :
		 "no instruction counted", gp_now_ms() - sass.t0);
	if (!rc)
		inj_note("warning", "per-instruction counts: the patched launch of %s counted no "
			 "instruction (CUPTI): the verdicts name no instruction", launch->kernel);
	disable();
}
