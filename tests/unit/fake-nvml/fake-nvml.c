/*
 * A fake libnvidia-ml.so.1 for the unit tests of gpu/nvml.c and
 * gpu/watch.c (GPUPERF_NVML_LIB points at it): the functions gpuperf
 * calls, answering from environment variables read at every call, so a
 * test changes the GPU's state between readings.
 *
 *   FAKE_NVML_INIT=N        nvmlInit_v2 returns N (default 0)
 *   FAKE_NVML_NOHANDLE=1    no GPU is found by bus id
 *   FAKE_NVML_FAIL=1        every query of a device fails (error 999)
 *   FAKE_NVML_PROCS=LIST    compute processes, "pid:MiB,...", "self" for getpid()
 *   FAKE_NVML_REASONS=HEX   clock event reasons (default 1: idle)
 *   FAKE_NVML_SM, _SM_MAX, _MEM, _MEM_MAX   clocks in MHz
 *   FAKE_NVML_ECC, _PERSIST, _COMPUTE       modes; FAKE_NVML_MIG=0|1|ns
 *   FAKE_NVML_USED_MIB=N    device memory allocated (reserved memory aside)
 *   FAKE_NVML_LINKS=KIND:N:VERSION   NVLink of every GPU: KIND direct or switch
 *   FAKE_NVML_PEER=BUS      the far end of direct links
 *
 * fake_nvml_calls counts the clock readings (a test sees the thread sample).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define E_NOT_SUPPORTED 3
#define E_NOT_FOUND 6
#define E_INSUFFICIENT 7
#define E_UNKNOWN 999

int fake_nvml_calls;

struct proc {
	unsigned pid;
	unsigned long long used;
	unsigned gi, ci;
};
struct pci {
	char legacy[16];
	unsigned domain, bus, device, device_id, subsystem_id;
	char bus_id[32];
};
struct memory_v2 {
	unsigned version;
	unsigned long long total, reserved, free, used;
};

static char buses[8][32];

static long env(const char *name, long def)
{
	const char *v = getenv(name);

	return v && *v ? strtol(v, NULL, 0) : def;
}

static int failing(void)
{
	return env("FAKE_NVML_FAIL", 0) != 0;
}

int nvmlInit_v2(void);
int nvmlInit_v2(void)
{
	return (int)env("FAKE_NVML_INIT", 0);
}

const char *nvmlErrorString(int rc);
const char *nvmlErrorString(int rc)
{
	return rc == E_NOT_FOUND ? "Not Found" : rc == 9 ? "Driver Not Loaded" : "Unknown Error";
}

int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, void **h);
int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, void **h)
{
	if (env("FAKE_NVML_NOHANDLE", 0))
		return E_NOT_FOUND;
	for (size_t i = 0; i < 8; i++)
		if (!buses[i][0] || !strcmp(buses[i], bus)) {
			snprintf(buses[i], sizeof(buses[i]), "%s", bus);
			*h = (void *)(i + 1);
			return 0;
		}
	return E_NOT_FOUND;
}

int nvmlDeviceGetClockInfo(void *h, int type, unsigned *mhz);
int nvmlDeviceGetClockInfo(void *h, int type, unsigned *mhz)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	fake_nvml_calls += type == 1;
	*mhz = (unsigned)(type == 1 ? env("FAKE_NVML_SM", 1980) : env("FAKE_NVML_MEM", 2619));
	return 0;
}

int nvmlDeviceGetMaxClockInfo(void *h, int type, unsigned *mhz);
int nvmlDeviceGetMaxClockInfo(void *h, int type, unsigned *mhz)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	*mhz = (unsigned)(type == 1 ? env("FAKE_NVML_SM_MAX", 1980) : env("FAKE_NVML_MEM_MAX", 2619));
	return 0;
}

int nvmlDeviceGetCurrentClocksEventReasons(void *h, unsigned long long *r);
int nvmlDeviceGetCurrentClocksEventReasons(void *h, unsigned long long *r)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	*r = (unsigned long long)env("FAKE_NVML_REASONS", 1);
	return 0;
}

int nvmlDeviceGetEccMode(void *h, int *cur, int *pending);
int nvmlDeviceGetEccMode(void *h, int *cur, int *pending)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	*cur = (int)env("FAKE_NVML_ECC", 1);
	*pending = *cur;
	return 0;
}

int nvmlDeviceGetPersistenceMode(void *h, int *mode);
int nvmlDeviceGetPersistenceMode(void *h, int *mode)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	*mode = (int)env("FAKE_NVML_PERSIST", 1);
	return 0;
}

int nvmlDeviceGetMigMode(void *h, unsigned *cur, unsigned *pending);
int nvmlDeviceGetMigMode(void *h, unsigned *cur, unsigned *pending)
{
	const char *v = getenv("FAKE_NVML_MIG");

	(void)h;
	if (failing())
		return E_UNKNOWN;
	if (v && !strcmp(v, "ns"))
		return E_NOT_SUPPORTED;
	*cur = *pending = (unsigned)env("FAKE_NVML_MIG", 0);
	return 0;
}

int nvmlDeviceGetComputeMode(void *h, int *mode);
int nvmlDeviceGetComputeMode(void *h, int *mode)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	*mode = (int)env("FAKE_NVML_COMPUTE", 0);
	return 0;
}

int nvmlDeviceGetComputeRunningProcesses_v3(void *h, unsigned *count, struct proc *out);
int nvmlDeviceGetComputeRunningProcesses_v3(void *h, unsigned *count, struct proc *out)
{
	const char *list = getenv("FAKE_NVML_PROCS");
	char buf[512], *save = NULL;
	unsigned n = 0, cap = *count;

	(void)h;
	if (failing())
		return E_UNKNOWN;
	snprintf(buf, sizeof(buf), "%s", list ? list : "");
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), n++) {
		unsigned pid = !strncmp(tok, "self", 4) ? (unsigned)getpid() : (unsigned)strtoul(tok, NULL, 10);
		char *colon = strchr(tok, ':');

		if (n < cap)
			out[n] = (struct proc){ pid, colon ? strtoull(colon + 1, NULL, 10) << 20 : 0, ~0u, ~0u };
	}
	*count = n;
	return n > cap ? E_INSUFFICIENT : 0;
}

int nvmlDeviceGetMemoryInfo_v2(void *h, struct memory_v2 *m);
int nvmlDeviceGetMemoryInfo_v2(void *h, struct memory_v2 *m)
{
	(void)h;
	if (failing())
		return E_UNKNOWN;
	if (m->version != (sizeof(*m) | 2u << 24))
		return 2;  /* NVML refuses a wrong version: the caller's struct is off */
	m->total = 80ull << 30;
	m->reserved = 512ull << 20;
	m->used = (unsigned long long)env("FAKE_NVML_USED_MIB", 0) << 20;
	m->free = m->total - m->reserved - m->used;
	return 0;
}

