/* gpuperf roofline's cache for gpuperf profile: its name, JSON out and back (results/roofline-cache.h). */
#include "results/roofline-cache.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/read-json.h"
#include "util/error.h"

char *roof_cache_name(const char *uuid)
{
	if (!uuid || !uuid[0] || strlen(uuid) >= sizeof(((struct roof_cache *)0)->uuid))
		return NULL;
	for (const char *p = uuid; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			return NULL;
	return gp_xasprintf("roofline-%s.json", uuid);
}

void roof_cache_from(struct roof_cache *c, const struct roof_results *r,
		     const struct gp_device *dev, long long now)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->uuid, sizeof(c->uuid), "%s", dev->uuid);
	snprintf(c->device, sizeof(c->device), "%s", dev->name);
	c->driver_version = dev->driver_version;
	c->cc_major = dev->cc_major;
	c->cc_minor = dev->cc_minor;
	c->sms = dev->sm_count;
	c->measured_at = now;
	for (int i = 0; i < ROOF_NCEILINGS; i++)
		c->value[i] = roof_ceiling_value(r, (enum roof_ceiling)i);
}

void roof_cache_merge(struct roof_cache *c, const struct roof_cache *old)
{
	if (roof_cache_mismatch(old, c->uuid, c->driver_version, NULL, 0))
		return;
	for (int i = 0; i < ROOF_NCEILINGS; i++)
		if (isnan(c->value[i]))
			c->value[i] = old->value[i];
}

int roof_cache_any(const struct roof_cache *c)
{
	for (int i = 0; i < ROOF_NCEILINGS; i++)
		if (c->value[i] > 0)
			return 1;
	return 0;
}

/* A JSON string of what the driver names: quote, backslash and controls escaped. */
static void json_string(const char *s, FILE *f)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

void roof_cache_write(const struct roof_cache *c, FILE *f)
{
	const char *sep = "";

	fprintf(f, "{\n  \"format\": \"%s\",\n  \"version\": %d,\n  \"uuid\": ", ROOF_CACHE_FORMAT,
		ROOF_CACHE_VERSION);
	json_string(c->uuid, f);
	fprintf(f, ",\n  \"driver_version\": %d,\n  \"device\": ", c->driver_version);
	json_string(c->device, f);
	fprintf(f, ",\n  \"cc\": \"%d.%d\",\n  \"sms\": %d,\n  \"measured_at\": %lld,\n"
		"  \"units\": \"bytes/s for memory, operations/s for compute (an FMA counts 2)\",\n"
		"  \"ceilings\": {", c->cc_major, c->cc_minor, c->sms, c->measured_at);
	for (int i = 0; i < ROOF_NCEILINGS; i++) {
		if (!(c->value[i] > 0) || !isfinite(c->value[i]))
			continue;
		fprintf(f, "%s\n    \"%s\": %.17g", sep, roof_ceiling_name((enum roof_ceiling)i),
			c->value[i]);
		sep = ",";
	}
	fprintf(f, "\n  }\n}\n");
}

/* The value under key in object o, or NULL. */
static const struct json *member(const struct json *o, const char *key)
{
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return &o->items[i];
	return NULL;
}

static int fail(char *err, size_t n, const char *fmt, const char *what)
{
	snprintf(err, n, fmt, what);
	return -1;
}

/* A string member into buf (n bytes); 0 or -1. */
static int get_string(const struct json *o, const char *key, char *buf, size_t n)
{
	const struct json *v = member(o, key);

	if (!v || v->type != JSON_STRING || strlen(v->text) >= n)
		return -1;
	snprintf(buf, n, "%s", v->text);
	return 0;
}

