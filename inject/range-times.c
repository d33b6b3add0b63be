/*
 * gpuperf profile --by range inside the program (GPUPERF_PROFILE_RANGES=1):
 * each kernel's GPU time by the NVTX range path around its launch.
 *
 * A launch's entry notes its correlation id's path (nvtx.c knows the
 * thread's), when it has one; its activity record takes the note back and
 * adds its time to (kernel, path).  A kernel run by a CUDA graph has the
 * path around the graph's launch, with inside it the path around the
 * kernel's node when that was made (captured from a stream, or added),
 * and names its graph and node.  The totals are written as range records
 * at the exit and when a context goes: a few lines per (kernel, path),
 * not one per launch.  The per-kernel time records go on as without
 * ranges, so a program killed before the exit loses the breakdown only.
 *
 * Cost: unprofiled launches outside any range pay one thread-local read;
 * inside one, a hash insert, and their records a hash lookup each.
 * Everything here with inj.lock held, unless said otherwise.
 */
#include <stdlib.h>
#include <string.h>
#include "inject/inject.h"
#include "inject/ranges.h"

#define GRAPH_LAUNCHES 65536   /* graph launches remembered, by correlation id */
/* launches noted, awaiting their records: more means records do not come (activity
   refused), and the launches count outside any range rather than grow this */
#define MAX_PENDING (1u << 20)
#define JOIN_CACHE 256

static int on;   /* set once at the start, read everywhere */

/* Correlation id -> path of the kernel launches inside a range; open addressing. */
static struct {
	struct corr_path {
		uint32_t corr, path;   /* corr 0: empty (CUPTI's ids start at 1) */
	} *v;
	size_t cap, n;
} launches;

/*
 * Graph launches: a launch runs many kernels, whose records come later,
 * so nothing says when to forget it: a slot per id modulo GRAPH_LAUNCHES,
 * which a launch that many ids later takes over (a buffer of records
 * holds a few thousand kernels: far fewer graph launches).
 */
static struct corr_path *graph_launch;

/* A graph node's id -> the path it was made in (captured, added, or its original's). */
static struct {
	struct node_path {
		uint64_t node;        /* 0: empty */
		uint32_t path;
	} *v;
	size_t cap, n;
} nodes;

/* (outer, inner) -> inj_path_join's, the last few */
static struct {
	uint32_t outer, inner, joined;
} joins[JOIN_CACHE];

/* GPU time by (kernel, path, graph): chained hash. */
struct rtime {
	struct inj_kernel *k;
	uint32_t path, graph;
	uint64_t node;            /* its kernels' graph node, while they all have one */
	int nodes_differ;
	unsigned long long timed, ns;   /* since the last record */
	struct rtime *next;
};

#define NBUCKETS 4096
static struct rtime *buckets[NBUCKETS];

static size_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x;
}

/* ---- correlation id -> path ---- */

static void put(struct corr_path *v, size_t cap, uint32_t corr, uint32_t path)
{
	size_t i = mix(corr) & (cap - 1);

	while (v[i].corr && v[i].corr != corr)
		i = (i + 1) & (cap - 1);
	v[i] = (struct corr_path){ corr, path };
}

void inj_range_launch(uint32_t corr)
{
	uint32_t path;

	if (!on || !corr || launches.n >= MAX_PENDING || !(path = inj_nvtx_path()))
		return;
	if (2 * (launches.n + 1) > launches.cap) {
		size_t cap = launches.cap ? 2 * launches.cap : 1024;
		struct corr_path *v = calloc(cap, sizeof(*v));

		if (!v)
			return;   /* the launch counts outside any range */
		for (size_t i = 0; i < launches.cap; i++)
			if (launches.v[i].corr)
				put(v, cap, launches.v[i].corr, launches.v[i].path);
		free(launches.v);
		launches.v = v;
		launches.cap = cap;
	}
	put(launches.v, launches.cap, corr, path);
	launches.n++;
}

