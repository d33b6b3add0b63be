/*
 * gpuperf all without a GPU: fabricated probe results through the same
 * composition the command uses; the summary's figures and the shapes of
 * the long CSV and the sectioned JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/all.h"
#include "tests/unit/unit.h"

#define ID { "device", "device", REPORT_STR, 0, REPORT_COL_ID }, { "cc", "CC", REPORT_STR, 0, REPORT_COL_ID }

static const struct report_col info_cols[] = { ID,
	{ "counters", "hardware counters", REPORT_STR, 0 },
	{ "counters_reason", "why not", REPORT_STR, 0 } };
static const struct report_col bw_cols[] = { ID,
	{ "kernel", "kernel", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "bandwidth_gbs", "bandwidth (GB/s)", REPORT_DBL, 1 },
	{ "pct_of_theoretical", "of peak (%)", REPORT_DBL, 1 },
	{ "theoretical_gbs", "peak (GB/s)", REPORT_DBL, 1 } };
static const struct report_col co_cols[] = { ID,
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "offset", "offset", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_sectors_per_request", "predicted", REPORT_DBL, 2 },
	{ "measured_sectors_per_request", "measured", REPORT_DBL, 2 },
	{ "bandwidth_gbs", "GB/s", REPORT_DBL, 1 } };
static const struct report_col bk_cols[] = { ID,
	{ "pattern", "pattern", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "stride", "stride", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "predicted_ways", "ways", REPORT_INT, 0 },
	{ "measured_wavefronts_per_request", "wavefronts", REPORT_DBL, 2 },
	{ "slowdown", "slowdown (x)", REPORT_DBL, 2 } };
static const struct report_col oc_cols[] = { ID,
	{ "threads_per_block", "threads", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "regs_per_thread", "regs", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "active_blocks_per_sm", "blocks", REPORT_INT, 0 },
	{ "occupancy_pct", "occupancy (%)", REPORT_DBL, 1 },
	{ "limiter", "limiter", REPORT_STR, 0 } };
static const struct report_col pc_cols[] = { ID,
	{ "direction", "direction", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "memory", "memory", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "bandwidth_gbs", "GB/s", REPORT_DBL, 1 },
	{ "pct_of_link", "of link (%)", REPORT_DBL, 1 },
	{ "link_gen", "gen", REPORT_INT, 0 },
	{ "link_width", "width", REPORT_INT, 0 },
	{ "link_peak_gbs", "link (GB/s)", REPORT_DBL, 1 } };

static struct report_table *table(struct all_section *s, const char *name,
				  const struct report_col *cols, size_t n)
{
	s->name = name;
	memset(&s->rep, 0, sizeof(s->rep));
	return report_add_table(&s->rep, name, cols, n);
}

static size_t row(struct report_table *t)
{
	size_t r = report_add_row(t);
	report_set_str(t, r, 0, "Fake GPU, with a comma");
	report_set_str(t, r, 1, "9.0");
	return r;
}

static void fabricate(struct all_section *s)
{
	struct report_table *t;
	size_t r;

	t = table(&s[0], "info", info_cols, 4);
	r = row(t);
	report_set_str(t, r, 2, "available");
	t = table(&s[1], "bandwidth", bw_cols, 6);
	static const char *const k[] = { "read", "write", "copy", "triad", "memcpy" };
	static const double gbs[] = { 3100, 3200, 2800, 2900, 3000 };
	for (int i = 0; i < 5; i++) {
		r = row(t);
		report_set_str(t, r, 2, k[i]);
		report_set_dbl(t, r, 3, gbs[i]);
		report_set_dbl(t, r, 4, gbs[i] / 3352.32 * 100);
		report_set_dbl(t, r, 5, 3352.32);
	}
	t = table(&s[2], "coalesce", co_cols, 8);
	static const char *const pat[] = { "offset", "offset", "stride", "stride", "stride" };
	static const int off[] = { 0, 1, 0, 0, 0 }, str[] = { 1, 1, 1, 2, 32 };
	static const double sec[] = { 4, 5, 4, 8, 32 }, cbw[] = { 2000, 1800, 2000, 1000, 125 };
	for (int i = 0; i < 5; i++) {
		r = row(t);
		report_set_str(t, r, 2, pat[i]);
		report_set_int(t, r, 3, off[i]);
		report_set_int(t, r, 4, str[i]);
		report_set_dbl(t, r, 5, sec[i]);
		report_set_dbl(t, r, 6, sec[i]);
		report_set_dbl(t, r, 7, cbw[i]);
	}
	t = table(&s[3], "banks", bk_cols, 7);
	static const int bs[] = { 1, 2, 32 };
	static const double slow[] = { 1, 2, 32 };
	for (int i = 0; i < 3; i++) {
		r = row(t);
		report_set_str(t, r, 2, "stride");
		report_set_int(t, r, 3, bs[i]);
		report_set_int(t, r, 4, bs[i]);
		report_set_dbl(t, r, 5, bs[i]);
		report_set_dbl(t, r, 6, slow[i]);
	}
	t = table(&s[4], "occupancy", oc_cols, 7);
	r = row(t);
	report_set_int(t, r, 2, 256);
	report_set_int(t, r, 3, 64);
	report_set_int(t, r, 4, 4);
	report_set_dbl(t, r, 5, 50);
	report_set_str(t, r, 6, "registers");
	t = table(&s[5], "pcie", pc_cols, 9);
	static const char *const dir[] = { "h2d", "d2h", "bidir-h2d", "bidir-d2h", "bidir-sum" };
	static const double pbw[] = { 55, 55.1, 46, 51, 95 };
	for (int i = 0; i < 5; i++) {
		r = row(t);
		report_set_str(t, r, 2, dir[i]);
		report_set_str(t, r, 3, "pinned");
		report_set_dbl(t, r, 4, pbw[i]);
		report_set_dbl(t, r, 5, pbw[i] / 63.015 * 100);
		report_set_int(t, r, 6, 5);
		report_set_int(t, r, 7, 16);
		report_set_dbl(t, r, 8, 63.015);
	}
}

static char *compose(enum report_format fmt)
{
	struct gp_ctx ctx;
	struct all_section s[6];
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	memset(&ctx, 0, sizeof(ctx));
	snprintf(ctx.dev.name, sizeof(ctx.dev.name), "Fake GPU, with a comma");
	ctx.dev.cc_major = 9;
	ctx.format = fmt;
	fabricate(s);
	all_compose(&ctx, s, 6);
	f = open_memstream(&buf, &len);
	ok(report_emit(&ctx.report, fmt, f) == 0, "emit format %d", (int)fmt);
	fclose(f);
	report_free(&ctx.report);
	return buf;
}

static int count_lines(const char *s, const char *prefix)
{
	int n = 0;
	for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		n += !strncmp(p, prefix, strlen(prefix));
	return n;
}

int main(void)
{
	char *csv = compose(REPORT_CSV), *json, *human;

	ok(!strncmp(csv, "device,cc,probe,config,metric,value,unit\n", 41), "CSV: the long header first");
	ok(strstr(csv, "\"Fake GPU, with a comma\",9.0,summary,metric=dram_copy_gbs,value,2800.000,\n") != NULL,
	   "CSV: summary row for the copy, device name quoted");
	ok(strstr(csv, "summary,metric=misaligned_copy_pct,value,90.000,\n") != NULL,
	   "CSV: misalignment costs 10 %% (1800 of 2000 GB/s)");
	ok(strstr(csv, "summary,metric=stride32_copy_pct,value,6.250,\n") != NULL,
	   "CSV: stride 32 keeps 6.25 %%");
	ok(strstr(csv, "summary,metric=bank_conflict_32way_slowdown,value,32.000,\n") != NULL,
	   "CSV: 32-way conflict slowdown");
	ok(strstr(csv, "summary,metric=pcie_pinned_bidir_gbs,value,95.000,\n") != NULL,
	   "CSV: bidirectional PCIe");
	ok(strstr(csv, "summary,metric=occupancy_256x64_pct,value,50.000,\n") != NULL,
	   "CSV: occupancy of 256 x 64");
	ok(strstr(csv, "bandwidth,kernel=copy,bandwidth_gbs,2800.000,GB/s\n") != NULL,
	   "CSV: the probe's own records follow, with their configuration and unit");
	ok(strstr(csv, "coalesce,pattern=stride offset=0 stride=32,measured_sectors_per_request,32.0000,measured\n") ||
	   strstr(csv, "coalesce,pattern=stride offset=0 stride=32,measured_sectors_per_request,32.0000,\n"),
	   "CSV: coalesce records keyed by pattern, offset and stride");
	{
		int rows = count_lines(csv, "\"Fake GPU");
		is_int(rows, count_lines(csv, "\"Fake GPU, with a comma\",9.0,"), "CSV: identity on every row");
		ok(rows > 60, "CSV: %d long rows", rows);
	}
	for (const char *p = csv; *p; p = strchr(p, '\n') + 1) {
		/* every row has 7 fields: 6 separators outside quotes */
		int commas = 0, q = 0;
		for (const char *c = p; *c && *c != '\n'; c++) {
			q ^= *c == '"';
			commas += !q && *c == ',';
		}
		if (commas != 6) {
			ok(0, "CSV: a row with %d separators: %.60s", commas, p);
			break;
		}
		if (!strchr(p, '\n') || !strchr(p, '\n')[1]) {
			ok(1, "CSV: every row has 7 fields");
			break;
		}
	}
	free(csv);

	json = compose(REPORT_JSON);
	ok(json[0] == '{', "JSON: one object");
	for (const char *k = "summary\0info\0bandwidth\0coalesce\0banks\0occupancy\0pcie\0"; *k; k += strlen(k) + 1) {
		char key[32];
		snprintf(key, sizeof(key), "\"%s\": [", k);
		ok(strstr(json, key) != NULL, "JSON: section %s", k);
	}
	free(json);

	human = compose(REPORT_TABLE);
	ok(strstr(human, "gpuperf all: Fake GPU, with a comma\n") != NULL, "human: summary title");
	ok(strstr(human, "DRAM copy bandwidth") != NULL, "human: copy line");
	ok(strstr(human, "83.5 % of 3352.3 GB/s theoretical; cudaMemcpy D2D 3000.0 GB/s") != NULL,
	   "human: copy against theoretical and cudaMemcpy");
	ok(strstr(human, "of the Gen5 x16 link (63.0 GB/s per direction)") != NULL, "human: PCIe against the link");
	ok(strstr(human, "limited by registers") != NULL, "human: occupancy limiter");
	ok(strstr(human, "hardware counters") != NULL && strstr(human, "available") != NULL,
	   "human: counters line");
	ok(strstr(human, "\nbandwidth\n") != NULL, "human: detail tables follow");
	free(human);
	return done_testing();
}
