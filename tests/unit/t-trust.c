/*
 * The interpretation of a watch summary (model/trust.c) and the NVLink
 * arithmetic (model/nvlink.c), on fabricated summaries: flags, warnings,
 * refusals and the stability verdict.
 */
#include <math.h>
#include <string.h>
#include "model/nvlink.h"
#include "model/trust.h"
#include "tests/unit/unit.h"

/* An idle, watched device: gpuperf alone in the process list, clocks at their maximum. */
static struct trust_summary idle(void)
{
	struct trust_summary s;

	trust_unwatched(&s, NULL);
	s.watched = 1;
	s.devices = 1;
	s.samples = 5;
	s.procs = TRUST_PROCS_VISIBLE;
	s.mem_before = 0;
	s.modes = (struct trust_modes){ 1, 1, 1, 0, 0, TRUST_COMPUTE_DEFAULT };
	s.sm_max_mhz = 1980;
	s.mem_max_mhz = 2619;
	s.sm_min_mhz = 1980;
	s.mem_min_mhz = 2619;
	s.reasons_read = 5;
	return s;
}

static int any_has(char lines[][TRUST_LINE], size_t n, const char *needle)
{
	for (size_t i = 0; i < n; i++)
		if (strstr(lines[i], needle))
			return 1;
	return 0;
}

static void flags(void)
{
	struct trust_summary s = idle(), u;
	char buf[128];

	is_int(trust_contended(&s), 0, "idle, gpuperf alone in the list: not contended");
	is_str(trust_throttled(&s, buf, sizeof(buf)), "no", "idle: throttled says no");
	trust_unwatched(&u, "NVML not found");
	is_int(trust_contended(&u), -1, "not watched: contended unknown");
	ok(trust_throttled(&u, buf, sizeof(buf)) == NULL, "not watched: throttled unknown (empty)");
	is_str(u.why, "NVML not found", "the reason is kept");

	s.nothers = 1;
	s.others[0] = (struct trust_proc){ 4242, "python", 20ull << 30 };
	is_int(trust_contended(&s), 1, "another process seen: contended");

	s = idle();
	s.reasons = TRUST_REASON_SW_POWER | TRUST_REASON_HW_THERMAL;
	is_str(trust_throttled(&s, buf, sizeof(buf)), "power_cap+hw_thermal",
	       "throttled names the reasons, '+' between them");
	s.reasons = TRUST_REASON_IDLE;
	is_str(trust_throttled(&s, buf, sizeof(buf)), "no", "idle alone is no slowdown");
	s.reasons_read = 0;
	ok(trust_throttled(&s, buf, sizeof(buf)) == NULL, "watched but no reason ever read: unknown");

	s = idle();
	s.procs = TRUST_PROCS_HIDDEN;
	is_int(trust_contended(&s), -1, "hidden process list, GPU idle before: cannot tell");
	s.mem_before = 3ll << 30;
	is_int(trust_contended(&s), 1, "hidden list, 3 GiB in use before gpuperf opened it: contended");
	s.mem_before = 100ll << 20;
	is_int(trust_contended(&s), -1, "100 MiB in use before: no CUDA context, cannot tell");
	s.mem_before = -1;
	is_int(trust_contended(&s), -1, "not known (gpuperf already held memory): cannot tell");
	s = idle();
	s.mem_before = 3ll << 30;
	is_int(trust_contended(&s), 0, "a visible list is believed over utilization");
}

