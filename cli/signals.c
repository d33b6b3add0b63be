/* Termination signals: clean up what is ours, then die of the signal. */
#include <signal.h>
#include <stddef.h>
#include <unistd.h>
#include "cli/signals.h"
#include "util/error.h"

static const char *volatile owned_file;

static void on_signal(int sig)
{
	const char *path = owned_file;

	if (path)
		unlink(path);
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

void cli_signals_own_file(const char *path)
{
	owned_file = path;
}
