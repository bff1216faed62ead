"""At the desk: what an archivist meets with `adjutant`, a finding a test.

Each runs the CLI as a user does (its own process, one line on failure, the documented exit
code) on an archive made here from games worked out from the rules.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from shared_engine.great_war.game import Game
from tests.cli_run import REPO, run_cli
from tests.engine.helpers import to_phase
from tests.host.test_export_cells import _archive  # an archive of games as a pull stores them


def _solitaire() -> Game:
    """Two turns of solitaire (1.4, Solitaire 3.3), the player EA: the AI defends turn 1 (2.7)."""
    game = Game.new("Solitaire", 2, "CP")
    game.play_solo("EA")
    game.roll_ai("s3", lambda: 3)  # Step 3: the AI Defender's hand, d6 4
    game.roll_re(lambda: 1)
    to_phase(game, "bonus")
    game.roll_ai("s7", lambda: 1)  # Step 7: d6 2
    to_phase(game, "battle")
    game.won("CP")  # the winner alone, as "Battles: winner" enters it
    game.capture(5)
    to_phase(game, "flip")
    game.next_phase()
    game.roll_ai("s11", lambda: 4)  # Step 11: the AI Attacker's hand, d6 5
    game.roll_ai("s8", lambda: 2, sides=9)  # Step 8: a random discard, card 3 of 9
    return game


def _finished() -> Game:
    """A one-turn scenario, played with no computer connected: the device could not date it."""
    game = Game.new("Scenario, 1 turns", 1, "CP")
    game.roll_re(lambda: 0)
    to_phase(game, "battle")
    game.battle(14, 11)
    game.capture(7)
    to_phase(game, "score")
    game.final_hands(3, 4)
    return game


def test_the_ais_rolls_appear_in_every_export_and_in_games_id(tmp_path: pathlib.Path) -> None:
    db = _archive(tmp_path / "a.sqlite3", [_solitaire()])
    turn_1, turn_2 = "hand 3: d6 4; bonus 7: d6 2", "hand 11: d6 5; discard 8: 3 of 9"
    csv_rows = run_cli("export", "--format", "csv", db=db).stdout.splitlines()
    assert csv_rows[0].endswith(",ai_rolls") and csv_rows[1].endswith(turn_1) and csv_rows[2].endswith(turn_2)
    md = run_cli("export", "--format", "md", db=db).stdout
    assert "the AI's rolls (Solitaire 3.3) |" in md and f"| {turn_1} |" in md and f"| {turn_2} |" in md
    page = run_cli("export", "--format", "html", db=db).stdout
    assert f"<td>{turn_1}</td>" in page and f"<td>{turn_2}</td>" in page
    (game,) = json.loads(run_cli("export", "--format", "json", db=db).stdout)
    assert game["turns"][0]["ai"] == [["s3", 6, 4], ["s7", 6, 2]]
    shown = run_cli("games", "g0001", db=db).stdout
    assert f"AI: {turn_1}" in shown and f"AI: {turn_2}" in shown, shown


def test_winner_only_turns_say_so_and_a_turn_not_yet_played_says_no_no_d6(
    tmp_path: pathlib.Path,
) -> None:
    db = _archive(tmp_path / "a.sqlite3", [_solitaire()])
    shown = run_cli("games", "g0001", db=db).stdout
    lines = [line for line in shown.splitlines() if line.strip().startswith("turn")]
    assert "BP winner only" in lines[0] and "\u2013" not in shown, shown
    assert "no d6" not in lines[1] and lines[1].endswith("EA   0"), lines  # turn 2: its Random Event to come
    cells = run_cli("export", "--format", "csv", db=db).stdout.splitlines()[1].split(",")
    header = run_cli("export", "--format", "csv", db=db).stdout.splitlines()[0].split(",")
    row = dict(zip(header, cells, strict=True))
    assert (row["bp_cp"], row["bp_ea"], row["ended_by"]) == ("", "", "")  # numbers not entered: empty cells


def test_the_json_exports_top_level_keys_are_the_ones_host_readme_documents(
    tmp_path: pathlib.Path,
) -> None:
    db = _archive(tmp_path / "a.sqlite3", [_finished()])
    (game,) = json.loads(run_cli("export", "--format", "json", db=db).stdout)
    readme = (REPO / "host" / "README.md").read_text()
    common_part = readme[
        readme.index("- **The columns every game has**") : readme.index("`adjutant games --json` lists")
    ]
    csv_part = readme[readme.index("- **CSV**") : readme.index("then the turn's")]
    own_part = csv_part[csv_part.index("The Great War, a row per turn:") :]
    json_part = readme[readme.index("- **JSON**") : readme.index("- **Markdown")]
    keys = re.compile(r"`([a-z_0-9]+)`")
    common = set(keys.findall(common_part)) - {"basic", "scenario", "solitaire"} - {"the-great-war"}
    documented = common | set(keys.findall(own_part)) | {"sha256", "turns", "log"}
    assert set(game) == documented, set(game) ^ documented
    turns_part = json_part[json_part.index("`turns` (") : json_part.index("The War's:")]
    turn_keys = set(keys.findall(turns_part)) - {"turns"}
    assert set(game["turns"][0]) == turn_keys, set(game["turns"][0]) ^ turn_keys
    assert game["ended_by"] == "turns" and game["over"] is True


def test_an_undated_game_says_so_in_bg_stats_and_takes_date(tmp_path: pathlib.Path) -> None:
    db = _archive(tmp_path / "a.sqlite3", [_finished()])
    assert "?" in run_cli("games", db=db).stdout.splitlines()[1]  # no date: the device could not say
    done = run_cli("export", "--format", "bgstats-json", "--player", "CP=Anna", "--player", "EA=Ben", db=db)
    assert "g0001: date unknown" in done.stderr and "when it was pulled; --date YYYY-MM-DD" in done.stderr
    dated = run_cli("export", "--format", "bgstats-json", "--date", "2026-11-20 19:30", db=db)
    play = json.loads(dated.stdout)
    assert play["playDate"] == "2026-11-20 19:30:00" and "date unknown" not in dated.stderr
    # the play's note says when it was played, as given: not that the date is not known
    assert "Played 2026-11-20 19:30 (UTC" in play["comments"] and "not known" not in play["comments"], play


def _one_line(done) -> str:
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip() and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def test_a_missing_archive_a_bad_port_and_db_after_the_command(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "nothing-here.sqlite3"
    for command in (["games"], ["export"], ["games", "--json"]):
        done = run_cli(*command, db=missing, check=False)
        assert done.returncode == 9 and "no archive at" in _one_line(done) and str(missing) in done.stderr
    assert not missing.exists()  # and none was made
    done = run_cli("info", db=missing, port="nonsense://", check=False)
    assert done.returncode == 2 and "--port nonsense://: not a port" in _one_line(done)
    done = run_cli("info", db=missing, port="/dev/null", check=False)
    assert done.returncode == 3 and "/dev/null: not a serial port" in _one_line(done)
    db = _archive(tmp_path / "a.sqlite3", [_finished()])
    after = run_cli("games", "--db", str(db), db=missing)  # --db after the command's name, over ADJUTANT_DB
    assert "dev0001-/g0001" in after.stdout and "10-4" in after.stdout
    saved = tmp_path / "none.json"
    saved.write_text("{}")
    imported = run_cli("import", str(saved), "--db", str(tmp_path / "b.sqlite3"), db=missing, check=False)
    assert imported.returncode == 7 and (tmp_path / "b.sqlite3").exists()  # the file refused, in that archive


def test_a_pull_that_fails_at_the_port_leaves_the_archive_untouched(tmp_path: pathlib.Path) -> None:
    db = _archive(tmp_path / "a.sqlite3", [_finished()])
    before = (db.read_bytes(), db.stat().st_mtime_ns, sorted(p.name for p in tmp_path.iterdir()))
    done = run_cli("pull", db=db, port=str(tmp_path / "no-such-port"), check=False)
    assert done.returncode == 3 and "no such port" in _one_line(done)
    assert (db.read_bytes(), db.stat().st_mtime_ns, sorted(p.name for p in tmp_path.iterdir())) == before


@pytest.mark.parametrize("word", ["sleep=45", "sleep=3601"])
def test_settings_sleep_takes_only_what_the_device_shows(tmp_path: pathlib.Path, word: str) -> None:
    done = run_cli("settings", word, db=tmp_path / "x", port=str(tmp_path / "none"), check=False)
    assert done.returncode == 2 and "sleep takes seconds, one of 0, 30, 60" in _one_line(done)
