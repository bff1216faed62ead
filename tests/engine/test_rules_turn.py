"""The turn die and Defender This Turn: rules G.11, 7.20, and the phase order."""

from shared_engine.dice import d10_face
from shared_engine.great_war.game import Game
from shared_engine.great_war.phases import PHASES
from tests.engine.helpers import play_turn


def test_rule_g_11_turn_die_shows_turn_10_as_0():
    assert [d10_face(t) for t in range(1, 11)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    g = Game.new()
    for _ in range(9):
        play_turn(g, 1, 1, 0)
    assert g.state.turn == 10 and g.state_dict()["die"] == 0


def test_rule_7_20_defender_this_turn_flips_every_turn():
    g = Game.new()
    defenders = []
    for _ in range(10):
        defenders.append(g.state.defender)
        play_turn(g, 1, 1, 0)
    assert defenders == ["CP", "EA"] * 5


def test_rule_7_20_scenario_with_allied_first_defender_alternates_too():
    g = Game.new(turns=3, first="EA")
    seen = []
    for _ in range(3):
        seen.append((g.state.turn, g.state.defender, g.state.attacker))
        play_turn(g, 1, 1, 0)
    assert seen == [(1, "EA", "CP"), (2, "CP", "EA"), (3, "EA", "CP")]


def test_rule_7_7_to_7_20_phases_run_in_order():
    g = Game.new()
    seen = [g.state.phase]
    for _ in range(4):
        seen.append(g.next_phase())
    g.battle(3, 2)
    g.capture(0)
    for _ in range(3):
        seen.append(g.next_phase())
    assert seen == list(PHASES) + ["re"]
    assert g.state.turn == 2


def test_every_phase_has_a_title_and_a_rule():
    from shared_engine.great_war.guidance import RULES, TITLES
    from shared_engine.great_war.phases import OVER, SCORE

    for phase in PHASES + (SCORE, OVER):
        assert TITLES[phase] and RULES[phase]
