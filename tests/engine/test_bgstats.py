"""The BG Stats plays (shared_engine/bgstats.py, and each game's bgstats module), the same on
CPython and MicroPython: the page and the CLI both take them from here.

The Great War 3.5 (the higher total wins: highestWins), 2.1/7.2 (the Defender of turn 1 plays
first: startPlayer) and the solitaire AI's side; The War's seats and its win without points;
Last Front's players by name, the dealer first (Game Play).
"""

from shared_engine import bgstats
from shared_engine.great_war import bgstats as great_war
from shared_engine.great_war.game import Game
from shared_engine.last_front import bgstats as last_front
from shared_engine.last_front.actions import make as front
from shared_engine.last_front.core import LastFrontCore
from shared_engine.the_war import bgstats as the_war
from shared_engine.the_war.actions import make as war
from shared_engine.the_war.core import WarCore

WHEN = bgstats.played("2026-11-22 14:05 (UTC+01:00)", 95)


class _Ended:
    """The Great War's state at its end, as the engine gives it (3.2-3.5)."""

    def __init__(self, totals, winner, margin, level, solo=None, first="CP", name="Basic game"):
        self.result = (totals, winner, margin, level)
        self.solo, self.first, self.name = solo, first, name


def _play(state, named=None, bgg_id=None):
    return great_war.play(state, "dev/g0001", "2026-11-22 14:05:00", WHEN, "g0001", named, 95, bgg_id)


def test_rule_3_5_the_higher_total_wins_and_2_1_the_first_defender_plays_first():
    play = _play(_Ended({"CP": 43, "EA": 55}, "EA", 12, "Moral"))
    assert play["game"]["highestWins"] is True and play["game"]["noPoints"] is False
    cp, ea = play["players"]
    assert (cp["role"], cp["score"], cp["winner"], cp["startPlayer"]) == ("Central Powers", 43, False, True)
    assert (ea["role"], ea["score"], ea["winner"], ea["startPlayer"]) == ("Entente Allies", 55, True, False)
    assert (
        play["comments"]
        == "Basic game: EA by 12 BP, Moral. Played 2026-11-22 14:05 (UTC+01:00), 95 min (Adjutant g0001)"
    )
    assert play["durationMin"] == 95 and "bggId" not in play["game"]


def test_rule_2_7_a_scenario_whose_first_defender_is_ea_has_ea_play_first():
    play = _play(_Ended({"CP": 20, "EA": 9}, "CP", 11, "Moral", first="EA", name="Verdun"))
    assert [p["startPlayer"] for p in play["players"]] == [False, True]
    assert play["comments"].startswith("Verdun: CP by 11 BP, Moral.")


def test_a_draw_names_no_winner_and_a_bgg_id_is_only_the_one_given():
    play = _play(_Ended({"CP": 30, "EA": 34}, None, 4, "Draw"), bgg_id=1234)
    assert [p["winner"] for p in play["players"]] == [False, False]
    assert play["game"]["bggId"] == 1234
    assert play["comments"].startswith("Basic game: Draw.")


def test_a_game_without_a_result_makes_no_play():
    assert great_war.play(Game.new().state, "dev/g0001", "2026-11-22 14:05:00", WHEN, "g0001") is None


def test_solitaire_names_the_ai_side_and_marks_the_play_solo():
    play = _play(_Ended({"CP": 30, "EA": 12}, "CP", 18, "Moral", solo="EA"), named={"EA": "Anna"})
    assert play["solo"] is True
    assert [p["name"] for p in play["players"]] == ["AI (Solitaire 3.3)", "Anna"]
    assert play["players"][1]["sourcePlayerId"] == "adjutant-anna"
    assert play["players"][0]["sourcePlayerId"] == "adjutant-ai-solitaire-3-3"


def test_the_war_winning_and_losing_the_player_who_cannot_draw_2_loses_and_there_are_no_points():
    game = WarCore(war("the-war", 20, "P2"))
    game.apply(war("start"))
    game.apply(war("attack", "P2", 13, None))  # P1's deck down to 1 (20 less a hand of 7, less 12)
    assert the_war.play(game.state, "d/g2", "2026-11-22 15:00:00", WHEN, "g2") is None  # not over
    game.apply(war("end"))  # P1 cannot draw 2: P2 wins
    play = the_war.play(game.state, "d/g2", "2026-11-22 15:00:00", WHEN, "g2", {"P1": "Ben"})
    assert play["game"]["noPoints"] is True and "role" not in play["players"][0]
    assert [(p["name"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ben", False, False),
        ("Player 2", True, True),
    ]
    assert play["players"][1]["sourcePlayerId"] == "adjutant-side-P2"  # nobody named: the seat
    assert play["comments"].startswith("The War: P2 won in round 1, P1 could not draw 2; decks left P1 0, P2 ")


def test_last_front_game_play_the_dealer_goes_first_and_the_players_are_named_by_the_game():
    game = LastFrontCore(front("last-front", ["Cid", "Ann", "Ben"], "normal", False))
    assert last_front.play(game.state, "d/g3", "2026-11-22 16:00:00", WHEN, "g3") is None
    for kind, step in (("flip", ("soviet",)), ("bid", (0, 2, None)), ("bid", (1, 3, None))):
        game.apply(front(kind, *step))
    game.apply(front("withdraw", 2))
    game.apply(front("withdraw", 0))  # Ann captures the Soviet territory and declares the next battle
    game.apply(front("flip", "soviet"))
    game.apply(front("battle", None, None))  # for the card turned up
    for kind, step in (("bid", (1, 2, None)), ("withdraw", (2,)), ("withdraw", (0,))):
        game.apply(front(kind, *step))
    assert game.state.phase == "over"  # 2 of the same territory type: the normal victory
    play = last_front.play(game.state, "d/g3", "2026-11-22 16:00:00", WHEN, "g3")
    assert [p["name"] for p in play["players"]] == ["Cid", "Ann", "Ben"]  # in seat order from the dealer
    assert [p["startPlayer"] for p in play["players"]] == [True, False, False]  # the dealer
    assert [p["winner"] for p in play["players"]] == [False, True, False]
    assert play["comments"].startswith("Last Front: Ann won after 2 battles (normal victory), holding soviet, soviet.")


def test_minutes_round_half_up_and_are_at_least_one():
    assert bgstats.minutes(0, 10) == 1
    assert bgstats.minutes(0, 89) == 1
    assert bgstats.minutes(0, 90) == 2
    assert bgstats.minutes(0, 150) == 3


def test_the_link_percent_encodes_utf8_as_urllib_does():
    assert bgstats.quote("a b/é~") == "a%20b%2F%C3%A9~"
    link = bgstats.link(_play(_Ended({"CP": 43, "EA": 55}, "EA", 12, "Moral"), named={"CP": "Zoë"}))
    assert link.startswith(bgstats.CREATE_PLAY + "%7B")
    assert "Zo%C3%AB" in link and " " not in link
