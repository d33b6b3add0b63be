/*
 * util/outfile: files written whole, through links to the linked file,
 * with a `>`'s mode; FIFOs, devices and descriptors written in place;
 * nothing left behind on failure.  Everything is built in a temporary
 * directory (never /dev: CI runs as root).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "util/error.h"
#include "util/outfile.h"

static char dir[64];

static char *at(const char *name)
{
	static char buf[8][256];
	static int i;

	i = (i + 1) % 8;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static int write_text(const char *path, const char *text)
{
	struct outfile o;
	int rc = outfile_open(&o, path);

	if (rc)
		return rc;
	fputs(text, o.f);
	return outfile_commit(&o);
}

static const char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	buf[0] = '\0';
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return f ? buf : "(unreadable)";
}

static void put(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

/* Names in d: what a failure must leave unchanged. */
static int entries(const char *d)
{
	DIR *h = opendir(d);
	struct dirent *e;
	int n = 0;

	while (h && (e = readdir(h)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (h)
		closedir(h);
	return n;
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) ? 0 : st.st_mode;
}

static void new_files(void)
{
	umask(022);
	is_int(write_text(at("new.csv"), "a\n"), 0, "a new file is written");
	is_str(slurp(at("new.csv")), "a\n", "with its content");
	is_int(mode_of(at("new.csv")) & 0777, 0644, "umask 022: 0644, as > gives");
	umask(077);
	is_int(write_text(at("private.csv"), "b\n"), 0, "umask 077");
	is_int(mode_of(at("private.csv")) & 0777, 0600, "umask 077: 0600");
	umask(022);
	is_int(entries(dir), 2, "no temporary file left beside them");
}

static void existing_files(void)
{
	static const mode_t modes[] = { 0640, 0604, 0600, 0664 };

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		put(at("old.csv"), "old\n", modes[i]);
		is_int(write_text(at("old.csv"), "new\n"), 0, "an existing %04o file is replaced",
		       (unsigned)modes[i]);
		is_str(slurp(at("old.csv")), "new\n", "whole");
		is_int(mode_of(at("old.csv")) & 07777, modes[i], "its mode %04o is kept", (unsigned)modes[i]);
	}
	unlink(at("old.csv"));
}

static void links(void)
{
	int before;

	mkdir(at("real"), 0755);
	put(at("real/data.csv"), "stale\n", 0640);
	symlink("real/data.csv", at("link.csv"));
	symlink("link.csv", at("link2.csv"));
	is_int(write_text(at("link2.csv"), "fresh\n"), 0, "a chain of links is written through");
	ok(S_ISLNK(mode_of(at("link.csv"))) && S_ISLNK(mode_of(at("link2.csv"))), "the links stay links");
	is_str(slurp(at("real/data.csv")), "fresh\n", "the linked file holds the new content");
	is_int(mode_of(at("real/data.csv")) & 0777, 0640, "and keeps its mode");
	is_int(entries(at("real")), 1, "the temporary file went in the linked file's directory");

	symlink("real/none.csv", at("dangling.csv"));
	is_int(write_text(at("dangling.csv"), "made\n"), 0, "a dangling link is written through");
	ok(S_ISLNK(mode_of(at("dangling.csv"))), "it stays a link");
	is_str(slurp(at("real/none.csv")), "made\n", "to the file it names, now created");

	symlink("loop-b", at("loop-a"));
	symlink("loop-a", at("loop-b"));
	before = entries(dir);
	ok(write_text(at("loop-a"), "x\n") == GP_EXIT_FAIL, "a loop of links is an error");
	is_int(entries(dir), before, "that leaves nothing behind");
}

static void kinds(void)
{
	struct outpath w;

	is_int(outpath_resolve("-", &w), 0, "'-' resolves");
	is_int(w.kind, OUTPATH_STDOUT, "to standard output");
	outpath_free(&w);
	is_int(outpath_resolve(dir, &w), EISDIR, "a directory is refused");
	outpath_free(&w);
	is_int(outpath_resolve(at("no/such/dir/f.csv"), &w), ENOENT, "a missing directory is refused");
	outpath_free(&w);
	is_int(outpath_resolve(at("new.csv"), &w), 0, "an existing file resolves");
	is_int(w.kind, OUTPATH_REPLACE, "to be replaced");
	outpath_free(&w);
	is_int(outpath_resolve(at("nothing-yet.csv"), &w), 0, "a new file resolves");
	is_int(w.kind, OUTPATH_NEW, "to be created");
	is_str(w.dir, dir, "in its directory");
	outpath_free(&w);
	is_int(outpath_resolve("/proc/self/fd/2", &w), 0, "/proc/self/fd/2 resolves");
	ok(w.kind == OUTPATH_FD && w.fd == 2, "to descriptor 2");
	outpath_free(&w);
}

