/* `gpuperf bandwidth` results as report tables. */
#include "tables/bandwidth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/bandwidth-method.h"
#include "model/bandwidth.h"
#include "results/bandwidth-columns.h"
#include "results/info.h"
#include "tables/all.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

/* Level estimate: reads whose working set per SM is within this stay in L1. */
#define BW_L1_PER_SM (64u << 10)

static double median_gbs(const struct bw_result *r)
{
	return bw_gbs(r->bytes, r->ms.median);
}

static double pct(double gbs, double peak)
{
	return peak > 0 ? 100.0 * gbs / peak : 0;
}

const char *bw_row_level(const struct gp_device *dev, const struct bw_request *req,
			 const struct bw_outcome *o, const struct bw_result *r, const char **source)
{
	const char *lv;

	(void)o;
	if (req->cold) {
		*source = "cold";
		return "cold";
	}
	if (r->counted && (lv = bw_level_by_counters(&r->traffic, r->kernel == BW_READ))) {
		*source = "counters";
		return lv;
	}
	*source = "size";
	return bw_level_by_size(r->method, r->kernel, r->size, dev->sm_count, BW_L1_PER_SM,
				(uint64_t)dev->l2_bytes);
}

static const char *level(const struct gp_device *dev, const struct bw_request *req,
			 const struct bw_result *r)
{
	const char *source;

	return bw_row_level(dev, req, NULL, r, &source);
}

static void add_row(struct report_table *t, const struct gp_device *dev,
		    const struct bw_request *req, const struct bw_result *r, double peak,
		    const struct trust_summary *watch)
{
	size_t row = report_add_row(t);
	double gbs = median_gbs(r);

	tab_set_identity(t, row, dev);
	report_set_str(t, row, C_KERNEL, bw_kernel_names[r->kernel]);
	if (r->width)
		report_set_int(t, row, C_WIDTH, r->width);
	report_set_int(t, row, C_SIZE, (long long)r->size);
	{
		const char *source;

		report_set_str(t, row, C_LEVEL, bw_row_level(dev, req, NULL, r, &source));
		report_set_str(t, row, C_SOURCE, source);
	}
	if (r->method)
		report_set_str(t, row, C_METHOD, bw_method_names[r->method]);
	if (r->counted) {
		report_set_dbl(t, row, C_L1, 100 * r->traffic.l1_hit);
		report_set_dbl(t, row, C_L2, 100 * r->traffic.l2_hit);
		report_set_dbl(t, row, C_DRAM, r->traffic.dram_per_byte);
		report_set_dbl(t, row, C_L2READ, 100 * r->traffic.l2_read);
	}
	report_set_int(t, row, C_PASSES, r->passes);
	report_set_int(t, row, C_BYTES, (long long)r->bytes);
	report_set_int(t, row, C_REPS, r->reps);
	report_set_dbl(t, row, C_TIME, r->ms.median);
	report_set_dbl(t, row, C_GBS, gbs);
	report_set_dbl(t, row, C_BEST, bw_gbs(r->bytes, r->ms.min));
	report_set_dbl(t, row, C_MIN, bw_gbs(r->bytes, r->ms.max));
	report_set_dbl(t, row, C_COV, 100.0 * r->ms.cov);
	if (peak > 0) {
		report_set_dbl(t, row, C_PCT, pct(gbs, peak));
		report_set_dbl(t, row, C_PEAK, peak);
	}
	if (r->grid) {
		report_set_int(t, row, C_GRID, r->grid);
		report_set_int(t, row, C_BLOCK, r->cfg.block);
		report_set_int(t, row, C_UNROLL, r->cfg.unroll);
		report_set_str(t, row, C_LAYOUT, bw_layout_names[r->cfg.layout]);
	}
	tab_set_trust(t, row, C_CONTENDED, watch);
}

