"""New game and scenarios: rules 1.2, 1.5, 2.7, 2.8, 3.1."""

from shared_engine.great_war.game import Game
from tests.engine.helpers import play_turn, raises


def test_rule_1_2_2_7_2_8_basic_game_setup():
    state = Game.new().state_dict()
    assert state["turns"] == 10  # 3.1
    assert state["first"] == "CP" and state["defender"] == "CP"  # 2.7
    assert state["attacker"] == "EA"
    assert state["turn"] == 1 and state["die"] == 1  # 2.8
    assert state["captured"] == {"CP": 0, "EA": 0}
    assert state["phase"] == "re"
    assert state["end"] is None


def test_rule_1_5_scenario_sets_turns_first_defender_and_name():
    g = Game.new(name="Verdun 1916", turns=6, first="EA")
    state = g.state_dict()
    assert (state["name"], state["turns"], state["defender"]) == ("Verdun 1916", 6, "EA")
    assert g.records()[0] == {"v": 1, "a": "new", "name": "Verdun 1916", "turns": 6, "first": "EA"}


def test_rule_1_5_scenario_settings_are_checked():
    raises(Game.new, "x", 0, "CP", contains="'turns' must be a whole number 1-40")
    raises(Game.new, "x", 41, "CP", contains="1-40")
    raises(Game.new, "x", 10, "Allies", contains="'first' must be CP or EA")
    raises(Game.new, "", 10, "CP", contains="'name' must be text")


def test_rule_3_1_game_ends_after_the_last_turn():
    g = Game.new(turns=2)
    play_turn(g, 5, 3, 4)
    assert g.state.phase == "re" and g.state.turn == 2
    play_turn(g, 2, 9, 6)
    state = g.state_dict()
    assert state["phase"] == "score"
    assert state["end"]["reason"] == "turns"
    assert state["turn"] == 2  # the die is not advanced past the last turn
