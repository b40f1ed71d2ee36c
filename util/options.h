/* options.h: strict command-line options, one table per command.
 *
 * A command lists the options it takes; anything else is refused:
 *   --name value and --name=value      an option that takes a value
 *   --name                             a flag (--name=... is refused)
 *   -h                                 the same as --help, when the command takes --help
 * An option given twice, a value missing (the end of the arguments, or a
 * next argument starting with "--": no value prune takes starts so; write
 * --name=--x to mean it), an argument starting with '-' that is not in the
 * table, and more operands than the command takes are all refused with a
 * one-line message.  Operands (a GAME) may come before or after options. */
#ifndef PRUNE_OPTIONS_H
#define PRUNE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *name;   /* without the leading "--"; NULL ends a table */
    bool takes_value;
} option_spec;

#define OPTIONS_MAX 24  /* options in one command's table, and one more (options_parse asserts it) */

typedef struct {
    const option_spec *specs;
    const char *operand;               /* the command's operand, or NULL */
    const char *values[OPTIONS_MAX];   /* by table index: the value, "" for a flag, NULL if absent */
} options;

typedef enum { OPTIONS_OK = 0, OPTIONS_BAD = 2 } options_status;

/* Parses argv[first..argc) for `command`, which takes the options in
 * `specs` and at most one operand, named `operand` in messages (NULL: the
 * command takes none).  On OPTIONS_BAD the
 * message (which may quote the argument as given) says what was wrong. */
options_status options_parse(const char *command, const option_spec *specs, const char *operand, int argc,
                             char **argv, int first, options *out, char *message, size_t message_size);

/* The value of option `name` (a flag's is ""), or NULL if it was not given.
 * `name` must be in the command's table. */
const char *options_value(const options *o, const char *name);

/* Whether option `name` was given. */
bool options_given(const options *o, const char *name);

#endif
