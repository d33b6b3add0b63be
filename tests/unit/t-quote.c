/* shell_join: command lines as a shell would take them back. */
#include <stdlib.h>
#include "tests/unit/unit.h"
#include "util/quote.h"

static void joins(char *const *w, int n, const char *want)
{
	char *got = shell_join(w, n);
	is_str(got, want, "joined: %s", want);
	free(got);
}

int main(void)
{
	char *plain[] = { "./app", "--size", "1G", "a=b,c:d@e%f+g" };
	char *sh[] = { "sh", "-c", "exit 7" };
	char *odd[] = { "echo", "", "it's", "$HOME", "a*b", "tab\there", "~" };

	joins(plain, 4, "./app --size 1G a=b,c:d@e%f+g");
	joins(sh, 3, "sh -c 'exit 7'");
	joins(odd, 7, "echo '' 'it'\\''s' '$HOME' 'a*b' 'tab\there' '~'");
	joins(sh, 0, "");
	return done_testing();
}
