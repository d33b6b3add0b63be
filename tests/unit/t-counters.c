/*
 * Counters without a GPU: the logical-name table, the per-chip metric
 * table (checked against CUPTI's own Profiler Host API, which needs no
 * GPU, when libcupti can be loaded), and the unavailable-counter messages.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"
#include "counters/counters.h"
#include "counters/cupti.h"
#include "counters/metrics.h"
#include "counters/reason.h"
#include "profile/record.h"
#include "profile/stalls.h"
#include "util/compat.h"

static int snake_case(const char *s)
{
	if (!s || !islower((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

static void test_names(void)
{
	int unique = 1, snake = 1, lookup = 1;

	for (int i = 0; i < CTR_COUNT; i++) {
		const char *n = ctr_name((enum ctr_id)i);
		snake &= snake_case(n);
		lookup &= n && ctr_lookup(n) == i;
		for (int j = 0; j < i; j++)
			if (n && ctr_name((enum ctr_id)j) && !strcmp(n, ctr_name((enum ctr_id)j)))
				unique = 0;
	}
	ok(snake, "every counter id has a snake_case name");
	ok(unique, "counter names are unique");
	ok(lookup, "ctr_lookup finds every name");
	ok(ctr_name(CTR_COUNT) == NULL && ctr_name((enum ctr_id)-1) == NULL,
	   "no name outside the ids");
	is_int(ctr_lookup("no_such_counter"), -1, "unknown name: -1");
	is_int(ctr_lookup(NULL), -1, "NULL name: -1");
	is_str(ctr_name(CTR_GLOBAL_LOAD_SECTORS), "global_load_sectors", "issue's names kept");
	is_str(ctr_name(CTR_SHARED_LOAD_BANK_CONFLICTS), "shared_load_bank_conflicts",
	       "issue's names kept (conflicts)");
	is_str(ctr_name(CTR_ACHIEVED_OCCUPANCY_PCT), "achieved_occupancy_pct",
	       "issue's names kept (occupancy)");
}

/*
 * The counters a chip of the table lacks, by design: Tegra's DRAM, cp.async
 * before Ampere, TMA before Hopper, wgmma outside Hopper (its stall too),
 * the immediate-constant cache's stall on Blackwell.
 */
static int lacks(const char *chip, enum ctr_id id)
{
	int tegra = chip && !strcmp(chip, "GA10B"), turing = chip && !strcmp(chip, "TU102");
	int ampere_ada = chip && (!strcmp(chip, "GA100") || !strcmp(chip, "AD102"));

	switch (id) {
	case CTR_DRAM_READ_BYTES: case CTR_DRAM_WRITE_BYTES: case CTR_DRAM_PEAK_BYTES_PER_S:
		return tegra;
	case CTR_CP_ASYNC_REQUESTS: case CTR_CP_ASYNC_SECTORS: case CTR_CP_ASYNC_BYTES:
	case CTR_LDGSTS_SHARED_WAVEFRONTS: case CTR_LDGSTS_SHARED_BYTES:
		return turing;
	case CTR_TMA_LOAD_REQUESTS:
		return tegra || turing || ampere_ada;
	case CTR_SHARED_GMMA_BYTES: case CTR_WARPS_GMMA:
		return chip && strcmp(chip, "GH100") && strcmp(chip, "FUTURE1");
	case CTR_WARPS_IMC_MISS:   /* CUPTI 13.0 lists none on Blackwell */
		return chip && (!strcmp(chip, "GB100") || !strcmp(chip, "GB202"));
	default:
		return 0;
	}
}

