/* Termination signals: clean up what is ours, then die of the signal. */
#include <signal.h>
#include <stddef.h>
#include <unistd.h>
#include "cli/signals.h"
#include "util/error.h"
#include "util/outfile.h"

static void on_signal(int sig)
{
	outfile_remove_temps();
	gp_progress_abort();
	/* The default action, so the parent sees "killed by sig" (status 128 + sig). */
	signal(sig, SIG_DFL);
	raise(sig);
}

void cli_signals_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa, old;

		if (sigaction(sigs[i], NULL, &old) || old.sa_handler == SIG_IGN)
			continue;
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		for (size_t j = 0; j < sizeof(sigs) / sizeof(sigs[0]); j++)
			sigaddset(&sa.sa_mask, sigs[j]);
		sa.sa_flags = 0;
		sigaction(sigs[i], &sa, NULL);
	}
}
