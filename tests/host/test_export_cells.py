"""Every export says what was played: each cell and key checked against a game worked out from the rules.

A 3-turn scenario (1.5), CP defending first (2.7, 7.20 alternates):
- turn 1: Random Event card re-mud, d6 4; face-up BP CP 9, EA 5: CP wins (7.14) and captures 4;
- turn 2: EA cancels the Random Event with a Joker (7.7), no d6; the table enters the winner alone: EA, 2 captured;
- turn 3: no d6 needed; BP 3-3, a tie the Defender (CP) wins (7.14), 1 captured;
- hands at the end (3.2): CP 6, EA 2. Totals CP 4+1+6 = 11, EA 2+2 = 4: CP by 7, under 10: a draw (3.5).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import pathlib

import pytest
from adjutant.pull import summarize
from adjutant.store import Store

from shared_engine.great_war.game import Game
from tests.cli_run import run_cli
from tests.engine.helpers import to_phase

TURNS = [  # turn, defender, re_card, d6, cancelled_by, winner, bp_cp, bp_ea, captured, cum_cp, cum_ea
    ("1", "CP", "re-mud", "4", "", "CP", "9", "5", "4", "4", "0"),
    ("2", "EA", "", "", "EA joker", "EA", "", "", "2", "4", "2"),  # the winner alone: no BP, empty cells
    ("3", "CP", "", "", "", "CP", "3", "3", "1", "5", "2"),
]


def _played() -> Game:
    game = Game.new("Scenario, 3 turns", 3, "CP")
    game.draw_re("re-mud")
    game.roll_re(lambda: 3)  # a byte of 3: face 4
    to_phase(game, "battle")
    game.battle(9, 5)
    game.capture(4)
    to_phase(game, "flip")
    game.next_phase()
    game.cancel_re("EA", "joker")
    to_phase(game, "battle")
    game.won("EA")
    game.capture(2)
    to_phase(game, "flip")
    game.next_phase()
    to_phase(game, "battle")
    game.battle(3, 3)
    game.capture(1)
    for _ in range(3):
        game.next_phase()
    game.final_hands(6, 2)
    return game


def _archive(path: pathlib.Path, games: list[Game]) -> pathlib.Path:
    store = Store(path)
    store.seen("dev0001-abcd", "pico", "test")
    for number, game in enumerate(games, 1):
        log = game.log_text()
        sha = hashlib.sha256(log.encode()).hexdigest()
        store.put(summarize("dev0001-abcd", "g%04d" % number, sha, log, game, None), cursor=True)
    store.commit()
    store.close()
    return path


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    game = _played()
    assert game.state.current.re_rolls == [] and game.state.track[0].re_rolls == [4]
    return _archive(tmp_path_factory.mktemp("cells") / "archive.sqlite3", [game])


def test_the_csv_has_every_turns_cells_under_their_names(archive: pathlib.Path) -> None:
    rows = list(csv.DictReader(io.StringIO(run_cli("export", "--format", "csv", db=archive).stdout)))
    names = ("turn", "defender", "re_card", "d6", "cancelled_by", "turn_winner", "bp_cp", "bp_ea", "captured")
    for row, turn in zip(rows, TURNS, strict=True):
        assert tuple(row[n] for n in names + ("cum_cp", "cum_ea")) == turn, row
    game = rows[0]
    assert (game["cp_hand"], game["ea_hand"]) == ("6", "2")
    assert (game["cp_total"], game["ea_total"], game["winner"], game["margin"], game["level"]) == (
        "11",
        "4",
        "",
        "7",
        "Draw",
    )
    assert game["name"] == "Scenario, 3 turns" and game["over"] == "1" and game["ended_by"] == "turns"


def test_the_json_has_every_turns_keys_and_values(archive: pathlib.Path) -> None:
    (game,) = json.loads(run_cli("export", "--format", "json", db=archive).stdout)
    assert (game["cp_total"], game["ea_total"], game["cp_hand"], game["ea_hand"]) == (11, 4, 6, 2)
    keys = ("turn", "defender", "re_card", "rolls", "cancelled_by", "winner", "bp_cp", "bp_ea", "captured")
    got = [tuple(t[k] for k in keys + ("total_cp", "total_ea")) for t in game["turns"]]
    assert got == [
        (1, "CP", "re-mud", [4], None, "CP", 9, 5, 4, 4, 0),
        (2, "EA", None, [], "EA joker", "EA", None, None, 2, 4, 2),  # BP not entered: null in JSON
        (3, "CP", None, [], None, "CP", 3, 3, 1, 5, 2),
    ]
    assert {"a": "win", "side": "EA", "v": 1} in game["log"]


def test_the_report_and_games_id_say_the_random_events_the_bp_not_entered_and_the_hands(
    archive: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    run_cli("export", "--format", "md", "-o", str(tmp_path / "r.md"), db=archive)
    md = (tmp_path / "r.md").read_text()
    assert "| 1 | CP | re-mud, d6 4 | 9-5 | CP | 4 | 4-0 |" in md, md
    assert "| 2 | EA | EA joker cancelled | winner only | EA | 2 | 4-2 |" in md
    assert "| 3 | CP | no d6 | 3-3 | CP | 1 | 5-2 |" in md
    assert "CP 5 captured + 6 in hand = 11; EA 2 captured + 2 in hand = 4" in md
    page = run_cli("export", "--format", "html", db=archive).stdout
    assert "<td>re-mud, d6 4</td>" in page and "<td>EA joker cancelled</td>" in page and "<td>winner only</td>" in page
    shown = run_cli("games", "g0001", db=archive).stdout
    lines = [line for line in shown.splitlines() if line.strip().startswith("turn")]
    assert "BP 9-5" in lines[0] and "CP +4" in lines[0] and lines[0].endswith("re-mud, d6 4"), lines
    assert "BP winner only" in lines[1] and lines[1].endswith("EA joker cancelled"), lines
    assert lines[2].endswith("no d6")
    assert "in hand at the end (3.2): CP 6, EA 2" in shown


def test_names_given_for_one_games_bg_stats_play_stay_with_that_game(tmp_path: pathlib.Path) -> None:
    path = _archive(tmp_path / "archive.sqlite3", [_played(), _played(), _played()])
    shared = run_cli(
        "export", "--format", "bgstats-json", "--player", "CP=Anna", "--player", "EA=Ben", "g0002", db=path
    )
    assert [p["name"] for p in json.loads(shared.stdout)["players"]] == ["Anna", "Ben"]
    run_cli("export", "--format", "md", "-o", str(tmp_path / "r.md"), db=path)
    md = (tmp_path / "r.md").read_text()
    assert md.count("CP Anna, EA Ben") == 1, md  # the game they played, and no other
    assert md.count("CP Central Powers, EA Entente Allies") == 2
    # another game at that table: BG Stats gets the people its seats had last (never the sides' names)
    other = json.loads(run_cli("export", "--format", "bgstats-json", "g0003", db=path).stdout)
    assert [p["name"] for p in other["players"]] == ["Anna", "Ben"]


def test_at_80_columns_the_games_list_does_not_wrap_and_a_qr_code_too_wide_points_to_its_png(
    tmp_path: pathlib.Path,
) -> None:
    from tests.report_archive import build

    path = tmp_path / "four.sqlite3"
    build(path).close()
    listed = run_cli("games", db=path, COLUMNS="80").stdout.splitlines()
    assert len(listed) >= 5 and max(len(line) for line in listed) <= 79, listed
    assert listed[0].split() == ["ID", "PLAYED", "GAME", "MODE", "RESULT"]  # the same columns for every game
    assert listed[1].split()[2:] == ["Great", "War", "basic", "CP", "by", "17", "Moral", "30-13"], listed[1]
    narrow = run_cli("export", "--format", "bgstats", "--qr", str(tmp_path / "qr"), "g0001", db=path, COLUMNS="80")
    png = tmp_path / "qr" / "bgstats-g0001.png"
    assert png.exists()
    assert f"the terminal has 80: scan {png} instead" in narrow.stderr, narrow.stderr
    assert "\u2580" not in narrow.stderr and "\u2588" not in narrow.stderr  # no half-drawn code
    wide = run_cli("export", "--format", "bgstats", "--qr", str(tmp_path / "qr"), "g0001", db=path, COLUMNS="200")
    assert "scan with the phone's camera" in wide.stderr and "\u2588" in wide.stderr


def test_markdown_without_a_file_goes_to_standard_output_without_its_charts(
    archive: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    done = run_cli("export", "--format", "md", db=archive)
    assert (
        done.stdout.startswith("# Adjutant games\n") and "| 1 | CP | re-mud, d6 4 | 9-5 | CP | 4 | 4-0 |" in done.stdout
    )
    assert "![" not in done.stdout  # no chart named that was never written
    written = run_cli("export", "--format", "md", "-o", str(tmp_path / "r.md"), db=archive)
    assert (tmp_path / "r.md").read_text().replace(  # the same report, and its chart beside it
        "![cumulative captured BP](r-g0001.png)\n\n", ""
    ) == done.stdout
    assert (tmp_path / "r-g0001.png").exists() and "wrote" in written.stdout


def test_a_game_id_two_devices_share_lists_both_and_a_device_prefix_picks_one(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "two.sqlite3"
    store = Store(path)
    for dev in ("aaaa1111-x", "bbbb2222-y"):
        store.seen(dev, "pico", "test")
        game = _played()
        log = game.log_text()
        store.put(summarize(dev, "g0001", hashlib.sha256(log.encode()).hexdigest(), log, game, None), cursor=True)
    store.commit()
    store.close()
    done = run_cli("games", "g0001", db=path, check=False)
    assert done.returncode == 1 and done.stderr.strip() == (
        "adjutant: several games match 'g0001': aaaa1111/g0001, bbbb2222/g0001; give one of these"
    )
    shown = run_cli("games", "bbbb/g0001", db=path)
    assert shown.stdout.startswith("bbbb2222/g0001  Scenario, 3 turns")  # no blank line before it


def test_the_random_event_card_is_shown_by_name_once_the_archive_knows_the_card_names(
    tmp_path: pathlib.Path,
) -> None:
    path = _archive(tmp_path / "archive.sqlite3", [_played()])
    rows = list(csv.DictReader(io.StringIO(run_cli("export", "--format", "csv", db=path).stdout)))
    assert (rows[0]["re_card"], rows[0]["re_card_name"]) == ("re-mud", "")  # no names yet: the id alone
    store = Store(path)
    store.remember_cards({"re-mud": "Mud", "cp-1": "Big Bertha"})  # as `adjutant cards push` does
    store.close()
    rows = list(csv.DictReader(io.StringIO(run_cli("export", "--format", "csv", db=path).stdout)))
    assert [(r["re_card"], r["re_card_name"]) for r in rows] == [("re-mud", "Mud"), ("", ""), ("", "")]
    (game,) = json.loads(run_cli("export", "--format", "json", db=path).stdout)
    assert [(t["re_card"], t["re_card_name"]) for t in game["turns"]] == [("re-mud", "Mud"), (None, None), (None, None)]
    md = run_cli("export", "--format", "md", db=path).stdout
    assert "| 1 | CP | Mud, d6 4 | 9-5 | CP | 4 | 4-0 |" in md, md
    shown = run_cli("games", "g0001", db=path).stdout
    lines = [line for line in shown.splitlines() if line.strip().startswith("turn")]
    assert lines[0].endswith("Mud, d6 4"), lines


def test_rule_7_7_a_roll_made_again_is_shown_in_every_export_with_the_face_it_replaced(tmp_path: pathlib.Path) -> None:
    """One d6 an event: a roll made again (its undone face no longer there to redo) is marked in
    the log (the roll's "again"), and every export says so, with the face it replaced."""
    game = Game.new("Scenario, 1 turns", 1, "CP")
    game.do("roll", 6, 2, "re", 5)  # 5 was rolled, undone, and the roll made again: 2
    to_phase(game, "battle")
    game.battle(9, 5)
    game.capture(4)
    for _ in range(3):  # the draw, the end of the turn, the count (3.1)
        game.next_phase()
    game.final_hands(1, 1)
    path = _archive(tmp_path / "archive.sqlite3", [game])
    (row,) = csv.DictReader(io.StringIO(run_cli("export", "--format", "csv", db=path).stdout))
    assert (row["d6"], row["d6_made_again"]) == ("2", "5"), row
    (exported,) = json.loads(run_cli("export", "--format", "json", db=path).stdout)
    assert exported["turns"][0]["rolls"] == [2] and exported["turns"][0]["again"] == [5]
    assert {"a": "roll", "die": 6, "n": 2, "for": "re", "again": 5, "v": 1} in exported["log"]
    run_cli("export", "--format", "md", "-o", str(tmp_path / "r.md"), db=path)
    assert "| 1 | CP | d6 2, made again, was 5 | 9-5 | CP | 4 |" in (tmp_path / "r.md").read_text()
    assert "<td>d6 2, made again, was 5</td>" in run_cli("export", "--format", "html", db=path).stdout
    assert "d6 2, made again, was 5" in run_cli("games", "g0001", db=path).stdout
