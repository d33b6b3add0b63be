/* Small portable helpers shared by every module. */
#ifndef GP_UTIL_COMPAT_H
#define GP_UTIL_COMPAT_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define GP_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#define GP_NORETURN __attribute__((noreturn))
#define GP_UNUSED __attribute__((unused))

#endif
