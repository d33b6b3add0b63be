/* Two runs' tables matched row by row and judged figure by figure (judge/compare.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/compare.h"
#include "report/format.h"
#include "results/columns.h"
#include "util/demangle.h"
#include "util/error.h"

/* The long format's columns (report.h, REPORT_LONG_COLS) read by name. */
#define LONG_PROBE "probe"
#define LONG_CONFIG "config"

/* What the device watch says of a row: contended, then throttled ("no" when not). */
static const struct report_col trust_cols[] = { TAB_TRUST_COLS };
/* Where a row ran: its architecture (cc) decides what the counters' names read. */
static const struct report_col identity_cols[] = { TAB_IDENTITY_COLS };
#define ARCH_COLUMN (identity_cols[1].name)

/* The rows of one key: a row, or in a table of one figure per row, the key's rows. */
struct rec {
	const char *section;      /* the probe's cell or the table's key; NULL: none */
	char *key;
	size_t occ;               /* records of this section and key before it */
	size_t *rows, nrows;
	int matched;
};

struct view {
	const struct report_table *t;
	const struct report_table *other;  /* the other side's table; NULL: none */
	const struct result_contract *c;
	int metric, value, probe; /* column indices, -1 where absent */
	char **names;             /* metric tables: the figure each row holds (NULL: none) */
	char **attrs;             /* ... and in the long form of a figure-per-row section, the
				     column of the figure's row it holds ("cov_pct"); NULL: its value */
	struct rec *recs;
	size_t n;
	const char *unknown[16];  /* probes whose rows were left out: no contract */
	size_t nunknown;
};

/* A cell as text, two digits past its printed precision (report/format.h's rule). */
static const char *cell_text(const struct report_table *t, size_t row, int col, char *buf,
			     size_t n)
{
	const struct report_cell *cell;

	if (col < 0)
		return NULL;
	cell = report_cell(t, row, (size_t)col);
	return cell->set ? report_format_cell(&t->cols[col], cell, 2, buf, n) : NULL;
}

static double cell_num(const struct report_table *t, size_t row, int col)
{
	const struct report_cell *cell;
	char *end;
	double v;

	if (col < 0)
		return NAN;
	cell = report_cell(t, row, (size_t)col);
	if (!cell->set)
		return NAN;
	switch (t->cols[col].type) {
	case REPORT_INT:
		return (double)cell->u.i;
	case REPORT_DBL:
		return cell->u.d;
	case REPORT_STR:  /* the long format's value */
		v = strtod(cell->u.s, &end);
		return end != cell->u.s && !*end && isfinite(v) ? v : NAN;
	}
	return NAN;
}

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/*
 * Whether the other side's long rows of probe use the key column name
 * (len bytes) in their config, or hold no row of that probe.
 */
static int other_keys_on(const struct view *v, const char *probe, const char *name, size_t len)
{
	const struct report_table *o = v->other;
	int oprobe = o ? report_col_index(o, LONG_PROBE) : -1;
	int oconfig = o ? report_col_index(o, LONG_CONFIG) : -1;
	int seen = 0;
	char buf[64];

	for (size_t r = 0; oprobe >= 0 && oconfig >= 0 && r < o->nrows; r++) {
		const char *p = cell_text(o, r, oprobe, buf, sizeof(buf)), *config;

		if (!same(p, probe))
			continue;
		seen = 1;
		config = cell_text(o, r, oconfig, buf, sizeof(buf));
		for (const char *w = config; w && *w; w += strcspn(w, " "), w += *w == ' ')
			if (!strncmp(w, name, len) && w[len] == '=')
				return 1;
	}
	return !seen;
}

/* A long row's config, without the words of key columns the other side's lack. */
static char *shared_config(const struct view *v, size_t row, const char *config)
{
	char buf[64], *out = gp_xstrdup("");
	const char *probe = cell_text(v->t, row, v->probe, buf, sizeof(buf));

	for (const char *w = config; *w; w += strcspn(w, " "), w += *w == ' ') {
		size_t len = strcspn(w, " "), name = strcspn(w, "= ");
		char *next;

		if (w[name] == '=' && !other_keys_on(v, probe, w, name))
			continue;
		next = gp_xasprintf("%s%s%.*s", out, *out ? " " : "", (int)len, w);
		free(out);
		out = next;
	}
	return out;
}

