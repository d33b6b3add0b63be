/*
 * gpuperf all: one summary of the headline figures beside their
 * references, from each step's typed results, then each step's tables.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/coalesce.h"
#include "model/outlier.h"
#include "tables/all.h"
#include "tables/bandwidth.h"
#include "tables/banks.h"
#include "tables/coalesce.h"
#include "tables/info.h"
#include "tables/latency.h"
#include "tables/occupancy.h"
#include "tables/pcie.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/parse.h"

enum { S_METRIC, S_WHAT, S_VALUE, S_UNIT, S_REFERENCE };

const struct report_col all_summary_columns[ALL_SUMMARY_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "metric", "metric", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "what", "what", REPORT_STR, 0 },
	{ "value", "value", REPORT_DBL, 1 },
	{ "unit", "unit", REPORT_STR, 0 },
	{ "reference", "against", REPORT_STR, 0 },
};

const struct report_col all_long_columns[ALL_LONG_NCOLUMNS] = { REPORT_LONG_COLS };

/* The headline figures of one device's run, in summary order. */
struct headlines {
	struct all_headline h[ALL_MAX_HEADLINES];
	size_t n;
};

static void add_cmp(struct headlines *hs, const char *metric, const char *what, double value,
		    const char *unit, const char *reference, int compare)
{
	struct all_headline *h;

	if (hs->n == ALL_MAX_HEADLINES)
		return;
	h = &hs->h[hs->n++];
	snprintf(h->metric, sizeof(h->metric), "%s", metric);
	snprintf(h->what, sizeof(h->what), "%s", what);
	snprintf(h->unit, sizeof(h->unit), "%s", unit);
	snprintf(h->reference, sizeof(h->reference), "%s", reference);
	h->value = value;
	h->compare = compare;
}

/* A figure of the device's own ability (bandwidth): compared across devices. */
static void add_figure(struct headlines *hs, const char *metric, const char *what, double value,
		       const char *unit, const char *reference)
{
	add_cmp(hs, metric, what, value, unit, reference, 1);
}

/* A ratio or a calculation: the same on identical GPUs, not compared. */
static void add(struct headlines *hs, const char *metric, const char *what, double value,
		const char *unit, const char *reference)
{
	add_cmp(hs, metric, what, value, unit, reference, 0);
}

/* ---- each step's headline figures ---- */

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

static void summarize_bandwidth(struct headlines *s, const struct gp_device *d,
				const struct bw_run *bw)
{
	static const enum bw_kernel kernels[] = { BW_COPY, BW_READ, BW_WRITE, BW_TRIAD };
	double memcpy_gbs = bw_gbs_of(bw_first(bw, BW_MEMCPY)), peak = dev_dram_peak_gbs(d);
	char ref[160], metric[48], what[64];

	for (size_t i = 0; i < ARRAY_SIZE(kernels); i++) {
		const char *name = bw_kernel_names[kernels[i]];
		double gbs = bw_gbs_of(bw_first(bw, kernels[i]));

		snprintf(ref, sizeof(ref), "%.1f %% of %.1f GB/s theoretical",
			 peak > 0 ? 100 * gbs / peak : NAN, peak > 0 ? peak : NAN);
		if (i == 0 && isfinite(memcpy_gbs))
			snprintf(ref + strlen(ref), sizeof(ref) - strlen(ref),
				 "; cudaMemcpy D2D %.1f GB/s", memcpy_gbs);
		snprintf(metric, sizeof(metric), "dram_%s_gbs", name);
		snprintf(what, sizeof(what), "DRAM %s bandwidth", name);
		add_figure(s, metric, what, gbs, "GB/s", ref);
	}
}

/* 128 B/clk per SM: 32 banks of 4 bytes, and one L1 load of a 128-byte line per clock. */
#define SM_BYTES_PER_CLOCK 128.0

/*
 * The L1 and L2 reads of the levels step: bandwidth against 128 B/clk x
 * SMs x clock; the L2 read twice, as the slices serve lines read once and
 * as SMs receive lines they share.
 */
static void summarize_levels(struct headlines *s, const struct gp_device *d,
			     const struct bw_run *lv, const struct info_run *info)
{
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
		add_figure(s, rows[i].metric, rows[i].what, gbs, "GB/s", ref);
	}
}

