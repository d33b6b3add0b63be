/* `gpuperf latency` results as report tables, notes and the staircase. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/chase.h"
#include "results/latency-columns.h"
#include "tables/all.h"
#include "tables/latency.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

/* The global sweep classified: points, classes and plateaus of one run. */
struct sweep {
	size_t n;                  /* global rows, the first n of run->rows */
	struct lv_point *pt;
	struct lv_class *cls;
	struct lv_plateau pl[LV_MAX_PLATEAUS];
	size_t npl;
};

static struct lv_caches caches(const struct gp_device *dev, const struct lat_run *run)
{
	return (struct lv_caches){ run->l1_bytes ? run->l1_bytes : 128u << 10,
				   (uint64_t)dev->l2_bytes };
}

/* The counted loads' counters as the model's fractions (NaN without). */
static struct lv_point point(const struct lat_row *r)
{
	double misses = r->load_sectors - r->l1_hit_sectors;

	return (struct lv_point){
		.size = r->size, .cycles = r->cycles.median,
		.l1_hit = tab_ratio(r->l1_hit_sectors, r->load_sectors),
		/* a miss of the far partition also counts in the near one (the H100 read
		   twice its lookups as misses on sets past L2): a rate under 0 is 0 */
		.l2_hit = misses > 0 ? fmax(0, 1 - r->l2_miss_sectors / misses) : NAN,
		.dram_bytes_per_load = tab_ratio(r->dram_read_bytes, (double)r->counted_loads),
	};
}

static void classify(const struct gp_device *dev, const struct lat_run *run, struct sweep *s)
{
	struct lv_caches c = caches(dev, run);

	memset(s, 0, sizeof(*s));
	while (s->n < run->nrows && run->rows[s->n].memory == LAT_GLOBAL)
		s->n++;
	s->pt = gp_xcalloc(s->n + 1, sizeof(*s->pt));
	s->cls = gp_xcalloc(s->n + 1, sizeof(*s->cls));
	for (size_t i = 0; i < s->n; i++)
		s->pt[i] = point(&run->rows[i]);
	s->npl = lv_classify(s->pt, s->n, &c, s->cls, s->pl, LV_MAX_PLATEAUS);
}

static void sweep_free(struct sweep *s)
{
	free(s->pt);
	free(s->cls);
}

static double to_ns(double cycles, double mhz)
{
	return mhz > 0 ? cycles * 1e3 / mhz : NAN;
}

/* Latency in ns of a row: chases from cycles, memcpy as timed. */
static void row_ns(const struct lat_row *r, double mhz, double *med, double *lo, double *hi)
{
	if (r->memory == LAT_MEMCPY_H2D || r->memory == LAT_MEMCPY_D2H) {
		*med = r->ns.median;
		*lo = r->ns.min;
		*hi = r->ns.max;
	} else {
		*med = to_ns(r->cycles.median, mhz);
		*lo = to_ns(r->cycles.min, mhz);
		*hi = to_ns(r->cycles.max, mhz);
	}
}

static int is_chase(const struct lat_row *r)
{
	return r->memory != LAT_MEMCPY_H2D && r->memory != LAT_MEMCPY_D2H;
}

/* What every row of a kind shares: identity, memory, configuration. */
static size_t begin_row(struct report_table *t, const struct gp_device *dev, const char *row,
			const struct lat_row *r, const struct lat_run *run)
{
	size_t k = report_add_row(t);

	tab_set_identity(t, k, dev);
	report_set_str(t, k, C_ROW, row);
	report_set_str(t, k, C_MEMORY, lat_memory_name(r->memory));
	report_set_int(t, k, C_SIZE, (long long)r->size);
	if (is_chase(r)) {
		report_set_int(t, k, C_STRIDE, (long long)r->layout.stride);
		report_set_str(t, k, C_PATTERN, chase_pattern_names[run->req.pattern]);
	}
	report_set_dbl(t, k, C_MHZ, run->sm_mhz);
	report_set_str(t, k, C_VERIFIED, "yes");
	tab_set_trust(t, k, C_CONTENDED, &run->watch);
	return k;
}

/* The level of a row that is no global chase: its memory names it. */
static const char *fixed_level(const struct lat_row *r)
{
	return r->memory == LAT_SHARED ? "shared" : r->memory == LAT_HOST ? "host" :
	       lat_memory_name(r->memory);
}