/* The path noted for corr, forgotten (open addressing: the cluster after it moves up). */
static uint32_t take(uint32_t corr)
{
	size_t i, j, mask = launches.cap - 1;
	uint32_t path;

	if (!launches.n || !corr)
		return 0;
	for (i = mix(corr) & mask; launches.v[i].corr != corr; i = (i + 1) & mask)
		if (!launches.v[i].corr)
			return 0;
	path = launches.v[i].path;
	for (j = (i + 1) & mask; launches.v[j].corr; j = (j + 1) & mask) {
		size_t home = mix(launches.v[j].corr) & mask;
		/* j's entry may fill the hole at i when its home is not in (i, j] */
		if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
			launches.v[i] = launches.v[j];
			i = j;
		}
	}
	launches.v[i].corr = 0;
	launches.n--;
	return path;
}

/* ---- graphs ---- */

static void graph_launched(uint32_t corr)
{
	uint32_t path = inj_nvtx_path();

	if (!path)
		return;
	if (!graph_launch && !(graph_launch = calloc(GRAPH_LAUNCHES, sizeof(*graph_launch))))
		return;
	graph_launch[corr % GRAPH_LAUNCHES] = (struct corr_path){ corr, path };
}

static struct node_path *node_slot(uint64_t node)
{
	size_t i;

	for (i = mix(node) & (nodes.cap - 1); nodes.v[i].node && nodes.v[i].node != node;
	     i = (i + 1) & (nodes.cap - 1))
		;
	return &nodes.v[i];
}

static void node_made(uint64_t node, uint32_t path, int replace)
{
	struct node_path *s;

	if (!node)
		return;
	if (!path) {   /* absent reads as no path: only an entry to correct */
		if (replace && nodes.n && (s = node_slot(node))->node)
			s->path = 0;
		return;
	}
	if (2 * (nodes.n + 1) > nodes.cap) {
		size_t cap = nodes.cap ? 2 * nodes.cap : 1024, old = nodes.cap;
		struct node_path *v = calloc(cap, sizeof(*v)), *was = nodes.v;

		if (!v)
			return;
		nodes.v = v;
		nodes.cap = cap;
		for (size_t i = 0; i < old; i++)
			if (was[i].node)
				*node_slot(was[i].node) = was[i];
		free(was);
	}
	s = node_slot(node);
	if (s->node && !replace)
		return;
	nodes.n += !s->node;
	*s = (struct node_path){ node, path };
}

static uint32_t node_path(uint64_t node)
{
	struct node_path *s;

	if (!nodes.n || !node)
		return 0;
	s = node_slot(node);
	return s->node ? s->path : 0;
}

/*
 * A graph node made (CREATED: in a capture or by cuGraphAdd*Node, on the
 * calling thread, under its ranges) or copied into an instantiated graph
 * (CLONED: the original's path, whatever ranges the instantiation is in).
 */
static void graph_node(CUpti_CallbackId id, const CUpti_GraphData *g)
{
	uint64_t node = 0, original = 0;

	if (!g || inj_api.cuptiGetGraphNodeId(g->node, &node))
		return;
	if (id == CUPTI_CBID_RESOURCE_GRAPHNODE_CREATED)
		node_made(node, inj_nvtx_path(), 0);
	else if (!inj_api.cuptiGetGraphNodeId(g->originalNode, &original))
		node_made(node, node_path(original), 1);
}

void inj_ranges_callback(CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data)
{
	int graph_launch_entry = domain == CUPTI_CB_DOMAIN_DRIVER_API &&
		(id == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch ||
		 id == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz) &&
		data && ((const CUpti_CallbackData *)data)->callbackSite == CUPTI_API_ENTER;
	int node = domain == CUPTI_CB_DOMAIN_RESOURCE &&
		(id == CUPTI_CBID_RESOURCE_GRAPHNODE_CREATED ||
		 id == CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED) && data;

	if (!on || !(graph_launch_entry || node))
		return;   /* the kernel launches' own callbacks pass here too: no lock for them */
	pthread_mutex_lock(&inj.lock);
	if (graph_launch_entry)
		graph_launched(((const CUpti_CallbackData *)data)->correlationId);
	else
		graph_node(id, ((const CUpti_ResourceData *)data)->resourceDescriptor);
	pthread_mutex_unlock(&inj.lock);
}