/* A kernel's name as profile's table shows it: short, cut to KERNEL_LABEL_MAX. */
static const char *kernel_text(const char *name, char *buf, size_t n)
{
	char *s = kernel_short_name(name);

	kernel_label(s ? s : name, buf, n);
	free(s);
	return buf;
}

/*
 * "kernel=copy width_bytes=16": the key columns both sides have (an
 * earlier gpuperf's output may lack some), but the metric and the probe;
 * a long row's config as is, less the key columns the other side's rows
 * of its probe lack.  For people, the contract's kernel names shortened.
 */
static char *row_words(const struct view *v, size_t row, int people)
{
	char *key = gp_xstrdup(""), buf[64], label[KERNEL_LABEL_MAX + 1];

	for (size_t c = 0; c < v->t->ncols; c++) {
		const char *text = cell_text(v->t, row, (int)c, buf, sizeof(buf)), *name;
		char *next;

		if (!(v->t->cols[c].flags & REPORT_COL_CONFIG) || !text || (int)c == v->metric ||
		    (int)c == v->probe)
			continue;
		name = v->t->cols[c].name;
		if (v->other && report_col_index(v->other, name) < 0)
			continue;
		if (people && same(name, v->c->kernel_column))
			text = kernel_text(text, label, sizeof(label));
		if (!strcmp(name, LONG_CONFIG)) {
			char *config = shared_config(v, row, text);
			next = gp_xasprintf("%s%s%s", key, *key ? " " : "", config);
			free(config);
		} else
			next = gp_xasprintf("%s%s%s=%s", key, *key ? " " : "", name, text);
		free(key);
		key = next;
	}
	return key;
}

/*
 * The record of a metric row: the first of its key that lacks the metric
 * (with that attr), else a new one.
 */
static struct rec *place(struct view *v, const char *section, char *key, const char *metric,
			 const char *attr)
{
	size_t occ = 0;
	struct rec *r;

	for (size_t i = 0; i < v->n; i++) {
		int has = 0;
		r = &v->recs[i];
		if (!same(r->section, section) || strcmp(r->key, key))
			continue;
		occ++;
		for (size_t k = 0; metric && k < r->nrows && !has; k++)
			has = same(v->names[r->rows[k]], metric) && same(v->attrs[r->rows[k]], attr);
		if (metric && !has) {
			free(key);
			return r;
		}
	}
	v->recs = gp_xrealloc(v->recs, (v->n + 1) * sizeof(*v->recs));
	r = &v->recs[v->n++];
	*r = (struct rec){ section, key, occ, NULL, 0, 0 };
	return r;
}

/* A probe of the long format that names no command: its rows are not compared. */
static void unknown(struct view *v, const char *probe)
{
	size_t i = 0;

	while (i < v->nunknown && !same(v->unknown[i], probe))
		i++;
	if (i == v->nunknown && i < sizeof(v->unknown) / sizeof(v->unknown[0]))
		v->unknown[v->nunknown++] = probe;
}

/*
 * A long row of a section whose own table holds a figure per row (its
 * metric_column names it, its value_column holds it): the long form
 * wrote that name into the config ("metric=dram_copy_gbs"), so the
 * figure is taken from there, the rest of the config is the key, and the
 * row's other cells (what, unit, cov_pct, ...) are held beside the figure:
 * *attr names the cell, NULL for the figure's value.
 * 0 with *name, *key and *attr set; -1 for a row that holds no figure.
 */
static int long_metric_row(const struct view *v, size_t row, const struct result_contract *sc,
			   char **name, char **key, char **attr)
{
	char cbuf[64], mbuf[64], *prefix = gp_xasprintf("%s=", sc->metric_column);
	const char *config = cell_text(v->t, row, report_col_index(v->t, LONG_CONFIG), cbuf,
				       sizeof(cbuf));
	const char *metric = cell_text(v->t, row, v->metric, mbuf, sizeof(mbuf)), *p = config;
	size_t len = strlen(prefix), end;

	while (p && strncmp(p, prefix, len) && (p = strchr(p, ' ')))
		p++;
	free(prefix);
	if (!p || !metric)
		return -1;
	*attr = same(metric, sc->value_column) ? NULL : gp_xstrdup(metric);
	end = strcspn(p + len, " ");
	*name = gp_xasprintf("%.*s", (int)end, p + len);
	/* the config without "name=value" and the space that joined it */
	*key = gp_xasprintf("%.*s%s", (int)(p - config - (p > config)), config,
			    p + len + end + (p == config && p[len + end]));
	return 0;
}

