/*
 * The library's shared state (inject/inject.h), in a file of its own so
 * that every part reads it and none calls another to reach it.
 */
#include "inject/inject.h"

struct inj_state inj = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.bracket = PTHREAD_MUTEX_INITIALIZER,
	.launches = INJ_DEFAULT_LAUNCHES,
};
