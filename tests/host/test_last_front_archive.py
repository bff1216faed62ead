"""Last Front's games at the desk: imported (as the phone page saves them, and as pull receives
them), listed, told battle by battle, exported in their own record (CSV, JSON, the report, BG
Stats with the players as people and the winner)."""

from __future__ import annotations

import csv
import io
import json
import pathlib

from shared_engine.last_front.actions import make
from tests.host.saved_games import adjutant
from tests.host.saved_games import saved as saved_game

# Three players, normal victory: Cid wins a Soviet card, Ann the American one; then Cid takes a
# second Soviet card: 2 of a type (Victory Conditions, normal).
PLAY = [
    make("last-front", ["Ann", "Ben", "Cid"], "normal", False),
    make("flip", "soviet"),
    make("bid", 0, 3, None),
    make("withdraw", 1),
    make("bid", 2, 5, None),
    make("withdraw", 0),  # Cid captures the Soviet card
    make("flip", "american"),
    make("battle", None, None),
    make("bid", 2, 2, None),
    make("bid", 0, 4, None),
    make("withdraw", 1),
    make("withdraw", 2),  # Ann captures the American card
    make("flip", "soviet"),
    make("battle", None, None),
    make("bid", 0, 1, None),
    make("withdraw", 1),
    make("bid", 2, 6, None),
    make("withdraw", 0),  # Cid: 2 Soviet cards, the game
]


def saved(path: pathlib.Path, actions: list = PLAY, gid: str = "g0007") -> pathlib.Path:
    return saved_game(path, actions, gid, 50)


def test_a_last_front_game_is_imported_listed_and_told_battle_by_battle(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    done = adjutant(archive, "import", str(saved(tmp_path / "front.json")))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "g0007 imported (Last Front, Cid won, battle 3, held 1-0-2)" in done.stdout, done.stdout
    row = json.loads(adjutant(archive, "games", "--json").stdout)[0]
    assert row["kind"] == "last-front" and row["winner"] == "Cid" and row["players"] == ["Ann", "Ben", "Cid"]
    assert row["held"] == {"Ann": ["american"], "Ben": [], "Cid": ["soviet", "soviet"]}
    table = adjutant(archive, "games").stdout.splitlines()
    assert table[0].split() == ["ID", "PLAYED", "GAME", "MODE", "RESULT"]  # as every game's
    assert table[1].split()[2:] == ["Last", "Front", "3", "players", "Cid", "won,", "battle", "3,", "held", "1-0-2"]
    told = adjutant(archive, "games", "g0007").stdout
    assert "players, dealer first: Ann, Ben, Cid; victory normal" in told
    assert "battle  2  american from deck   Ann wins at 4  bids: Cid 2; Ann 4" in told, told
    assert "Territory Bonuses: american Ann, british none, soviet Cid, german none" in told
    assert "result: Cid wins (normal victory)" in told
    assert "g0007" in adjutant(archive, "games", "--game", "last-front").stdout
    assert "g0007" not in adjutant(archive, "games", "--game", "the-war").stdout


def test_last_fronts_own_csv_and_json_give_each_battle(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "front.json")))
    plain = adjutant(archive, "export", "--format", "csv")  # the archive's one game: its own columns
    done = adjutant(archive, "export", "--format", "csv", "--game", "last-front")
    assert done.returncode == 0 and plain.stdout == done.stdout, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [(r["battle"], r["territory"], r["battle_winner"], r["winning_bid"]) for r in rows] == [
        ("1", "soviet", "Cid", "5"),
        ("2", "american", "Ann", "4"),
        ("3", "soviet", "Cid", "6"),
    ]
    assert rows[0]["withdrew"] == "Ben, Ann" and rows[0]["players"] == "Ann Ben Cid"
    # the game's winner in every row, the battle's beside it: Ann won battle 2, Cid the game
    assert [(r["winner"], r["battle_winner"]) for r in rows] == [("Cid", "Cid"), ("Cid", "Ann"), ("Cid", "Cid")]
    game = json.loads(adjutant(archive, "export", "--format", "json").stdout)[0]
    assert game["kind"] == "last-front" and game["bonus"]["soviet"] == "Cid" and len(game["battles"]) == 3
    assert game["log"][0]["a"] == "last-front"


def test_winning_the_battle_from_names_who_held_the_card_and_a_battle_being_fought_has_no_winning_bid(
    tmp_path: pathlib.Path,
) -> None:
    # Ann captures the American card, and as the battle's winner declares the next battle (Winning
    # the Battle): for Cid's captured Soviet card, not the one turned up; she bids 7.
    play = PLAY[:12] + [make("flip", "german"), make("battle", 2, "soviet"), make("bid", 0, 7, None)]
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "front.json", play)))
    rows = list(csv.DictReader(io.StringIO(adjutant(archive, "export", "--format", "csv").stdout)))
    last = rows[-1]
    assert (last["battle"], last["from"], last["declarer"], last["bids"]) == ("3", "Cid", "Ann", "Ann 7")
    assert last["winning_bid"] == "" and last["battle_winner"] == "" and last["over"] == "0"
    assert rows[1]["winning_bid"] == "4"  # a battle that has ended: its winning bid


def test_the_report_and_bg_stats_name_last_fronts_players_and_winner(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "games.sqlite3"
    adjutant(archive, "import", str(saved(tmp_path / "front.json")))
    report = adjutant(archive, "export", "--format", "md").stdout
    assert "## Last Front: g0007" in report and "- **Result:** Cid wins (normal victory)" in report
    assert "| 3 | soviet | deck | Ann | Ann 1; Cid 6 | Ben, Ann | Cid |" in report, report
    assert "| Cid | 1 | 1 | 0 | 0 | Last Front 1 |" in report and "| Ann | 1 | 0 | 0 | 1 | Last Front 1 |" in report
    page = adjutant(archive, "export", "--format", "html").stdout
    assert "<h2>Last Front: g0007</h2>" in page and "<td>Ann 1; Cid 6</td>" in page
    play = json.loads(adjutant(archive, "export", "--format", "bgstats-json").stdout)
    assert play["game"]["name"] == "Last Front" and play["game"]["noPoints"] is True
    assert [(p["name"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", False, True),
        ("Ben", False, False),
        ("Cid", True, False),
    ]
    assert play["comments"].startswith("Last Front: Cid won after 3 battles (normal victory), holding soviet, soviet.")


def test_last_front_victory_conditions_a_game_with_territory_types_removed_says_which_were_in_play(
    tmp_path: pathlib.Path,
) -> None:
    fewer = [make("last-front", ["Ann", "Ben"], "normal", False, ["american", "british"])]
    fewer += [make("flip", "british"), make("bid", 0, 3, None), make("withdraw", 1)]
    archive = tmp_path / "games.sqlite3"
    done = adjutant(archive, "import", str(saved(tmp_path / "front.json", fewer)))
    assert done.returncode == 0, done.stdout + done.stderr
    told = adjutant(archive, "games", "g0007").stdout
    assert "types in play: american, british" in told, told
    assert "Territory Bonuses: american none, british Ann" in told, told
    rows = list(csv.DictReader(io.StringIO(adjutant(archive, "export", "--format", "csv").stdout)))
    assert rows[0]["types"] == "american british"
    game = json.loads(adjutant(archive, "export", "--format", "json").stdout)[0]
    assert game["types"] == ["american", "british"] and game["log"][0]["types"] == ["american", "british"]
    assert "2 territory types" in adjutant(archive, "export", "--format", "md").stdout