/* The stability line: each row's CoV, named "copy 16 B 1 GiB". */
static void stability_note(struct report_table *t, const struct bw_outcome *o,
			   const struct trust_summary *watch)
{
	struct trust_row *rows = gp_xcalloc(o->nres + 1, sizeof(*rows));
	char (*labels)[64] = gp_xcalloc(o->nres + 1, sizeof(*labels));
	char sz[32];

	for (size_t i = 0; i < o->nres; i++) {
		const struct bw_result *r = &o->res[i];

		format_size(sz, sizeof(sz), r->size);
		if (r->method == BW_METHOD_L2_SHARED)
			snprintf(labels[i], sizeof(labels[i]), "%s %d B %s %s", bw_kernel_names[r->kernel],
				 r->width, sz, bw_method_names[r->method]);
		else if (r->width)
			snprintf(labels[i], sizeof(labels[i]), "%s %d B %s", bw_kernel_names[r->kernel],
				 r->width, sz);
		else
			snprintf(labels[i], sizeof(labels[i]), "%s %s", bw_kernel_names[r->kernel], sz);
		rows[i] = (struct trust_row){ tab_cov_pct(r->ms.n, r->ms.cov), labels[i] };
	}
	tab_stability_note(t, rows, o->nres, watch);
	free(labels);
	free(rows);
}

static uint64_t largest_size(const struct bw_outcome *o)
{
	uint64_t max = 0;

	for (size_t i = 0; i < o->nres; i++)
		if (o->res[i].size > max)
			max = o->res[i].size;
	return max;
}

/* The row of kernel k at the largest size and the first width measured; NULL if none. */
static const struct bw_result *headline(const struct bw_outcome *o, enum bw_kernel k)
{
	uint64_t size = largest_size(o);

	for (size_t i = 0; i < o->nres; i++)
		if (o->res[i].kernel == k && o->res[i].size == size)
			return &o->res[i];
	return NULL;
}

const char *bw_verdict(char *buf, size_t n, const struct gp_device *dev,
		       const struct bw_request *req, const struct bw_outcome *o)
{
	const struct bw_result *r = headline(o, BW_COPY), *m = headline(o, BW_MEMCPY);
	double peak = dev_dram_peak_gbs(dev);
	const char *lv;
	char sz[32];
	size_t len;

	for (int k = 0; !r && k < BW_NKERNELS; k++)
		r = headline(o, (enum bw_kernel)k);
	if (!r || !(peak > 0) || n == 0)
		return NULL;
	format_size(sz, sizeof(sz), r->size);
	snprintf(buf, n, "%s reaches %.1f %% of theoretical (%.0f of %.0f GB/s at %s)",
		 bw_kernel_names[r->kernel], pct(median_gbs(r), peak), median_gbs(r), peak, sz);
	len = strlen(buf);
	if (m && m != r && m->ms.median > 0)
		snprintf(buf + len, n - len, "; %.2fx cudaMemcpy D2D (%.0f GB/s)",
			 median_gbs(r) / median_gbs(m), median_gbs(m));
	len = strlen(buf);
	lv = level(dev, req, r);
	if (strcmp(lv, "DRAM") && strcmp(lv, "cold"))
		snprintf(buf + len, n - len, "; the working set fits in %s: not a DRAM figure", lv);
	return buf;
}

/* "at 1 GiB, 16 B: read 94.1 %, write 96.0 %, ..." for the headline rows. */
static void summary_note(struct report_table *t, const struct gp_device *dev,
			 const struct bw_outcome *o)
{
	double peak = dev_dram_peak_gbs(dev);
	char line[512], sz[32];
	size_t len;

	if (!(peak > 0) || !o->nres)
		return;
	format_size(sz, sizeof(sz), largest_size(o));
	len = (size_t)snprintf(line, sizeof(line), "of theoretical at %s:", sz);
	for (int k = 0, first = 1; k < BW_NKERNELS && len < sizeof(line); k++) {
		const struct bw_result *r = headline(o, (enum bw_kernel)k);

		if (!r)
			continue;
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s %s %.1f %%",
					first ? "" : ",", bw_kernel_names[k],
					pct(median_gbs(r), peak));
		first = 0;
	}
	report_note(t, "%s", line);
}