/* The measured row of pattern at offset or stride value, or NULL. */
static const struct coal_result *co_row(const struct coal_run *co, enum coal_pattern p,
					uint64_t value)
{
	for (size_t i = 1; co && co->res && i < co->n; i++) {
		const struct coal_config *c = &co->res[i].cfg;
		if (c->pattern == p && (p == COAL_OFFSET ? c->offset : c->stride) == value)
			return &co->res[i];
	}
	return NULL;
}

static void summarize_coalesce(struct headlines *s, const struct coal_run *co)
{
	static const struct { enum coal_pattern pattern; uint64_t val, base;
			      const char *metric, *what, *base_what; } rows[] = {
		{ COAL_OFFSET, 1, 0, "misaligned_copy_pct", "copy misaligned by 4 bytes", "aligned" },
		{ COAL_STRIDE, 2, 1, "stride2_copy_pct", "copy with a stride of 2", "unit-stride" },
		{ COAL_STRIDE, 32, 1, "stride32_copy_pct", "copy with a stride of 32", "unit-stride" },
	};
	char ref[160];

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct coal_result *r = co_row(co, rows[i].pattern, rows[i].val);
		const struct coal_result *b = co_row(co, rows[i].pattern, rows[i].base);
		double predicted = NAN, st, m = NAN, gbs = r ? r->bandwidth_gbs : NAN;
		double base_gbs = b ? b->bandwidth_gbs : NAN;
		int n;

		if (r) {
			coal_predicted_sectors(&r->cfg, &predicted, &st);
			m = tab_ratio(r->ld_sectors, r->ld_requests);
		}
		n = snprintf(ref, sizeof(ref), "of the %s copy (%.1f GB/s); %g sectors per request predicted",
			     rows[i].base_what, base_gbs, predicted);
		if (isfinite(m) && n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, ", %.2f measured", m);
		add(s, rows[i].metric, rows[i].what, 100 * gbs / base_gbs, "%", ref);
	}
}

static void summarize_banks(struct headlines *s, const struct bank_run *bk)
{
	static const uint64_t strides[] = { 2, 32 };
	char ref[160], metric[48], what[64];

	for (size_t i = 0; i < ARRAY_SIZE(strides); i++) {
		const struct bank_result *r = NULL;
		struct bank_prediction p = { 0 };
		double m = NAN, slow = NAN, ways = NAN;
		int n;

		for (size_t k = 1; bk && bk->res && k < bk->n && !r; k++)
			if (bk->res[k].cfg.pattern == BANK_STRIDE && bk->res[k].cfg.stride == strides[i])
				r = &bk->res[k];
		if (r) {
			bank_predict(&r->cfg, &p);
			ways = p.ways;
			m = tab_ratio(r->wavefronts, r->instructions);
			slow = tab_ratio(r->time_per_access_ns, bk->res[0].time_per_access_ns);
		}
		n = snprintf(ref, sizeof(ref), "time per access vs stride 1 (%.0f-way predicted", ways);
		if (n > 0 && (size_t)n < sizeof(ref))
			snprintf(ref + n, sizeof(ref) - (size_t)n, isfinite(m) ?
				 ", %.2f wavefronts per request measured)" : ")", m);
		snprintf(metric, sizeof(metric), "bank_conflict_%llu" "way_slowdown",
			 (unsigned long long)strides[i]);
		snprintf(what, sizeof(what), "%llu-way bank conflict, shared loads",
			 (unsigned long long)strides[i]);
		add(s, metric, what, slow, "x", ref);
	}
}

/* Shared memory per SM: the conflict-free case of the banks step in bytes per clock. */
static void summarize_shared(struct headlines *s, const struct bank_run *bk)
{
	const struct bank_result *r = bk && bk->res && bk->n ? &bk->res[0] : NULL;
	double v = r && r->cfg.stride == 1 ? r->bytes_per_clock_per_sm : NAN;
	char ref[192];

	snprintf(ref, sizeof(ref), "%.1f %% of %.0f B/clk/SM theoretical (32 banks x 4 B); "
		 "conflict-free 4-byte loads, clock %s", 100 * v / SM_BYTES_PER_CLOCK,
		 SM_BYTES_PER_CLOCK, r && r->clock_from_counter ? "from the cycles counter" :
		 "at the peak SM clock");
	add(s, "shared_bytes_per_clock_per_sm", "shared memory bandwidth per SM", v, "B/clk", ref);
}