static void size_rows(struct report_table *t, const struct gp_device *dev,
		      const struct lat_run *run, const struct sweep *s)
{
	char buf[32];

	for (size_t i = 0; i < run->nrows; i++) {
		const struct lat_row *r = &run->rows[i];
		size_t k = begin_row(t, dev, "size", r, run);
		double med, lo, hi;

		row_ns(r, run->sm_mhz, &med, &lo, &hi);
		if (is_chase(r)) {
			report_set_int(t, k, C_ELEMENTS, (long long)r->layout.n);
			report_set_dbl(t, k, C_CYCLES, r->cycles.median);
		}
		report_set_int(t, k, C_LOADS, (long long)r->loads);
		report_set_dbl(t, k, C_NS, med);
		report_set_dbl(t, k, C_NS_MIN, lo);
		report_set_dbl(t, k, C_NS_MAX, hi);
		if (i < s->n) {
			report_set_str(t, k, C_LEVEL, lv_class_name(&s->cls[i], buf, sizeof(buf)));
			report_set_str(t, k, C_SOURCE, lv_source_name(s->cls[i].source));
			report_set_dbl(t, k, C_L1, 100 * s->pt[i].l1_hit);
			report_set_dbl(t, k, C_L2, 100 * s->pt[i].l2_hit);
			report_set_dbl(t, k, C_DRAM, s->pt[i].dram_bytes_per_load);
		} else {
			report_set_str(t, k, C_LEVEL, fixed_level(r));
			report_set_str(t, k, C_SOURCE, "memory");
		}
	}
}

size_t lat_levels(const struct gp_device *dev, const struct lat_run *run,
		  struct lat_level *out, size_t max)
{
	struct sweep s;
	size_t n = 0;

	classify(dev, run, &s);
	for (size_t k = 0; k < s.npl && n < max; k++)
		out[n++] = (struct lat_level){ lv_name(s.pl[k].level), s.pl[k].source,
					       s.pt[s.pl[k].first].size, s.pt[s.pl[k].last].size,
					       s.pl[k].cycles, to_ns(s.pl[k].cycles, run->sm_mhz) };
	for (size_t i = s.n; i < run->nrows && n < max; i++) {
		const struct lat_row *r = &run->rows[i];
		double med, lo, hi;

		row_ns(r, run->sm_mhz, &med, &lo, &hi);
		out[n++] = (struct lat_level){ fixed_level(r), LV_BY_COUNTERS, r->size, r->size,
					       is_chase(r) ? r->cycles.median : NAN, med };
	}
	sweep_free(&s);
	return n;
}

/* The machine table's level rows: one per plateau and one per other memory. */
static void level_rows(struct report_table *t, const struct gp_device *dev,
		       const struct lat_run *run, const struct sweep *s)
{
	for (size_t k = 0; k < s->npl; k++) {
		const struct lv_plateau *p = &s->pl[k];
		const struct lat_row *r = &run->rows[p->first];
		size_t row = begin_row(t, dev, "level", r, run);
		long long loads = 0;

		for (size_t i = p->first; i <= p->last; i++)
			loads += (long long)run->rows[i].loads;
		report_set_int(t, row, C_SIZE_MAX, (long long)run->rows[p->last].size);
		report_set_int(t, row, C_LOADS, loads);
		report_set_dbl(t, row, C_CYCLES, p->cycles);
		report_set_dbl(t, row, C_NS, to_ns(p->cycles, run->sm_mhz));
		report_set_str(t, row, C_LEVEL, lv_name(p->level));
		report_set_str(t, row, C_SOURCE, lv_source_name(p->source));
	}
	for (size_t i = s->n; i < run->nrows; i++) {
		const struct lat_row *r = &run->rows[i];
		size_t row = begin_row(t, dev, "level", r, run);
		double med, lo, hi;

		row_ns(r, run->sm_mhz, &med, &lo, &hi);
		report_set_int(t, row, C_SIZE_MAX, (long long)r->size);
		report_set_int(t, row, C_LOADS, (long long)r->loads);
		if (is_chase(r))
			report_set_dbl(t, row, C_CYCLES, r->cycles.median);
		report_set_dbl(t, row, C_NS, med);
		report_set_str(t, row, C_LEVEL, fixed_level(r));
		report_set_str(t, row, C_SOURCE, "memory");
	}
}

/* ---- people's view ---- */

static const struct report_col size_view[] = {
	{ "size", "set", REPORT_STR, 0 },
	{ "elements", "elements", REPORT_INT, 0 },
	{ "cycles", "cycles", REPORT_DBL, 1 },
	{ "ns", "ns", REPORT_DBL, 1 },
	{ "level", "level", REPORT_STR, 0 },
	{ "level_source", "by", REPORT_STR, 0 },
	{ "l1_hit_pct", "L1 hit (%)", REPORT_DBL, 1 },
	{ "l2_hit_pct", "L2 hit (%)", REPORT_DBL, 1 },
	{ "dram_bytes_per_load", "DRAM (B/load)", REPORT_DBL, 1 },
};

static const struct report_col level_view[] = {
	{ "level", "level", REPORT_STR, 0 },
	{ "sets", "sets", REPORT_STR, 0 },
	{ "cycles", "cycles", REPORT_DBL, 1 },
	{ "ns", "ns", REPORT_DBL, 1 },
	{ "level_source", "by", REPORT_STR, 0 },
};