/* A FIFO with a reader: it gets the data and stays a FIFO. */
static void fifo(void)
{
	const char *got = at("got.txt");
	pid_t pid;
	int status;

	mkfifo(at("fifo"), 0644);
	pid = fork();
	if (pid == 0) {
		FILE *in = fopen(at("fifo"), "r"), *out = fopen(got, "w");
		int c;
		while (in && out && (c = getc(in)) != EOF)
			putc(c, out);
		_exit(out && !fclose(out) ? 0 : 1);
	}
	is_int(write_text(at("fifo"), "through the pipe\n"), 0, "a FIFO is written directly");
	waitpid(pid, &status, 0);
	is_str(slurp(got), "through the pipe\n", "its reader got the data");
	ok(S_ISFIFO(mode_of(at("fifo"))), "it is still a FIFO");
}

/* /dev/fd/N, /dev/stdout: through the descriptor, so an O_APPEND one keeps appending. */
static void descriptors(void)
{
	const char *log = at("log.txt");
	struct stat before, after;
	int fd;

	put(log, "first\n", 0644);
	stat(log, &before);
	fd = open(log, O_WRONLY | O_APPEND);
	symlink("/proc/self/fd/9", at("fd9"));
	dup2(fd, 9);
	is_int(write_text(at("fd9"), "second\n"), 0, "a link to /proc/self/fd/9 is written");
	close(9);
	close(fd);
	is_str(slurp(log), "first\nsecond\n", "through descriptor 9, appending as it was opened");
	stat(log, &after);
	ok(before.st_ino == after.st_ino, "the file behind it was not replaced");
	ok(S_ISLNK(mode_of(at("fd9"))), "the link stays");
	ok(write_text(at("fd9"), "x\n") == GP_EXIT_FAIL, "a closed descriptor is an error");
}

/* A character device made here (mknod needs privilege, and a filesystem without nodev). */
static void device(void)
{
	const char *dev = at("null");
	char why[128] = "";
	int fd;

	if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)))
		snprintf(why, sizeof(why), "mknod not allowed here: %s", strerror(errno));
	else if ((fd = open(dev, O_WRONLY)) < 0)
		snprintf(why, sizeof(why), "a device made here cannot be opened (nodev?): %s",
			 strerror(errno));
	else
		close(fd);
	if (*why) {
		skip("%s", why);
		skip("%s", why);
		unlink(dev);
		return;
	}
	is_int(write_text(dev, "gone\n"), 0, "a character device is written directly");
	ok(S_ISCHR(mode_of(dev)), "and is still a character device");
	unlink(dev);
}

static void failures(void)
{
	struct outfile o;
	int before;

	put(at("keep.csv"), "keep\n", 0644);
	before = entries(dir);
	is_int(outfile_open(&o, at("keep.csv")), 0, "opened");
	fputs("half", o.f);
	outfile_abort(&o);
	is_str(slurp(at("keep.csv")), "keep\n", "abort leaves the old content");
	is_int(entries(dir), before, "and no temporary file");

	is_int(outfile_open(&o, at("keep.csv")), 0, "opened again");
	is_int(entries(dir), before + 1, "a temporary file exists while writing");
	outfile_remove_temps();
	is_int(entries(dir), before, "the signal handler's cleanup removes it");
	outfile_abort(&o);

	if (geteuid() == 0) {
		/* root writes in any directory whose mode says no: procfs takes no file at all */
		ok(write_text("/proc/self/gpuperf-t-outfile.csv", "x\n") == GP_EXIT_FAIL,
		   "a directory that takes no file (/proc/self, root) is an error");
		ok(access("/proc/self/gpuperf-t-outfile.csv", F_OK) != 0, "and nothing is left there");
	} else {
		mkdir(at("ro"), 0755);
		put(at("ro/f.csv"), "ro\n", 0644);
		chmod(at("ro"), 0555);
		ok(write_text(at("ro/f.csv"), "x\n") == GP_EXIT_FAIL, "a read-only directory is an error");
		is_str(slurp(at("ro/f.csv")), "ro\n", "the file in it unchanged");
		chmod(at("ro"), 0755);
	}
	ok(write_text(at("missing/f.csv"), "x\n") == GP_EXIT_FAIL, "a missing directory is an error");
	is_int(entries(dir), before, "nothing is created on failure");

}

/*
 * A write error (a full disk) at commit, in a child: GPUPERF_FAULT is
 * read at the first gp_fault call, so this runs before any other write.
 */
static void write_error(void)
{
	int before, status;

	put(at("keep.csv"), "keep\n", 0644);
	before = entries(dir);
	fflush(stdout);
	if (fork() == 0) {
		setenv("GPUPERF_FAULT", "outfile write:1", 1);
		_exit(write_text(at("keep.csv"), "lost\n") == GP_EXIT_FAIL ? 0 : 1);
	}
	wait(&status);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a failed write is an error");
	is_str(slurp(at("keep.csv")), "keep\n", "the old content stays");
	is_int(entries(dir), before, "and no temporary file is left");
	unlink(at("keep.csv"));
}

int main(void)
{
	char cmd[96];

	snprintf(dir, sizeof(dir), "/tmp/t-outfile.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	write_error();
	new_files();
	existing_files();
	links();
	kinds();
	fifo();
	descriptors();
	device();
	failures();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		diag("could not remove %s", dir);
	return done_testing();
}
