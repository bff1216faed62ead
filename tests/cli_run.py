"""The `adjutant` command as a user runs it: a process of its own, on an archive of the test's."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]


def run_cli(
    *args: str, db: pathlib.Path, port: str | None = None, check: bool = True, **env: str
) -> subprocess.CompletedProcess:
    """`adjutant [--port PORT] ARGS` with ADJUTANT_DB=db (and `env`); with check, it must succeed."""
    command = [sys.executable, "-m", "adjutant.cli"] + (["--port", port] if port else []) + list(args)
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, ADJUTANT_DB=str(db), **env),
        cwd=REPO,
    )
    if check:
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
    return done
