/*
 * The library as the program's NVTX tool.  gpuperf profile --by range
 * names it in NVTX_INJECTION64_PATH; at a module's first NVTX call, NVTX
 * loads it and calls InitializeInjectionNvtx2, which points that module's
 * range functions here (NVTX's export table: nvtx3/nvtxDetail/nvtxTypes.h).
 * Being the tool itself, rather than pointing NVTX at libcupti and
 * listening through CUPTI's NVTX callbacks, sees the ranges opened before
 * the program's first CUDA call (which loads the rest of the library), and
 * cannot meet a second copy of CUPTI (PyTorch ships its own): NVTX would
 * load the one the variable names, the library uses the one in the process.
 *
 * Push/pop ranges are the thread's: a stack per thread, each level with
 * its domain (nvtxDomainRangePop pops its domain's innermost).  Start/end
 * ranges may end on another thread: they are the process's, open around
 * every thread's launches, outermost and in the order they started.  Marks,
 * names of threads and devices, sync and resource calls are left to NVTX's
 * no-ops.  Cheap: a push interns its name and path (a hash lookup), a
 * launch reads its thread's path number.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include "profile/range-name.h"
#include "inject/ranges.h"

/* the types and ids of NVTX's tool interface, without its implementation */
#define NVTX_NO_IMPL
#include <nvtx3/nvToolsExt.h>

#define MAX_DEPTH 64     /* levels a thread keeps; deeper pushes only count */
#define MAX_OPEN 64      /* start/end ranges open at once that name the path */

struct level {
	const char *name;        /* interned */
	const void *domain;      /* NULL: the default one */
	uint32_t path;           /* the path with this level innermost */
};

static _Thread_local struct {
	struct level v[MAX_DEPTH];
	int depth;               /* levels kept */
	int deeper;              /* pushed beyond MAX_DEPTH */
	unsigned epoch;          /* of the process-wide ranges the paths are under */
	uint32_t base;           /* their path */
} th;

/* The start/end ranges, the process's. */
static struct {
	pthread_mutex_t lock;
	struct {
		nvtxRangeId_t id;
		const char *name;
	} open[MAX_OPEN];
	int n;
	nvtxRangeId_t next;
	uint32_t base;           /* their path */
	_Atomic unsigned epoch;  /* changes whenever base does */
} pw = { .lock = PTHREAD_MUTEX_INITIALIZER };

static _Atomic int attached;

/* The thread's paths again, under the process-wide ranges now open. */
static void rebase(void)
{
	uint32_t p;

	pthread_mutex_lock(&pw.lock);
	th.epoch = atomic_load(&pw.epoch);
	th.base = p = pw.base;
	pthread_mutex_unlock(&pw.lock);
	for (int i = 0; i < th.depth; i++)
		th.v[i].path = p = inj_path_child(p, th.v[i].name);
}

uint32_t inj_nvtx_path(void)
{
	if (th.epoch != atomic_load_explicit(&pw.epoch, memory_order_relaxed))
		rebase();
	return th.depth ? th.v[th.depth - 1].path : th.base;
}

/* Paths of levels from..depth after a level below them changed. */
static void repath(int from)
{
	uint32_t p = from ? th.v[from - 1].path : th.base;

	for (int i = from; i < th.depth; i++)
		th.v[i].path = p = inj_path_child(p, th.v[i].name);
}

static int push(const char *name, const void *domain)
{
	int level = th.depth + th.deeper;

	if (th.epoch != atomic_load_explicit(&pw.epoch, memory_order_relaxed))
		rebase();
	if (th.depth == MAX_DEPTH) {
		th.deeper++;
		return level;
	}
	th.v[th.depth] = (struct level){ name, domain, 0 };
	th.depth++;
	repath(th.depth - 1);
	return level;
}

/* The domain's innermost level off; its level, or -1 when none is open. */
static int pop(const void *domain)
{
	int i;

	if (th.deeper)
		return th.depth + --th.deeper;
	for (i = th.depth - 1; i >= 0 && th.v[i].domain != domain; i--)
		;
	if (i < 0)
		return -1;   /* a pop without its push (pushed before NVTX attached) */
	memmove(&th.v[i], &th.v[i + 1], (size_t)(th.depth - i - 1) * sizeof(th.v[0]));
	th.depth--;
	if (th.epoch != atomic_load_explicit(&pw.epoch, memory_order_relaxed))
		rebase();
	else
		repath(i);
	return i;
}

