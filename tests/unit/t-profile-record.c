/*
 * The profile record protocol (profile/record.h): every record type
 * round-trips, and truncated or damaged input gives a message naming the
 * line and the fault, never a crash (the mutation loop runs under ASan in
 * make test-asan; tests/fuzz/record-fuzz.c goes further).
 */
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/unit.h"
#include "profile/record.h"

static const char hello[] = "gpuperf-profile v=4 pid=42\n";

static char *encode(const struct prof_rec *r)
{
	static char buf[PROF_LINE_MAX];

	return prof_encode(r, buf, sizeof(buf)) > 0 ? buf : NULL;
}

/* Decode hello + line; the decoder's message (or NULL) into *err. */
static int decode_after_hello(const char *line, struct prof_records *rs, char **err)
{
	char *buf = malloc(strlen(hello) + strlen(line) + 1);
	int rc;

	strcpy(buf, hello);
	strcat(buf, line);
	memset(rs, 0, sizeof(*rs));
	rc = prof_decode(buf, strlen(buf), rs, err);
	free(buf);
	return rc;
}

static void test_roundtrip(void)
{
	struct prof_records rs = { 0 };
	struct prof_rec d, l, t, n, e, h;
	char stream[4 * PROF_LINE_MAX] = "";
	char *err = NULL;
	char name[] = "NVIDIA H100 80GB HBM3", chip[] = "GH100";
	char uuid[] = "GPU-5f4e3d2c-1b0a-9988-7766-554433221100";
	char kernel[] = "_ZN2ns4copyIfEEvPT_PKS1_", api[] = "cuLaunchKernelEx";
	char level[] = "warning", text[] = "100% odd: tabs\there, newline\nthere, é and key=value";

	prof_rec_init(&h, PROF_HELLO, 42);
	strcat(stream, encode(&h));
	is_str(stream, hello, "the header line is the magic, the version and the pid");

	prof_rec_init(&d, PROF_DEVICE, 42);
	d.dev = 1;
	d.cc_major = 9;
	d.cc_minor = 0;
	d.sms = 132;
	d.mem_clock_khz = 2619000;
	d.bus_bits = 5120;
	d.name = name;
	d.chip = chip;
	d.uuid = uuid;
	d.driver_version = 13000;
	strcat(stream, encode(&d));

	prof_rec_init(&l, PROF_LAUNCH, 42);
	l.dev = 1;
	l.kernel = kernel;
	l.api = api;
	l.corr = 12345678901ull;
	l.grid = (struct prof_dim3){ 4096, 2, 1 };
	l.block = (struct prof_dim3){ 256, 1, 1 };
	l.cluster = (struct prof_dim3){ 2, 1, 1 };
	l.dyn_smem = 1024;
	l.static_smem = 4096;
	l.local_bytes = 16;
	l.regs = 32;
	l.carveout = 50;
	l.ctr[CTR_GLOBAL_LOAD_SECTORS] = 131072;
	l.ctr[CTR_ACHIEVED_OCCUPANCY_PCT] = 87.123456789012345;
	l.ctr[CTR_L2_HIT_RATE_PCT] = 1e-300;
	l.ctr[CTR_DURATION_NS] = 12345.5;
	strcat(stream, encode(&l));

	prof_rec_init(&t, PROF_TIME, 42);
	t.dev = 1;
	t.kernel = kernel;
	t.launches = 99;
	t.graph = 3;
	t.timed = 102;
	t.ns = 18446744073709551615ull;
	t.min_ns = 1;
	t.max_ns = 7;
	t.grid = l.grid;
	t.block = l.block;
	t.regs = 32;
	strcat(stream, encode(&t));

	prof_rec_init(&n, PROF_NOTE, 42);
	n.level = level;
	n.text = text;
	strcat(stream, encode(&n));

	prof_rec_init(&e, PROF_END, 42);
	e.launches = 100;
	e.profiled = 1;
	e.dropped = 2;
	e.off = 1;
	strcat(stream, encode(&e));
	diag("%s", stream);

	ok(!strchr(strchr(stream, '\n') + 1, '\t'), "no raw tab survives encoding");
	if (!ok(prof_decode(stream, strlen(stream), &rs, &err) == 0 && rs.n == 6,
		"six records decode"))
		diag("%s", err ? err : "?");
	if (rs.n != 6)
		return;
	is_int(rs.v[0].type, PROF_HELLO, "header");
	is_int(rs.v[0].version, PROF_FORMAT_VERSION, "version");
	is_int(rs.v[1].dev, 1, "device: dev");
	ok(rs.v[1].cc_major == 9 && rs.v[1].cc_minor == 0, "device: cc 9.0");
	ok(rs.v[1].sms == 132 && rs.v[1].mem_clock_khz == 2619000 && rs.v[1].bus_bits == 5120,
	   "device: SMs, memory clock, bus");
	is_str(rs.v[1].name, name, "device: name with spaces");
	is_str(rs.v[1].chip, chip, "device: chip");
	is_str(rs.v[1].uuid, uuid, "device: UUID");
	is_int(rs.v[1].driver_version, 13000, "device: driver version");
	is_str(rs.v[2].kernel, kernel, "launch: kernel");
	is_str(rs.v[2].api, api, "launch: api");
	ok(rs.v[2].corr == 12345678901ull, "launch: 64-bit correlation id");
	ok(rs.v[2].grid.x == 4096 && rs.v[2].grid.y == 2 && rs.v[2].grid.z == 1 &&
	   rs.v[2].block.x == 256 && rs.v[2].cluster.x == 2, "launch: grid, block, cluster");
	ok(rs.v[2].dyn_smem == 1024 && rs.v[2].static_smem == 4096 && rs.v[2].local_bytes == 16 &&
	   rs.v[2].regs == 32 && rs.v[2].carveout == 50, "launch: memory, registers, carveout");
	ok(rs.v[2].ctr[CTR_GLOBAL_LOAD_SECTORS] == 131072, "launch: a count");
	ok(rs.v[2].ctr[CTR_ACHIEVED_OCCUPANCY_PCT] == 87.123456789012345,
	   "launch: a double, every bit (%%.17g)");
	ok(rs.v[2].ctr[CTR_L2_HIT_RATE_PCT] == 1e-300 && rs.v[2].ctr[CTR_DURATION_NS] == 12345.5,
	   "launch: tiny and fractional doubles");
	ok(isnan(rs.v[2].ctr[CTR_DRAM_READ_BYTES]), "launch: a counter left out reads NAN");
	ok(rs.v[3].launches == 99 && rs.v[3].graph == 3 && rs.v[3].timed == 102 &&
	   rs.v[3].ns == 18446744073709551615ull && rs.v[3].min_ns == 1 && rs.v[3].max_ns == 7,
	   "time: counts and a full 64-bit ns");
	is_str(rs.v[4].text, text, "note: tabs, newline, %%, UTF-8 and '=' come back");
	ok(rs.v[5].launches == 100 && rs.v[5].profiled == 1 && rs.v[5].dropped == 2 &&
	   rs.v[5].off == 1, "end: counts and the off flag");
	prof_records_free(&rs);
	ok(rs.n == 0 && rs.v == NULL, "free empties the set");
}