/* outer's path with inner's inside it, cached: a graph's kernels ask it again and again. */
static uint32_t joined(uint32_t outer, uint32_t inner)
{
	size_t i = mix((uint64_t)outer << 32 | inner) % JOIN_CACHE;

	if (!outer || !inner)
		return outer ? outer : inner;
	if (joins[i].outer != outer || joins[i].inner != inner) {
		joins[i].outer = outer;
		joins[i].inner = inner;
		joins[i].joined = inj_path_join(outer, inner);
	}
	return joins[i].joined;
}

uint32_t inj_range_of(uint32_t corr, uint32_t graph, uint64_t node)
{
	const struct corr_path *g;

	if (!on)
		return 0;
	if (!graph)
		return take(corr);
	g = graph_launch ? &graph_launch[corr % GRAPH_LAUNCHES] : NULL;
	return joined(g && g->corr == corr ? g->path : 0, node_path(node));
}

/* ---- GPU time by (kernel, path, graph) ---- */

void inj_range_time(struct inj_kernel *k, uint32_t path, uint32_t graph, uint64_t node,
		    uint64_t ns)
{
	size_t b = mix((uint64_t)(uintptr_t)k ^ (uint64_t)path << 20 ^ (uint64_t)graph << 40) %
		   NBUCKETS;
	struct rtime *e;

	if (!on)
		return;
	for (e = buckets[b]; e; e = e->next)
		if (e->k == k && e->path == path && e->graph == graph)
			break;
	if (!e) {
		if (!(e = calloc(1, sizeof(*e))))
			return;   /* lost to the breakdown; the kernel's own time has it */
		*e = (struct rtime){ k, path, graph, node, 0, 0, 0, buckets[b] };
		buckets[b] = e;
	}
	e->nodes_differ |= e->node != node;
	e->timed++;
	e->ns += ns;
}

const char *inj_range_now(void)
{
	uint32_t path = on ? inj_nvtx_path() : 0;

	return path ? inj_path_string(path) : NULL;
}

void inj_ranges_flush(void)
{
	static int said;
	struct prof_rec r;

	if (!on)
		return;
	pthread_mutex_lock(&inj.lock);
	for (size_t b = 0; b < NBUCKETS; b++)
		for (struct rtime *e = buckets[b]; e; e = e->next) {
			if (!e->timed)
				continue;
			prof_rec_init(&r, PROF_RANGE, inj.pid);
			r.kernel = (char *)inj_kernel_name(e->k, &r.dev);
			r.range = e->path ? (char *)inj_path_string(e->path) : NULL;
			r.graph_id = e->graph;
			r.graph_node = e->graph && !e->nodes_differ ? e->node : 0;
			r.timed = e->timed;
			r.ns = e->ns;
			inj_write(&r);
			e->timed = e->ns = 0;
		}
	pthread_mutex_unlock(&inj.lock);
	if (inj_paths_folded() && !said++)
		inj_note("warning", "more than %d distinct range paths: the deeper levels of the "
			 "later ones are counted in their parents", INJ_MAX_PATHS);
}

void inj_ranges_start(CUpti_SubscriberHandle sub)
{
	static const CUpti_CallbackId api[] = { CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch,
						CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz };
	static const CUpti_CallbackId res[] = { CUPTI_CBID_RESOURCE_GRAPHNODE_CREATED,
						CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED };
	const char *v = getenv("GPUPERF_PROFILE_RANGES");
	CUptiResult r = CUPTI_SUCCESS;

	if (!v || strcmp(v, "1"))
		return;
	on = 1;
	for (size_t i = 0; !r && i < sizeof(api) / sizeof(api[0]); i++)
		r = inj_api.cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API, api[i]);
	for (size_t i = 0; !r && i < sizeof(res) / sizeof(res[0]); i++)
		r = inj_api.cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RESOURCE, res[i]);
	if (r)
		inj_note("warning", "CUDA graphs' kernels are grouped without the ranges around "
			 "their launch and their making: CUPTI refused the callbacks (%s)",
			 inj_cupti_error(r));
}
