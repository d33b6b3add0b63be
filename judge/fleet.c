/* The fleet step: check records of many nodes, grouped by SKU, judged against the medians. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "judge/fleet.h"
#include "judge/read.h"
#include "model/outlier.h"
#include "report/read-json.h"
#include "util/error.h"

/* The keys a no-gpu record of check's "gpus" section needs; a GPU's record needs them all. */
static int no_gpu_needs(const char *key)
{
	return !strcmp(key, "hostname") || !strcmp(key, "status") || !strcmp(key, "reason");
}

/* ---- reading ---- */

static const struct json *member(const struct json *o, const char *key)
{
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return &o->items[i];
	return NULL;
}

static char *str_of(const struct json *v)
{
	return v && v->type == JSON_STRING ? gp_xstrdup(v->text) : NULL;
}

static double num_of(const struct json *v)
{
	return v && v->type == JSON_NUMBER ? strtod(v->text, NULL) : NAN;
}

/* Keys that are never null: whose record and what check said; a GPU's SKU too. */
static int never_null(const char *key, int no_gpu)
{
	return !strcmp(key, "hostname") || !strcmp(key, "status") ||
	       (!no_gpu && (!strcmp(key, "device") || !strcmp(key, "memory_mib")));
}

/* r holds check's contract: every key (a no-gpu record's three), each of its type or null. */
static int check_record(const char *name, const struct json *r, size_t k, int no_gpu)
{
	/* the keys first: another command's records lack check's, and are not its output */
	for (size_t i = 0; i < CHECK_GPUS_NCOLUMNS; i++) {
		const char *key = check_gpus_columns[i].name;

		if (!member(r, key) && !(no_gpu && !no_gpu_needs(key)))
			return gp_error(GP_EXIT_USAGE, "%s line %zu: record %zu of \"gpus\" has no "
					"key \"%s\": not gpuperf check's output", name, r->line,
					k + 1, key);
	}
	for (size_t i = 0; i < CHECK_GPUS_NCOLUMNS; i++) {
		const char *key = check_gpus_columns[i].name;
		int str = check_gpus_columns[i].type == REPORT_STR;
		const struct json *v = member(r, key);

		if (!v || (v->type == JSON_NULL && !never_null(key, no_gpu)))
			continue;
		if (v->type != (str ? JSON_STRING : JSON_NUMBER))
			return gp_error(GP_EXIT_USAGE, "%s line %zu: \"%s\" is %s, where check writes "
					"%s", name, v->line, key, json_type_name(v->type),
					str ? "a string" : "a number");
	}
	return 0;
}

/* One record of the gpus section into f; 0 or GP_EXIT_USAGE. */
static int add_record(struct fleet *f, const char *name, const struct json *r, size_t k)
{
	const struct json *status = NULL;
	struct fleet_gpu g = { 0 };
	int no_gpu, rc;
	double d;

	if (r->type != JSON_OBJECT)
		return gp_error(GP_EXIT_USAGE, "%s line %zu: record %zu of \"gpus\" is %s, not an "
				"object", name, r->line, k + 1, json_type_name(r->type));
	status = member(r, "status");
	no_gpu = status && status->type == JSON_STRING && !strcmp(status->text, "no-gpu");
	if ((rc = check_record(name, r, k, no_gpu)))
		return rc;
	if (!no_gpu && strcmp(status->text, "pass") && strcmp(status->text, "warn") &&
	    strcmp(status->text, "fail"))
		return gp_error(GP_EXIT_USAGE, "%s line %zu: status \"%s\" is none of pass, warn, "
				"fail, no-gpu", name, status->line, status->text);
	if (!*member(r, "hostname")->text)
		return gp_error(GP_EXIT_USAGE, "%s line %zu: an empty hostname", name, r->line);
	g.source = gp_xasprintf("%s line %zu", name, r->line);
	g.hostname = str_of(member(r, "hostname"));
	g.status = str_of(status);
	g.reason = str_of(member(r, "reason"));
	if (!g.reason)
		g.reason = gp_xstrdup("");  /* null: check gave no reason */
	g.device = str_of(member(r, "device"));
	g.uuid = str_of(member(r, "uuid"));
	g.serial = str_of(member(r, "serial"));
	g.pci_bus_id = str_of(member(r, "pci_bus_id"));
	g.driver = str_of(member(r, "driver"));
	g.throttle = str_of(member(r, "throttle"));
	g.no_gpu = no_gpu;
	d = num_of(member(r, "device_index"));
	g.device_index = isfinite(d) && fabs(d) < 1e15 ? (long long)d : -1;
	d = num_of(member(r, "memory_mib"));
	g.memory_mib = isfinite(d) && fabs(d) < 1e15 ? (long long)d : -1;
	d = num_of(member(r, "contended"));
	g.contended = isfinite(d) && d != 0;
	for (size_t i = 0; i < FLEET_NFIGURES; i++) {
		g.value[i] = no_gpu ? NAN : num_of(member(r, check_figure_names[i]));
		g.below_pct[i] = NAN;
	}
	g.sku = g.node = -1;
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		f->gpus = gp_xrealloc(f->gpus, f->cap * sizeof(*f->gpus));
	}
	f->gpus[f->n++] = g;
	return 0;
}

