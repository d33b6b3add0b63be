/*
 * gpuperf roofline's cache for gpuperf profile: where it lives
 * (util/cache.h), its JSON out and back (results/roofline-cache.h), a
 * cache file of another GPU, driver or format ignored, a damaged one
 * ignored with a warning, and the roofs profile lays over the theoretical
 * ones (profile/measured.h): all in a temporary XDG_CACHE_HOME.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "profile/measured.h"
#include "results/roofline-cache.h"
#include "util/cache.h"
#include "util/error.h"
#include "util/outfile.h"

#define UUID "GPU-5f4e3d2c-1b0a-9988-7766-554433221100"
#define DRIVER 13000

static char dir[64];
static char said[4096];   /* what the messages said: "level: text | level: text" */

static void sink(const char *level, const char *text)
{
	size_t n = strlen(said);

	snprintf(said + n, sizeof(said) - n, "%s%s%s", n ? " | " : "", level, text);
}

static char *at(const char *name)
{
	static char buf[4][512];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		diag("cannot write %s", path);
}

/* The results of an H100 run of the issue: some rows measured. */
static void h100(struct roof_results *r, struct gp_device *d)
{
	memset(r, 0, sizeof(*r));
	memset(d, 0, sizeof(*d));
	snprintf(d->uuid, sizeof(d->uuid), "%s", UUID);
	snprintf(d->name, sizeof(d->name), "NVIDIA H100 80GB \"HBM3\"");
	d->driver_version = DRIVER;
	d->cc_major = 9;
	d->sm_count = 132;
	r->row[ROOF_DRAM] = (struct roof_row){ .measured = 1, .value = 3190.9e9 };
	r->row[ROOF_FP32] = (struct roof_row){ .measured = 1, .value = 66.1e12 };
	r->row[ROOF_TENSOR_FP64] = (struct roof_row){ .measured = 0, .value = 33.4e12 };
	r->row[ROOF_TENSOR_FP16] = (struct roof_row){ .measured = 1, .value = 885.4e12 + 0.1 };
}

static void test_paths(void)
{
	const char *why = NULL;
	char *p;
	size_t len;
	int e;

	setenv("XDG_CACHE_HOME", "/x/cache", 1);
	setenv("HOME", "/home/u", 1);
	p = cache_path("f.json", &why);
	is_str(p, "/x/cache/gpuperf/f.json", "XDG_CACHE_HOME");
	free(p);
	setenv("XDG_CACHE_HOME", "relative", 1);
	p = cache_path("f.json", &why);
	is_str(p, "/home/u/.cache/gpuperf/f.json", "a relative XDG_CACHE_HOME is ignored: HOME");
	free(p);
	unsetenv("XDG_CACHE_HOME");
	unsetenv("HOME");
	p = cache_path("f.json", &why);
	ok(!p && why && strstr(why, "HOME"), "neither: no path, and why: %s", why ? why : "");

	is_int(cache_make_dirs(at("a/b/c/f.json")), 0, "the directories above a file");
	ok(access(at("a/b/c"), W_OK) == 0 && access(at("a/b/c/f.json"), F_OK) != 0,
	   "made, the file not");
	is_int(cache_make_dirs(at("a/b/c/f.json")), 0, "again: they exist");
	put(at("a/file"), "x");
	is_int(cache_make_dirs(at("a/file/f.json")), ENOTDIR, "a file in the way: ENOTDIR");

	ok(!cache_read(at("none"), &len, &e) && e == ENOENT, "a missing file: ENOENT");
	ok(!cache_read(at("a"), &len, &e) && e == EISDIR, "a directory: EISDIR");
	p = cache_read(at("a/file"), &len, &e);
	ok(p && len == 1 && !strcmp(p, "x") && !e, "a file, whole and terminated");
	free(p);
	if (truncate(at("a/file"), CACHE_MAX_BYTES + 1))
		diag("truncate: %s", strerror(errno));
	ok(!cache_read(at("a/file"), &len, &e) && e == EFBIG, "over the limit: EFBIG");
}

