/*
 * gpuperf all: one summary of the headline figures beside their
 * references, made by each step's summarize hook from its typed results,
 * then each step's tables as a section keyed by its command.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/outlier.h"
#include "tables/all.h"
#include "util/compat.h"
#include "util/error.h"

enum { S_METRIC, S_WHAT, S_VALUE, S_UNIT, S_REFERENCE, S_COV };

static void add_cmp(struct all_summary *s, const char *metric, const char *what, double value,
		    double cov_pct, const char *unit, const char *reference, int compare)
{
	struct all_headline *h;

	if (s->n == ALL_MAX_HEADLINES)
		return;
	h = &s->h[s->n++];
	snprintf(h->metric, sizeof(h->metric), "%s", metric);
	snprintf(h->what, sizeof(h->what), "%s", what);
	snprintf(h->unit, sizeof(h->unit), "%s", unit);
	snprintf(h->reference, sizeof(h->reference), "%s", reference);
	h->value = value;
	h->cov_pct = cov_pct;
	h->compare = compare;
}

void all_add_figure(struct all_summary *s, const char *metric, const char *what, double value,
		    double cov_pct, const char *unit, const char *reference)
{
	add_cmp(s, metric, what, value, cov_pct, unit, reference, 1);
}

void all_add(struct all_summary *s, const char *metric, const char *what, double value,
	     double cov_pct, const char *unit, const char *reference)
{
	add_cmp(s, metric, what, value, cov_pct, unit, reference, 0);
}

size_t all_headlines(const struct gp_device *d, const struct all_run *run,
		     struct all_headline *out, size_t max)
{
	struct all_summary s = { .run = run };

	/* each step's rows in step order, those that close the summary last */
	for (int last = 0; last < 2; last++)
		for (size_t i = 0; i < run->nsteps; i++) {
			const struct all_step *st = &run->steps[i];

			size_t from = s.n;

			if (st->summarize && st->results && (st->summary_last != 0) == last)
				st->summarize(&s, d, st->results);
			for (size_t k = from; k < s.n; k++)
				s.h[k].command = st->command;
		}
	if (s.n > max)
		s.n = max;
	memcpy(out, s.h, s.n * sizeof(*out));
	return s.n;
}

static void summary(struct report *rep, const struct gp_device *d, const struct all_run *run)
{
	struct all_headline h[ALL_MAX_HEADLINES];
	size_t n = all_headlines(d, run, h, ALL_MAX_HEADLINES);
	struct report_table *human, *machine;
	char title[300];

	snprintf(title, sizeof(title), "gpuperf all: %s", d->name);
	/* People get the summary without the identity, the metric's script name and the CoV. */
	human = report_add_table(rep, title, all_summary_columns + TAB_NIDENTITY + S_WHAT,
				 S_COV - S_WHAT);
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
		report_set_dbl(machine, r, TAB_NIDENTITY + S_COV, h[i].cov_pct);
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

void tab_all(struct report *rep, const struct gp_device *d, const void *all_run)
{
	const struct all_run *run = all_run;

	summary(rep, d, run);
	/* a section per command: the records of its steps in a row joined to the first's */
	for (size_t i = 0, j; i < run->nsteps; i = j) {
		struct report sec = { 0 };

		for (j = i; j < run->nsteps && !strcmp(run->steps[j].command, run->steps[i].command); j++) {
			struct report more = { 0 };

			if (!run->steps[j].results)
				continue;
			run->steps[j].tabulate(&more, d, run->steps[j].results);
			join(&sec, &more);
		}
		section(rep, run->steps[i].command, &sec);
	}
}

/* ---- several devices: each headline figure against the device's siblings ---- */

enum { D_METRIC = TAB_NIDENTITY, D_WHAT, D_VALUE, D_UNIT, D_MEDIAN, D_PCT, D_OUTLIER, D_COV };

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
	report_set_dbl(t, r, D_COV, h->cov_pct);
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
