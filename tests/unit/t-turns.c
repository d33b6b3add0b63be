/*
 * util/turns: one holder of a slot at a time among processes, a waiter
 * seen by the holder and served when it gives, the holder's pid read
 * from its lock, slots apart, a dead holder's slot free, the shared
 * file's content untouched.  Each other process here is a fork that
 * opens the file itself, as the profiled program's processes do.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "util/clock.h"
#include "util/turns.h"

static char path[64];

/* Run fn in a child with its own turns on path; its exit status (0 = all well). */
static int in_child(int (*fn)(struct turns *, pid_t), pid_t parent, pid_t *child)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		struct turns t;
		_exit(turns_open(&t, path) ? 100 : fn(&t, parent));
	}
	if (child) {
		*child = pid;
		return 0;
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 101;
}

/* The parent holds slot 5: not for us, and its pid named; slot 6 is free. */
static int held_elsewhere(struct turns *t, pid_t parent)
{
	pid_t holder;

	if (turns_take(t, 5, 0, &holder) != 0)
		return 1;
	if (holder != parent)
		return 2;
	if (turns_take(t, 6, 0, &holder) != 1 || holder != 0)
		return 3;
	return 0;
}

/* Wait up to 5 s for slot 5: the parent gives it once it sees us waiting. */
static int waiter(struct turns *t, pid_t parent)
{
	pid_t holder;

	if (turns_take(t, 5, 5000, &holder) != 1)
		return 1;
	return holder == parent ? 0 : 2;
}

/* Wait for slot 5, then keep it 300 ms: the giver must not take it back meanwhile. */
static int waits_and_keeps(struct turns *t, pid_t parent)
{
	pid_t holder;

	if (turns_take(t, 5, 5000, &holder) != 1)
		return 1;
	usleep(300000);
	return holder == parent ? 0 : 2;
}

/* Take slot 7 and die holding it. */
static int dies_holding(struct turns *t, pid_t parent)
{
	pid_t holder;

	(void)parent;
	return turns_take(t, 7, 0, &holder) == 1 ? 0 : 1;
}

int main(void)
{
	struct turns t;
	struct stat st;
	pid_t holder, child, me = getpid();
	double t0;
	int seen = 0, status;

	snprintf(path, sizeof(path), "/tmp/t-turns.XXXXXX");
	close(mkstemp(path));
	if (turns_open(&t, path)) {
		skip("cannot open %s", path);
		return done_testing();
	}
	is_int(turns_take(&t, 5, 0, &holder), 1, "a free slot is taken at once");
	is_int(holder, 0, "without waiting for anyone");
	is_int(turns_take(&t, 5, 0, &holder), 1, "taking one's own slot again is a no-op");
	is_int(in_child(held_elsewhere, me, NULL), 0,
	       "another process finds slot 5 held, by this pid, and slot 6 free");
	is_int(turns_wanted(&t, 5), 0, "nobody waits for slot 5 yet");

	in_child(waiter, me, &child);
	for (t0 = gp_now_ms(); !seen && gp_now_ms() - t0 < 5000; usleep(1000))
		seen = turns_wanted(&t, 5);
	ok(seen, "the holder sees the other process wait for slot 5");
	turns_give(&t, 5);
	waitpid(child, &status, 0);
	ok(WIFEXITED(status) && !WEXITSTATUS(status),
	   "given back, the waiter gets it and names the pid it waited for (status %d)",
	   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	is_int(turns_take(&t, 5, 0, &holder), 1, "the waiter gone, slot 5 is free again");

	/* a holder that gives to a waiter and takes again at once (its next launch) */
	in_child(waits_and_keeps, me, &child);
	for (seen = 0, t0 = gp_now_ms(); !seen && gp_now_ms() - t0 < 5000; usleep(1000))
		seen = turns_wanted(&t, 5);
	ok(seen, "a second waiter is seen");
	turns_give(&t, 5);
	is_int(turns_take(&t, 5, 0, &holder), 0,
	       "given to a waiter, slot 5 is not taken straight back: the waiter has it");
	is_int(holder, child, "and the giver names the waiter as its holder");
	is_int(turns_take(&t, 5, 5000, &holder), 1, "the waiter done, the giver has it again");
	waitpid(child, &status, 0);
	ok(WIFEXITED(status) && !WEXITSTATUS(status), "the waiter kept it its 300 ms (status %d)",
	   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	turns_give(&t, 5);
	is_int(turns_take(&t, 5, 0, &holder), 1, "given with nobody waiting, it is taken back at once");

	is_int(in_child(dies_holding, me, NULL), 0, "a process takes slot 7 and exits");
	is_int(turns_take(&t, 7, 0, &holder), 1, "its slot went with it");

	ok(!stat(path, &st) && st.st_size == 0, "the file holds no byte (locks only)");
	turns_close(&t);
	unlink(path);
	return done_testing();
}