/* One document: an object of sections with "gpus", or the array of records alone. */
static int add_document(struct fleet *f, const char *name, const struct json *doc)
{
	const struct json *gpus = doc;
	int rc;

	if (doc->type == JSON_OBJECT) {
		gpus = member(doc, "gpus");
		if (!gpus)
			return gp_error(GP_EXIT_USAGE, "%s line %zu: an object without a \"gpus\" "
					"section: not gpuperf check's output", name, doc->line);
	}
	if (gpus->type != JSON_ARRAY)
		return gp_error(GP_EXIT_USAGE, "%s line %zu: %s where check writes an array of "
				"records", name, gpus->line, json_type_name(gpus->type));
	if (!gpus->n)
		return gp_error(GP_EXIT_USAGE, "%s line %zu: no records (an empty array)", name,
				gpus->line);
	for (size_t k = 0; k < gpus->n; k++)
		if ((rc = add_record(f, name, &gpus->items[k], k)))
			return rc;
	return 0;
}

/* text starts (after white space) as check's JSON does: an object or an array. */
static int opens_json(const char *text, size_t len)
{
	size_t i = 0;

	while (i < len && strchr(" \t\r\n", text[i]))
		i++;
	return i < len && (text[i] == '{' || text[i] == '[');
}

int fleet_parse(struct fleet *f, const char *name, const char *text, size_t len)
{
	size_t pos = 0, line = 1, ndocs = 0;
	char err[160];

	for (;;) {
		struct json doc;
		int rc = json_parse_next(text, len, &pos, &line, &doc, err, sizeof(err));

		if (rc < 0 && !ndocs && !opens_json(text, len))
			return gp_error(GP_EXIT_USAGE, "%s is not JSON (%s): fleet reads what 'gpuperf "
					"--json check' writes, not its CSV or table", name, err);
		if (rc < 0)
			return gp_error(GP_EXIT_USAGE, "%s is not valid JSON: %s", name, err);
		if (rc > 0)
			break;
		rc = add_document(f, name, &doc);
		json_free(&doc);
		if (rc)
			return rc;
		ndocs++;
	}
	if (!ndocs)
		return gp_error(GP_EXIT_USAGE, "%s is empty: no gpuperf check output in it", name);
	f->ndocs += ndocs;
	return 0;
}

int fleet_read(struct fleet *f, const char *path)
{
	char *text;
	size_t len;
	int rc;

	if ((rc = diff_read_text(path, &text, &len)))
		return rc;
	rc = fleet_parse(f, strcmp(path, "-") ? path : "standard input", text, len);
	free(text);
	return rc;
}

/* ---- judging ---- */

double fleet_median(const double *v, size_t n)
{
	return outlier_siblings_median(v, n, n);  /* n: no sibling left out */
}

static long find_sku(struct fleet *f, const struct fleet_gpu *g)
{
	for (size_t i = 0; i < f->nskus; i++)
		if (f->skus[i].memory_mib == g->memory_mib && !strcmp(f->skus[i].device, g->device))
			return (long)i;
	f->skus = gp_xrealloc(f->skus, (f->nskus + 1) * sizeof(*f->skus));
	memset(&f->skus[f->nskus], 0, sizeof(*f->skus));
	f->skus[f->nskus].device = gp_xstrdup(g->device);
	f->skus[f->nskus].memory_mib = g->memory_mib;
	return (long)f->nskus++;
}

static long find_node(struct fleet *f, const char *hostname)
{
	for (size_t i = 0; i < f->nnodes; i++)
		if (!strcmp(f->nodes[i].hostname, hostname))
			return (long)i;
	f->nodes = gp_xrealloc(f->nodes, (f->nnodes + 1) * sizeof(*f->nodes));
	memset(&f->nodes[f->nnodes], 0, sizeof(*f->nodes));
	f->nodes[f->nnodes].hostname = gp_xstrdup(hostname);
	f->nodes[f->nnodes].verdict = FLEET_NODE_PASS;
	return (long)f->nnodes++;
}

static void add_reason(struct fleet_node *n, const char *fmt, const char *a, const char *b)
{
	char *why = gp_xasprintf(fmt, a, b);
	char *s = gp_xasprintf("%s%s%s", n->reason ? n->reason : "", n->reason ? "; " : "", why);

	free(why);
	free(n->reason);
	n->reason = s;
}

