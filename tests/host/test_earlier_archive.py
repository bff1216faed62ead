"""An archive an earlier version made (tests/golden/archive-before-game-plugins.sqlite3: a Great
War game, a game of The War and one of Last Front, imported by that version's CLI, the players
named with its export): every command reads it; listing and exporting leave the file as it is;
the first command that writes migrates it in place to the game-neutral columns, a copy beside
it until the migration commits; a migration that fails leaves it as it was."""

from __future__ import annotations

import json
import pathlib
import shutil
import sqlite3

import pytest

from tests.host.saved_games import adjutant

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "golden/archive-before-game-plugins.sqlite3"


@pytest.fixture
def earlier(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "games.sqlite3"
    shutil.copy(FIXTURE, path)
    return path


def _columns(path: pathlib.Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[1] for row in db.execute("PRAGMA table_info(games)")]


def test_an_earlier_archive_is_listed_and_exported_and_left_as_it_was(earlier: pathlib.Path) -> None:
    before = earlier.read_bytes()
    listed = adjutant(earlier, "games")
    assert listed.returncode == 0, listed.stderr
    rows = listed.stdout.splitlines()
    assert rows[0].split() == ["ID", "PLAYED", "GAME", "MODE", "RESULT"]
    assert rows[1].split()[2:] == ["Great", "War", "basic", "EA", "by", "12", "Moral", "43-55"], rows
    assert "P2 won, round 3, decks 1-5" in rows[2] and "Cid won, battle 3, held 1-0-2" in rows[3], rows
    games = json.loads(adjutant(earlier, "export", "--format", "json").stdout)
    assert [g["which_game"] for g in games] == ["the-great-war", "the-war", "last-front"]
    assert (games[0]["cp_total"], games[0]["ea_total"], games[0]["margin"]) == (43, 55, 12)
    report = adjutant(earlier, "export", "--format", "md").stdout
    assert "- **Players:** CP Anna, EA Entente Allies" in report and "- **Players:** P1 Player 1, P2 Ben" in report
    assert earlier.read_bytes() == before and not earlier.with_name(earlier.name + ".before-migration").exists()
    assert "cp" in _columns(earlier)  # still the earlier version's columns


def test_the_first_command_that_writes_migrates_it_in_place_and_drops_the_copy_once_committed(
    earlier: pathlib.Path,
) -> None:
    done = adjutant(earlier, "export", "--format", "md", "--player", "EA=Cid")  # names are kept: a write
    assert done.returncode == 0, done.stderr
    columns = _columns(earlier)
    assert {"game", "result", "detail", "raw"} <= set(columns) and not {"cp", "ea", "margin", "level"} & set(columns)
    with sqlite3.connect(earlier) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (2,)
        rows = db.execute("SELECT gid, game, winner, detail FROM games ORDER BY gid").fetchall()
        acked = db.execute("SELECT COUNT(*) FROM games WHERE acked=1").fetchone()[0]
    assert rows[0] == ("g0001", "the-great-war", "EA", json.dumps({"margin": 12, "level": "Moral", "cp": 43, "ea": 55}))
    assert [r[:3] for r in rows[1:]] == [("g0004", "the-war", "P2"), ("g0007", "last-front", "Cid")]
    assert acked == 0  # (imported, never pulled: nothing was acknowledged to a device)
    assert not earlier.with_name(earlier.name + ".before-migration").exists()
    report = adjutant(earlier, "export", "--format", "md").stdout
    assert "- **Players:** CP Anna, EA Cid" in report  # the names the earlier version kept, and the new one
    assert adjutant(earlier, "games").stdout.splitlines()[1].endswith("EA by 12 Moral 43-55")


def test_a_migration_that_fails_leaves_the_archive_as_it_was_and_its_copy_beside_it(
    earlier: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from adjutant import archive_schema, store

    def broken(db: sqlite3.Connection) -> None:
        db.execute("DROP TABLE games")  # half done
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(archive_schema, "migrate", broken)
    with pytest.raises(store.ArchiveError):
        store.Store(earlier)
    assert "cp" in _columns(earlier)  # rolled back: the earlier table whole
    with sqlite3.connect(earlier) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (3,)
    copy = earlier.with_name(earlier.name + ".before-migration")
    assert copy.exists() and "cp" in _columns(copy)