/*
 * With --shared-lines: what l2-shared counts, and why it is above l2 (only
 * when such rows are there, so that other runs print what they did).
 */
static void shared_note(struct report_table *t, const struct bw_outcome *o)
{
	double lo = 0, hi = 0;

	for (size_t i = 0; i < o->nres; i++) {
		double v = o->res[i].overlap;

		if (o->res[i].method != BW_METHOD_L2_SHARED)
			continue;
		if (!lo || v < lo)
			lo = v;
		if (v > hi)
			hi = v;
	}
	if (!hi)
		return;
	report_note(t, "method l2: each line of the set read by one block (disjoint windows): the L2 "
		    "slices' own throughput, l2_read_pct near 100 %%; method l2-shared: the l1 "
		    "method's windows with ld.global.cg, overlapping %.1f- to %.1f-fold, so several "
		    "SMs ask for a line at once and the crossbar hands one L2 read to all of them: "
		    "what the SMs receive (as gpu-benches' gpu-l2-cache counts), above what the "
		    "slices read; l2_read_pct shows the share they read", lo, hi);
}

static void convention_notes(struct report_table *t, const struct gp_device *dev,
			     const struct bw_request *req, const struct bw_outcome *o)
{
	char a[32], b[32], c[32], reps[128];
	unsigned max_passes = 1;

	for (size_t i = 0; i < o->nres; i++)
		if (o->res[i].passes > max_passes)
			max_passes = o->res[i].passes;
	if (dev_dram_peak_gbs(dev) > 0)
		report_note(t, "theoretical: 2 x %d MHz x %d bit / 8 = %.1f GB/s "
			    "(peak memory clock and bus width reported by the driver)",
			    dev->mem_clock_khz / 1000, dev->mem_bus_width_bits,
			    dev_dram_peak_gbs(dev));
	else
		report_note(t, "theoretical: unknown (the driver reports no memory clock or bus "
			    "width), so no percentages");
	report_note(t, "bytes moved: bytes read + bytes written per repetition "
		    "(a copy of N bytes moves 2N); 1 GB = 10^9 B; elements are 32-bit floats");
	report_note(t, "GB/s: median of %s repetitions, each timed with CUDA events, after "
		    "%d warm-up launches and %.0f ms of clock warm-up; best and min: fastest "
		    "and slowest repetition; CoV: standard deviation / mean of the times",
		    stats_reps_text(req->reps, reps, sizeof(reps)), req->warmup, o->warmup_ms);
	format_size(a, sizeof(a), BW_L1_PER_SM);
	format_size(b, sizeof(b), (uint64_t)dev->l2_bytes);
	if (req->cold) {
		format_size(a, sizeof(a), o->flush_bytes);
		report_note(t, "level cold: L2 flushed before every repetition by writing %s "
			    "(not timed), one pass per launch; stores of small sets may still "
			    "end in L2", a);
	} else {
		if (o->counted)
			report_note(t, "level by counters: one more launch of each kernel, untimed: "
				    "L1 when L1 served %.0f %% of its load sectors (reads), DRAM when "
				    "DRAM moved %.0f %% of the bytes, L2 when DRAM moved under %.0f %% "
				    "and L2 hit, else L2+DRAM", 100 * BW_LEVEL_PURE,
				    100 * BW_LEVEL_PURE, 100 * (1 - BW_LEVEL_PURE));
		report_note(t, "level by size: method l1 or l2 names its level; otherwise where the "
			    "working set (arrays x size) fits: L1 (reads, <= %s per SM), L2 (<= %s), "
			    "L2+DRAM, DRAM (>= 4 x L2)", a, b);
		report_note(t, "method l1: a resident grid, each block re-reading its window of a "
			    "read set within 3/4 of one SM's L1 (%s), plain loads; method l2: the "
			    "same with ld.global.cg (L1 bypassed) for read sets within L2; bytes "
			    "moved count every block's reads", format_size(c, sizeof(c),
			    o->l1_bytes / BW_L1_FILL_DEN * BW_L1_FILL_NUM));
		shared_note(t, o);
		if (max_passes > 1)
			report_note(t, "sets moving less than 1 GiB per pass are swept up to %u "
				    "times per launch (passes) with warm caches: they measure the "
				    "cache level, not DRAM; --cold flushes L2 instead", BW_MAX_PASSES);
	}
}