static void test_encode_limits(void)
{
	struct prof_rec r;
	char small[16], *big;
	size_t n = PROF_LINE_MAX;

	prof_rec_init(&r, PROF_NOTE, 1);
	r.level = "info";
	r.text = "a note that does not fit";
	is_int(prof_encode(&r, small, sizeof(small)), -1, "a record larger than the buffer: -1");
	r.text = NULL;
	is_int(prof_encode(&r, small, sizeof(small)), -1, "a required string missing: -1");
	big = malloc(n + 1);
	memset(big, 'a', n);
	big[n] = '\0';
	prof_rec_init(&r, PROF_LAUNCH, 1);
	r.kernel = big;
	char *buf = malloc(2 * n);
	is_int(prof_encode(&r, buf, 2 * n), -1, "a record over PROF_LINE_MAX: -1");
	free(buf);
	free(big);
	prof_rec_init(&r, PROF_DEVICE, 1);
	r.name = "x";
	ok(prof_encode(&r, small, sizeof(small)) == -1, "device too long for 16 bytes");
	r.type = PROF_NTYPES;
	is_int(prof_encode(&r, small, sizeof(small)), -1, "an unknown type: -1");
}

static void test_locale(void)
{
	static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
					     "ru_RU.UTF-8", NULL };
	const char *got = NULL;
	struct prof_rec r;
	char buf[512], name[64];

	for (const char *const *n = names; *n && !got; n++)
		got = setlocale(LC_NUMERIC, *n);
	if (!got) {
		ok(1, "# SKIP no locale with a decimal comma installed");
		return;
	}
	prof_rec_init(&r, PROF_LAUNCH, 1);
	r.kernel = "k";
	r.ctr[CTR_ACHIEVED_OCCUPANCY_PCT] = 62.5;
	prof_encode(&r, buf, sizeof(buf));
	/* setlocale's string is gone at the next call: the name kept first */
	snprintf(name, sizeof(name), "%s", got);
	setlocale(LC_NUMERIC, "C");
	ok(strstr(buf, "c.achieved_occupancy_pct=62.5\n") != NULL,
	   "a program's decimal-comma locale (%s) does not leak into the records", name);
}