static void sweep_view(struct report *rep, const struct lat_run *run, const struct sweep *s,
		       int counters)
{
	struct report_table *t;
	char sz[32], buf[32];

	if (!s->n)
		return;
	t = report_add_table(rep, "Latency by working set (global memory, one warp's dependent "
			     "loads)", size_view, ARRAY_SIZE(size_view));
	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < s->n; i++) {
		const struct lat_row *r = &run->rows[i];
		size_t k = report_add_row(t);

		format_size(sz, sizeof(sz), r->size);
		if (chase_sparse(&r->layout))
			snprintf(sz + strlen(sz), sizeof(sz) - strlen(sz), " *");
		report_set_str(t, k, 0, sz);
		report_set_int(t, k, 1, (long long)r->layout.n);
		report_set_dbl(t, k, 2, r->cycles.median);
		report_set_dbl(t, k, 3, to_ns(r->cycles.median, run->sm_mhz));
		report_set_str(t, k, 4, lv_class_name(&s->cls[i], buf, sizeof(buf)));
		report_set_str(t, k, 5, lv_source_name(s->cls[i].source));
		report_set_dbl(t, k, 6, 100 * s->pt[i].l1_hit);
		report_set_dbl(t, k, 7, 100 * s->pt[i].l2_hit);
		report_set_dbl(t, k, 8, s->pt[i].dram_bytes_per_load);
	}
	report_note(t, "chain: %s order, elements %llu B apart, one cycle through all of them; "
		    "* sparse: one element in each of %u slots of the set, so it spans every page",
		    run->req.pattern == CHASE_RANDOM ? "shuffled" : "address",
		    (unsigned long long)run->req.stride, CHASE_MAX_ELEMS);
	report_note(t, "a set up to the L2's size is first read by the chasing block (untimed); a "
		    "larger one starts from an L2 flushed by writing %s", format_size(sz, sizeof(sz),
										run->flush_bytes));
	report_note(t, "cycles: median of %d segments of %d dependent loads, %%clock64 on the SM, "
		    "after up to %d untimed ones; ns at the SM clock measured around the run "
		    "(%.0f and %.0f MHz)", LAT_SEGMENTS, LAT_STEPS, LAT_UNTIMED_MAX,
		    run->sm_mhz_before, run->sm_mhz_after);
	if (counters)
		report_note(t, "level by counters: the L1 hits, L2 misses and DRAM bytes of %d times "
			    "the timed loads (a chase less its untimed twin); a level serving %.0f %% "
			    "of the loads names the row, else the two largest (L2+DRAM); near the "
			    "L2's size the warm-up read's own traffic makes the difference noisy (an "
			    "L2 hit rate over 100 %%)", LAT_COUNT_SCALE, 100 * LV_PURE);
	else
		report_note(t, "counters unavailable: levels from the plateaus and the cache sizes "
			    "(level by size)");
}

static void set_text(char *buf, size_t n, uint64_t lo, uint64_t hi)
{
	char a[32], b[32];

	format_size(a, sizeof(a), lo);
	if (lo == hi)
		snprintf(buf, n, "%s", a);
	else
		snprintf(buf, n, "%s-%s", a, format_size(b, sizeof(b), hi));
}

/* The staircase: latency against the set, the plateaus and caches marked. */
static void staircase(struct report_table *t, const struct gp_device *dev,
		      const struct lat_run *run, const struct sweep *s)
{
	struct report_chart *c;
	struct report_series *ser;
	char label[48], sz[32], buf[32];

	if (s->n < 2)
		return;
	c = report_add_chart(t, "latency by working set");
	report_chart_text_title(c, "latency by working set (cycles per load)");
	report_chart_axis(&c->x, "working set", "B", REPORT_AXIS_LOG | REPORT_AXIS_BYTES);
	report_chart_axis(&c->y, "latency", "cycles", 0);
	ser = report_chart_series(c, "global memory, one warp",
				  REPORT_SERIES_TEXT | REPORT_SERIES_PLOT);
	for (size_t i = 0; i < s->n; i++) {
		snprintf(label, sizeof(label), "%s %s", format_size(sz, sizeof(sz), s->pt[i].size),
			 lv_class_name(&s->cls[i], buf, sizeof(buf)));
		report_series_add(ser, (double)s->pt[i].size, s->pt[i].cycles, label);
	}
	for (size_t k = 0; k < s->npl; k++) {
		snprintf(label, sizeof(label), "%s %.0f cycles", lv_name(s->pl[k].level), s->pl[k].cycles);
		report_chart_marker(c, 'y', s->pl[k].cycles, label);
	}
	if (run->l1_bytes)
		report_chart_marker(c, 'x', (double)run->l1_bytes, "L1 per SM");
	if (dev->l2_bytes > 0)
		report_chart_marker(c, 'x', (double)dev->l2_bytes, "L2");
}

