"""Games in the archive are labelled as played: basic (1.2), a scenario by its name (1.5), solitaire (1.4)."""

from __future__ import annotations

from adjutant.export.tables import common
from adjutant.games.desks import of
from adjutant.stored import StoredGame

from shared_engine.great_war.game import Game


def _stored(game: Game) -> StoredGame:
    return StoredGame(
        "dev1", "g0001", "sha", game.log_text(), 1, False, game.header[1], None, "2026-11-22T14:05:00+0100"
    )


def test_rule_1_5_a_scenario_is_shown_as_a_scenario_by_its_name_not_as_basic() -> None:
    g = _stored(Game.new("Scenario, 6 turns", 6, "EA"))
    desk = of(g)
    assert desk.variant(g) == "scenario"
    assert desk.mode(g) == "scenario Scenario, 6 turns (6 turns, EA first)"
    assert common(g)["mode"] == desk.mode(g) and common(g)["kind"] == "scenario"  # the exports' columns
    assert desk.row(g)[0] == "scenario"  # the games list's MODE


def test_rule_1_2_the_basic_game_and_1_4_solitaire() -> None:
    basic = _stored(Game.new())
    assert of(basic).mode(basic) == "basic"
    solo = Game.new("Solitaire", 10, "CP")
    solo.play_solo("EA")
    g = _stored(solo)
    assert of(g).variant(g) == "solitaire" and of(g).mode(g) == "solitaire (EA)" and of(g).row(g)[0] == "solo EA"
    twelve = _stored(Game.new("Basic game", 12, "CP"))
    assert of(twelve).variant(twelve) == "scenario"  # 12 turns is not the basic game