static void test_codec(void)
{
	struct roof_results r;
	struct gp_device d;
	struct roof_cache c, back, old;
	char *text = NULL, err[256] = "", why[160];
	size_t len = 0;
	FILE *f;

	ok(!roof_cache_name("") && !roof_cache_name("GPU-../../etc") && !roof_cache_name(NULL),
	   "no file name from an empty UUID or one with a path in it");
	text = roof_cache_name(UUID);
	is_str(text, "roofline-" UUID ".json", "the file is named by the UUID");
	free(text);

	h100(&r, &d);
	roof_cache_from(&c, &r, &d, 1767225600);
	ok(roof_cache_any(&c) && c.value[ROOF_DRAM] == 3190.9e9 && isnan(c.value[ROOF_TENSOR_FP64]) &&
	   isnan(c.value[ROOF_L2]), "from a run: the measured rows alone");
	f = open_memstream(&text, &len);
	roof_cache_write(&c, f);
	fclose(f);
	ok(strstr(text, "\"device\": \"NVIDIA H100 80GB \\\"HBM3\\\"\"") != NULL,
	   "the device name's quotes escaped");
	ok(!roof_cache_parse(text, len, &back, err, sizeof(err)), "it reads back: %s", err);
	ok(!strcmp(back.uuid, UUID) && back.driver_version == DRIVER && back.sms == 132 &&
	   back.cc_major == 9 && back.measured_at == 1767225600, "the GPU, driver and time");
	ok(back.value[ROOF_TENSOR_FP16] == 885.4e12 + 0.1 && back.value[ROOF_FP32] == 66.1e12 &&
	   isnan(back.value[ROOF_TENSOR_FP64]), "every value exactly, the missing ones missing");
	free(text);

	ok(!roof_cache_mismatch(&back, UUID, DRIVER, why, sizeof(why)), "this GPU and driver: usable");
	ok(roof_cache_mismatch(&back, UUID, 12080, why, sizeof(why)) &&
	   !strcmp(why, "measured under CUDA driver 13.0, not 12.8"), "another driver: %s", why);
	ok(roof_cache_mismatch(&back, "GPU-other", DRIVER, why, sizeof(why)) &&
	   strstr(why, "measured on " UUID ", not GPU-other"), "another GPU: %s", why);

	/* a run of some ceilings keeps the others of the same GPU and driver */
	old = back;
	old.value[ROOF_L2] = 7513.9e9;
	old.value[ROOF_FP32] = 1;
	h100(&r, &d);
	r.row[ROOF_DRAM].measured = 0;
	roof_cache_from(&c, &r, &d, 2);
	roof_cache_merge(&c, &old);
	ok(c.value[ROOF_L2] == 7513.9e9 && c.value[ROOF_DRAM] == 3190.9e9 &&
	   c.value[ROOF_FP32] == 66.1e12, "merged: the old rows kept, the new ones win");
	old.driver_version = 12080;
	roof_cache_from(&c, &r, &d, 2);
	roof_cache_merge(&c, &old);
	ok(isnan(c.value[ROOF_L2]) && isnan(c.value[ROOF_DRAM]), "another driver's rows are not");
}