static void view_open(struct view *v, const struct result_contract *c, const struct report_table *t,
		      const struct report_table *other)
{
	memset(v, 0, sizeof(*v));
	v->t = t;
	v->other = other;
	v->c = c;
	v->metric = v->value = v->probe = -1;
	if (!t)
		return;
	if (c->metric_column && c->value_column) {
		v->metric = report_col_index(t, c->metric_column);
		v->value = report_col_index(t, c->value_column);
		v->probe = report_col_index(t, LONG_PROBE);
		v->names = gp_xcalloc(t->nrows + 1, sizeof(*v->names));
		v->attrs = gp_xcalloc(t->nrows + 1, sizeof(*v->attrs));
	}
	for (size_t row = 0; row < t->nrows; row++) {
		char buf[64], *key = NULL, *name = NULL, *attr = NULL;
		const char *section = t->key;
		struct rec *r;

		if (v->probe >= 0) {  /* a string cell (REPORT_LONG_COLS): it stays where it is */
			const struct report_cell *cell = report_cell(t, row, (size_t)v->probe);
			const struct result_contract *sc;

			section = cell->set ? cell->u.s : NULL;
			sc = result_contract_of(section);
			if (!sc) {
				unknown(v, section);
				continue;
			}
			if (sc->metric_column && long_metric_row(v, row, sc, &name, &key, &attr))
				continue;
		}
		if (v->metric >= 0 && !name) {
			const char *metric = cell_text(t, row, v->metric, buf, sizeof(buf));
			if (!metric)
				continue;  /* a figure without a name */
			name = gp_xstrdup(metric);
		}
		if (v->names) {
			v->names[row] = name;
			v->attrs[row] = attr;
		}
		r = place(v, section, key ? key : row_words(v, row, 0), name, attr);
		r->rows = gp_xrealloc(r->rows, (r->nrows + 1) * sizeof(*r->rows));
		r->rows[r->nrows++] = row;
	}
}

static void view_close(struct view *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->recs[i].key);
		free(v->recs[i].rows);
	}
	free(v->recs);
	for (size_t i = 0; v->names && i < v->t->nrows; i++) {
		free(v->names[i]);
		free(v->attrs[i]);
	}
	free(v->names);
	free(v->attrs);
}

/* Where name's value is in r: *row and the column, or -1. */
static int find(const struct view *v, const struct rec *r, const char *name, size_t *row)
{
	if (!name || !r)
		return -1;
	if (v->metric < 0) {
		*row = r->rows[0];
		return report_col_index(v->t, name);
	}
	for (size_t k = 0; k < r->nrows; k++)
		if (same(v->names[r->rows[k]], name) && !v->attrs[r->rows[k]]) {
			*row = r->rows[k];
			return v->value;
		}
	return -1;
}

static double num(const struct view *v, const struct rec *r, const char *name)
{
	size_t row = 0;
	int col = find(v, r, name, &row);

	return col < 0 ? NAN : cell_num(v->t, row, col);
}

static const char *text(const struct view *v, const struct rec *r, const char *name, char *buf,
			size_t n)
{
	size_t row = 0;
	int col = find(v, r, name, &row);

	return col < 0 ? NULL : cell_text(v->t, row, col, buf, n);
}

/* The contract of r's rows: in the long form its probe's, else the table's. */
static const struct result_contract *rec_contract(const struct view *v, const struct rec *r)
{
	return v->probe >= 0 ? result_contract_of(r->section) : v->c;
}

/* The figure a column or metric is: the contract's, else the one its probe names. */
static const struct result_figure *figure(const struct view *v, const struct rec *r,
					  const char *name)
{
	const struct result_figure *f = result_figure_of(v->c, name);

	if (!f && v->probe >= 0 && r->section)
		f = result_figure_of(result_contract_of(r->section), name);
	return f;
}

/* Why a side's row cannot be judged ("contended", "throttled: sw_thermal"), or NULL. */
static const char *flagged(const struct view *v, const struct rec *r, char *buf, size_t n)
{
	const char *thr = text(v, r, trust_cols[1].name, buf, n);

	if (num(v, r, trust_cols[0].name) == 1)
		return "contended";
	if (thr && *thr && strcmp(thr, "no")) {
		char *s = gp_xasprintf("throttled: %s", thr);
		snprintf(buf, n, "%s", s);
		free(s);
		return buf;
	}
	return NULL;
}

