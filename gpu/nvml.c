/*
 * NVML through dlopen/dlsym (gpu/nvml.h).  The prototypes are declared
 * here, from the NVML API reference, so that the build needs no NVML
 * header: every function returns an int (0 is success), a device is an
 * opaque pointer, enumerations are ints.  A function the library lacks
 * leaves its fields unknown; only init and the lookup by bus id are
 * required.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/nvml.h"

#define NVML_SONAME "libnvidia-ml.so.1"  /* the driver's; the unversioned name is a toolkit stub */
#define NV_ERROR_NOT_SUPPORTED 3
#define NV_ERROR_INSUFFICIENT_SIZE 7
#define NV_VALUE_NOT_AVAILABLE (~0ull)
#define NV_CLOCK_SM 1
#define NV_CLOCK_MEM 2
#define NV_NVLINK_DEVICE_GPU 0
#define NV_NVLINK_DEVICE_SWITCH 2
#define NV_P2P_CAPS_NVLINK 2
#define NV_MAX_LINKS 32       /* NVML has 18 (NVML_NVLINK_MAX_LINKS); later ones are refused */

typedef struct nv_device *nv_device;

/* nvmlProcessInfo_v2_t (used by _v2 and _v3) and the older nvmlProcessInfo_v1_t. */
struct nv_proc_v2 {
	unsigned pid;
	unsigned long long used;
	unsigned gpu_instance, compute_instance;
};
struct nv_proc_v1 {
	unsigned pid;
	unsigned long long used;
};
/* nvmlPciInfo_t */
struct nv_pci {
	char bus_id_legacy[16];
	unsigned domain, bus, device, device_id, subsystem_id;
	char bus_id[32];
};
/* nvmlMemory_v2_t, whose version field is its size | 2 << 24 */
struct nv_memory_v2 {
	unsigned version;
	unsigned long long total, reserved, free, used;
};

#define NVML_FUNCTIONS(X) \
	X(int, nvmlInit_v2, (void)) \
	X(const char *, nvmlErrorString, (int)) \
	X(int, nvmlDeviceGetHandleByPciBusId_v2, (const char *, nv_device *)) \
	X(int, nvmlDeviceGetClockInfo, (nv_device, int, unsigned *)) \
	X(int, nvmlDeviceGetMaxClockInfo, (nv_device, int, unsigned *)) \
	X(int, nvmlDeviceGetCurrentClocksEventReasons, (nv_device, unsigned long long *)) \
	X(int, nvmlDeviceGetCurrentClocksThrottleReasons, (nv_device, unsigned long long *)) \
	X(int, nvmlDeviceGetEccMode, (nv_device, int *, int *)) \
	X(int, nvmlDeviceGetPersistenceMode, (nv_device, int *)) \
	X(int, nvmlDeviceGetMigMode, (nv_device, unsigned *, unsigned *)) \
	X(int, nvmlDeviceGetComputeMode, (nv_device, int *)) \
	X(int, nvmlDeviceGetComputeRunningProcesses_v3, (nv_device, unsigned *, struct nv_proc_v2 *)) \
	X(int, nvmlDeviceGetComputeRunningProcesses_v2, (nv_device, unsigned *, struct nv_proc_v2 *)) \
	X(int, nvmlDeviceGetComputeRunningProcesses, (nv_device, unsigned *, struct nv_proc_v1 *)) \
	X(int, nvmlDeviceGetMemoryInfo_v2, (nv_device, struct nv_memory_v2 *)) \
	X(int, nvmlDeviceGetNvLinkState, (nv_device, unsigned, int *)) \
	X(int, nvmlDeviceGetNvLinkVersion, (nv_device, unsigned, unsigned *)) \
	X(int, nvmlDeviceGetNvLinkRemotePciInfo_v2, (nv_device, unsigned, struct nv_pci *)) \
	X(int, nvmlDeviceGetNvLinkRemoteDeviceType, (nv_device, unsigned, int *)) \
	X(int, nvmlDeviceGetP2PStatus, (nv_device, nv_device, int, int *)) \
	X(int, nvmlDeviceGetSerial, (nv_device, char *, unsigned)) \
	X(int, nvmlSystemGetDriverVersion, (char *, unsigned)) \
	X(int, nvmlDeviceGetTotalEccErrors, (nv_device, int, int, unsigned long long *)) \
	X(int, nvmlDeviceGetRemappedRows, (nv_device, unsigned *, unsigned *, unsigned *, unsigned *)) \
	X(int, nvmlDeviceGetRetiredPages, (nv_device, int, unsigned *, unsigned long long *)) \
	X(int, nvmlDeviceGetRetiredPagesPendingStatus, (nv_device, int *))

