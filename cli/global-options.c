/*
 * The global options' rows: data alone, read by the parser (options.c) and
 * by the help (help.c), each without reaching the other's file.
 */
#include <stddef.h>
#include "cli/global.h"

static const char *const counters_modes[] = { "auto", "off", "require", NULL };

/* In the order of the GOPT_* ids (cli/global.h). */
const struct gp_option gp_global_options[] = {
	{ "device", 'd', GP_OPT_LIST, "N|LIST|all",
	  "GPU to use, as CUDA numbers them, a list such as 0,2 or 0-3, or all", "0", 0, 1023,
	  .flags = GP_OPT_ALL },
	{ "csv", 0, GP_OPT_FLAG, NULL, "print results as CSV (RFC 4180 quoting, LF line ends)", .excludes = "json" },
	{ "json", 0, GP_OPT_FLAG, NULL, "print results as a JSON array of objects", .excludes = "csv" },
	{ "output", 'o', GP_OPT_STRING, "FILE", "write results to FILE, whole or not at all",
	  .flags = GP_OPT_FILE },
	{ "plot", 0, GP_OPT_STRING, "FILE.svg", "draw the sweep's charts into FILE.svg, whole or not at all",
	  .flags = GP_OPT_FILE },
	{ "quiet", 'q', GP_OPT_FLAG, NULL, "no notes or progress on stderr (errors and warnings stay)",
	  .excludes = "verbose" },
	{ "verbose", 'v', GP_OPT_FLAG, NULL, "more detail on stderr", .excludes = "quiet" },
	{ "no-counters", 0, GP_OPT_FLAG, NULL, "do not read hardware counters (same as --counters=off)",
	  .excludes = "counters" },
	{ "counters", 0, GP_OPT_CHOICE, "MODE", "auto, off, or require (exit 4 when unavailable)",
	  .choices = counters_modes, .excludes = "no-counters" },
	{ "help", 'h', GP_OPT_FLAG, NULL, "show help and exit" },
	{ "version", 0, GP_OPT_FLAG, NULL, "show the version and exit" },
	{ NULL }
};