static void summarize_pcie(struct headlines *s, const struct pcie_run *pc)
{
	static const struct { enum pcie_part part; const char *metric, *what; } rows[] = {
		{ PCIE_PART_H2D, "pcie_pinned_h2d_gbs", "PCIe host to device, pinned" },
		{ PCIE_PART_D2H, "pcie_pinned_d2h_gbs", "PCIe device to host, pinned" },
		{ PCIE_PART_BIDIR_SUM, "pcie_pinned_bidir_gbs", "PCIe both ways at once, pinned" },
	};
	char ref[160];

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pcie_row *r = NULL;
		const struct pcie_env *env = pc ? &pc->res.env : NULL;
		double gbs = NAN, peak = NAN;

		for (size_t k = 0; pc && k < pc->res.nrows && !r; k++)
			if (pc->res.rows[k].part == rows[i].part && pc->res.rows[k].mem == PCIE_PINNED)
				r = &pc->res.rows[k];
		if (r) {
			gbs = pcie_row_gbs(r);
			peak = pcie_row_peak_gbs(r, env);
		}
		/* the bidirectional sum is measured against both directions' peak */
		snprintf(ref, sizeof(ref), "%.1f %% of the Gen%.0f x%.0f link (%.1f GB/s %s)",
			 peak > 0 ? 100 * gbs / peak : NAN,
			 env && env->busy.cur_gen > 0 ? (double)env->busy.cur_gen : NAN,
			 env && env->busy.cur_width > 0 ? (double)env->busy.cur_width : NAN,
			 peak > 0 ? peak : NAN, i == 2 ? "both ways" : "per direction");
		add_figure(s, rows[i].metric, rows[i].what, gbs, "GB/s", ref);
	}
}

/* L1, L2 and DRAM latency: the first plateau of each level in the latency step's sweep. */
static void summarize_latency(struct headlines *s, const struct gp_device *d,
			      const struct lat_run *lat)
{
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
		add(s, rows[i].metric, rows[i].what, l ? l->cycles : NAN, "cycles", ref);
	}
}

static void summarize_occupancy(struct headlines *s, const struct occ_run *oc)
{
	char ref[96], metric[64], what[96], lim[96];

	if (!oc)
		return;
	snprintf(metric, sizeof(metric), "occupancy_%dx%d_pct", oc->in.threads, oc->in.regs);
	snprintf(what, sizeof(what), "occupancy, %d threads x %d registers", oc->in.threads, oc->in.regs);
	snprintf(ref, sizeof(ref), "%d block%s per SM, limited by %s", oc->r.blocks,
		 tab_plural(oc->r.blocks), occ_limiter_words(oc->r.binding, 1, lim, sizeof(lim)));
	add(s, metric, what, oc->r.occupancy_pct, "%", ref);
}

static void summarize_counters(struct headlines *s, const struct info_run *info)
{
	const char *why = info ? info->counters_reason : NULL;

	/* no number here: the availability stands in the unit's place */
	add(s, "counters", "hardware counters", NAN, why ? "unavailable" : "available",
	    why ? why : "read through CUPTI's Range Profiler");
}

size_t all_headlines(const struct gp_device *d, const struct all_run *run,
		     struct all_headline *out, size_t max)
{
	struct headlines hs = { .n = 0 };

	summarize_bandwidth(&hs, d, run->bandwidth);
	summarize_levels(&hs, d, run->levels, run->info);
	summarize_coalesce(&hs, run->coalesce);
	summarize_banks(&hs, run->banks);
	summarize_shared(&hs, run->banks);
	for (size_t i = 0; i < ARRAY_SIZE(run->occupancy); i++)
		summarize_occupancy(&hs, run->occupancy[i]);
	summarize_pcie(&hs, run->pcie);
	summarize_latency(&hs, d, run->latency);
	summarize_counters(&hs, run->info);
	if (hs.n > max)
		hs.n = max;
	memcpy(out, hs.h, hs.n * sizeof(*out));
	return hs.n;
}

