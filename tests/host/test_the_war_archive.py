"""The War's games at the desk: imported (as pull receives them), listed, shown, filtered,
exported in their own record (CSV, JSON, the report, BG Stats); older archives and logs unchanged."""

from __future__ import annotations

import json
import pathlib

from shared_engine.the_war.actions import make
from tests.host.saved_games import adjutant
from tests.host.saved_games import saved as saved_game

# A short game of 20-card decks: P1 hits P2's deck 3 times, P2 hits P1's twice; P1 runs out.
PLAY = [
    make("the-war", 20, "P1"),
    make("redraw", "P2", 6),
    make("start"),
    make("attack", "P1", 3, "unit"),
    make("end"),
    make("attack", "P2", 5, "bomber"),
    make("end"),
    make("attack", "P1", 2, None),
    make("end"),
    make("attack", "P2", 4, "artillery"),
    make("end"),
]


def saved(path: pathlib.Path, actions: list = PLAY, gid: str = "g0004") -> pathlib.Path:
    return saved_game(path, actions, gid, 40)


def test_a_the_war_game_is_archived_with_its_game_winner_and_both_decks(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    done = adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "war.json: g0004 imported (The War, P2 won, round 3, decks 1-5)" in done.stdout, done.stdout
    listed = json.loads(adjutant(archive, "games", "--json").stdout)
    # decks: P1 13 -1 (first draw) -5 -2 (draw) -4 = 1 at the end of P2's turn 2: P1 cannot draw 2
    assert len(listed) == 1
    row = listed[0]
    assert row["kind"] == "the-war" and row["name"] == "The War" and row["winner"] == "P2" and row["over"] is True
    assert row["decks"] == {"P1": 1, "P2": 14 - 3 - 2 - 2 - 2}
    table = adjutant(archive, "games").stdout.splitlines()
    assert table[0].split() == ["ID", "PLAYED", "GAME", "MODE", "RESULT"]  # as every game's
    assert table[1].split()[2:] == ["The", "War", "20", "cards", "P2", "won,", "round", "3,", "decks", "1-5"]


def test_the_war_story_names_who_hit_a_deck_in_the_other_players_turn(tmp_path: pathlib.Path) -> None:
    """A card played in the other player's turn hits the deck of the player whose turn it is:
    the row of P1's turn says P2 hit, never "hits P1's deck" as if P1 hit himself."""
    play = [*PLAY[:4], make("attack", "P2", 1, "special"), *PLAY[4:]]
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json", play)))
    shown = adjutant(archive, "games", "g0004").stdout
    assert "round  1  P1  drew 1  P1 hits P2's deck: 3 (unit); P2 hits P1's deck: 1 (special)" in shown, shown
    report = adjutant(archive, "export", "--format", "md").stdout
    assert "P1 hits P2's deck: 3 (unit); P2 hits P1's deck: 1 (special)" in report, report


def test_games_id_tells_the_war_turn_by_turn_and_the_filter_keeps_a_game_to_its_own(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    shown = adjutant(archive, "games", "g0004").stdout
    assert "decks of 20; starting hands P1 7, P2 6" in shown and "P2 re-drew 1 time(s)" in shown
    assert "round  1  P1  drew 1  P1 hits P2's deck: 3 (unit)" in shown
    assert "round  2  P2  drew 2  P2 hits P1's deck: 4 (artillery)" in shown
    assert "result: P2 wins in round 3: P1 could not draw 2" in shown
    assert "g0004" not in adjutant(archive, "games", "--game", "the-great-war").stdout
    assert "g0004" in adjutant(archive, "games", "--game", "the-war").stdout


def test_a_csv_of_two_games_is_the_first_games_and_names_the_other_with_its_game_option(
    tmp_path: pathlib.Path,
) -> None:
    from tests.host.test_import import saved as great_war

    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")), str(great_war(tmp_path / "gw.json")))
    done = adjutant(archive, "export", "--format", "csv")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "not exported, The War's games (4144534a/g0004): `--game the-war` exports them" in done.stderr
    assert {row.split(",")[2] for row in done.stdout.splitlines()[1:]} == {"the-great-war"}  # which_game
    only = adjutant(tmp_path / "war-only.sqlite3", "import", str(saved(tmp_path / "war.json")))
    assert only.returncode == 0
    none = adjutant(tmp_path / "war-only.sqlite3", "export", "--format", "md", "--game", "the-great-war")
    assert none.returncode != 0 and "no The Great War games to export" in none.stderr


# Each turn of PLAY with both decks at its end (The War, Turn scheme and Attacking opponent's deck):
# P1 13 - 1 drawn = 12, hits P2 14 -> 11; P2 draws 2 (9), hits P1 5 -> 7; P1 draws 2 (5), hits
# P2 2 -> 7; P2 draws 2 (5), hits P1 4 -> 1; P1 cannot draw 2: P2 wins.
TURNS = [
    ["1", "P1", "1", "P1 hits P2's deck: 3 (unit)", "12", "11"],
    ["1", "P2", "2", "P2 hits P1's deck: 5 (bomber)", "7", "9"],
    ["2", "P1", "2", "P1 hits P2's deck: 2", "5", "7"],
    ["2", "P2", "2", "P2 hits P1's deck: 4 (artillery)", "1", "5"],
]


def test_the_report_tells_the_war_turn_by_turn_with_both_decks_and_its_people(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    done = adjutant(archive, "export", "--format", "md", "-o", str(tmp_path / "r.md"), "--player", "P1=Anna")
    assert done.returncode == 0 and "r-g0004.png" in done.stdout, done.stderr
    text = (tmp_path / "r.md").read_text()
    assert "## The War: g0004" in text and "- **Players:** P1 Anna, P2 Player 2" in text
    assert "- **Result:** P2 (Player 2) wins in round 3: P1 could not draw 2" in text
    assert "- **Starting hands (Re-draw rule):** P1 7, P2 6 (P2 re-drew 1x)" in text
    assert "- **Decks left:** P1 1, P2 5" in text and "![both decks by turn](r-g0004.png)" in text
    rows = [line.strip("|").split(" | ") for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    rows = [[c.strip() for c in r] for r in rows]
    assert rows[rows.index(["round", "player", "drew", "deck events", "P1 deck", "P2 deck"]) + 1 :] == TURNS
    assert "| Anna | 1 | 0 | 0 | 1 | P1 1 |" in text and "The War: wins by seat:** P1 0, P2 1" in text
    assert (tmp_path / "r-g0004.png").read_bytes()[:4] == b"\x89PNG"
    page = adjutant(archive, "export", "--format", "html").stdout
    assert "<h2>The War: g0004</h2>" in page
    assert "<td>P2 hits P1&#x27;s deck: 4 (artillery)</td><td>1</td><td>5</td>" in page
    assert 'id="game-4144534a-g0004-points-P1"' in page  # the decks chart, inline


def test_bg_stats_gets_the_war_with_its_people_and_winner_and_no_score(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    done = adjutant(archive, "export", "--format", "bgstats-json", "--player", "P1=Anna", "--player", "P2=Ben")
    assert done.returncode == 0, done.stderr
    play = json.loads(done.stdout)
    assert play["game"] == {
        "name": "The War (WW2 collectible card game)",
        "sourceGameId": "adjutant-the-war",
        "highestWins": True,
        "noPoints": True,
    }
    players = [(p["name"], p["winner"], p["startPlayer"], p["sourcePlayerId"]) for p in play["players"]]
    assert players == [("Anna", False, True, "adjutant-anna"), ("Ben", True, False, "adjutant-ben")]
    assert all("score" not in p and "role" not in p for p in play["players"])
    assert play["comments"].startswith("The War: P2 won in round 3, P1 could not draw 2; decks left P1 1, P2 5.")
    # A BoardGameGeek id is one game's: remembered for The War, not given to The Great War's plays.
    mixed = adjutant(archive, "export", "--format", "bgstats-json", "--bgg-id", "7")
    assert mixed.returncode == 0 and json.loads(mixed.stdout)["game"]["bggId"] == 7  # only The War here
    assert "bggId" in json.loads(adjutant(archive, "export", "--format", "bgstats-json").stdout)["game"]


def test_player_names_go_to_the_games_with_that_side_or_seat(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    bad = adjutant(archive, "export", "--format", "md", "--player", "P3=Cid")
    assert bad.returncode == 2 and "SEAT being one of CP, EA, P1, P2" in bad.stderr
    named = adjutant(archive, "export", "--format", "md", "--player", "CP=Anna")  # no CP in The War
    assert "Anna" not in named.stdout and "P1 Player 1, P2 Player 2" in named.stdout


def test_the_wars_own_csv_and_json_give_each_step_with_both_decks(tmp_path: pathlib.Path) -> None:
    import csv
    import io

    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    done = adjutant(archive, "export", "--format", "csv", "--game", "the-war")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [r["action"] for r in rows] == [a[0] for a in PLAY[1:]]  # a row per step, the header aside
    assert rows[0]["action"] == "redraw" and rows[0]["player"] == "P2" and rows[0]["deck_p2"] == "14"
    hit = rows[2]
    assert (hit["player"], hit["cards"], hit["weapon"], hit["deck_p2"]) == ("P1", "3", "unit", "11")
    assert rows[-1]["winner"] == "P2" and rows[-1]["loser"] == "P1" and rows[-1]["deck_p1"] == "1"
    # Winning and losing: the last "end" is the game's end, not another turn: the loser draws nothing
    end = rows[-1]
    assert (end["action"], end["round"], end["player"], end["cards"]) == ("end", "3", "P1", "0")
    assert rows[-3]["action"] == "end" and (rows[-3]["player"], rows[-3]["cards"]) == ("P2", "2")  # a turn's end
    games = json.loads(adjutant(archive, "export", "--format", "json").stdout)
    assert games[0]["kind"] == "the-war" and games[0]["decks"] == {"P1": 1, "P2": 5}
    assert len(games[0]["steps"]) == len(PLAY) - 1 and games[0]["log"][0]["a"] == "the-war"


def test_the_report_starts_each_deck_at_its_size_less_that_players_real_hand(tmp_path: pathlib.Path) -> None:
    # Re-draw rule: P2 re-drew to 6 cards, so P2's deck starts at 20 - 6 = 14 (P1's at 20 - 7)
    from adjutant.games.desks import desk
    from adjutant.store import Store

    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "war.json")))
    store = Store(archive, readonly=True)
    (stored,) = store.games()
    section = desk("the-war").section(store, stored)
    assert section.figures["decks_by_turn"][0] == (0, 13, 14)
    assert section.figures["decks_by_turn"][-1] == (4, 1, 5)


def test_a_the_war_log_with_a_great_war_record_in_it_is_refused_in_one_line(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    bad = saved(tmp_path / "bad.json", PLAY[:3] + [("capture", 3, None)])
    done = adjutant(archive, "import", str(bad))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "record 4" in done.stderr and "not an action of 2 values" in done.stderr, done.stderr
