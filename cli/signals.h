/*
 * SIGINT, SIGTERM and SIGHUP end gpuperf at once, as by default, after
 * removing the temporary files of -o, --plot and --html (util/outfile.h:
 * no half-written file is left, what was there stays) and clearing a
 * progress line.  The driver releases the GPU when the process
 * ends; stdout holds nothing, since results are rendered only at the end.
 */
#ifndef GP_CLI_SIGNALS_H
#define GP_CLI_SIGNALS_H

/* Install the handlers; a signal ignored at start (nohup, `cmd &`) stays ignored. */
void cli_signals_install(void);

#endif
