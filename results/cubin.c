/* The kernels read from compiled CUDA code: freeing them. */
#include <stdlib.h>
#include <string.h>
#include "results/cubin.h"

void cubin_set_free(struct cubin_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->k[i].name);
	free(set->k);
	memset(set, 0, sizeof(*set));
}
