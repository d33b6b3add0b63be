/* The last word on stdout: a write that failed is an error, not a silent loss. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/global.h"
#include "util/error.h"

int cli_finish(int status)
{
	/* A pipe closed by the reader ends us with SIGPIPE, quietly; anything else is an error. */
	if (fflush(stdout) || ferror(stdout)) {
		gp_error(GP_EXIT_FAIL, "write failure on standard output: %s", strerror(errno));
		return GP_EXIT_FAIL;
	}
	return status;
}
