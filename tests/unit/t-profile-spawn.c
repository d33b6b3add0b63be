/*
 * gpuperf profile's runner (profile/spawn.h) with the real profiling library
 * loaded the way the driver loads it, by build/tests/fake-cuinit (no GPU
 * needed): the program keeps its output, stderr and exit status; the
 * library writes its records, fails open when CUPTI or the driver is
 * missing, and says so in a note, never on the program's streams.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "profile/analyze.h"
#include "profile/record.h"
#include "profile/spawn.h"

#define FAKE "build/tests/fake-cuinit"
#define LIB "build/lib/gpuperf/libgpuperf-inject.so"

static char lib[4096];

/* The program's stdout and stderr during f, into out and err. */
struct captured {
	char out[4096], err[4096];
};

static void slurp(const char *path, char *buf, size_t n)
{
	int fd = open(path, O_RDONLY);
	ssize_t got = fd >= 0 ? read(fd, buf, n - 1) : -1;

	buf[got > 0 ? got : 0] = '\0';
	if (fd >= 0)
		close(fd);
	unlink(path);
}

static int run(char *const argv[], const struct prof_spawn_opts *o, struct prof_child *r,
	       struct captured *c)
{
	char out[] = "/tmp/gpuperf-t-out.XXXXXX", err[] = "/tmp/gpuperf-t-err.XXXXXX";
	int fo = mkstemp(out), fe = mkstemp(err), so, se, rc;

	fflush(NULL);
	so = dup(1);
	se = dup(2);
	dup2(fo, 1);
	dup2(fe, 2);
	rc = prof_spawn(argv, o, r);
	fflush(NULL);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	close(fo);
	close(fe);
	slurp(out, c->out, sizeof(c->out));
	slurp(err, c->err, sizeof(c->err));
	return rc;
}

static int decode(const struct prof_child *r, struct prof_records *rs)
{
	char *err = NULL;
	int rc;

	memset(rs, 0, sizeof(*rs));
	rc = prof_decode(r->records, r->len, rs, &err);
	if (rc)
		diag("decode: %s", err);
	free(err);
	return rc;
}

static size_t count(const struct prof_records *rs, enum prof_type t)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->n; i++)
		n += rs->v[i].type == t;
	return n;
}

static const char *note_text(const struct prof_records *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].type == PROF_NOTE)
			return rs->v[i].text;
	return "";
}

static void test_program_untouched(void)
{
	char *argv[] = { FAKE, "3", NULL };
	struct prof_spawn_opts o = { lib, 3, NULL, 0 };
	struct prof_records rs;
	struct prof_child r;
	struct captured c;

	is_int(run(argv, &o, &r, &c), 0, "the program ran");
	is_int(r.status, 3, "its exit status comes back (3)");
	is_str(c.out, "program output\n", "its stdout, and nothing else on it");
	is_str(c.err, "program message\n", "its stderr, and nothing of the library's");
	if (!ok(decode(&r, &rs) == 0, "the records decode"))
		diag("%.*s", (int)r.len, r.records);
	ok(rs.n >= 3 && rs.v[0].type == PROF_HELLO && rs.v[rs.n - 1].type == PROF_END,
	   "a header first, an end last");
	ok(count(&rs, PROF_NOTE) == 1 && strstr(note_text(&rs), "nothing profiled: ") != NULL,
	   "one note says why nothing was profiled: %s", note_text(&rs));
	ok(rs.n && rs.v[0].pid > 0 && rs.v[0].pid != getpid(), "records carry the program's pid");
	prof_records_free(&rs);
	prof_child_free(&r);
}

static void test_no_cupti(void)
{
	char *argv[] = { FAKE, "0", NULL };
	struct prof_spawn_opts o = { lib, 3, NULL, 0 };
	struct prof_records rs;
	struct prof_child r;
	struct captured c;

	setenv("GPUPERF_CUPTI_LIB", "/nonexistent/gpuperf-test", 1);
	run(argv, &o, &r, &c);
	unsetenv("GPUPERF_CUPTI_LIB");
	decode(&r, &rs);
	ok(r.status == 0 && !strcmp(c.err, "program message\n") &&
	   strstr(note_text(&rs), "CUPTI library not found") != NULL,
	   "a CUPTI that does not load: the program runs, a note says why (%s)", note_text(&rs));
	prof_records_free(&rs);
	prof_child_free(&r);
}