/* The process-wide ranges' path again; pw.lock held. */
static void pw_rebase(void)
{
	uint32_t p = 0;

	for (int i = 0; i < pw.n; i++)
		p = inj_path_child(p, pw.open[i].name);
	pw.base = p;
	atomic_fetch_add(&pw.epoch, 1);
}

static nvtxRangeId_t start(const char *name)
{
	nvtxRangeId_t id;

	pthread_mutex_lock(&pw.lock);
	id = ++pw.next;
	if (pw.n < MAX_OPEN) {
		pw.open[pw.n].id = id;
		pw.open[pw.n++].name = name;
		pw_rebase();
	}
	pthread_mutex_unlock(&pw.lock);
	return id;
}

static void end(nvtxRangeId_t id)
{
	pthread_mutex_lock(&pw.lock);
	for (int i = 0; i < pw.n; i++)
		if (pw.open[i].id == id) {
			memmove(&pw.open[i], &pw.open[i + 1], (size_t)(pw.n - i - 1) * sizeof(pw.open[0]));
			pw.n--;
			pw_rebase();
			break;
		}
	pthread_mutex_unlock(&pw.lock);
}

/* The name an event's attributes give. */
static const char *attr_name(const nvtxEventAttributes_t *a)
{
	if (!a || a->size < offsetof(nvtxEventAttributes_t, message) + sizeof(a->message))
		return inj_name(NULL);
	switch (a->messageType) {
	case NVTX_MESSAGE_TYPE_ASCII:
		return inj_name(a->message.ascii);
	case NVTX_MESSAGE_TYPE_UNICODE:
		return inj_name_wide(a->message.unicode);
	case NVTX_MESSAGE_TYPE_REGISTERED:
		/* our own handle: the interned name (register_string) */
		return a->message.registered ? (const char *)a->message.registered : inj_name(NULL);
	default:
		return inj_name(NULL);
	}
}

/* ---- the NVTX functions ---- */

static int NVTX_API push_a(const char *m) { return push(inj_name(m), NULL); }
static int NVTX_API push_w(const wchar_t *m) { return push(inj_name_wide(m), NULL); }
static int NVTX_API push_ex(const nvtxEventAttributes_t *a) { return push(attr_name(a), NULL); }
static int NVTX_API pop_default(void) { return pop(NULL); }
static nvtxRangeId_t NVTX_API start_a(const char *m) { return start(inj_name(m)); }
static nvtxRangeId_t NVTX_API start_w(const wchar_t *m) { return start(inj_name_wide(m)); }
static nvtxRangeId_t NVTX_API start_ex(const nvtxEventAttributes_t *a) { return start(attr_name(a)); }
static void NVTX_API end_default(nvtxRangeId_t id) { end(id); }

static int NVTX_API domain_push(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)
{
	return push(attr_name(a), d);
}

static int NVTX_API domain_pop(nvtxDomainHandle_t d) { return pop(d); }

static nvtxRangeId_t NVTX_API domain_start(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a)
{
	(void)d;
	return start(attr_name(a));
}

static void NVTX_API domain_end(nvtxDomainHandle_t d, nvtxRangeId_t id)
{
	(void)d;
	end(id);
}

/*
 * A registered string's handle is its interned name, a domain's its
 * interned name too: never freed, so never dangling.
 */
static nvtxStringHandle_t NVTX_API register_a(nvtxDomainHandle_t d, const char *s)
{
	(void)d;
	return (nvtxStringHandle_t)(void *)(uintptr_t)inj_name(s);
}

static nvtxStringHandle_t NVTX_API register_w(nvtxDomainHandle_t d, const wchar_t *s)
{
	(void)d;
	return (nvtxStringHandle_t)(void *)(uintptr_t)inj_name_wide(s);
}

static nvtxDomainHandle_t NVTX_API domain_a(const char *name)
{
	return (nvtxDomainHandle_t)(void *)(uintptr_t)inj_name(name);
}

