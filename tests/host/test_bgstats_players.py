"""A BG Stats play never names a player nobody named: BG Stats keeps every player it is given in
the user's list for good. The seats' people come from `--player`, or from the names the archive
remembers for that table's seats; else one line says how to name them, and nothing is written."""

from __future__ import annotations

import json
import pathlib

from shared_engine.the_war.actions import make as war
from tests.cli_run import run_cli
from tests.host.saved_games import saved
from tests.host.test_export_cells import _archive as _archive_of
from tests.host.test_export_cells import _played

THE_WAR = [war("the-war", 20, "P1"), war("start"), war("attack", "P1", 12, None), war("end")]  # P2 keeps 1 card


def _archive(tmp_path: pathlib.Path) -> pathlib.Path:
    """Two finished games of The Great War at one table (g0001, g0002), and one of The War at
    another (a phone's, g0004)."""
    archive = _archive_of(tmp_path / "games.sqlite3", [_played(), _played()])
    done = run_cli("import", str(saved(tmp_path / "war.json", THE_WAR, "g0004")), db=archive)
    assert done.returncode == 0, done.stderr
    return archive


def test_with_no_names_known_the_play_is_refused_in_one_line_that_says_how_and_nothing_is_written(
    tmp_path: pathlib.Path,
) -> None:
    archive = _archive(tmp_path)
    for kind in ("bgstats", "bgstats-json"):
        done = run_cli("export", "--format", kind, "g0001", db=archive, check=False)
        assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
        line = done.stderr.strip()
        assert len(line.splitlines()) == 1 and "Traceback" not in line, line
        assert "who played CP and EA? name them once, --player CP=NAME --player EA=NAME" in line, line
        assert "Central Powers" not in done.stdout + done.stderr


def test_names_given_once_are_remembered_for_that_tables_next_games(tmp_path: pathlib.Path) -> None:
    archive = _archive(tmp_path)
    given = ("--player", "CP=Anna", "--player", "EA=Ben")
    first = run_cli("export", "--format", "bgstats-json", *given, "g0001", db=archive)
    assert first.returncode == 0, first.stderr
    assert [p["name"] for p in json.loads(first.stdout)["players"]] == ["Anna", "Ben"]
    later = run_cli("export", "--format", "bgstats-json", "g0002", db=archive)  # that table's CP and EA
    assert later.returncode == 0, later.stderr
    assert [p["name"] for p in json.loads(later.stdout)["players"]] == ["Anna", "Ben"]
    # The War at another table, its seats named by nobody yet: refused, nothing made up
    other = run_cli("export", "--format", "bgstats-json", "g0004", db=archive, check=False)
    assert other.returncode == 2 and "who played P1 and P2?" in other.stderr and not other.stdout, other.stderr
