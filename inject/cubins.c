/*
 * The cubins of the modules the program loads, kept by their CRC while
 * sampling or per-instruction counts are wanted: CUPTI names a PC by
 * (cubin CRC, function, offset), and the cubin's line table gives its
 * file and line (occupancy/lines.h), its code the instruction's bytes.
 * Only cubins with a line table are
 * kept: a library's modules built without one (PyTorch's) would hold
 * memory for nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "inject/inject.h"
#include "occupancy/cubin.h"

struct cubin {
	uint64_t crc;
	unsigned char *bytes;
	size_t size;
};

static struct {
	pthread_mutex_t lock;
	struct cubin *v;
	size_t n;
} cubins = { .lock = PTHREAD_MUTEX_INITIALIZER };

void inj_cubins_keep(const CUpti_ModuleResourceData *m)
{
	CUpti_GetCubinCrcParams p;
	struct cubin *c;

	/* its section names hold ".debug_line" (".nv_debug_line_sass" ends otherwise) */
	if (!m || !m->pCubin || !m->cubinSize ||
	    !memmem(m->pCubin, m->cubinSize, ".debug_line", sizeof(".debug_line")))
		return;
	memset(&p, 0, sizeof(p));
	p.size = CUpti_GetCubinCrcParamsSize;
	p.cubin = m->pCubin;
	p.cubinSize = m->cubinSize;
	if (inj_api.cuptiGetCubinCrc(&p))
		return;
	pthread_mutex_lock(&cubins.lock);
	c = realloc(cubins.v, (cubins.n + 1) * sizeof(*c));
	if (c) {
		cubins.v = c;
		c = &cubins.v[cubins.n];
		c->crc = p.cubinCrc;
		c->size = m->cubinSize;
		if ((c->bytes = malloc(c->size))) {
			memcpy(c->bytes, m->pCubin, c->size);
			cubins.n++;
		}
	}
	pthread_mutex_unlock(&cubins.lock);
}

/* The code of function (its .text section) in the cubin of crc: kept, so it stays put. */
static void text_of(const struct cubin *c, const char *function, struct inj_lines *ll)
{
	struct cubin_section *sec = NULL;
	size_t n = 0;
	char err[128];

	if (cubin_sections(c->bytes, c->size, &sec, &n, err, sizeof(err)))
		return;
	for (size_t i = 0; i < n; i++)
		if (!strncmp(sec[i].name, ".text.", 6) && !strcmp(sec[i].name + 6, function) &&
		    sec[i].data) {
			ll->text = sec[i].data;
			ll->text_size = sec[i].size;
		}
	free(sec);
}

/* The line table and the code of function in the cubin of crc.  0, or -1: no line table. */
static int cubin_lines(uint64_t crc, const char *function, struct inj_lines *ll)
{
	char err[128];
	int rc = -1;

	pthread_mutex_lock(&cubins.lock);
	for (size_t i = 0; i < cubins.n; i++)
		if (cubins.v[i].crc == crc) {
			rc = lines_read(cubins.v[i].bytes, cubins.v[i].size, function, &ll->t, err,
					sizeof(err)) == LINES_OK ? 0 : -1;
			text_of(&cubins.v[i], function, ll);
			break;
		}
	pthread_mutex_unlock(&cubins.lock);
	return rc;
}

void inj_line_of(struct inj_lines *ll, uint64_t crc, const char *function, uint64_t offset,
		 struct prof_rec *r)
{
	const struct line_row *row;

	if (!ll->tried) {
		ll->tried = 1;
		ll->ok = !cubin_lines(crc, function, ll);
	}
	if (ll->ok && (row = lines_at(&ll->t, offset)) && lines_file(&ll->t, row) && row->line &&
	    (r->hot_file = strdup(lines_file(&ll->t, row))))
		r->hot_line = (int)row->line;
}

void inj_lines_free(struct inj_lines *ll)
{
	lines_free(&ll->t);
}

void inj_write_pc(struct prof_rec *q, const struct prof_rec *launch, uint64_t crc,
		  const char *function, uint64_t offset, struct inj_lines *ll)
{
	char code[2 * PROF_SASS_BYTES + 1];

	q->dev = launch->dev;
	q->kernel = launch->kernel;
	q->nth = launch->nth;
	q->hot_pc = offset;
	inj_line_of(ll, crc, function, offset, q);
	/* its encoding, for gpuperf to name it (profile/disasm.h) */
	if (ll->text && offset + PROF_SASS_BYTES <= ll->text_size) {
		for (size_t i = 0; i < PROF_SASS_BYTES; i++)
			snprintf(code + 2 * i, 3, "%02x", ll->text[offset + i]);
		q->code = code;
	}
	inj_write(q);
	free(q->hot_file);
	q->hot_file = NULL;
	q->code = NULL;
}
