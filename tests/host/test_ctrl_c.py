"""Ctrl-C at any moment of an `adjutant` command, startup included: one line ("stopped") and
exit code 130, never a traceback of ours. The installed command is run, as a person runs it.

Before the command's first line of code (adjutant/start.py) only CPython's own start-up runs;
a Ctrl-C there ends it with CPython's "Fatal Python error", a traceback through `<frozen site>`
and no frame of ours, or a bare "KeyboardInterrupt" (CPython runs pending signal handlers
just before the script's first line, and prints what they raised with no frame at all), or
site's "Error processing line" of a .pth file (it goes on without it): that is
counted apart, and must be a small part of the window.
"""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time

COMMAND = pathlib.Path(sys.executable).parent / "adjutant"
MOMENTS_MS = (15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100, 120, 150, 200)


def _interrupted(ms: int, tmp_path: pathlib.Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "ADJUTANT_DB"} | {"XDG_DATA_HOME": str(tmp_path)}
    started = subprocess.Popen(
        [str(COMMAND), "games"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    time.sleep(ms / 1000)
    started.send_signal(signal.SIGINT)
    out, err = started.communicate(timeout=60)
    return subprocess.CompletedProcess(started.args, started.returncode, out, err)


def _pythons_own_start(err: str) -> bool:
    """CPython's start-up, or the console script's import of our first module: no frame of ours."""
    frames = [line for line in err.splitlines() if line.startswith('  File "')]
    if err.strip() == "KeyboardInterrupt":  # raised before the script's first frame
        return True
    if err.startswith("Error processing line"):  # site's report of a .pth line it stopped in
        return True
    return "Fatal Python error" in err or (bool(frames) and not any("/adjutant/" in f for f in frames))


def test_ctrl_c_at_many_moments_from_the_start_is_one_line_and_exit_130(tmp_path: pathlib.Path) -> None:
    assert COMMAND.exists(), f"{COMMAND}: the installed command (make venv installs it)"
    ours = []
    before_us = 0
    for ms in MOMENTS_MS:
        for _ in range(2):
            done = _interrupted(ms, tmp_path)
            if _pythons_own_start(done.stderr):
                before_us += 1
                continue
            if done.returncode == 0:  # done before the Ctrl-C came
                assert "no games yet" in done.stdout and not done.stderr, done
                continue
            if done.returncode == -signal.SIGINT and not done.stderr:  # before Python or after the work
                continue
            ours.append((ms, done.returncode, done.stderr))
    # "stopped" on a line of its own: after the terminal's "^C", a line break first
    bad = [(ms, code, err) for ms, code, err in ours if code != 130 or err.strip() != "stopped"]
    assert not bad, bad
    assert ours, "no Ctrl-C came while the command's own code ran"
    assert before_us <= len(MOMENTS_MS), before_us  # CPython's own start-up: the first ~20-30 ms
