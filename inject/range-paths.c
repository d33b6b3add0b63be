/*
 * Range names and paths, interned (inject/ranges.h).  A path is its
 * parent's number and its last name; its number is what the launches
 * note, its string what the records carry.  Pushes on every thread
 * intern here, under one lock; a name is cleaned once, when first seen.
 * Nothing is ever freed: the strings handed out stay valid to the end.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "profile/range-name.h"
#include "inject/ranges.h"

struct path {
	uint32_t parent;
	const char *name;       /* interned */
	char *full;             /* the levels joined by PROF_RANGE_SEP */
};

static struct {
	pthread_mutex_t lock;
	/* paths by number; 0 is the root, no range */
	struct path *v;
	uint32_t n, cap;
	uint32_t *slot;          /* open addressing over (parent, name): number + 1; 0 empty */
	size_t nslots;
	/* names */
	const char **names;      /* open addressing by string */
	size_t nnames, names_cap;
	int folded;
} t = { .lock = PTHREAD_MUTEX_INITIALIZER };

static char root_string[1] = "";

static size_t str_hash(const char *s)
{
	size_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static size_t pair_hash(uint32_t parent, const char *name)
{
	return ((size_t)parent * 2654435761u) ^ ((size_t)(uintptr_t)name >> 3) * 40503u;
}

/* Grow the name set to hold one more; 0 or -1.  Lock held. */
static int names_room(void)
{
	size_t cap = t.names_cap ? 2 * t.names_cap : 256;
	const char **v;

	if (2 * (t.nnames + 1) <= t.names_cap)
		return 0;
	if (!(v = calloc(cap, sizeof(*v))))
		return -1;
	for (size_t i = 0; i < t.names_cap; i++)
		if (t.names[i]) {
			size_t h = str_hash(t.names[i]) & (cap - 1);
			while (v[h])
				h = (h + 1) & (cap - 1);
			v[h] = t.names[i];
		}
	free(t.names);
	t.names = v;
	t.names_cap = cap;
	return 0;
}

/* The interned copy of a cleaned name; lock held. */
static const char *intern(const char *clean)
{
	size_t h;
	char *copy;

	for (h = t.names_cap ? str_hash(clean) & (t.names_cap - 1) : 0; t.names_cap && t.names[h];
	     h = (h + 1) & (t.names_cap - 1))
		if (!strcmp(t.names[h], clean))
			return t.names[h];
	if (t.nnames >= INJ_MAX_PATHS || names_room() || !(copy = strdup(clean))) {
		t.folded = 1;
		return PROF_RANGE_UNNAMED;
	}
	for (h = str_hash(clean) & (t.names_cap - 1); t.names[h]; h = (h + 1) & (t.names_cap - 1))
		;
	t.names[h] = copy;
	t.nnames++;
	return copy;
}

const char *inj_name(const char *msg)
{
	char clean[PROF_RANGE_NAME_MAX];
	const char *s;

	prof_range_name(msg, clean, sizeof(clean));
	pthread_mutex_lock(&t.lock);
	s = intern(clean);
	pthread_mutex_unlock(&t.lock);
	return s;
}

/* One code point as UTF-8 into out (4 bytes free); its length. */
static size_t utf8(uint32_t c, char *out)
{
	if (c > 0x10FFFF || (c >= 0xD800 && c < 0xE000))
		c = 0xFFFD;   /* not a character: the replacement character */
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xC0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xE0 | c >> 12);
		out[1] = (char)(0x80 | (c >> 6 & 0x3F));
		out[2] = (char)(0x80 | (c & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | c >> 18);
	out[1] = (char)(0x80 | (c >> 12 & 0x3F));
	out[2] = (char)(0x80 | (c >> 6 & 0x3F));
	out[3] = (char)(0x80 | (c & 0x3F));
	return 4;
}

const char *inj_name_wide(const wchar_t *msg)
{
	char buf[4 * PROF_RANGE_NAME_MAX];
	size_t n = 0;

	for (; msg && *msg && n + 4 < sizeof(buf); msg++)
		n += utf8((uint32_t)*msg, buf + n);
	buf[n] = '\0';
	return inj_name(buf);
}

/* Room for one more path (the array and its slots); 0 or -1.  Lock held. */
static int paths_room(void)
{
	if (t.n + 1 > t.cap) {
		uint32_t cap = t.cap ? 2 * t.cap : 256;
		struct path *v = realloc(t.v, cap * sizeof(*v));

		if (!v)
			return -1;
		t.v = v;
		t.cap = cap;
	}
	if (2 * ((size_t)t.n + 1) > t.nslots) {
		size_t ns = t.nslots ? 2 * t.nslots : 512;
		uint32_t *s = calloc(ns, sizeof(*s));

		if (!s)
			return -1;
		for (uint32_t i = 1; i < t.n; i++) {
			size_t h = pair_hash(t.v[i].parent, t.v[i].name) & (ns - 1);
			while (s[h])
				h = (h + 1) & (ns - 1);
			s[h] = i + 1;
		}
		free(t.slot);
		t.slot = s;
		t.nslots = ns;
	}
	return 0;
}

/* The child path; lock held. */
static uint32_t child(uint32_t parent, const char *name)
{
	size_t h, plen;
	struct path *p;

	if (!t.n) {   /* the root */
		if (paths_room())
			return parent;
		t.v[0] = (struct path){ 0, NULL, root_string };
		t.n = 1;
	}
	for (h = pair_hash(parent, name) & (t.nslots - 1); t.slot[h]; h = (h + 1) & (t.nslots - 1)) {
		p = &t.v[t.slot[h] - 1];
		if (p->parent == parent && p->name == name)
			return t.slot[h] - 1;
	}
	if (parent >= t.n || t.n >= INJ_MAX_PATHS || paths_room()) {
		t.folded = 1;
		return parent < t.n ? parent : 0;
	}
	p = &t.v[t.n];
	plen = strlen(t.v[parent].full);
	if (!(p->full = malloc(plen + strlen(name) + 2))) {
		t.folded = 1;
		return parent;
	}
	memcpy(p->full, t.v[parent].full, plen);
	if (plen)
		p->full[plen++] = PROF_RANGE_SEP;
	strcpy(p->full + plen, name);
	p->parent = parent;
	p->name = name;
	for (h = pair_hash(parent, name) & (t.nslots - 1); t.slot[h]; h = (h + 1) & (t.nslots - 1))
		;
	t.slot[h] = ++t.n;
	return t.n - 1;
}

uint32_t inj_path_child(uint32_t parent, const char *name)
{
	uint32_t id;

	pthread_mutex_lock(&t.lock);
	id = child(parent, name ? name : PROF_RANGE_UNNAMED);
	pthread_mutex_unlock(&t.lock);
	return id;
}

/* outer's path with inner's levels from the root down; lock held. */
static uint32_t join(uint32_t outer, uint32_t inner)
{
	if (!inner || inner >= t.n)
		return outer;
	return child(join(outer, t.v[inner].parent), t.v[inner].name);
}

uint32_t inj_path_join(uint32_t outer, uint32_t inner)
{
	uint32_t id;

	if (!outer)
		return inner;
	pthread_mutex_lock(&t.lock);
	id = join(outer, inner);
	pthread_mutex_unlock(&t.lock);
	return id;
}

const char *inj_path_string(uint32_t id)
{
	const char *s = root_string;

	pthread_mutex_lock(&t.lock);
	if (id && id < t.n)
		s = t.v[id].full;
	pthread_mutex_unlock(&t.lock);
	return s;
}

int inj_paths_folded(void)
{
	int f;

	pthread_mutex_lock(&t.lock);
	f = t.folded;
	pthread_mutex_unlock(&t.lock);
	return f;
}

void inj_paths_lock(void)
{
	pthread_mutex_lock(&t.lock);
}

void inj_paths_unlock(void)
{
	pthread_mutex_unlock(&t.lock);
}
