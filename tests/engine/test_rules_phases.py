"""Phase guidance reminders: rules 7.7, 7.10, 7.11, 7.13, 7.15, 7.19, 7.20, 8.1."""

from shared_engine.game import Game
from tests.engine.helpers import play_turn, raises, to_phase


def rules_of(game):
    return [rule for rule, _ in game.reminders()]


def test_rule_7_11_attack_card_duty_is_reminded_at_start_of_turn():
    g = Game.new()
    assert rules_of(g) == ["7.7", "7.11"]


def test_rule_7_10_attacker_reminded_until_an_attack_card_is_marked():
    g = Game.new()
    to_phase(g, "cr1")
    assert "7.10" in rules_of(g)
    g.next_phase()
    texts = dict(g.reminders())
    assert "MUST" in texts["7.10"]  # the last chance is round 2
    g.attack_played()
    assert "7.10" not in rules_of(g)


def test_rule_7_10_attack_is_marked_once_and_only_in_combat_rounds():
    g = Game.new()
    raises(g.attack_played, contains="not allowed in re")
    to_phase(g, "cr2")
    g.attack_played()
    raises(g.attack_played, contains="already marked")


def test_rule_7_13_bonus_phase_reminder():
    g = Game.new()
    to_phase(g, "bonus")
    assert rules_of(g) == ["7.13"]


def test_rule_7_15_winner_keeps_a_card_reminder_after_resolution():
    g = Game.new()
    to_phase(g, "battle")
    assert rules_of(g) == ["7.14"]
    g.battle(5, 4)
    assert rules_of(g) == ["7.18", "7.15"]


def draw_phase_rules(game):
    to_phase(game, "battle")
    game.battle(1, 1)
    game.capture(0)
    to_phase(game, "draw")
    return rules_of(game)


def test_rule_8_1_reshuffle_reminder_at_end_of_turn_5():
    g = Game.new()
    seen = []
    for _ in range(6):
        seen.append((g.state.turn, draw_phase_rules(g)))
        to_phase(g, "flip")
        g.next_phase()
    assert seen == [(1, ["7.19"]), (2, ["7.19"]), (3, ["7.19"]), (4, ["7.19"]), (5, ["8.1"]), (6, ["7.19"])]


def test_rule_8_1_no_reshuffle_when_the_game_ends_at_turn_5():
    g = Game.new(turns=5)
    for _ in range(4):
        play_turn(g, 1, 1, 0)
    assert draw_phase_rules(g) == ["7.19"]
    g.next_phase()
    assert rules_of(g) == ["3.1"]


def test_rule_7_20_flip_reminder_names_the_next_defender_and_die():
    g = Game.new()
    to_phase(g, "battle")
    g.battle(1, 1)
    g.capture(0)
    to_phase(g, "flip")
    assert g.reminders() == [("7.20", "Flip DTT to Entente Allies; turn die to 2")]


def test_rule_7_19_draw_reminder_gives_the_draw_counts():
    g = Game.new()
    assert draw_phase_rules(g) == ["7.19"]
    text = dict(g.reminders())["7.19"]
    assert "1 Bonus, 2 Neutral, 2 Nationality" in text and "discard 2" in text