static void summary(struct report *rep, const struct gp_device *d, const struct all_run *run)
{
	struct all_headline h[ALL_MAX_HEADLINES];
	size_t n = all_headlines(d, run, h, ALL_MAX_HEADLINES);
	struct report_table *human, *machine;
	char title[300];

	snprintf(title, sizeof(title), "gpuperf all: %s", d->name);
	/* People get the summary without the identity and the metric's script name. */
	human = report_add_table(rep, title, all_summary_columns + TAB_NIDENTITY + S_WHAT,
				 ALL_SUMMARY_NCOLUMNS - TAB_NIDENTITY - S_WHAT);
	machine = report_add_table(rep, "Summary", all_summary_columns, ALL_SUMMARY_NCOLUMNS);
	human->flags |= REPORT_HUMAN_ONLY;
	machine->flags |= REPORT_MACHINE_ONLY;
	machine->key = "summary";
	for (size_t i = 0; i < n; i++) {
		size_t r = report_add_row(machine), k = report_add_row(human);

		tab_set_identity(machine, r, d);
		report_set_str(machine, r, TAB_NIDENTITY + S_METRIC, h[i].metric);
		report_set_str(machine, r, TAB_NIDENTITY + S_WHAT, h[i].what);
		report_set_dbl(machine, r, TAB_NIDENTITY + S_VALUE, h[i].value);
		report_set_str(machine, r, TAB_NIDENTITY + S_UNIT, h[i].unit);
		report_set_str(machine, r, TAB_NIDENTITY + S_REFERENCE, h[i].reference);
		/* the same row without the identity and the metric's script name */
		report_set_str(human, k, 0, h[i].what);
		report_set_dbl(human, k, 1, h[i].value);
		report_set_str(human, k, 2, h[i].unit);
		report_set_str(human, k, 3, h[i].reference);
	}
	report_note(human, "Detail tables follow; 'gpuperf COMMAND' runs one probe in full.");
}

/* ---- each step's own tables, as a section ---- */

/* A step's records: its first table meant for CSV/JSON. */
static struct report_table *records(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (!(r->tables[i]->flags & REPORT_HUMAN_ONLY))
			return r->tables[i];
	return NULL;
}

static void section(struct report *rep, const char *key, struct report *sec)
{
	struct report_table *t = records(sec);

	if (t)
		t->key = key;
	report_move_tables(rep, sec, 0);
}

/* Another run of a step into its section: its records joined to the first run's. */
static void join(struct report *sec, struct report *more)
{
	struct report_table *have = records(sec), *add_t = records(more);

	if (have && add_t) {
		report_append_rows(have, add_t);
		add_t->flags |= REPORT_MACHINE_ONLY;
		report_move_tables(sec, more, REPORT_MACHINE_ONLY);
	} else {
		report_move_tables(sec, more, 0);
	}
}

/* The three occupancy runs: one section, the later runs' records joined to the first's. */
static void occupancy_section(struct report *rep, const struct gp_device *d, const struct all_run *run)
{
	struct report sec = { 0 };

	for (size_t i = 0; i < ARRAY_SIZE(run->occupancy); i++) {
		struct report more = { 0 };

		if (!run->occupancy[i])
			continue;
		tab_occupancy(&more, d, run->occupancy[i]);
		join(&sec, &more);
	}
	section(rep, "occupancy", &sec);
}

/* DRAM bandwidth, then the L1 and L2 reads: one section. */
static void bandwidth_section(struct report *rep, const struct gp_device *d, const struct all_run *run)
{
	struct report sec = { 0 }, more = { 0 };

	if (run->bandwidth)
		tab_bandwidth(&sec, d, &run->bandwidth->req, &run->bandwidth->out, &run->bandwidth->watch);
	if (run->levels) {
		tab_bandwidth(&more, d, &run->levels->req, &run->levels->out, &run->levels->watch);
		join(&sec, &more);
	}
	if (sec.ntables)
		section(rep, "bandwidth", &sec);
}

void tab_all(struct report *rep, const struct gp_device *d, const void *all_run)
{
	const struct all_run *run = all_run;
	struct report sec = { 0 };

	summary(rep, d, run);
	if (run->info) {
		tab_info(&sec, d, run->info);
		section(rep, "info", &sec);
	}
	bandwidth_section(rep, d, run);
	if (run->coalesce) {
		tab_coalesce(&sec, d, run->coalesce);
		section(rep, "coalesce", &sec);
	}
	if (run->banks) {
		tab_banks(&sec, d, run->banks);
		section(rep, "banks", &sec);
	}
	occupancy_section(rep, d, run);
	if (run->pcie) {
		tab_pcie(&sec, d, run->pcie);
		section(rep, "pcie", &sec);
	}
	if (run->latency) {
		tab_latency(&sec, d, run->latency);
		section(rep, "latency", &sec);
	}
}

/* ---- several devices: each headline figure against the device's siblings ---- */