/*
 * The noise column col of figure f in r: r's column (or long row) col;
 * where each row holds a figure (all's summary), the cell col of f's row,
 * or in the long form the row of f's that holds col.  NaN where missing
 * (an older gpuperf's output lacks the column).
 */
static double noise_num(const struct view *v, const struct rec *r, const struct result_figure *f,
			const char *col)
{
	const struct result_contract *rc = rec_contract(v, r);
	size_t row = 0;

	if (!col)
		return NAN;
	if (!rc || !rc->metric_column)
		return num(v, r, col);
	if (v->probe >= 0) {
		for (size_t k = 0; k < r->nrows; k++)
			if (same(v->names[r->rows[k]], f->column) && same(v->attrs[r->rows[k]], col))
				return cell_num(v->t, r->rows[k], v->value);
		return NAN;
	}
	return find(v, r, f->column, &row) < 0 ? NAN :
	       cell_num(v->t, row, report_col_index(v->t, col));
}

/*
 * A run's noise in percent of value x: 2 CoV, half its spread, or the
 * default of the figure's kind in this row; never under the kind's floor.
 */
static double noise(const struct view *v, const struct rec *r, const struct result_figure *f,
		    double x)
{
	enum result_kind kind = result_kind_in_row(rec_contract(v, r), f, r->key);
	double cov = noise_num(v, r, f, f->cov_column), own = result_default_noise_pct(kind);
	double best = noise_num(v, r, f, f->best_column), worst = noise_num(v, r, f, f->worst_column);

	if (isfinite(cov) && cov > 0)
		own = 2 * cov;
	else if (isfinite(best) && isfinite(worst) && best != worst && x != 0)
		own = fabs(best - worst) / 2 / fabs(x) * 100;
	return fmax(own, result_floor_noise_pct(kind));
}

/* "kernel=copy #2" for a key's second record: what people can tell apart. */
static char *numbered(char *key, size_t occ)
{
	char *s;

	if (!occ)
		return key;
	s = gp_xasprintf("%s%s#%zu", key, *key ? " " : "", occ + 1);
	free(key);
	return s;
}

/* A verdict row of r's: its config, and its label for people (a long row's: the config). */
static struct diff_row *add_row(struct diff_result *res, const struct view *v, const struct rec *r)
{
	struct diff_row *d;

	if (res->n == res->cap) {
		res->cap = res->cap ? 2 * res->cap : 32;
		res->rows = gp_xrealloc(res->rows, res->cap * sizeof(*res->rows));
	}
	d = &res->rows[res->n++];
	memset(d, 0, sizeof(*d));
	d->section = r->section ? gp_xstrdup(r->section) : NULL;
	d->config = numbered(gp_xstrdup(r->key), r->occ);
	d->label = numbered(v->probe >= 0 || !r->nrows ? gp_xstrdup(r->key) :
			    row_words(v, r->rows[0], 1), r->occ);
	d->before = d->after = d->change_pct = d->noise_pct = NAN;
	return d;
}

static void verdict(struct diff_result *res, struct diff_row *d, enum diff_verdict v)
{
	d->verdict = v;
	res->count[v]++;
}

static void add_note(struct diff_result *res, char *line)
{
	for (size_t i = 0; i < res->nnotes; i++)
		if (!strcmp(res->notes[i], line)) {
			free(line);
			return;
		}
	res->notes = gp_xrealloc(res->notes, (res->nnotes + 1) * sizeof(*res->notes));
	res->notes[res->nnotes++] = line;
}

/* The column whose type and precision figure name has in r: its own, or its value's. */
static const struct report_col *figure_column(const struct view *v, const struct rec *r,
					      const char *name)
{
	const struct result_contract *sc = rec_contract(v, r);
	int c;

	if (v->probe >= 0) {  /* the long form: as the probe's own table has it */
		const char *col = sc && sc->metric_column ? sc->value_column : name;
		for (size_t k = 0; sc && k < sc->ncols; k++)
			if (!strcmp(sc->cols[k].name, col))
				return &sc->cols[k];
		return NULL;
	}
	c = v->metric >= 0 ? v->value : report_col_index(v->t, name);
	return c < 0 ? NULL : &v->t->cols[c];
}

