"""The archive as an archivist meets it: another program's database, a damaged or read-only one,
and none at all. A file that is not ours is never written; reading never writes or creates one."""

from __future__ import annotations

import os
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import tempfile

import pytest
from adjutant.sim.process import SimDevice
from adjutant.store import Store

from tests.host.test_cli_faults import _archive

REPO = pathlib.Path(__file__).resolve().parents[2]


def _cli(*args: str, user: list[str] | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run(
        (user or []) + [sys.executable, "-m", "adjutant.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env={k: v for k, v in os.environ.items() if k != "ADJUTANT_DB"},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _files(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory):
    """A device with a game on it, on the wall clock, for the commands that talk to one."""
    with SimDevice(tmp_path_factory.mktemp("dev") / "flash.img", seed=2, realtime=True, timeout=300) as dev:
        dev.wait(500)
        dev.press("OK")  # a roll: a game to pull
        yield dev


def test_a_sqlite_file_of_another_program_is_refused_and_never_written(device: SimDevice, tmp_path) -> None:
    path = tmp_path / "shop.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE customers (name TEXT)")
    db.execute("INSERT INTO customers VALUES ('Anna')")
    db.commit()
    db.close()
    before = _files(tmp_path)
    for args in (["games"], ["export", "--format", "csv"], ["--port", device.serial_path, "pull"]):
        done = _cli("--db", str(path), *args)
        line = done.stderr.strip()
        assert done.returncode == 9 and len(line.splitlines()) == 1, (args, done.stderr)
        assert line.startswith(f"adjutant: {path}: not an Adjutant archive (a SQLite database of something else")
        assert _files(tmp_path) == before, args  # no tables of ours, no WAL file, not a byte changed


def test_a_pull_into_a_damaged_archive_exits_9_and_leaves_it_as_it_was(device: SimDevice, tmp_path) -> None:
    path = _archive("damaged", tmp_path)
    before = _files(tmp_path)
    done = _cli("--db", str(path), "--port", device.serial_path, "pull")
    assert done.returncode == 9 and "the archive is damaged" in done.stderr, done.stderr
    assert _files(tmp_path) == before


def test_reading_makes_no_archive_and_the_first_pull_says_it_made_one(device: SimDevice, tmp_path) -> None:
    path = tmp_path / "new" / "games.sqlite3"
    listed = _cli("--db", str(path), "games")  # an archive named that is not there: said so (exit 9)
    assert listed.returncode == 9 and f"no archive at {path}" in listed.stderr, listed.stderr
    exported = _cli("--db", str(path), "export", "--format", "csv")
    assert exported.returncode == 9 and f"no archive at {path}" in exported.stderr, exported.stderr
    assert _cli("--db", str(path), "--port", device.serial_path, "info").returncode == 0
    data = tmp_path / "data"  # the default archive, before the first pull: no games yet, nothing made
    fresh = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", "games"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={k: v for k, v in os.environ.items() if k != "ADJUTANT_DB"} | {"XDG_DATA_HOME": str(data)},
    )
    assert fresh.returncode == 0 and "no games yet" in fresh.stdout, fresh.stderr
    assert not path.exists() and not path.parent.exists() and not data.exists()  # nothing made by reading
    # a --db in a folder that is not there is a typo: refused, and no folder made
    typo = _cli("--db", str(path), "--port", device.serial_path, "pull")
    assert typo.returncode == 9 and typo.stderr.strip() == (
        f"adjutant: {path}: no folder {path.parent}; make it first, or give another --db"
    ), typo.stderr
    assert not path.parent.exists()
    path.parent.mkdir()
    pulled = _cli("--db", str(path), "--port", device.serial_path, "pull")
    assert pulled.returncode == 0, pulled.stderr
    lines = pulled.stdout.splitlines()
    assert lines[0] == f"created the archive {path}" and lines[1].startswith("pulled 1 new"), lines  # no empty line
    assert pulled.stderr == "", repr(pulled.stderr)  # nor one where the bar was, when stderr is not a terminal
    again = _cli("--db", str(path), "--port", device.serial_path, "pull")
    assert "created" not in again.stdout
    store = Store(path, readonly=True)
    assert store.db.execute("PRAGMA application_id").fetchone()[0] == 0x41444A54  # marked as ours
    store.close()


def test_a_read_only_archive_is_listed_and_exported_and_a_pull_is_refused_before_it_writes(
    device: SimDevice, tmp_path: pathlib.Path
) -> None:
    # As root (as CI runs) a file's mode does not stop a write: the commands run as nobody then.
    user: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv (util-linux) to run the CLI as another user")
        user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        reach = subprocess.run([*user, sys.executable, "-c", "import adjutant.cli"], cwd=REPO, capture_output=True)
        if reach.returncode != 0:
            pytest.skip("running as root, and user nobody cannot reach this checkout's Python to run the CLI")
    # a folder the other user can reach (pytest's own are its owner's alone)
    folder = pathlib.Path(tempfile.mkdtemp(prefix="adjutant-ro-"))
    path = folder / "archive.sqlite3"
    _cli("--db", str(path), "--port", device.serial_path, "pull")
    Store(path).close()  # the WAL checkpointed into the file
    path.chmod(0o444)
    folder.chmod(0o555)  # not even a -wal file can be made beside it
    before = _files(folder)
    try:
        listed = _cli("--db", str(path), "games", user=user)
        assert listed.returncode == 0 and "g0001" in listed.stdout, listed.stderr
        exported = _cli("--db", str(path), "export", "--format", "csv", user=user)
        assert exported.returncode == 0 and "g0001" in exported.stdout, exported.stderr
        pulled = _cli("--db", str(path), "--port", device.serial_path, "pull", user=user)
        assert pulled.returncode == 9 and "read-only" in pulled.stderr, pulled.stderr
        assert _files(folder) == before
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_the_first_pull_in_a_terminal_shows_no_empty_line_after_it_made_the_archive(
    device: SimDevice, tmp_path
) -> None:
    from tests.host.in_a_terminal import screen_of

    path = tmp_path / "games.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "ADJUTANT_DB"} | {"TERM": "xterm-256color"}
    args = [sys.executable, "-m", "adjutant.cli", "--db", str(path), "--port", device.serial_path, "pull"]
    shown = screen_of(args, str(REPO), env)
    assert "" not in shown, shown  # the progress bar gone, and no line left empty where it was
    said = "".join(shown)  # (a long path wraps at 80 columns)
    assert said.startswith(f"created the archive {path}pulled 1 new"), shown