static struct {
#define DECLARE(ret, name, args) ret (*name) args;
	NVML_FUNCTIONS(DECLARE)
#undef DECLARE
} nv;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char why_not[320];
static int usable;

static void load(void)
{
	const char *env = getenv("GPUPERF_NVML_LIB");
	const char *name = env && *env ? env : NVML_SONAME;
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL), *p;
	int rc;

	if (!lib) {
		const char *err = dlerror();
		size_t k = strlen(name);

		/* dlerror() starts with the name already given */
		if (err && !strncmp(err, name, k))
			err += k + strspn(err + k, ": ");
		snprintf(why_not, sizeof(why_not), "NVML not found (%s%s: %s)", name,
			 env && *env ? ", from GPUPERF_NVML_LIB" : "", err ? err : "cannot be loaded");
		return;
	}
#define RESOLVE(ret, fn, args) \
	p = dlsym(lib, #fn); \
	memcpy(&nv.fn, &p, sizeof(p));
	NVML_FUNCTIONS(RESOLVE)
#undef RESOLVE
	if (!nv.nvmlInit_v2 || !nv.nvmlDeviceGetHandleByPciBusId_v2) {
		snprintf(why_not, sizeof(why_not), "NVML too old (%s lacks nvmlInit_v2 or "
			 "nvmlDeviceGetHandleByPciBusId_v2)", name);
		return;  /* the library stays loaded: harmless */
	}
	if ((rc = nv.nvmlInit_v2())) {
		snprintf(why_not, sizeof(why_not), "NVML failed to start: %s (error %d)",
			 nv.nvmlErrorString ? nv.nvmlErrorString(rc) : "unknown error", rc);
		return;
	}
	usable = 1;  /* never shut down: the watch may still read until exit */
}

const char *nvml_unavailable(void)
{
	pthread_once(&once, load);
	return usable ? NULL : why_not;
}

int nvml_gpu_open(const char *bus_id, struct nvml_gpu *g, const char **why)
{
	static char msg[160];
	nv_device h;
	int rc;

	memset(g, 0, sizeof(*g));
	if ((*why = nvml_unavailable()))
		return -1;
	if ((rc = nv.nvmlDeviceGetHandleByPciBusId_v2(bus_id, &h))) {
		/* one message for every thread: the text is the same for a given failure */
		snprintf(msg, sizeof(msg), "NVML does not know the GPU at %s: %s", bus_id,
			 nv.nvmlErrorString ? nv.nvmlErrorString(rc) : "error");
		*why = msg;
		return -1;
	}
	g->handle = h;
	snprintf(g->bus_id, sizeof(g->bus_id), "%s", bus_id);
	return 0;
}

static unsigned clock_of(int (*fn)(nv_device, int, unsigned *), nv_device h, int type)
{
	unsigned v = 0;

	return fn && !fn(h, type, &v) ? v : 0;
}

int nvml_read_clocks(const struct nvml_gpu *g, struct nvml_clocks *c)
{
	nv_device h = g->handle;
	int (*reasons)(nv_device, unsigned long long *) = nv.nvmlDeviceGetCurrentClocksEventReasons ?
		nv.nvmlDeviceGetCurrentClocksEventReasons : nv.nvmlDeviceGetCurrentClocksThrottleReasons;

	memset(c, 0, sizeof(*c));
	c->sm_mhz = clock_of(nv.nvmlDeviceGetClockInfo, h, NV_CLOCK_SM);
	c->mem_mhz = clock_of(nv.nvmlDeviceGetClockInfo, h, NV_CLOCK_MEM);
	c->sm_max_mhz = clock_of(nv.nvmlDeviceGetMaxClockInfo, h, NV_CLOCK_SM);
	c->mem_max_mhz = clock_of(nv.nvmlDeviceGetMaxClockInfo, h, NV_CLOCK_MEM);
	c->reasons_known = reasons && !reasons(h, &c->reasons);
	if (!c->reasons_known)
		c->reasons = 0;
	return c->sm_mhz || c->mem_mhz || c->reasons_known ? 0 : -1;
}