/*
 * The least change of figure f that counts, beside its noise: one unit of
 * the last digit its command prints it with (0.1 for 12.3, 1 for a count),
 * and at least the floor of its kind (result_floor_abs).
 */
static double floor_abs(const struct view *v, const struct rec *r, const struct result_figure *f,
			const char *name)
{
	const struct report_col *col = figure_column(v, r, name);
	double digit = !col ? 0 : col->type == REPORT_INT ? 1 :
		       col->type == REPORT_DBL ? pow(10, -col->prec) : 0;

	return fmax(digit, result_floor_abs(result_kind_in_row(rec_contract(v, r), f, r->key), name));
}

/*
 * How rb and ra were measured apart, where they were: "counter_set light
 * (before), full (after)", their architectures ("cc 8.0 (before), 9.0
 * (after)": the counters' names differ by chip); NULL where alike or not
 * known.
 */
static const char *measured_apart(const struct view *vb, const struct rec *rb,
				  const struct view *va, const struct rec *ra, char *buf, size_t n)
{
	const char *cols[] = { vb->c->method_column, ARCH_COLUMN };
	char b[64], a[64];

	for (size_t i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
		const char *tb = text(vb, rb, cols[i], b, sizeof(b));
		const char *ta = text(va, ra, cols[i], a, sizeof(a));

		if (tb && ta && strcmp(tb, ta)) {
			snprintf(buf, n, "%s %s (before), %s (after)", cols[i], tb, ta);
			return buf;
		}
	}
	return NULL;
}

/* Why a pair cannot be judged ("contended after"), or NULL. */
static char *unreliable(const struct view *vb, const struct rec *rb, const struct view *va,
			const struct rec *ra)
{
	char fb[96], fa[96];
	const char *why_b = flagged(vb, rb, fb, sizeof(fb)), *why_a = flagged(va, ra, fa, sizeof(fa));

	if (why_b && why_a)
		return gp_xasprintf("%s before, %s after", why_b, why_a);
	if (why_b || why_a)
		return gp_xasprintf("%s %s", why_b ? why_b : why_a, why_b ? "before" : "after");
	return NULL;
}

/* Whether d's change counts: at least its absolute floor, beyond its noise and the threshold. */
static int beyond(const struct diff_opts *o, const struct diff_row *d, double floor)
{
	if (fabs(d->after - d->before) < floor)
		return 0;
	if (!isfinite(d->change_pct))
		return 1;  /* from nothing: beyond any percentage */
	return fabs(d->change_pct) > d->noise_pct && fabs(d->change_pct) > o->threshold_pct;
}

static void left_out(struct diff_result *res, const char *apart)
{
	res->left_out++;
	add_note(res, gp_xasprintf("measured differently: %s; the figures read from counters, and "
				   "those one side lacks, are not compared", apart));
}

static void judge(struct diff_result *res, const struct diff_opts *o, const struct view *vb,
		  const struct rec *rb, const struct view *va, const struct rec *ra,
		  const struct result_figure *f, const char *name)
{
	double b = num(vb, rb, name), a = num(va, ra, name);
	const char *apart;
	struct diff_row *d;
	char why[160];

	if (!isfinite(b) && !isfinite(a))
		return;
	apart = measured_apart(vb, rb, va, ra, why, sizeof(why));
	if (apart && (!isfinite(a) || !isfinite(b) ||
		      result_kind_in_row(rec_contract(vb, rb), f, rb->key) == RESULT_KIND_COUNTER)) {
		left_out(res, apart);
		return;
	}
	d = add_row(res, vb, rb);
	d->figure = gp_xstrdup(name);
	d->better = f->better;
	d->before = b;
	d->after = a;
	if (!isfinite(a) || !isfinite(b)) {
		verdict(res, d, isfinite(a) ? DIFF_NEW : DIFF_GONE);
		return;
	}
	d->noise_pct = fmax(noise(vb, rb, f, b), noise(va, ra, f, a));
	d->change_pct = b != 0 ? (a - b) / fabs(b) * 100 : a == 0 ? 0 : NAN;
	d->reason = unreliable(vb, rb, va, ra);
	if (d->reason)
		verdict(res, d, DIFF_UNRELIABLE);
	else if (!beyond(o, d, fmax(floor_abs(vb, rb, f, name), floor_abs(va, ra, f, name))))
		verdict(res, d, DIFF_SAME);
	else
		verdict(res, d, (a > b) == (f->better == RESULT_HIGHER) ? DIFF_BETTER : DIFF_WORSE);
}

