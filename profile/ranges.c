/*
 * Records to ranges (profile/ranges.h): each range or profiled launch
 * record adds its time to (range, kernel); each range then takes its
 * bound and verdict from its kernels' rows.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/hash.h"
#include "profile/range-name.h"
#include "profile/ranges.h"

/* A kernel's time in a range. */
struct cell {
	size_t range, kernel;
	double ns;
};

/* Open addressing of row numbers + 1 (0: empty) over some array. */
struct index {
	size_t *slot, n;           /* n: slots, a power of two */
};

struct work {
	const struct prof_analysis *a;
	struct index kernels;      /* a->k by (mangled name, device) */
	struct prof_range *r;
	size_t n, cap;
	struct index ranges;       /* r by (device, graph, path) */
	struct cell *c;
	size_t nc, ccap;
	struct index cells;        /* c by (range, kernel) */
};

static size_t range_hash(int dev, unsigned long long graph, const char *path)
{
	return gp_kernel_hash(path, dev) ^ (size_t)(graph * 0x9E3779B97F4A7C15ull);
}

static size_t cell_hash(size_t range, size_t kernel)
{
	return (range * 0x9E3779B97F4A7C15ull) ^ (kernel * 0xC2B2AE3D27D4EB4Full);
}

static size_t hash_of(const struct work *w, const struct index *ix, size_t row)
{
	if (ix == &w->kernels)
		return gp_kernel_hash(w->a->k[row].kernel, w->a->k[row].dev);
	if (ix == &w->ranges)
		return range_hash(w->r[row].dev, w->r[row].graph_id, w->r[row].path);
	return cell_hash(w->c[row].range, w->c[row].kernel);
}

/* Room for rows rows in ix: twice as many slots, every row placed again. */
static void reindex(const struct work *w, struct index *ix, size_t rows)
{
	size_t n = 16;

	while (n < 2 * rows)
		n *= 2;
	if (n <= ix->n)
		return;
	free(ix->slot);
	ix->slot = gp_xcalloc(n, sizeof(*ix->slot));
	ix->n = n;
	for (size_t i = 0; i + 1 < rows; i++) {
		size_t h = hash_of(w, ix, i) & (n - 1);
		while (ix->slot[h])
			h = (h + 1) & (n - 1);
		ix->slot[h] = i + 1;
	}
}

/* The kernel row of (kernel, dev) in a, or -1: one the filter left out. */
static long kernel_row(const struct work *w, const char *kernel, int dev)
{
	const struct index *ix = &w->kernels;

	for (size_t h = gp_kernel_hash(kernel, dev) & (ix->n - 1); ix->slot[h];
	     h = (h + 1) & (ix->n - 1)) {
		const struct prof_kernel *k = &w->a->k[ix->slot[h] - 1];
		if (k->dev == dev && !strcmp(k->kernel, kernel))
			return (long)ix->slot[h] - 1;
	}
	return -1;
}

static size_t range_row(struct work *w, int dev, unsigned long long graph, const char *path)
{
	struct prof_range *r;
	size_t h;

	for (h = range_hash(dev, graph, path) & (w->ranges.n - 1); w->ranges.slot[h];
	     h = (h + 1) & (w->ranges.n - 1)) {
		r = &w->r[w->ranges.slot[h] - 1];
		if (r->dev == dev && r->graph_id == graph && !strcmp(r->path, path))
			return w->ranges.slot[h] - 1;
	}
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->r = gp_xrealloc(w->r, w->cap * sizeof(*w->r));
	}
	r = &w->r[w->n++];
	memset(r, 0, sizeof(*r));
	r->path = gp_xstrdup(path);
	r->dev = dev;
	r->graph_id = graph;
	if (2 * w->n > w->ranges.n)
		reindex(w, &w->ranges, w->n + 1);
	else
		w->ranges.slot[h] = w->n;
	return w->n - 1;
}

static struct cell *cell_of(struct work *w, size_t range, size_t kernel)
{
	size_t h;

	for (h = cell_hash(range, kernel) & (w->cells.n - 1); w->cells.slot[h];
	     h = (h + 1) & (w->cells.n - 1)) {
		struct cell *c = &w->c[w->cells.slot[h] - 1];
		if (c->range == range && c->kernel == kernel)
			return c;
	}
	if (w->nc == w->ccap) {
		w->ccap = w->ccap ? 2 * w->ccap : 64;
		w->c = gp_xrealloc(w->c, w->ccap * sizeof(*w->c));
	}
	w->c[w->nc++] = (struct cell){ range, kernel, 0 };
	if (2 * w->nc > w->cells.n)
		reindex(w, &w->cells, w->nc + 1);
	else
		w->cells.slot[h] = w->nc;
	return &w->c[w->nc - 1];
}

/*
 * One record's kernel runs: a range record's, or a profiled launch's
 * (its counters' time, as the kernel's row counts it; a sampled or
 * patched launch, timed by nothing, a run without time).
 */
static void add_record(struct work *w, const struct prof_rec *x)
{
	unsigned long long graph = 0, runs = 1;
	double ns;
	long k;
	size_t ri;
	struct prof_range *r;

	if (x->type == PROF_RANGE) {
		ns = (double)x->ns;
		runs = x->timed;
		graph = x->graph_id;
	} else if (x->type == PROF_LAUNCH) {
		ns = prof_launch_ns(x);
		ns = ns > 0 ? ns : 0;
	} else {
		return;
	}
	if (!(ns > 0 || x->type == PROF_LAUNCH) || (k = kernel_row(w, x->kernel, x->dev)) < 0)
		return;
	ri = range_row(w, x->dev, graph, x->range ? x->range : "");   /* may move w->r */
	r = &w->r[ri];
	if (graph)   /* its one node, while every record names the same */
		r->graph_node = !r->launches || r->graph_node == x->graph_node ? x->graph_node : 0;
	r->time_ns += ns;
	r->launches += runs;
	cell_of(w, ri, (size_t)k)->ns += ns;
}