/* One bad line after a good header: -1, the header kept, a message with want. */
static void bad(const char *line, const char *want, const char *what)
{
	struct prof_records rs;
	char *err = NULL;
	int rc = decode_after_hello(line, &rs, &err);

	if (!ok(rc == -1 && rs.n == 1 && err && strstr(err, want) && strstr(err, "line 2"),
		"%s", what))
		diag("rc %d, %zu records, message: %s", rc, rs.n, err ? err : "(none)");
	free(err);
	prof_records_free(&rs);
}

static void good(const char *line, const char *what)
{
	struct prof_records rs;
	char *err = NULL;
	int rc = decode_after_hello(line, &rs, &err);

	if (!ok(rc == 0 && rs.n == 2, "%s", what))
		diag("rc %d, %zu records, message: %s", rc, rs.n, err ? err : "(none)");
	free(err);
	prof_records_free(&rs);
}

/* uuid and driver are optional: left out when unknown, and older records read without them. */
static void test_optional(void)
{
	struct prof_records rs = { 0 };
	struct prof_rec d;
	char *err = NULL, name[] = "H100";
	const char *line;

	prof_rec_init(&d, PROF_DEVICE, 42);
	d.name = name;
	line = encode(&d);
	ok(!strstr(line, "uuid=") && !strstr(line, "driver=") && !strstr(line, "chip="),
	   "unknown: left out: %s", line);
	ok(decode_after_hello("device pid=42 dev=0 cc=9.0 sms=132 mem_clock_khz=1 bus_bits=1 name=x\n",
			      &rs, &err) == 0 && rs.n == 2 && !rs.v[1].uuid &&
	   rs.v[1].driver_version == 0, "a record from before them: NULL and 0");
	prof_records_free(&rs);
	free(err);
	err = NULL;
	bad("device pid=42 dev=0 cc=9.0 sms=1 mem_clock_khz=1 bus_bits=1 name=x driver=-1\n",
	    "'driver'", "a negative driver version");
	bad("device pid=42 dev=0 cc=9.0 sms=1 mem_clock_khz=1 bus_bits=1 name=x uuid=a uuid=b\n",
	    "'uuid' twice", "a UUID twice");
}

