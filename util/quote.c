/* Command lines as a shell would take them back. */
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "util/quote.h"

static const char plain_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				  "0123456789_@%+=:,./-";

char *shell_join(char *const *words, int n)
{
	size_t len = 1, k = 0;
	char *s;

	for (int i = 0; i < n; i++)
		len += 4 * strlen(words[i]) + 3;  /* each ' as '\'', two quotes, a space */
	s = gp_xmalloc(len);
	for (int i = 0; i < n; i++) {
		const char *w = words[i];
		int plain = *w && strspn(w, plain_chars) == strlen(w);

		if (i)
			s[k++] = ' ';
		if (plain) {
			memcpy(s + k, w, strlen(w));
			k += strlen(w);
			continue;
		}
		s[k++] = '\'';
		for (; *w; w++) {
			if (*w == '\'') {
				memcpy(s + k, "'\\''", 4);
				k += 4;
			} else {
				s[k++] = *w;
			}
		}
		s[k++] = '\'';
	}
	s[k] = '\0';
	return s;
}