static void level_view_table(struct report *rep, const struct gp_device *dev,
			     const struct lat_run *run, const struct sweep *s)
{
	struct lat_level lv[LV_MAX_PLATEAUS + 8];
	size_t n = lat_levels(dev, run, lv, ARRAY_SIZE(lv));
	struct report_table *t = report_add_table(rep, "Latency by level", level_view,
						  ARRAY_SIZE(level_view));
	char buf[64];

	t->flags |= REPORT_HUMAN_ONLY;
	for (size_t i = 0; i < n; i++) {
		size_t k = report_add_row(t);
		int sweep = i < s->npl;

		report_set_str(t, k, 0, lv[i].name);
		set_text(buf, sizeof(buf), lv[i].size_lo, lv[i].size_hi);
		report_set_str(t, k, 1, buf);
		report_set_dbl(t, k, 2, lv[i].cycles);
		report_set_dbl(t, k, 3, lv[i].ns);
		report_set_str(t, k, 4, sweep ? lv_source_name(lv[i].source) : "memory");
	}
	report_note(t, "a level of the sweep: a plateau of sizes whose latencies agree within "
		    "%.0f %%, at their median; L2-far: a second L2 plateau (the other partition); "
		    "DRAM-TLB: a second DRAM plateau (TLB misses)", 100 * LV_TOL);
	for (size_t i = s->n; i < run->nrows; i++) {
		const struct lat_row *r = &run->rows[i];
		if (r->memory == LAT_SHARED)
			report_note(t, "shared: the same chase through %u KiB of shared memory",
				    LAT_SHARED_SET >> 10);
		else if (r->memory == LAT_HOST)
			report_note(t, "host: the same chase through %u MiB of mapped pinned host memory, "
				    "elements %llu B apart, each load a PCIe round trip from the SM",
				    LAT_HOST_SET >> 20, (unsigned long long)r->layout.stride);
		else if (r->memory == LAT_MEMCPY_H2D)
			report_note(t, "memcpy-h2d, memcpy-d2h: a synchronous cudaMemcpy of %u bytes "
				    "from or to pinned memory, host clock, median of %d after %d "
				    "warm-up copies", LAT_MEMCPY_BYTES, LAT_MEMCPY_REPS,
				    LAT_MEMCPY_WARMUP);
	}
	staircase(t, dev, run, s);
}

static int any_counters(const struct lat_run *run, const struct sweep *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (!isnan(run->rows[i].load_sectors))
			return 1;
	return 0;
}

void tab_latency(struct report *rep, const struct gp_device *dev, const void *lat_run)
{
	const struct lat_run *run = lat_run;
	struct report_table *t;
	struct sweep s;

	classify(dev, run, &s);
	sweep_view(rep, run, &s, any_counters(run, &s));
	level_view_table(rep, dev, run, &s);
	t = report_add_table(rep, "Latency", lat_columns, LAT_NCOLUMNS);
	t->flags |= REPORT_MACHINE_ONLY;
	size_rows(t, dev, run, &s);
	level_rows(t, dev, run, &s);
	sweep_free(&s);
}

/* ---- gpuperf all's summary ---- */

/* gpuperf all's summary: L1, L2 and DRAM latency, the first plateau of each level in the sweep. */
void tab_latency_summary(struct all_summary *s, const struct gp_device *d, const void *lat_run)
{
	const struct lat_run *lat = lat_run;
	static const struct { const char *level, *metric, *what; } rows[] = {
		{ "L1", "latency_l1_cycles", "L1 hit latency" },
		{ "L2", "latency_l2_cycles", "L2 hit latency" },
		{ "DRAM", "latency_dram_cycles", "DRAM latency" },
	};
	struct lat_level lv[LV_MAX_PLATEAUS + 8];
	size_t n = lat ? lat_levels(d, lat, lv, ARRAY_SIZE(lv)) : 0;
	char ref[192], a[32], b[32];

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct lat_level *l = NULL;

		for (size_t k = 0; k < n && !l; k++)
			if (!strcmp(lv[k].name, rows[i].level))
				l = &lv[k];
		if (l)
			snprintf(ref, sizeof(ref), "%.1f ns at %.0f MHz; one warp's dependent loads "
				 "over %s-%s, level by %s", l->ns, lat->sm_mhz,
				 format_size(a, sizeof(a), l->size_lo),
				 format_size(b, sizeof(b), l->size_hi), lv_source_name(l->source));
		else
			snprintf(ref, sizeof(ref), "no plateau of the sweep was %s", rows[i].level);
		all_add(s, rows[i].metric, rows[i].what, l ? l->cycles : NAN, NAN, "cycles", ref);
	}
}