static void test_errors(void)
{
	struct prof_records rs = { 0 };
	char *err = NULL;
	const char *s;

	s = "gpuperf-profile v=1 pid=7\nend pid=7 launches=1 profiled=0 dro";
	ok(prof_decode(s, strlen(s), &rs, &err) == -1 && rs.n == 1 && strstr(err, "cut short") &&
	   strstr(err, "line 2"), "a last line without its newline is cut short, the rest kept");
	diag("%s", err);
	free(err);
	prof_records_free(&rs);

	s = "end pid=7 launches=1 profiled=0 dropped=0 off=0\n";
	ok(prof_decode(s, strlen(s), &rs, &err) == -1 && rs.n == 0 && strstr(err, "header"),
	   "a record before its process's header");
	free(err);
	prof_records_free(&rs);

	s = "gpuperf-profile v=5 pid=7\n";
	ok(prof_decode(s, strlen(s), &rs, &err) == -1 && strstr(err, "version 5") &&
	   strstr(err, "versions 1 to 4"), "a later format version is refused, the ones read named");
	diag("%s", err);
	free(err);
	prof_records_free(&rs);

	s = "";
	ok(prof_decode(s, 0, &rs, &err) == 0 && rs.n == 0 && !err, "empty input: no records");
	s = "\x7f" "ELF\x02\x01\x01\0\0\0garbage";
	ok(prof_decode(s, 16, &rs, &err) == -1 && err, "binary garbage: an error");
	diag("%s", err);
	free(err);
	prof_records_free(&rs);

	bad("hello world\n", "unknown record type 'hello'", "an unknown record type");
	bad("\n", "unknown record type", "an empty line");
	bad("end pid=42 launches=1 profiled=0 dropped=0\n", "no 'off'", "a required field missing");
	bad("end pid=42 launches=x profiled=0 dropped=0 off=0\n", "'launches' is not a whole number",
	    "a number that is not one");
	bad("end pid=42 launches=-1 profiled=0 dropped=0 off=0\n", "'launches'", "a negative count");
	bad("end pid=42 launches=99999999999999999999 profiled=0 dropped=0 off=0\n", "'launches'",
	    "a count past 64 bits");
	bad("end pid=42 launches=1 launches=2 profiled=0 dropped=0 off=0\n", "'launches' twice",
	    "a key twice");
	bad("end pid=42 launches=1 profiled=0 dropped=0 off=2\n", "from 0 to 1", "off out of range");
	bad("end pid=42  launches=1 profiled=0 dropped=0 off=0\n", "empty field", "two spaces");
	bad("end pid=42 launches=1 profiled=0 dropped=0 off=0 \n", "empty field",
	    "a space at the end");
	bad("end pid=42 launches=1 profiled=0 dropped=0 off=0\r\n", "raw control",
	    "a CRLF line end");
	bad("end pid=42 launches profiled=0 dropped=0 off=0\n", "not key=value", "a bare word");
	bad("end pid=42 Launches=1 launches=1 profiled=0 dropped=0 off=0\n", "bad key",
	    "an upper-case key");
	bad("note pid=42 level=info text=50%\n", "without two hex digits", "a '%' at the end");
	bad("note pid=42 level=info text=%zz\n", "bad %-escape", "a bad escape");
	bad("note pid=42 level=info text=a%00b\n", "NUL", "an escaped NUL");
	bad("time pid=42 dev=0 kernel=k launches=1 graph=0 timed=1 ns=1 min_ns=1 max_ns=1 "
	    "grid=1,1 block=1,1,1 dyn_smem=0 static_smem=0 regs=1\n", "three numbers",
	    "a dim of two numbers");
	bad("time pid=42 dev=0 kernel=k launches=1 graph=0 timed=1 ns=1 min_ns=1 max_ns=1 "
	    "grid=1,1,4294967296 block=1,1,1 dyn_smem=0 static_smem=0 regs=1\n", "three numbers",
	    "a dim past 32 bits");
	bad("device pid=42 dev=0 cc=9 sms=1 mem_clock_khz=1 bus_bits=1 name=x\n",
	    "compute capability", "a CC without its minor");
	bad("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	    "static_smem=0 local_bytes=0 regs=1 carveout=-1 c.duration_ns=nan\n",
	    "not a finite number", "a NaN counter");
	bad("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	    "static_smem=0 local_bytes=0 regs=1 carveout=-1 c.duration_ns=1e999\n",
	    "not a finite number", "an overflowing counter");
	bad("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	    "static_smem=0 local_bytes=0 regs=1 carveout=-2\n", "'carveout'",
	    "a carveout below -1");
	bad("end pid=42 launches=1 profiled=0 dropped=0 off=0 c.duration_ns=1\n",
	    "outside a launch record", "a counter in an end record");
	bad("end pid=0 launches=1 profiled=0 dropped=0 off=0\n", "'pid'", "pid 0");
	{
		char line[] = "note pid=42 level=info text=a\0b\n";
		struct prof_records r2 = { 0 };
		char buf[128];
		size_t n = strlen(hello);

		memcpy(buf, hello, n);
		memcpy(buf + n, line, sizeof(line) - 1);
		ok(prof_decode(buf, n + sizeof(line) - 1, &r2, &err) == -1 && strstr(err, "NUL"),
		   "a raw NUL byte in a line");
		free(err);
		prof_records_free(&r2);
	}
	{
		size_t n = PROF_LINE_MAX + 10;
		char *buf = malloc(n + 1);
		struct prof_records r2 = { 0 };

		memset(buf, 'a', n);
		buf[n] = '\n';
		ok(prof_decode(buf, n + 1, &r2, &err) == -1 && strstr(err, "longer than"),
		   "a line over PROF_LINE_MAX");
		free(err);
		free(buf);
	}

	good("end pid=42 launches=1 profiled=0 dropped=0 off=0 future_key=whatever\n",
	     "an unknown key is skipped (a newer gpuperf's addition)");
	good("end pid=42 launches=1 profiled=0 dropped=0 off=0 kernel=k\n",
	     "a key of another record type is skipped");
	good("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	     "static_smem=0 local_bytes=0 regs=1 carveout=-1 c.future_counter=3\n",
	     "an unknown counter is skipped");
	good("note pid=42 level=info text=%e2%82%AC\n", "lower- and upper-case escapes");
	good("gpuperf-profile v=1 pid=42\n", "a second header of one pid (exec keeps the pid)");
}

