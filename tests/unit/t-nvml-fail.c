/*
 * The watch without a working NVML: no library, a library that is not
 * NVML, NVML that fails to start, one that does not know the GPU, one
 * whose every query fails.  Each time gpuperf goes on: the summary says
 * why nothing (or what) was read, no warning, the flags stay unknown.
 */
#include <string.h>
#include "gpu/nvml.h"
#include "gpu/watch.h"
#include "model/trust.h"
#include "tests/unit/nvml-fake.h"
#include "tests/unit/unit.h"

#define BUS "0000:18:00.0"

/* Watch BUS as cli/steps.c does, with nothing measured, into *s. */
static void watch_once(struct trust_summary *s)
{
	struct trust_modes m;
	struct gp_watch *w;

	watch_before_open(BUS, &m);
	w = watch_new(10);
	watch_add(w, BUS);
	usleep(30000);
	watch_finish(w, s);
	watch_free(w);
}

/* What every unread summary must say: unknown flags, no warnings. */
static int unknown_and_quiet(const struct trust_summary *s, int *bad)
{
	char lines[TRUST_MAX_WARNINGS][TRUST_LINE], buf[64];

	CHILD_CHECK(bad, trust_contended(s) == -1, "contended unknown");
	CHILD_CHECK(bad, trust_throttled(s, buf, sizeof(buf)) == NULL, "throttled unknown");
	CHILD_CHECK(bad, trust_warnings(s, "device 0", lines, TRUST_MAX_WARNINGS) == 0, "no warning");
	return *bad;
}

static int absent(void)
{
	struct trust_summary s;
	struct trust_modes m;
	const char *why;
	int bad = 0;

	setenv("GPUPERF_NVML_LIB", "/nonexistent/gpuperf-test/libnvidia-ml.so.1", 1);
	why = nvml_unavailable();
	printf("# %s\n", why ? why : "(null)");
	CHILD_CHECK(&bad, why && strstr(why, "NVML not found") && strstr(why, "GPUPERF_NVML_LIB") &&
		    strstr(why, "/nonexistent/gpuperf-test/"), "the reason names the library");
	CHILD_CHECK(&bad, watch_before_open(BUS, &m) == -1, "nothing read before the opening");
	CHILD_CHECK(&bad, m.mig == -1 && m.compute_mode == -1, "modes unknown: nothing refused");
	watch_once(&s);
	CHILD_CHECK(&bad, !s.watched && strstr(s.why, "NVML not found"), "the summary says why");
	return unknown_and_quiet(&s, &bad);
}

static int not_nvml(void)
{
	const char *why;
	int bad = 0;

	setenv("GPUPERF_NVML_LIB", "libc.so.6", 1);
	why = nvml_unavailable();
	printf("# %s\n", why ? why : "(null)");
	CHILD_CHECK(&bad, why && strstr(why, "NVML too old"), "a library without NVML's functions");
	return bad;
}

static int init_fails(void)
{
	struct trust_summary s;
	const char *why;
	int bad = 0;

	setenv("GPUPERF_NVML_LIB", fake_nvml_path(), 1);
	setenv("FAKE_NVML_INIT", "9", 1);
	why = nvml_unavailable();
	printf("# %s\n", why ? why : "(null)");
	CHILD_CHECK(&bad, why && strstr(why, "NVML failed to start: Driver Not Loaded (error 9)"),
		    "nvmlInit's error, in NVML's words");
	watch_once(&s);
	CHILD_CHECK(&bad, !s.watched && strstr(s.why, "failed to start"), "the summary says why");
	return unknown_and_quiet(&s, &bad);
}

static int unknown_gpu(void)
{
	struct trust_summary s;
	int bad = 0;

	setenv("GPUPERF_NVML_LIB", fake_nvml_path(), 1);
	setenv("FAKE_NVML_NOHANDLE", "1", 1);
	watch_once(&s);
	printf("# %s\n", s.why);
	CHILD_CHECK(&bad, !s.watched && strstr(s.why, "does not know the GPU at " BUS) &&
		    strstr(s.why, "Not Found"), "the GPU NVML does not know is named");
	return unknown_and_quiet(&s, &bad);
}

static int queries_fail(void)
{
	struct trust_summary s;
	int bad = 0;

	setenv("GPUPERF_NVML_LIB", fake_nvml_path(), 1);
	setenv("FAKE_NVML_FAIL", "1", 1);
	watch_once(&s);
	CHILD_CHECK(&bad, s.watched && s.samples >= 2, "the device is watched, its readings counted");
	CHILD_CHECK(&bad, s.procs == TRUST_PROCS_UNREAD && !s.reasons_read, "nothing came back");
	CHILD_CHECK(&bad, s.modes.ecc == -1 && s.modes.mig == -1 && s.modes.compute_mode == -1,
		    "modes unknown");
	CHILD_CHECK(&bad, s.sm_max_mhz == 0 && s.sm_min_mhz == 0, "clocks unknown");
	return unknown_and_quiet(&s, &bad);
}

int main(void)
{
	ok(in_child(absent), "NVML absent: reason given, flags unknown, no warning, nothing refused");
	ok(in_child(not_nvml), "a library that is not NVML is refused as too old");
	ok(in_child(init_fails), "NVML that fails to start: reason given, flags unknown, no warning");
	ok(in_child(unknown_gpu), "NVML that does not know the GPU: reason given, flags unknown");
	ok(in_child(queries_fail), "every query failing: watched, yet nothing claimed");
	return done_testing();
}