/* Each malformed file is refused with a reason. */
static void test_refused(void)
{
	static const struct {
		const char *text, *words;
	} bad[] = {
		{ "", "" },
		{ "[1]", "not an object" },
		{ "{\"format\": \"other\"}", "not a gpuperf-roofline-cache file" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 2}", "version" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"driver_version\": 1}",
		  "uuid" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\"}",
		  "driver_version" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\", "
		  "\"driver_version\": 13000.5}", "driver_version" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\", "
		  "\"driver_version\": 13000, \"device\": \"d\", \"cc\": \"9\", \"sms\": 1, "
		  "\"measured_at\": 0, \"ceilings\": {}}", "cc" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\", "
		  "\"driver_version\": 13000, \"device\": \"d\", \"cc\": \"9.0\", \"sms\": 1, "
		  "\"measured_at\": 0}", "ceilings" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\", "
		  "\"driver_version\": 13000, \"device\": \"d\", \"cc\": \"9.0\", \"sms\": 1, "
		  "\"measured_at\": 0, \"ceilings\": {\"fp32\": -1}}", "\"fp32\" is not a positive" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\", "
		  "\"driver_version\": 13000, \"device\": \"d\", \"cc\": \"9.0\", \"sms\": 1, "
		  "\"measured_at\": 0, \"ceilings\": {\"dram\": \"3e12\"}}", "\"dram\" is not" },
		{ "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": \"GPU-1\", "
		  "\"driver_version\": 13000, \"device\": \"d\", \"cc\": \"9.0\", \"sms\": 1, "
		  "\"measured_at\": 0, \"ceilings\": {\"dram\": 1e999}}", "" },
	};
	struct roof_cache c;
	char err[256];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		ok(roof_cache_parse(bad[i].text, strlen(bad[i].text), &c, err, sizeof(err)) == -1 &&
		   strstr(err, bad[i].words) && err[0], "refused: %s", err);
	}
	/* a ceiling of a later gpuperf is skipped */
	const char *later = "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": "
			    "\"GPU-1\", \"driver_version\": 13000, \"device\": \"d\", \"cc\": \"9.0\", "
			    "\"sms\": 1, \"measured_at\": 0, \"extra\": [1], \"ceilings\": "
			    "{\"tensor-fp4\": 9e15, \"l2\": 7.5e12}}";
	ok(!roof_cache_parse(later, strlen(later), &c, err, sizeof(err)) &&
	   c.value[ROOF_L2] == 7.5e12 && isnan(c.value[ROOF_DRAM]), "unknown keys and ceilings skipped");
}

/* Records of a program on two devices: device 0 of UUID, device 1 without a cache. */
static int records(struct prof_records *rs, const char *uuid0, int driver0)
{
	char text[1024], *err = NULL;
	int rc;

	snprintf(text, sizeof(text),
		 "gpuperf-profile v=1 pid=1\n"
		 "device pid=1 dev=0 cc=9.0 sms=132 mem_clock_khz=2619000 bus_bits=5120 name=H100%s%s "
		 "driver=%d\n"
		 "device pid=1 dev=1 cc=9.0 sms=132 mem_clock_khz=2619000 bus_bits=5120 name=H100 "
		 "uuid=GPU-00000000-0000-0000-0000-000000000001 driver=13000\n"
		 "device pid=1 dev=0 cc=9.0 sms=132 mem_clock_khz=2619000 bus_bits=5120 name=H100 "
		 "uuid=GPU-second-record driver=13000\n",
		 uuid0 ? " uuid=" : "", uuid0 ? uuid0 : "", driver0);
	memset(rs, 0, sizeof(*rs));
	rc = prof_decode(text, strlen(text), rs, &err);
	if (rc)
		diag("decode: %s", err);
	free(err);
	return rc;
}

