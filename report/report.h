/*
 * The output layer.  A command describes its results as tables of typed
 * values; this layer renders them as an aligned human table, CSV
 * (RFC 4180) or JSON.  Nothing here measures, and nothing outside it
 * formats results, so the three formats can never disagree.
 *
 *     static const struct report_col cols[] = {
 *             { "kernel",        "kernel",     REPORT_STR, 0 },
 *             { "bandwidth_gbs", "bw (GB/s)",  REPORT_DBL, 1 },
 *     };
 *     struct report_table *t = report_add_table(&ctx->report, "Bandwidth",
 *                                               cols, ARRAY_SIZE(cols));
 *     size_t r = report_add_row(t);
 *     report_set_str(t, r, 0, "copy");
 *     report_set_dbl(t, r, 1, 3012.5);
 *
 * A cell left unset is a missing value: empty in CSV, null in JSON, "n/a"
 * in the human table.  NaN and infinities are stored as missing.
 *
 * Only one table of a report may be a machine table (CSV/JSON); the others
 * are marked REPORT_HUMAN_ONLY.  A command whose people-facing view differs
 * from its records builds both: the records marked REPORT_MACHINE_ONLY, the
 * view REPORT_HUMAN_ONLY, so every caller (gpuperf all too) gets both.
 * Notes and charts attached to a table are printed under it, in the order
 * they were added, in the human format only; a chart holds its data (not
 * text), so other renderers draw it too: --plot's SVG and the HTML report
 * (report_emit_svg, report_emit_html).
 *
 * A report whose machine tables carry keys is sectioned (gpuperf all):
 * JSON gives one object with an array per key, CSV one long table of
 * every keyed table's results (REPORT_LONG_COLS), in table order.
 */
#ifndef GP_REPORT_REPORT_H
#define GP_REPORT_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "util/compat.h"

enum report_type {
	REPORT_STR,
	REPORT_INT,  /* long long */
	REPORT_DBL,  /* double; prec = decimals in the human table */
};

struct report_col {
	const char *name;    /* CSV/JSON key: stable snake_case with unit suffix */
	const char *header;  /* human header, with the unit: "time (ms)" */
	enum report_type type;
	int prec;            /* REPORT_DBL: decimals shown (CSV/JSON: prec + 2) */
	unsigned flags;      /* REPORT_COL_* */
};

/* Column flags. */
#define REPORT_COL_ID     0x1u  /* identity: device, cc */
#define REPORT_COL_CONFIG 0x2u  /* describes the configuration measured, not a result */
#define REPORT_COL_MACHINE 0x4u /* left out of the human format's row tables */

enum report_format {
	REPORT_TABLE,
	REPORT_CSV,
	REPORT_JSON,
};

enum report_layout {
	REPORT_ROWS,      /* one line per row, headers on top */
	REPORT_VERTICAL,  /* "header  value" per line: for one-row inventories */
};

#define REPORT_HUMAN_ONLY 0x1u    /* table flag: left out of CSV and JSON */
#define REPORT_MACHINE_ONLY 0x2u  /* table flag: left out of the human format */
#define REPORT_JSON_ONLY 0x8u     /* table flag: a JSON section only, left out of CSV too */
/*
 * Table flag: a headline, its title alone (no columns), above the human
 * format's tables; CSV and JSON have no place for it, so it is said on
 * stderr as a note instead (profile's summary).
 */
#define REPORT_HEADLINE 0x4u

/* ---- charts: the data of a sweep, drawn by whichever renderer wants it ---- */

#define REPORT_SERIES_TEXT 0x1u  /* drawn by the terminal's bar chart (the first such series) */
#define REPORT_SERIES_PLOT 0x2u  /* drawn in plots (--plot) */
#define REPORT_SERIES_MODEL 0x4u /* a prediction: plots dash it, so a measurement under it shows */
#define REPORT_SERIES_POINTS 0x8u /* plots draw points alone, each labelled, its area by its weight */
#define REPORT_SERIES_LINE 0x10u  /* plots draw the line alone, no dots (a ceiling) */

struct report_series {
	char *name;                  /* legend */
	unsigned flags;              /* REPORT_SERIES_* */
	const char *color;           /* plots: "#rrggbb" rather than the palette's (NULL) */
	size_t n, cap;
	double *x, *y;               /* y NaN: not measured */
	char **labels;               /* text chart labels; NULL entries show x as an integer */
	double *w;                   /* POINTS: each point's weight (its area), NaN: none */
};

#define REPORT_AXIS_LOG   0x1u   /* logarithmic scale */
#define REPORT_AXIS_BYTES 0x2u   /* values are sizes in bytes: ticks in binary units */
#define REPORT_AXIS_COUNT 0x4u   /* the unit is a plural noun: "1 wavefront", "2 wavefronts" */
#define REPORT_AXIS_POW2  0x8u   /* with LOG: powers of two (strides), ticks 1, 2, 4, ... */

