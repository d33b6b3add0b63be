/* A sample for tests/meta/mutation.bats: what the generator mutates. */
#define LIMIT 0.6     /* a threshold */

static const int table[] = { 7, -1 };

static int judge(const double *v, int n)
{
	char buf[32];   /* a size: left alone */
	int i, best = -1;

	(void)buf;
	for (i = 0; i < n; i++)
		if (v[i] >= LIMIT && (best < 0 || v[i] > v[best]))
			best = i;
	return best >= 0 ? table[0] + v[best] * 2 : table[1];  /* "a < b" in a comment */
}