/* Each range's kernels, its dominant one and the one with the most at stake. */
static void judge(struct work *w)
{
	for (size_t i = 0; i < w->nc; i++) {
		struct prof_range *r = &w->r[w->c[i].range];
		const struct prof_kernel *k = &w->a->k[w->c[i].kernel];
		double ns = w->c[i].ns, stake = k->waste * ns;

		r->kernels++;
		if (!r->top || ns > r->top_ns || (ns == r->top_ns && strcmp(k->name, r->top->name) < 0)) {
			r->top = k;
			r->top_ns = ns;
		}
		if (prof_worth_fixing(k) && stake > r->stake_ns) {
			r->worst = k;
			r->stake_ns = stake;
		}
	}
	for (size_t i = 0; i < w->n; i++) {
		struct prof_range *r = &w->r[i];

		if (!r->worst && r->top) {
			r->worst = r->top;
			r->stake_ns = r->top->waste * r->top_ns;
		}
		r->label = prof_range_label(r->path);
		r->depth = prof_range_depth(r->path);
	}
}

static int by_time(const void *x, const void *y)
{
	const struct prof_range *a = x, *b = y;
	int c;

	if (a->time_ns != b->time_ns)
		return a->time_ns < b->time_ns ? 1 : -1;
	if ((c = strcmp(a->label, b->label)))
		return c;
	if (a->graph_id != b->graph_id)
		return a->graph_id < b->graph_id ? -1 : 1;
	return a->dev - b->dev;
}

static int by_stake(const void *x, const void *y)
{
	const struct prof_range *a = x, *b = y;

	if (a->stake_ns != b->stake_ns)
		return a->stake_ns < b->stake_ns ? 1 : -1;
	return by_time(x, y);
}

static int by_label(const void *x, const void *y)
{
	const struct prof_range *a = x, *b = y;
	int c = strcmp(a->label, b->label);

	return c ? c : by_time(x, y);
}

static void sort_ranges(struct prof_range *r, size_t n, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(r, n, sizeof(*r), cmp);
}

/* Keep the top N by time; the rest only count. */
static void select_top(struct prof_ranges *g, size_t top)
{
	sort_ranges(g->r, g->n, by_time);
	for (size_t i = top ? top : g->n; i < g->n; i++) {
		g->others++;
		g->other_launches += g->r[i].launches;
		g->other_time_ns += g->r[i].time_ns;
		prof_range_free(&g->r[i]);
	}
	if (top && g->n > top)
		g->n = top;
}

/* "worth fixing first: RANGE (KERNEL: what, N ms at stake); ...", the three most at stake. */
static void summarize(struct prof_ranges *g, const struct prof_analysis *a)
{
	struct prof_range *w = gp_xmalloc(g->n * sizeof(*w) + 1);
	char *s = gp_xstrdup(""), label[PROF_NAME_SHOWN + 1];
	size_t shown = 0;

	if (g->n)
		memcpy(w, g->r, g->n * sizeof(*w));
	sort_ranges(w, g->n, by_stake);
	for (size_t i = 0; i < g->n && shown < 3; i++) {
		char *t;

		if (!w[i].worst || !prof_worth_fixing(w[i].worst))
			continue;
		t = gp_xasprintf("%s%s%s (%s: %s, %.3g ms at stake)", s, shown ? "; " : "",
				 w[i].label, prof_kernel_label(w[i].worst, label, sizeof(label)),
				 w[i].worst->verdict_short, w[i].stake_ns / 1e6);
		free(s);
		s = t;
		shown++;
	}
	if (shown)
		g->summary = gp_xasprintf("worth fixing first: %s", s);
	else
		g->summary = gp_xstrdup(!g->nranges ? "no kernel ran in any range" :
					!a->counters_seen ? "no kernel was profiled with counters: "
					"see the notes" : "nothing worth fixing first: the profiled "
					"kernels are near a ceiling or waste little");
	free(s);
	free(w);
}

void prof_ranges(const struct prof_records *rs, const struct prof_analysis *a,
		 const struct prof_range_opts *o, struct prof_ranges *g)
{
	struct work w = { .a = a };
	double kernels_ns = 0;

	memset(g, 0, sizeof(*g));
	reindex(&w, &w.kernels, a->n + 1);
	reindex(&w, &w.ranges, 1);
	reindex(&w, &w.cells, 1);
	for (size_t i = 0; i < rs->n; i++)
		add_record(&w, &rs->v[i]);
	judge(&w);
	g->r = w.r;
	g->n = g->nranges = w.n;
	for (size_t i = 0; i < w.n; i++)
		g->time_ns += w.r[i].time_ns;
	for (size_t i = 0; i < a->n; i++)
		kernels_ns += isnan(a->k[i].time_ns) ? 0 : a->k[i].time_ns;
	g->unranged_ns = fmax(0, kernels_ns - g->time_ns);
	free(w.kernels.slot);
	free(w.ranges.slot);
	free(w.cells.slot);
	free(w.c);
	select_top(g, o->top);
	if (o->sort == PROF_SORT_WASTE)
		sort_ranges(g->r, g->n, by_stake);
	else if (o->sort == PROF_SORT_NAME)
		sort_ranges(g->r, g->n, by_label);
	summarize(g, a);
}