/* A number member; 0 or -1. */
static int get_number(const struct json *o, const char *key, double *out)
{
	const struct json *v = member(o, key);
	char *end;

	if (!v || v->type != JSON_NUMBER)
		return -1;
	*out = strtod(v->text, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

/* A whole number member within lo..hi; 0 or -1. */
static int get_int(const struct json *o, const char *key, double lo, double hi, double *out)
{
	return get_number(o, key, out) || *out != floor(*out) || *out < lo || *out > hi ? -1 : 0;
}

static int ceilings(const struct json *o, struct roof_cache *c, char *err, size_t n)
{
	const struct json *cs = member(o, "ceilings");

	if (!cs || cs->type != JSON_OBJECT)
		return fail(err, n, "no %s object", "\"ceilings\"");
	for (size_t i = 0; i < cs->n; i++) {
		const struct json *v = &cs->items[i];
		double x;
		char *end;
		int k;

		for (k = 0; k < ROOF_NCEILINGS; k++)
			if (!strcmp(cs->keys[i], roof_ceiling_names[k]))
				break;
		if (k == ROOF_NCEILINGS)
			continue;   /* a ceiling of a later gpuperf */
		x = v->type == JSON_NUMBER ? strtod(v->text, &end) : NAN;
		if (v->type != JSON_NUMBER || *end || !(x > 0) || !isfinite(x))
			return fail(err, n, "ceiling \"%s\" is not a positive number", cs->keys[i]);
		c->value[k] = x;
	}
	return 0;
}

int roof_cache_parse(const char *text, size_t len, struct roof_cache *c, char *err, size_t n)
{
	struct json root;
	char format[64], cc[16];
	double version, driver, sms, at;
	int rc = -1;

	memset(c, 0, sizeof(*c));
	for (int i = 0; i < ROOF_NCEILINGS; i++)
		c->value[i] = NAN;
	if (json_parse(text, len, &root, err, n))
		return -1;
	if (root.type != JSON_OBJECT)
		fail(err, n, "%s, not an object", json_type_name(root.type));
	else if (get_string(&root, "format", format, sizeof(format)) ||
		 strcmp(format, ROOF_CACHE_FORMAT))
		fail(err, n, "not a %s file", ROOF_CACHE_FORMAT);
	else if (get_int(&root, "version", 1, 1e9, &version) || version != ROOF_CACHE_VERSION)
		fail(err, n, "%s", "a version this gpuperf does not read");
	else if (get_string(&root, "uuid", c->uuid, sizeof(c->uuid)) || !c->uuid[0])
		fail(err, n, "no %s string", "\"uuid\"");
	else if (get_int(&root, "driver_version", 0, 1e9, &driver))
		fail(err, n, "no %s number", "\"driver_version\"");
	else if (get_string(&root, "device", c->device, sizeof(c->device)) ||
		 get_string(&root, "cc", cc, sizeof(cc)) ||
		 sscanf(cc, "%d.%d", &c->cc_major, &c->cc_minor) != 2 ||
		 get_int(&root, "sms", 0, 1e6, &sms) || get_int(&root, "measured_at", -1e15, 1e15, &at))
		fail(err, n, "%s", "a device, cc, sms or measured_at missing or malformed");
	else
		rc = ceilings(&root, c, err, n);
	if (!rc) {
		c->driver_version = (int)driver;
		c->sms = (int)sms;
		c->measured_at = (long long)at;
	}
	json_free(&root);
	return rc;
}

const char *roof_cache_mismatch(const struct roof_cache *c, const char *uuid, int driver_version,
				char *buf, size_t n)
{
	int other_gpu = strcmp(c->uuid, uuid ? uuid : "") != 0;

	if (!other_gpu && c->driver_version == driver_version)
		return NULL;
	if (!buf || !n)
		return "another GPU or driver";
	if (other_gpu)
		snprintf(buf, n, "measured on %s, not %s", c->uuid, uuid && uuid[0] ? uuid : "this GPU");
	else
		snprintf(buf, n, "measured under CUDA driver %d.%d, not %d.%d",
			 c->driver_version / 1000, c->driver_version % 1000 / 10,
			 driver_version / 1000, driver_version % 1000 / 10);
	return buf;
}