/*
 * A sweep's chart: GB/s against the size per array, one line per kernel
 * and width in plots; the terminal draws the first of them.
 */
static void sweep_chart(struct report_table *t, const struct gp_device *dev,
			const struct bw_outcome *o)
{
	const struct bw_result *first = &o->res[0];
	struct report_chart *c;
	double peak = dev_dram_peak_gbs(dev);
	char title[96], name[64], sz[32];

	/* plots draw every kernel and width; the terminal the first */
	c = report_add_chart(t, "bandwidth by size per array");
	if (first->width)
		snprintf(title, sizeof(title), "%s, %d B accesses: GB/s by size per array",
			 bw_kernel_names[first->kernel], first->width);
	else
		snprintf(title, sizeof(title), "%s: GB/s by size per array",
			 bw_kernel_names[first->kernel]);
	report_chart_text_title(c, title);
	report_chart_axis(&c->x, "size per array", "B", REPORT_AXIS_LOG | REPORT_AXIS_BYTES);
	report_chart_axis(&c->y, "bandwidth", "GB/s", REPORT_AXIS_LOG);
	for (size_t i = 0; i < o->nres; i++) {
		const struct bw_result *r = &o->res[i];
		struct report_series *s = NULL;

		if (r->method == BW_METHOD_L2_SHARED)
			snprintf(name, sizeof(name), "%s, %d B, shared lines", bw_kernel_names[r->kernel],
				 r->width);
		else if (r->width)
			snprintf(name, sizeof(name), "%s, %d B", bw_kernel_names[r->kernel], r->width);
		else
			snprintf(name, sizeof(name), "%s", bw_kernel_names[r->kernel]);
		for (size_t k = 0; k < c->nseries && !s; k++)
			if (!strcmp(c->series[k]->name, name))
				s = c->series[k];
		if (!s)
			s = report_chart_series(c, name, REPORT_SERIES_PLOT |
						(c->nseries ? 0 : REPORT_SERIES_TEXT));
		report_series_add(s, (double)r->size, median_gbs(r),
				  format_size(sz, sizeof(sz), r->size));
	}
	report_chart_marker(c, 'x', (double)BW_L1_PER_SM * dev->sm_count, "L1 (all SMs)");
	if (dev->l2_bytes > 0)
		report_chart_marker(c, 'x', (double)dev->l2_bytes, "L2");
	if (peak > 0)
		report_chart_marker(c, 'y', peak, "theoretical DRAM");
}

/* Points of the first kernel and width (shared lines apart): a chart needs two. */
static size_t sweep_points(const struct bw_outcome *o)
{
	size_t n = 0;

	for (size_t i = 0; i < o->nres; i++)
		n += o->res[i].kernel == o->res[0].kernel && o->res[i].width == o->res[0].width &&
		     o->res[i].method != BW_METHOD_L2_SHARED;
	return n;
}

static void cfg_text(char *buf, size_t n, struct bw_cfg c, const struct gp_device *dev)
{
	if (c.layout == BW_LAYOUT_FLAT)  /* the grid follows the size: one block per tile */
		snprintf(buf, n, "tiles x %d, unroll %d, flat", c.block, c.unroll);
	else
		snprintf(buf, n, "%d x %d, unroll %d, %s", c.blocks_per_sm * dev->sm_count,
			 c.block, c.unroll, bw_layout_names[c.layout]);
}

