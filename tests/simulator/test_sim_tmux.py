"""`make sim` in a real terminal: tmux at 80x24, keys sent with a person's and a terminal's timing,
the screen read off the pane as a player reads it (the panel's words under its picture)."""

from __future__ import annotations

import itertools
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


class Tmux:
    """The simulator in a tmux session of its own server, 80 columns by 24 rows."""

    servers = itertools.count()

    def __init__(self, tmp: pathlib.Path, command: str | None = None):
        # A server of its own each time: a server being killed unlinks its socket as it goes, and
        # would take the socket of a new server of the same name with it.
        self.socket = f"adjutant-test-{os.getpid()}-{next(Tmux.servers)}"
        command = command or f"{sys.executable} -m adjutant.sim.terminal --fresh --seed 1 --flash {tmp / 'sim.img'}"
        env = dict(os.environ, XDG_CACHE_HOME=str(tmp))  # its marker in tmp, not the user's cache
        # A command that fails keeps its pane, and so its words: set before it starts, as it may fail at once.
        remain = ("start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";")
        self._tmux(*remain, "new-session", "-d", "-x", "80", "-y", "24", "-s", "sim", "-c", str(REPO), command, env=env)

    def _tmux(self, *args: str, env: dict | None = None) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env, timeout=30)
        self.error = done.stderr.strip()
        return done.stdout

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "sim", *keys)

    def pane(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "sim")

    def wait_for(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pane = self.pane()
            if text in pane:
                return pane
            time.sleep(0.05)
        pane = self._tmux("capture-pane", "-p", "-S", "-", "-t", "sim")  # with what scrolled off, if it died
        raise AssertionError(f"{text!r} never showed (tmux: {self.error or 'ok'}):\n{pane}")

    def close(self) -> None:
        self._tmux("kill-server")


def _words(pane: str) -> str:
    """The panel's words as the simulator prints them under its picture, on one line."""
    lines = pane.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("screen: "))
    words = []
    for line in lines[at:]:
        if line.startswith("keys: "):
            break
        words.append(line.strip())
    return " ".join(words)


def _count(pane: str) -> int:
    found = re.search(r"face-up BP +(\d+)", _words(pane))
    assert found, pane
    return int(found.group(1))


@pytest.fixture
def sim(tmp_path: pathlib.Path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (Debian: apt install tmux; .ci/run installs it)")
    tmux = Tmux(tmp_path)
    try:
        yield tmux
    finally:
        tmux.close()


def test_in_tmux_a_held_key_counts_while_held_stops_when_let_go_and_a_tap_after_it_counts(sim: Tmux) -> None:
    sim.wait_for("OK roll d6")
    assert len(sim.pane().splitlines()) <= 24
    sim.keys("Enter")
    sim.wait_for("OK next")
    sim.keys("Enter")
    sim.wait_for("Attack? ^ mark")
    sim.keys("w")
    sim.wait_for("Attack ok")
    sim.keys("D")  # hold OK: on to Battle Resolution, where the entry opens
    sim.wait_for("face-up BP")
    # a held w as a terminal sends it: once, a pause of half a second, then every 33 ms
    sim.keys("w")
    time.sleep(0.5)
    for _ in range(45):
        sim.keys("w")
        time.sleep(0.033)
    time.sleep(0.35)  # the key let go; the words are read once the panel holds still
    held = _count(sim.pane())
    assert held >= 10, sim.pane()  # 1.5 s held counts on fast
    sim.keys("w")  # a tap 0.35 s after the hold: a press of its own
    time.sleep(1.5)
    assert _count(sim.pane()) == held + 1, (held, sim.pane())
    time.sleep(1.0)
    assert _count(sim.pane()) == held + 1  # nothing counts on after the keys stop
    for _ in range(4):  # quick taps, five a second: each counts
        sim.keys("w")
        time.sleep(0.2)
    time.sleep(0.6)
    assert _count(sim.pane()) == held + 5, sim.pane()


def _holding(flash: pathlib.Path) -> dict[int, str]:
    """The processes whose command line names the flash file (make, the simulator, its device)."""
    found = {}
    for proc in pathlib.Path("/proc").iterdir():
        try:
            line = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if proc.name.isdigit() and str(flash) in line:
            found[int(proc.name)] = line
    return found


def test_closing_the_terminal_of_make_sim_stops_the_simulator_and_keeps_the_game(tmp_path: pathlib.Path) -> None:
    # The window closed: the hang-up reaches make, the terminal's session leader, which waits for
    # the simulator; the simulator sees its terminal gone, and quits as on q.
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (Debian: apt install tmux; .ci/run installs it)")
    flash = tmp_path / "sim.img"
    sim = Tmux(tmp_path, f"make --no-print-directory sim ARGS='--fresh --seed 1 --flash {flash}'")
    try:
        sim.wait_for("OK roll d6")
        sim.keys("Enter")
        rolled = sim.wait_for("OK next")
    finally:
        sim.close()
    deadline = time.monotonic() + 20
    while _holding(flash) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _holding(flash)
    for pid in left:  # not left spinning for the tests after this one
        os.kill(pid, signal.SIGKILL)
    assert left == {}, "the simulator outlived its terminal"
    again = subprocess.run(
        [sys.executable, "-m", "adjutant.sim.terminal", "--flash", str(flash)],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, XDG_CACHE_HOME=str(tmp_path)),
    )
    assert again.returncode == 0, again.stderr  # the flash is free
    face = re.search(r"Random Event d6 +(\d)", _words(rolled))
    assert face and f"d6 {face.group(1)}" in again.stdout, again.stdout  # the roll was kept