static void test_metric_table(void)
{
	static const char *const chips[] = { NULL, "GH100", "TU102", "GA100", "AD102", "GB100",
					     "GB202", "GA10B", "FUTURE1" };
	int complete = 1;

	for (size_t c = 0; c < sizeof(chips) / sizeof(chips[0]); c++)
		for (int i = 0; i < CTR_COUNT; i++) {
			const char *m = ctr_metric((enum ctr_id)i, chips[c]);
			if (lacks(chips[c], (enum ctr_id)i) ? m != NULL : !m || !strchr(m, '.')) {
				complete = 0;
				diag("chip %s, %s: '%s'", chips[c] ? chips[c] : "(none)",
				     ctr_name((enum ctr_id)i), m ? m : "(null)");
			}
		}
	ok(complete, "every id has a metric with rollup on every chip, except the few a chip lacks");
	ok(ctr_instrumented(CTR_GLOBAL_LOAD_BYTES) && ctr_instrumented(CTR_FFMA) &&
	   ctr_instrumented(CTR_CP_ASYNC_BYTES) && !ctr_instrumented(CTR_FFMA_PEAK_PER_CYCLE) &&
	   !ctr_instrumented(CTR_GLOBAL_LOAD_SECTORS) && !ctr_instrumented(CTR_COUNT),
	   "SASS counts are instrumented, their peaks and the hardware counters are not");

	/* The names DESIGN.md and shared/reference/cupti.md promise for sm_90. */
	is_str(ctr_metric(CTR_GLOBAL_LOAD_SECTORS, "GH100"),
	       "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "GH100 load sectors");
	is_str(ctr_metric(CTR_GLOBAL_LOAD_REQUESTS, "GH100"),
	       "smsp__inst_executed_op_global_ld.sum", "GH100 load requests");
	is_str(ctr_metric(CTR_GLOBAL_STORE_SECTORS, "GH100"),
	       "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "GH100 store sectors");
	is_str(ctr_metric(CTR_DRAM_READ_BYTES, "GH100"), "dram__bytes_read.sum", "GH100 DRAM read");
	is_str(ctr_metric(CTR_SHARED_LOAD_BANK_CONFLICTS, "GH100"),
	       "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "GH100 conflicts");
	is_str(ctr_metric(CTR_SHARED_LOAD_WAVEFRONTS, "GH100"),
	       "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "GH100 wavefronts");
	is_str(ctr_metric(CTR_ACHIEVED_OCCUPANCY_PCT, "GH100"),
	       "sm__warps_active.avg.pct_of_peak_sustained_active", "GH100 occupancy");
	is_str(ctr_metric(CTR_DRAM_READ_BYTES, "GB202"), "dram__bytes_op_read.sum",
	       "GB202 names DRAM traffic by operation");
	is_str(ctr_metric(CTR_DRAM_WRITE_BYTES, "GB207"), "dram__bytes_op_write.sum",
	       "GB207 likewise");
	ok(ctr_metric(CTR_DRAM_READ_BYTES, "GB20B") == NULL, "Tegra GB20B has no DRAM counter");
	is_str(ctr_metric(CTR_DRAM_READ_BYTES, "GB20"), "dram__bytes_read.sum",
	       "chip names match whole words only");
	ok(ctr_metric(CTR_COUNT, "GH100") == NULL, "no metric outside the ids");
}

/*
 * profile --set light (the default) takes one pass where the library
 * then needs no replay: Ampere, Ada, Hopper and GB100 (TU102 and GB202
 * take two; the library replays there).
 */
static void light_passes(const char *chip)
{
	static const char *const one_pass[] = { "GA100", "GA102", "AD102", "GH100", "GB100" };
	const char *m[CTR_COUNT];
	unsigned char valid[CTR_COUNT];
	const enum ctr_id *ids;
	struct cupti_config *cfg;
	size_t n, nm = 0, p;
	char *reason = NULL;
	int want = 0;

	for (size_t i = 0; i < sizeof(one_pass) / sizeof(one_pass[0]); i++)
		want |= !strcmp(chip, one_pass[i]);
	if (!want)
		return;
	ids = prof_set_counters(PROF_SET_LIGHT, &n);
	for (size_t i = 0; i < n; i++)
		if ((m[nm] = ctr_metric(ids[i], chip)))
			nm++;
	if (!(cfg = cupti_config_new(chip, -1, m, nm, valid, &reason))) {
		ok(0, "%s: light set configured: %s", chip, reason);
		free(reason);
		return;
	}
	p = cupti_config_passes(cfg);
	cupti_config_free(cfg);
	ok(p == 1, "%s: profile's light set (%zu counters) takes one pass (got %zu)", chip, nm, p);
}

/*
 * gpuperf profile's counters (profile/record.c) take 3 passes on every
 * chip from Turing on: two of hardware counters, one instrumented (each
 * kind of access counted apart, issue 37, fits in the instrumented one).
 * The roofline's
 * counters (issue 27) were chosen to fit there: one more pass costs
 * every profiled launch another replay.
 */
static void profile_passes(const char *chip)
{
	const char *all[CTR_COUNT], *plain[CTR_COUNT];
	size_t n = 0, np = 0, pa, pp;
	unsigned char valid[CTR_COUNT];
	struct cupti_config *cfg;
	char *reason = NULL;

	for (size_t i = 0; i < prof_ncounters; i++) {
		const char *m = ctr_metric(prof_counters[i], chip);
		if (!m)
			continue;
		all[n++] = m;
		if (!ctr_instrumented(prof_counters[i]))
			plain[np++] = m;
	}
	if (!(cfg = cupti_config_new(chip, -1, all, n, valid, &reason))) {
		free(reason);
		return;
	}
	pa = cupti_config_passes(cfg);
	cupti_config_free(cfg);
	if (!(cfg = cupti_config_new(chip, -1, plain, np, valid, &reason))) {
		free(reason);
		return;
	}
	pp = cupti_config_passes(cfg);
	cupti_config_free(cfg);
	if (!strcmp(chip, "GH100") || pa != 3 || pp != 2)
		ok(pa == 3 && pp == 2, "%s: profile's %zu counters take 3 passes, 2 without the "
		   "instrumented ones (got %zu and %zu)", chip, n, pa, pp);
	light_passes(chip);
}

/*
 * profile --count-stalls' counters (profile/stalls.h): every one valid on
 * the chip, and on GH100 six passes, as its --help says; worked out by
 * CUPTI's own Profiler Host API, as Nsight Compute would need them.
 */
static void warp_passes(const char *chip)
{
	const char *m[PS_N];
	unsigned char valid[PS_N];
	const enum ctr_id *ids = prof_stall_counters(&(size_t){ 0 });
	size_t n, nm = 0, nvalid = 0;
	struct cupti_config *cfg;
	char *reason = NULL;

	prof_stall_counters(&n);
	for (size_t i = 0; i < n; i++)
		if ((m[nm] = ctr_metric(ids[i], chip)))
			nm++;
	if (!(cfg = cupti_config_new(chip, -1, m, nm, valid, &reason))) {
		free(reason);
		return;
	}
	for (size_t i = 0; i < nm; i++)
		nvalid += valid[i];
	if (!strcmp(chip, "GH100"))
		is_int(cupti_config_passes(cfg), 6, "GH100: the warp states take 6 passes");
	if (!strcmp(chip, "GH100") || nvalid != nm)
		is_int(nvalid, nm, "%s: every warp-state counter valid", chip);
	cupti_config_free(cfg);
}

/* Every metric of the table exists on every chip this CUPTI knows. */
/* The passes GH100 takes for these counters together, 0 where CUPTI refuses them. */
static size_t gh100_passes(const enum ctr_id *ids, size_t n)
{
	const char *m[CTR_COUNT];
	unsigned char valid[CTR_COUNT];
	char *reason = NULL;
	struct cupti_config *cfg;
	size_t p;

	for (size_t i = 0; i < n; i++)
		m[i] = ctr_metric(ids[i], "GH100");
	if (!(cfg = cupti_config_new("GH100", -1, m, n, valid, &reason))) {
		diag("%s", reason ? reason : "no reason");
		free(reason);
		return 0;
	}
	p = cupti_config_passes(cfg);
	cupti_config_free(cfg);
	return p;
}

static void test_metrics_offline(void)
{
	const char *const *chips;
	const char *why = cupti_load();
	size_t nchips, checked = 0;
	int all_valid = 1;

	if (why || cupti_supported_chips(&chips, &nchips)) {
		ok(1, "# SKIP metric names against CUPTI: %s", why ? why : "no chip list");
		return;
	}
	diag("CUPTI from %s knows %zu chips", cupti_lib_path(), nchips);
	for (size_t c = 0; c < nchips; c++) {
		const char *metrics[CTR_COUNT];
		unsigned char valid[CTR_COUNT];
		struct cupti_config *cfg;
		char *reason;

		for (int i = 0; i < CTR_COUNT; i++)
			metrics[i] = ctr_metric((enum ctr_id)i, chips[c]);
		warp_passes(chips[c]);
		/* every counter but the warp states, which profile counts in a run of their own */
		cfg = cupti_config_new(chips[c], -1, metrics, CTR_WARPS_LONG_SCOREBOARD, valid, &reason);
		if (!cfg) {
			/* e.g. GV11B: listed, but the Range Profiler refuses it */
			diag("chip %s skipped, as expected where the Range Profiler refuses a chip: %s",
			     chips[c], reason);
			free(reason);
			continue;
		}
		checked++;
		for (int i = 0; i < CTR_WARPS_LONG_SCOREBOARD; i++)
			if (metrics[i] && !valid[i]) {
				all_valid = 0;
				diag("chip %s lacks %s (%s)", chips[c], metrics[i],
				     ctr_name((enum ctr_id)i));
			}
		/* profile's instrumented counts add the third, latency's hit and miss sums the fourth */
		if (!strcmp(chips[c], "GH100"))
			ok(cupti_config_passes(cfg) >= 1 && cupti_config_passes(cfg) <= 4,
			   "GH100: every counter at once needs 1-4 passes (got %zu)",
			   cupti_config_passes(cfg));
		cupti_config_free(cfg);
		if (strncmp(chips[c], "GV", 2))
			profile_passes(chips[c]);
		if (!strcmp(chips[c], "GH100")) {
			static const enum ctr_id lat[] = { CTR_GLOBAL_LOAD_SECTORS, CTR_L1_LOAD_HIT_SECTORS,
							   CTR_L2_READ_MISS_SECTORS, CTR_DRAM_READ_BYTES };
			static const enum ctr_id bw[] = { CTR_GLOBAL_LOAD_SECTORS, CTR_L1_LOAD_HIT_SECTORS,
							  CTR_L2_READ_MISS_SECTORS, CTR_DRAM_READ_BYTES,
							  CTR_DRAM_WRITE_BYTES, CTR_L2_READ_SECTORS };
			static const enum ctr_id bk[] = {
				CTR_SHARED_LOAD_INSTRUCTIONS, CTR_SHARED_LOAD_WAVEFRONTS,
				CTR_SHARED_LOAD_BANK_CONFLICTS, CTR_SHARED_STORE_INSTRUCTIONS,
				CTR_SHARED_STORE_WAVEFRONTS, CTR_SHARED_STORE_BANK_CONFLICTS,
				CTR_SM_CLOCK_HZ,
			};
			static const enum ctr_id l2r[] = { CTR_GLOBAL_LOAD_SECTORS, CTR_L1_LOAD_HIT_SECTORS,
							   CTR_L2_READ_SECTORS };
			static const enum ctr_id l2hit[] = { CTR_L2_HIT_RATE_PCT };
			static const enum ctr_id l1hit[] = { CTR_L1_HIT_RATE_PCT, CTR_L1_LOAD_HIT_SECTORS,
							     CTR_GLOBAL_LOAD_SECTORS };
			size_t p;

			/* what latency and bandwidth's levels read: one pass, so no replay touches the caches */
			p = gh100_passes(lat, ARRAY_SIZE(lat));
			ok(p == 1, "GH100: latency's counters in one pass (%zu)", p);
			p = gh100_passes(bw, 5);
			ok(p == 1, "GH100: bandwidth's level counters in one pass (%zu)", p);
			/* banks' counted sweep: a user range a launch, so one pass */
			p = gh100_passes(bk, ARRAY_SIZE(bk));
			ok(p == 1, "GH100: banks' counters in one pass (%zu)", p);
			/* its L2 sectors read: a set of their own, since beside the misses they make
			   two passes (probes/bandwidth.c counts the rows twice, never replayed) */
			p = gh100_passes(l2r, ARRAY_SIZE(l2r));
			ok(p == 1, "GH100: bandwidth's L2 read counters in one pass (%zu)", p);
			/*
			 * An L2 hit rate is never one run's: its hits and its lookups
			 * take a pass each, so kernel replay counts them in two runs
			 * of the launch (t-counters-gpu: 101-102.4 % on an H200 for
			 * kernels that hit L2 almost always).  L1's rate takes one.
			 */
			p = gh100_passes(l2hit, ARRAY_SIZE(l2hit));
			ok(p == 2, "GH100: the L2 hit rate alone takes 2 passes (%zu): hits and lookups "
			   "from two runs", p);
			p = gh100_passes(l1hit, ARRAY_SIZE(l1hit));
			ok(p == 1, "GH100: the L1 hit rate with its hits and sectors takes 1 pass (%zu)", p);
			p = gh100_passes(bw, ARRAY_SIZE(bw));
			ok(p == 2, "GH100: the two together take 2 passes (%zu): why they are two sets", p);
		}
	}
	ok(checked >= 20, "checked the table on %zu chips", checked);
	ok(all_valid, "CUPTI accepts every metric the table names, on every chip");

	{
		/* The validator can fail: a wrong name and a name without rollup. */
		const char *bad[] = { "l1tex__t_sectors_no_such_counter.sum", "gpc__cycles_elapsed",
				      "gpc__cycles_elapsed.max" };
		unsigned char valid[3];
		char *reason;
		struct cupti_config *cfg = cupti_config_new("GH100", -1, bad, 3, valid, &reason);

		ok(cfg && !valid[0] && !valid[1] && valid[2],
		   "unknown names and names without rollup are refused, good ones kept");
		if (!cfg) {
			diag("%s", reason);
			free(reason);
		}
		cupti_config_free(cfg);
	}
	{
		unsigned char valid[1];
		const char *m[] = { "gpc__cycles_elapsed.max" };
		char *reason = NULL;
		struct cupti_config *cfg = cupti_config_new("NOSUCHCHIP", -1, m, 1, valid, &reason);

		ok(!cfg && reason && strstr(reason, "; "), "an unknown chip is refused with a reason");
		if (reason)
			diag("expected refusal of the made-up chip NOSUCHCHIP: %s", reason);
		free(reason);
	}
}

/*
 * A message is one line with a remedy after "; ", git style: no capital
 * first word (acronyms like CUPTI are fine) and no final full stop.
 */
static int well_formed(const char *m)
{
	return m && *m && !(isupper((unsigned char)m[0]) && islower((unsigned char)m[1])) &&
	       !strchr(m, '\n') && strstr(m, "; ") && m[strlen(m) - 1] != '.';
}

static void check_reason(int result, const struct ctr_env *env, const char *const *words,
			 const char *what)
{
	char *m = ctr_reason_cupti(result, "cuptiRangeProfilerEnable", "CUPTI_ERROR_X", env);
	int has = well_formed(m);

	for (const char *const *w = words; *w; w++)
		if (!strstr(m, *w)) {
			has = 0;
			diag("missing '%s'", *w);
		}
	if (!ok(has, "%s", what))
		diag("%s", m);
	free(m);
}

static void test_reasons(void)
{
	const struct ctr_env user = { 1, 0, 0 }, root = { 0, 1, 0 }, boxed = { 1, 0, 1 },
			     unknown = { -1, 0, 0 };
	char *m;

	check_reason(CTR_CUPTI_INSUFFICIENT_PRIVILEGES, &user,
		     (const char *const[]){ "permission", "RmProfilingAdminOnly=1", "root",
					    "CAP_SYS_ADMIN",
					    "NVreg_RestrictProfilingToAdminUsers=0",
					    "ERR_NVGPUCTRPERM", NULL },
		     "privileges: root, CAP_SYS_ADMIN or the module option");
	check_reason(CTR_CUPTI_INSUFFICIENT_PRIVILEGES, &boxed,
		     (const char *const[]){ "--cap-add SYS_ADMIN", "on the host", NULL },
		     "privileges in a container: --cap-add SYS_ADMIN");
	check_reason(CTR_CUPTI_INSUFFICIENT_PRIVILEGES, &root,
		     (const char *const[]){ "even with CAP_SYS_ADMIN",
					    "NVreg_RestrictProfilingToAdminUsers=0", NULL },
		     "privileges although privileged: the module option");
	check_reason(CTR_CUPTI_INSUFFICIENT_PRIVILEGES, &unknown,
		     (const char *const[]){ "root", NULL }, "privileges, driver setting unknown");
	check_reason(CTR_CUPTI_INSUFFICIENT_PRIVILEGES, NULL,
		     (const char *const[]){ "root", NULL }, "privileges without an environment");
	check_reason(CTR_CUPTI_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED, &user,
		     (const char *const[]){ "another profiler", "Nsight Compute", "--no-counters",
					    NULL },
		     "another profiler attached");
	check_reason(CTR_CUPTI_HARDWARE_BUSY, &user,
		     (const char *const[]){ "in use", "dcgmi profile --pause", NULL },
		     "counters busy");
	check_reason(CTR_CUPTI_VIRTUALIZED_DEVICE_NOT_SUPPORTED, &user,
		     (const char *const[]){ "hypervisor", "virtual GPU", NULL }, "vGPU");
	check_reason(CTR_CUPTI_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES, &user,
		     (const char *const[]){ "hypervisor", NULL }, "vGPU without privileges");
	check_reason(CTR_CUPTI_MIG_DEVICE_NOT_SUPPORTED, &user,
		     (const char *const[]){ "MIG", NULL }, "shared MIG instance");
	check_reason(CTR_CUPTI_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED, &user,
		     (const char *const[]){ "confidential computing", NULL }, "confidential computing");
	check_reason(CTR_CUPTI_CMP_DEVICE_NOT_SUPPORTED, &user,
		     (const char *const[]){ "CMP", NULL }, "mining processor");
	check_reason(CTR_CUPTI_SLI_DEVICE_NOT_SUPPORTED, &user,
		     (const char *const[]){ "SLI", NULL }, "SLI");
	check_reason(CTR_CUPTI_WSL_DEVICE_NOT_SUPPORTED, &user,
		     (const char *const[]){ "WSL", NULL }, "WSL");
	check_reason(CTR_CUPTI_NOT_INITIALIZED, &user,
		     (const char *const[]){ "libnvperf_host.so", "LD_LIBRARY_PATH",
					    "GPUPERF_CUPTI_LIB", NULL },
		     "libnvperf_host.so not found (error 15)");
	check_reason(CTR_CUPTI_NOT_COMPATIBLE, &user,
		     (const char *const[]){ "driver", NULL }, "CUPTI newer than the driver");
	check_reason(CTR_CUPTI_INVALID_CHIP_NAME, &user,
		     (const char *const[]){ "GPUPERF_CUPTI_LIB", "newer", NULL }, "unknown chip");
	check_reason(CTR_CUPTI_NOT_SUPPORTED, &user,
		     (const char *const[]){ "7.5", NULL }, "device not supported");
	check_reason(CTR_CUPTI_OLD_PROFILER_API_INITIALIZED, &user,
		     (const char *const[]){ "older", NULL }, "old profiling API active");
	check_reason(CTR_CUPTI_OUT_OF_MEMORY, &user,
		     (const char *const[]){ "memory", NULL }, "out of memory");
	check_reason(999, &user,
		     (const char *const[]){ "cuptiRangeProfilerEnable", "999", "CUPTI_ERROR_X",
					    "--no-counters", NULL },
		     "anything else names the call and the code");

	{
		struct ctr_support s = { CTR_SUPPORT_UNSUPPORTED, CTR_SUPPORT_SUPPORTED,
					 CTR_SUPPORT_SUPPORTED, CTR_SUPPORT_SUPPORTED,
					 CTR_SUPPORT_SUPPORTED, CTR_SUPPORT_SUPPORTED };
		m = ctr_reason_support(&s, 7, 0);
		ok(well_formed(m) && strstr(m, "7.0") && strstr(m, "7.5"),
		   "old architecture: says its CC and the minimum");
		free(m);
		s.architecture = CTR_SUPPORT_SUPPORTED;
		s.vgpu = CTR_SUPPORT_DISABLED;
		m = ctr_reason_support(&s, 9, 0);
		ok(well_formed(m) && strstr(m, "hypervisor"), "vGPU with profiling disabled");
		free(m);
		s.vgpu = CTR_SUPPORT_SUPPORTED;
		s.confidential_compute = CTR_SUPPORT_UNSUPPORTED;
		m = ctr_reason_support(&s, 9, 0);
		ok(well_formed(m) && strstr(m, "confidential"), "confidential compute");
		free(m);
		s.confidential_compute = CTR_SUPPORT_SUPPORTED;
		s.wsl = CTR_SUPPORT_UNSUPPORTED;
		m = ctr_reason_support(&s, 9, 0);
		ok(well_formed(m) && strstr(m, "WSL"), "WSL");
		free(m);
		s.wsl = CTR_SUPPORT_SUPPORTED;
		m = ctr_reason_support(&s, 9, 0);
		ok(well_formed(m), "unsupported for no stated reason: still a message");
		free(m);
	}

	m = ctr_reason_nolib("/x/libcupti.so.13 (No such file or directory)", "/x");
	ok(well_formed(m) && strstr(m, "not found") && strstr(m, "GPUPERF_CUPTI_LIB") &&
	   strstr(m, "/x/libcupti.so.13"),
	   "library not found where GPUPERF_CUPTI_LIB said");
	free(m);
	m = ctr_reason_nolib("/usr/local/cuda/lib64/libcupti.so.13 (No such file or directory)",
			     NULL);
	ok(well_formed(m) && strstr(m, "not found") && strstr(m, "install CUPTI") &&
	   strstr(m, "GPUPERF_CUPTI_LIB"), "library not found anywhere");
	free(m);
	m = ctr_reason_oldlib("/old/libcupti.so.12", "cuptiRangeProfilerEnable");
	ok(well_formed(m) && strstr(m, "cuptiRangeProfilerEnable"), "library too old");
	free(m);
	m = ctr_reason_chip("GX999");
	ok(well_formed(m) && strstr(m, "GX999"), "unsupported chip names it");
	free(m);
	m = ctr_reason_nometrics("GA10B");
	ok(well_formed(m) && strstr(m, "GA10B"), "no counter on the chip");
	free(m);
}

static void test_env_probe(void)
{
	struct ctr_env env = { 7, 7, 7 };

	ctr_env_probe(&env);
	ok(env.admin_only >= -1 && env.admin_only <= 1 && (env.cap_sys_admin == 0 ||
	   env.cap_sys_admin == 1) && (env.in_container == 0 || env.in_container == 1),
	   "environment probe gives sane values (admin_only %d, cap %d, container %d)",
	   env.admin_only, env.cap_sys_admin, env.in_container);
}

/* The -v line of a session's steps, and the NULL-safe helpers around it. */
static void test_timing(void)
{
	struct cupti_timing t = { .enable = 1100.04, .image = 2.5, .set_config = 3.25, .start = 4,
				  .inside = 70.5, .sync = 6, .stop_decode = 7.75, .evaluate = 8,
				  .disable = 9.5 };
	char buf[300], small[16];

	is_str(cupti_timing_text(&t, buf, sizeof(buf)),
	       "enable 1100.0 ms, image init 2.5 ms, set config 3.2 ms, start 4.0 ms; launches "
	       "70.5 ms; sync 6.0 ms, stop+decode 7.8 ms, evaluate 8.0 ms, disable 9.5 ms",
	       "every step, in order");
	ok(cupti_timing_text(&t, small, sizeof(small)) == small && strlen(small) == 15,
	   "cut to the buffer");
	ok(ctr_timing(NULL, buf, sizeof(buf)) == NULL, "no set, no timing");
	is_int(ctr_passes(NULL), 0, "no set, no passes");
	ctr_expect_ranges(NULL, 4);   /* NULL is fine */
	ok(1, "ctr_expect_ranges(NULL) does nothing");
}

int main(void)
{
	test_names();
	test_timing();
	test_metric_table();
	test_reasons();
	test_env_probe();
	test_metrics_offline();
	return done_testing();
}
