/*
 * gpuperf pcie results as tables: one row per measurement with the link
 * and NUMA context every row needs in CSV, and under the human table the
 * theoretical peak with its formula, verdicts, and link/NUMA notes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "model/pcie.h"
#include "tables/all.h"
#include "tables/pcie.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

/* Bytes of framing per TLP (header, sequence, LCRC, framing) assumed for the practical estimate. */
#define TLP_PAYLOAD 256
#define TLP_OVERHEAD 26

enum {
	C_DIRECTION = TAB_NIDENTITY, C_MEMORY, C_SIZE, C_REPS, C_PER_REP,
	C_TIME, C_TIME_MIN, C_TIME_MAX, C_SPREAD, C_BW, C_PCT, C_GEN, C_WIDTH, C_MAX_GEN,
	C_MAX_WIDTH, C_PEAK, C_NODE, C_HOST_NODE, C_LOCAL, C_TIMER, C_CONTENDED,
};

/* The human table: what changes from row to row; the rest goes in the notes. */
enum { H_DIRECTION, H_MEMORY, H_SIZE, H_TIME, H_TIME_MIN, H_TIME_MAX, H_SPREAD, H_BW, H_PCT,
       H_HOST_NODE };

static const struct report_col human_cols[] = {
	{ "direction", "direction", REPORT_STR, 0 },
	{ "memory", "memory", REPORT_STR, 0 },
	{ "size", "size", REPORT_STR, 0 },
	{ "time_us", "time (µs)", REPORT_DBL, 1 },
	{ "time_min_us", "min (µs)", REPORT_DBL, 1 },
	{ "time_max_us", "max (µs)", REPORT_DBL, 1 },
	{ "spread_pct", "spread (%)", REPORT_DBL, 1 },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 2 },
	{ "pct_of_link", "% of link", REPORT_DBL, 1 },
	{ "host_numa_node", "host node", REPORT_INT, 0 },
};

void pcie_env_link(const struct pcie_env *env, int *gen, int *width)
{
	*gen = *width = 0;
	if (env->busy.cur_gen > 0 && env->busy.cur_width > 0) {
		*gen = env->busy.cur_gen;
		*width = env->busy.cur_width;
	} else if (env->idle.max_gen > 0 && env->idle.max_width > 0) {
		/* Never the idle current link: it may read Gen1 to save power. */
		*gen = env->idle.max_gen;
		*width = env->idle.max_width;
	}
}

static const struct pcie_link *max_source(const struct pcie_env *env)
{
	return env->busy.max_gen > 0 ? &env->busy : &env->idle;
}

static void set_int_known(struct report_table *t, size_t r, size_t c, long long v, int known)
{
	if (known)
		report_set_int(t, r, c, v);
}

static void set_numa(struct report_table *t, size_t r, size_t col_gpu, int gpu_node, int host_node)
{
	set_int_known(t, r, col_gpu, gpu_node, gpu_node >= 0);
	set_int_known(t, r, col_gpu + 1, host_node, host_node >= 0);
	/* Pages spread over several nodes are not local either. */
	if (gpu_node >= 0 && (host_node >= 0 || host_node == PCIE_NODE_MIXED))
		report_set_int(t, r, col_gpu + 2, host_node == gpu_node);
}

double pcie_row_gbs(const struct pcie_row *r)
{
	return r->time_us.median > 0 ? r->bytes / r->time_us.median / 1e3 : NAN;
}

double pcie_row_spread_pct(const struct pcie_row *r)
{
	const struct stats *t = &r->time_us;

	return t->n >= 2 && t->median > 0 ? 100 * (t->max - t->min) / t->median : NAN;
}

/* The theoretical bandwidth a row's percentage refers to: both ways for the bidirectional sum. */
static double row_peak(const struct pcie_row *r, int gen, int width)
{
	double peak = pcie_peak_gbs(gen, width);

	return r->part == PCIE_PART_BIDIR_SUM ? 2 * peak : peak;
}

