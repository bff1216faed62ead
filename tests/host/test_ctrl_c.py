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
# The moments, as parts of the command's whole run: a busy machine stretches CPython's start-up
# and our code alike, so moments in ms of the wall clock would land ever more in the start-up.
MOMENTS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2)


def _env(tmp_path: pathlib.Path) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "ADJUTANT_DB"} | {"XDG_DATA_HOME": str(tmp_path)}


def _whole_run_s(tmp_path: pathlib.Path) -> float:
    """How long the command takes, start to end, on this machine now: the middle of three runs."""
    times = []
    for _ in range(3):
        began = time.monotonic()
        subprocess.run([str(COMMAND), "games"], capture_output=True, env=_env(tmp_path), timeout=60, check=True)
        times.append(time.monotonic() - began)
    return sorted(times)[1]


def _interrupted(seconds: float, tmp_path: pathlib.Path) -> subprocess.CompletedProcess:
    started = subprocess.Popen(
        [str(COMMAND), "games"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path)
    )
    time.sleep(seconds)
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
    whole = _whole_run_s(tmp_path)
    for part in MOMENTS:
        for _ in range(2):
            ms = round(part * whole * 1000)
            done = _interrupted(part * whole, tmp_path)
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
    assert before_us <= len(MOMENTS), (before_us, whole)  # CPython's own start-up: under half the run