struct report_axis {
	char *label;                 /* "working set per array" */
	char *unit;                  /* "GB/s"; the text chart prints the y unit after each value */
	unsigned flags;              /* REPORT_AXIS_* */
	double min, max;             /* plots: a range to show besides the data's, when min < max (0-100 %) */
	int decimals;                /* values' decimals as the table shows them; -1 (the default): %.4g */
};

/*
 * A reference line: a cache size, a theoretical peak.  The legend says
 * "label = value", or the label alone where it holds a number of its own
 * ("L1 34 cycles", "current: 50 %"); the chart labels the line where the
 * label fits clear of the data and the other text.
 */
struct report_marker {
	char axis;                   /* 'x': vertical line at value; 'y': horizontal */
	double value;
	char *label;
};

#define REPORT_CHART_SKIP_MISSING 0x1u  /* text: leave NaN points out, draw nothing under two */
/*
 * Plots: a horizontal bar per point of the plot series, from zero to y,
 * labelled by its label, one row each in the order of the series and
 * their points, coloured by series (x only orders them); drawn even
 * without a point, the title saying why.  The terminal draws no bars.
 */
#define REPORT_CHART_BARS 0x2u

struct report_chart {
	char *title;
	char *text_title;            /* the terminal's, when it differs (NULL: title) */
	struct report_axis x, y;
	unsigned flags;              /* REPORT_CHART_* */
	int text_width;              /* longest bar of the text chart, in columns */
	struct report_series **series;  /* each its own allocation: a series stays where it is */
	size_t nseries;
	struct report_marker *markers;
	size_t nmarkers;
};

/* A line under a table, or a chart in its place among the lines. */
struct report_item {
	char *text;                  /* NULL for a chart */
	struct report_chart *chart;
	/* a row's note (report_row_note): its row, and where its text follows the lead */
	int of_row;
	size_t row, lead;
};

struct report_cell {
	unsigned char set;
	union {
		long long i;
		double d;
		char *s;
	} u;
};

struct report_table {
	char *title;
	const struct report_col *cols;
	size_t ncols;
	size_t nrows, cap;
	struct report_cell *cells;  /* nrows * ncols, row-major */
	enum report_layout layout;
	unsigned flags;
	struct report_item *items;  /* notes and charts printed under the table (human) */
	size_t nitems;
	char **wholes;              /* nrows * ncols: report_set_whole's texts; NULL: none set */
	const char *key;            /* JSON section name when a report has several (gpuperf all) */
};

struct report {
	struct report_table **tables;
	size_t ntables;
	char *device;                /* report_set_device's; NULL: the device gpuperf opened, if any */
};

struct report_table *report_add_table(struct report *r, const char *title,
				      const struct report_col *cols, size_t ncols);
size_t report_add_row(struct report_table *t);
void report_set_str(struct report_table *t, size_t row, size_t col, const char *s);
void report_set_int(struct report_table *t, size_t row, size_t col, long long v);
void report_set_dbl(struct report_table *t, size_t row, size_t col, double v);
/* Copy a cell (of another table, of the same type), unset cells included. */
void report_set_cell(struct report_table *t, size_t row, size_t col, const struct report_cell *c);
/* Index of the column named name, or -1. */
int report_col_index(const struct report_table *t, const char *name);
const struct report_cell *report_cell(const struct report_table *t, size_t row, size_t col);

/* A line under the table in the human format (a verdict, a formula, a legend). */
void report_note(struct report_table *t, const char *fmt, ...) GP_PRINTF(2, 3);
/*
 * A note on one row (a kernel's verdict): the terminal shows lead and the
 * text among the notes, where it was added; the HTML page shows the text
 * alone under the row, whose cells name what lead did.
 */
void report_row_note(struct report_table *t, size_t row, const char *lead, const char *fmt, ...)
	GP_PRINTF(4, 5);
/*
 * The whole of a cell that shows a short form (a kernel's name cut to
 * fit): the terminal, CSV and JSON keep the cell; the HTML page puts the
 * whole a hover and a click away.
 */
void report_set_whole(struct report_table *t, size_t row, size_t col, const char *whole);
/*
 * The GPU the results came from, where gpuperf did not open it itself
 * (profile: the program's): the pictures' and the page's header name it.
 */
void report_set_device(struct report *r, const char *device);

/*
 * A chart under the table, after the notes added so far.  The terminal
 * draws it as a horizontal bar chart of its first REPORT_SERIES_TEXT
 * series (labels left, values right, text_width columns for the longest
 * bar); plots draw every REPORT_SERIES_PLOT series against the axes.
 *
 *     struct report_chart *c = report_add_chart(t, "GB/s by size");
 *     report_chart_axis(&c->x, "size per array", "B", REPORT_AXIS_LOG | REPORT_AXIS_BYTES);
 *     report_chart_axis(&c->y, "bandwidth", "GB/s", 0);
 *     struct report_series *s = report_chart_series(c, "copy", REPORT_SERIES_TEXT | REPORT_SERIES_PLOT);
 *     report_series_add(s, 65536, 812.5, "64 KiB");
 */