/* Damage a good stream at random: an error or a result, never a crash. */
static void test_mutations(void)
{
	const char *base =
		"gpuperf-profile v=1 pid=9\n"
		"device pid=9 dev=0 cc=9.0 sms=132 mem_clock_khz=2619000 bus_bits=5120 name=H100\n"
		"launch pid=9 dev=0 kernel=_Z1kv corr=3 grid=1,1,1 block=32,1,1 cluster=0,0,0 "
		"dyn_smem=0 static_smem=0 local_bytes=0 regs=8 carveout=-1 c.duration_ns=1000 "
		"c.global_load_sectors=4\n"
		"time pid=9 dev=0 kernel=_Z1kv launches=1 graph=0 timed=0 ns=0 min_ns=0 max_ns=0 "
		"grid=1,1,1 block=32,1,1 dyn_smem=0 static_smem=0 regs=8\n"
		"end pid=9 launches=1 profiled=1 dropped=0 off=0\n";
	size_t n = strlen(base), errors = 0, fine = 0;
	unsigned seed = 12345;
	char *buf = malloc(n);

	for (int i = 0; i < 20000; i++) {
		struct prof_records rs = { 0 };
		char *err = NULL;
		size_t len = n;

		memcpy(buf, base, n);
		for (int k = 0; k < 1 + i % 4; k++) {
			seed = seed * 1103515245u + 12345u;
			buf[(seed >> 8) % n] = (char)(seed >> 20);
		}
		if (i % 3 == 0)
			len = (seed >> 4) % n;
		if (prof_decode(buf, len, &rs, &err))
			errors += err != NULL;
		else
			fine++;
		free(err);
		prof_records_free(&rs);
	}
	free(buf);
	ok(errors + fine == 20000, "20000 damaged streams: %zu refused with a message, %zu read",
	   errors, fine);
}

/*
 * profile --set: standard, the default, is the full set less its two hit
 * rates (a third of a replayed launch's cost, no verdict's); full,
 * prof_counters, every counter; light the one-pass choice.
 */
