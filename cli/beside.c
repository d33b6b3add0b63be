/* Files shipped beside the binary: the source tree's, or an install's share/. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/global.h"

int cli_find_beside(const char *const *dirs, size_t ndirs, const char *file, char *out, size_t n)
{
	char exe[PATH_MAX], *slash;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (len <= 0)
		return -1;
	exe[len] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return -1;
	*slash = '\0';
	for (size_t i = 0; i < ndirs; i++) {
		snprintf(out, n, "%s/%s/%s", exe, dirs[i], file);
		if (!access(out, R_OK))
			return 0;
	}
	return -1;
}
