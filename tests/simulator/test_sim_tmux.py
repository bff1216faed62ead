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
import threading
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


def _to_the_entry(sim: Tmux) -> int:
    """The d6 rolled, then on to the battle, where CP's face-up BP opens: the number shown."""
    sim.wait_for("OK roll d6")
    assert len(sim.pane().splitlines()) <= 24
    sim.keys("Enter")
    sim.wait_for("OK/^v: CP BP")
    sim.keys("Enter")
    return _count(sim.wait_for("face-up BP"))


REACTION_S = 0.25  # a person lets go about a quarter second after seeing the number
REPEAT_S = 0.033  # a terminal repeats a held key every 30-40 ms, after half a second


class _HeldKey:
    """A key held as a terminal sends it: once, half a second, then every REPEAT_S until let go,
    from a thread of its own, so the pane's reading never stretches a repeat into a release; and
    through one tmux client in control mode, each key's command answered before the next, as a
    terminal delivers a repeat in its time: a process started for each (send-keys) takes longer
    than a repeat's gap on a busy machine, and lines not waited on arrive after the let-go."""

    def __init__(self, sim: Tmux, key: str) -> None:
        command = ["tmux", "-L", sim.socket, "-C", "attach-session", "-t", "sim"]
        self.client = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._answer()  # the attach's own
        self._command(b"refresh-client -f no-output")  # none of the pane's output to read through
        self.line = b"send-keys -t sim %s" % key.encode()
        self.held = threading.Event()
        self.held.set()
        self.thread = threading.Thread(target=self._repeat, daemon=True)
        self.thread.start()

    def _answer(self) -> None:
        assert self.client.stdout is not None
        while True:
            line = self.client.stdout.readline()
            if not line or line.startswith((b"%end", b"%error")):
                return

    def _command(self, line: bytes) -> None:
        assert self.client.stdin is not None
        self.client.stdin.write(line + b"\n")
        self.client.stdin.flush()
        self._answer()

    def _repeat(self) -> None:
        self._command(self.line)
        time.sleep(0.5)
        while self.held.is_set():
            self._command(self.line)
            time.sleep(REPEAT_S)

    def let_go(self) -> None:
        self.held.clear()
        self.thread.join()
        assert self.client.stdin is not None
        self.client.stdin.close()  # the client detaches
        self.client.wait(timeout=30)


def _hold_until(sim: Tmux, shown: int) -> tuple[list[int], int]:
    """Hold w until the words under the picture show `shown`, and let go a person's reaction
    later: the counts the words showed until then, and the count they showed at the letting go
    (on a busy machine a later one may show by then: the pane and the keys lag the device)."""
    seen: list[int] = []
    held = _HeldKey(sim, "w")
    try:
        for _ in range(800):
            count = _count(sim.pane())
            if not seen or seen[-1] != count:
                seen.append(count)
            if count >= shown:
                time.sleep(REACTION_S)  # the key still held while the person reacts
                at_let_go = _count(sim.pane())
                return seen, at_let_go
            time.sleep(0.01)
    finally:
        held.let_go()
    raise AssertionError(f"never counted to {shown}: {seen}")


@pytest.mark.parametrize(("steps", "rate"), [(3, "the first, readable rate"), (14, "the faster rate")])
def test_in_tmux_a_held_key_let_go_a_reaction_after_the_number_shows_stops_on_it(
    sim: Tmux, steps: int, rate: str
) -> None:
    start = _to_the_entry(sim)
    seen, at_let_go = _hold_until(sim, start + steps)
    assert len(seen) >= steps // 2, seen  # the words followed the count while it ran
    time.sleep(1.5)
    final = _count(sim.pane())
    # The count made in the reaction taken back: at most one more than the number seen, or the one
    # the pane still showed as the key was let go, where a busy machine's pane lagged the count.
    assert seen[-1] <= final <= max(seen[-1] + 1, at_let_go), (rate, seen, at_let_go, final)
    time.sleep(1.0)
    assert _count(sim.pane()) == final  # nothing counts on after the keys stop


