"""The MicroPython unix port the simulator runs on, and what goes wrong finding it."""

from __future__ import annotations

import pathlib
import shutil
import sys


class SimError(RuntimeError):
    pass


def micropython() -> str:
    """The `micropython` command: the one beside this Python (the project's .venv), else on PATH."""
    found = pathlib.Path(sys.executable).parent / "micropython"
    if found.exists():
        return str(found)
    which = shutil.which("micropython")
    if which is None:
        raise SimError("the micropython command is not installed: run `make sim` or `make test` once")
    return which