double pcie_row_peak_gbs(const struct pcie_row *r, const struct pcie_env *env)
{
	int gen, width;

	pcie_env_link(env, &gen, &width);
	return row_peak(r, gen, width);
}

static void add_machine_row(struct report_table *t, const struct gp_device *dev,
			    const struct pcie_env *env, const struct pcie_row *r,
			    const struct trust_summary *watch)
{
	const struct pcie_link *mx = max_source(env);
	int gen, width;
	size_t i = report_add_row(t);
	double bw = pcie_row_gbs(r), peak;

	pcie_env_link(env, &gen, &width);
	peak = row_peak(r, gen, width);
	tab_set_identity(t, i, dev);
	report_set_str(t, i, C_DIRECTION, pcie_part_names[r->part]);
	report_set_str(t, i, C_MEMORY, pcie_mem_names[r->mem]);
	report_set_int(t, i, C_SIZE, (long long)r->size);
	report_set_int(t, i, C_REPS, (long long)r->time_us.n);
	report_set_int(t, i, C_PER_REP, r->per_rep);
	report_set_dbl(t, i, C_TIME, r->time_us.median);
	report_set_dbl(t, i, C_TIME_MIN, r->time_us.min);
	report_set_dbl(t, i, C_TIME_MAX, r->time_us.max);
	report_set_dbl(t, i, C_SPREAD, pcie_row_spread_pct(r));
	report_set_dbl(t, i, C_BW, bw);
	if (peak > 0)
		report_set_dbl(t, i, C_PCT, 100 * bw / peak);
	set_int_known(t, i, C_GEN, env->busy.cur_gen, env->busy.cur_gen > 0);
	set_int_known(t, i, C_WIDTH, env->busy.cur_width, env->busy.cur_width > 0);
	set_int_known(t, i, C_MAX_GEN, mx->max_gen, mx->max_gen > 0);
	set_int_known(t, i, C_MAX_WIDTH, mx->max_width, mx->max_width > 0);
	if (peak > 0)
		report_set_dbl(t, i, C_PEAK, peak);
	set_numa(t, i, C_NODE, env->gpu_node, r->host_node);
	report_set_str(t, i, C_TIMER, r->host_timer ? "host" : "event");
	tab_set_trust(t, i, C_CONTENDED, watch);
}

/* "pinned h2d 256 MiB" */
static const char *row_label(enum pcie_mem m, const char *what, uint64_t size, char *buf, size_t n)
{
	char sz[32];

	snprintf(buf, n, "%s %s %s", pcie_mem_names[m], what, format_size(sz, sizeof(sz), size));
	return buf;
}

/*
 * The stability line of the transfers: each row's CoV over its
 * repetitions, but the pageable rows', which move with the CPU, not the
 * GPU or the link (note_pageable says so).
 */
static void stability_note(struct report_table *t, const struct pcie_results *res,
			   const struct trust_summary *watch)
{
	struct trust_row *rows = gp_xcalloc(res->nrows + 1, sizeof(*rows));
	char (*labels)[64] = gp_xcalloc(res->nrows + 1, sizeof(*labels));

	for (size_t i = 0; i < res->nrows; i++) {
		const struct pcie_row *r = &res->rows[i];

		rows[i].label = row_label(r->mem, pcie_part_names[r->part], r->size, labels[i],
					  sizeof(labels[i]));
		rows[i].cov_pct = r->mem == PCIE_PAGEABLE ? NAN : tab_cov_pct(r->time_us.n, r->time_us.cov);
	}
	tab_stability_note(t, rows, res->nrows, watch);
	free(labels);
	free(rows);
}

/*
 * Why pageable rows spread: the driver stages each pageable transfer
 * through pinned buffers of its own with a memcpy on the calling thread,
 * so the CPU's side of it (the data in its caches or not, its clock, the
 * core the thread runs on) sets the time as much as the link does.
 */
