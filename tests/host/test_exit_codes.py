"""Every documented exit code, met as a user meets it: one line on stderr, never a traceback."""

from __future__ import annotations

import os
import pathlib
import random
import re
import string
import subprocess
import sys

from adjutant.errors import EXIT_CODES
from adjutant.sim.process import SimDevice

REPO = pathlib.Path(__file__).resolve().parents[2]


def _cli(*args: str, db: pathlib.Path) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-m", "adjutant.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env=dict(os.environ, ADJUTANT_DB=str(db)),
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _one_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_the_readme_and_help_document_every_exit_code(tmp_path: pathlib.Path) -> None:
    readme = (REPO / "README.md").read_text()
    helped = _cli("--help", db=tmp_path / "a.sqlite3").stdout
    for code, text in EXIT_CODES.items():
        assert f"{code}  {text}" in " ".join(helped.split("\n")) or text[:20] in helped, (code, helped)
        assert re.search(rf"\b{code} [a-z]", readme), f"the README does not say what exit code {code} means"


def test_exit_2_a_bad_command_line_in_one_line(tmp_path: pathlib.Path) -> None:
    db = tmp_path / "a.sqlite3"
    for args, says in (
        (["export", "--format", "pdf"], "'pdf' is not one of"),
        (["no-such-command"], "No such command 'no-such-command'"),
        (["export", "--player", "CP"], "give SEAT=NAME"),
        (["games", "--nope"], "No such option"),
    ):
        done = _cli(*args, db=db)
        line = _one_line(done)
        assert done.returncode == 2 and says in line and "--help" in line, (args, done.stderr)
    assert not db.exists()


def test_exit_1_a_game_the_archive_lacks(tmp_path: pathlib.Path) -> None:
    from adjutant.store import Store

    Store(tmp_path / "a.sqlite3").close()  # an archive, with no games in it
    done = _cli("games", "g0042", db=tmp_path / "a.sqlite3")
    assert done.returncode == 1 and _one_line(done).startswith("adjutant: no game 'g0042'")


def test_exit_9_an_archive_named_that_is_not_there(tmp_path: pathlib.Path) -> None:
    done = _cli("games", "g0042", db=tmp_path / "a.sqlite3")
    assert done.returncode == 9 and _one_line(done).startswith(f"adjutant: no archive at {tmp_path / 'a.sqlite3'}")
    assert not (tmp_path / "a.sqlite3").exists()


def test_exit_8_the_device_refuses_card_data_its_full_flash_cannot_take(tmp_path: pathlib.Path) -> None:
    rng = random.Random(8)  # names that do not compress away: the push must fill the flash
    rows = "".join(
        f"neu-{i:03d},{''.join(rng.choice(string.ascii_letters) for _ in range(30))},NEU,{i % 10},,,,\n"
        for i in range(500)
    )
    cards = tmp_path / "cards.csv"
    cards.write_text("#version,big-1\nid,name,deck,bp,icons,rank,side,d6\n" + rows)
    assert _cli("cards", "check", str(cards), db=tmp_path / "a.sqlite3").returncode == 0  # the data itself is fine
    with SimDevice(tmp_path / "flash.img", blocks=12, realtime=True, timeout=300) as dev:
        dev.wait(500)
        done = _cli("--port", dev.serial_path, "cards", "push", str(cards), db=tmp_path / "a.sqlite3")
        line = _one_line(done)
        assert done.returncode == 8 and line.startswith("adjutant: device: storage error: flash:"), done.stderr
        dev.press("OK")  # and the device plays on
        assert len(dev.state()["game"]["track"][0]["rolls"]) == 1