static void tune_table(struct report *r, const struct gp_device *dev,
		       const struct bw_outcome *o)
{
	static const struct report_col tcols[] = {
		{ "kernel", "kernel", REPORT_STR, 0 },
		{ "width_bytes", "width (B)", REPORT_INT, 0 },
		{ "configs", "configs", REPORT_INT, 0 },
		{ "default_config", "default (grid x block)", REPORT_STR, 0 },
		{ "default_gbs", "default (GB/s)", REPORT_DBL, 1 },
		{ "tuned_config", "tuned (grid x block)", REPORT_STR, 0 },
		{ "tuned_gbs", "tuned (GB/s)", REPORT_DBL, 1 },
		{ "gain_pct", "gain (%)", REPORT_DBL, 1 },
	};
	struct report_table *t;
	char buf[96], sz[32];

	if (!o->ntune)
		return;
	format_size(sz, sizeof(sz), o->tune[0].size);
	snprintf(buf, sizeof(buf), "Tuning (median of the search, %s per array)", sz);
	t = report_add_table(r, buf, tcols, ARRAY_SIZE(tcols));
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < o->ntune; i++) {
		const struct bw_tuning *u = &o->tune[i];
		size_t row = report_add_row(t);

		report_set_str(t, row, 0, bw_kernel_names[u->kernel]);
		report_set_int(t, row, 1, u->width);
		report_set_int(t, row, 2, u->nconfigs);
		cfg_text(buf, sizeof(buf), u->def, dev);
		report_set_str(t, row, 3, buf);
		if (u->def_gbs > 0)
			report_set_dbl(t, row, 4, u->def_gbs);
		cfg_text(buf, sizeof(buf), u->best, dev);
		report_set_str(t, row, 5, buf);
		report_set_dbl(t, row, 6, u->best_gbs);
		if (u->def_gbs > 0)
			report_set_dbl(t, row, 7, 100.0 * (u->best_gbs / u->def_gbs - 1));
	}
	report_note(t, "the measurements above use the tuned configuration of each kernel");
}

void tab_bandwidth(struct report *r, const struct gp_device *dev,
		   const struct bw_request *req, const struct bw_outcome *o,
		   const struct trust_summary *watch)
{
	struct report_table *t = report_add_table(r, "Device-memory bandwidth", bw_columns, C_N);
	double peak = dev_dram_peak_gbs(dev);
	char verdict[256];

	for (size_t i = 0; i < o->nres; i++)
		add_row(t, dev, req, &o->res[i], peak, watch);
	convention_notes(t, dev, req, o);
	summary_note(t, dev, o);
	if (bw_verdict(verdict, sizeof(verdict), dev, req, o))
		report_note(t, "verdict: %s", verdict);
	stability_note(t, o, watch);
	if (req->nsizes > 1 && sweep_points(o) > 1)
		sweep_chart(t, dev, o);
	tune_table(r, dev, o);
}

void tab_bandwidth_run(struct report *r, const struct gp_device *dev, const void *bw_run)
{
	const struct bw_run *run = bw_run;

	tab_bandwidth(r, dev, &run->req, &run->out, &run->watch);
}

/* ---- gpuperf all's summary ---- */

static const struct bw_result *bw_first(const struct bw_run *bw, enum bw_kernel k)
{
	for (size_t i = 0; bw && i < bw->out.nres; i++)
		if (bw->out.res[i].kernel == k)
			return &bw->out.res[i];
	return NULL;
}

static double bw_gbs_of(const struct bw_result *r)
{
	return r ? bw_gbs(r->bytes, r->ms.median) : NAN;
}

