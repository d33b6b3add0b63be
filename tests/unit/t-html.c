/*
 * gpuperf all --html without a GPU: the page built from fabricated results
 * holds the summary, the detail tables, the inventory and inline charts;
 * it escapes what it is given and names nothing outside itself.
 *
 *     t-html [FILE]   also writes the page to FILE (tests/cli/html.bats
 *                     opens it in a browser)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/fake-all.h"
#include "tests/unit/unit.h"

static int count(const char *s, const char *what)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* Each <svg ...> ... </svg> of the page is balanced and holds a chart. */
static int charts_closed(const char *page)
{
	const char *p = page;
	int n = 0;

	while ((p = strstr(p, "<svg "))) {
		const char *end = strstr(p, "</svg>"), *next = strstr(p + 1, "<svg ");
		if (!end || (next && next < end) || !strstr(p, "<g class=\"chart\""))
			return -1;
		p = end;
		n++;
	}
	return n;
}

int main(int argc, char **argv)
{
	/* a device name and a command line that need escaping, and a byte that is not UTF-8 */
	struct report_doc doc = {
		.command_line = "gpuperf all --html 'r&d <1>.html' \xff",
		.device = "Fake <GPU> & \"co\", CC 9.0",
		.version = "0.1.0",
		.host = "node-7",
	};
	struct gp_device dev;
	struct all_run run;
	struct report rep = { 0 };
	char *page = NULL;
	size_t len = 0;
	FILE *f;

	fake_all(&dev, &run, 1);
	tab_all(&rep, &dev, &run);
	f = open_memstream(&page, &len);
	ok(report_emit_html(&rep, &doc, f) == 0, "the page renders");
	fclose(f);

	ok(!strncmp(page, "<!DOCTYPE html>\n<html lang=\"en\">", 32), "an HTML5 document");
	ok(strstr(page, "<meta charset=\"utf-8\">") != NULL, "says its encoding");
	ok(strstr(page, "</html>\n") && page[len - 1] == '\n', "ends whole");
	ok(strstr(page, "<h2 id=\"t1\">gpuperf all: Fake GPU, with a comma</h2>") != NULL,
	   "the summary comes first");
	ok(strstr(page, "<td>DRAM copy bandwidth</td><td class=\"num\">2800.0</td>") != NULL,
	   "the summary's rows, numbers as the terminal shows them");
	ok(strstr(page, "multiprocessors (SMs)") != NULL, "the device inventory");
	ok(strstr(page, ">Device-memory bandwidth</h2>") && strstr(page, ">Shared-memory bank conflicts</h2>"),
	   "each probe's detail table");
	ok(strstr(page, "<p class=\"identity\">device Fake GPU, with a comma, CC 9.0</p>") != NULL,
	   "identity said once above a table, as in the terminal");
	ok(strstr(page, "<p class=\"note\">") != NULL, "notes under the tables");
	ok(strstr(page, "<dt>version</dt><dd>gpuperf 0.1.0</dd>") != NULL, "the version");
	ok(strstr(page, "<dt>host</dt><dd>node-7</dd>") != NULL, "the host");
	ok(strstr(page, "<code>gpuperf all --html &#39;r&amp;d &lt;1&gt;.html&#39; ?</code>") != NULL,
	   "the command line, escaped, the stray byte replaced");
	ok(strstr(page, "Fake &lt;GPU&gt; &amp; &quot;co&quot;, CC 9.0") && !strstr(page, "<GPU>"),
	   "the device name escaped");
	{
		int n = charts_closed(page);
		ok(n >= 6, "charts inline as SVG: %d", n);
	}
	ok(strstr(page, "<title>bandwidth by size per array</title>") != NULL, "the bandwidth sweep's chart");
	ok(strstr(page, "<title>bandwidth by transfer size</title>") != NULL, "the pcie sweep's chart");
	ok(strstr(page, "<title>sectors per request vs stride, measured and predicted</title>") != NULL,
	   "coalesce: measured beside the model");
	is_int(count(page, "<script"), 0, "no script");
	is_int(count(page, "http:") + count(page, "https:") + count(page, "//"), 0,
	       "no address of anything: no http:, https: or //");
	is_int(count(page, "src=") + count(page, "url(") + count(page, "@import") + count(page, "<link") +
	       count(page, "href=\"") - count(page, "href=\"#"), 0,
	       "nothing to fetch: no src=, url(, @import, <link or href but to the page itself");
	is_int(count(page, "xmlns"), 0, "inline SVG without a namespace address");
	if (argc > 1) {
		FILE *out = fopen(argv[1], "w");
		ok(out && fwrite(page, 1, len, out) == len && !fclose(out), "written to %s", argv[1]);
	}
	free(page);
	report_free(&rep);
	return done_testing();
}