static void test_sets(void)
{
	const enum ctr_id *ids;
	size_t n, instrumented = 0;
	int have[CTR_COUNT] = { 0 }, in_standard[CTR_COUNT] = { 0 };

	is_int(prof_set_lookup(NULL), PROF_SET_STANDARD, "no set named: standard");
	is_int(prof_set_lookup(""), PROF_SET_STANDARD, "an empty name: standard");
	is_int(prof_set_lookup("standard"), PROF_SET_STANDARD, "standard");
	is_int(prof_set_lookup("full"), PROF_SET_FULL, "full");
	is_int(prof_set_lookup("light"), PROF_SET_LIGHT, "light");
	is_int(prof_set_lookup("heavy"), -1, "an unknown set");
	ok(prof_set_counters(PROF_NSETS, &n) == NULL && n == 0, "no counters past the sets");
	ids = prof_set_counters(PROF_SET_FULL, &n);
	ok(ids == prof_counters && n == prof_ncounters, "full: every counter profile reads");
	ids = prof_set_counters(PROF_SET_STANDARD, &n);
	is_int((int)n, (int)prof_ncounters - 2, "standard: two counters fewer");
	for (size_t i = 0; ids && i < n; i++)
		in_standard[ids[i]] = 1;
	ok(!in_standard[CTR_L1_HIT_RATE_PCT] && !in_standard[CTR_L2_HIT_RATE_PCT],
	   "standard: the hit rates are the two");
	ok(in_standard[CTR_GLOBAL_LOAD_BYTES] && in_standard[CTR_SHARED_LOAD_BANK_CONFLICTS] &&
	   in_standard[CTR_FMA_PIPE_PCT] && in_standard[CTR_FP64_PIPE_PCT] &&
	   in_standard[CTR_DRAM_READ_BYTES] && in_standard[CTR_DFMA],
	   "standard: what the verdicts read (bytes asked for, conflicts, pipes, DRAM, FLOPs)");
	ids = prof_set_counters(PROF_SET_LIGHT, &n);
	ok(ids && n > 0 && n < prof_ncounters, "light: fewer (%zu of %zu)", n, prof_ncounters);
	for (size_t i = 0; ids && i < n; i++) {
		instrumented += ctr_instrumented(ids[i]) != 0;
		have[ids[i]] = 1;
	}
	is_int(instrumented, 0, "light: no instrumented counter (a pass of their own)");
	ok(have[CTR_GLOBAL_LOAD_SECTORS] && have[CTR_GLOBAL_LOAD_REQUESTS] &&
	   have[CTR_GLOBAL_STORE_SECTORS] && have[CTR_GLOBAL_STORE_REQUESTS],
	   "light: the coalescing verdicts' sectors and requests");
	ok(have[CTR_FMA_ISSUE_PCT] && have[CTR_TENSOR_PIPE_PCT] && have[CTR_DRAM_READ_BYTES] &&
	   have[CTR_DRAM_WRITE_BYTES] && have[CTR_L2_BYTES] && have[CTR_L1_BYTES] &&
	   have[CTR_DURATION_NS] && have[CTR_SM_CLOCK_HZ] && have[CTR_DRAM_PEAK_BYTES_PER_S] &&
	   have[CTR_ACHIEVED_OCCUPANCY_PCT], "light: the bound's pipes, bytes, peaks and occupancy");
	ok(!have[CTR_SHARED_LOAD_WAVEFRONTS] && !have[CTR_L2_HIT_RATE_PCT] && !have[CTR_FMA_PIPE_PCT],
	   "light: leaves out what takes a second pass on GH100");
	is_str(prof_set_names[PROF_SET_LIGHT], "light", "set names");
	is_str(prof_set_names[PROF_SET_STANDARD], "standard", "set names: standard");
	ok(prof_set_names[PROF_NSETS] == NULL, "the names end with NULL (a CHOICE list)");
}

/*
 * --by range's records: a launch's path, a range record with and without
 * its optional fields (left out when NULL or 0), written as the library
 * writes them and read back; a version 1 file (before them) still reads.
 */