def _counted_to(sim: Tmux, count: int, timeout: float = 30) -> int:
    """The count the words show once they reach `count` (or what they show when time is up)."""
    deadline = time.monotonic() + timeout
    while (shown := _count(sim.pane())) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    return shown


def test_in_tmux_ten_quick_taps_count_ten_and_a_tap_after_a_hold_counts(sim: Tmux) -> None:
    # Each tap 100 ms after the last one showed, as fast as a person taps who watches the number:
    # taps sent on a clock alone arrive bunched on a busy machine, as a terminal's repeat would.
    start = _to_the_entry(sim)
    for n in range(1, 11):
        sim.keys("w")
        assert _counted_to(sim, start + n) == start + n, sim.pane()
        time.sleep(0.1)
    time.sleep(1.0)
    assert _count(sim.pane()) == start + 10, sim.pane()
    held = _hold_until(sim, start + 13)[0][-1]
    time.sleep(0.35)
    after = _count(sim.pane())
    sim.keys("w")  # a tap 0.35 s after the hold: a press of its own
    time.sleep(1.0)
    assert _count(sim.pane()) == after + 1 and after <= held + 1, (held, after, sim.pane())


def test_in_tmux_the_words_name_each_value_beside_its_label_and_mark_the_chosen_row(sim: Tmux) -> None:
    words = _words(sim.wait_for("OK roll d6"))
    assert "DEF CP" in words and "CP 0  EA 0" in words and "T1/10" in words, words  # every value the mat shows
    sim.keys("BSpace")  # the menu
    words = _words(sim.wait_for("Menu"))
    assert "> Back to game" in words and "> Undo" not in words, words
    sim.keys("s")
    words = _words(sim.wait_for("> Undo"))
    assert "> Back to game" not in words, words


def _make_sim(tmp_path: pathlib.Path) -> tuple[Tmux, pathlib.Path]:
    """`make sim` as a user starts it, in tmux at 80x24, on a flash of the test's; and that flash."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (Debian: apt install tmux; .ci/run installs it)")
    flash = tmp_path / "sim.img"
    return Tmux(tmp_path, f"make --no-print-directory sim ARGS='--fresh --seed 1 --flash {flash}'"), flash


def _device_process(flash: pathlib.Path) -> int:
    for pid, line in _holding(flash).items():
        if "boot.py" in line:
            return pid
    raise AssertionError("no device process")


def test_killing_the_device_process_ends_make_sim_with_one_line(tmp_path: pathlib.Path) -> None:
    sim, flash = _make_sim(tmp_path)
    try:
        sim.wait_for("OK roll d6")
        os.kill(_device_process(flash), signal.SIGKILL)
        pane = sim.wait_for("the simulated device stopped")
        assert "Traceback" not in pane, pane
        said = [line for line in pane.splitlines() if "adjutant-sim:" in line]
        assert len(said) == 1 and "flash is kept" in pane, pane
    finally:
        sim.close()


def _cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


def test_an_idle_make_sim_takes_next_to_no_cpu(tmp_path: pathlib.Path) -> None:
    # Not a clock: the CPU time both processes use while nothing happens, which a loop that polls
    # (a few per cent, or the 36% of a core it once took) shows however busy the machine is.
    sim, flash = _make_sim(tmp_path)
    try:
        sim.wait_for("OK roll d6")
        time.sleep(2)
        pids = [pid for pid, line in _holding(flash).items() if "adjutant.sim.terminal" in line or "boot.py" in line]
        assert len(pids) == 2, _holding(flash)
        before, began = _cpu_ticks(pids), time.monotonic()
        time.sleep(20)
        used = (_cpu_ticks(pids) - before) / os.sysconf("SC_CLK_TCK") / (time.monotonic() - began)
        assert used <= 0.015, f"idle make sim took {used:.1%} of a core"
    finally:
        sim.close()


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
    sim, flash = _make_sim(tmp_path)
    try:
        sim.wait_for("OK roll d6")
        sim.keys("Enter")
        rolled = sim.wait_for("OK/^v: CP BP")
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