/* FAKE_NVML_LINKS: kind (0 direct, 2 switch), links, version. */
static int links(int *kind, unsigned *n, unsigned *version)
{
	const char *v = getenv("FAKE_NVML_LINKS");

	if (!v || !*v)
		return 0;
	*kind = !strncmp(v, "switch", 6) ? 2 : 0;
	return sscanf(strchr(v, ':') ? strchr(v, ':') + 1 : "", "%u:%u", n, version) == 2;
}

int nvmlDeviceGetNvLinkState(void *h, unsigned link, int *active);
int nvmlDeviceGetNvLinkState(void *h, unsigned link, int *active)
{
	int kind;
	unsigned n, version;

	(void)h;
	if (link >= 18)
		return 2;  /* invalid argument */
	*active = links(&kind, &n, &version) && link < n;
	return 0;
}

int nvmlDeviceGetNvLinkVersion(void *h, unsigned link, unsigned *version);
int nvmlDeviceGetNvLinkVersion(void *h, unsigned link, unsigned *version)
{
	int kind;
	unsigned n;

	(void)h, (void)link;
	return links(&kind, &n, version) ? 0 : E_NOT_SUPPORTED;
}

int nvmlDeviceGetNvLinkRemoteDeviceType(void *h, unsigned link, int *type);
int nvmlDeviceGetNvLinkRemoteDeviceType(void *h, unsigned link, int *type)
{
	unsigned n, version;

	(void)h, (void)link;
	return links(type, &n, &version) ? 0 : E_NOT_SUPPORTED;
}

int nvmlDeviceGetNvLinkRemotePciInfo_v2(void *h, unsigned link, struct pci *pci);
int nvmlDeviceGetNvLinkRemotePciInfo_v2(void *h, unsigned link, struct pci *pci)
{
	const char *peer = getenv("FAKE_NVML_PEER");

	(void)h, (void)link;
	memset(pci, 0, sizeof(*pci));
	/* NVML's own format: 8-digit domain, upper case */
	if (peer) {
		unsigned d, b, dev, fn;

		if (sscanf(peer, "%x:%x:%x.%x", &d, &b, &dev, &fn) == 4)
			snprintf(pci->bus_id, sizeof(pci->bus_id), "%08X:%02X:%02X.%X", d, b, dev, fn);
	}
	return 0;
}

int nvmlDeviceGetP2PStatus(void *a, void *b, int index, int *status);
int nvmlDeviceGetP2PStatus(void *a, void *b, int index, int *status)
{
	(void)a, (void)b, (void)index;
	*status = (int)env("FAKE_NVML_P2P", 0);
	return 0;
}