static void test_ranges(void)
{
	struct prof_records rs = { 0 };
	struct prof_rec l, g, n;
	char stream[4 * PROF_LINE_MAX] = "", kernel[] = "_Z5triadPfPKfS1_f";
	char path[] = "train\x1f" "aten::linear, x", *err = NULL;
	const char *v1 = "gpuperf-profile v=1 pid=7\nend pid=7 launches=0 profiled=0 dropped=0 off=0\n";

	strcat(stream, hello);
	prof_rec_init(&l, PROF_LAUNCH, 42);
	l.kernel = kernel;
	l.range = path;
	strcat(stream, encode(&l));
	ok(strstr(stream, " range=train%1Faten::linear,%20x\n") != NULL,
	   "a launch's path: its separator and space escaped");
	prof_rec_init(&g, PROF_RANGE, 42);
	g.dev = 1;
	g.kernel = kernel;
	g.range = path;
	g.graph_id = 7;
	g.graph_node = 12345678901ull;
	g.timed = 3;
	g.ns = 300000;
	strcat(stream, encode(&g));
	prof_rec_init(&n, PROF_RANGE, 42);
	n.kernel = kernel;
	n.timed = 2;
	n.ns = 5;
	is_str(encode(&n), "range pid=42 dev=0 kernel=_Z5triadPfPKfS1_f timed=2 ns=5\n",
	       "a range record outside any range and graph: no range, graph_id or graph_node");
	strcat(stream, encode(&n));
	if (!ok(prof_decode(stream, strlen(stream), &rs, &err) == 0 && rs.n == 4, "they decode"))
		diag("%s", err ? err : "?");
	if (rs.n == 4) {
		is_str(rs.v[1].range, path, "launch: the path back");
		ok(rs.v[2].type == PROF_RANGE && rs.v[2].dev == 1 && !strcmp(rs.v[2].range, path),
		   "range: type, device, path");
		ok(rs.v[2].graph_id == 7 && rs.v[2].graph_node == 12345678901ull &&
		   rs.v[2].timed == 3 && rs.v[2].ns == 300000, "range: graph, 64-bit node, runs, time");
		ok(rs.v[3].range == NULL && rs.v[3].graph_id == 0 && rs.v[3].graph_node == 0,
		   "range: left out, NULL and 0");
	}
	free(err);
	prof_records_free(&rs);
	bad("range pid=42 dev=0 kernel=k timed=2\n", "no 'ns'", "a range record needs its time");
	ok(prof_decode(v1, strlen(v1), &rs, &err) == 0 && rs.n == 2, "a version 1 file reads");
	free(err);
	prof_records_free(&rs);
}

/* PC samples on a launch: "s.NAME" keys, the total and the hot spot round-trip. */
static void test_stalls(void)
{
	struct prof_records rs = { 0 };
	struct prof_rec l;
	char kernel[] = "_Z5chasePKyPyi", file[] = "chase dir/chase.cu", set[] = "standard";
	char *err = NULL, *line;

	prof_rec_init(&l, PROF_LAUNCH, 42);
	l.kernel = kernel;
	l.corr = 7;
	l.stall[PS_LONG_SCOREBOARD] = 2137;
	l.stall[PS_WAIT] = 20;
	l.stall[PS_SELECTED] = 2;
	l.stall_samples = 2159;
	l.hot_file = file;
	l.hot_line = 39;
	l.hot_pc = 0x380;
	l.nth = 4;
	l.counter_set = set;
	l.sampled = 1;
	line = encode(&l);
	ok(line && strstr(line, " s.long_scoreboard=2137") && strstr(line, " s.wait=20") &&
	   strstr(line, " stall_samples=2159") && !strstr(line, "s.barrier"),
	   "the sampled states as s. keys, the empty ones left out: %s", line ? line : "?");
	if (!ok(decode_after_hello(line, &rs, &err) == 0 && rs.n == 2, "it decodes"))
		diag("%s", err ? err : "?");
	if (rs.n == 2) {
		ok(rs.v[1].stall[PS_LONG_SCOREBOARD] == 2137 && rs.v[1].stall[PS_WAIT] == 20 &&
		   rs.v[1].stall[PS_SELECTED] == 2 && rs.v[1].stall[PS_BARRIER] == 0,
		   "every state's samples back");
		ok(rs.v[1].stall_samples == 2159 && rs.v[1].hot_line == 39 && rs.v[1].hot_pc == 0x380,
		   "the total, the line, the offset");
		is_str(rs.v[1].hot_file, file, "the file, its space escaped");
		is_int((int)rs.v[1].nth, 4, "which launch of the kernel it was");
		is_str(rs.v[1].counter_set, "standard", "the set that read it");
		is_int(rs.v[1].sampled, 1, "sampled");
	}
	prof_records_free(&rs);
	free(err);
	err = NULL;
	l.stall_samples = 0;
	line = encode(&l);
	ok(line && !strstr(line, "s.long_scoreboard") && strstr(line, " sampled=1"),
	   "a launch sampled with no sample: no s. keys, sampled=1 says it was sampled");
	l.sampled = 0;
	line = encode(&l);
	ok(line && !strstr(line, "sampled="), "a launch not sampled: no sampled key");
	bad("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	    "static_smem=0 local_bytes=0 regs=1 carveout=-1 sampled=2\n",
	    "sampled", "sampled is 0 or 1");

	bad("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	    "static_smem=0 local_bytes=0 regs=1 carveout=-1 s.wait=3 s.wait=4\n",
	    "stall state 'wait' twice", "a state twice is refused");
	bad("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 cluster=0,0,0 dyn_smem=0 "
	    "static_smem=0 local_bytes=0 regs=1 carveout=-1 s.wait=x\n",
	    "stall state 'wait' is not a count above 0", "a state's count must be a number");
	bad("time pid=42 dev=0 kernel=k launches=1 graph=0 timed=1 ns=5 s.wait=3\n",
	    "stall samples outside a launch or pc record", "samples belong to a launch");
	bad("pc pid=42 dev=0 kernel=k nth=4 stall_samples=3 s.wait=3\n", "offset",
	    "a pc record names its instruction");
	if (!ok(decode_after_hello("launch pid=42 dev=0 kernel=k corr=1 grid=1,1,1 block=1,1,1 "
				   "cluster=0,0,0 dyn_smem=0 static_smem=0 local_bytes=0 regs=1 "
				   "carveout=-1 s.tensor_wait=3 s.other=2 "
				   "s.wait_not_issued=9\n", &rs, &err) == 0 && rs.n == 2,
		"states of a newer gpuperf read"))
		diag("%s", err ? err : "?");
	if (rs.n == 2)
		ok(rs.v[1].stall[PS_OTHER] == 5 && rs.v[1].stall[PS_WAIT] == 0,
		   "as other, with other's own; a not-issued variant is skipped");
	prof_records_free(&rs);
	free(err);
}

