/* GPUPERF_FAULT=TEXT:N: the Nth matching call and every later one fail. */
#include <stdlib.h>
#include "tests/unit/unit.h"
#include "util/fault.h"

int main(void)
{
	setenv("GPUPERF_FAULT", "timed launch:2", 1);
	is_int(gp_fault("cudaMalloc (input)"), 0, "a call that does not match never fails");
	is_int(gp_fault("timed launch"), 0, "the first match runs");
	is_int(gp_fault("cudaMalloc (output)"), 0, "other calls between do not count");
	is_int(gp_fault("bandwidth timed launch"), 1, "the second match fails (TEXT anywhere in it)");
	is_int(gp_fault("timed launch"), 1, "and every later match, as after a sticky error");
	is_int(gp_fault("verify launch"), 0, "still not the others");
	setenv("GPUPERF_FAULT", "verify launch:1", 1);
	is_int(gp_fault("verify launch"), 0, "the variable is read once, at the first call");
	return done_testing();
}