int nvml_read_modes(const struct nvml_gpu *g, struct trust_modes *m)
{
	nv_device h = g->handle;
	unsigned cur, pending;
	int a, b, rc, any = 0;

	*m = (struct trust_modes){ -1, -1, -1, -1, -1, -1 };
	if (nv.nvmlDeviceGetEccMode && !nv.nvmlDeviceGetEccMode(h, &a, &b)) {
		m->ecc = a != 0;
		m->ecc_pending = b != 0;
		any = 1;
	}
	if (nv.nvmlDeviceGetPersistenceMode && !nv.nvmlDeviceGetPersistenceMode(h, &a)) {
		m->persistence = a != 0;
		any = 1;
	}
	if (nv.nvmlDeviceGetMigMode) {
		rc = nv.nvmlDeviceGetMigMode(h, &cur, &pending);
		if (!rc) {
			m->mig = cur != 0;
			m->mig_pending = pending != 0;
			any = 1;
		} else if (rc == NV_ERROR_NOT_SUPPORTED) {
			m->mig = m->mig_pending = 0;  /* a GPU without MIG is no slice */
		}
	}
	if (nv.nvmlDeviceGetComputeMode && !nv.nvmlDeviceGetComputeMode(h, &a)) {
		m->compute_mode = a;
		any = 1;
	}
	return any ? 0 : -1;
}

/* One call of the newest process query the library has into v2 records; rc. */
static int query_procs(nv_device h, unsigned *count, struct nv_proc_v2 *out)
{
	struct nv_proc_v1 *v1;
	int rc;

	if (nv.nvmlDeviceGetComputeRunningProcesses_v3)
		return nv.nvmlDeviceGetComputeRunningProcesses_v3(h, count, out);
	if (nv.nvmlDeviceGetComputeRunningProcesses_v2)
		return nv.nvmlDeviceGetComputeRunningProcesses_v2(h, count, out);
	if (!nv.nvmlDeviceGetComputeRunningProcesses)
		return NV_ERROR_NOT_SUPPORTED;
	v1 = calloc(*count ? *count : 1, sizeof(*v1));
	if (!v1)
		return NV_ERROR_NOT_SUPPORTED;
	rc = nv.nvmlDeviceGetComputeRunningProcesses(h, count, v1);
	for (unsigned i = 0; !rc && i < *count; i++)
		out[i] = (struct nv_proc_v2){ v1[i].pid, v1[i].used, ~0u, ~0u };
	free(v1);
	return rc;
}

int nvml_read_procs(const struct nvml_gpu *g, struct trust_proc *p, size_t max)
{
	unsigned cap = 64, count;
	struct nv_proc_v2 *buf = NULL;
	int rc = NV_ERROR_INSUFFICIENT_SIZE;

	/* The list can grow between the calls: ask again with room for what was said. */
	for (int tries = 0; rc == NV_ERROR_INSUFFICIENT_SIZE && tries < 3; tries++) {
		free(buf);
		buf = calloc(cap, sizeof(*buf));
		if (!buf)
			return -1;
		count = cap;
		rc = query_procs(g->handle, &count, buf);
		cap = count > cap ? count + 16 : cap * 2;
	}
	if (rc) {
		free(buf);
		return -1;
	}
	for (unsigned i = 0; i < count && i < max; i++) {
		memset(&p[i], 0, sizeof(p[i]));
		p[i].pid = buf[i].pid;
		p[i].mem_bytes = buf[i].used == NV_VALUE_NOT_AVAILABLE ? 0 : buf[i].used;
	}
	free(buf);
	return (int)count;
}

int nvml_read_mem_used(const struct nvml_gpu *g, unsigned long long *bytes)
{
	struct nv_memory_v2 m = { (unsigned)sizeof(struct nv_memory_v2) | 2u << 24, 0, 0, 0, 0 };

	*bytes = 0;
	if (!nv.nvmlDeviceGetMemoryInfo_v2 || nv.nvmlDeviceGetMemoryInfo_v2(g->handle, &m))
		return -1;
	*bytes = m.used;
	return 0;
}

/* Same PCI function, whatever the domain's digits or the case: "00000000:1B:00.0" = "0000:1b:00.0". */
static int same_bus(const char *a, const char *b)
{
	unsigned x[4], y[4];

	return sscanf(a, "%x:%x:%x.%x", &x[0], &x[1], &x[2], &x[3]) == 4 &&
	       sscanf(b, "%x:%x:%x.%x", &y[0], &y[1], &y[2], &y[3]) == 4 &&
	       !memcmp(x, y, sizeof(x));
}