/* gpuperf all's summary: DRAM copy, read, write and triad (cmd.h, .summarize). */
void tab_bandwidth_summary(struct all_summary *s, const struct gp_device *d, const void *bw_run)
{
	const struct bw_run *bw = bw_run;
	static const enum bw_kernel kernels[] = { BW_COPY, BW_READ, BW_WRITE, BW_TRIAD };
	double memcpy_gbs = bw_gbs_of(bw_first(bw, BW_MEMCPY)), peak = dev_dram_peak_gbs(d);
	char ref[160], metric[48], what[64];

	for (size_t i = 0; i < ARRAY_SIZE(kernels); i++) {
		const char *name = bw_kernel_names[kernels[i]];
		const struct bw_result *r = bw_first(bw, kernels[i]);
		double gbs = bw_gbs_of(r);

		snprintf(ref, sizeof(ref), "%.1f %% of %.1f GB/s theoretical",
			 peak > 0 ? 100 * gbs / peak : NAN, peak > 0 ? peak : NAN);
		if (i == 0 && isfinite(memcpy_gbs))
			snprintf(ref + strlen(ref), sizeof(ref) - strlen(ref),
				 "; cudaMemcpy D2D %.1f GB/s", memcpy_gbs);
		snprintf(metric, sizeof(metric), "dram_%s_gbs", name);
		snprintf(what, sizeof(what), "DRAM %s bandwidth", name);
		all_add_figure(s, metric, what, gbs, r ? tab_cov_pct(r->ms.n, r->ms.cov) : NAN,
			       "GB/s", ref);
	}
}

/*
 * gpuperf all's summary from its levels step: the L1 and L2 reads,
 * bandwidth against 128 B/clk x SMs x the clock the info step measured;
 * the L2 read twice, as the slices serve lines read once and as SMs
 * receive lines they share.
 */
void tab_bandwidth_levels_summary(struct all_summary *s, const struct gp_device *d,
				  const void *bw_run)
{
	const struct bw_run *lv = bw_run;
	const struct info_run *info = all_results_of(s->run, "info");
	static const struct { enum bw_method m; const char *metric, *what; } rows[] = {
		{ BW_METHOD_L1, "l1_read_gbs", "L1 read bandwidth" },
		{ BW_METHOD_L2, "l2_read_gbs", "L2 read bandwidth" },
		{ BW_METHOD_L2_SHARED, "l2_shared_read_gbs", "L2 read bandwidth, shared lines" },
	};
	double mhz = info ? info->sm_clock_measured_mhz : NAN;
	double l1_peak = SM_BYTES_PER_CLOCK * d->sm_count * mhz * 1e6 / 1e9;
	char ref[192], sz[32];

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct bw_result *r = NULL;
		const char *level = "", *source = "";
		double gbs = NAN;
		int n = 0;

		/*
		 * the largest set of the method: the most loads in flight; for
		 * shared lines the smallest: the most SMs on each line
		 */
		for (size_t k = 0; lv && k < lv->out.nres; k++)
			if (lv->out.res[k].method == rows[i].m &&
			    (!r || rows[i].m != BW_METHOD_L2_SHARED))
				r = &lv->out.res[k];
		if (r) {
			gbs = bw_gbs(r->bytes, r->ms.median);
			level = bw_row_level(d, &lv->req, &lv->out, r, &source);
			n = snprintf(ref, sizeof(ref), "%s set, %s loads, level %s by %s",
				     format_size(sz, sizeof(sz), r->size),
				     rows[i].m == BW_METHOD_L1 ? "plain" : "ld.global.cg", level, source);
		} else {
			n = snprintf(ref, sizeof(ref), "not measured: no set fit the %s method",
				     bw_method_names[rows[i].m]);
		}
		if (r && rows[i].m == BW_METHOD_L1 && l1_peak > 0 && n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, "; %.1f %% of 128 B/clk x %d SMs x "
				 "%.0f MHz = %.0f GB/s", 100 * gbs / l1_peak, d->sm_count, mhz, l1_peak);
		if (r && rows[i].m == BW_METHOD_L2_SHARED && n > 0 && (size_t)n < sizeof(ref))
			n += snprintf(ref + n, sizeof(ref) - (size_t)n, "; windows overlap %.1f-fold: "
				      "what SMs receive", r->overlap);
		if (r && rows[i].m == BW_METHOD_L2_SHARED && r->counted &&
		    isfinite(r->traffic.l2_read) && n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, ", the L2 slices read %.0f %% of it",
				 100 * r->traffic.l2_read);
		all_add_figure(s, rows[i].metric, rows[i].what, gbs,
			       r ? tab_cov_pct(r->ms.n, r->ms.cov) : NAN, "GB/s", ref);
	}
}
