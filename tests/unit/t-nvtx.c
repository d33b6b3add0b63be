/*
 * The profiling library as the program's NVTX tool (inject/nvtx.c,
 * inject/range-paths.c), driven through NVTX's own header implementation
 * as a program compiled with it calls it: injected statically (NVTX's
 * InitializeInjectionNvtx2_fnptr) rather than through
 * NVTX_INJECTION64_PATH and dlopen, which tests/cli/profile-ranges.bats
 * covers.  Each path is checked against the names pushed, written out here.
 */
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <nvtx3/nvToolsExt.h>
#include "inject/ranges.h"
#include "profile/range-name.h"
#include "tests/unit/unit.h"

/* The calling thread's path as people read it ("a/b"; "" for none). */
static const char *path_now(char *buf, size_t n)
{
	const char *s = inj_path_string(inj_nvtx_path());
	size_t i;

	for (i = 0; s[i] && i + 1 < n; i++)
		buf[i] = s[i] == PROF_RANGE_SEP ? '/' : s[i];
	buf[i] = '\0';
	return buf;
}

static nvtxEventAttributes_t ascii(const char *m)
{
	nvtxEventAttributes_t a = { 0 };

	a.version = NVTX_VERSION;
	a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
	a.messageType = NVTX_MESSAGE_TYPE_ASCII;
	a.message.ascii = m;
	return a;
}

static void test_push_pop(void)
{
	char p[512];
	uint32_t first;

	is_str(path_now(p, sizeof(p)), "", "before any push: no range");
	is_int(nvtxRangePushA("train"), 0, "the first push is level 0 (NVTX attached: a no-op says -2)");
	ok(inj_nvtx_attached(), "NVTX attached to the library");
	is_str(path_now(p, sizeof(p)), "train", "one level");
	is_int(nvtxRangePushA("aten::linear, seq = 12, op_id = 345"), 1, "the second is level 1");
	is_str(path_now(p, sizeof(p)), "train/aten::linear", "PyTorch's sequence number and op id cut");
	first = inj_nvtx_path();
	is_int(nvtxRangePop(), 1, "a pop says the level it ended");
	nvtxRangePushA("aten::linear, seq = 13, op_id = 346, sizes = [[8, 4], [4]]");
	is_int(inj_nvtx_path(), first, "the next iteration's call is the same scope, the same path");
	nvtxRangePop();
	nvtxRangePushW(L"\u03b5\u03c0\u03bf\u03c7\u03ae");
	is_str(path_now(p, sizeof(p)), "train/\xce\xb5\xcf\x80\xce\xbf\xcf\x87\xce\xae",
	       "a wide name, as UTF-8");
	nvtxRangePop();
	is_int(nvtxRangePop(), 0, "back to level 0");
	is_str(path_now(p, sizeof(p)), "", "every range closed: no range");
	ok(nvtxRangePop() < 0, "a pop without its push is refused, nothing changed");
	is_str(path_now(p, sizeof(p)), "", "still no range");
}

static void test_domains(void)
{
	nvtxDomainHandle_t d = nvtxDomainCreateA("mylib");
	nvtxEventAttributes_t a = ascii("inner");
	nvtxStringHandle_t h;
	char p[512];

	ok(d != NULL, "a domain has a handle");
	nvtxRangePushA("outer");
	nvtxDomainRangePushEx(d, &a);
	nvtxRangePushA("last");
	is_str(path_now(p, sizeof(p)), "outer/inner/last", "domains' levels in one path");
	is_int(nvtxDomainRangePop(d), 1, "the domain's pop ends its own level, below the top");
	is_str(path_now(p, sizeof(p)), "outer/last", "the levels above it move down");
	nvtxRangePop();
	h = nvtxDomainRegisterStringA(d, "registered, seq = 7");
	a.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
	a.message.registered = h;
	nvtxDomainRangePushEx(d, &a);
	is_str(path_now(p, sizeof(p)), "outer/registered", "a registered string names its range");
	is_int(nvtxRangePop(), 0, "the default domain's pop ends the default domain's level");
	is_str(path_now(p, sizeof(p)), "registered", "the domain's level left, moved down");
	nvtxDomainRangePop(d);
	is_str(path_now(p, sizeof(p)), "", "all closed");
}

struct seen {
	char before[128], inside[128];
	pthread_barrier_t *go;
};

/* Another thread: its own stack, under the process's start/end ranges. */
static void *worker(void *arg)
{
	struct seen *s = arg;

	nvtxRangePushA("worker");
	path_now(s->before, sizeof(s->before));
	pthread_barrier_wait(s->go);   /* main starts "epoch" */
	pthread_barrier_wait(s->go);
	path_now(s->inside, sizeof(s->inside));
	nvtxRangePop();
	return NULL;
}

