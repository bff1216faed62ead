"""The CLI when things go wrong under it: the device unplugged mid-command, a bad archive.

Each ends in one line and its documented exit code, never a traceback, and
nothing already stored is lost.
"""

from __future__ import annotations

import os
import pathlib
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time

from adjutant.sim.process import SimDevice, micropython

REPO = pathlib.Path(__file__).resolve().parents[2]
GONE = "adjutant: the device stopped answering (unplugged?): run the command again to resume"


def _cli(*args: str, env: dict, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "adjutant.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=REPO,
    )


def _start(*args: str, env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "adjutant.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def _answered(dev: SimDevice, start: int) -> int:
    """How many frames the device has printed since `start`: the CLI's requests it answered."""
    return sum(1 for line in dev.serial.since(start).split(b"\n")[:-1] if b"~" in line)


def _unplug_after(dev: SimDevice, cli: subprocess.Popen, start: int, answers: int) -> None:
    """Pull the cable once the device has answered `answers` requests (or the CLI is done): a point
    in the transfer itself, however slow a busy machine makes the CLI's start."""
    deadline = time.monotonic() + 60
    while _answered(dev, start) < answers and cli.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    dev.proc.kill()


class _Lines:
    """A running command's standard output, line by line as it prints them."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self.thread.start()

    def _read(self, proc: subprocess.Popen) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.lines.append(line)

    def wait_for(self, text: str, count: int = 1, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while "".join(self.lines).count(text) < count:
            assert time.monotonic() < deadline, f"{text!r} never printed: {self.lines}"
            time.sleep(0.02)

    def text(self) -> str:
        self.thread.join(timeout=30)
        return "".join(self.lines)


def _seeded(tmp_path: pathlib.Path, games: int) -> pathlib.Path:
    image = tmp_path / "flash.img"
    log = REPO / "tests/golden/basic_game.jsonl"
    seed = [micropython(), str(REPO / "bench/seed_flash.py"), str(REPO), str(image), "256", str(log), str(games)]
    subprocess.run(seed, check=True, capture_output=True)
    return image


def _no_traceback(done: subprocess.CompletedProcess | tuple[str, str]) -> None:
    out, err = (done.stdout, done.stderr) if isinstance(done, subprocess.CompletedProcess) else done
    assert "Traceback" not in out + err, err


def test_a_device_unplugged_at_random_points_of_a_pull_loses_nothing_and_says_one_line(tmp_path: pathlib.Path) -> None:
    image = _seeded(tmp_path, 30)
    db = tmp_path / "archive.sqlite3"
    env = dict(os.environ, ADJUTANT_DB=str(db))
    rng = random.Random(3)
    stopped = 0
    for attempt in range(12):
        with SimDevice(image, realtime=True, timeout=120, blocks=256) as dev:
            dev.wait(500)
            start = dev.serial.position
            pull = _start("--port", dev.serial_path, "pull", env=env)
            _unplug_after(dev, pull, start, 1 + 5 * attempt + rng.randint(0, 4))  # the cable comes out
            out, err = pull.communicate(timeout=60)
        _no_traceback((out, err))
        assert pull.returncode in (0, 3, 5), err  # 3: unplugged before the handshake was answered
        assert pull.returncode == 0 or len(err.strip().splitlines()) == 1, err
        if pull.returncode == 5:
            stopped += 1
            assert err.strip() == GONE, err  # one line
        if not db.exists():  # cut before the archive was opened: nothing to lose yet
            continue
        stored = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
        assert sqlite3.connect(db).execute("PRAGMA quick_check").fetchone()[0] == "ok"
        if stored == 30:
            break
    assert stopped, "no pull was cut: the test cut nothing"
    with SimDevice(image, realtime=True, timeout=120, blocks=256) as dev:
        dev.wait(500)
        done = _cli("--port", dev.serial_path, "pull", env=env)
    assert done.returncode == 0, done.stderr
    rows = sqlite3.connect(db).execute("SELECT gid, COUNT(*) FROM games GROUP BY gid").fetchall()
    assert len(rows) == 30 and all(n == 1 for _, n in rows)  # every game, none twice


def test_a_device_unplugged_during_a_card_push_says_one_line(tmp_path: pathlib.Path) -> None:
    cards = tmp_path / "cards.csv"
    lines = ["#version,big-1", "id,name,deck,bp"] + [f"cp-{i},Card number {i} of many,CP,{i % 20}" for i in range(400)]
    cards.write_text("\n".join(lines) + "\n")
    env = dict(os.environ, ADJUTANT_DB=str(tmp_path / "archive.sqlite3"))
    cut = False
    for attempt in range(16):  # a request later each time, until a run is cut
        with SimDevice(tmp_path / "flash.img", realtime=True, timeout=120) as dev:
            dev.wait(500)
            start = dev.serial.position
            push = _start("--port", dev.serial_path, "cards", "push", str(cards), env=env)
            _unplug_after(dev, push, start, 2 + attempt)  # the handshake answered, then chunks
            out, err = push.communicate(timeout=60)
        _no_traceback((out, err))
        assert push.returncode in (0, 3, 5), err  # 3: unplugged before the CLI opened the port
        assert push.returncode == 0 or len(err.strip().splitlines()) == 1, err
        if push.returncode == 5:
            assert err.strip() == GONE, err  # one line
            cut = True
            break
    assert cut, "no push was cut: the test cut nothing"


def test_watch_waits_for_an_unplugged_device_carries_on_and_ctrl_c_ends_it(tmp_path: pathlib.Path) -> None:
    cache = tmp_path / "cache"
    marker = cache / "adjutant" / "sims" / str(os.getpid())  # as a running `make sim` leaves it
    marker.parent.mkdir(parents=True)
    env = dict(os.environ, ADJUTANT_DB=str(tmp_path / "archive.sqlite3"), XDG_CACHE_HOME=str(cache))
    image = tmp_path / "flash.img"
    with SimDevice(image, realtime=True, timeout=120) as dev:
        dev.wait(500)
        marker.write_text(dev.serial_path + "\n")
        watch = _start("watch", env=env)  # --port auto: the simulator's marker
        printed = _Lines(watch)
        printed.wait_for("g0001  turn 1/10")  # the state, as the device answered the watch
        dev.proc.kill()
        time.sleep(1.5)
        assert watch.poll() is None  # still waiting
    with SimDevice(image, realtime=True, timeout=120) as dev:  # plugged back in
        dev.wait(500)
        marker.write_text(dev.serial_path + "\n")
        printed.wait_for("g0001  turn 1/10", count=2)  # the watch came back to it
        dev.press("OK")  # a roll, seen by the watch that came back
        printed.wait_for("turn 1: d6 = ")
        watch.send_signal(signal.SIGINT)
        watch.wait(timeout=30)
        out = printed.text()
        assert watch.stderr is not None
        err = watch.stderr.read()
    _no_traceback((out, err))
    assert watch.returncode == 0, err
    assert "the device went away: waiting for it to come back (Ctrl-C stops)" in err and "stopped watching" in err
    assert out.count("g0001  turn 1/10") == 2  # the state at the start, and again when it came back
    assert "turn 1: d6 = " in out


def _archive(kind: str, tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "archive.sqlite3"
    if kind == "folder":
        path.mkdir()
    elif kind == "garbage":
        path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    elif kind == "read-only":
        from adjutant.store import Store

        Store(path).close()
        path.chmod(0o444)
    elif kind == "damaged":
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE t (x TEXT)")
        db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        db.commit()
        db.close()
        data = bytearray(path.read_bytes())
        for page in range(2, len(data) // 4096):  # scribble over the b-tree pages, not the header
            data[page * 4096 : page * 4096 + 64] = b"\xff" * 64
        path.write_bytes(bytes(data))
    return path


def test_a_bad_archive_gets_one_line_that_names_it_and_its_own_exit_code(tmp_path: pathlib.Path) -> None:
    expected = {
        "folder": "is a folder",
        "garbage": "not an Adjutant archive (not SQLite)",
        "damaged": "the archive is damaged",
    }
    for kind, words in expected.items():
        place = tmp_path / kind
        place.mkdir()
        path = _archive(kind, place)
        before = path.read_bytes() if path.is_file() else None
        done = _cli("--db", str(path), "games", env=dict(os.environ))
        _no_traceback(done)
        assert done.returncode == 9, (kind, done.stderr)
        line = done.stderr.strip()
        assert len(line.splitlines()) == 1 and line.startswith(f"adjutant: {path}: {words}"), line
        if before is not None:
            assert path.read_bytes() == before  # never written into


def test_a_read_only_archive_can_be_listed_but_a_pull_is_refused_before_it_writes(tmp_path: pathlib.Path) -> None:
    path = _archive("read-only", tmp_path)
    done = _cli("--db", str(path), "games", env=dict(os.environ))
    _no_traceback(done)
    assert done.returncode == 0 and "no games yet" in done.stdout, done.stderr
    if os.geteuid() == 0:  # root may write a read-only file, so only the listing is checked
        print("skipped: running as root, a read-only file is still writable")
        return
    with SimDevice(tmp_path / "flash.img", realtime=True, timeout=120) as dev:
        dev.wait(500)
        done = _cli("--db", str(path), "--port", dev.serial_path, "pull", env=dict(os.environ))
    _no_traceback(done)
    assert done.returncode == 9 and "read-only" in done.stderr, done.stderr
