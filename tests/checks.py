"""checks.py: what the check_*.py scripts share."""
import glob
import os


def expand(paths, extension):
    """A directory stands for its files ending in `extension`, so a file
    added there is checked without touching meson.build."""
    out = []
    for path in paths:
        out += sorted(glob.glob(os.path.join(path, "*" + extension))) if os.path.isdir(path) else [path]
    return out


def data_lines(path):
    """The lines of a data file, without blank lines and `#` comments."""
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def summary(passed, failed):
    """The closing line CI reads; a check that checked nothing has failed."""
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0
