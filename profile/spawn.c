/*
 * Starting the profiled program (profile/spawn.h).
 *
 * The records go through a file in a private directory (mkdtemp, 0700):
 * the program and its children append to it by path or through the
 * inherited descriptor, and gpuperf reads it once the program is gone.  A
 * file rather than a pipe: nothing to drain while the program runs, no
 * deadlock when gpuperf is slow, and whole-line appends from several
 * processes never interleave.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "util/error.h"
#include "profile/spawn.h"

#ifndef GP_LIBDIR
#define GP_LIBDIR "/usr/local/lib"
#endif
#define INJECT_NAME "libgpuperf-inject.so"
#define RECORDS_MAX (1ull << 30)

static char *existing(const char *path)
{
	char *real = realpath(path, NULL);

	if (real && access(real, R_OK)) {
		free(real);
		real = NULL;
	}
	return real;
}

char *prof_inject_path(void)
{
	const char *env = getenv("GPUPERF_INJECT_LIB");
	char exe[PATH_MAX], *slash, *found = NULL;
	ssize_t n;

	if (env && *env) {
		if ((found = existing(env)))
			return found;
		gp_error(GP_EXIT_FAIL, "GPUPERF_INJECT_LIB: cannot read '%s': %s", env,
			 strerror(errno));
		return NULL;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')))
			*slash = '\0';
		const char *const rel[] = { "/build/lib/gpuperf/" INJECT_NAME,
					    "/../lib/gpuperf/" INJECT_NAME };
		for (size_t i = 0; !found && i < sizeof(rel) / sizeof(rel[0]); i++) {
			char *p = gp_xasprintf("%s%s", exe, rel[i]);
			found = existing(p);
			free(p);
		}
	}
	if (!found)
		found = existing(GP_LIBDIR "/gpuperf/" INJECT_NAME);
	if (!found)
		gp_error(GP_EXIT_FAIL, "cannot find the profiling library %s (looked beside "
			 "gpuperf in build/lib/gpuperf/ and ../lib/gpuperf/, and in %s/gpuperf/); "
			 "build it with make, or point GPUPERF_INJECT_LIB at it", INJECT_NAME,
			 GP_LIBDIR);
	return found;
}

/*
 * The record file's directory and path while they exist, for a signal
 * that ends gpuperf (prof_spawn_remove_temps); set with every signal held.
 */
static char temp_dir[PATH_MAX], temp_file[PATH_MAX];

void prof_spawn_remove_temps(void)
{
	if (temp_file[0])
		unlink(temp_file);
	if (temp_dir[0])
		rmdir(temp_dir);
}

static void hold_all(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, old);
}