static void medians(struct fleet *f)
{
	double *v = gp_xmalloc((f->n ? f->n : 1) * sizeof(*v));

	for (size_t s = 0; s < f->nskus; s++)
		for (size_t i = 0; i < FLEET_NFIGURES; i++) {
			size_t k = 0;
			for (size_t j = 0; j < f->n; j++) {
				const struct fleet_gpu *g = &f->gpus[j];
				if (g->sku == (long)s && !g->contended && isfinite(g->value[i]))
					v[k++] = g->value[i];
			}
			f->skus[s].nmeasured[i] = k;
			f->skus[s].median[i] = fleet_median(v, k);
		}
	free(v);
}

static void judge_gpu(struct fleet *f, struct fleet_gpu *g)
{
	const struct fleet_sku *s = &f->skus[g->sku];

	for (size_t i = 0; i < FLEET_NFIGURES; i++) {
		double m = s->median[i];

		if (!isfinite(g->value[i]) || !isfinite(m) || m <= 0) {
			g->verdict[i] = FLEET_FIG_NONE;
			continue;
		}
		g->below_pct[i] = (m - g->value[i]) / m * 100.0;
		if (g->contended)
			g->verdict[i] = FLEET_FIG_CONTENDED;
		else if (g->below_pct[i] > f->threshold_pct)
			g->verdict[i] = FLEET_FIG_SLOW;
		else
			g->verdict[i] = FLEET_FIG_OK;
		g->slow |= g->verdict[i] == FLEET_FIG_SLOW;
	}
}

static void judge_node(struct fleet_node *n, const struct fleet_gpu *g)
{
	char idx[32];
	enum fleet_node_verdict v = FLEET_NODE_PASS;

	if (g->device_index >= 0)
		snprintf(idx, sizeof(idx), "GPU %lld", g->device_index);
	else
		snprintf(idx, sizeof(idx), "a GPU");  /* its index null */
	if (g->no_gpu) {
		v = FLEET_NODE_NO_GPU;
		add_reason(n, "no GPU%s%s", *g->reason ? ": " : "", g->reason);
		return (void)(n->verdict = v < n->verdict ? v : n->verdict);
	}
	n->ngpus++;
	if (!strcmp(g->status, "fail")) {
		v = FLEET_NODE_FAIL;
		add_reason(n, "%s: check failed: %s", idx, *g->reason ? g->reason : "(no reason)");
	} else if (!strcmp(g->status, "warn")) {
		v = FLEET_NODE_WARN;
		add_reason(n, "%s: check warned: %s", idx, *g->reason ? g->reason : "(no reason)");
	}
	if (g->slow) {
		n->nslow++;
		if (v > FLEET_NODE_SLOW)
			v = FLEET_NODE_SLOW;
		char *what = gp_xstrdup("");
		for (size_t i = 0; i < FLEET_NFIGURES; i++)
			if (g->verdict[i] == FLEET_FIG_SLOW) {
				char *s = gp_xasprintf("%s%s%s %.1f %%", what, *what ? ", " : "",
						       check_figure_names[i], g->below_pct[i]);
				free(what);
				what = s;
			}
		add_reason(n, "%s: %s below the median", idx, what);
		free(what);
	}
	if (v < n->verdict)
		n->verdict = v;
}

int fleet_judge(struct fleet *f, double threshold_pct)
{
	f->threshold_pct = threshold_pct;
	for (size_t j = 0; j < f->n; j++) {
		const struct fleet_gpu *g = &f->gpus[j];

		if (!g->uuid)
			continue;
		for (size_t k = 0; k < j; k++)
			if (f->gpus[k].uuid && !strcmp(f->gpus[k].uuid, g->uuid))
				return gp_error(GP_EXIT_USAGE, "UUID %s is met twice, in %s and in %s: "
						"give each node's output once", g->uuid,
						f->gpus[k].source, g->source);
	}
	for (size_t j = 0; j < f->n; j++) {
		struct fleet_gpu *g = &f->gpus[j];

		g->node = find_node(f, g->hostname);
		if (!g->no_gpu)
			g->sku = find_sku(f, g);
	}
	for (size_t s = 0; s < f->nskus; s++)
		for (size_t j = 0; j < f->n; j++)
			f->skus[s].ngpus += f->gpus[j].sku == (long)s;
	medians(f);
	for (size_t j = 0; j < f->n; j++) {
		struct fleet_gpu *g = &f->gpus[j];

		if (!g->no_gpu)
			judge_gpu(f, g);
		f->nslow += g->slow;
		judge_node(&f->nodes[g->node], g);
	}
	for (size_t i = 0; i < f->nnodes; i++)
		f->count[f->nodes[i].verdict]++;
	return 0;
}

int fleet_failed(const struct fleet *f)
{
	return f->nslow || f->count[FLEET_NODE_NO_GPU] || f->count[FLEET_NODE_FAIL];
}
