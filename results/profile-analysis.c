/* What gpuperf profile finds: freeing it. */
#include <stdlib.h>
#include <string.h>
#include "results/profile-analysis.h"

void prof_bound_free(struct prof_bound *b)
{
	free(b->text);
	free(b->brief);
	free(b->advice);
	b->text = b->brief = b->advice = NULL;
}

void prof_kernel_free(struct prof_kernel *k)
{
	free(k->kernel);
	free(k->name);
	free(k->short_name);
	free(k->device_name);
	free(k->limiter);
	free(k->next_step);
	free(k->verdict_text);
	free(k->verdict_short);
	free(k->command);
	free(k->disagree);
	free(k->counter_set);
	free(k->stalls.hot_file);
	free(k->where.file);
	free(k->where.op);
	free(k->where.sass);
	prof_bound_free(&k->bound);
}

void prof_analysis_free(struct prof_analysis *a)
{
	for (size_t i = 0; i < a->n; i++)
		prof_kernel_free(&a->k[i]);
	free(a->k);
	for (size_t i = 0; i < a->nnotes; i++) {
		free(a->notes[i].level);
		free(a->notes[i].text);
	}
	free(a->notes);
	free(a->summary);
	memset(a, 0, sizeof(*a));
}

void prof_range_free(struct prof_range *r)
{
	free(r->path);
	free(r->label);
}

void prof_ranges_free(struct prof_ranges *g)
{
	for (size_t i = 0; i < g->n; i++)
		prof_range_free(&g->r[i]);
	free(g->r);
	free(g->summary);
	memset(g, 0, sizeof(*g));
}

void prof_instrs_free(struct prof_instrs *in)
{
	for (size_t i = 0; i < in->n; i++) {
		free(in->v[i].file);
		free(in->v[i].op);
		free(in->v[i].sass);
	}
	for (size_t i = 0; i < in->nlines; i++)
		free(in->lines[i].file);
	free(in->v);
	free(in->lines);
	memset(in, 0, sizeof(*in));
}
