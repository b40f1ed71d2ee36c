/* options.c: strict command-line options (rules in options.h). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "options.h"

/* The table index of the option `arg` names ("--name" or "--name=..."),
 * or -1. */
static int find_option(const option_spec *specs, const char *arg)
{
    if (strcmp(arg, "-h") == 0) arg = "--help";
    if (strncmp(arg, "--", 2) != 0) return -1;
    const char *name = arg + 2;
    size_t length = strcspn(name, "=");
    for (int i = 0; specs[i].name; i++)
        if (strlen(specs[i].name) == length && strncmp(specs[i].name, name, length) == 0) return i;
    return -1;
}

/* The name part of an option argument, for messages: "--name" of "--name=x". */
static int name_length(const char *arg)
{
    return (int)strcspn(arg, "=");
}

static options_status take_option(const char *command, int index, int argc, char **argv, int *i,
                                  options *out, char *message, size_t message_size)
{
    const char *arg = argv[*i], *equals = strchr(arg, '=');
    const option_spec *spec = &out->specs[index];
    if (out->values[index]) {
        snprintf(message, message_size, "%s: --%s is given twice", command, spec->name);
        return OPTIONS_BAD;
    }
    if (!spec->takes_value) {
        if (equals) {
            snprintf(message, message_size, "%s: --%s takes no value, got '%s'", command, spec->name, arg);
            return OPTIONS_BAD;
        }
        out->values[index] = "";
        return OPTIONS_OK;
    }
    if (equals) {
        out->values[index] = equals + 1;
        return OPTIONS_OK;
    }
    if (*i + 1 >= argc || strncmp(argv[*i + 1], "--", 2) == 0) {
        snprintf(message, message_size, "%s: --%s needs a value", command, spec->name);
        return OPTIONS_BAD;
    }
    out->values[index] = argv[++*i];
    return OPTIONS_OK;
}

options_status options_parse(const char *command, const option_spec *specs, const char *operand, int argc,
                             char **argv, int first, options *out, char *message, size_t message_size)
{
    *out = (options){.specs = specs};
    for (int i = 0; specs[i].name; i++) assert(i + 1 < OPTIONS_MAX);
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] == '-') {
            int index = find_option(specs, arg);
            if (index < 0) {
                snprintf(message, message_size, "%s does not take %.*s", command, name_length(arg), arg);
                return OPTIONS_BAD;
            }
            if (take_option(command, index, argc, argv, &i, out, message, message_size) != OPTIONS_OK)
                return OPTIONS_BAD;
        } else if (!operand) {
            snprintf(message, message_size, "%s takes no arguments, got '%s'", command, arg);
            return OPTIONS_BAD;
        } else if (out->operand) {
            snprintf(message, message_size, "%s takes one %s, got '%s' and '%s'", command, operand,
                     out->operand, arg);
            return OPTIONS_BAD;
        } else {
            out->operand = arg;
        }
    }
    return OPTIONS_OK;
}

const char *options_value(const options *o, const char *name)
{
    for (int i = 0; o->specs[i].name; i++)
        if (strcmp(o->specs[i].name, name) == 0) return o->values[i];
    assert(!"options_value: the option is not in the command's table");
    return NULL;
}

bool options_given(const options *o, const char *name)
{
    return options_value(o, name) != NULL;
}
