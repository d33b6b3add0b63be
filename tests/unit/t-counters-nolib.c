/*
 * Counters when CUPTI cannot be found (GPUPERF_CUPTI_LIB points nowhere):
 * no crash, the reason names the library, AUTO warns once and goes on,
 * REQUIRE is exit 4, OFF says nothing.  Needs no GPU: the library is
 * looked for before any device is touched.  Its own program, since the
 * loader's answer is cached for the process.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "util/error.h"
#include "counters/counters.h"

#define NOWHERE "/nonexistent/gpuperf-test/libcupti.so.13"

static FILE *capture_file;
static int saved_fd = -1;

/* Send stderr to a temporary file until captured() returns its text. */
static void capture(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	saved_fd = dup(2);
	dup2(fileno(capture_file), 2);
}

static char *captured(void)
{
	static char buf[8192];
	size_t n;

	fflush(stderr);
	dup2(saved_fd, 2);
	close(saved_fd);
	rewind(capture_file);
	n = fread(buf, 1, sizeof(buf) - 1, capture_file);
	buf[n] = '\0';
	fclose(capture_file);
	return buf;
}

static int count(const char *s, const char *word)
{
	int n = 0;

	for (; (s = strstr(s, word)); s += strlen(word))
		n++;
	return n;
}

int main(void)
{
	const enum ctr_id ids[] = { CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS };
	struct gp_device dev = { .index = 0 };
	struct ctr_set *cs = (struct ctr_set *)&dev;
	const char *reason;
	double v[2] = { 1, 1 };
	char *err;
	int rc;

	setenv("GPUPERF_CUPTI_LIB", NOWHERE, 1);
	snprintf(dev.name, sizeof(dev.name), "no GPU needed");

	reason = ctr_unavailable_reason(&dev);
	ok(reason != NULL, "counters unavailable without the library");
	ok(reason && strstr(reason, "not found") && strstr(reason, NOWHERE),
	   "the reason says the library was not found where GPUPERF_CUPTI_LIB said");
	diag("expected (this test hides CUPTI on purpose): %s", reason ? reason : "(null)");
	ok(reason && strstr(reason, "; "), "and what would fix it");
	ok(ctr_unavailable_reason(&dev) == reason, "the answer is cached");
	ok(ctr_chip_name(&dev) == NULL, "no chip name");

	capture();
	rc = ctr_open(&dev, COUNTERS_OFF, ids, 2, &cs);
	err = captured();
	ok(rc == 0 && cs == NULL && !*err, "--no-counters: no set, not a word");

	capture();
	rc = ctr_open(&dev, COUNTERS_AUTO, ids, 2, &cs);
	ok(rc == 0 && cs == NULL, "auto: no set, and the measurement goes on");
	rc = ctr_open(&dev, COUNTERS_AUTO, ids, 2, &cs);
	err = captured();
	ok(rc == 0 && cs == NULL, "auto again: same");
	ok(count(err, "gpuperf: warning: hardware counters unavailable: CUPTI library not found") == 1
	   && count(err, "\n") == 1, "auto: the reason is said once on stderr");
	diag("expected warning (CUPTI hidden on purpose): %.*s", (int)strcspn(err, "\n"), err);

	capture();
	rc = ctr_open(&dev, COUNTERS_REQUIRE, ids, 2, &cs);
	err = captured();
	is_int(rc, GP_EXIT_NOCOUNTERS, "--counters=require: exit status 4");
	ok(cs == NULL && strstr(err, "gpuperf: error: hardware counters unavailable: "),
	   "--counters=require: an error message");

	ok(ctr_begin(NULL) == 0 && ctr_end(NULL) == 0 && ctr_nranges(NULL) == 0,
	   "begin/end/nranges accept the NULL set");
	ctr_bracketed_ranges(NULL);
	ok(ctr_range_push(NULL) == 0 && ctr_range_pop(NULL) == 0,
	   "bracketed ranges: push and pop accept the NULL set");
	ctr_close(NULL);
	capture();
	rc = ctr_read(NULL, 0, v);
	captured();
	ok(rc == GP_EXIT_FAIL && v[0] == 1, "reading a NULL set is a bug, and says so");
	capture();
	rc = ctr_open(&dev, COUNTERS_AUTO, ids, 0, &cs);
	ok(rc == 0 && cs == NULL && !*captured(), "no counters asked for: nothing to do");
	return done_testing();
}
