/* Termination signals: clean up what is ours, then die of the signal. */
#include <signal.h>
#include <stddef.h>
#include <unistd.h>
#include "cli/signals.h"
#include "profile/spawn.h"
#include "util/compat.h"
#include "util/error.h"
#include "util/outfile.h"

static const int ending[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2 };

/* The default action, so the parent sees "killed by sig" (status 128 + sig). */
static void die_of(int sig)
{
	sigset_t set;

	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

static void on_signal(int sig)
{
	outfile_remove_temps();
	prof_spawn_remove_temps();
	gp_progress_abort();
	die_of(sig);
}

void cli_signals_install(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(ending); i++) {
		struct sigaction sa, old;

		if (sigaction(ending[i], NULL, &old) || old.sa_handler == SIG_IGN)
			continue;
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		for (size_t j = 0; j < ARRAY_SIZE(ending); j++)
			sigaddset(&sa.sa_mask, ending[j]);
		sa.sa_flags = 0;
		sigaction(ending[i], &sa, NULL);
	}
}

void cli_end_by_signal(int sig)
{
	static const int quiet[] = { SIGHUP, SIGINT, SIGKILL, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1,
				     SIGUSR2 };

	for (size_t i = 0; i < ARRAY_SIZE(quiet); i++)
		if (quiet[i] == sig)
			die_of(sig);
}