static void test_children(void)
{
	char *argv[] = { FAKE, "--exec", "sh", "-c", FAKE " 5; " FAKE " 7; exit 4", NULL };
	struct prof_spawn_opts o = { lib, 3, NULL, 0 };
	struct prof_opts po = { PROF_SORT_TIME, 0, NULL };
	struct prof_analysis a;
	struct prof_records rs;
	struct prof_child r;
	struct captured c;

	run(argv, &o, &r, &c);
	is_int(r.status, 4, "a shell's status after its CUDA children ran");
	/* exec replaces the first process without running its exit handlers */
	ok(decode(&r, &rs) == 0 && count(&rs, PROF_HELLO) == 3 && count(&rs, PROF_END) == 2,
	   "three processes wrote a header, the two that exited an end (not the one exec'd away)");
	prof_analyze(&rs, &po, &a);
	ok(a.processes == 3 && a.ended == 2 && a.n == 0 && a.nnotes == 2 && a.notes[0].count == 3,
	   "the analysis: three processes, no kernel, the note once (said 3 times)");
	ok(a.nnotes == 2 && strstr(a.notes[1].text, "1 of 3 profiled processes"),
	   "and one process without an end: %s", a.nnotes == 2 ? a.notes[1].text : "");
	is_str(a.summary, "the program launched no kernel", "summary");
	prof_analysis_free(&a);
	prof_records_free(&rs);
	prof_child_free(&r);
}

static void test_fd_only(void)
{
	char *argv[] = { "env", "-u", "GPUPERF_PROFILE_PATH", FAKE, "0", NULL };
	struct prof_spawn_opts o = { lib, 3, NULL, 0 };
	struct prof_records rs;
	struct prof_child r;
	struct captured c;

	run(argv, &o, &r, &c);
	ok(decode(&r, &rs) == 0 && count(&rs, PROF_HELLO) == 1 && count(&rs, PROF_END) == 1,
	   "without the path, the inherited descriptor carries the records");
	prof_records_free(&rs);
	prof_child_free(&r);

	/* the path gone and the descriptor's number reused: stderr once, nothing written */
	char *reused[] = { "sh", "-c", "unset GPUPERF_PROFILE_PATH; "
			   "n=${GPUPERF_PROFILE_FD%%:*}; eval \"exec $n>/dev/null\"; exec " FAKE
			   " 6", NULL };
	run(reused, &o, &r, &c);
	ok(r.status == 6 && r.len == 0 && strstr(c.err, "gpuperf: profiling library: cannot open") &&
	   strstr(c.err, "program message"), "a reused descriptor number is refused: %s", c.err);
	prof_child_free(&r);
}

static void test_start_failures(void)
{
	char *missing[] = { "/nonexistent/gpuperf-no-such-program", NULL };
	char *notexec[] = { "tests/unit/unit.h", NULL };
	char *signal_argv[] = { "sh", "-c", "kill -TERM $$", NULL };
	char *none[] = { NULL };
	struct prof_spawn_opts o = { lib, 3, NULL, 0 };
	struct prof_child r;
	struct captured c;

	is_int(run(missing, &o, &r, &c), PROF_EXIT_NOT_FOUND, "a program that does not exist: 127");
	ok(strstr(c.err, "cannot run '/nonexistent/gpuperf-no-such-program': No such file") != NULL,
	   "said: %s", c.err);
	is_int(run(notexec, &o, &r, &c), PROF_EXIT_NOT_EXECUTABLE, "a file that is not a program: 126");
	ok(strstr(c.err, "Permission denied") != NULL, "said: %s", c.err);
	is_int(run(signal_argv, &o, &r, &c), 0, "a program killed by a signal ran");
	ok(r.signal == SIGTERM && r.status == 128 + SIGTERM, "its status is 128 + SIGTERM");
	prof_child_free(&r);
	ok(run(none, &o, &r, &c) == 2 && strstr(c.err, "no program"), "no program: usage error");
}