static void note_pageable(struct report_table *t, const struct pcie_results *res)
{
	const struct pcie_row *most = NULL;
	char label[64];

	for (size_t i = 0; i < res->nrows; i++) {
		const struct pcie_row *r = &res->rows[i];

		if (r->mem == PCIE_PAGEABLE && !isnan(pcie_row_spread_pct(r)) &&
		    (!most || pcie_row_spread_pct(r) > pcie_row_spread_pct(most)))
			most = r;
	}
	if (most)
		report_note(t, "pageable rows spread up to %.0f %% (%s) because the CPU copies each "
			    "transfer through the driver's pinned buffers: the time follows the CPU (the "
			    "data in its caches or not, its clock, the core it runs on), not only the link",
			    pcie_row_spread_pct(most), row_label(most->mem, pcie_part_names[most->part],
								 most->size, label, sizeof(label)));
}

static void add_human_row(struct report_table *t, const struct pcie_env *env,
			  const struct pcie_row *r)
{
	int gen, width;
	size_t i = report_add_row(t);
	double bw = pcie_row_gbs(r), peak;
	char sz[64];

	pcie_env_link(env, &gen, &width);
	peak = row_peak(r, gen, width);
	report_set_str(t, i, H_DIRECTION, pcie_part_names[r->part]);
	report_set_str(t, i, H_MEMORY, pcie_mem_names[r->mem]);
	report_set_str(t, i, H_SIZE, format_size(sz, sizeof(sz), r->size));
	report_set_dbl(t, i, H_TIME, r->time_us.median);
	report_set_dbl(t, i, H_TIME_MIN, r->time_us.min);
	report_set_dbl(t, i, H_TIME_MAX, r->time_us.max);
	report_set_dbl(t, i, H_SPREAD, pcie_row_spread_pct(r));
	report_set_dbl(t, i, H_BW, bw);
	if (peak > 0)
		report_set_dbl(t, i, H_PCT, 100 * bw / peak);
	set_int_known(t, i, H_HOST_NODE, r->host_node, r->host_node >= 0);
}

static void note_theory(struct report_table *t, int gen, int width)
{
	double peak = pcie_peak_gbs(gen, width);

	if (!(peak > 0)) {
		report_note(t, "link generation and width unknown: no theoretical peak, %% of link left empty");
		return;
	}
	report_note(t, "theoretical per direction: Gen%d x%d = %g GT/s x %d lanes x %s encoding (%.4f) / 8"
		    " = %.1f GB/s (raw %.1f GB/s)", gen, width, pcie_gts(gen), width,
		    pcie_encoding_name(gen), pcie_encoding(gen), peak, pcie_raw_gbs(gen, width));
	report_note(t, "practical estimate: about %.1f GB/s after TLP overhead (%d-byte payloads,"
		    " %d bytes of framing each, assumed)", peak * TLP_PAYLOAD / (TLP_PAYLOAD + TLP_OVERHEAD),
		    TLP_PAYLOAD, TLP_OVERHEAD);
}

static const char *part_label(enum pcie_part p)
{
	static const char *const labels[] = { "H2D", "D2H", "H2D (while D2H runs)",
					      "D2H (while H2D runs)", "bidirectional" };
	return labels[p];
}

/* The row of (part, mem) with the largest size, or NULL. */
static const struct pcie_row *largest(const struct pcie_results *res, enum pcie_part p, enum pcie_mem m)
{
	const struct pcie_row *best = NULL;

	for (size_t i = 0; i < res->nrows; i++) {
		const struct pcie_row *r = &res->rows[i];
		if (r->part == p && r->mem == m && (!best || r->size > best->size))
			best = r;
	}
	return best;
}

