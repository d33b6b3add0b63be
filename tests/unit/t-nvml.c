/*
 * gpu/nvml.c and gpu/watch.c against the fake NVML: modes, clocks and
 * reasons, processes (gpuperf's own told apart, in a PID namespace too),
 * the sampling thread, utilization where processes are hidden, and the
 * NVLink between two GPUs.
 */
#include <dlfcn.h>
#include <string.h>
#include <time.h>
#include "gpu/nvml.h"
#include "gpu/watch.h"
#include "model/trust.h"
#include "tests/unit/nvml-fake.h"
#include "tests/unit/unit.h"

#define BUS "0000:18:00.0"
#define PEER "0000:19:00.0"

static volatile int *calls;  /* the fake's clock readings */

static void wait_calls(int more)
{
	int target = *calls + more;

	for (int i = 0; i < 500 && *calls < target; i++)
		usleep(2000);
}

/* A container: NVML gives host PIDs; gpuperf's is the one new after the opening. */
static int host_pids(void)
{
	struct trust_summary s;
	struct trust_modes m;
	struct gp_watch *w;
	int bad = 0;

	setenv("FAKE_NVML_PROCS", "4242:100", 1);
	CHILD_CHECK(&bad, watch_before_open(BUS, &m) == 0, "read before the opening");
	setenv("FAKE_NVML_PROCS", "4242:100,777777:60", 1);  /* 777777: gpuperf, as the host sees it */
	w = watch_new(10);
	watch_add(w, BUS);
	usleep(40000);
	watch_finish(w, &s);
	watch_free(w);
	CHILD_CHECK(&bad, s.procs == TRUST_PROCS_VISIBLE, "the list is complete");
	CHILD_CHECK(&bad, s.nothers == 1 && s.others[0].pid == 4242, "the other one is 4242");
	CHILD_CHECK(&bad, s.others[0].name[0] == '\0', "no name from a /proc of another PID space");
	CHILD_CHECK(&bad, s.others[0].mem_bytes == 100ull << 20, "its memory");
	CHILD_CHECK(&bad, trust_contended(&s) == 1, "contended");
	return bad;
}

/* A PID namespace that hides everything: memory in use before the opening decides, once. */
static int hidden(void)
{
	struct trust_summary s;
	struct trust_modes m;
	struct gp_watch *w;
	int bad = 0;

	setenv("FAKE_NVML_PROCS", "4242:100", 1);
	setenv("FAKE_NVML_USED_MIB", "3000", 1);
	watch_before_open(BUS, &m);
	w = watch_new(10);
	watch_add(w, BUS);
	watch_finish(w, &s);
	watch_free(w);
	CHILD_CHECK(&bad, s.procs == TRUST_PROCS_HIDDEN, "gpuperf not in the list: hidden");
	CHILD_CHECK(&bad, s.mem_before == 3000ll << 20, "memory in use before the opening");
	CHILD_CHECK(&bad, trust_contended(&s) == 1, "contended from memory");
	/* a later step on the same device: gpuperf's own memory is in there now */
	w = watch_new(10);
	watch_add(w, BUS);
	watch_finish(w, &s);
	watch_free(w);
	CHILD_CHECK(&bad, s.mem_before == -1 && trust_contended(&s) == -1,
		    "a second watch of the device cannot use memory");
	return bad;
}

static int hidden_idle(void)
{
	struct trust_summary s;
	struct trust_modes m;
	struct gp_watch *w;
	int bad = 0;

	setenv("FAKE_NVML_PROCS", "", 1);
	setenv("FAKE_NVML_USED_MIB", "0", 1);
	watch_before_open(BUS, &m);
	w = watch_new(10);
	watch_add(w, BUS);
	watch_finish(w, &s);
	watch_free(w);
	CHILD_CHECK(&bad, s.procs == TRUST_PROCS_HIDDEN && trust_contended(&s) == -1,
		    "an empty list and no memory in use: cannot tell");
	return bad;
}

static void modes_and_refusal(void)
{
	struct trust_modes m;
	char buf[512];

	setenv("FAKE_NVML_MIG", "ns", 1);
	setenv("FAKE_NVML_PERSIST", "0", 1);
	ok(watch_before_open(BUS, &m) == 0, "modes read before the opening");
	ok(m.ecc == 1 && m.ecc_pending == 1 && m.persistence == 0 && m.compute_mode == 0,
	   "ECC, persistence and compute mode");
	ok(m.mig == 0, "a GPU without MIG support is no slice");
	setenv("FAKE_NVML_MIG", "1", 1);
	watch_before_open(BUS, &m);
	ok(m.mig == 1 && trust_refusal(&m, "bandwidth", buf, sizeof(buf)) != NULL,
	   "MIG on: bandwidth is refused before the device opens");
	setenv("FAKE_NVML_MIG", "0", 1);
	setenv("FAKE_NVML_PERSIST", "1", 1);
}

