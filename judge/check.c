/* gpuperf check's judging: the floors file, each figure and the GPU's state judged. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/check.h"
#include "model/outlier.h"
#include "model/trust.h"
#include "util/compat.h"
#include "util/error.h"

/* Over the host's link: its speed depends on where the host puts memory (NUMA, switches). */
static int host_figure(enum check_figure f)
{
	return f == CHECK_H2D || f == CHECK_D2H || f == CHECK_P2P_MIN;
}

/* ---- floors ---- */

void check_floors_free(struct check_floors *f)
{
	free(f->v);
	f->v = NULL;
	f->n = 0;
}

/* The floors file's fields: product, memory_gib, the figures (check_figure_names), source. */
#define FLOOR_NFIELDS ((size_t)CHECK_NFIGURES + 3)

static const char *floor_field(size_t i)
{
	return i == 0 ? "product" : i == 1 ? "memory_gib" : i == FLOOR_NFIELDS - 1 ? "source" :
		check_figure_names[i - 2];
}

/* Split line (modified) at commas into at most max fields, spaces trimmed; their number. */
static size_t split(char *line, char **field, size_t max)
{
	size_t n = 0;
	char *p = line;

	for (;;) {
		char *comma = strchr(p, ',');
		char *end;

		if (comma && n + 1 == max)
			comma = NULL;  /* the last field (source) keeps its commas */
		if (comma)
			*comma = '\0';
		while (isspace((unsigned char)*p))
			p++;
		end = p + strlen(p);
		while (end > p && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (n < max)
			field[n++] = p;
		if (!comma)
			return n;
		p = comma + 1;
	}
}

/* A floor: a number above 0, or empty for none. */
static int floor_number(const char *s, double *v)
{
	char *end;

	if (!*s) {
		*v = NAN;
		return 0;
	}
	*v = strtod(s, &end);
	return *end || !(*v > 0) || !isfinite(*v) ? -1 : 0;
}

static int parse_row(char **f, size_t nf, struct check_floor *out, char *err, size_t n,
		     const char *where)
{
	double mem;

	if (nf != FLOOR_NFIELDS) {
		snprintf(err, n, "%s: %zu fields, not %zu (%s,...)", where, nf, FLOOR_NFIELDS,
			 floor_field(0));
		return -1;
	}
	if (!*f[0] || strlen(f[0]) >= sizeof(out->product)) {
		snprintf(err, n, "%s: the product name is empty or too long", where);
		return -1;
	}
	if (floor_number(f[1], &mem) || isnan(mem)) {
		snprintf(err, n, "%s: memory_gib '%s' is not a number above 0", where, f[1]);
		return -1;
	}
	memset(out, 0, sizeof(*out));
	snprintf(out->product, sizeof(out->product), "%s", f[0]);
	out->memory_gib = mem;
	for (size_t i = 0; i < CHECK_NFIGURES; i++)
		if (floor_number(f[2 + i], &out->fig[i])) {
			snprintf(err, n, "%s: %s '%s' is not a number above 0 (or empty for none)",
				 where, check_figure_names[i], f[2 + i]);
			return -1;
		}
	if (!*f[FLOOR_NFIELDS - 1]) {
		snprintf(err, n, "%s: the source is empty: say where the floors come from", where);
		return -1;
	}
	snprintf(out->source, sizeof(out->source), "%s", f[FLOOR_NFIELDS - 1]);
	return 0;
}

static int header_ok(char **f, size_t nf)
{
	if (nf != FLOOR_NFIELDS)
		return 0;
	for (size_t i = 0; i < nf; i++)
		if (strcmp(f[i], floor_field(i)))
			return 0;
	return 1;
}

int check_floors_parse(const char *text, const char *path, struct check_floors *out,
		       char *err, size_t n)
{
	char *copy = gp_xstrdup(text), *line = copy, *next, *f[FLOOR_NFIELDS + 1], where[600];
	char want[256] = "";
	int header = 0, rc = 0;
	size_t lineno = 0;

	memset(out, 0, sizeof(*out));
	for (; line && !rc; line = next) {
		size_t nf;

		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (line[strspn(line, " \t")] == '#' || !line[strspn(line, " \t")])
			continue;
		nf = split(line, f, FLOOR_NFIELDS);
		snprintf(where, sizeof(where), "%s:%zu", path, lineno);
		if (!header) {
			header = header_ok(f, nf);
			if (!header) {
				for (size_t i = 0; i < FLOOR_NFIELDS; i++)
					snprintf(want + strlen(want), sizeof(want) - strlen(want),
						 "%s%s", i ? "," : "", floor_field(i));
				snprintf(err, n, "%s: the first row must be the header %s", where,
					 want);
				rc = -1;
			}
			continue;
		}
		out->v = gp_xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
		rc = parse_row(f, nf, &out->v[out->n], err, n, where);
		if (!rc)
			out->n++;
	}
	if (!rc && !header) {
		snprintf(err, n, "%s: no header and no floors", path);
		rc = -1;
	}
	free(copy);
	if (rc)
		check_floors_free(out);
	return rc;
}

const struct check_floor *check_floor_of(const struct check_floors *f, const struct gp_device *dev)
{
	double gib = (double)dev->total_mem_bytes / (1024.0 * 1024 * 1024);

	for (size_t i = 0; f && i < f->n; i++)
		if (!strcasecmp(f->v[i].product, dev->name) &&
		    fabs(gib - f->v[i].memory_gib) <= CHECK_MEMORY_TOLERANCE * f->v[i].memory_gib)
			return &f->v[i];
	return NULL;
}

/* ---- judging ---- */

/*
 * Raise v to status s (never lower it) and add the reason: the reasons
 * joined by "; ", the whole cut to what v->reason holds.
 */
static void verdict(struct check_verdict *v, enum check_status s, const char *fmt, ...)
	GP_PRINTF(3, 4);
static void verdict(struct check_verdict *v, enum check_status s, const char *fmt, ...)
{
	size_t len = strlen(v->reason);
	char add[sizeof(v->reason)];
	va_list ap;

	if (s > v->status)
		v->status = s;
	va_start(ap, fmt);
	vsnprintf(add, sizeof(add), fmt, ap);
	va_end(ap);
	snprintf(v->reason + len, sizeof(v->reason) - len, "%s%s", len ? "; " : "", add);
}

/* A contended GPU's failure is a warning: another process's work, not the GPU's fault. */
static void contended_softens(struct check_gpu *g, struct check_verdict *v)
{
	char was[sizeof(v->reason)];

	if (v->status != CHECK_FAIL || trust_contended(&g->watch) != 1)
		return;
	v->status = CHECK_WARN;
	memcpy(was, v->reason, sizeof(was));
	v->reason[0] = '\0';
	verdict(v, CHECK_WARN, "contended, not judged: %s", was);
}

static void judge_figure(struct check_run *run, size_t gi, enum check_figure f,
			 const struct check_floor *fl, const char *floors_from)
{
	struct check_gpu *g = &run->gpus[gi];
	struct check_verdict *v = &g->v[f];
	double vals[64], x = g->fig[f];
	size_t n = run->ngpus < ARRAY_SIZE(vals) ? run->ngpus : ARRAY_SIZE(vals);

	for (size_t i = 0; i < n; i++)
		vals[i] = run->gpus[i].fig[f];
	v->floor = fl ? fl->fig[f] : NAN;
	v->median = gi < n ? outlier_siblings_median(vals, n, gi) : NAN;
	if (isnan(x)) {
		if (f == CHECK_P2P_MIN)
			verdict(v, CHECK_PASS, "no peer GPU");
		else
			verdict(v, CHECK_WARN, "not measured");
		return;
	}
	if (!fl && f == CHECK_DRAM_COPY)
		verdict(v, CHECK_WARN, "no floor for this GPU (%s, %.0f GiB) in %s", g->dev.name,
			(double)g->dev.total_mem_bytes / (1024.0 * 1024 * 1024), floors_from);
	if (x < v->floor)
		verdict(v, CHECK_FAIL, "below the floor %.1f GB/s (%s)", v->floor, fl->source);
	if (gi < n && outlier_below(vals, n, gi, OUTLIER_PCT))
		verdict(v, host_figure(f) ? CHECK_WARN : CHECK_FAIL,
			"%.1f %% below the node's median %.1f GB/s", 100 * (1 - x / v->median),
			v->median);
	contended_softens(g, v);
}

/* The link's generation or width against what the GPU and the path to it can do. */
static void judge_link(struct check_verdict *v, const char *what, int cur, int max, int path)
{
	int can = path > 0 && path < max ? path : max;

	v->floor = can > 0 ? can : NAN;
	if (cur <= 0 || max <= 0)
		verdict(v, CHECK_WARN, "the link's %s could not be read", what);
	else if (cur < can)
		verdict(v, CHECK_FAIL, "%s %d while transferring, the link can do %d", what, cur, can);
	else if (can < max)
		verdict(v, CHECK_PASS, "%s %d: the slot or a switch above it allows no more than %d "
			"of the GPU's %d", what, cur, can, max);
}

static void judge_state(struct check_gpu *g)
{
	const struct pcie_link *l = &g->dev.link;
	char words[256];
	int busy;

	judge_link(&g->v[CHECK_ITEM_PCIE_GEN], "generation", g->pcie_gen, l->max_gen, l->path_gen);
	judge_link(&g->v[CHECK_ITEM_PCIE_WIDTH], "width", g->pcie_width, l->max_width,
		   l->path_width);
	if (g->ecc_uncorrected > 0)
		verdict(&g->v[CHECK_ITEM_ECC], CHECK_FAIL, "%lld uncorrected ECC errors since the "
			"driver loaded: reset the GPU, and replace it if they come back",
			g->ecc_uncorrected);
	else if (g->ecc_uncorrected < 0)
		verdict(&g->v[CHECK_ITEM_ECC], CHECK_PASS, "not read (ECC off, or no NVML)");
	if (g->row_failure == 1)
		verdict(&g->v[CHECK_ITEM_ROWS], CHECK_FAIL, "a row remapping failed or awaits a "
			"reset");
	if (g->retired_rows > 0)
		verdict(&g->v[CHECK_ITEM_ROWS], CHECK_WARN, "%lld rows retired or remapped",
			g->retired_rows);
	else if (g->retired_rows < 0)
		verdict(&g->v[CHECK_ITEM_ROWS], CHECK_PASS, "not read");
	if (g->watch.reasons & TRUST_REASON_SLOWDOWNS)
		verdict(&g->v[CHECK_ITEM_THROTTLE], CHECK_WARN, "clocks held down: %s",
			trust_reason_words(g->watch.reasons, 0, ", ", words, sizeof(words)));
	else if (!g->watch.reasons_read)
		verdict(&g->v[CHECK_ITEM_THROTTLE], CHECK_PASS, "not read");
	busy = trust_contended(&g->watch);
	if (busy == 1)
		verdict(&g->v[CHECK_ITEM_PROCESSES], CHECK_WARN, "contended: %zu other process%s "
			"used the GPU meanwhile (pid %u)", g->watch.nothers,
			g->watch.nothers == 1 ? "" : "es", g->watch.others[0].pid);
	else if (busy < 0)
		verdict(&g->v[CHECK_ITEM_PROCESSES], CHECK_PASS, "other processes cannot be told");
}

void check_update_status(struct check_run *run)
{
	for (size_t i = 0; i < run->ngpus; i++) {
		struct check_gpu *g = &run->gpus[i];

		g->status = CHECK_PASS;
		for (size_t k = 0; k < CHECK_NITEMS; k++)
			if (g->v[k].status > g->status)
				g->status = g->v[k].status;
	}
}

void check_judge(struct check_run *run, const struct check_floors *floors)
{
	for (size_t i = 0; i < run->ngpus; i++) {
		struct check_gpu *g = &run->gpus[i];
		const struct check_floor *fl = check_floor_of(floors, &g->dev);

		for (size_t k = 0; k < CHECK_NITEMS; k++)
			g->v[k] = (struct check_verdict){ CHECK_PASS, "", NAN, NAN, NAN };
		for (size_t f = 0; f < CHECK_NFIGURES; f++)
			judge_figure(run, i, (enum check_figure)f, fl, run->floors_from);
		judge_state(g);
	}
	check_update_status(run);
}

void check_judge_baseline(struct check_run *run, size_t gpu, enum check_figure f, double before,
			  double change_pct, double noise_pct)
{
	struct check_gpu *g = &run->gpus[gpu];
	struct check_verdict *v = &g->v[f];

	v->baseline = before;
	verdict(v, CHECK_FAIL, "%.1f %% below the baseline's %.1f GB/s (noise %.1f %%)",
		-change_pct, before, noise_pct);
	contended_softens(g, v);
	check_update_status(run);
}

enum check_status check_run_status(const struct check_run *run)
{
	enum check_status s = CHECK_PASS;

	if (run->no_gpu[0])
		return CHECK_NO_GPU;
	for (size_t i = 0; i < run->ngpus; i++)
		if (run->gpus[i].status > s)
			s = run->gpus[i].status;
	return s == CHECK_WARN && run->strict ? CHECK_FAIL : s;
}