static void note_verdicts(struct report_table *t, const struct pcie_results *res)
{
	int gen, width;

	pcie_env_link(&res->env, &gen, &width);
	for (int p = 0; p < PCIE_NPARTS; p++) {
		if (p == PCIE_PART_BIDIR_H2D || p == PCIE_PART_BIDIR_D2H)
			continue;
		for (int m = 0; m < PCIE_NMEMS; m++) {
			const struct pcie_row *r = largest(res, (enum pcie_part)p, (enum pcie_mem)m);
			char sz[64];
			double bw, peak;
			if (!r)
				continue;
			bw = pcie_row_gbs(r);
			peak = row_peak(r, gen, width);
			format_size(sz, sizeof(sz), r->size);
			if (!(peak > 0))
				report_note(t, "%s %s: %.1f GB/s at %s (link unknown)", pcie_mem_names[m],
					    part_label(r->part), bw, sz);
			else if (p == PCIE_PART_BIDIR_SUM)
				report_note(t, "%s bidirectional reaches %.0f %% of the Gen%d x%d link both ways"
					    " (%.1f of 2 x %.1f GB/s, %s each way)", pcie_mem_names[m],
					    100 * bw / peak, gen, width, bw, peak / 2, sz);
			else
				report_note(t, "%s %s reaches %.0f %% of the Gen%d x%d link (%.1f of %.1f GB/s at %s)",
					    pcie_mem_names[m], part_label(r->part), 100 * bw / peak, gen, width,
					    bw, peak, sz);
		}
	}
}

/* Page-locked against pageable, where both ran at the same size: what pinning buys. */
static void note_pinned_gain(struct report_table *t, const struct pcie_results *res)
{
	for (int p = PCIE_PART_H2D; p <= PCIE_PART_D2H; p++) {
		const struct pcie_row *pin = largest(res, (enum pcie_part)p, PCIE_PINNED);
		const struct pcie_row *pag = largest(res, (enum pcie_part)p, PCIE_PAGEABLE);
		if (pin && pag && pin->size == pag->size && pcie_row_gbs(pag) > 0)
			report_note(t, "pinned %s is %.2fx pageable", part_label((enum pcie_part)p),
				    pcie_row_gbs(pin) / pcie_row_gbs(pag));
	}
}

static void note_link(struct report_table *t, const struct pcie_env *env)
{
	const struct pcie_link *mx = max_source(env);
	const struct pcie_link *b = &env->busy;

	if (b->cur_gen <= 0) {
		if (mx->max_gen > 0)
			report_note(t, "the link could not be read during the transfers; %% of link uses its"
				    " maximum, Gen%d x%d", mx->max_gen, mx->max_width);
		return;
	}
	report_note(t, "link under load: Gen%d x%d (maximum Gen%d x%d), from %s, %d reading%s during"
		    " the transfers", b->cur_gen, b->cur_width, mx->max_gen, mx->max_width,
		    b->source ? b->source : "?", env->busy_samples, env->busy_samples == 1 ? "" : "s");
	if (mx->max_gen > 0 && (b->cur_gen < mx->max_gen || b->cur_width < mx->max_width))
		report_note(t, "the link ran below its maximum (Gen%d x%d of Gen%d x%d): check the slot,"
			    " risers and firmware settings", b->cur_gen, b->cur_width, mx->max_gen,
			    mx->max_width);
	if (env->idle.cur_gen > 0 &&
	    (env->idle.cur_gen != b->cur_gen || env->idle.cur_width != b->cur_width))
		report_note(t, "idle, the link read Gen%d x%d: it slows down to save power when unused",
			    env->idle.cur_gen, env->idle.cur_width);
	if (mx->path_gen > 0 && (mx->path_gen < b->cur_gen || mx->path_width < b->cur_width))
		report_note(t, "the narrowest link on the way to the root port is Gen%d x%d: it bounds"
			    " the transfers", mx->path_gen, mx->path_width);
}

