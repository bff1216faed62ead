"""Games in the archive are labelled as played: basic (1.2), a scenario by its name (1.5), solitaire (1.4)."""

from __future__ import annotations

from adjutant.export.tables import _game_cells
from adjutant.store import StoredGame

from shared_engine.game import Game


def _stored(game: Game) -> StoredGame:
    return StoredGame(
        "dev1",
        "g0001",
        "sha",
        game.log_text(),
        1,
        False,
        game.header[1],
        None,
        None,
        None,
        0,
        0,
        "2026-11-22T14:05:00+0100",
    )


def test_rule_1_5_a_scenario_is_shown_as_a_scenario_by_its_name_not_as_basic() -> None:
    g = _stored(Game.new("Scenario, 6 turns", 6, "EA"))
    assert g.kind == "scenario"
    assert g.mode == "scenario Scenario, 6 turns (6 turns, EA first)"
    assert _game_cells(g)[3] == g.mode  # the exports' mode column


def test_rule_1_2_the_basic_game_and_1_4_solitaire() -> None:
    assert _stored(Game.new()).mode == "basic"
    solo = Game.new("Solitaire", 10, "CP")
    solo.play_solo("EA")
    assert _stored(solo).kind == "solitaire" and _stored(solo).mode == "solitaire (EA)"
    assert _stored(Game.new("Basic game", 12, "CP")).kind == "scenario"  # 12 turns is not the basic game