static void test_threads_and_start_end(void)
{
	pthread_barrier_t go;
	struct seen s = { .go = &go };
	nvtxRangeId_t id;
	pthread_t t;
	char p[512];

	pthread_barrier_init(&go, NULL, 2);
	nvtxRangePushA("main");
	pthread_create(&t, NULL, worker, &s);
	pthread_barrier_wait(&go);
	id = nvtxRangeStartA("epoch 1");
	pthread_barrier_wait(&go);
	pthread_join(t, NULL);
	is_str(s.before, "worker", "a thread's pushes are its own: not under main's");
	is_str(s.inside, "epoch 1/worker", "a start/end range is around every thread's ranges");
	is_str(path_now(p, sizeof(p)), "epoch 1/main", "... outermost on the thread that started it");
	nvtxRangeEnd(id);
	is_str(path_now(p, sizeof(p)), "main", "ended: gone from the path");
	nvtxRangePop();
	pthread_barrier_destroy(&go);
}

static void test_deep(void)
{
	char p[512], name[16];
	uint32_t at64 = 0;

	for (int i = 0; i < 70; i++) {
		snprintf(name, sizeof(name), "l%d", i);
		is_int(nvtxRangePushA(name), i, "push %d is level %d", i, i);
		if (i == 63)
			at64 = inj_nvtx_path();
	}
	is_int(inj_nvtx_path(), at64, "levels past 64 count, and the path is the 64th's");
	for (int i = 69; i >= 0; i--)
		nvtxRangePop();
	is_str(path_now(p, sizeof(p)), "", "70 pops close them all");
}

static void test_paths(void)
{
	uint32_t a = inj_path_child(0, inj_name("a")), ab = inj_path_child(a, inj_name("b"));
	uint32_t c = inj_path_child(0, inj_name("c")), cd = inj_path_child(c, inj_name("d"));
	uint32_t abcd = inj_path_child(inj_path_child(ab, inj_name("c")), inj_name("d"));

	ok(a && ab && c && cd && a != ab, "paths have their own numbers");
	is_int(inj_path_child(0, inj_name("a")), a, "the same name under the same parent: the same path");
	is_int(inj_path_join(ab, cd), abcd, "a/b with c/d inside: a/b/c/d");
	is_int(inj_path_join(0, cd), cd, "inside no range: itself");
	is_int(inj_path_join(ab, 0), ab, "nothing inside: the outer path");
	ok(inj_name("x, seq = 1") == inj_name("x, op_id = 2"), "names interned after cleaning");
	is_str(inj_path_string(0), "", "path 0: no range");
}

/* Past INJ_MAX_PATHS names, new ones fold: the path is the parent's, and it says so. */
static void test_fold(void)
{
	char name[32];
	uint32_t root = inj_path_child(0, inj_name("fold")), last = 0;

	ok(!inj_paths_folded(), "nothing folded yet");
	for (int i = 0; i < INJ_MAX_PATHS + 10; i++) {
		snprintf(name, sizeof(name), "n%d", i);
		last = inj_path_child(root, inj_name(name));
	}
	ok(inj_paths_folded(), "past %d paths: folded", INJ_MAX_PATHS);
	ok(last == root || !strcmp(inj_path_string(last), "fold" "\x1f" PROF_RANGE_UNNAMED),
	   "a new path past the limit is its parent, or its name (unnamed) when names ran out");
}

/* A fork while another thread pushes: the child's tables are not left locked. */
static void *pusher(void *arg)
{
	volatile int *stop = arg;

	while (!*stop) {
		nvtxRangePushA("busy");
		nvtxRangePop();
	}
	return NULL;
}

static void test_fork(void)
{
	volatile int stop = 0;
	int hung = 0;
	pthread_t t;

	pthread_create(&t, NULL, pusher, (void *)&stop);
	for (int i = 0; i < 50 && !hung; i++) {
		pid_t child = fork();
		int st;

		if (child == 0) {
			alarm(5);   /* a hang ends the child by SIGALRM */
			nvtxRangePushA("child");
			_exit(inj_nvtx_path() ? 0 : 1);
		}
		waitpid(child, &st, 0);
		hung = !WIFEXITED(st) || WEXITSTATUS(st);
	}
	stop = 1;
	pthread_join(t, NULL);
	ok(!hung, "50 forks beside a thread pushing: each child pushes, none hangs");
}

int main(void)
{
	unsetenv("NVTX_INJECTION64_PATH");   /* it would come before the static injection */
	InitializeInjectionNvtx2_fnptr = InitializeInjectionNvtx2;
	test_push_pop();
	test_domains();
	test_threads_and_start_end();
	test_deep();
	test_paths();
	test_fork();
	test_fold();
	return done_testing();
}