static void note_numa(struct report_table *t, const struct pcie_env *env, const int *host_nodes,
		      size_t n)
{
	int remote = -1, unknown = 0;

	for (size_t i = 0; i < n; i++) {
		if (host_nodes[i] < 0 && host_nodes[i] != PCIE_NODE_MIXED)
			unknown = 1;
		else if (env->gpu_node >= 0 && host_nodes[i] != env->gpu_node)
			remote = host_nodes[i];
	}
	if (env->gpu_node < 0) {
		report_note(t, "the GPU's NUMA node is unknown (single node, or not in sysfs)");
		return;
	}
	if (env->bound)
		report_note(t, "GPU on NUMA node %d; the measuring thread ran on its CPUs (%s)",
			    env->gpu_node, env->cpulist);
	else
		report_note(t, "GPU on NUMA node %d; the measuring thread was not moved to its CPUs",
			    env->gpu_node);
	if (remote != -1)
		report_note(t, "some host buffers are not on node %d (%s): expect lower bandwidth",
			    env->gpu_node, remote == PCIE_NODE_MIXED ? "spread over nodes" : "remote node");
	if (unknown)
		report_note(t, "the node of some host buffers is unknown (memory the driver maps itself"
			    " is not visible to move_pages)");
}

/*
 * Plots only (the terminal has the table): GB/s against transfer size, a
 * series per memory kind and direction, the link's theoretical lines;
 * none unless one series has two sizes or more.
 */
static void sweep_chart(struct report_table *t, const struct pcie_results *res)
{
	struct report_series *s[PCIE_NMEMS][PCIE_NPARTS] = { { 0 } };
	size_t n[PCIE_NMEMS][PCIE_NPARTS] = { { 0 } }, most = 0;
	int gen, width, bidir = 0;
	struct report_chart *c;
	double peak;
	char name[96];

	for (size_t i = 0; i < res->nrows; i++) {
		size_t k = ++n[res->rows[i].mem][res->rows[i].part];
		most = k > most ? k : most;
	}
	if (most < 2)
		return;
	c = report_add_chart(t, "bandwidth by transfer size");
	report_chart_axis(&c->x, "transfer size", "B", REPORT_AXIS_LOG | REPORT_AXIS_BYTES);
	report_chart_axis(&c->y, "bandwidth", "GB/s", REPORT_AXIS_LOG);
	for (size_t i = 0; i < res->nrows; i++) {
		const struct pcie_row *r = &res->rows[i];
		struct report_series **sp = &s[r->mem][r->part];

		if (!*sp) {
			snprintf(name, sizeof(name), "%s %s", pcie_mem_names[r->mem], part_label(r->part));
			*sp = report_chart_series(c, name, REPORT_SERIES_PLOT);
		}
		report_series_add(*sp, (double)r->size, pcie_row_gbs(r), NULL);
		bidir |= r->part == PCIE_PART_BIDIR_SUM;
	}
	pcie_env_link(&res->env, &gen, &width);
	peak = pcie_peak_gbs(gen, width);
	if (!(peak > 0))
		return;
	snprintf(name, sizeof(name), "Gen%d x%d theoretical, one way", gen, width);
	report_chart_marker(c, 'y', peak, name);
	if (bidir) {
		snprintf(name, sizeof(name), "Gen%d x%d theoretical, both ways", gen, width);
		report_chart_marker(c, 'y', 2 * peak, name);
	}
}

static char *title_for(const char *what, const struct gp_device *dev)
{
	char cc[16];

	return gp_xasprintf("%s: %s (CC %s)", what, dev->name, dev_cc_string(dev, cc, sizeof(cc)));
}