static nvtxDomainHandle_t NVTX_API domain_w(const wchar_t *name)
{
	return (nvtxDomainHandle_t)(void *)(uintptr_t)inj_name_wide(name);
}

static void NVTX_API domain_destroy(nvtxDomainHandle_t d) { (void)d; }

/* One module's functions: the table NVTX hands out, its slots by id. */
struct slot {
	unsigned id;
	NvtxFunctionPointer fn;
};

#define FN(f) ((NvtxFunctionPointer)(void (*)(void))(f))

static const struct slot core[] = {
	{ NVTX_CBID_CORE_RangeStartEx, FN(start_ex) }, { NVTX_CBID_CORE_RangeStartA, FN(start_a) },
	{ NVTX_CBID_CORE_RangeStartW, FN(start_w) }, { NVTX_CBID_CORE_RangeEnd, FN(end_default) },
	{ NVTX_CBID_CORE_RangePushEx, FN(push_ex) }, { NVTX_CBID_CORE_RangePushA, FN(push_a) },
	{ NVTX_CBID_CORE_RangePushW, FN(push_w) }, { NVTX_CBID_CORE_RangePop, FN(pop_default) },
};

static const struct slot core2[] = {
	{ NVTX_CBID_CORE2_DomainRangeStartEx, FN(domain_start) },
	{ NVTX_CBID_CORE2_DomainRangeEnd, FN(domain_end) },
	{ NVTX_CBID_CORE2_DomainRangePushEx, FN(domain_push) },
	{ NVTX_CBID_CORE2_DomainRangePop, FN(domain_pop) },
	{ NVTX_CBID_CORE2_DomainRegisterStringA, FN(register_a) },
	{ NVTX_CBID_CORE2_DomainRegisterStringW, FN(register_w) },
	{ NVTX_CBID_CORE2_DomainCreateA, FN(domain_a) },
	{ NVTX_CBID_CORE2_DomainCreateW, FN(domain_w) },
	{ NVTX_CBID_CORE2_DomainDestroy, FN(domain_destroy) },
};

/* Fill module's table with slots; 0, or -1 when NVTX has no such table. */
static int fill(const NvtxExportTableCallbacks *cb, NvtxCallbackModule module,
		const struct slot *slots, size_t n)
{
	NvtxFunctionTable table = NULL;
	unsigned size = 0;

	if (!cb->GetModuleFunctionTable(module, &table, &size) || !table)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (slots[i].id <= size && table[slots[i].id])
			*table[slots[i].id] = slots[i].fn;
	return 0;
}

/*
 * A fork while another thread holds a lock here would leave the child's
 * copy locked for good, and its next push (PyTorch's DataLoader workers
 * run operators under emit_nvtx) would hang: fork with both held.
 */
static void fork_prepare(void)
{
	pthread_mutex_lock(&pw.lock);
	inj_paths_lock();
}

static void fork_done(void)
{
	inj_paths_unlock();
	pthread_mutex_unlock(&pw.lock);
}

static void at_fork(void)
{
	pthread_atfork(fork_prepare, fork_done, fork_done);
}

__attribute__((visibility("default")))
int InitializeInjectionNvtx2(const void *(*get_export_table)(uint32_t))
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	const NvtxExportTableCallbacks *cb;
	const NvtxExportTableVersionInfo *vi;

	if (!get_export_table)
		return 0;
	cb = get_export_table(NVTX_ETID_CALLBACKS);
	if (!cb || cb->struct_size < sizeof(*cb) || !cb->GetModuleFunctionTable)
		return 0;
	if (fill(cb, NVTX_CB_MODULE_CORE, core, sizeof(core) / sizeof(core[0])))
		return 0;
	/* an NVTX older than domains has no CORE2: push/pop still work */
	fill(cb, NVTX_CB_MODULE_CORE2, core2, sizeof(core2) / sizeof(core2[0]));
	vi = get_export_table(NVTX_ETID_VERSIONINFO);
	if (vi && vi->struct_size >= sizeof(*vi) && vi->SetInjectionNvtxVersion)
		vi->SetInjectionNvtxVersion(NVTX_VERSION);
	pthread_once(&once, at_fork);
	atomic_store(&attached, 1);
	return 1;
}

int inj_nvtx_attached(void)
{
	return atomic_load(&attached);
}
