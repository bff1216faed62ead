"""The Random Event phase: rules 7.7 and G.11."""

from shared_engine.great_war.game import Game
from tests.engine.helpers import bytes_from, play_turn, raises, sample_cards


def test_rule_7_7_re_roll_is_a_logged_d6():
    g = Game.new()
    face = g.roll_re(bytes_from([17]))
    assert face == 17 % 6 + 1 == 6
    assert g.records()[-1] == {"v": 1, "a": "roll", "die": 6, "n": 6, "for": "re"}
    assert g.state_dict()["track"][0]["rolls"] == [6]


def test_rule_7_7_replay_uses_the_logged_roll_not_a_new_one():
    g = Game.new()
    g.roll_re(bytes_from([3]))
    again = Game.from_lines(g.log_text())  # no byte source at all
    assert again.state_json() == g.state_json()


def test_rule_7_7_re_card_is_recorded_and_read_from_card_data():
    g = Game.new(cards=sample_cards())
    g.draw_re("re-mud")
    face = g.roll_re(bytes_from([4]))  # 4 % 6 + 1 = 5
    assert face == 5
    assert g.re_result(face) == "Both -2 BP"
    assert g.state_dict()["track"][0]["re"] == "re-mud"


def test_rule_7_7_re_works_without_card_data():
    g = Game.new()
    g.draw_re("re-17")
    assert g.re_result(3) is None
    assert g.state_dict()["track"][0]["re"] == "re-17"


def test_rule_7_7_re_cancelled_by_a_bonus_or_joker():
    g = Game.new()
    g.draw_re("re-9")
    g.cancel_re("EA", "joker", "w-lawrence")
    assert g.state_dict()["track"][0]["cancel"] == {"side": "EA", "by": "joker", "card": "w-lawrence"}
    raises(g.cancel_re, "CP", "bonus", contains="already cancelled")
    raises(Game.new().cancel_re, "CP", "event", contains="must be bonus or joker")


def test_rule_7_7_re_only_in_the_random_event_phase():
    g = Game.new()
    g.next_phase()
    raises(g.draw_re, "re-1", contains="not allowed in cr1 of turn 1")
    raises(g.roll_re, bytes_from([1]), contains="not allowed")


def test_rule_7_7_one_re_card_per_turn():
    g = Game.new()
    g.draw_re("re-1")
    raises(g.draw_re, "re-2", contains="already has Random Event re-1")
    play_turn(g, 1, 1, 0)
    g.draw_re("re-2")  # a new turn draws a new one
    assert [t["re"] for t in g.state_dict()["track"]] == ["re-1", "re-2"]


def test_rule_g_11_random_event_die_is_a_d6():
    g = Game.new()
    raises(g.do, "roll", 10, 7, "re", contains="d6 (G.11)")
    raises(g.do, "roll", 6, 7, "re", contains="'n' must be 1-6")


def test_rule_7_7_a_cancelled_random_event_gets_no_d6():
    g = Game.new()
    g.cancel_re("CP", "bonus")
    raises(g.roll_re, bytes_from([1]), contains="cancelled (7.7)")
    g.undo()
    g.roll_re(bytes_from([1]))  # once the cancel is undone, the d6 may be rolled


def test_rule_7_7_the_cancel_comes_before_the_d6():
    g = Game.new()
    g.roll_re(bytes_from([2]))
    raises(g.cancel_re, "EA", "joker", contains="before its d6 (7.7)")