/*
 * A pc record (version 3, --by instruction): one instruction's samples,
 * the chase's load at chase.cu:39, 2137 of its 2159 on long scoreboard.
 */
static void test_pc(void)
{
	struct prof_records rs = { 0 };
	struct prof_rec p;
	char kernel[] = "_Z5chasePKjPjji", file[] = "/src/chase.cu";
	char *line, *err = NULL;

	prof_rec_init(&p, PROF_PC, 42);
	p.kernel = kernel;
	p.nth = 4;
	p.hot_pc = 0;
	p.hot_file = file;
	p.hot_line = 39;
	p.stall[PS_LONG_SCOREBOARD] = 2137;
	p.stall[PS_WAIT] = 3;
	p.stall_samples = 2140;
	line = encode(&p);
	ok(line && !strncmp(line, "pc pid=42 dev=0 kernel=_Z5chasePKjPjji ", 39) &&
	   strstr(line, " offset=0") && strstr(line, " nth=4") && strstr(line, " line=39") &&
	   strstr(line, " s.long_scoreboard=2137") && strstr(line, " stall_samples=2140"),
	   "an instruction at offset 0, its states as s. keys: %s", line ? line : "?");
	ok(line && !strstr(line, "hot_"), "under its own names");
	if (!ok(decode_after_hello(line, &rs, &err) == 0 && rs.n == 2, "it decodes"))
		diag("%s", err ? err : "?");
	if (rs.n == 2) {
		ok(rs.v[1].type == PROF_PC && rs.v[1].hot_pc == 0 && rs.v[1].hot_line == 39 &&
		   rs.v[1].nth == 4 && rs.v[1].stall_samples == 2140 &&
		   rs.v[1].stall[PS_LONG_SCOREBOARD] == 2137 && rs.v[1].stall[PS_WAIT] == 3,
		   "every field back");
		is_str(rs.v[1].hot_file, file, "its file");
	}
	prof_records_free(&rs);
	free(err);
}

int main(void)
{
	is_str(prof_type_name(PROF_HELLO), PROF_MAGIC, "type names");
	ok(prof_type_name(PROF_NTYPES) == NULL, "no name past the types");
	test_roundtrip();
	test_pc();
	test_optional();
	test_encode_limits();
	test_locale();
	test_errors();
	test_mutations();
	test_sets();
	test_ranges();
	test_stalls();
	return done_testing();
}