static volatile sig_atomic_t ours;

static void our_handler(int sig)
{
	ours = sig;
}

/*
 * A SIGTERM to gpuperf while the program runs is the program's: passed on
 * to it, once; gpuperf's own handler comes back after; the record
 * directory goes either way.
 */
static void test_signals(void)
{
	char *term_us[] = { "sh", "-c", "kill -TERM $PPID; sleep 5; exit 3", NULL };
	char tmp[] = "/tmp/gpuperf-t-spawn.XXXXXX";
	struct prof_spawn_opts o = { lib, 3, NULL, 0 };
	struct sigaction sa, now;
	struct prof_child r;
	struct captured c;
	char *old_tmp = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	int empty;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = our_handler;
	sigaction(SIGTERM, &sa, NULL);
	if (!mkdtemp(tmp))
		return;
	setenv("TMPDIR", tmp, 1);
	ours = 0;
	is_int(run(term_us, &o, &r, &c), 0, "a SIGTERM to gpuperf meanwhile: the program ran");
	ok(r.signal == SIGTERM && r.status == 128 + SIGTERM && !ours,
	   "the program got it and ended of it; gpuperf's handler did not (signal %d, ours %d)",
	   r.signal, (int)ours);
	sigaction(SIGTERM, NULL, &now);
	ok(now.sa_handler == our_handler, "gpuperf's handler is back");
	empty = rmdir(tmp) == 0;
	ok(empty, "the record directory is gone");
	if (!empty) {
		diag("left in %s", tmp);
		if (system("ls -la \"$TMPDIR\"")) {}
	}
	prof_child_free(&r);
	signal(SIGTERM, SIG_DFL);
	if (old_tmp)
		setenv("TMPDIR", old_tmp, 1);
	else
		unsetenv("TMPDIR");
	free(old_tmp);
}

static void test_without_gpuperf(void)
{
	int fds[2], status;
	char buf[512] = "";
	pid_t pid;
	ssize_t n;

	/* the library named by hand, no record file: one line on stderr, status kept */
	if (pipe(fds))
		return;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		dup2(open("/dev/null", O_WRONLY), 1);
		unsetenv("GPUPERF_PROFILE_PATH");
		unsetenv("GPUPERF_PROFILE_FD");
		setenv("CUDA_INJECTION64_PATH", lib, 1);
		execl(FAKE, FAKE, "9", (char *)NULL);
		_exit(100);
	}
	close(fds[1]);
	for (size_t got = 0; got < sizeof(buf) - 1; got += (size_t)n)
		if ((n = read(fds[0], buf + got, sizeof(buf) - 1 - got)) <= 0)
			break;
	close(fds[0]);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 9, "loaded without gpuperf: status kept");
	ok(!strncmp(buf, "gpuperf: profiling library: loaded without gpuperf profile", 58) &&
	   strchr(buf, '\n') && !strncmp(strchr(buf, '\n') + 1, "program message\n", 16),
	   "and one stderr line before the program's own: %s", buf);
}

int main(void)
{
	char *path;

	if (!realpath(LIB, lib) || access(FAKE, X_OK)) {
		printf("1..0 # SKIP %s or %s not built (make)\n", LIB, FAKE);
		return 0;
	}
	setenv("GPUPERF_INJECT_LIB", lib, 1);
	path = prof_inject_path();
	is_str(path, lib, "GPUPERF_INJECT_LIB names the library");
	free(path);
	setenv("GPUPERF_INJECT_LIB", "/nonexistent/libgpuperf-inject.so", 1);
	ok(prof_inject_path() == NULL, "a GPUPERF_INJECT_LIB that is not there: NULL");
	unsetenv("GPUPERF_INJECT_LIB");
	test_program_untouched();
	test_no_cupti();
	test_children();
	test_fd_only();
	test_start_failures();
	test_signals();
	test_without_gpuperf();
	return done_testing();
}