/* The figures of a matched pair: the contract's, or a metric table's metrics on either side. */
static void judge_pair(struct diff_result *res, const struct diff_opts *o, const struct view *vb,
		       const struct rec *rb, const struct view *va, const struct rec *ra)
{
	if (vb->metric < 0) {
		for (size_t i = 0; i < vb->c->nfigures; i++)
			judge(res, o, vb, rb, va, ra, &vb->c->figures[i], vb->c->figures[i].column);
		return;
	}
	for (size_t k = 0; k < rb->nrows; k++) {
		const struct result_figure *f = figure(vb, rb, vb->names[rb->rows[k]]);
		if (f && !vb->attrs[rb->rows[k]])
			judge(res, o, vb, rb, va, ra, f, f->column);
	}
	for (size_t k = 0; k < ra->nrows; k++) {
		const char *m = va->names[ra->rows[k]];
		const struct result_figure *f = figure(va, ra, m);
		size_t row;
		if (f && !va->attrs[ra->rows[k]] && find(vb, rb, m, &row) < 0)
			judge(res, o, vb, rb, va, ra, f, f->column);
	}
}

/* "NVIDIA H100,NVIDIA A100": the distinct values of column c, in order of rows. */
static char *distinct(const struct report_table *t, int c)
{
	char **seen = gp_xcalloc(t->nrows + 1, sizeof(*seen)), *s = gp_xstrdup(""), buf[64];
	size_t n = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		const char *v = cell_text(t, r, c, buf, sizeof(buf));
		size_t k = 0;
		char *next;

		while (v && k < n && strcmp(seen[k], v))
			k++;
		if (!v || k < n)
			continue;
		next = gp_xasprintf("%s%s%s", s, n ? "," : "", v);
		free(s);
		s = next;
		seen[n++] = gp_xstrdup(v);
	}
	while (n)
		free(seen[--n]);
	free(seen);
	return s;
}

/* Identity columns whose values differ: "hostname: a (before), b (after)". */
static void identities(struct diff_result *res, const struct report_table *b,
		       const struct report_table *a)
{
	if (!b || !a)
		return;
	for (size_t c = 0; c < b->ncols; c++) {
		int ca = report_col_index(a, b->cols[c].name);
		char *vb, *va;

		if (!(b->cols[c].flags & REPORT_COL_ID) || ca < 0)
			continue;
		vb = distinct(b, (int)c);
		va = distinct(a, ca);
		if (strcmp(vb, va))
			add_note(res, gp_xasprintf("%s differs: %s (before), %s (after)", b->cols[c].name,
						   *vb ? vb : "none", *va ? va : "none"));
		free(vb);
		free(va);
	}
}

void diff_tables(const struct result_contract *c, const struct report_table *before,
		 const struct report_table *after, const struct diff_opts *o,
		 struct diff_result *res)
{
	struct view vb, va;

	if (!c)
		c = diff_table_contract(before ? before : after);
	if (!c)
		return;
	view_open(&vb, c, before, after);
	view_open(&va, c, after, before);
	identities(res, before, after);
	for (int side = 0; side < 2; side++) {
		const struct view *v = side ? &va : &vb;
		for (size_t i = 0; i < v->nunknown; i++)
			add_note(res, gp_xasprintf("%s rows not compared: no command's contract",
						   v->unknown[i] ? v->unknown[i] : "unnamed"));
	}
	for (size_t i = 0; i < vb.n; i++) {
		struct rec *rb = &vb.recs[i], *ra = NULL;

		for (size_t k = 0; k < va.n && !ra; k++)
			if (!va.recs[k].matched && same(va.recs[k].section, rb->section) &&
			    va.recs[k].occ == rb->occ && !strcmp(va.recs[k].key, rb->key))
				ra = &va.recs[k];
		if (!ra) {
			verdict(res, add_row(res, &vb, rb), DIFF_GONE);  /* the whole row */
			continue;
		}
		ra->matched = rb->matched = 1;
		judge_pair(res, o, &vb, rb, &va, ra);
	}
	for (size_t k = 0; k < va.n; k++)
		if (!va.recs[k].matched)
			verdict(res, add_row(res, &va, &va.recs[k]), DIFF_NEW);
	view_close(&vb);
	view_close(&va);
}

/* ---- two files ---- */