static void warnings(void)
{
	char lines[TRUST_MAX_WARNINGS][TRUST_LINE];
	struct trust_summary s = idle(), u;
	size_t n;

	is_int(trust_warnings(&s, "device 0", lines, TRUST_MAX_WARNINGS), 0, "idle: no warning");
	trust_unwatched(&u, "NVML not found");
	is_int(trust_warnings(&u, "device 0", lines, TRUST_MAX_WARNINGS), 0,
	       "not watched: no warning (the columns stay empty)");

	s.nothers = 5;
	s.others[0] = (struct trust_proc){ 4242, "python", 20ull << 30 };
	s.others[1] = (struct trust_proc){ 77, "", 0 };
	s.others[2] = (struct trust_proc){ 78, "hog", 0 };
	n = trust_warnings(&s, "device 0", lines, TRUST_MAX_WARNINGS);
	is_int(n, 1, "contention: one warning");
	ok(strstr(lines[0], "device 0: another process") && strstr(lines[0], "pid 4242 (python, 20.0 GiB)") &&
	   strstr(lines[0], "pid 77,") && strstr(lines[0], "pid 78 (hog)") && strstr(lines[0], "and 2 more") &&
	   strstr(lines[0], "contended") && strstr(lines[0], "idle GPU"),
	   "it names the processes, the flag and what to do: %s", lines[0]);

	s = idle();
	s.reasons = TRUST_REASON_SW_POWER | TRUST_REASON_IDLE;
	s.sm_min_mhz = 1410;
	n = trust_warnings(&s, "device 1", lines, TRUST_MAX_WARNINGS);
	is_int(n, 1, "power cap: one warning");
	ok(any_has(lines, n, "SM clock down to 1410 of 1980 MHz, power cap;") &&
	   any_has(lines, n, "throttled") && !any_has(lines, n, "idle"),
	   "it gives the clock, the reason (not idle) and the flag: %s", lines[0]);

	s = idle();
	s.mem_min_mhz = 1593;
	n = trust_warnings(&s, "device 0", lines, TRUST_MAX_WARNINGS);
	ok(n == 1 && strstr(lines[0], "memory clock ran at 1593 of 2619 MHz"),
	   "a memory clock below its maximum is said");

	s = idle();
	s.procs = TRUST_PROCS_HIDDEN;
	s.mem_before = 20ll << 30;
	n = trust_warnings(&s, "device 0", lines, TRUST_MAX_WARNINGS);
	ok(n == 1 && strstr(lines[0], "20.0 GiB of device memory were in use before gpuperf opened"),
	   "hidden list, busy GPU: the warning says what it rests on");

	s = idle();
	s.modes.mig = 1;
	n = trust_warnings(&s, "device 0", lines, TRUST_MAX_WARNINGS);
	ok(n == 1 && strstr(lines[0], "MIG slice"), "a MIG slice is said");

	s = idle();
	s.nothers = 1;
	s.reasons = TRUST_REASON_HW_SLOWDOWN;
	s.mem_min_mhz = 1000;
	s.modes.mig = 1;
	is_int(trust_warnings(&s, "d", lines, 2), 2, "no more warnings than room for");
}

static void refusals(void)
{
	struct trust_modes m = { 1, 1, 1, 0, 0, TRUST_COMPUTE_DEFAULT };
	char buf[512];
	const char *why;

	ok(!trust_refusal(&m, "bandwidth", buf, sizeof(buf)), "no MIG: bandwidth runs");
	m.mig = 1;
	why = trust_refusal(&m, "bandwidth", buf, sizeof(buf));
	ok(why && strstr(why, "MIG") && strstr(why, "slice's share") && strstr(why, "per slice") &&
	   strstr(why, "coalesce") && strstr(why, "pcie"),
	   "MIG: bandwidth refuses and says which figures are per slice");
	ok(trust_refusal(&m, "all", buf, sizeof(buf)) != NULL, "MIG: all refuses too");
	ok(trust_refusal(&m, "check", buf, sizeof(buf)) != NULL, "MIG: check refuses too");
	why = trust_refusal(&m, "p2p", buf, sizeof(buf));
	ok(why && strstr(why, "peer to peer"), "MIG: p2p refuses");
	ok(!trust_refusal(&m, "pcie", buf, sizeof(buf)) && !trust_refusal(&m, "banks", buf, sizeof(buf)) &&
	   !trust_refusal(&m, "info", buf, sizeof(buf)), "MIG: per-slice commands run");
	m.mig = -1;
	ok(!trust_refusal(&m, "bandwidth", buf, sizeof(buf)), "MIG unknown: no refusal");
	m.compute_mode = TRUST_COMPUTE_PROHIBITED;
	why = trust_refusal(&m, "info", buf, sizeof(buf));
	ok(why && strstr(why, "prohibited") && strstr(why, "nvidia-smi -c DEFAULT"),
	   "compute mode prohibited: every command refuses, saying how to lift it");
}

