/* Command lines as a shell would take them back: each word quoted where it needs it. */
#ifndef GP_UTIL_QUOTE_H
#define GP_UTIL_QUOTE_H

/*
 * The n words joined by spaces, each that holds anything but letters,
 * digits and _@%+=:,./- (or is empty) in single quotes, a quote inside as
 * '\'' (sh -c 'exit 7'; it'\''s).  Pasted into sh, the line gives back the
 * words.  Free the result.
 */
char *shell_join(char *const *words, int n);

#endif