void tab_pcie_transfers(struct report *rep, const struct gp_device *dev,
			const struct pcie_plan *plan, const struct pcie_results *res,
			const struct trust_summary *watch)
{
	struct report_table *t;
	int gen, width, *nodes;
	char reps[128];

	t = report_add_table(rep, "PCIe transfers", pcie_transfer_cols, PCIE_TRANSFER_NCOLS);
	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t i = 0; i < res->nrows; i++)
		add_machine_row(t, dev, &res->env, &res->rows[i], watch);
	{
		char *title = title_for("PCIe transfers", dev);
		t = report_add_table(rep, title, human_cols, ARRAY_SIZE(human_cols));
		free(title);
	}
	t->flags |= REPORT_HUMAN_ONLY;
	nodes = gp_xcalloc(res->nrows + 1, sizeof(*nodes));
	for (size_t i = 0; i < res->nrows; i++) {
		add_human_row(t, &res->env, &res->rows[i]);
		nodes[i] = res->rows[i].host_node;
	}
	pcie_env_link(&res->env, &gen, &width);
	note_theory(t, gen, width);
	note_verdicts(t, res);
	note_pinned_gain(t, res);
	note_link(t, &res->env);
	note_numa(t, &res->env, nodes, res->nrows);
	report_note(t, "1 GB = 10^9 B; time of one transfer, median of %s repetitions after %d "
		    "warm-up; small sizes batch several copies per repetition",
		    stats_reps_text(plan->reps, reps, sizeof(reps)), plan->warmup);
	report_note(t, "pageable copies are timed with the host clock (copies + stream synchronize),"
		    " the others with CUDA events; bidir-sum is the bytes of both directions over the"
		    " time until both finished, the faster one given more transfers so that both stay"
		    " busy; every transfer's data was verified");
	note_pageable(t, res);
	stability_note(t, res, watch);
	sweep_chart(t, res);
	free(nodes);
}

enum {
	O_MEMORY = TAB_NIDENTITY, O_SIZE, O_CHUNKS, O_STREAMS, O_ITERS, O_H2D, O_D2H,
	O_KERNEL, O_SERIAL, O_SERIAL_MIN, O_SERIAL_MAX, O_OVL, O_OVL_MIN, O_OVL_MAX,
	O_SPEEDUP, O_PCT, O_NODE, O_HOST_NODE, O_LOCAL, O_CONTENDED,
};

enum { HO_MEMORY, HO_SIZE, HO_CHUNKS, HO_STREAMS, HO_H2D, HO_D2H, HO_KERNEL, HO_SERIAL,
       HO_OVL, HO_SPEEDUP, HO_PCT };

static const struct report_col human_overlap_cols[] = {
	{ "memory", "memory", REPORT_STR, 0 },
	{ "size", "size", REPORT_STR, 0 },
	{ "chunks", "chunks", REPORT_INT, 0 },
	{ "streams", "streams", REPORT_INT, 0 },
	{ "h2d_us", "H2D (µs)", REPORT_DBL, 1 },
	{ "d2h_us", "D2H (µs)", REPORT_DBL, 1 },
	{ "kernel_us", "kernel (µs)", REPORT_DBL, 1 },
	{ "serial_us", "serial (µs)", REPORT_DBL, 1 },
	{ "overlapped_us", "overlapped (µs)", REPORT_DBL, 1 },
	{ "speedup", "speedup", REPORT_DBL, 2 },
	{ "overlap_pct", "hidden (%)", REPORT_DBL, 1 },
};

