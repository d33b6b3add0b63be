/* "Did you mean": optimal string alignment distance over candidates. */
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/suggest.h"

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;
	return m < c ? m : c;
}

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), w = lb + 1, d;
	size_t *m = gp_xmalloc((la + 1) * w * sizeof(*m));

	for (size_t i = 0; i <= la; i++)
		m[i * w] = i;
	for (size_t j = 0; j <= lb; j++)
		m[j] = j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t v = min3(m[(i - 1) * w + j] + 1, m[i * w + j - 1] + 1,
					m[(i - 1) * w + j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    m[(i - 2) * w + j - 2] + 1 < v)
				v = m[(i - 2) * w + j - 2] + 1;
			m[i * w + j] = v;
		}
	}
	d = m[la * w + lb];
	free(m);
	return d;
}

const char *suggest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, len = strlen(word);
	/* A typo is a small share of the word: 1 edit for short words, 2 for longer. */
	size_t limit = len <= 3 ? 1 : 2;

	for (size_t i = 0; i < n; i++) {
		size_t d;
		if (!cands[i])
			continue;
		d = edit_distance(word, cands[i]);
		if (len >= 3 && !strncmp(word, cands[i], len) && d > limit)
			d = limit;  /* a prefix of a candidate is a likely abbreviation */
		if (d < best_d) {
			best_d = d;
			best = cands[i];
		}
	}
	return best_d <= limit ? best : NULL;
}
