/*
 * Termination signals: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1
 * and SIGUSR2 end gpuperf at once, as by default, after removing the
 * temporary files of -o, --plot and --html (util/outfile.h: no
 * half-written file is left, what was there stays) and of profile's
 * records (profile/spawn.h), and clearing a progress line.  The driver
 * releases the GPU when the process ends; stdout holds nothing, since
 * results are rendered only at the end.  (While profile's program runs,
 * the first four are passed on to it instead: profile/spawn.h.)
 */
#ifndef GP_CLI_SIGNALS_H
#define GP_CLI_SIGNALS_H

/* Install the handlers; a signal ignored at start (nohup, `cmd &`) stays ignored. */
void cli_signals_install(void);

/*
 * End as a process killed by sig does, where that is quiet (SIGINT,
 * SIGTERM, SIGHUP, SIGKILL, SIGPIPE...: no core dump), so that a shell
 * sees gpuperf end as the program it ran did (profile).  Returns for a
 * signal that would dump core: the caller exits with 128 + sig instead.
 */
void cli_end_by_signal(int sig);

#endif