static int is_long(const struct report_table *t)
{
	const struct result_contract *c = diff_long_contract();

	return c && diff_table_contract(t) == c;
}

/* in's sections as one long table of like's columns (as all writes its CSV). */
static void to_long(const struct diff_input *in, const struct report_table *like, struct report *out)
{
	struct report_table *t = report_add_table(out, NULL, like->cols, like->ncols);

	for (size_t i = 0; i < in->tables.ntables; i++)
		report_append_long(t, in->tables.tables[i]->key, in->tables.tables[i]);
}

const struct report_table *diff_input_table(const struct diff_input *in,
					    const struct report_table *t)
{
	const struct result_contract *c = diff_table_contract(t);

	for (size_t i = 0; i < in->tables.ntables; i++) {
		const struct report_table *mine = in->tables.tables[i];
		if (diff_table_contract(mine) == c && (!in->sectioned || same(mine->key, t->key)))
			return mine;
	}
	return NULL;
}

static void skipped(struct diff_result *res, const struct diff_input *in)
{
	for (size_t i = 0; i < in->nskipped; i++)
		add_note(res, gp_xasprintf("section %s of %s not compared: no command's columns",
					   in->skipped[i], in->name));
}

/* Sections against their namesakes; a section on one side only is all new or all gone. */
static int sections(const struct diff_input *b, const struct diff_input *a,
		    const struct diff_opts *o, struct diff_result *res)
{
	for (size_t i = 0; i < b->tables.ntables; i++) {
		const struct report_table *tb = b->tables.tables[i], *ta = NULL;
		for (size_t k = 0; k < a->tables.ntables && !ta; k++)
			if (same(a->tables.tables[k]->key, tb->key))
				ta = a->tables.tables[k];
		if (ta && diff_table_contract(ta) != diff_table_contract(tb))
			return gp_error(GP_EXIT_USAGE, "section %s has other columns in %s than in %s",
					tb->key, a->name, b->name);
		diff_tables(NULL, tb, ta, o, res);
	}
	for (size_t k = 0; k < a->tables.ntables; k++) {
		const struct report_table *ta = a->tables.tables[k];
		size_t i = 0;
		while (i < b->tables.ntables && !same(b->tables.tables[i]->key, ta->key))
			i++;
		if (i == b->tables.ntables)
			diff_tables(NULL, NULL, ta, o, res);
	}
	return 0;
}

/* Outputs of two gpuperf versions (by their columns): said, and compared on what both have. */
static void versions(struct diff_result *res, const struct diff_input *b, const struct diff_input *a)
{
	if (b->shape == a->shape)
		return;
	add_note(res, gp_xasprintf("gpuperf versions differ: columns of %s (before), of %s (after); the "
				   "figures one lacks are new or gone", b->shape ? b->shape->since : "today",
				   a->shape ? a->shape->since : "today"));
}

int diff_files(const struct diff_input *b, const struct diff_input *a,
		const struct diff_opts *o, struct diff_result *res)
{
	const struct report_table *tb = b->tables.tables[0], *ta = a->tables.tables[0];
	struct report tmp = { 0 };

	if (strcmp(b->command, a->command))
		return gp_error(GP_EXIT_USAGE, "%s is the output of %s and %s of %s: diff compares "
				"two outputs of one command", b->name, b->command, a->name, a->command);
	versions(res, b, a);
	skipped(res, b);
	skipped(res, a);
	if (b->sectioned && a->sectioned)
		return sections(b, a, o, res);
	if (b->sectioned != a->sectioned) {
		const struct diff_input *secs = b->sectioned ? b : a;
		const struct report_table *lone = b->sectioned ? ta : tb;

		if (!is_long(lone))
			return gp_error(GP_EXIT_USAGE, "%s holds sections and %s one table of %s: "
					"compare two outputs of the same form", b->name, a->name,
					b->command);
		to_long(secs, lone, &tmp);
		if (b->sectioned)
			tb = tmp.tables[0];
		else
			ta = tmp.tables[0];
	}
	if (diff_table_contract(tb) != diff_table_contract(ta)) {
		report_free(&tmp);
		return gp_error(GP_EXIT_USAGE, "%s and %s are outputs of %s with other columns: "
				"compare two runs with the same options", b->name, a->name, b->command);
	}
	diff_tables(NULL, tb, ta, o, res);
	report_free(&tmp);
	return 0;
}