static void stability(void)
{
	struct trust_row rows[] = { { 0.2, "read 1 GiB" }, { 0.31, "copy 1 GiB" }, { NAN, "memcpy" } };
	struct trust_row contended[] = { { 126.0, "copy 1 GiB" }, { 78.0, "read 1 GiB" } };
	struct trust_row none[] = { { NAN, "x" } };
	struct trust_summary s = idle();
	char buf[256];
	size_t at = 9;

	is_str(trust_stability(rows, 3, NULL, buf, sizeof(buf)),
	       "stability: stable: CoV at most 0.31 % over 2 figures", "idle figures are stable");
	is_str(trust_stability(contended, 2, NULL, buf, sizeof(buf)),
	       "stability: unstable: CoV up to 126.0 % (copy 1 GiB), above 5 %: rerun on an idle GPU",
	       "the issue's contended CoVs are unstable, naming the worst figure");
	ok(trust_stability(none, 1, NULL, buf, sizeof(buf)) == NULL, "no CoV: no verdict");
	ok(trust_stability(rows, 0, NULL, buf, sizeof(buf)) == NULL, "no rows: no verdict");
	is_dbl(trust_max_cov(contended, 2, &at), 126.0, 1e-12, "largest CoV");
	is_int(at, 0, "and where");
	s.nothers = 1;
	s.reasons = TRUST_REASON_SW_THERMAL;
	is_str(trust_stability(rows, 3, &s, buf, sizeof(buf)),
	       "stability: stable: CoV at most 0.31 % over 2 figures; measured beside another "
	       "process; clocks held down (thermal (software))",
	       "a steady run beside another process still says so");
	rows[0].cov_pct = 5.0;
	ok(strstr(trust_stability(rows, 3, NULL, buf, sizeof(buf)), "stable: CoV at most 5.00") != NULL,
	   "5 %% itself is still stable");
	rows[0].cov_pct = 5.01;
	ok(strstr(trust_stability(rows, 3, NULL, buf, sizeof(buf)), "unstable") != NULL, "above 5 %% is not");
}

static void merge(void)
{
	struct trust_summary a = idle(), b = idle(), u;

	b.nothers = 1;
	b.others[0] = (struct trust_proc){ 9, "x", 0 };
	b.sm_min_mhz = 1500;
	b.reasons = TRUST_REASON_SW_POWER;
	b.procs = TRUST_PROCS_HIDDEN;
	trust_merge(&a, &b);
	is_int(a.devices, 2, "merged: two devices");
	is_int(a.nothers, 1, "the other device's process is kept");
	is_int(a.sm_min_mhz, 1500, "the lower clock is kept");
	is_int(a.reasons, TRUST_REASON_SW_POWER, "reasons add up");
	is_int(a.procs, TRUST_PROCS_HIDDEN, "visible only if both lists were");
	trust_merge(&a, &b);
	is_int(a.nothers, 1, "the same pid is not counted twice");
	trust_unwatched(&u, "no NVML");
	trust_merge(&u, &b);
	ok(u.watched && u.nothers == 1, "merging into an unwatched summary takes the watched one");
}

static void nvlink(void)
{
	char buf[32];

	is_int(nvlink_generation(6, 9, 0), 4, "enumeration 6 is NVLink 4.0");
	is_int(nvlink_generation(4, 9, 0), 4, "an older driver's plain 4 on Hopper is NVLink4");
	is_int(nvlink_generation(4, 8, 0), 3, "enumeration 4 on Ampere is NVLink 3.0");
	is_int(nvlink_generation(7, 10, 0), 5, "enumeration 7 is NVLink 5.0");
	is_int(nvlink_generation(0, 9, 0), 0, "0 is unknown");
	is_int(nvlink_generation(99, 9, 0), 0, "out of range is unknown");
	is_dbl(18 * nvlink_link_gbs(4), 450, 1e-9, "H100: 18 NVLink4 links carry 450 GB/s each way");
	is_dbl(12 * nvlink_link_gbs(3), 300, 1e-9, "A100: 12 NVLink3 links, 300 GB/s each way");
	is_dbl(nvlink_link_gbs(0), 0, 0, "unknown generation: no figure");
	is_str(nvlink_name(4, 18, buf, sizeof(buf)), "NVLink4 x18", "named as the issue writes it");
	is_str(nvlink_name(0, 2, buf, sizeof(buf)), "NVLink x2", "generation unknown");
}

int main(void)
{
	char buf[64];

	flags();
	warnings();
	refusals();
	stability();
	merge();
	nvlink();
	is_str(trust_reason_words(TRUST_REASON_APP_CLOCKS | TRUST_REASON_SYNC_BOOST, 0, ", ", buf,
				  sizeof(buf)), "applications clocks, sync boost", "reasons in words");
	is_str(trust_mode_text(0, 1, buf, sizeof(buf)), "off (on after a reset)", "a pending mode");
	is_str(trust_mode_text(-1, -1, buf, sizeof(buf)), "unknown", "an unknown mode");
	is_str(trust_compute_mode_name(3), "exclusive process", "compute mode names");
	return done_testing();
}