/* Active links of h: those to the GPU at peer_bus (*direct), those to NVSwitches (*to_switch). */
static int count_links(nv_device h, const char *peer_bus, int *direct, int *to_switch,
		       unsigned *version)
{
	int seen = 0;

	*direct = *to_switch = 0;
	*version = 0;
	for (unsigned link = 0; link < NV_MAX_LINKS; link++) {
		struct nv_pci pci;
		int active = 0, type = NV_NVLINK_DEVICE_GPU, counted = 0;
		unsigned v;

		if (nv.nvmlDeviceGetNvLinkState(h, link, &active) || !active)
			continue;
		seen = 1;
		if (nv.nvmlDeviceGetNvLinkRemoteDeviceType &&
		    nv.nvmlDeviceGetNvLinkRemoteDeviceType(h, link, &type))
			type = NV_NVLINK_DEVICE_GPU;
		if (type == NV_NVLINK_DEVICE_SWITCH) {
			++*to_switch;
			counted = 1;
		} else if (type == NV_NVLINK_DEVICE_GPU && peer_bus &&
			   !nv.nvmlDeviceGetNvLinkRemotePciInfo_v2(h, link, &pci) &&
			   (same_bus(pci.bus_id, peer_bus) || same_bus(pci.bus_id_legacy, peer_bus))) {
			++*direct;
			counted = 1;
		}
		if (counted && !*version && nv.nvmlDeviceGetNvLinkVersion &&
		    !nv.nvmlDeviceGetNvLinkVersion(h, link, &v))
			*version = v;
	}
	return seen;
}

int nvml_nvlink_between(const struct nvml_gpu *a, const struct nvml_gpu *b, struct nvml_nvlink *l)
{
	int direct, sw_a, sw_b, dummy, status = -1;
	unsigned va, vb;

	memset(l, 0, sizeof(*l));
	if (nvml_unavailable() || !nv.nvmlDeviceGetNvLinkState)
		return -1;
	if (!count_links(a->handle, b->bus_id, &direct, &sw_a, &va))
		return 0;  /* no active NVLink at all */
	if (direct) {
		l->links = direct;
		l->version = va;
		return 0;
	}
	if (!sw_a)
		return 0;
	count_links(b->handle, NULL, &dummy, &sw_b, &vb);
	if (!sw_b || !nv.nvmlDeviceGetP2PStatus ||
	    nv.nvmlDeviceGetP2PStatus(a->handle, b->handle, NV_P2P_CAPS_NVLINK, &status) || status)
		return 0;
	l->links = sw_a < sw_b ? sw_a : sw_b;
	l->via_switch = 1;
	l->version = va ? va : vb;
	return 0;
}

#define NV_MEMORY_ERROR_UNCORRECTED 1
#define NV_VOLATILE_ECC 0
#define NV_RETIRED_CAUSES 2   /* multiple single-bit errors, double-bit errors */

/* Pages retired for either cause (before Ampere); -1 unknown. */
static long long retired_pages(nv_device h, int *pending)
{
	long long total = 0;
	int p = 0;

	if (!nv.nvmlDeviceGetRetiredPages)
		return -1;
	for (int cause = 0; cause < NV_RETIRED_CAUSES; cause++) {
		unsigned count = 0;
		int rc = nv.nvmlDeviceGetRetiredPages(h, cause, &count, NULL);

		if (rc && rc != NV_ERROR_INSUFFICIENT_SIZE)
			return -1;
		total += count;
	}
	if (nv.nvmlDeviceGetRetiredPagesPendingStatus &&
	    !nv.nvmlDeviceGetRetiredPagesPendingStatus(h, &p))
		*pending = p != 0;
	return total;
}

void nvml_read_health(const struct nvml_gpu *g, struct nvml_health *hl)
{
	nv_device h = g->handle;
	unsigned long long ecc;
	unsigned corr, unc, pending, failed;

	memset(hl, 0, sizeof(*hl));
	hl->ecc_uncorrected = hl->retired_rows = -1;
	hl->row_failure = -1;
	if (nv.nvmlDeviceGetSerial && nv.nvmlDeviceGetSerial(h, hl->serial, sizeof(hl->serial)))
		hl->serial[0] = '\0';
	if (nv.nvmlSystemGetDriverVersion &&
	    nv.nvmlSystemGetDriverVersion(hl->driver, sizeof(hl->driver)))
		hl->driver[0] = '\0';
	if (nv.nvmlDeviceGetTotalEccErrors &&
	    !nv.nvmlDeviceGetTotalEccErrors(h, NV_MEMORY_ERROR_UNCORRECTED, NV_VOLATILE_ECC, &ecc))
		hl->ecc_uncorrected = (long long)ecc;
	if (nv.nvmlDeviceGetRemappedRows &&
	    !nv.nvmlDeviceGetRemappedRows(h, &corr, &unc, &pending, &failed)) {
		hl->retired_rows = (long long)corr + unc;
		hl->row_failure = pending || failed;
		return;
	}
	hl->row_failure = 0;
	hl->retired_rows = retired_pages(h, &hl->row_failure);
	if (hl->retired_rows < 0)
		hl->row_failure = -1;
}
