#!/usr/bin/env python3
"""engine_names.py: the index of the engine's pasted names (engine/names.txt).

The per-game engine is written once as templates (engine/search_mode.h
states the convention) and compiled several times, so its functions are
named by macros (LADDER_NAME(child), SEARCH_NAME(maxmin)) and no grep or
tag tool finds `ladder_tt_negamax_copy`, the name a debugger's backtrace
shows.  This script walks the includes from engine/search_instance.c as
the preprocessor does, following the *_NAME macros each includer defines,
and writes one line per name the compiler makes:

    NAME  FILE:LINE  AS WRITTEN

NAME padded with spaces to the longest name's width, e.g.
`ladder_tt_negamax_copy                   engine/ladder_search.h:283  LADDER_NAME(negamax)`.
engine/names.txt is that index; tests/check_engine_names.py checks it is
current, so `grep ladder_tt_negamax_copy engine/names.txt` leads to the
line that defines it.

    scripts/engine_names.py            print the index
    scripts/engine_names.py -o PATH    write it (atomically)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "engine")
START = "search_instance.c"
DEFINE = re.compile(r"^#define ([A-Z]+_NAME)\(name\) (.+?)\s*$")
UNDEF = re.compile(r"^#undef ([A-Z]+_NAME)\b")
INCLUDE = re.compile(r'^#include "(\w+\.h)"')
# A definition: a function, object or type at file scope named through a
# macro (`static int LADDER_NAME(negamax)(...) {`, `} TREE_NAME(node);`);
# a prototype (the line ends with ';' before any '{') is not one.
DEFINITION = re.compile(r"^(?:static|typedef|\})\b[^;{]*?\b([A-Z]+_NAME)\((\w+)\)")
CALL = re.compile(r"^([A-Z]+_NAME)\((\w+)\)$")
# A plain macro for one pasted name (`#define TREE_NODE TREE_NAME(node)`), and a type it closes (`} TREE_NODE;`).
ALIAS = re.compile(r"^#define ([A-Z_]+) ([A-Z]+_NAME)\((\w+)\)\s*$")
CLOSE = re.compile(r"^\} ([A-Z_]+);")


def expand(macros, macro, argument):
    """The name `macro(argument)` becomes, through the macros defined now."""
    body = macros[macro].replace("##name", argument).replace("name##", argument)
    call = CALL.match(body)
    return expand(macros, call.group(1), call.group(2)) if call and call.group(1) in macros else body


def walk(name, macros, out):
    """Appends (pasted name, file:line, as written) for every definition reached from engine/NAME."""
    path = os.path.join(ENGINE, name)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for number, line in enumerate(lines, 1):
        if DEFINE.match(line):
            macro, body = DEFINE.match(line).groups()
            macros[macro] = body
        elif ALIAS.match(line):
            alias, macro, argument = ALIAS.match(line).groups()
            macros[alias] = f"{macro}({argument})"
        elif CLOSE.match(line) and CLOSE.match(line).group(1) in macros:
            call = CALL.match(macros[CLOSE.match(line).group(1)])
            if call and call.group(1) in macros:
                out.append((expand(macros, *call.groups()), f"engine/{name}:{number}", CLOSE.match(line).group(1)))
        elif UNDEF.match(line):
            macros.pop(UNDEF.match(line).group(1), None)
        elif INCLUDE.match(line) and os.path.exists(os.path.join(ENGINE, INCLUDE.match(line).group(1))):
            included = INCLUDE.match(line).group(1)
            with open(os.path.join(ENGINE, included), encoding="utf-8") as f:
                template = "_NAME(" in f.read()
            if template:
                walk(included, dict(macros), out)
        else:
            found = DEFINITION.match(line)
            if found and found.group(1) in macros and (line.startswith("}") or not line.rstrip().endswith(";")):
                out.append((expand(macros, *found.groups()), f"engine/{name}:{number}",
                            f"{found.group(1)}({found.group(2)})"))


def index():
    found = []
    walk(START, {}, found)
    width = max(len(n) for n, _, _ in found)
    return "".join(f"{n:<{width}}  {where}  {written}\n" for n, where, written in sorted(set(found)))


def main(argv):
    text = index()
    if argv[:1] == ["-o"] and len(argv) == 2:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from atomic_file import write_text_atomically
        write_text_atomically(argv[1], text)
    elif not argv:
        sys.stdout.write(text)
    else:
        print("usage: engine_names.py [-o PATH]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
