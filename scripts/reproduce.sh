#!/bin/sh
# reproduce.sh: the README's command; the driver is scripts/reproduce.py (--help).
exec python3 "$(dirname "$0")/reproduce.py" "$@"
