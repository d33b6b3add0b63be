/* When a launch is PC-sampled: profile/sample-when.h says why. */
#include <math.h>
#include "profile/sample-when.h"

int prof_sample_now(const struct prof_sample_when *w)
{
	if (w->sampling || !w->counting)
		return 1;   /* no turn to take: nothing to close */
	return w->quiet >= PROF_SAMPLE_SETTLED ||
	       (w->waited >= PROF_SAMPLE_WAITS &&
		(w->every || !isless(w->launch_ns, PROF_SAMPLE_SHORT_NS)));
}