static void test_profile(void)
{
	struct roof_results r;
	struct gp_device d;
	struct roof_cache c;
	struct prof_records rs;
	struct prof_roofs *m;
	struct outfile o;
	char *file = at("xdg/gpuperf/roofline-" UUID ".json");
	size_t n;

	setenv("XDG_CACHE_HOME", at("xdg"), 1);
	said[0] = '\0';
	records(&rs, UUID, DRIVER);
	m = prof_measured_roofs(&rs, &n);
	ok(m && n == 2 && !prof_roofs_any_measured(&m[0]) && !prof_roofs_any_measured(&m[1]),
	   "no cache: nothing measured");
	ok(!said[0], "and nothing said (the report says how to measure): %s", said);
	free(m);

	/* as gpuperf roofline writes it */
	h100(&r, &d);
	roof_cache_from(&c, &r, &d, 1);
	ok(!cache_make_dirs(file) && !outfile_open_warn(&o, file), "the cache opens");
	roof_cache_write(&c, o.f);
	ok(!outfile_commit(&o), "and is written");
	m = prof_measured_roofs(&rs, &n);
	ok(m && n == 2 && m[0].r[ROOF_FP32].per_s == 66.1e12 &&
	   m[0].r[ROOF_FP32].source == PROF_ROOF_MEASURED &&
	   m[0].r[ROOF_DRAM].per_s == 3190.9e9, "device 0: its measured roofs");
	ok(m && m[0].r[ROOF_L2].source == PROF_ROOF_UNKNOWN, "what was not measured: unknown");
	ok(m && !prof_roofs_any_measured(&m[1]), "device 1, another GPU: none");
	ok(!said[0], "nothing said: %s", said);
	free(m);
	prof_records_free(&rs);

	records(&rs, UUID, 12080);
	m = prof_measured_roofs(&rs, &n);
	ok(m && !prof_roofs_any_measured(&m[0]), "another driver: not used");
	ok(strstr(said, "note: ignoring '") && strstr(said, "measured under CUDA driver 13.0, not 12.8; "
	   "run `gpuperf roofline` to measure device 0 again"), "a note says why: %s", said);
	free(m);
	prof_records_free(&rs);

	records(&rs, NULL, DRIVER);
	said[0] = '\0';
	m = prof_measured_roofs(&rs, &n);
	ok(m && !prof_roofs_any_measured(&m[0]), "a record without a UUID (an older library): none");
	free(m);
	prof_records_free(&rs);

	/* the file of this UUID, holding another's: a copy or a rename, not used */
	snprintf(c.uuid, sizeof(c.uuid), "GPU-someone-else");
	ok(!outfile_open_warn(&o, file), "rewritten");
	roof_cache_write(&c, o.f);
	outfile_commit(&o);
	records(&rs, UUID, DRIVER);
	said[0] = '\0';
	m = prof_measured_roofs(&rs, &n);
	ok(m && !prof_roofs_any_measured(&m[0]) && strstr(said, "measured on GPU-someone-else"),
	   "another GPU's ceilings under this name: not used: %s", said);
	free(m);

	/* damaged: a warning, and theoretical roofs */
	put(file, "{\"format\": \"gpuperf-roofline-cache\", \"version\": 1, \"uuid\": ");
	said[0] = '\0';
	m = prof_measured_roofs(&rs, &n);
	ok(m && !prof_roofs_any_measured(&m[0]), "a damaged file: not used");
	ok(strstr(said, "warning: ignoring '") && strstr(said, "run `gpuperf roofline` to measure "
	   "device 0 again"), "a warning says so: %s", said);
	free(m);
	prof_records_free(&rs);

	/* no device record at all */
	memset(&rs, 0, sizeof(rs));
	m = prof_measured_roofs(&rs, &n);
	ok(!m && n == 0, "no device: no array");
}

/* outfile_open_warn: what cannot be written is a warning, not an error. */
static void test_warn(void)
{
	struct outfile o;

	said[0] = '\0';
	ok(outfile_open_warn(&o, at("missing/dir/f.json")) == GP_EXIT_FAIL, "a missing directory fails");
	ok(!strncmp(said, "warning: cannot write '", 23) && !strstr(said, "error"),
	   "as a warning: %s", said);
}

int main(void)
{
	char rm[128];

	snprintf(dir, sizeof(dir), "/tmp/t-roofline-cache.XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	gp_set_message_sink(sink);
	gp_verbosity = 0;
	test_paths();
	test_codec();
	test_refused();
	test_profile();
	test_warn();
	gp_set_message_sink(NULL);
	snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
	if (system(rm) != 0)
		diag("cleanup failed");
	return done_testing();
}