static void remove_records(const char *dir, const char *path)
{
	sigset_t old;

	hold_all(&old);
	if (path)
		unlink(path);
	if (dir)
		rmdir(dir);
	temp_file[0] = temp_dir[0] = '\0';
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* The record file: dir/records, created empty, ours alone. */
static int make_records(char **dir, char **path, int *fd)
{
	const char *tmp = getenv("TMPDIR");
	char *d = gp_xasprintf("%s/gpuperf-profile.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	sigset_t old;
	int e;

	if (strlen(d) + sizeof("/records") > sizeof(temp_file)) {
		free(d);
		return gp_error(GP_EXIT_FAIL, "TMPDIR is too long a path: '%s'", tmp);
	}
	hold_all(&old);
	if (!mkdtemp(d)) {
		e = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		gp_error(GP_EXIT_FAIL, "cannot create a directory for the profile records (%s): %s; "
			 "set TMPDIR to a writable directory", d, strerror(e));
		free(d);
		return GP_EXIT_FAIL;
	}
	*dir = d;
	*path = gp_xasprintf("%s/records", d);
	snprintf(temp_dir, sizeof(temp_dir), "%s", *dir);
	snprintf(temp_file, sizeof(temp_file), "%s", *path);
	*fd = open(*path, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0600);
	e = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (*fd < 0)
		return gp_error(GP_EXIT_FAIL, "cannot create %s: %s", *path, strerror(e));
	return 0;
}

/* ---- signals while the program runs ---- */

/* What reaches gpuperf of these while the program runs is passed on to it. */
static const int passed_on[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NPASSED (sizeof(passed_on) / sizeof(passed_on[0]))

static volatile sig_atomic_t pass_to;     /* kill()'s target: -pgid or the pid; 0 none */
static volatile sig_atomic_t own_group;   /* the program leads a process group of its own */

/*
 * The same signal from the same process again within this: one request
 * (timeout(1) signals gpuperf, then its process group).
 */
#define SAME_REQUEST_NS 200000000LL

/* Whether si repeats the last signal passed on (handlers of these never nest: sa_mask). */
static int repeated(int sig, const siginfo_t *si)
{
	static int last_sig;
	static pid_t last_from;
	static long long last_ns;
	struct timespec now;
	long long ns;
	int same;

	if (si->si_code != SI_USER || clock_gettime(CLOCK_MONOTONIC, &now))
		return 0;
	ns = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
	same = sig == last_sig && si->si_pid == last_from && ns - last_ns < SAME_REQUEST_NS;
	last_sig = sig;
	last_from = si->si_pid;
	last_ns = ns;
	return same;
}

static void pass_on(int sig, siginfo_t *si, void *uctx)
{
	int e = errno;

	(void)uctx;
	/* in our group, the terminal's Ctrl-C, Ctrl-\ or hangup reached the program too */
	if (pass_to && (own_group || si->si_code != SI_KERNEL) && !repeated(sig, si) &&
	    kill((pid_t)pass_to, sig) && errno == ESRCH && pass_to < 0)
		kill((pid_t)-pass_to, sig);   /* the program left its group: to it alone */
	errno = e;
}

/* Whether gpuperf has a controlling terminal: then it is a job of a shell's, or a terminal's. */
static int has_terminal(void)
{
	int fd = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

struct sig_state {
	sigset_t mask;                    /* gpuperf's mask before the passed-on signals were held */
	struct sigaction old[NPASSED];    /* gpuperf's dispositions */
};

static void hold_passed(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NPASSED; i++)
		sigaddset(&set, passed_on[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* Pass the signals on to pid from now (its group set up); ignored ones stay ignored. */
static void start_passing(pid_t pid, struct sig_state *st)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = pass_on;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NPASSED; i++)
		sigaddset(&sa.sa_mask, passed_on[i]);
	pass_to = own_group ? -pid : pid;
	for (size_t i = 0; i < NPASSED; i++)
		if (st->old[i].sa_handler != SIG_IGN)
			sigaction(passed_on[i], &sa, NULL);
}

static void stop_passing(const struct sig_state *st)
{
	pass_to = 0;
	for (size_t i = 0; i < NPASSED; i++)
		sigaction(passed_on[i], &st->old[i], NULL);
}

/* The child's standard streams on /dev/null (what fails leaves them as they were). */
static void quiet(void)
{
	int null = open("/dev/null", O_RDWR);

	if (null < 0)
		return;
	for (int fd = 0; fd < 3; fd++)
		dup2(null, fd);
	if (null > 2)
		close(null);
}

/*
 * In the child: its process group, the dispositions gpuperf was started
 * with (ignored stays ignored), the library's variables, then exec; errno
 * to the parent on failure.
 */
static void child(char *const argv[], const struct prof_spawn_opts *o, const char *path, int fd,
		  int report, const struct sig_state *sig)
{
	struct stat st;
	char buf[96];
	int e;

	if (own_group)
		setpgid(0, 0);
	for (size_t i = 0; i < NPASSED; i++)
		signal(passed_on[i], sig->old[i].sa_handler == SIG_IGN ? SIG_IGN : SIG_DFL);
	sigprocmask(SIG_SETMASK, &sig->mask, NULL);
	fcntl(fd, F_SETFD, 0);   /* the program inherits the record file */
	if (!fstat(fd, &st)) {
		snprintf(buf, sizeof(buf), "%d:%llu:%llu", fd, (unsigned long long)st.st_dev,
			 (unsigned long long)st.st_ino);
		setenv("GPUPERF_PROFILE_FD", buf, 1);
	}
	snprintf(buf, sizeof(buf), "%u", o->launches);
	setenv("GPUPERF_PROFILE_LAUNCHES", buf, 1);
	setenv("GPUPERF_PROFILE_PATH", path, 1);
	setenv("CUDA_INJECTION64_PATH", o->inject_lib, 1);
	if (o->kernel_regex && *o->kernel_regex)
		setenv("GPUPERF_PROFILE_KERNEL", o->kernel_regex, 1);
	else
		unsetenv("GPUPERF_PROFILE_KERNEL");
	if (o->set && *o->set)
		setenv("GPUPERF_PROFILE_SET", o->set, 1);
	else
		unsetenv("GPUPERF_PROFILE_SET");
	if (o->verbose)
		setenv("GPUPERF_PROFILE_VERBOSE", "1", 1);
	else
		unsetenv("GPUPERF_PROFILE_VERBOSE");
	if (o->stalls)
		setenv("GPUPERF_PROFILE_STALLS", o->stalls == PROF_STALLS_EVERY ? "1" : "judged", 1);
	else
		unsetenv("GPUPERF_PROFILE_STALLS");
	if (o->stalls == PROF_STALLS_EVERY && o->source)
		setenv("GPUPERF_PROFILE_SOURCE", "1", 1);
	else
		unsetenv("GPUPERF_PROFILE_SOURCE");
	if (o->patch && o->launches)
		setenv("GPUPERF_PROFILE_SASS", "1", 1);
	else
		unsetenv("GPUPERF_PROFILE_SASS");
	if (o->patch_kernel)
		setenv("GPUPERF_PROFILE_SASS_KERNEL", o->patch_kernel, 1);
	else
		unsetenv("GPUPERF_PROFILE_SASS_KERNEL");
	if (o->count_at) {
		setenv("GPUPERF_PROFILE_COUNT_AT", o->count_at, 1);
		setenv("GPUPERF_PROFILE_WARP_STATES", "1", 1);
	} else {
		unsetenv("GPUPERF_PROFILE_COUNT_AT");
		unsetenv("GPUPERF_PROFILE_WARP_STATES");
	}
	if (o->quiet)
		quiet();
	if (o->ranges) {
		setenv("GPUPERF_PROFILE_RANGES", "1", 1);
		setenv("NVTX_INJECTION64_PATH", o->inject_lib, 1);
	} else {
		unsetenv("GPUPERF_PROFILE_RANGES");
	}
	execvp(argv[0], argv);
	e = errno;
	if (write(report, &e, sizeof(e)) < 0)
		_exit(PROF_EXIT_NOT_FOUND);
	_exit(e == ENOENT ? PROF_EXIT_NOT_FOUND : PROF_EXIT_NOT_EXECUTABLE);
}

static int read_records(int fd, const char *path, struct prof_child *r)
{
	struct stat st;
	size_t got = 0;

	if (fstat(fd, &st))
		return gp_error(GP_EXIT_FAIL, "cannot read %s: %s", path, strerror(errno));
	if ((unsigned long long)st.st_size > RECORDS_MAX)
		return gp_error(GP_EXIT_FAIL, "the profile records are %llu bytes, more than gpuperf "
				"reads (%llu)", (unsigned long long)st.st_size, RECORDS_MAX);
	r->records = gp_xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t n = pread(fd, r->records + got, (size_t)st.st_size - got, (off_t)got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	r->len = got;
	r->records[got] = '\0';
	return 0;
}

/*
 * Wait for the program, passing signals on; its status into r, or where
 * exec failed, the status for that.  The passing stops before the program
 * is reaped, so that its pid, free again, is never signalled.
 */
static int wait_for(pid_t pid, int report, char *const argv[], struct prof_child *r,
		    const struct sig_state *sig)
{
	siginfo_t info;
	int status, e = 0;
	ssize_t n;

	do
		n = read(report, &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR)
		;
	stop_passing(sig);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return gp_error(GP_EXIT_FAIL, "waiting for '%s': %s", argv[0], strerror(errno));
	if (n == (ssize_t)sizeof(e))
		return gp_error(e == ENOENT ? PROF_EXIT_NOT_FOUND : PROF_EXIT_NOT_EXECUTABLE,
				"cannot run '%s': %s", argv[0], strerror(e));
	if (WIFSIGNALED(status)) {
		r->signal = WTERMSIG(status);
		r->status = 128 + r->signal;
	} else {
		r->status = WEXITSTATUS(status);
	}
	return 0;
}

int prof_spawn(char *const argv[], const struct prof_spawn_opts *o, struct prof_child *r)
{
	struct sig_state sig;
	char *dir = NULL, *path = NULL;
	int fd = -1, pipefd[2], rc;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (!argv || !argv[0] || !*argv[0])
		return gp_error(GP_EXIT_USAGE, "profile: no program to run; give it after --");
	if ((rc = make_records(&dir, &path, &fd)))
		goto out;
	if (pipe2(pipefd, O_CLOEXEC)) {
		rc = gp_error(GP_EXIT_FAIL, "pipe: %s", strerror(errno));
		goto out;
	}
	/*
	 * With a terminal the program stays in gpuperf's process group, so
	 * job control, the terminal's keys and reading it work as without
	 * gpuperf; else (a batch job, a service) it gets a group of its own,
	 * so that a signal sent to gpuperf's group is not delivered twice,
	 * and one passed on reaches the processes the program started too.
	 */
	own_group = !has_terminal();
	hold_passed(&sig.mask);
	for (size_t i = 0; i < NPASSED; i++)
		sigaction(passed_on[i], NULL, &sig.old[i]);
	fflush(NULL);   /* nothing of gpuperf's buffered output twice */
	pid = fork();
	if (pid == 0)
		child(argv, o, path, fd, pipefd[1], &sig);
	close(pipefd[1]);
	if (pid < 0) {
		rc = gp_error(GP_EXIT_FAIL, "cannot start '%s': %s", argv[0], strerror(errno));
	} else {
		if (own_group)
			setpgid(pid, pid);   /* the child's too: whichever comes first */
		start_passing(pid, &sig);
	}
	sigprocmask(SIG_SETMASK, &sig.mask, NULL);   /* what came meanwhile is passed on now */
	if (pid > 0)
		rc = wait_for(pid, pipefd[0], argv, r, &sig);
	close(pipefd[0]);
	if (!rc)
		rc = read_records(fd, path, r);
out:
	if (fd >= 0)
		close(fd);
	remove_records(dir, path);
	free(path);
	free(dir);
	return rc;
}

void prof_child_free(struct prof_child *r)
{
	free(r->records);
	memset(r, 0, sizeof(*r));
}

char *prof_run_output(char *const argv[])
{
	int fd[2], status;
	size_t len = 0, cap = 4096;
	char *out;
	pid_t pid;
	ssize_t got;

	if (pipe(fd))
		return NULL;
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return NULL;
	}
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fd[1], 1);
		if (null >= 0)
			dup2(null, 2);
		close(fd[0]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	out = gp_xmalloc(cap);
	while ((got = read(fd[0], out + len, cap - len - 1)) > 0 || (got < 0 && errno == EINTR)) {
		len += got > 0 ? (size_t)got : 0;
		if (len + 1 == cap)
			out = gp_xrealloc(out, cap *= 2);
	}
	out[len] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		free(out);
		return NULL;
	}
	return out;
}
