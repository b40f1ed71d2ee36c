#!/bin/sh
# reproduce.sh: the README's command; the driver is scripts/reproduce.py (--help).
# The driver is Python: on a machine without it (a fresh Debian), the run's
# packages (scripts/packages.txt, group reproduce) are installed first.
here=$(dirname "$0")
if ! command -v python3 >/dev/null 2>&1; then
  case " $* " in
    *" --no-install "*) echo "reproduce.sh: python3 is not installed (and --no-install given)" >&2; exit 2 ;;
  esac
  "$here/install_deps.sh" reproduce || exit 1
fi
exec python3 "$here/reproduce.py" "$@"
