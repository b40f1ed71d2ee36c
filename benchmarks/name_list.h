/* name_list.h: membership in a comma-separated list of names, as the
 * benchmark tools take them (--games ttt,kalah; --study ardri,scala). */
#ifndef PRUNE_NAME_LIST_H
#define PRUNE_NAME_LIST_H

#include <stdbool.h>
#include <string.h>

/* True when `name` is one of the comma-separated names of `list`, or when
 * there is no list (NULL: every name). */
static inline bool name_listed(const char *list, const char *name)
{
    if (!list) return true;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) return true;
    return false;
}

#endif