static void add_overlap_machine_row(struct report_table *t, const struct gp_device *dev,
				    const struct pcie_env *env, const struct pcie_overlap_row *r,
				    const struct trust_summary *watch)
{
	size_t i = report_add_row(t);

	tab_set_identity(t, i, dev);
	report_set_str(t, i, O_MEMORY, pcie_mem_names[r->mem]);
	report_set_int(t, i, O_SIZE, (long long)r->size);
	report_set_int(t, i, O_CHUNKS, r->chunks);
	report_set_int(t, i, O_STREAMS, r->streams);
	report_set_int(t, i, O_ITERS, r->iters);
	report_set_dbl(t, i, O_H2D, r->h2d_us);
	report_set_dbl(t, i, O_D2H, r->d2h_us);
	report_set_dbl(t, i, O_KERNEL, r->kernel_us);
	report_set_dbl(t, i, O_SERIAL, r->serial_us.median);
	report_set_dbl(t, i, O_SERIAL_MIN, r->serial_us.min);
	report_set_dbl(t, i, O_SERIAL_MAX, r->serial_us.max);
	report_set_dbl(t, i, O_OVL, r->overlapped_us.median);
	report_set_dbl(t, i, O_OVL_MIN, r->overlapped_us.min);
	report_set_dbl(t, i, O_OVL_MAX, r->overlapped_us.max);
	report_set_dbl(t, i, O_SPEEDUP, pcie_overlap_speedup(r));
	report_set_dbl(t, i, O_PCT, pcie_overlap_hidden_pct(r));
	set_numa(t, i, O_NODE, env->gpu_node, r->host_node);
	tab_set_trust(t, i, O_CONTENDED, watch);
}

static void add_overlap_human_row(struct report_table *t, const struct pcie_overlap_row *r)
{
	size_t i = report_add_row(t);
	double copy = r->h2d_us + r->d2h_us;
	char sz[64];

	report_set_str(t, i, HO_MEMORY, pcie_mem_names[r->mem]);
	report_set_str(t, i, HO_SIZE, format_size(sz, sizeof(sz), r->size));
	report_set_int(t, i, HO_CHUNKS, r->chunks);
	report_set_int(t, i, HO_STREAMS, r->streams);
	report_set_dbl(t, i, HO_H2D, r->h2d_us);
	report_set_dbl(t, i, HO_D2H, r->d2h_us);
	report_set_dbl(t, i, HO_KERNEL, r->kernel_us);
	report_set_dbl(t, i, HO_SERIAL, r->serial_us.median);
	report_set_dbl(t, i, HO_OVL, r->overlapped_us.median);
	report_set_dbl(t, i, HO_SPEEDUP, pcie_overlap_speedup(r));
	report_set_dbl(t, i, HO_PCT, pcie_overlap_hidden_pct(r));
	report_note(t, "%s %s: %d chunks on %d streams hide %.0f %% of the %s (serial %.1f µs,"
		    " overlapped %.1f µs, %.2fx)", pcie_mem_names[r->mem], sz, r->chunks, r->streams,
		    pcie_overlap_hidden_pct(r), copy < r->kernel_us ? "copy time" : "kernel time",
		    r->serial_us.median, r->overlapped_us.median, pcie_overlap_speedup(r));
}

/* The overlap's stability line: the CoV of the serial and of the overlapped runs. */
static void overlap_stability_note(struct report_table *t, const struct pcie_overlap_results *res,
				   const struct trust_summary *watch)
{
	struct trust_row *rows = gp_xcalloc(2 * res->nrows + 1, sizeof(*rows));
	char (*labels)[64] = gp_xcalloc(2 * res->nrows + 1, sizeof(*labels));

	for (size_t k = 0; k < res->nrows; k++) {
		const struct pcie_overlap_row *r = &res->rows[k];

		rows[2 * k].label = row_label(r->mem, "serial", r->size, labels[2 * k], sizeof(labels[0]));
		rows[2 * k].cov_pct = tab_cov_pct(r->serial_us.n, r->serial_us.cov);
		rows[2 * k + 1].label = row_label(r->mem, "overlapped", r->size, labels[2 * k + 1],
						  sizeof(labels[0]));
		rows[2 * k + 1].cov_pct = tab_cov_pct(r->overlapped_us.n, r->overlapped_us.cov);
	}
	tab_stability_note(t, rows, 2 * res->nrows, watch);
	free(labels);
	free(rows);
}