static void watch_self(void)
{
	struct trust_summary s;
	struct trust_modes m;
	struct gp_watch *w;
	char buf[64];

	setenv("FAKE_NVML_PROCS", "self:300,999999:100", 1);
	setenv("FAKE_NVML_REASONS", "1", 1);
	watch_before_open(BUS, &m);
	w = watch_new(10);
	watch_add(w, BUS);
	watch_add(w, BUS);  /* a later step of all adds it again: once only */
	wait_calls(3);
	setenv("FAKE_NVML_REASONS", "4", 1);  /* the power cap, busy */
	setenv("FAKE_NVML_SM", "1500", 1);
	wait_calls(3);
	watch_finish(w, &s);
	watch_free(w);
	setenv("FAKE_NVML_REASONS", "1", 1);
	setenv("FAKE_NVML_SM", "1980", 1);
	ok(s.watched && s.devices == 1, "one device watched");
	ok(s.samples >= 6, "the thread sampled while it ran (%d readings)", s.samples);
	ok(s.procs == TRUST_PROCS_VISIBLE && s.nothers == 1 && s.others[0].pid == 999999,
	   "gpuperf's own PID is left out, the other kept");
	is_int(trust_contended(&s), 1, "contended");
	is_int(s.reasons, TRUST_REASON_SW_POWER, "the power cap seen, idle left out");
	is_str(trust_throttled(&s, buf, sizeof(buf)), "power_cap", "throttled: power_cap");
	is_int(s.sm_min_mhz, 1500, "the lowest SM clock of a busy GPU");
	is_int(s.sm_max_mhz, 1980, "the maximum SM clock");
	ok(s.seconds > 0, "the watch lasted %.3f s", s.seconds);

	setenv("FAKE_NVML_PROCS", "self:300", 1);
	w = watch_new(10);
	watch_add(w, BUS);
	watch_finish(w, &s);
	watch_free(w);
	ok(trust_contended(&s) == 0 && trust_throttled(&s, buf, sizeof(buf)) &&
	   !strcmp(buf, "no"), "alone and at full clocks: contended 0, throttled no");

	w = watch_new(10);
	watch_add(w, BUS);
	watch_free(w);  /* freed without finishing: the thread is stopped */
	ok(1, "a watch freed while sampling stops its thread");
	watch_finish(NULL, &s);
	ok(!s.watched, "no watch: nothing watched");
}

static void procs_many(void)
{
	char list[2048] = "self:1";
	struct trust_proc p[4];
	struct nvml_gpu g;
	const char *why;

	for (int i = 0; i < 70; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), ",%d:1", 100 + i);
	setenv("FAKE_NVML_PROCS", list, 1);
	nvml_gpu_open(BUS, &g, &why);
	is_int(nvml_read_procs(&g, p, 4), 71, "a list longer than the first buffer is read whole");
	is_int(p[1].pid, 100, "the first entries stored");
	setenv("FAKE_NVML_PROCS", "self:300", 1);
}

static void nvlink(void)
{
	struct nvml_gpu a, b;
	struct nvml_nvlink l;
	const char *why;

	nvml_gpu_open(BUS, &a, &why);
	nvml_gpu_open(PEER, &b, &why);
	ok(!nvml_nvlink_between(&a, &b, &l) && l.links == 0, "no NVLink: none");
	setenv("FAKE_NVML_LINKS", "direct:18:6", 1);
	setenv("FAKE_NVML_PEER", PEER, 1);
	ok(!nvml_nvlink_between(&a, &b, &l) && l.links == 18 && !l.via_switch && l.version == 6,
	   "18 direct links to the peer (its bus id in NVML's own format)");
	setenv("FAKE_NVML_PEER", "0000:3a:00.0", 1);
	ok(!nvml_nvlink_between(&a, &b, &l) && l.links == 0, "links to another GPU do not count");
	setenv("FAKE_NVML_LINKS", "switch:18:6", 1);
	ok(!nvml_nvlink_between(&a, &b, &l) && l.links == 18 && l.via_switch,
	   "through NVSwitch: the switch links");
	setenv("FAKE_NVML_P2P", "1", 1);
	ok(!nvml_nvlink_between(&a, &b, &l) && l.links == 0, "switches, but NVML says no NVLink P2P");
	unsetenv("FAKE_NVML_P2P");
	unsetenv("FAKE_NVML_LINKS");
}

int main(void)
{
	void *lib;

	setenv("GPUPERF_NVML_LIB", fake_nvml_path(), 1);
	ok(in_child(host_pids), "host PIDs (a container): gpuperf told apart, the other process flagged");
	ok(in_child(hidden), "processes hidden: memory in use before the opening is contention, once");
	ok(in_child(hidden_idle), "processes hidden, GPU idle: contended unknown");
	ok(nvml_unavailable() == NULL, "the fake NVML loads and starts");
	lib = dlopen(fake_nvml_path(), RTLD_NOW | RTLD_NOLOAD);
	calls = lib ? dlsym(lib, "fake_nvml_calls") : NULL;
	if (!calls) {
		ok(0, "the fake's call counter");
		return done_testing();
	}
	modes_and_refusal();
	watch_self();
	procs_many();
	nvlink();
	dlclose(lib);
	return done_testing();
}
