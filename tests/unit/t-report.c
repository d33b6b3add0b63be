/* The output layer: CSV quoting and shape, JSON escaping, human alignment, missing values. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

static const struct report_col cols[] = {
	{ "name", "name", REPORT_STR, 0 },
	{ "count", "count", REPORT_INT, 0 },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 1 },
};

static char *render(struct report *r, enum report_format fmt)
{
	char *s = unit_render(r, fmt);

	ok(s != NULL, "emit format %d", (int)fmt);
	return s;
}

int main(void)
{
	struct report r = { 0 };
	struct report_table *t = report_add_table(&r, "Test table", cols, 3), *h;
	char *s;
	size_t row;

	row = report_add_row(t);
	report_set_str(t, row, 0, "plain");
	report_set_int(t, row, 1, 42);
	report_set_dbl(t, row, 2, 3012.456);
	row = report_add_row(t);
	report_set_str(t, row, 0, "with,comma \"quoted\"\nnewline");
	report_set_dbl(t, row, 2, NAN);
	row = report_add_row(t);
	report_set_str(t, row, 0, "neg zero");
	report_set_int(t, row, 1, -7);
	report_set_dbl(t, row, 2, -0.0001);
	report_note(t, "a note for people");
	h = report_add_table(&r, "Human only", cols, 3);
	h->flags = REPORT_HUMAN_ONLY;
	report_set_str(h, report_add_row(h), 0, "hidden from machines");

	s = render(&r, REPORT_CSV);
	is_str(s, "name,count,bandwidth_gbs\n"
		  "plain,42,3012.456\n"
		  "\"with,comma \"\"quoted\"\"\nnewline\",,\n"
		  "neg zero,-7,0.000\n",
	       "CSV: header, quoting, empty missing fields, no notes, no human-only table");
	free(s);

	s = render(&r, REPORT_JSON);
	is_str(s, "[\n"
		  "  {\"name\": \"plain\", \"count\": 42, \"bandwidth_gbs\": 3012.456},\n"
		  "  {\"name\": \"with,comma \\\"quoted\\\"\\nnewline\", \"count\": null, \"bandwidth_gbs\": null},\n"
		  "  {\"name\": \"neg zero\", \"count\": -7, \"bandwidth_gbs\": 0.000}\n"
		  "]\n",
	       "JSON: array of objects, escapes, null for missing");
	free(s);

	s = render(&r, REPORT_TABLE);
	ok(strstr(s, "Test table\n") != NULL, "human: title");
	ok(strstr(s, "name                          count  bandwidth (GB/s)\n") != NULL ||
	   strstr(s, "count  bandwidth (GB/s)\n") != NULL, "human: headers with units");
	ok(strstr(s, "   3012.5\n") != NULL, "human: numbers right-aligned at column precision");
	ok(strstr(s, "n/a") != NULL, "human: missing shown as n/a");
	ok(strstr(s, "a note for people") != NULL, "human: notes printed");
	ok(strstr(s, "hidden from machines") != NULL, "human: human-only table printed");
	ok(strstr(s, "-0.0") == NULL, "human: no negative zero");
	free(s);

	report_free(&r);
	{
		/* empty text cells at a row's end: no padding left at the end of a line */
		static const struct report_col tcols[] = {
			{ "value", "value", REPORT_STR, 0 },
			{ "mark", "mark", REPORT_STR, 0 },
			{ "note", "note", REPORT_STR, 0 },
		};
		struct report e = { 0 };
		struct report_table *et = report_add_table(&e, "trailing", tcols, 3);
		size_t k = report_add_row(et);

		report_set_str(et, k, 0, "short");
		report_set_str(et, k, 1, "");
		report_set_str(et, k, 2, "");
		k = report_add_row(et);
		report_set_str(et, k, 0, "a longer one");
		report_set_str(et, k, 1, "<== here");
		report_set_str(et, k, 2, "");
		k = report_add_row(et);
		report_set_str(et, k, 0, "mid");
		report_set_str(et, k, 1, "");
		report_set_str(et, k, 2, "after a gap");
		s = render(&e, REPORT_TABLE);
		ok(strstr(s, " \n") == NULL, "human: no line ends in a space (got:\n%s)", s);
		ok(strstr(s, "\nshort\n") != NULL, "human: a row of empty cells ends at its text");
		ok(strstr(s, "\na longer one  <== here\n") != NULL, "human: the last text ends the line");
		ok(strstr(s, "\nmid                     after a gap\n") != NULL,
		   "human: an empty cell between texts keeps its width");
		free(s);
		report_free(&e);
	}
	{
		struct report e = { 0 };
		struct report_table *et = report_add_table(&e, "empty", cols, 3);
		(void)et;
		s = render(&e, REPORT_JSON);
		is_str(s, "[]\n", "JSON of an empty table is []");
		free(s);
		s = render(&e, REPORT_CSV);
		is_str(s, "name,count,bandwidth_gbs\n", "CSV of an empty table is its header");
		free(s);
		report_free(&e);
	}
	{
		struct report c = { 0 };
		struct report_table *ct = report_add_table(&c, "chart", cols, 3);
		const char *labels[] = { "1", "2", "32" };
		const double values[] = { 100, 50, NAN };
		struct report_chart *ch;
		struct report_series *se, *plot;

		report_note(ct, "a note before the chart");
		ch = report_add_chart(ct, "bandwidth vs stride");
		ch->text_width = 10;
		report_chart_axis(&ch->y, "bandwidth", "GB/s", 0);
		plot = report_chart_series(ch, "plot only", REPORT_SERIES_PLOT);
		report_series_add(plot, 1, 1e6, "plotted, not drawn");
		se = report_chart_series(ch, "drawn", REPORT_SERIES_TEXT | REPORT_SERIES_PLOT);
		for (int i = 0; i < 3; i++)
			report_series_add(se, i, values[i], labels[i]);
		report_note(ct, "a note after the chart");
		s = render(&c, REPORT_TABLE);
		ok(strstr(s, "a note before the chart\n\nbandwidth vs stride\n") != NULL,
		   "chart: in its place among the notes, after a blank line and its title");
		ok(strstr(s, "n/a\na note after the chart\n") != NULL, "chart: the next note follows it");
		ok(strstr(s, "plotted") == NULL, "chart: a plot-only series is not drawn in the terminal");
		ok(strstr(s, " 1 | ########## 100 GB/s") != NULL, "chart: longest bar for the maximum");
		ok(strstr(s, " 2 | #####      50 GB/s") != NULL, "chart: half bar for half the value");
		ok(strstr(s, "32 | n/a") != NULL, "chart: missing value");
		free(s);
		report_free(&c);
	}
	{
		struct report c = { 0 };
		struct report_table *ct = report_add_table(&c, "chart", cols, 3);
		const long long keys[] = { 1, 2, 32, 64 };
		const double values[] = { 100, NAN, 50, NAN };
		const char *titles[] = { "by stride", "one point" };

		for (int k = 0; k < 2; k++) {
			struct report_chart *ch = report_add_chart(ct, titles[k]);
			struct report_series *se = report_chart_series(ch, "y", REPORT_SERIES_TEXT);

			ch->flags |= REPORT_CHART_SKIP_MISSING;
			ch->text_width = 10;
			report_chart_axis(&ch->y, "bandwidth", "GB/s", 0);
			for (int i = 0; i < (k ? 1 : 4); i++)
				report_series_add(se, (double)keys[i], values[i], NULL);
		}
		s = render(&c, REPORT_TABLE);
		ok(strstr(s, "\n   1 | ########## 100 GB/s") != NULL, "keyed chart: integer labels");
		ok(strstr(s, "32 | #####      50 GB/s") != NULL, "keyed chart: second point");
		ok(strstr(s, "n/a") == NULL && strstr(s, " 2 |") == NULL, "keyed chart: unmeasured points left out");
		ok(strstr(s, "one point") == NULL, "keyed chart: one point draws nothing");
		free(s);
		report_free(&c);
	}
	{
		static const struct report_col src_cols[] = {
			{ "device", "device", REPORT_STR, 0, REPORT_COL_ID },
			{ "cc", "CC", REPORT_STR, 0, REPORT_COL_ID },
			{ "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
			{ "width_bytes", "width (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
			{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 1, 0 },
			{ "verdict", "verdict", REPORT_STR, 0, 0 },
			{ "reps", "repetitions", REPORT_INT, 0, 0 },
		};
		static const struct report_col long_cols[] = { REPORT_LONG_COLS };
		struct report src = { 0 }, dst = { 0 };
		struct report_table *st = report_add_table(&src, "src", src_cols, 7);
		struct report_table *lt = report_add_table(&dst, "long", long_cols, 11);
		size_t rr = report_add_row(st);
		report_set_str(st, rr, 0, "NVIDIA H100");
		report_set_str(st, rr, 1, "9.0");
		report_set_str(st, rr, 2, "copy");
		report_set_int(st, rr, 3, 16);
		report_set_dbl(st, rr, 4, 3012.5);
		report_set_int(st, rr, 6, 20);
		report_append_long(lt, "bandwidth", st);
		s = render(&dst, REPORT_CSV);
		is_str(s, "device,cc,device_index,uuid,pci_bus_id,hostname,probe,config,metric,value,unit\n"
			  "NVIDIA H100,9.0,,,,,bandwidth,kernel=copy width_bytes=16,bandwidth_gbs,3012.500,GB/s\n"
			  "NVIDIA H100,9.0,,,,,bandwidth,kernel=copy width_bytes=16,reps,20,\n",
		       "long format: config joined, one row per result, unit from the header, missing skipped");
		free(s);
		report_free(&src);
		report_free(&dst);
	}
	{
		/* two devices joined: one machine table of both, each device's view for people */
		static const struct report_col jc[] = {
			{ "device", "device", REPORT_STR, 0, REPORT_COL_ID },
			{ "gbs", "bw (GB/s)", REPORT_DBL, 1, 0 },
		};
		struct report all = { 0 };
		char *csv, *human;

		for (int d = 0; d < 2; d++) {
			struct report one = { 0 };
			struct report_table *both = report_add_table(&one, "both", jc, 2);
			struct report_table *mach = report_add_table(&one, "mach", jc, 2);
			struct report_table *view = report_add_table(&one, "view", jc, 2);
			char name[16], heading[32];
			size_t jr;

			snprintf(name, sizeof(name), "gpu%d", d);
			snprintf(heading, sizeof(heading), "== device %d", d);
			mach->flags |= REPORT_MACHINE_ONLY;
			mach->key = "m";
			both->key = "b";
			view->flags |= REPORT_HUMAN_ONLY;
			for (int k = 0; k < 3; k++) {
				struct report_table *jt = k == 0 ? both : k == 1 ? mach : view;
				jr = report_add_row(jt);
				report_set_str(jt, jr, 0, name);
				report_set_dbl(jt, jr, 1, 100 * (d + 1) + k);
			}
			report_join(&all, &one, heading);
			ok(one.ntables == 0, "join: device %d's report is left empty", d);
		}
		csv = render(&all, REPORT_CSV);
		ok(strstr(csv, "b,,gbs,100.000,GB/s") && strstr(csv, "b,,gbs,200.000,GB/s") &&
		   strstr(csv, "m,,gbs,101.000,GB/s") && strstr(csv, "m,,gbs,201.000,GB/s"),
		   "join: the machine tables hold both devices' rows");
		ok(!strstr(csv, "102.000") && !strstr(csv, "202.000"), "join: people's tables stay out of CSV");
		free(csv);
		csv = render(&all, REPORT_JSON);
		ok(strstr(csv, "\"b\": [") && strstr(csv, "\"m\": [") && strstr(csv, "\"gbs\": 200.000") &&
		   strstr(csv, "\"gbs\": 201.000"), "join: JSON sections hold both devices");
		free(csv);
		human = render(&all, REPORT_TABLE);
		ok(strstr(human, "== device 0\n") && strstr(human, "== device 1\n") &&
		   strstr(human, "== device 0\n") < strstr(human, "== device 1\n"),
		   "join: a heading per device, in order");
		ok(strstr(human, "102.0") && strstr(human, "202.0") && strstr(human, "200.0") &&
		   !strstr(human, "101.0") && strstr(human, "100.0") < strstr(human, "== device 1"),
		   "join: each device's own view under its heading, machine-only rows out");
		free(human);
		report_free(&all);
	}
	return done_testing();
}
