/*
 * For the watch's unit tests: point GPUPERF_NVML_LIB at the fake NVML
 * built beside the test binary (tests/unit/fake-nvml/), and run a
 * scenario in a child process, since NVML loads once per process and the
 * watch remembers which PID is gpuperf's.
 */
#ifndef GP_TESTS_NVML_FAKE_H
#define GP_TESTS_NVML_FAKE_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The fake's path: <dir of this binary>/fake-nvml/libnvidia-ml.so.1. */
static inline const char *fake_nvml_path(void)
{
	static char path[PATH_MAX + 64];
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return "fake-nvml-not-found";
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	snprintf(path, sizeof(path), "%s/fake-nvml/libnvidia-ml.so.1", exe);
	return path;
}

/* A check inside a child: "# name: failed" on a miss, counted in *bad. */
#define CHILD_CHECK(bad, cond, name) do { \
	if (!(cond)) { \
		printf("# %s: failed (%s)\n", name, #cond); \
		fflush(stdout); \
		(*(bad))++; \
	} \
} while (0)

/* Run fn in a child process; 1 when it returned 0 (every check held). */
static inline int in_child(int (*fn)(void))
{
	int status = 0;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int bad = fn();

		fflush(stdout);
		_exit(bad ? 1 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

#endif