struct report_chart *report_add_chart(struct report_table *t, const char *title);
void report_chart_axis(struct report_axis *a, const char *label, const char *unit, unsigned flags);
/* v as a's values are written: a->decimals of them, or %.4g (decimals -1); buf returned. */
char *report_axis_number(const struct report_axis *a, double v, char *buf, size_t n);
/* A new series of c; it stays valid, and where it is, as long as c. */
struct report_series *report_chart_series(struct report_chart *c, const char *name, unsigned flags);
/* One point; label (copied) names it in the text chart, NULL: x as an integer. */
void report_series_add(struct report_series *s, double x, double y, const char *label);
/* The weight of the last point added (REPORT_SERIES_POINTS: its area in plots). */
void report_series_weight(struct report_series *s, double w);
void report_chart_marker(struct report_chart *c, char axis, double value, const char *label);
/*
 * The terminal draws one series, so its title may say more ("copy, 16 B:
 * GB/s by size") or explain its marks ("(* = current)"); plots keep title.
 */
void report_chart_text_title(struct report_chart *c, const char *title);
void report_chart_free(struct report_chart *c);

/*
 * Long format, for a stream mixing probes with different columns: append to
 * dst one row per result cell of src's rows.  dst must have the columns of
 * REPORT_LONG_COLS; identity columns are copied by name, REPORT_COL_CONFIG columns
 * are joined into config ("kernel=copy width_bytes=16"), every other set
 * cell becomes (metric = column name, value, unit from the header's
 * parentheses).
 */
#define REPORT_LONG_COLS \
	{ "device", "device", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "cc", "CC", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "device_index", "CUDA device index", REPORT_INT, 0, REPORT_COL_ID }, \
	{ "uuid", "UUID", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "pci_bus_id", "PCI bus id", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "hostname", "host", REPORT_STR, 0, REPORT_COL_ID }, \
	{ "probe", "probe", REPORT_STR, 0, REPORT_COL_CONFIG }, \
	{ "config", "configuration", REPORT_STR, 0, REPORT_COL_CONFIG }, \
	{ "metric", "metric", REPORT_STR, 0, 0 }, \
	{ "value", "value", REPORT_STR, 0, 0 }, \
	{ "unit", "unit", REPORT_STR, 0, 0 }
void report_append_long(struct report_table *dst, const char *probe,
			const struct report_table *src);

/*
 * Move src's tables to the end of dst, except those with any of skip_flags,
 * which are freed; src is left empty.
 */
void report_move_tables(struct report *dst, struct report *src, unsigned skip_flags);

/*
 * Join the report of one more device to r (several devices, -d LIST): its
 * tables for people under heading, its machine rows appended to r's
 * machine tables of the same columns and key (the first device's come
 * first).  one is left empty.
 */
void report_join(struct report *r, struct report *one, const char *heading);

/* Free table i of r and close the gap. */
void report_drop_table(struct report *r, size_t i);

/* Append src's rows to dst; both must share the same column array. */
void report_append_rows(struct report_table *dst, const struct report_table *src);

/*
 * Render the whole report; returns 0, or -1 if writing to out failed.
 * JSON: one table is an array of objects; machine tables with keys make
 * one object with a section (array) per key.
 */
int report_emit(const struct report *r, enum report_format fmt, FILE *out);
void report_free(struct report *r);

/* ---- pictures: the charts drawn (--plot), and the whole report as a page (all --html) ---- */

/* Where a picture came from, said in its title; NULL fields are left out. */
struct report_doc {
	const char *command_line;    /* "gpuperf occupancy --arch sm_90 ..." as typed */
	const char *device;          /* "NVIDIA H100 80GB HBM3, CC 9.0"; NULL: no GPU used */
	const char *version;         /* gpuperf's */
	const char *host;            /* the machine's name */
	const char *date;            /* when the results were written */
};

/*
 * Charts that plots draw: those of tables shown to people with a
 * REPORT_SERIES_PLOT series of two points or more (finite, and positive
 * on a log axis).
 */
size_t report_plot_count(const struct report *r);

/*
 * One SVG of every chart report_plot_count counts, stacked top to bottom
 * under a title naming the command line and the device: a fixed width
 * and viewBox, system fonts, no scripts.  0, or -1 if writing failed.
 */
int report_emit_svg(const struct report *r, const struct report_doc *doc, FILE *out);

/*
 * The report as one self-contained HTML page: the command line, device
 * and version, then every table shown to people with its notes, and its
 * charts as inline SVG; inline CSS, no scripts, nothing fetched.  0, or
 * -1 if writing failed.
 */
int report_emit_html(const struct report *r, const struct report_doc *doc, FILE *out);

/* Renderers of one table (used by report_emit; exposed for tests). */
void report_render_table(const struct report_table *t, FILE *out);
/* The text bar chart of c, one line per point (used by report_render_table). */
void report_render_text_chart(const struct report_chart *c, FILE *out);
void report_render_csv(const struct report_table *t, FILE *out);
void report_render_json(const struct report_table *t, FILE *out);

#endif