void tab_pcie_overlap(struct report *rep, const struct gp_device *dev,
		      const struct pcie_overlap_plan *plan, const struct pcie_overlap_results *res,
		      const struct trust_summary *watch)
{
	struct report_table *t;
	char *title, reps[128];
	int *nodes;

	t = report_add_table(rep, "PCIe copy/compute overlap", pcie_overlap_cols, PCIE_OVERLAP_NCOLS);
	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t k = 0; k < res->nrows; k++)
		add_overlap_machine_row(t, dev, &res->env, &res->rows[k], watch);
	title = title_for("PCIe copy/compute overlap", dev);
	t = report_add_table(rep, title, human_overlap_cols, ARRAY_SIZE(human_overlap_cols));
	free(title);
	t->flags |= REPORT_HUMAN_ONLY;
	nodes = gp_xcalloc(res->nrows + 1, sizeof(*nodes));
	for (size_t k = 0; k < res->nrows; k++) {
		add_overlap_human_row(t, &res->rows[k]);
		nodes[k] = res->rows[k].host_node;
	}
	report_note(t, "hidden = (serial - overlapped) / the shorter of the copies (H2D + D2H) and the"
		    " kernel; the kernel is %s", plan->kernel_us > 0 ? "sized to --kernel-us"
		    : "sized to the copy time, so at most 100 % can hide");
	report_note(t, "median of %s repetitions after %d warm-up, CUDA events; results verified",
		    stats_reps_text(plan->reps, reps, sizeof(reps)), plan->warmup);
	note_numa(t, &res->env, nodes, res->nrows);
	overlap_stability_note(t, res, watch);
	free(nodes);
}

void tab_pcie(struct report *rep, const struct gp_device *dev, const void *pcie_run)
{
	const struct pcie_run *run = pcie_run;

	if (run->overlap)
		tab_pcie_overlap(rep, dev, &run->oplan, &run->ores, &run->watch);
	else
		tab_pcie_transfers(rep, dev, &run->plan, &run->res, &run->watch);
}

/* ---- gpuperf all's summary ---- */

/* gpuperf all's summary: pinned transfers each way and both ways at once. */
void tab_pcie_summary(struct all_summary *s, const struct gp_device *d, const void *pcie_run)
{
	const struct pcie_run *pc = pcie_run;
	static const struct { enum pcie_part part; const char *metric, *what; } rows[] = {
		{ PCIE_PART_H2D, "pcie_pinned_h2d_gbs", "PCIe host to device, pinned" },
		{ PCIE_PART_D2H, "pcie_pinned_d2h_gbs", "PCIe device to host, pinned" },
		{ PCIE_PART_BIDIR_SUM, "pcie_pinned_bidir_gbs", "PCIe both ways at once, pinned" },
	};
	char ref[160];

	(void)d;
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pcie_row *r = NULL;
		const struct pcie_env *env = pc ? &pc->res.env : NULL;
		double gbs = NAN, peak = NAN, cov = NAN;

		for (size_t k = 0; pc && k < pc->res.nrows && !r; k++)
			if (pc->res.rows[k].part == rows[i].part && pc->res.rows[k].mem == PCIE_PINNED)
				r = &pc->res.rows[k];
		if (r) {
			gbs = pcie_row_gbs(r);
			peak = pcie_row_peak_gbs(r, env);
			cov = tab_cov_pct(r->time_us.n, r->time_us.cov);
		}
		/* the bidirectional sum is measured against both directions' peak */
		snprintf(ref, sizeof(ref), "%.1f %% of the Gen%.0f x%.0f link (%.1f GB/s %s)",
			 peak > 0 ? 100 * gbs / peak : NAN,
			 env && env->busy.cur_gen > 0 ? (double)env->busy.cur_gen : NAN,
			 env && env->busy.cur_width > 0 ? (double)env->busy.cur_width : NAN,
			 peak > 0 ? peak : NAN, i == 2 ? "both ways" : "per direction");
		all_add_figure(s, rows[i].metric, rows[i].what, gbs, cov, "GB/s", ref);
	}
}
