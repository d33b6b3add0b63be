/*
 * gpuperf's machine output read back: a CSV or JSON file (or standard
 * input) that a command wrote, turned into report tables typed by that
 * command's contract (results/contract.h), as the command had them
 * before they were rendered.  Which command wrote it is found from the
 * file alone: a CSV by its exact header, a JSON array by its objects'
 * keys, all's long CSV by its columns, and all's JSON, an object of
 * sections (each known by its records' keys), as the long CSV's writer.
 *
 * An output of an earlier gpuperf is read as well: its header is one the
 * command wrote then (results/contract.h, result_shapes), and its tables
 * hold the columns it has.
 *
 * Every refusal is a usage error (GP_EXIT_USAGE) whose message names the
 * file and, where there is one, the line: unreadable, empty, malformed,
 * a header alone, not gpuperf output (no command's columns at any version).
 */
#ifndef GP_JUDGE_READ_H
#define GP_JUDGE_READ_H

#include <stddef.h>
#include "report/report.h"
#include "results/contract.h"
#include "results/diff.h"

/* Read path ("-": standard input) into in.  0 or GP_EXIT_USAGE (message printed). */
int diff_read(const char *path, struct diff_input *in);

/*
 * The same from len bytes of text, NUL-terminated at text[len], named
 * name in messages.  0 or GP_EXIT_USAGE (message printed).
 */
int diff_parse(const char *name, const char *text, size_t len, struct diff_input *in);

/*
 * The whole of path ("-": standard input), NUL-terminated at (*text)[*len]:
 * 0, or GP_EXIT_USAGE with "cannot read FILE: why" printed.  Free *text.
 */
int diff_read_text(const char *path, char **text, size_t *len);

/* The contract whose columns t has (by name, in order), or NULL. */
const struct result_contract *diff_table_contract(const struct report_table *t);

/*
 * The contract of the long form (REPORT_LONG_COLS): the table of a
 * sectioned report's CSV, whose writer writes its JSON as sections; NULL
 * if no command does.
 */
const struct result_contract *diff_long_contract(void);

#endif