const struct report_col all_devices_columns[ALL_DEVICES_NCOLUMNS] = {
	TAB_IDENTITY_COLS,
	{ "metric", "metric", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "what", "what", REPORT_STR, 0 },
	{ "value", "value", REPORT_DBL, 1 },
	{ "unit", "unit", REPORT_STR, 0 },
	{ "siblings_median", "siblings", REPORT_DBL, 1 },
	{ "pct_of_siblings", "of siblings (%)", REPORT_DBL, 1 },
	{ "outlier", "outlier", REPORT_STR, 0 },
};

enum { D_METRIC = TAB_NIDENTITY, D_WHAT, D_VALUE, D_UNIT, D_MEDIAN, D_PCT, D_OUTLIER };

/* People's view: the device by its index and bus, where the machines' has the identity. */
static const struct report_col devices_view_cols[] = {
	{ "gpu", "GPU", REPORT_INT, 0 },
	{ "pci_bus_id", "PCI bus id", REPORT_STR, 0 },
	{ "what", "what", REPORT_STR, 0 },
	{ "value", "value", REPORT_DBL, 1 },
	{ "unit", "unit", REPORT_STR, 0 },
	{ "siblings_median", "siblings", REPORT_DBL, 1 },
	{ "pct_of_siblings", "of siblings (%)", REPORT_DBL, 1 },
	{ "outlier", "outlier", REPORT_STR, 0 },
};

/* One device's figure in the machines' table and in people's view. */
static void device_row(struct report_table *t, struct report_table *view, const struct gp_device *d,
		       const struct all_headline *h, double v, double m, int low)
{
	size_t r = report_add_row(t), k = report_add_row(view);
	double pct = 100 * tab_ratio(v, m);

	tab_set_identity(t, r, d);
	report_set_str(t, r, D_METRIC, h->metric);
	report_set_str(t, r, D_WHAT, h->what);
	report_set_dbl(t, r, D_VALUE, v);
	report_set_str(t, r, D_UNIT, h->unit);
	report_set_dbl(t, r, D_MEDIAN, m);
	report_set_dbl(t, r, D_PCT, pct);
	report_set_str(t, r, D_OUTLIER, low ? "yes" : "no");
	report_set_int(view, k, 0, d->index);
	report_set_str(view, k, 1, d->pci_bus_id[0] ? d->pci_bus_id : NULL);
	for (size_t c = 2; c < view->ncols; c++)  /* the rest: as in the machines' row */
		report_set_cell(view, k, c, report_cell(t, r, (size_t)D_WHAT + c - 2));
}

void tab_all_devices(struct report *rep, const struct gp_device *devs,
		     const void *const *runs, size_t n)
{
	struct all_headline (*h)[ALL_MAX_HEADLINES] = gp_xcalloc(n, sizeof(*h));
	double *v = gp_xcalloc(n, sizeof(*v));
	size_t nh = ALL_MAX_HEADLINES, flagged = 0;
	struct report_table *t, *view;

	for (size_t i = 0; i < n; i++) {
		size_t got = all_headlines(&devs[i], runs[i], h[i], ALL_MAX_HEADLINES);
		if (got < nh)
			nh = got;
	}
	view = report_add_table(rep, "Devices compared", devices_view_cols, ARRAY_SIZE(devices_view_cols));
	view->flags |= REPORT_HUMAN_ONLY;
	t = report_add_table(rep, "Devices compared", all_devices_columns, ALL_DEVICES_NCOLUMNS);
	t->flags |= REPORT_MACHINE_ONLY;
	t->key = "devices";
	for (size_t k = 0; k < nh; k++) {
		if (!h[0][k].compare)
			continue;
		for (size_t i = 0; i < n; i++)
			v[i] = h[i][k].value;
		for (size_t i = 0; i < n; i++) {
			double m = outlier_siblings_median(v, n, i);
			int low = outlier_below(v, n, i, OUTLIER_PCT);

			device_row(t, view, &devs[i], &h[i][k], v[i], m, low);
			if (low) {
				flagged++;
				report_note(view, "device %d (%s) is %.1f %% below its siblings on %s: "
					    "look at its clocks, its slot and its cooling", devs[i].index,
					    devs[i].pci_bus_id, 100 - 100 * v[i] / m, h[i][k].what);
			}
		}
	}
	report_note(view, "siblings: the median of the other %zu device%s; outlier: more than %.0f %% "
		    "below it", n - 1, tab_plural((long long)n - 1), OUTLIER_PCT);
	if (!flagged)
		report_note(view, "no device stands out");
	free(v);
	free(h);
}
