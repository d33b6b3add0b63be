/* The last word on stdout: a write that failed is an error, not a silent loss. */
#include <errno.h>
#include <stdio.h>
#include "cli/global.h"
#include "util/error.h"
#include "util/outfile.h"

int cli_finish(int status)
{
	/* A pipe closed by the reader ends us with SIGPIPE, quietly; anything else is an error. */
	if (fflush(stdout) || ferror(stdout))
		return outfile_stdout_failed(errno);
	return status;
}
